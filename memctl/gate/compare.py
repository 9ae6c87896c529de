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
from .roles import new_holder

if TYPE_CHECKING:
    from .reading import Analysis

RESPELLED_LENGTH = 5
RESPELLED_RATIO = 70
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
    def says_more(self) -> bool:
        """The new text adds a detail: a word or a value the old one does not have."""
        return bool(self.extra or self.fresh)  # a value of a kind the old lacks is fresh too


def kinds(values: frozenset[str]) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for value in values:
        kind, _, _ = value.partition(":")
        out.setdefault(kind, set()).add(value)
    return out


def changed_kinds(a: Analysis, b: Analysis) -> list[str]:
    """Value kinds where each text has a value the other lacks (Wednesday vs Thursday)."""
    ka, kb = kinds(a.values), kinds(b.values)
    return [k for k in sorted(ka.keys() & kb.keys()) if ka[k] - kb[k] and kb[k] - ka[k]]


def _names_of(a: Analysis, b: Analysis) -> frozenset[str]:
    """a's names, with the words of a that b writes as names ("Brian now lives …" opens a
    sentence, where a capital says nothing)."""
    return a.names | (a.words & b.names)


def _lead(a: Analysis, b: Analysis) -> str | None:
    """a's first name, counting a first word that b writes as a name ("Priya started at
    Spotify" opens with Priya, where a capital says nothing)."""
    said = tokens(a.folded)
    first = stem(said[0]) if said else None  # a name as reading.analyze keeps it
    return first if first in b.names and first in a.words else a.lead


def respelled(a: set[str], b: set[str]) -> set[tuple[str, str]]:
    """Pairs of names, one of a and one of b, that are one name spelled two ways (Kowalski,
    Kowalczyk): the same first letter, both of RESPELLED_LENGTH letters or more, and a
    RESPELLED_RATIO likeness."""
    from rapidfuzz import fuzz

    return {
        (x, y)
        for x in a
        for y in b
        if x[:1] == y[:1]
        and min(len(x), len(y)) >= RESPELLED_LENGTH
        and fuzz.ratio(x, y) >= RESPELLED_RATIO
    }


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


# Words for someone (or a pet) of another person's: "Tom's sister" is not Tom.
_RELATIONS = (
    "sister|brother|sibling|mother|father|mum|mom|mam|dad|parent|wife|husband|partner|spouse|"
    "boyfriend|girlfriend|fiance|fiancee|son|daughter|kid|child|baby|boss|manager|colleague|"
    "coworker|friend|neighbour|neighbor|cousin|aunt|uncle|grandma|grandmother|grandpa|"
    "grandfather|niece|nephew|teacher|doctor|assistant|roommate|flatmate|dog|cat|ex"
)
_OF_ANOTHER = re.compile(
    rf"\b([^\W\d_]+)['\u2019]s\s+(?:(?:new|old|older|younger|little|big|best)\s+)?"
    rf"({_RELATIONS})s?\b(?![-\u2010\u2011])"  # "Maya's parent-teacher meeting" is hers
)

# "his pills", "their training": the person's own things, said again
_BACK = re.compile(r"\b(?:his|her|their)\s+(?:[\w'-]+\s+)?([\w'-]+)")


def _someone_of(a: Analysis, b: Analysis) -> bool:
    """Does a speak of someone of a person b is about ("Tom's sister Clara lives in Munich" for
    "Tom lives in Hamburg"; "Priya's manager is Omar" for "Priya is a product manager"), where b
    does not speak of them and a does not speak again of a thing b gives the person ("… his
    pills", where "with her husband" is the other person's), and that both texts do not name
    by another name: another person, though the name is shared?"""
    if any(stem(w) in b.words for m in _BACK.finditer(a.folded) for w in m.group().split()[1:]):
        return False  # "Grandpa's doctor switched his pills": still about Grandpa's pills
    theirs = set(_OF_ANOTHER.findall(b.folded))
    shared = a.names & b.names
    return any(
        stem(who) in b.words
        and (who, rel) not in theirs
        and shared <= {stem(who)}  # both name that someone ("… still Mr Patel"): the same one
        for who, rel in _OF_ANOTHER.findall(a.folded)
    )


