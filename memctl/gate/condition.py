"""A rule's act allowed once something holds, reported done once it held: no breach.

"Never merge a PR unless CI is green", "Don't send the invoice until the client signs the
contract", "No deploys without a review", "Never publish before legal signs off", "Only pay the
builder after the inspection": each forbids the act until a condition is met. "Merged the hotfix
PR once CI went green" does what the rule allows: the text says the condition again in a clause
that says it held when the act was done (once, after, when, as soon as, now that), every word of
it, not negated. "Merged it before CI went green", "… when CI was still red" and "… though the
tests failed" do not say it held.
"""

from __future__ import annotations

import re

from ..lexicon import BARE_VERBS, LIGHT
from .reading import Analysis, analyze

# What a rule waits for: "unless CI is green", "until the client signs", or after "only": "only
# … after the inspection" (each read to a bounded length: a run of "until until …" is not read
# to its end from each of its words)
_WAITS = re.compile(r"(?<!\w)(?:unless|until|till|without)\s+([^.;!?]{1,80})")
_BEFORE = re.compile(r"(?<!\w)before\s+([^.;!?]{1,80})")  # of a prohibition: "never … before"
_ONLY_AFTER = re.compile(
    r"(?<!\w)only(?!\w)[^.;!?]{0,60}?(?<!\w)(?:after|once|when|if)\s+([^.;!?]{1,80})"
)
# The clause a report says held when the act was done: "once CI went green"
_HELD = re.compile(r"(?<!\w)(?:once|after|when|as\s+soon\s+as|now\s+that)\s+([^.;!?,]{1,80})")
# The clause a report says the act came ahead of: "before the inspection", "without a review"
_AHEAD = re.compile(r"(?<!\w)(?:before|without|ahead\s+of|prior\s+to)\s+([^.;!?,]{1,80})")
_AGAINST = re.compile(r"(?<!\w)(?:before|without|though|although|despite|still|yet)(?!\w)")


def met(new: Analysis, rule: Analysis) -> bool:
    """Does the text report the rule's act done once what the rule waits for held?"""
    asked = _waits_for(rule)
    for held in _HELD.finditer(new.folded) if asked else ():
        said = analyze(held[1])
        if asked <= said.words and not said.polarity and not _AGAINST.search(held[1]):
            return True
    return False


def done_before(new: Analysis, rule: Analysis) -> bool:
    """Does the text report the rule's act done before what the rule waits for held ("paid the
    builder before the inspection" for "only pay the builder after the inspection")? The same
    words with "before" for the rule's "after" are a breach to report, never a repeat."""
    asked = _waits_for(rule)
    if not asked or not new.words & rule.words - asked:
        return False  # the act itself is named too, not only what it waits for
    for ahead in _AHEAD.finditer(new.folded):
        if asked <= analyze(ahead[1]).words:
            return True
    return False


def _waits_for(rule: Analysis) -> frozenset[str]:
    """The content words of what the rule waits for ("ci", "green"), none when it waits for
    nothing or for a thing said with a "not"."""
    m = _WAITS.search(rule.folded) or _ONLY_AFTER.search(rule.folded)
    m = m or (_BEFORE.search(rule.folded) if rule.polarity else None)
    if m is None:
        return frozenset()
    waits = analyze(m[1])
    return frozenset() if waits.polarity else frozenset(waits.words - LIGHT - BARE_VERBS)
