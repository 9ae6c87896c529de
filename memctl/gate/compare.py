"""How the write gate compares two texts it has read (gatetext.analyze): how alike their subjects
are, how nearly they say the same words, and what differs between them.

What differs is what decides a label, so it is spelled out (Diff): a value of a kind both give
(Tuesday → Thursday, Spanish → English), a value of a kind only the new text gives, a negation
or a side of an opposition turned around ("dropping" → "keeping", "open" → "closed"), an ending
the old text never named ("we cancelled swimming"), a word the new text says is not so ("Joe,
not Jim"), and the words each has that the other lacks. A text repeats another only when none
of these holds: nothing it says is new.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..lexicon import LIGHT
from ..words import stem, tokens
from .apart import (  # noqa: F401  (kinds, places, respelled: read through compare)
    changed_kinds,
    kinds,
    names_differing,
    places,
    respelled,
)

if TYPE_CHECKING:
    from .reading import Analysis

_TITLES = frozenset("dr mr mrs ms miss prof st".split())  # "Dr. Okafor, not Dr. Okoro"


@dataclass(frozen=True)
class Diff:
    changed: tuple[str, ...] = ()  # value kinds that differ: "wd", "t", "n", "name", …
    flipped: bool = False  # one says not, or the other side of an opposition
    reworded: bool = False  # each has content words the other lacks
    added: bool = False  # the new text carries values of kinds the old one lacks
    extra: frozenset[str] = field(default_factory=frozenset)  # words only the new text has
    missing: frozenset[str] = field(default_factory=frozenset)  # words only the old one has
    covered: float = 0.0  # how much of the old entry's subject the new text repeats
    apart: bool = False  # about different people or things (see names_apart)
    ended: bool = False  # the new text ends what the old one states ("cancelled", "quit")
    rejects: bool = False  # the new text says a word of the old one is not so
    fresh: bool = False  # the new text gives a value the old one does not (size 32 beside 30)
    replaced: frozenset[str] = frozenset()  # the old text's names the new one puts others for
    lost: bool = False  # the old text has a value the new one does not say

    @property
    def differs(self) -> bool:
        return bool(self.changed or self.flipped or self.rejects)

    @property
    def other_value(self) -> bool:
        """A value differs of a kind beside a day or a time, which any event has: "school breaks
        up on Friday" gives no other day to "football training is on Wednesdays"."""
        return bool(set(self.changed) - {"wd", "mo", "d", "y", "t"})

    @property
    def says_more(self) -> bool:
        """The new text adds a detail: a word or a value the old one does not have."""
        return bool(self.extra or self.fresh)  # a value of a kind the old lacks is fresh too


def respelled_only(new: Analysis, old: Analysis, diff: Diff) -> set[tuple[str, str]]:
    """The names of `old` that `new` spells another way, when that is all it changes (no other
    value, no "not", nothing said not to be so); empty otherwise."""
    if diff.changed != ("name",) or diff.flipped or new.values - old.values:
        return set()
    given_up = new.rejected & old.names  # "Okafor, not Okoro": Okoro is the old one's
    pairs = respelled(set(new.names - old.names), set(old.names - new.names) | given_up)
    rejected = new.rejected & (old.words | old.values)
    if rejected - {y for _, y in pairs} - _TITLES:
        return set()  # something else is said not to be so
    return pairs