def names_apart(a: Analysis, b: Analysis) -> tuple[set[str], set[str], bool]:
    """(names only in a, names only in b, about different things).

    Names that differ are a changed value when the texts share another name, and the first one
    (Brian's manager Carla → Dana). When each text has names of its own and they share none, or
    they open with different names (Ember on Postgres 17, Granite on Postgres 16), or a number
    changes too without a word of change (Postgres 16 for Atlas, Postgres 17 for Ember; but
    "Anna moved to Rua do Ouro 3"), the texts are about different people or things. So are two
    texts of which one opens with a person and the other speaks of "we" or "I" and names no one
    ("Dmitri prefers Postgres" is not "we'll use Postgres"), unless it gives up a thing of the
    other's by name ("we're doing the party at the beach house, not at home" for "Leo's party is
    at home on Saturday"). A text that says it corrects
    something, and names a name of the other spelled another way, is about the same person
    ("it's Kowalski actually" for Mr. Kowalczyk); so is a text that gives up a thing of the
    other's by name ("we booked an airbnb in Belém, so scrap the guesthouse").
    """
    if _someone_of(a, b) or _someone_of(b, a):
        return set(), set(), True
    na, nb = _names_of(a, b), _names_of(b, a)
    shared = set(na & nb)
    only_a, only_b = set(na - nb - b.rejected), set(nb - na - a.rejected)
    if a.correction:
        shared |= {x for x, _ in respelled(only_a, only_b)}
    lead_a, lead_b = _lead(a, b), _lead(b, a)
    gives_up = bool(a.rejected & b.words)  # a gives up a thing of b's by name: about b's thing
    # "our new plumber is Joe Rossi" for "Our plumber is Jim Hardy": one name for another
    holder = bool(only_a and only_b) and new_holder(a, b)
    swaps = holder or _swaps_a_name(a, b, na, nb, only_a, only_b)
    if (
        not gives_up
        and not swaps
        and only_a
        and only_b
        and (
            not shared
            or lead_a != lead_b
            and lead_a not in nb
            and lead_a not in shared
            or changed_kinds(a, b)
            and not a.update
        )
    ):
        return set(), set(), True
    for x, y in ((a, b), (b, a)):
        if (
            not gives_up  # "we're doing the party at the beach, not at home": Leo's party
            and not holder
            and x.subject
            and x.subject not in y.words
            and "first" in y.person
            and "third" not in y.person
            and "first" not in x.person  # "Dr Shah upped my dose": about mine, done by another
        ):
            return set(), set(), True
    return (only_a, only_b, False) if shared or holder else (set(), set(), False)


def names_differing(a: Analysis, b: Analysis) -> tuple[set[str], set[str], bool]:
    """(names only in a, names only in b, about different things): names_apart, or, where it
    finds none, one place said in words to be put for another (swapped_names)."""
    only_a, only_b, apart = names_apart(a, b)
    if not (only_a or only_b or apart):
        only_a, only_b = swapped_names(a, b)
    return only_a, only_b, apart


def swapped_names(a: Analysis, b: Analysis) -> tuple[set[str], set[str]]:
    """(a's names, b's names) when a says in words that it puts one place for another, sharing
    no name with b ("Change of plan: summer holiday in Greece instead" for "… in Portugal in
    July"); empty sets otherwise. Subjects stay compared without them (names_apart)."""
    na, nb = _names_of(a, b), _names_of(b, a)
    if na & nb or a.rejected & b.words:
        return set(), set()
    only_a, only_b = set(na - nb - b.rejected), set(nb - na - a.rejected)
    if (
        only_a
        and only_b
        and only_a <= places(a)
        and only_b <= places(b)
        and _swaps_a_name(a, b, na, nb, only_a, only_b)
    ):
        return only_a, only_b
    return set(), set()


