"""The values of a phrase of the old text that an update keeps (memctl/gate/carry.py): of a
phrase of two kinds of value, the kind the new text does not replace ("on Monday and
Wednesday", where the sessions move to the mornings); a first phrase's values from the word that
leads them ("the first Tuesday of the month"); the times a moved date keeps; a part of the day
that the new time falls in ("for the evening visit", at 6pm now), but for "same time"; of a
phrase said again in part, what it leaves unsaid ("on the 1st" of "paid on the 1st"); an amount
per a unit of time however written ("£312 pm" for "£329/month").
"""

from __future__ import annotations

import re

from ..lexicon import LIGHT
from .compare import kinds
from .reading import Analysis, analyze
from .remains import kept_kinds

# another value of these replaces one
ONE_VALUE = ("wd", "mo", "d", "t", "y", "lang", "url", "tel")
DATE = frozenset({"d", "mo", "y"})
_VALUE_LEAD = frozenset("the first second third fourth last every each next on at by".split())


def times(phrase: str, given: set[str]) -> list[str]:
    """The times a phrase says, when the new text gives none ("10:40" of "is Tues 15 Dec
    10:40")."""
    if "t" in given:
        return []
    return [w.strip(" .;,") for w in phrase.split() if "t" in kinds(analyze(w).values)]


def values_left(phrase: str, part: Analysis, new: Analysis, given: set[str]) -> str | None:
    """A phrase of values of two kinds, one of which the new text replaces, without the words
    of that one: "on Monday and Wednesday evenings", where the sessions move to the mornings,
    leaves "on Monday and Wednesday"."""
    words = part.words - LIGHT - part.polar
    if words & (new.words | new.rejected) or part.values & new.rejected:
        return None
    mine = {k for k in kinds(part.values) if k in ONE_VALUE}
    replaced = mine & given
    if replaced & DATE:  # a day and its month are one date: "the 21st" for "14 March"
        replaced |= mine & DATE
    if not replaced or not mine - replaced:
        return None
    said = phrase.split()
    gone = [bool(found := set(kinds(analyze(w).values))) and found <= replaced for w in said]
    # "and" between a value that goes and the next word goes with it ("Thursday and Friday
    # afternoons", only Fridays now: "afternoons")
    kept = [
        w
        for i, w in enumerate(said)
        if not gone[i]
        and not (
            w.lower() in ("and", "or", "&")
            and (i == 0 or gone[i - 1] or gone[i + 1 :][:1] == [True])
        )
    ]
    return " ".join(kept).strip(" .;,").removesuffix(" and").removesuffix(" or") or None


# the hours of a part of the day: "for the evening visit" still holds at 18:00
PART_HOURS = {
    "morning": range(5, 12),
    "noon": range(11, 14),
    "afternoon": range(12, 18),
    "evening": range(17, 23),
    "night": (*range(20, 24), *range(0, 5)),
}


def parts_of_the_day_kept(values: frozenset[str], new: frozenset[str]) -> frozenset[str]:
    """`values` without a part of the day that every clock time the new text gives falls in."""
    hours = [int(v[2:4]) for v in new if v.startswith("t:") and v[2:4].isdigit()]
    if not hours:
        return values
    return frozenset(
        v
        for v in values
        if not (v[2:] in PART_HOURS and all(h in PART_HOURS[v[2:]] for h in hours))
    )


# a kind said to be as it was: "same time", "same day"
_KEPT_VALUES = {"t": {"t"}, "wd": {"wd"}, "d": set(DATE)}


def said_same(new: Analysis) -> set[str]:
    """The kinds of value a text says stay as they were (remains.kept_kinds: "moved to Sunday
    mornings, same time": the old time holds, the part of the day it falls in replaces
    nothing)."""
    return {k for kind in kept_kinds(new) for k in _KEPT_VALUES.get(kind, set())}