def similarity(a: Analysis, b: Analysis) -> float:
    """How alike the subjects of two texts are, 0..1 (values and cue words left out)."""
    from rapidfuzz import fuzz

    only_a, only_b, apart = names_differing(a, b)
    # a name spelled anew is the name on file ("it's Kowalski actually" for Kowalczyk)
    same = {y for _, y in respelled(only_a, only_b)} if a.correction else set()
    # the words that say a side or a change ("cancelled", "moved") are no part of the subject
    wa, wb = a.words - only_a - a.polar - a.aside | same, b.words - only_b - b.polar | same
    unmatched = wa - wb  # "perfers" for "prefers": read as the other's word
    wa = (wa - typed_for(unmatched, wb)) | typed_as(unmatched, wb)
    if not wa or not wb:
        return fuzz.ratio(a.folded, b.folded) / 100 * 0.8
    shared = len(wa & wb)
    dice = 2 * shared / (len(wa) + len(wb))
    contain = shared / min(len(wa), len(wb))
    fz = fuzz.token_set_ratio(" ".join(sorted(wa)), " ".join(sorted(wb))) / 100
    score = 0.4 * dice + 0.3 * contain + 0.3 * fz
    if apart:
        score *= 0.5  # about different people or things
    return round(score, 3)


def _swapped(typed: str, word: str) -> bool:
    """Is a word of five letters or more the other with two letters next to each other swapped
    ("perfers", "prefers")?"""
    if len(typed) != len(word) or len(word) < 5 or typed == word:
        return False
    at = [i for i, (x, y) in enumerate(zip(typed, word, strict=True)) if x != y]
    if len(at) != 2 or at[1] != at[0] + 1:
        return False
    return typed[at[0]] == word[at[1]] and typed[at[1]] == word[at[0]]


def typed_for(words: set[str] | frozenset[str], others: frozenset[str]) -> set[str]:
    """The words that are another's letters with two swapped: a slip of the keys."""
    return {w for w in words if any(_swapped(w, o) for o in others)}


def short_for(short: str, word: str) -> bool:
    """Is `short` a short form of `word`: its first letter, its letters in order, and either
    its opening three letters or more ("tues", "bed" of "bedtime", "expir" of "expiry") or
    its last letter ("st" street, "appt" appointment, "wk" week, "mgr" manager)?"""
    if len(short) < 2 or len(short) >= len(word) or short[0] != word[0]:
        return False
    rest = iter(word)
    if not all(letter in rest for letter in short):
        return False
    return len(short) >= 3 and word.startswith(short) or short[-1] == word[-1]


def _shortened(a: Analysis, b: Analysis, only: set[str]) -> set[str]:
    """The words of `only` (a's) that a writes short of a word of b, or out where b writes
    them short, or in another form of it: "bros" and "brothers", "appt" and "appointment",
    "expires" and "expiry"."""
    theirs = [y for y in tokens(b.folded) if stem(y) in b.words]  # not "das" for "dienstags"
    return {
        stem(x)
        for x in tokens(a.folded)
        if stem(x) in only
        and any(short_for(x, y) or short_for(stem(x), y) or short_for(y, x) for y in theirs)
    }


def typed_as(words: set[str] | frozenset[str], others: frozenset[str]) -> set[str]:
    """The words of `others` that `words` has with two letters swapped."""
    return {o for o in others if any(_swapped(w, o) for w in words)}


def sameness(a: Analysis, b: Analysis) -> float:
    """How nearly two texts say the same words, 0..1, symmetric: extra words count against."""
    from rapidfuzz import fuzz

    if not a.words or not b.words:
        return fuzz.ratio(a.folded, b.folded) / 100
    dice = 2 * len(a.words & b.words) / (len(a.words) + len(b.words))
    return round(
        0.5 * dice
        + 0.5 * fuzz.token_sort_ratio(" ".join(sorted(a.words)), " ".join(sorted(b.words))) / 100,
        3,
    )


def _only(a: Analysis, b: Analysis, names: set[str]) -> frozenset[str]:
    """Content words of a that b does not say, light words and spelling variants of a compound
    ("wi-fi" and "wifi") left out."""
    only = set(a.words - b.words - names - a.polar) - LIGHT - _when_words(a) - _ours_words(a)
    only -= _MONEY  # "60 quid" says the "£60" it gives: the amount is the value compared
    only -= typed_for(only, b.words)  # "perfers" for "prefers"
    only -= _shortened(a, b, only)  # "physio appt" for "physiotherapy appointment"
    if _HOME in only and _LIVES.search(b.folded):
        only.discard(_HOME)  # "Tom's home is in Leeds": where Tom lives
    if _LIVE in only and _IS_AT.search(b.folded):
        only.discard(_LIVE)  # "the router lives in the cupboard": it is in the cupboard
    only -= a.aside  # "halfords rang, … pushed back … cos the tester's off sick"
    for whole, parts in a.joined:
        if parts <= b.words:
            only.discard(whole)
        if whole in b.words:
            only -= parts
    for whole, parts in b.joined:
        if whole in a.words:
            continue
        if parts & a.words and whole in only:
            only.discard(whole)
    return frozenset(only)


