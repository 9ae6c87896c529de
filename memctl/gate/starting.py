"""The day a change says it starts: "bumped my rate to 700 EUR a day starting January".

An update said to start later is not true yet: the new entry holds `from:` that day and the old
one closes that day, so `memctl asof` still answers the old value until then. Only a phrase that
says a start ("starting", "from", "as of", "effective", "beginning") before a day is read, and
only a day after today counts (a start today or past is what an update says anyway).
"""

from __future__ import annotations

import datetime as dt
import re

from ..language.cues import MONTH_WORDS, WEEKDAY_WORDS
from ..words import fold

_START = (
    r"(?<!\w)(?P<lead>starting(?:\s+(?:on|in|from))?|from|as\s+of|effective(?:\s+from)?"
    r"|beginning)"
)
_PHRASE = re.compile(
    _START
    + r"\s+(?:(?P<iso>\d{4}-\d{2}-\d{2})"
    + r"|(?P<rel>tomorrow|next\s+(?:week|month|year))"
    + r"|(?:the\s+)?(?P<day1>\d{1,2})(?:st|nd|rd|th)?(?:\s+of)?\s+(?P<month1>[a-z]+)"
    + r"|(?:(?:the\s+)?(?:next|this|coming)\s+)?(?P<weekday>[a-z]+day)"  # not "next" as a month
    + r"|(?P<month2>[a-z]+)(?:\s+(?P<day2>\d{1,2})(?:st|nd|rd|th)?)?)(?!\w)"
    + r"(?!\s*(?:to|until|till|through|-)\b)"  # "from Tuesday to Thursday": a span, no start
)
# "moved from Tuesday": what it was, not when the change starts
_MOVED = frozenset(
    "moved moving moves changed switched pushed shifted rescheduled postponed brought went go "
    "goes gone".split()
)


def starts_on(text: str, today: dt.date) -> dt.date | None:
    """The day after today that `text` says a change starts on, or None."""
    folded = fold(text)
    for m in _PHRASE.finditer(folded):
        before = folded[max(0, m.start() - 24) : m.start()].split()
        if m["lead"] == "from" and before and before[-1] in _MOVED:
            continue
        day = _day(m, today)
        if day is not None and day > today:
            return day
    return None


def _day(m: re.Match[str], today: dt.date) -> dt.date | None:
    if m["iso"]:
        try:
            return dt.date.fromisoformat(m["iso"])
        except ValueError:
            return None
    if m["rel"]:
        rel = m["rel"].split()[-1]
        if rel == "tomorrow":
            return today + dt.timedelta(days=1)
        if rel == "week":
            return today + dt.timedelta(days=7 - today.weekday())
        if rel == "month":
            return _month_start(today, today.month % 12 + 1)
        return dt.date(today.year + 1, 1, 1)
    name = m["month1"] or m["month2"]
    if m["month2"] in WEEKDAY_WORDS and not m["day2"]:  # "starting Monday"
        name, weekday = None, m["month2"]
    else:
        weekday = m["weekday"]
    if name is not None and name in MONTH_WORDS:
        month = int(MONTH_WORDS[name])
        given = m["day1"] or m["day2"]
        if given is None:
            return _month_start(today, month)
        return _next_date(today, month, int(given))
    if weekday and weekday in WEEKDAY_WORDS:
        ahead = (int(WEEKDAY_WORDS[weekday]) - 1 - today.weekday()) % 7
        return today + dt.timedelta(days=ahead or 7)
    return None


def _month_start(today: dt.date, month: int) -> dt.date:
    """The first day of the next `month` to come (this year's when it is still ahead)."""
    year = today.year if month > today.month else today.year + 1
    return dt.date(year, month, 1)


def _next_date(today: dt.date, month: int, day: int) -> dt.date | None:
    for year in (today.year, today.year + 1):
        try:
            date = dt.date(year, month, day)
        except ValueError:
            return None
        if date > today:
            return date
    return None
