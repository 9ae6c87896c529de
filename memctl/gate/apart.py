"""Who or what two texts the write gate has read are about: the names each gives, whether a
name or a value is spelled anew, and whether they speak of different people or things (another
person's sister, another role's holder, names that share nothing). compare.py reads what
differs between texts about the same thing.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..words import stem, tokens
from .roles import new_holder, other_holders, succeeded, takes_over

if TYPE_CHECKING:
    from .reading import Analysis

RESPELLED_LENGTH = 5
RESPELLED_RATIO = 70


def kinds(values: frozenset[str]) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for value in values:
        kind, _, _ = value.partition(":")
        out.setdefault(kind, set()).add(value)
    return out


def changed_kinds(a: Analysis, b: Analysis) -> list[str]:
    """Value kinds where each text has a value the other lacks (Wednesday vs Thursday), or
    where a says its value is the only one ("just tuesdays") and b has others."""
    ka, kb = kinds(a.values), kinds(b.values)
    only = {
        k for m in _ONLY.finditer(a.folded) for k in kinds(values_of(m["after"] or m["before"]))
    }
    return [
        k for k in sorted(ka.keys() & kb.keys()) if (ka[k] - kb[k] or k in only) and kb[k] - ka[k]
    ]


# "just tuesdays", "only on the friday", "just the friday one", "fridays only"
_ONLY = re.compile(
    r"\b(?:just|only)\s+(?:on\s+)?(?:the\s+)?(?P<after>[\w'-]+)|\b(?P<before>[\w'-]+)\s+only\b"
)


def values_of(word: str) -> frozenset[str]:
    """The values one word says, as analyze reads them: a weekday, a month, a part of the day,
    a number or a time."""
    from .. import lexicon
    from ..language.cues import MONTH_WORDS, WEEKDAY_WORDS
    from .values import date_value, take_values

    if word in WEEKDAY_WORDS or word in MONTH_WORDS:
        return frozenset({date_value(word)})
    if word in lexicon.DAY_PARTS:
        return frozenset({f"t:{lexicon.DAY_PARTS[word]}"})
    found: set[str] = set()
    take_values(word, found)
    return frozenset(found)


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
_BACK = re.compile(r"\b(his|her|their)\s+(?:[\w'-]+\s+)?([\w'-]+)")
# Whose a "his" or "her" is, when the someone is a man or a woman by the word for them: "Priya's
# husband Dev has his birthday on 2 June" speaks of Dev's birthday, not Priya's
_HIS = frozenset(
    "brother father dad husband boyfriend fiance son uncle grandpa grandfather nephew".split()
)
_HERS = frozenset(
    "sister mother mum mom mam wife girlfriend fiancee daughter aunt grandma grandmother "
    "niece".split()
)


def _someone_of(a: Analysis, b: Analysis) -> bool:
    """Does a speak of someone of a person b is about ("Tom's sister Clara lives in Munich" for
    "Tom lives in Hamburg"; "Priya's manager is Omar" for "Priya is a product manager"), where b
    does not speak of them and a does not speak again of a thing b gives the person ("… his
    pills", where "with her husband" is the other person's), and that both texts do not name
    by another name: another person, though the name is shared?"""
    someone = _OF_ANOTHER.findall(a.folded)
    theirs_too = {"his"} if any(r in _HIS for _, r in someone) else set()
    theirs_too |= {"her"} if any(r in _HERS for _, r in someone) else set()
    if any(
        stem(w) in b.words
        for m in _BACK.finditer(a.folded)
        if m[1] not in theirs_too
        for w in m.group().split()[1:]
    ):
        return False  # "Grandpa's doctor switched his pills": still about Grandpa's pills
    theirs = set(_OF_ANOTHER.findall(b.folded))
    shared = a.names & b.names
    return any(
        stem(who) in b.words
        and (who, rel) not in theirs
        and shared <= {stem(who)}  # both name that someone ("… still Mr Patel"): the same one
        for who, rel in someone
    )


_OWNED = re.compile(r"^\s*[^\W\d_]+['\u2019]s\s+([^\W\d_]+)")  # "Leo's party …"


def _their_thing_said(x: Analysis, y: Analysis) -> bool:
    """Does x open with someone's thing ("Leo's party is on Saturday") that y says again, with a
    word of change ("we moved the party to Sunday")? y is about that thing, though "we" do it."""
    m = _OWNED.match(x.folded)
    return m is not None and y.update and stem(m[1]) in {stem(w) for w in tokens(y.folded)}


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
    if _someone_of(a, b) or _someone_of(b, a) or other_holders(a, b):
        return set(), set(), True
    if succeeded(a, b):  # "dr okafor retired so i'm seeing dr patel now": Okafor's role
        return set(), set(), False
    na, nb = _names_of(a, b), _names_of(b, a)
    shared = set(na & nb)
    only_a, only_b = set(na - nb - b.rejected), set(nb - na - a.rejected)
    if a.correction:
        shared |= {x for x, _ in respelled(only_a, only_b)}
    lead_a, lead_b = _lead(a, b), _lead(b, a)
    gives_up = bool(a.rejected & b.words)  # a gives up a thing of b's by name: about b's thing
    # "our new plumber is Joe Rossi" for "Our plumber is Jim Hardy": one name for another
    holder = bool(only_a and only_b) and new_holder(a, b)
    # "Going forward Aisha will run the panel" for "Tom runs the hiring panel": the act's holder
    holder = holder or takes_over(a, b, only_a, only_b)
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
            and not _their_thing_said(x, y)  # "we moved the party to Sunday": Leo's party
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