_MONEY = frozenset(
    stem(w)
    for w in "pound pounds quid euro euros dollar dollars buck bucks pence usd eur gbp".split()
)
_LIVES = re.compile(r"(?<!\w)(?:lives?|lived|living)(?!\w)")
_HOME, _LIVE = stem("home"), stem("lives")
_IS_AT = re.compile(
    r"(?<!\w)(?:is|are|'s)\s+(?:based\s+|located\s+|situated\s+)?"
    r"(?:in|at|on|under|behind|by|next\s+to)(?!\w)"
)
_WHEN = re.compile(
    r"\b(?:this|last|next|that|the\s+same)\s+(week|month|year|weekend|morning|afternoon|evening|"
    r"night|time|season|term|spring|summer|autumn|fall|winter)\b|\b(these\s+days|nowadays|lately|"
    r"recently)\b"
)


def _when_words(a: Analysis) -> set[str]:
    """The words of when a text says it ("this month", "these days"): they place what it says
    in time, they are no detail of what it says."""
    found = {w for m in _WHEN.finditer(a.folded) for w in m.group().split()}
    return {stem(w) for w in found}


# "the plumber we use", "the dentist I go to": "our plumber", "my dentist" in other words
_OURS = re.compile(
    r"\b(?:we|i)\s+(?:always\s+|usually\s+|normally\s+)?(use|go\s+to|see|call|visit|hire|book)"
    r"(?=\s*(?:$|[.,;:!?)]|(?:for|when|now|these)\b))"
)


def _ours_words(a: Analysis) -> set[str]:
    """The verb of "the plumber we use": it says whose plumber, no detail of the plumber."""
    return {stem(w) for m in _OURS.finditer(a.folded) for w in m[1].split()}


ENDINGS = ("goes on", "bought", "hired")  # the side that ends a state: cancelled, sold, let go


_AGAIN = re.compile(r"(?<!\w)(?:again|once\s+more|anew)(?!\w)")  # on again, after an ending


def _turned(new: Analysis, old: Analysis) -> tuple[bool, bool]:
    """(flipped, ended): the negation parity or the side of an opposition both name differs;
    or the new text ends something the old one states (a word of the ending side: cancelled,
    sold, let go); or the old one ended it and the new one says, in a word of change, that it
    is on again ("We're doing Lisbon after all" over "We've cancelled the Lisbon trip"; "we get
    the paper delivered again" over "we cancelled the paper delivery")."""
    pn, po = dict(new.poles), dict(old.poles)
    sides = sum(1 for k in pn.keys() & po.keys() if pn[k] != po[k]) % 2 == 1
    parity = new.polarity != old.polarity
    # "has to avoid peanuts", "no peanuts for Ethan" beside "allergic to peanuts" on file: a
    # "no" where one text alone says what a person keeps away from says that side too
    if parity and not new.update and ("taken" in pn) != ("taken" in po):
        parity = pn.get("taken", po.get("taken")) != -1
    ends = any(pn.get(pole, 0) < 0 and pole not in po for pole in ENDINGS)
    ended = ends and not parity and not sides
    revived = any(po.get(pole, 0) < 0 and pole not in pn for pole in ENDINGS)
    again = new.update or _AGAIN.search(new.folded) is not None
    revived = revived and again and not parity and not sides
    return parity != sides or ended or revived, ended


