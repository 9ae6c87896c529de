"""Parsing and formatting of the dates and times memctl writes into Markdown."""

from __future__ import annotations

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


def given_date(value: object, *, what: str) -> dt.date:
    """A date typed on the command line to be written into a note: before EARLIEST_YEAR it is
    taken for a slip of the keyboard (0226-03-01 for 2026-03-01) and refused (exit 2), not
    written as a date long past that would archive the entry at the next sleep."""
    day = parse_date(value, what=what)
    if day.year < EARLIEST_YEAR:
        raise UsageFailure(
            f"{what} {fmt_date(day)}: a year before {EARLIEST_YEAR} is taken for a typo; "
            "give the date as YYYY-MM-DD"
        )
    return day


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
