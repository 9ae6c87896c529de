"""A rule given another value in place of one it sets, said as the user's rule: "ok new rule:
wednesday evenings are the ones to keep clear now, not tuesdays" for "Never book anything for me
on Tuesday evenings". The text gives up a value the rule sets ("not tuesdays", "instead of
Tuesdays", "rather than in English") and gives one of its kind; it speaks of the rule though it
shares no word with it, when it states a norm or says it is a rule. The rule is then the rule's
own words with the new value in place of the old: "Never book anything for me on Wednesday
evenings". Said of something else ("band practice is on wednesdays now, not tuesdays") it is no
norm, and no rule changes.
"""

from __future__ import annotations

import re

from .bounds import week_days
from .reading import KIND_NAMES, Analysis, analyze
from .rulecheck import for_good
from .stated import announced

_WORD = re.compile(r"[^\W\d_]+")


def swapped(new: Analysis, rule: Analysis, *, norm: bool = False) -> tuple[str, str] | None:
    """(the value of the rule the text gives up, the one it gives in its place), when it gives
    up one the rule sets and one other of that kind, and states a norm or announces a rule
    (`norm`: the gate read it so already, the words that announce it left out since)."""
    if not (norm or new.normative or announced(new.text)):
        return None
    held = rule.values | week_days(rule)
    gone = {v for word in new.rejected for v in analyze(word).values} & held
    if len(gone) != 1:
        return None
    was = next(iter(gone))
    kind = was.partition(":")[0] + ":"
    given = {v for v in new.values if v.startswith(kind)} - held
    return (was, next(iter(given))) if len(given) == 1 else None


def other_value_for(new: Analysis, rule: Analysis) -> tuple[str, bool] | None:
    """(why the text changes the rule, whether it says so for good), or None."""
    pair = swapped(new, rule)
    if pair is None:
        return None
    what = KIND_NAMES.get(pair[0].partition(":")[0], "value")
    return f"another {what} in place of the one the rule sets", for_good(new, rule)


def with_value_swapped(rule_text: str, new: Analysis, rule: Analysis) -> str | None:
    """The rule in its own words with the text's value in place of the one it gives up
    ("Tuesday evenings" → "Wednesday evenings"), or None when the rule does not write it in one
    word."""
    pair = swapped(new, rule, norm=True)
    if pair is None:
        return None
    was, now = pair
    spots = [m for m in _WORD.finditer(rule_text) if was in analyze(m[0]).values]
    said = [m[0] for m in _WORD.finditer(new.text) if now in analyze(m[0]).values]
    if len(spots) != 1 or not said:
        return None
    m, word = spots[0], said[0].casefold()
    if m[0].endswith("s") and not word.endswith("s"):
        word += "s"  # "Tuesdays" → "Wednesdays"
    elif word.endswith("s") and not m[0].endswith("s") and now in analyze(word[:-1]).values:
        word = word[:-1]
    if m[0][0].isupper():
        word = word[0].upper() + word[1:]
    return f"{rule_text[: m.start()]}{word}{rule_text[m.end() :]}"