_WHERE = frozenset(
    "in at on to from near via into inside outside towards toward "
    "en au aux dans nach im em para".split()
)


# "at the Westside pool", "at our place", "to my mum's": the word after one of these (as
# stems: "the" is "th")
_DETERMINERS = frozenset(stem(w) for w in "the a an our my his her their your".split())


def places(a: Analysis) -> set[str]:
    """The words a text says after a word of where ("in Portugal", "at the Alfama guesthouse"),
    and the rest of a name of more words there ("on Google Meet")."""
    said = [stem(w) for w in tokens(a.folded)]
    found: set[str] = set()
    for i, word in enumerate(said):
        after = (
            i
            and said[i - 1] in _WHERE
            or i > 1
            and said[i - 1] in _DETERMINERS
            and said[i - 2] in _WHERE
        )
        if after or i and said[i - 1] in found and said[i - 1] in a.names and word in a.names:
            found.add(word)
    return found


def _swaps_a_name(
    a: Analysis,
    b: Analysis,
    na: frozenset[str],
    nb: frozenset[str],
    only_a: set[str],
    only_b: set[str],
) -> bool:
    """Does a say in words that it changes or corrects what b says, of the same thing (a word of
    b's beside its names), one name for another, where neither opens with its own name ("Going
    with Paddle for payments after all" for "We'll use Stripe for payments"; "I misheard, the
    quiz night is at the Swan" for "… at the Crown")?"""
    if not (a.update or a.correction) or not (a.words - na) & (b.words - nb):
        return False
    opens = (_lead(a, b) if a.subject else None, _lead(b, a) if b.subject else None)
    return opens[0] not in only_a and opens[1] not in only_b


def similarity(a: Analysis, b: Analysis) -> float:
    """How alike the subjects of two texts are, 0..1 (values and cue words left out)."""
    from rapidfuzz import fuzz

    only_a, only_b, apart = names_differing(a, b)
    # a name spelled anew is the name on file ("it's Kowalski actually" for Kowalczyk)
    same = {y for _, y in respelled(only_a, only_b)} if a.correction else set()
    # the words that say a side or a change ("cancelled", "moved") are no part of the subject
    wa, wb = a.words - only_a - a.polar | same, b.words - only_b - b.polar | same
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


def _turned(new: Analysis, old: Analysis) -> tuple[bool, bool]:
    """(flipped, ended): the negation parity or the side of an opposition both name differs;
    or the new text ends something the old one states (a word of the ending side: cancelled,
    sold, let go); or the old one ended it and the new one says, in a word of change, that it
    is on again ("We're doing Lisbon after all" over "We've cancelled the Lisbon trip")."""
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
    revived = revived and new.update and not parity and not sides
    return parity != sides or ended or revived, ended


def compare(new: Analysis, old: Analysis) -> Diff:
    new, old = _on_one_clock(new, old)
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


def _on_one_clock(new: Analysis, old: Analysis) -> tuple[Analysis, Analysis]:
    """The two readings with a time said in words ("half past seven") put in the half of the
    day the other text says it in (19:30)."""
    from dataclasses import replace

    from .values import on_the_clock_of, worded_hours

    mine, theirs = worded_hours(new.folded), worded_hours(old.folded)
    if not (mine & new.values or theirs & old.values):
        return new, old
    moved = replace(new, values=on_the_clock_of(new.values, mine, old.values))
    return moved, replace(old, values=on_the_clock_of(old.values, theirs, new.values))


def same_text(a: str, b: str) -> bool:
    """Equal once case, accents, punctuation, spacing and the words that open a sentence and
    say nothing of it ("FYI:", "Oh and"; language.framing) are set aside."""
    from ..language.framing import statement

    return _plain(statement(a)) == _plain(statement(b))


def _plain(text: str) -> str:
    return " ".join(tokens(unicodedata.normalize("NFKC", text)))