def values_unsaid(phrase: str, part: Analysis, new: Analysis, given: set[str]) -> str | None:
    """Of a phrase the new text says again in part ("paid on the 1st", where the van payment
    goes up; "pickup at 17:30 mon-fri", where pickup is 18:00 now), what it leaves unsaid and
    replaces not: "on the 1st", "mon-fri". Only when that holds a value of a kind the new text
    does not give, or stood beside the value the new text replaces ("weekdays" of "pickup 17:30
    weekdays", "reception" of "reception mon tue wed")."""
    words = part.words - LIGHT - part.polar
    restated = words & new.words
    if words & new.rejected or part.values & (new.rejected | new.values):
        return None
    replaced = {v for v in part.values if v.partition(":")[0] in given}
    if not restated and not (replaced and phrase.split()[0].lower() not in _VALUE_LEAD):
        return None  # "reception mon tue wed", where she works thurs fri now: "reception"
    kept: list[str] = []
    said_all = phrase.split()
    for i, word in enumerate(said_all):
        said = analyze(word)
        # the values a word writes, read where it stands ("tue" of "mon tue wed")
        lost = part.values - analyze(" ".join(said_all[:i] + said_all[i + 1 :])).values
        if lost and lost <= replaced:
            while kept and kept[-1].lower() in _VALUE_LEAD:
                kept.pop()
            continue
        if said.words - LIGHT and said.words <= new.words:
            continue
        kept.append(word)
    rest = " ".join(kept).strip(" .;,+&")
    left = analyze(rest)
    if not rest or (left.words - LIGHT) & new.words:
        return None
    if left.values - replaced or replaced and left.words - LIGHT - left.polar:
        return rest
    return None


def value_tail(phrase: str, part: Analysis, given: set[str], new: Analysis) -> str | None:
    """From the first phrase, its values the new text does not replace ("the first Tuesday of
    the month"), from the word that leads them to the end, when nothing after them is restated."""
    values = part.values - new.values - new.rejected  # "not 5531" of "4410-2289-5531"
    mine = [k for k in kinds(values) if k in ONE_VALUE and k not in given]
    if not mine:
        return None
    target = {v for v in values if v.partition(":")[0] in mine}
    words = phrase.split()
    # the last word from which on the words write those values ("22 Aug", "sat 13 june 2027":
    # a month or a day alone may write none)
    found = [i for i in range(len(words)) if analyze(" ".join(words[i:])).values >= target]
    if not found:
        return None
    start = i = found[-1]
    while start > 0 and words[start - 1].lower() in _VALUE_LEAD and i - start < 3:
        start -= 1
    tail = " ".join(words[start:])
    if (analyze(tail).words - LIGHT) & new.words:
        return None
    return tail.strip(" .;,")


# an amount's unit of time however it is written: "pm", "pcm", "/month", "a month", "monthly"
_PER = {
    "month": r"p\.?c?\.?m|/\s*mo(?:nth)?|(?:a|per|each|every)\s+month|monthly",
    "week": r"p\.?w|/\s*w(?:ee)?k|(?:a|per|each|every)\s+week|weekly",
    "year": r"p\.?a|/\s*y(?:ea)?r|(?:a|per|each|every)\s+year|yearly|annually|per\s+annum",
    "day": r"/\s*day|(?:a|per|each|every)\s+day|daily",
    "hour": r"p\.?h|/\s*h(?:ou)?r|(?:an|per|each|every)\s+hour|hourly",
}
_PER_UNIT = {
    unit: re.compile(rf"(?:\d|(?<![\w/])){spelt}(?![\w/])", re.IGNORECASE)
    for unit, spelt in _PER.items()
}


def per_unit(text: str) -> set[str]:
    """The units of time a text's amounts are said per: "month" of "£312 pm" and of "£329/month"."""
    return {unit for unit, said in _PER_UNIT.items() if said.search(text)}


# The verb that says what an amount is the price of: "costs £32 a month", "charges £20 a week"
_PRICED = re.compile(r"(?<!\w)(?:costs?|charges?|charged|pays?|paid|comes\s+to)(?!\w)", re.I)


def amount_replaced(phrase: str, part: Analysis, new: Analysis, given: set[str]) -> bool:
    """Is a phrase an amount per a unit of time ("£312 pm", "costs £32 a month") that the new
    text gives another of per the same unit however written ("£329/month")? It is the amount
    replaced."""
    if "n" not in given or not part.values or any(not v.startswith("n:") for v in part.values):
        return False
    unit = per_unit(phrase)
    bare = _PRICED.sub(" ", phrase)
    rest = analyze(_PER_UNIT[next(iter(unit))].sub(" ", bare)) if len(unit) == 1 else part
    return bool(unit & per_unit(new.text)) and not rest.words - LIGHT
