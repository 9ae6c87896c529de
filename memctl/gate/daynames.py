"""The days and months a text names in words where it says one is not so ("…, non il martedì",
"mon + thu now, not tue/wed"), as reading._rejected reads them."""

from __future__ import annotations

from ..language import cues
from ..words import tokens
from .values import date_value

# A day or a month named in words, in any language read, and not an everyday word too ("may")
DATE_WORDS = (cues.WEEKDAY_WORDS.keys() | cues.MONTH_WORDS.keys()) - cues.AMBIGUOUS_DATE_WORDS


def named_days(said: str, values: set[str]) -> frozenset[str]:
    """The words of `said` that name a day or a month: any such word, and a short name that is
    an everyday word too ("tue", "sat", "mar") in a text whose values name days or months of its
    kind."""
    kinds = {v.partition(":")[0] for v in values}
    return frozenset(
        t
        for t in tokens(said)
        if t in DATE_WORDS
        or t in cues.AMBIGUOUS_DATE_WORDS
        and date_value(t).partition(":")[0] in kinds
    )


def two_dates(word: str, other: str | None) -> bool:
    """Are both words months, or both weekdays ("may not march": the month, not "may")?"""
    return any(word in kind and other in kind for kind in (cues.MONTH_WORDS, cues.WEEKDAY_WORDS))
