"""A text in another language than the entry it changes ("la mise en prod d'Atlas glisse au 24
mars" for "Atlas migration go-live is 3 March"). The model of meaning reads English, and the
words of two languages are not alike: what ties such a text to an entry is what both write the
same way in any language, a name ("Atlas", "Helen", "Etsy"), and a value of a kind both give
that differs (a date, an amount). Only the one entry so tied is changed; two, and the text is
new, naming the one it may replace."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..words import tokens
from .compare import Diff, compare

if TYPE_CHECKING:
    from .labeler import Known
    from .reading import Analysis

# The small words of English, and those of the languages memctl reads beside it that English
# does not write (so "a", "in", "die", "also" count for neither side).
_ENGLISH = frozenset(
    "the an and or of to on at for with is are was were be been it this that these those i you "
    "he she we they my your his her our their not no but if by from have has had will would "
    "can could do does did just now then there here what when where who which going".split()
)
_OTHERS = (
    frozenset(
        # es, pt
        "el la los las de del en y que por para con se ha han es esta este esto lo al una uno unos "
        "muy pero mas ya hay o os da dos em na nao com um uma ao foi sao "
        # fr
        "le les des du et est au aux pour qui ne pas une sur avec ce cette ces sont nous vous il "
        "elle ils mais ou plus "
        # de, nl (a word two languages write is listed once)
        "der das und ist nicht mit bei fur auf den dem ein eine einen ich wir sie er zu "
        "von aus noch nur schon het een van dit voor ze ook niet met naar bij zijn wordt "
        # it, pl
        "gli di per che non sono abbiamo della delle degli nel nella ho hai jest nie od za".split()
    )
    - _ENGLISH
)


def in_another_language(new: Analysis) -> bool:
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
    if new.hedged or not in_another_language(new):
        return []
    return [
        k
        for k in entries
        if not k.rule and k.trust != "untrusted" and tied_across(new, k.info, compare(new, k.info))
    ]
