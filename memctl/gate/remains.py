"""What still holds of an entry when a new text turns only part of it.

"Emma is not allergic to peanuts after all" over "Emma is allergic to peanuts and also to kiwi"
says nothing of the kiwi: the old entry lists two things and the new text names one. What
remains, "Emma is allergic to kiwi", is carried forward. And "Mr. Grant has a new number" over
"Our landlord is Mr. Grant, his number is …" names him but not what he is: without "Our landlord
is Mr. Grant" carried, nothing open would say who the landlord is.
"""

from __future__ import annotations

import re

from ..lexicon import LIGHT
from ..words import fold
from .compare import Diff
from .reading import Analysis, analyze

# Where a list's items part: "peanuts and also to kiwi", "tennis, football and chess"
_AND = re.compile(
    r"(?<!\s)\s*,\s*(?:and\s+|&\s+)?(?:also\s+)?|(?<!\s)\s+(?:and|&|plus|as\s+well\s+as)\s+"
    r"(?:also\s+)?",
    re.IGNORECASE,
)
ITEM_WORDS = 3  # an item of a list: "kiwi", "to kiwi", "on Sundays"
_TITLES = frozenset("dr mr mrs ms miss prof sir".split())  # "Mr. Grant" is Grant
_LEADS = frozenset("to of with from for on in at".split())  # "…to peanuts and to kiwi"


def other_items(new: Analysis, old: Analysis) -> str | None:
    """The old text without the one item of its list that a negated new text names, or None:
    "Emma is allergic to kiwi" for "Emma is not allergic to peanuts", where the entry said
    "Emma is allergic to peanuts and also to kiwi". None unless the old text is not itself
    negated, lists two or more items, and exactly one of them is named by the new text."""
    if new.polarity != 1 or old.polarity:
        return None
    text = old.text.strip().rstrip(".!")
    parts = _AND.split(text)
    if len(parts) < 2:
        return None
    head_words = text[: len(parts[0])].split()
    if len(head_words) < 2:
        return None
    # the first item is the first part's last word: "Emma is allergic to [peanuts]"
    items = [head_words[-1], *parts[1:]]
    if any(len(item.split()) > ITEM_WORDS for item in items):
        return None  # clauses, not a list: "Our plumber is Jim, his number is …"
    said = new.words | new.values
    named = [i for i, item in enumerate(items) if _said(item) and _said(item) <= said]
    unsaid = [i for i, item in enumerate(items) if not _said(item) & said]
    if len(named) != 1 or not unsaid or len(named) + len(unsaid) != len(items):
        return None
    head = head_words[:-1]
    kept = [_unled(items[i], head) for i in unsaid]
    listed = kept[0] if len(kept) == 1 else f"{', '.join(kept[:-1])} and {kept[-1]}"
    return f"{' '.join(head)} {listed}"


def _said(text: str) -> frozenset[str]:
    read = analyze(text)
    return read.words - LIGHT | read.values


def _unled(item: str, head: list[str]) -> str:
    """An item without the word that leads it when the head ends with that word ("to kiwi"
    after "allergic to")."""
    words = item.split()
    if (
        len(words) > 1
        and head
        and words[0].lower() in _LEADS
        and head[-1].lower() == words[0].lower()
    ):
        return " ".join(words[1:])
    return item


def role_unsaid(part: Analysis, new: Analysis, given: set[str]) -> bool:
    """Does the entry's first phrase say what someone the new text names is ("Our landlord is
    Mr. Grant"), which the new text leaves unsaid ("Mr. Grant has a new number")? Not when the
    new text says a word of it (it speaks of the same thing: "Anna is allergic to sesame" for
    "Anna is allergic to nuts"), nor when the phrase holds a value the new text replaces."""
    names = part.names - _TITLES
    if not names or not names <= new.names:
        return False
    role = part.words - part.names - _TITLES - LIGHT - part.polar
    if role & (new.words | new.rejected):
        return False  # "Anna is allergic to sesame" speaks of what "… allergic to nuts" does
    replaced = {v.partition(":")[0] for v in part.values} & given
    return bool(role) and not replaced


_WORD = re.compile(r"(?<![\w'-])\w[\w'-]*")  # a word as a text writes it
# a code: letters and digits joined by hyphens ("db-stg-01", "INV-2031"), never a date or a range
_CODE = re.compile(r"(?<![\w-])\w+(?:-\w+)+")


def _is_code(word: str) -> bool:
    return (
        bool(_CODE.fullmatch(word))
        and any(c.isdigit() for c in word)
        and any(c.isalpha() for c in word)
    )


