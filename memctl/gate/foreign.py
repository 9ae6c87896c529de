"""A text in another language than the entry it changes ("la mise en prod d'Atlas glisse au 24
mars" for "Atlas migration go-live is 3 March"). The model of meaning reads English, and the
words of two languages are not alike: what ties such a text to an entry is what both write the
same way in any language, a name ("Atlas", "Helen", "Etsy"), and a value of a kind both give
that differs (a date, an amount). Only the one entry so tied is changed; two, and the text is
new, naming the one it may replace."""

from __future__ import annotations

from typing import TYPE_CHECKING

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
    """Does a text in another language name what the entry names and give another value of a
    kind the entry gives (another date, amount, time or day)?"""
    shared = (new.words | new.names) & (old.words | old.names)
    return bool(diff.changed) and any(len(w) >= 4 for w in shared)


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
