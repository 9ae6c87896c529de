"""One occasion of what happens regularly: "Next Monday's standup is cancelled for the offsite"
against "Team standup is every weekday at 10:00 on Zoom" says nothing about the schedule, which
goes on after that Monday. Read as an update, it would close the schedule; it is a memory of its
own, kept beside it. A change said for good ("the standup moves to Tuesdays from now on") still
changes the schedule.
"""

from __future__ import annotations

import re

from ..lexicon import ONE_OFF
from .labeler import Known, Verdict
from .reading import Analysis, analyze

_DAY = r"(?:mon|tues?|wednes|thu(?:rs)?|fri|satur|sun)day"
# What happens again and again: "every weekday", "each month", "on Mondays", "weekly"
_RECURS = re.compile(
    rf"(?<!\w)(?:every|each|daily|weekly|fortnightly|monthly|yearly|annually|nightly|"
    rf"weekdays|weekends|{_DAY}s|every\s+other|twice\s+a|once\s+a|three\s+times\s+a|"
    r"jeden|jede|jeweils|cada|chaque|tous\s+les|toutes\s+les|ogni|todos\s+os|todas\s+as)(?!\w)"
)
# One day of it: "next Monday's", "this Friday", "on the 10th", "on 12 December", "tomorrow"
_ONE_DAY = re.compile(
    rf"(?<!\w)(?:(?:next|this|coming|last)\s+(?:{_DAY}|week)(?:['\u2019]s)?|{_DAY}['\u2019]s|"
    r"on\s+the\s+\d{1,2}(?:st|nd|rd|th)|on\s+\d{1,2}(?:st|nd|rd|th)?\s+[a-z]{3,9}|"
    r"on\s+[a-z]{3,9}\s+\d{1,2}(?:st|nd|rd|th)?)(?!\w)"
)
# Said for good: the schedule itself changes
_FOR_GOOD = re.compile(
    r"(?<!\w)(?:from\s+now\s+on|going\s+forward|moving\s+forward|from\s+then\s+on|for\s+good|"
    r"permanently|anymore|any\s+more|no\s+longer|starting|beginning|effective|as\s+of|"
    r"from\s+(?:next|this|tomorrow|today|tonight|then|on)|henceforth|since|"
    # an end of it all: "Leo quit swimming today"
    r"quit|quits|stopped|stops|gave\s+up|given\s+up|dropped\s+out|left|ended|retired|sold|"
    r"fired|let\s+(?:\w+\s+){0,3}go|"
    r"until\s+further\s+notice)(?!\w)"
)


def one_occasion(new: Analysis, old: Analysis) -> bool:
    """Does `new` speak of one occasion of what `old` says happens regularly, and not of the
    schedule itself?"""
    if not _RECURS.search(old.folded) or _RECURS.search(new.folded):
        return False
    if _FOR_GOOD.search(new.folded) or "raised" in dict(new.poles):
        return False  # "doc upped my sertraline to 100mg last week": the amount, for good
    day = _ONE_DAY.search(new.folded)
    if day and new.update and day.group().startswith("last"):
        return False  # "changed my sertraline to 100mg last Monday": changed that day, for good
    if ONE_OFF.search(new.folded):
        return True
    # "goes out on the 15th now, not the 1st" over "… on the 1st of each month": the day of the
    # month it recurs on is another, or the one on file is said not to be so
    slot = {v for v in old.values if v.startswith("d:")}
    if day and day.group().startswith("on") and slot and (new.rejected & slot or new.update_weak):
        return False
    return day is not None


def beside_a_schedule(verdict: Verdict, text: str, known: list[Known]) -> Verdict:
    """The labeler's verdict, but "new" (kept beside, not closing) for an update that speaks
    of one occasion of a fact on file that happens again and again."""
    if verdict.label != "update" or verdict.target is None:
        return verdict
    old = next((k for k in known if k.key == verdict.target), None)
    if old is None or old.rule or not one_occasion(analyze(text), old.info):
        return verdict
    why = f"speaks of one occasion of what {old.key} says happens again and again; kept beside it"
    return Verdict("new", why, None, verdict.scores)