def compare(new: Analysis, old: Analysis) -> Diff:
    new, old = on_one_clock(new, old)
    kinds_new, kinds_old = kinds(new.values), kinds(old.values)
    changed = changed_kinds(new, old)
    only_new, only_old, apart = names_differing(new, old)
    if only_new and only_old:
        changed.append("name")
    wn, wo = new.words - only_new, old.words - only_old
    swapped = bool(only_new and only_old)  # a name for another: a changed value, not a detail
    extra = _only(new, old, only_new if swapped else set())
    missing = _only(old, new, only_old if swapped else set())
    flipped, ended = _turned(new, old)
    return Diff(
        changed=tuple(changed),
        flipped=flipped,
        reworded=bool(extra) and bool(missing),
        added=bool(kinds_new.keys() - kinds_old.keys()),
        extra=extra,
        missing=missing,
        covered=len(wn & wo) / len(wo) if wo else 0.0,
        apart=apart,
        ended=ended,
        # what the entry itself says is not so is no word of it the text rejects ("…, not just
        # the backup" said again with a detail)
        rejects=bool((new.rejected - old.rejected) & (old.words | old.values)),
        fresh=bool(new.values - old.values),
        lost=bool(old.values - new.values),
        replaced=frozenset(only_old) if swapped else frozenset(),
    )


def on_one_clock(new: Analysis, old: Analysis) -> tuple[Analysis, Analysis]:
    """The two readings with a time said in words ("half past seven") put in the half of the
    day the other text says it in (19:30)."""
    from dataclasses import replace

    from .values import on_the_clock_of, worded_hours

    new, old = _dotted(new, old.values), _dotted(old, new.values)
    new = _hour_said_not(new, old.values)
    mine, theirs = worded_hours(new.folded), worded_hours(old.folded)
    if not (mine & new.values or theirs & old.values):
        return new, old
    moved = replace(new, values=on_the_clock_of(new.values, mine, old.values))
    return moved, replace(old, values=on_the_clock_of(old.values, theirs, new.values))


def _hour_said_not(reading: Analysis, other: frozenset[str]) -> Analysis:
    """A reading whose bare number said not to be so names the hour of a time the other text
    says ("at 6, not 7" beside "at 7pm"): that time is said not to be so."""
    from dataclasses import replace

    hours = {
        int(v[2:4]) % 12 or 12: v
        for v in other
        if v.startswith("t:") and v[2:4].isdigit() and v.endswith(":00")
    }
    said_not = {
        hours[int(v[2:])]
        for v in reading.rejected
        if v.startswith("n:") and v[2:].isdigit() and int(v[2:]) in hours
    }
    return replace(reading, rejected=reading.rejected | said_not) if said_not else reading


_DOTTED = re.compile(r"n:(\d{1,2})\.(\d\d?)")  # "16.30" is read as the number 16.3


def _dotted(reading: Analysis, other: frozenset[str]) -> Analysis:
    """A reading with a number written as a time with a dot ("standup 9.15") read as the time
    the other text says ("at 9:15"); as it is otherwise (9.15 may be an amount)."""
    from dataclasses import replace

    times = {}
    for value in reading.values:
        if (m := _DOTTED.fullmatch(value)) and int(m[1]) < 24 and int(m[2]) < 60:
            hour, minute = int(m[1]), m[2].ljust(2, "0")
            said = {f"t:{hour:02d}:{minute}", f"t:{hour + 12:02d}:{minute}"} & other
            if said:
                times[value] = min(said)
    if not times:
        return reading
    return replace(reading, values=frozenset(times.get(v, v) for v in reading.values))


def same_text(a: str, b: str) -> bool:
    """Equal once case, accents, punctuation, spacing and the words that open a sentence and
    say nothing of it ("FYI:", "Oh and"; language.framing) are set aside."""
    from ..language.framing import statement

    return _plain(statement(a)) == _plain(statement(b))


def _plain(text: str) -> str:
    return " ".join(tokens(unicodedata.normalize("NFKC", text)))
