"""A text in another language than the entry it changes ("la mise en prod d'Atlas glisse au 24
mars" for "Atlas migration go-live is 3 March"). The model of meaning reads English, and the
words of two languages are not alike: what ties such a text to an entry is what both write the
same way in any language, a name ("Atlas", "Helen", "Etsy"), and a value of a kind both give
that differs (a date, an amount). Only the one entry so tied is changed; two, and the text is
new, naming the one it may replace."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from ..language.cues import MONTH_WORDS, WEEKDAY_WORDS
from ..words import STOPWORDS, tokens
from .compare import Diff, compare
from .reading import SMALL_WORDS_ABROAD

if TYPE_CHECKING:
    from .labeler import Known
    from .reading import Analysis

# The small words of the languages the gate reads beside English (reading.SMALL_WORDS_ABROAD),
# with Dutch and Polish ones; a word English writes too ("a", "no", "as", "do") counts for
# neither side.
_OTHERS = (
    SMALL_WORDS_ABROAD
    | frozenset(
        "ha han esta este esto uno muy pero mas ya hay nao um ao foi une ne pas nous vous mais "
        "plus ich wir sie er nicht aus noch nur schon het een van dit voor ze ook niet met naar "
        "bij zijn wordt che non sono abbiamo della delle degli nel nella ho hai jest nie od "
        "za".split()
    )
) - STOPWORDS
# "a" is a word of Portuguese, Spanish, Italian and French ("à") as much as of English
_ENGLISH = STOPWORDS - _OTHERS - {"a"}
# How close across languages (memctl.search.across: multilingual-e5-small, on whose scale two
# unrelated sentences stand near 0.75) a text must be to one entry to be about it, and how much
# closer than to any other: in the tuned sets, 38 of 39 texts in another language stand closest
# to their entry, 0.83-1.0 from it and 0.013-0.09 above the next line; a text about none, 0.84 at
# most and 0.02 at most above the next (docs/gate.md).
ACROSS = 0.82
ACROSS_AHEAD = 0.02
ACROSS_CUED = 0.85  # …this close, when only a word of change says it changes
REPEATED_ACROSS = 0.88  # a text this close that says nothing else of the entry repeats it


def not_english(new: Analysis) -> bool:
    """Is the text written in another language than English: more of its small words are
    another language's, two at least?"""
    said = tokens(new.folded)
    others = sum(w in _OTHERS for w in said)
    return others >= 2 and others > sum(w in _ENGLISH for w in said)


def tied_across(new: Analysis, old: Analysis, diff: Diff) -> bool:
    """Does a text in another language name what the entry names, or say a value the entry
    gives is not so ("il mercoledì, non il martedì" for "Bin day is Tuesday"), and give another
    value of a kind the entry gives (another date, amount, time or day)?"""
    shared = (new.words | new.names) & (old.words | old.names)
    if diff.changed and any(len(w) >= 4 for w in shared):
        return True
    gone = said_not(new) & old.values
    kinds = {v.partition(":")[0] for v in gone}
    return any(v.partition(":")[0] in kinds for v in new.values - gone - old.values)


def label_across(new: Analysis, k: Known) -> tuple[Literal["correction", "update", "repeat"], str]:
    """A repeat when it says the entry again (repeated_across); a correction when the text
    says so, or says a value of the entry is not so and no word of change ("…, niet op
    maandag"); an update otherwise. With why."""
    if repeated_across(new, k):
        return "repeat", f"in another language, says what {k.key} says (close across languages)"
    old = k.info
    wrong = new.correction or not new.update and bool(said_not(new) & old.values)
    return (
        "correction" if wrong else "update",
        f"in another language, says otherwise what {k.key} says",
    )


def repeated_across(new: Analysis, k: Known) -> bool:
    """Does a text in another language say the entry again: REPEATED_ACROSS close to it, the
    same values (one at least: a date, a number), every name of it the entry's, no more words
    than the entry has but one, and nothing else of it (changes_across)? A detail added in
    words is no value, and a text that says it is longer: such a text stays new."""
    if k.across is None or k.across < REPEATED_ACROSS or not new.values:
        return False
    old = k.info
    if new.values != old.values or new.names - old.names - old.words:
        return False
    if len(tokens(new.folded)) > len(tokens(old.folded)) + 1:
        return False
    return not changes_across(new, k)


def said_not(new: Analysis) -> frozenset[str]:
    """The values a text says are not so ("…, non il martedì": wd:2), as analyze reads them."""
    return frozenset(v for v in new.rejected if ":" in v)


def words_for(values: frozenset[str]) -> list[str]:
    """The words of every language read here for these days and months ("tuesday", "martes",
    "dienstag" for wd:2): how an entry that gives one of them is found."""
    return [
        word
        for table, kind in ((WEEKDAY_WORDS, "wd"), (MONTH_WORDS, "mo"))
        for word, number in table.items()
        if f"{kind}:{number}" in values and len(word) > 3
    ]


def tied_entries(new: Analysis, entries: list[Known]) -> list[Known]:
    """The entries a text in another language is tied to (tied_across), the ones a person
    wrote or the agent did; else the one clearly closest to it across languages
    (closest_across), when the text says something else of it (changes_across). None for a
    text in English or one said as a maybe."""
    if new.hedged or not not_english(new):
        return []
    ours = [k for k in entries if not k.rule and k.trust != "untrusted"]
    tied = [k for k in ours if tied_across(new, k.info, compare(new, k.info))]
    if tied:
        return tied
    k = closest_across(ours)
    if k is None or max(entries, key=lambda e: e.across or 0.0) is not k:
        return []  # none, or a rule closer still: the text is about the rule
    ahead = changes_across(new, k) or repeated_across(new, k)
    return [k] if ahead else []


def closest_across(entries: list[Known]) -> Known | None:
    """Of `entries`, the one closest to the text across languages: ACROSS close at least, and
    ACROSS_AHEAD closer than any other; None without the model."""
    read = sorted((k for k in entries if k.across is not None), key=lambda k: -(k.across or 0.0))
    if not read or (read[0].across or 0.0) < ACROSS:
        return None
    if len(read) > 1 and (read[0].across or 0.0) - (read[1].across or 0.0) < ACROSS_AHEAD:
        return None
    return read[0]


def changes_across(new: Analysis, k: Known) -> bool:
    """Does a text in another language say something else of the entry it is about: another
    value of a kind both give, a value of a kind the entry lacks (a plan's day, a price), a
    value of it said not to be so; or, ACROSS_CUED close, a word of change or of a slip ("ab
    sofort", "me equivoqué") alone?"""
    old = k.info
    if compare(new, old).changed or said_not(new) & old.values:
        return True
    kinds = {v.partition(":")[0] for v in old.values}
    if any(v.partition(":")[0] not in kinds for v in new.values):
        return True
    return (new.update or new.correction) and (k.across or 0.0) >= ACROSS_CUED
