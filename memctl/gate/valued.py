"""The values of a phrase of the old text that an update keeps (memctl/gate/carry.py): of a
phrase of two kinds of value, the kind the new text does not replace ("on Monday and
Wednesday", where the sessions move to the mornings); a first phrase's values from the word that
leads them ("the first Tuesday of the month"); the times a moved date keeps; a part of the day
that the new time falls in ("for the evening visit", at 6pm now).
"""

from __future__ import annotations

from ..lexicon import LIGHT
from .compare import kinds
from .reading import Analysis, analyze

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
_PART_HOURS = {
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
        if not (v[2:] in _PART_HOURS and all(h in _PART_HOURS[v[2:]] for h in hours))
    )


def value_tail(phrase: str, part: Analysis, given: set[str], new: Analysis) -> str | None:
    """From the first phrase, its values the new text does not replace ("the first Tuesday of
    the month"), from the word that leads them to the end, when nothing after them is restated."""
    mine = [k for k in kinds(part.values - new.values) if k in ONE_VALUE and k not in given]
    if not mine:
        return None
    words = phrase.split()
    for i, word in enumerate(words):
        got = analyze(word).values
        if any(v.partition(":")[0] in mine for v in got):
            start = i
            while start > 0 and words[start - 1].lower() in _VALUE_LEAD and i - start < 3:
                start -= 1
            tail = " ".join(words[start:])
            rest = analyze(tail)
            if not (rest.words - LIGHT) & new.words:
                return tail.strip(" .;,")
            return None
    return None
