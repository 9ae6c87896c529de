"""Whose a value is, in an entry that says two things.

"Dad takes amlodipine 5mg every morning and atorvastatin 20mg at night": "the GP upped his
amlodipine to 10mg" gives a dose, and the 20mg is atorvastatin's, not the amlodipine's. "Bridget
does dad's mornings at 8am, Sunil does evenings at 7pm": "Sunil comes at 6pm now" gives a time,
and the 8am is Bridget's. A clause of the entry that holds a value of a kind the new text gives
is another's when another such clause is the one the new text speaks of (it names its name, or
says its words) and this one has a name or a word of its own the new text does not say: it
holds as it was, and an update carries it whole (memctl/gate/carry.py).
"""

from __future__ import annotations

import re

from ..lexicon import LIGHT
from ..words import is_word
from .apart import kinds
from .reading import Analysis, analyze

# a clause ends at a comma, a semicolon or a word that joins two ("and atorvastatin 20mg …")
_PARTS = re.compile(r"[;,]\s+|(?<!\s)\s+(?:and|but|plus|while|whereas|&)\s+", re.IGNORECASE)


def others(new: Analysis, old_text: str, given: set[str]) -> list[str]:
    """The clauses of the old text that are another thing's than the new text's (see above),
    each as written."""
    clauses = [c.strip(" .") for c in _PARTS.split(old_text) if c.strip(" .")]
    valued = [(c, a) for c in clauses if set(kinds((a := analyze(c)).values)) & given]
    if len(valued) < 2:
        return []
    said = new.words | new.names
    # a word every such clause says ("mg" of "5mg" and "20mg") tells none of them apart
    common = frozenset.intersection(*(_own(a) for _, a in valued))
    caps = {c: _capitals(c) - common for c, _ in valued}
    named = [a for c, a in valued if caps[c] & _capitals(new.text)]
    spoken = named or [a for _, a in valued if _shared(_own(a) - common, said)]
    # of several, the one that shares a word of its own no dictionary holds ("atorvastatin",
    # where "dad" is said of both)
    rare = [a for a in spoken if any(not is_word(w) for w in _shared(_own(a) - common, said))]
    if not named and rare:
        spoken = rare
    # the one whose words the new text says beside its new value ("rent going up to £700",
    # where "harris lettings rang" names the agency of another clause)
    here = [a for _, a in valued if _shared(_own(a) - common, _beside_values(new, given))]
    if not named and here and len(here) < len(valued):
        spoken = here
    if not spoken or len(spoken) == len(valued):
        return []
    # another's value is of a kind the one spoken of holds too: two doses, two times, two
    # dates ("on Tuesday, 8 December" is one date, its weekday and its day apart)
    theirs = {k for s in spoken for k in kinds(s.values)} & given
    return [
        c
        for c, a in valued
        if all(a is not s for s in spoken)
        and set(kinds(a.values)) & theirs
        and not (a.words | a.values) & new.rejected
        and (caps[c] - said if named else _own(a) - common - _shared(_own(a), said))
    ]


def _beside_values(new: Analysis, given: set[str]) -> frozenset[str]:
    """The words of the new text's clauses that give a value of the kinds given."""
    clauses = [analyze(c) for c in _PARTS.split(new.text)]
    said = [c.words | c.names for c in clauses if set(kinds(c.values)) & given]
    return frozenset().union(*said) if said else frozenset()


def _shared(words: frozenset[str], said: frozenset[str]) -> frozenset[str]:
    """The words said, or the end or start of which is a word of five letters or more said
    ("atorvastatin", where the text says "statin")."""
    return frozenset(
        w
        for w in words
        if w in said or any(len(s) >= 5 and (w.endswith(s) or w.startswith(s)) for s in said)
    )


def _capitals(text: str) -> frozenset[str]:
    """The words of a text written with a capital (names, most often), as analyze reads them."""
    return frozenset(w for w in analyze(" ".join(_CAPITAL.findall(text))).words - LIGHT)


_CAPITAL = re.compile(r"(?<![\w'])[A-Z][\w'&-]+")


def _own(part: Analysis) -> frozenset[str]:
    """The words of a clause that name what it is about: not its values, not light words, and
    not words of a side ("back", "off"), but for the one it opens with ("back on Monday 28
    December": the way back)."""
    first = part.text.split()[:1]
    opening = analyze(first[0]).words & part.polar if first else frozenset()
    return frozenset(part.words - LIGHT - part.polar | opening)


def in_others(phrase: str, clauses: list[str]) -> list[str]:
    """What of the phrase (as memctl.gate.phrasing cuts it) is another's: the whole phrase
    when it is part of one of those clauses, or those clauses it holds whole."""
    said = " ".join(phrase.split()).strip(" .;,")
    for prefix in ("and ", "but ", "plus "):
        said = said.removeprefix(prefix)
    clauses = [" ".join(c.split()) for c in clauses]
    if said and any(said in c for c in clauses):
        return [phrase.strip(" .;,")]
    return [c for c in clauses if c in said]
