"""Parsing and formatting of the dates and times memctl writes into Markdown."""

from __future__ import annotations

import datetime as dt
import re

from .errors import InvalidValue

DATE_FORMAT = "%Y-%m-%d"
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


def try_date(value: object) -> dt.date | None:
    """Like parse_date, but None for anything that is not a date."""
    if value is None or value == "":
        return None
    try:
        return parse_date(value)
    except InvalidValue:
        return None


def fmt_date(day: dt.date) -> str:
    return day.strftime(DATE_FORMAT)


def fmt_stamp(moment: dt.datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M")
