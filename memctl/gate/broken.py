"""A rule broken in other words: what the semantic path finds that the rule's words do not.

The words tie a text to a rule when they share its act or its thing (rulecheck.py). A text can
break a rule in words of its own ("gave the children chocolate biscuits" for "No sugary snacks
for the kids before dinner"). With the `semantic` extra, a rule the text is close to in
meaning, read on the other side of it (the rule forbids, the text does; the rule asks, the text
does without), is broken when the text reports it done, plans it or allows it. A statement
about the rule's subject ("the back door has a new lock") does none of these; an order on the
other side may say the rule again ("always bolt the back door" for "never leave it unlocked");
a value or a bound is placed by the words, which read its side. Closeness alone never retires
a rule: the text is a clash, kept beside the rule, and the gate names the command that makes
it the rule instead.
"""

from __future__ import annotations

import re

from ..lexicon import PAST_FORMS
from .bounds import PERMISSION, week_days
from .excepted import base
from .reading import Analysis

RULE_MEANING = 0.5  # a text this close in meaning to a rule, on its other side, breaks it

# A sentence that opens with a verb in the past, after a word of small talk ("merged the PR",
# "so went ahead and paid", "fyi sent it"): a thing reported done. The past forms no suffix
# reaches are the lexicon's (PAST_FORMS), and a few it does not map to their verb
_DONE = re.compile(
    r"(?:^|[.!?;]\s+)(?:(?:so|ok|okay|fyi|btw|just|also|and|then|already)\W+)*(?:\w{3,}ed|"
    + "|".join(sorted(PAST_FORMS))
    + r"|bought|put|let|left|drank|lent|lost|said|stood|swam|threw|won)(?!\w)"
)

# The two sides of a bound: a text that names the side a rule does not ("sweets after dinner"
# for "no sweets before dinner") is on the side it allows, which closeness cannot tell
_SIDES = (
    ("before", "after"),
    ("over", "under"),
    ("above", "below"),
    ("more than", "less than"),
    ("at least", "at most"),
)


def breaks_in_meaning(new: Analysis, rule: Analysis, meaning: float | None) -> bool:
    """Is the text, close in meaning to the rule and on its other side, a report of the act
    done, a plan of it or a permission, not a question, a maybe, an order or a statement?"""
    if (meaning or 0.0) < RULE_MEANING or "?" in new.text or new.hedged:
        return False
    ruled = base(rule)
    if new.polarity == ruled.polarity:
        return False  # "we never ship on Fridays" for "no deploys on Fridays": it agrees
    if any(
        _names(ruled, one) and _names(new, other)
        for pair in _SIDES
        for one, other in (pair, pair[::-1])
    ):
        return False
    kinds = {v.partition(":")[0] for v in ruled.values | week_days(ruled)}
    if any(v.partition(":")[0] in kinds for v in new.values | week_days(new)):
        return False  # 14:00 for "before 10am", Monday for "weekends": the words read its side
    permits = any(name == "allowed" for name, _ in new.poles) or PERMISSION.search(new.folded)
    if new.normative and not permits:
        return False  # "always bolt the back door" for "never leave it unlocked": it may agree
    acting = permits or bool(new.person & {"first", "second"})
    return bool(acting) or _reports_done(new, rule)


def _reports_done(new: Analysis, rule: Analysis) -> bool:
    """Does a sentence of the text open with an act done, in a word the rule does not write
    the same way? The rule's own "shared" ("the shared Dropbox") opens "Shared Dropbox holds the
    team's invoices" as a word of the thing, not of an act; "Deleted the old folders" is one."""
    written = set(rule.folded.split())
    return any(m.group().split()[-1] not in written for m in _DONE.finditer(new.folded))


def _names(said: Analysis, bound: str) -> bool:
    words = r"\s+".join(bound.split())
    return re.search(rf"(?<!\w){words}(?!\w)", said.folded) is not None
