"""Whether a text says an entry on file again in its own words: chat as people type it.

A person says again what is on file with words of their own around it ("so yeah basically, like
I said, …", "reminder: …", "Noting that …"), typed fast ("alergic", "penicilin"), short
("gnr" for the Great North Run, "sub 2hrs" for under two hours), with the name another line of
the same note gives the thing ("the yaris" where the note says the car is a Yaris), and with a
word of how often beside the day it names ("saturdays, every week, that's the routine"), with
chat's words for a count or a share ("2x a day", "go halves"). Each such word is read as said
(`plain`, `unsaid`); a text all of whose words are said by the entry, or read as said, with no
value, side or word of change of its own, repeats it.

Nothing here reads a name, a number, a day, a place, a negation or a change as said: those
are compared as they are (compare.Diff), and any of them new keeps the text new.

restated.reworded_repeat is the other way a repeat in other words is read: by the model alone,
close in meaning, with the entry's side said in other words ("Anna can't eat nuts" for "Anna is
allergic to nuts"). This one reads the words first, and needs the model less.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..lexicon import BARE_VERBS, LIGHT
from ..words import is_word, stem, tokens
from .compare import Diff
from .reading import Analysis, analyze, compare, content_word, says_fewer

# Words around a statement that carry nothing of it: a lead-in, a hedge of speech, a tag
_FILLER = re.compile(
    r"(?<![\w'])(?:so\s+yeah|yeah|yep|basically|honestly|literally|obviously|tbh|tbf|fwiw|lol|btw|fyi|"
    r"haha+|i\s+mean|you\s+know|as\s+you\s+know|of\s+course|ofc"
    r"|like\s+i\s+(?:said|say|told\s+you)|as\s+i\s+(?:said|say|mentioned|told\s+you)"
    r"|as\s+(?:mentioned|noted|discussed)|(?:as|like)\s+(?:always|usual|ever)|just\s+saying"
    r"|to\s+be\s+(?:fair|honest)"
    # the label a record opens with: "Calendar:", "Contact card:", "Reminder -"
    r"|^\s*(?:calendar|contact(?:\s+card)?|event|task|to-?do|reminder|note|memo|record)\s*[:\-]"
    r"|that'?s\s+(?:just\s+)?(?:the|our|my)\s+(?:routine|drill|norm|usual|habit)"
    # what opens a sentence to say it is noted: "reminder", "Noting that", "Got it:"
    r"|(?:^|(?<=[.!?;:]\s))(?:so|ok(?:ay)?|right|anyway)?\s*(?:,\s*)?(?:just\s+)?(?:a\s+)?"
    r"(?:(?:quick\s+|friendly\s+)?reminder(?:\s+that)?|(?:note|recap)(?:\s+that|(?=\s*[:,\-]))"
    r"|(?:noting|recording|logging|saving|remembering|i'?ll\s+remember)\s+that"
    r"|(?:understood|got\s+it|noted)(?=\s*[:,\-]))(?!\w))(?![\w'])",
    re.IGNORECASE,
)
# Words that name what a record is kept as ("Calendar: recurring event 'Brownies'…"), or that
# say it comes round ("routine", "regular"): nothing of the thing, where both texts give the
# same day of the week or the entry says how often
_KEPT_AS = frozenset(stem(w) for w in "calendar event entry".split())
_HOW_OFTEN = frozenset(
    content_word(w) for w in "week weekly recurring recur routine regular regularly usual".split()
)
_OTHER = content_word("alternate")  # "every other week", as reading.analyze reads it
_EVERY = re.compile(r"(?<!\w)(?:every|each|weekly|daily|monthly)(?!\w)")
# Verbs that say little beside an entry that says what they do: "brings me out in a rash" for
# "gets a rash" (reworded_repeat's bare verbs, and one more of their kind)
_LIGHT_VERBS = BARE_VERBS | {content_word("bring"), content_word("brings")}
# Verbs of a price, which say little beside an entry that gives the same amount ("spotify
# family costs nineteen ninety-nine quid a month" for "Spotify Family is £19.99 a month")
_PRICE_VERBS = frozenset(content_word(w) for w in "cost costs charge charges priced".split())
# A word of what must be done by a day ("needs its MOT by 14 Aug") says what "is due" says
_OWED = frozenset(content_word(w) for w in "need needs due must required".split())
# A short form that stands for a phrase the entry may hold in full: "sub 2hrs" is under two hours
_SHORT_PHRASES = {
    "sub": ("under", "below", "less than"),
    "approx": ("about", "around", "roughly"),
    "min": ("at least", "minimum"),
    "max": ("at most", "maximum", "no more than"),
}
TYPED = 5  # a word this long or longer, one letter off another and no word itself, is a slip
MEANING = 0.5  # said again in other words this close in meaning (the semantic path)…
COVERED = 0.6  # …or with this much of the entry said, every word read as said
SHARED = 2  # and at least this many words (or a value and a word) said by both


# How many times, said short: "2x a day" is "twice a day", "3x/wk" three times a week; "7ish"
# is about 7
_TIMES = re.compile(
    r"(?<![\w.])([1-9])\s?x(?:\s*/\s*|\s+(?=(?:a|an|per|each|every)\b))", re.IGNORECASE
)
_TIMES_SAID = {"1": "once", "2": "twice"}
_ISH = re.compile(r"(?<=\d)\s?-?ish(?!\w)", re.IGNORECASE)
# A cost shared in two, in chat: "go halves", "split it down the middle" is "split 50/50"
_HALVES = re.compile(
    r"(?<!\w)(?:go(?:es|ing)?\s+halves|(?:go(?:es|ing)?\s+)?(?:50-50|fifty-fifty)"
    r"|split(?:s|ting)?\s+(?:it\s+|the\s+cost\s+)?(?:evenly|equally|down\s+the\s+middle))(?!\w)",
    re.IGNORECASE,
)


# The days of the working week, or of the weekend, named as a span or in a word: said either
# way, as the entry says them
_SPANS = (
    (
        "weekdays",
        "monday to friday",
        re.compile(
            r"(?<!\w)mon(?:day)?s?\s*(?:-|–|to|till|thru|through)\s*fri(?:day)?s?(?!\w)", re.I
        ),
    ),
    (
        "weekends",
        "saturday and sunday",
        re.compile(r"(?<!\w)sat(?:urday)?s?\s*(?:-|–|&|\+|/|and)\s*sun(?:day)?s?(?!\w)", re.I),
    ),
)


def _as_its_days(text: str, old: Analysis) -> str:
    """The text with the days of the week or of the weekend said as the entry says them: "mon-fri"
    where it says "weekdays", "weekends" where it says "Saturday and Sunday"."""
    for word, span, said in _SPANS:
        if content_word(word) in old.words:
            text = said.sub(word, text)
        elif said.search(old.folded):
            text = re.sub(rf"(?<!\w){word[:-1]}s?(?!\w)", span, text, flags=re.I)
    return text


_ORDINALS = "first second third fourth fifth".split()
_ORDINAL = re.compile(r"(?<![\w.])([1-5])(?:st|nd|rd|th)(?!\w)", re.IGNORECASE)


def _as_its_words(text: str, old: Analysis) -> str:
    """The text with an ordinal written in figures ("1st thurs") as the entry writes it in a
    word ("the first Thursday")."""

    def word(m: re.Match[str]) -> str:
        said = _ORDINALS[int(m[1]) - 1]
        return said if content_word(said) in old.words else m.group()

    return _ORDINAL.sub(word, text)


def _times(m: re.Match[str]) -> str:
    said = _TIMES_SAID.get(m[1], f"{m[1]} times")
    return f"{said} a " if "/" in m.group() else f"{said} "  # "3x/wk": three times a week


def plain(text: str, old: Analysis | None = None) -> str:
    """The text without the words around it that carry nothing ("so yeah basically", "like I
    said", "Noting that", "reminder"), with chat's count or share in words ("2x a day", "go
    halves"), and, against `old`, each word typed one letter off a word of it, an ordinal in
    figures and the days of the working week or the weekend written as `old` writes them:
    what is left is compared."""
    said = re.sub(r"\s+", " ", _FILLER.sub(" ", text.replace("\u2019", "'"))).strip(" ,.;:-")
    said = _TIMES.sub(_times, said)
    said = _HALVES.sub("split 50/50", _ISH.sub("", said))
    if old is None:
        return said
    said = _as_its_words(_WORD.sub(lambda m: _typed(m.group(), old), said), old)
    return _as_its_days(said, old)


def said_again(
    new: Analysis, old: Analysis, meaning: float | None, kin: Iterable[Analysis] = ()
) -> bool:
    """Does the text say what `old` says, every word of it said by the entry or read as said
    (`plain`, `unsaid`), with no value, side, ending or word of change of its own? Close in
    meaning (MEANING), or, with the semantic path off or unsure, with COVERED of the entry
    said and no verb read as the entry's."""
    if new.update or new.correction or new.update_weak or new.hedged or new.rejected:
        return False
    if not (new.words & old.words or new.values & old.values):
        return False  # nothing said by both: about another thing (and read no further)
    stripped = plain(new.text, old)
    mine = analyze(stripped) if stripped and stripped != new.text else new
    diff = compare(mine, old)
    if _differs(diff) or {k for k, _ in old.poles} - {k for k, _ in mine.poles}:
        return False  # a side the entry says ("allergic", "stopped") the text must say too
    if mine.polar - old.polar - old.words or diff.lost and says_fewer(mine):
        return False  # a side of its own ("closed"), or fewer of it ("only on mondays")
    extra, said = unsaid(mine, diff, old, tuple(kin))
    priced = any(v.startswith("n:") for v in mine.values & old.values)
    if extra - _LIGHT_VERBS - (_PRICE_VERBS if priced else frozenset()):
        return False
    # the entry's words the text says, as they are or short ("physio appt"), or read as said
    told = (old.words - diff.missing - old.polar - LIGHT) | said
    shared = len(told) + (1 if mine.values & old.values else 0)
    if shared < SHARED:
        return False
    if meaning is not None and meaning >= MEANING:
        return True
    return not extra and len(told) >= COVERED * len(old.words)


def _differs(diff: Diff) -> bool:
    return bool(diff.differs or diff.fresh or diff.ended or diff.apart or diff.rejects)


def unsaid(
    new: Analysis, diff: Diff, old: Analysis, kin: tuple[Analysis, ...]
) -> tuple[frozenset[str], frozenset[str]]:
    """(the words of the text the entry does not say and nothing here reads as said, the
    entry's words read as said by the others: an acronym's, a typo's, a note-mate's)."""
    extra = set(diff.extra)
    said: set[str] = set()
    for word, theirs in _initials(new, old, extra).items():
        extra.discard(word)
        said |= theirs
    for word, theirs in _named_beside(extra, diff, kin).items():
        extra.discard(word)
        said |= theirs
    for word, theirs in _closed_up(new, old, extra).items():
        extra.discard(word)
        said |= theirs
    spelt = _spelt_out(new, old, diff.missing)
    extra -= spelt
    said |= {w for w in diff.missing if spelt and w in _short_words(old)}
    extra -= _KEPT_AS
    weekly = _EVERY.search(old.folded) or {v for v in new.values & old.values if v[:3] == "wd:"}
    if weekly and _OTHER not in old.words:  # not "every other Saturday"
        extra -= _HOW_OFTEN
    if extra & _OWED and old.words & _OWED:
        extra -= _OWED
    for short, phrases in _SHORT_PHRASES.items():
        if short in extra and any(re.search(rf"(?<!\w){p}(?!\w)", old.folded) for p in phrases):
            extra.discard(short)
    return frozenset(extra), frozenset(said)


_WORD = re.compile(r"[^\W\d_][\w'-]*")


def _typed(word: str, old: Analysis) -> str:
    """`word` as `old` writes it when typed one letter off one of its words ("alergic",
    "penicilin"), being no word of its own (memctl's dictionary) and the other no name; else
    `word`."""
    from rapidfuzz.distance import OSA

    typed = word.casefold()
    if len(typed) < TYPED or typed in old.folded.split():
        return word
    for theirs in dict.fromkeys(tokens(old.folded)):
        if theirs[0] != typed[0] or abs(len(theirs) - len(typed)) > 1 or len(theirs) < TYPED:
            continue
        if content_word(theirs) in old.names:
            continue
        if OSA.distance(typed, theirs, score_cutoff=1) <= 1:
            # a word of its own is no slip ("ladder" for "larder"); the dictionary is read
            # only for a word that is one letter off (most texts have none)
            return word if is_word(typed) else theirs
    return word


def _closed_up(new: Analysis, old: Analysis, extra: set[str]) -> dict[str, frozenset[str]]:
    """The words of `extra` that are two words of the entry one after the other, closed up
    ("bookclub" for "book club", "carpark" for "car park"): those words, said."""
    pairs = list(zip(tokens(old.folded), tokens(old.folded)[1:], strict=False))
    found: dict[str, frozenset[str]] = {}
    for token in tokens(new.folded):
        word = content_word(token)
        if word in extra and not is_word(token):
            for a, b in pairs:
                if token == a + b and {content_word(a), content_word(b)} <= old.words:
                    found[word] = frozenset({content_word(a), content_word(b)})
    return found


def _short_words(old: Analysis) -> set[str]:
    """The entry's words that may be acronyms: two to six letters, no word of the dictionary."""
    return {content_word(t) for t in tokens(old.folded) if 2 <= len(t) <= 6 and not is_word(t)}


def _spelt_out(new: Analysis, old: Analysis, missing: frozenset[str]) -> set[str]:
    """The text's words that spell out an acronym of the entry the text leaves out, one after
    another ("national health service" for "NHS"): those words, as the entry's acronym."""
    short = {t for t in tokens(old.folded) if content_word(t) in missing & _short_words(old)}
    said = tokens(new.folded)
    for acronym in short:
        for start in range(len(said) - len(acronym) + 1):
            run = said[start : start + len(acronym)]
            if "".join(w[0] for w in run) == acronym:
                return {content_word(w) for w in run}
    return set()


_CAPITALISED = re.compile(r"(?<![\w'-])[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)+")


def _initials(new: Analysis, old: Analysis, extra: set[str]) -> dict[str, frozenset[str]]:
    """The words of `extra` that spell the initials of the entry's capitalised words one after
    another ("gnr": Great North Run, "nhs": National Health Service): those words, said."""
    found: dict[str, frozenset[str]] = {}
    runs = [m.group().split() for m in _CAPITALISED.finditer(old.text)]
    for token in tokens(new.folded):
        word = content_word(token)
        if word not in extra or not 2 <= len(token) <= 6 or is_word(token):
            continue
        for run in runs:
            for start in range(len(run)):
                part = run[start : start + len(token)]
                if len(part) == len(token) and "".join(w[0] for w in part).casefold() == token:
                    found[word] = frozenset(content_word(w.casefold()) for w in part)
    return found


# A line that says what a thing is: "Car is a 2018 Toyota Yaris", "The van's a Ford Transit"
_WHAT_IT_IS = re.compile(r"^(?:the|our|my|his|her|their)?\s*([^\W\d_]+)(?:\s+(?:is|are)|'s)\s")


def _named_beside(
    extra: set[str], diff: Diff, kin: tuple[Analysis, ...]
) -> dict[str, frozenset[str]]:
    """The words of `extra` another line of the same note names a word of the entry by, a word
    the text leaves out ("the yaris" where the note says "Car is a 2018 Toyota Yaris"): that
    line says what the thing is, and the name is the entry's word. A line that only says the
    name beside the word ("Jake drives the van") names no van "Jake"."""
    found: dict[str, frozenset[str]] = {}
    for other in kin:
        m = _WHAT_IT_IS.match(other.folded)
        thing = content_word(m[1]) if m else None
        if thing is None or thing not in diff.missing:
            continue
        for word in extra & other.names:
            found[word] = frozenset({thing})
    return found