def code_values(phrase: str, new: Analysis) -> frozenset[str]:
    """The values a phrase writes outside a code the new text does not write: "01" of
    "db-stg-01" is not a number another number replaces."""
    kept = [w for w in _WORD.findall(phrase) if not _is_code(w) or fold(w) in new.folded]
    return analyze(" ".join(kept)).values


def only_in_codes(part: Analysis, new: Analysis) -> set[str]:
    """The words a phrase writes only inside a code the new text does not write ("db" of
    "on db-stg-01", where the new text says "staging db is on 5433"): restating a piece of a
    code is not restating the code."""
    codes: set[str] = set()
    loose: set[str] = set()
    for word in _WORD.findall(part.text):
        pieces = analyze(word.replace("-", " ")).words
        if _is_code(word) and fold(word) not in new.folded:
            codes |= pieces
        else:
            loose |= pieces
    return codes - loose


# "same", in the languages the gate reads: "gleicher Raum", "même heure", "stessa ora"; "the
# usual time"
_SAME = (
    r"same|usual|gleiche[nrsm]?|selbe[nrms]?|meme|mism[oa]s?|mesm[oa]s?|stess[oaie]|(?:de|het)?zelfde|"
    r"ta\s+sama|to\s+samo|ten\s+sam"
)
# "same zoom room", "still on Meet", "still a morning slot": what a text says is unchanged, named
# but not given
UNCHANGED = re.compile(
    rf"(?<![\w'])(?:still|{_SAME}|unchanged|as\s+before)(?![\w'])\s+((?:[\w'-]+\s+){{0,2}}[\w'-]+)"
)
# "same slot, same pool", "gleiche Uhrzeit": a detail said to stay by its kind, not its value
_KEPT_KINDS = {
    "t": "time times slot hour hours timing uhrzeit zeit heure horaire hora horario ora orario "
    "tijd tijdstip godzina",
    "wd": "day days tag jour dia giorno dag dzien",
    "d": "date datum fecha data",
    "at": "place room pool venue location address spot site office building hall court pitch "
    "raum ort saal salle lieu endroit sala sitio lugar posto luogo plek zaal locatie adres "
    "miejsce",
    "who": "title role job position department dept team abteilung poste puesto ruolo functie rola",
}
_KIND_OF = {word: kind for kind, words in _KEPT_KINDS.items() for word in words.split()}


def rest_holds(new: Analysis, old: Analysis) -> bool:
    """Does the text say that a part of the entry still holds ("ella's swimming is fridays
    from after half term, still at fairfield")? Said beside another value, it tells that the
    rest changed: what is the same is named only when something else is not."""
    for match in UNCHANGED.finditer(new.folded):
        if _likens(match.group(1)):
            continue
        said = analyze(match.group(1))
        if said.words & old.words or said.values & old.values or said.names & old.names:
            return True
        if _holds_kind(_KIND_OF.get(match.group(1).split()[0], ""), old):
            return True
    return False


def kept_kinds(new: Analysis) -> set[str]:
    """The kinds of detail a text says stay, by the kind ("same slot, same pool", "gleiche
    Uhrzeit, gleicher Raum", "same department"): "t", "wd", "d", "at" (a place), "who"."""
    said = [m.group(1) for m in UNCHANGED.finditer(new.folded)]
    return {_KIND_OF[s.split()[0]] for s in said if s.split()[0] in _KIND_OF and not _likens(s)}


def kept_by_kind(new: Analysis) -> bool:
    """Does the text say a detail stays by its kind? It changes another detail of a thing on
    file."""
    return bool(kept_kinds(new))


_AS = frozenset("as wie que come als jak".split())
_AS_EVER = frozenset("before usual always ever now last".split())  # "same time as before"


def _likens(said: str) -> bool:
    """Does "same …" liken another thing to it ("same room as the piano lessons"), rather than
    say it stays ("same time as before")?"""
    words = said.split()
    return len(words) > 2 and words[1] in _AS and words[2] not in _AS_EVER


def _holds_kind(kind: str, old: Analysis) -> bool:
    """Does the entry hold a detail of that kind: a time, a day, a place or a person by name?"""
    if kind == "t":
        return any(v.startswith("t:") for v in old.values)
    if kind in ("wd", "d"):
        return any(v.startswith(("d:", "wd:")) for v in old.values)
    return kind in ("at", "who") and bool(old.names)


def of_a_kind_changed(diff: Diff, other: Analysis) -> bool:
    """Could another entry be the one a text changes a value of: it holds a value of a kind
    that changed, or none changed ("cut him back to one and a half scoops", said of a dog's
    food beside his vet's name: the vet's entry has no amount)?"""
    return not diff.changed or any(v.partition(":")[0] in diff.changed for v in other.values)
