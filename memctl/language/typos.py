"""A word of change or of correction typed one letter off ("actualy", "acutally", "insted",
"anymroe") is read as the word: a person typing fast still says the rate changed.

Only long cue words whose one-letter neighbours are no everyday words are mended ("changed" is
not: "charged" is a word of its own), and only a word of at least six letters.
"""

from __future__ import annotations

import re
from functools import cache

CUE_WORDS = (
    "actually",
    "anymore",
    "instead",
    "rescheduled",
    "postponed",
    "correction",
    "cancelled",
    "apparently",
    "nowadays",
    "misremembered",
)
_WORD = re.compile(r"[a-z]{6,}")


@cache
def _mended(word: str) -> str:
    from rapidfuzz.distance import OSA

    for cue in CUE_WORDS:
        if abs(len(cue) - len(word)) <= 1 and OSA.distance(word, cue, score_cutoff=1) <= 1:
            return cue
    return word


def mend(folded: str) -> str:
    """The folded text with each cue word typed one letter off written as the word."""
    return _WORD.sub(lambda m: _mended(m.group()), folded)
