"""The date a move to another weekday means: "the dentist moved to Thursday" over "… on
Wednesday 9 December" is Thursday 10 December, written out so the new line says when.

The day is the one nearest the old date in the direction the text says ("pushed back to
Monday": the Monday after; "brought forward to Monday": the one before), or else the one in the
same week, Monday to Sunday. The old date's year is the one written, or else the one that puts
it nearest today; a date whose weekday does not match the one written beside it is left as it
was.
"""

from __future__ import annotations

import datetime as dt
import re

from .reading import Analysis

_LATER = re.compile(
    r"\b(?:later|pushed\s+(?:it\s+)?back|put\s+(?:it\s+)?back|postponed|delayed|moved\s+back)\b"
)
_EARLIER = re.compile(r"\b(?:earlier|brought\s+(?:it\s+)?forward|moved\s+up|pulled\s+forward)\b")
_MONTHS = (
    "January February March April May June July August September October November December"
).split()
_DAYS = "Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split()
_MONTH_FIRST = re.compile(
    r"(?i)\b(?:" + "|".join(m[:3] for m in _MONTHS) + r")[a-z]*\.?\s+\d{1,2}(?!\d|[:.]\d)"
)


def _one(values: frozenset[str], kind: str) -> int | None:
    found = [int(v.split(":")[1]) for v in values if v.startswith(f"{kind}:")]
    return found[0] if len(found) == 1 else None


def _year(day: int, month: int, today: dt.date) -> dt.date | None:
    dates = []
    for year in (today.year - 1, today.year, today.year + 1):
        try:
            dates.append(dt.date(year, month, day))
        except ValueError:
            continue
    return min(dates, key=lambda d: abs((d - today).days)) if dates else None


def moved_to(phrase: str, part: Analysis, new: Analysis, today: dt.date | None) -> str | None:
    """The old date phrase ("on Wednesday 9 December") as the date the new text's weekday
    means ("on Thursday 10 December"); None when the new text gives no lone weekday, or gives
    a day of the month, or the phrase holds no date."""
    weekday = _one(new.values, "wd")
    shift = shifted(new) if weekday is None else None
    if today is None or weekday is shift is None or any(v.startswith("d:") for v in new.values):
        return None
    day, month = _one(part.values, "d"), _one(part.values, "mo")
    if day is None or month is None:
        return None
    year = _one(part.values, "y")
    was = _year(day, month, today if year is None else dt.date(year, 7, 1))
    if was is None or _one(part.values, "wd") not in (None, was.isoweekday()):
        return None
    if shift is not None:
        step = shift
    elif weekday is None:
        return None
    elif _LATER.search(new.folded):
        step = (weekday - was.isoweekday()) % 7 or 7
    elif _EARLIER.search(new.folded):
        step = -((was.isoweekday() - weekday) % 7 or 7)
    else:
        step = weekday - was.isoweekday()
    date = was + dt.timedelta(days=step)
    said = f"{_MONTHS[date.month - 1]} {date.day}"
    if not _MONTH_FIRST.search(phrase):
        said = f"{date.day} {_MONTHS[date.month - 1]}"
    if year is not None:
        said += f" {date.year}"
    lead = phrase.split()[0]
    lead = f"{lead} " if lead.lower() in ("on", "for", "from") else ""
    return f"{lead}{_DAYS[date.weekday()]} {said}"


_COUNT = r"(a|an|one|two|three|four|five|six|\d)"
# "pushed back a week", "moved forward two days", "a week later", "postponed by a fortnight"
_SHIFT = re.compile(
    r"\b(?:(?:pushed|put|moved|bumped|shifted|knocked|set|brought|pulled)\s+(?:it\s+|them\s+)?(back|forward"
    rf"|up|on)|(postponed|delayed))\s+(?:by\s+)?{_COUNT}\s+(day|week)s?\b"
    rf"|\b{_COUNT}\s+(day|week)s?\s+(later|earlier|sooner)\b"
    r"|\b(?:(pushed|put|moved|bumped|brought|pulled)\s+(?:it\s+)?(back|forward|up)\s+|(postponed|delayed)\s+)"
    r"(?:by\s+)?a\s+fortnight\b"
)
_COUNTS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def shifted(new: Analysis) -> int | None:
    """The days a text moves a thing by ("pushed back a week": 7; "two days earlier": -2), or
    None when it says no such move."""
    m = _SHIFT.search(new.folded)
    if m is None:
        return None
    if m[3]:  # "pushed back a week", "postponed by two days"
        way, count, unit = m[1] or m[2], m[3], m[4]
    elif m[5]:  # "a week later"
        way, count, unit = m[7], m[5], m[6]
    else:  # "a fortnight"
        way, count, unit = m[9] or m[10], "two", "week"
    n = _COUNTS.get(count) or int(count)
    days = n * (7 if unit == "week" else 1)
    return -days if way in ("forward", "up", "earlier", "sooner") else days


_DAY = r"(mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?"
_DAY_SPAN = re.compile(rf"\b{_DAY}\s*(?:to|-|–|through|thru|till|until)\s*{_DAY}(?!\w)")
_DAY_NAMES = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_ONLY = re.compile(r"(?<!\w)(?:only|just|no\s+longer|not\s+on|any\s*more)(?!\w)")


def days_of(reading: Analysis) -> frozenset[int]:
    """The weekdays a text names, a span of them ("mon to thurs") and a part of the week
    ("weekdays") read as each of its days."""
    from .bounds import week_days

    days = {int(v[3:]) for v in reading.values | week_days(reading) if v.startswith("wd:")}
    for m in _DAY_SPAN.finditer(reading.folded):
        first, last = _DAY_NAMES.index(m[1]) + 1, _DAY_NAMES.index(m[2]) + 1
        days.update(range(first, last + 1) if first <= last else ())
    return frozenset(days)


# a weekday said as every one of it ("on thursdays", "every friday"): not "from next Monday"
_EVERY_DAY = re.compile(
    r"(?<!\w)(?:(?:every|each)\s+(mon|tue|wed|thu|fri|sat|sun)[a-z]*"
    r"|(mon|tue|wed|thu|fri|sat|sun)[a-z]*s)(?!\w)"
)


def some_days_only(new: Analysis, old: Analysis) -> bool:
    """Does the text change a thing on some of the days the entry names only ("pickup is 6pm
    now on thursdays" over "pickup is at 5:45pm, mon to thurs")? The other days still hold;
    not when it says the days themselves change ("only on Thursdays now", a day the entry does
    not name), nor when its day is when the change starts ("starting next Monday")."""
    mine = frozenset(_DAY_NAMES.index(m[1] or m[2]) + 1 for m in _EVERY_DAY.finditer(new.folded))
    theirs = days_of(old)
    if not mine or len(theirs) < 2 or not mine < theirs or _ONLY.search(new.folded):
        return False
    if days_of(new) - theirs:  # "thursday pickup now, bin out weds night": the days move
        return False
    return not any(v.startswith(("d:", "mo:")) for v in new.values)
