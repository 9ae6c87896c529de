"""Parsing and formatting of the dates and times memctl writes into Markdown."""

from __future__ import annotations

import calendar
import datetime as dt
import os
import re

from .errors import InvalidValue, UsageFailure

_DATE_SHAPE = re.compile(r"\d{4}-\d{2}-\d{2}")


def parse_date(value: object, *, what: str = "date") -> dt.date:
    """A YYYY-MM-DD date from text or a YAML date; impossible dates are refused."""
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    text = str(value).strip()
    if _DATE_SHAPE.fullmatch(text):
        try:
            return dt.date.fromisoformat(text)
        except ValueError:
            pass
    raise InvalidValue(f"{what} {text!r} is not a real date in the form YYYY-MM-DD")


def now() -> dt.datetime:
    """The current local time; MEMCTL_NOW (YYYY-MM-DDTHH:MM) fixes it for tests and replays."""
    fixed = os.environ.get("MEMCTL_NOW")
    if fixed:
        try:
            return dt.datetime.fromisoformat(fixed).replace(tzinfo=None)
        except ValueError:
            raise InvalidValue(f"MEMCTL_NOW={fixed!r} is not YYYY-MM-DDTHH:MM") from None
    return dt.datetime.now().replace(microsecond=0)


EARLIEST_YEAR = 1900


def given_date(
    value: object, *, what: str, today: dt.date | None = None, ahead: bool = True
) -> dt.date:
    """A date typed on the command line: YYYY-MM-DD, or a day said from `today` (the clock's by
    default) as people say it: "today", "tomorrow", "yesterday", "friday", "next friday", "last
    monday", "3d", "2 weeks", "in 2 weeks", "+1m", "3 days ago", "next month". A bare span or
    weekday lies ahead, or back when `ahead` is False (`--since 7d`: seven days ago). Before
    EARLIEST_YEAR a date is taken for a slip of the keyboard (0226-03-01 for 2026-03-01) and
    refused (exit 2), not written as a date long past that would archive the entry at the next
    sleep."""
    said = said_day(str(value), today or now().date(), ahead=ahead)
    if said is not None:
        return said
    try:
        day = parse_date(value, what=what)
    except InvalidValue:
        raise InvalidValue(
            f"{what} {str(value).strip()!r} is not a date: give YYYY-MM-DD, or a day such as "
            "tomorrow, friday, 'next monday', 2w, 'in 3 days', '3 days ago'"
        ) from None
    if day.year < EARLIEST_YEAR:
        raise UsageFailure(
            f"{what} {fmt_date(day)}: a year before {EARLIEST_YEAR} is taken for a typo; "
            "give the date as YYYY-MM-DD"
        )
    return day


_WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_NAMED = {"today": 0, "now": 0, "tomorrow": 1, "tmrw": 1, "yesterday": -1}
_UNIT = r"d|days?|w|wks?|weeks?|m|mos?|months?|y|yrs?|years?"
_SPAN = re.compile(
    rf"(?:(?P<into>in)\s+)?(?P<sign>[+-])?\s*(?P<n>\d{{1,4}}|an?|one)\s*(?P<unit>{_UNIT})"
    r"(?:\s+(?P<ago>ago|back|from\s+(?:now|today)))?"
)
_WEEKDAY = re.compile(
    r"(?:(?P<which>next|last|this|coming|on)\s+)?"
    r"(?P<day>mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)(?:[a-z]*day)?"
)
_NEXT = re.compile(r"(?P<which>next|last)\s+(?P<unit>week|month|year)")


def said_day(text: str, today: dt.date, *, ahead: bool = True) -> dt.date | None:
    """The day a text says as people say one, counted from `today`, or None (see given_date)."""
    said = " ".join(text.strip().lower().split())
    if said in _NAMED:
        return today + dt.timedelta(days=_NAMED[said])
    span = _SPAN.fullmatch(said)
    if span:
        n = int(span["n"]) if span["n"].isdigit() else 1
        back = span["sign"] == "-" or (span["ago"] or "") in ("ago", "back")
        forward = span["sign"] == "+" or span["into"] or (span["ago"] or "").startswith("from")
        if not (back or forward):
            back = not ahead
        return _moved(today, -n if back else n, span["unit"])
    upto = _NEXT.fullmatch(said)
    if upto:
        return _moved(today, 1 if upto["which"] == "next" else -1, upto["unit"])
    day = _WEEKDAY.fullmatch(said)
    if day:
        wanted = _WEEKDAYS.index(day["day"][:3])
        back = day["which"] == "last" or (not ahead and day["which"] in (None, "on"))
        if day["which"] == "this":  # this week's: today on that day
            return today + dt.timedelta(days=(wanted - today.weekday()) % 7)
        if back:
            return today - dt.timedelta(days=(today.weekday() - wanted - 1) % 7 + 1)
        return today + dt.timedelta(days=(wanted - today.weekday() - 1) % 7 + 1)
    return None


def _moved(today: dt.date, n: int, unit: str) -> dt.date:
    """`today` moved by n days, weeks, months or years (a month's last day where the day is
    past its end: 31 January + 1 month is 28 or 29 February)."""
    if unit[0] == "d":
        return today + dt.timedelta(days=n)
    if unit[0] == "w":
        return today + dt.timedelta(weeks=n)
    months = n * (12 if unit[0] == "y" else 1)
    year, month = divmod(today.year * 12 + today.month - 1 + months, 12)
    end = calendar.monthrange(year, month + 1)[1]
    return dt.date(year, month + 1, min(today.day, end))


def try_date(value: object) -> dt.date | None:
    """Like parse_date, but None for anything that is not a date."""
    if value is None or value == "":
        return None
    try:
        return parse_date(value)
    except InvalidValue:
        return None


def fmt_date(day: dt.date) -> str:
    """YYYY-MM-DD with a four-digit year always (strftime's %Y drops the zeros of year 226)."""
    return f"{day.year:04d}-{day.month:02d}-{day.day:02d}"


def fmt_stamp(moment: dt.datetime) -> str:
    return f"{fmt_date(moment.date())} {moment.hour:02d}:{moment.minute:02d}"
