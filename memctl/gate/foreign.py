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
_ENGLISH = STOPWORDS - _OTHERS


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


def label_across(new: Analysis, old: Analysis) -> Literal["correction", "update"]:
    """A correction when the text says so, or says a value of the entry is not so and no word
    of change ("…, niet op maandag"); an update otherwise."""
    wrong = new.correction or not new.update and bool(said_not(new) & old.values)
    return "correction" if wrong else "update"


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
    wrote or the agent did; none for a text in English or one said as a maybe."""
    if new.hedged or not not_english(new):
        return []
    return [
        k
        for k in entries
        if not k.rule and k.trust != "untrusted" and tied_across(new, k.info, compare(new, k.info))
    ]
