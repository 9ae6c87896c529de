"""Which entry on file a text means, of several alike: the one holding a word the text says
is not so, the one of which a value turns, and whether another is as likely."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..language.cues import NUMBER_WORD_VALUES
from ..words import stem
from .reading import Analysis, compare

if TYPE_CHECKING:
    from .labeler import Known

VALUE_RIVALS = 0.15  # entries this close to the best in words: a value that turns tells them apart


def value_turned(new: Analysis, pair: tuple[float, Known], best: float) -> tuple[bool, int]:
    """Its rank as the entry the text changes: first one about as alike as the best (`best`) of
    which a value differs (16mg → 8mg), that shares most words with it (Zalando, not Kreuzberg)."""
    score, k = pair
    if k.rule or not compare(new, k.info).changed:
        return True, 0
    if best - score > VALUE_RIVALS and not (measures(new.folded) & measures(k.info.folded)):
        return True, 0  # less alike, unless the two count the same thing ("2 scoops", "1.5")
    return False, -len(new.words & k.info.words)


# A number and the word it counts: "2 scoops", "one and a half scoops", "8mg", "3 nights"
_COUNTED = re.compile(
    r"(?<![\w.,])(?:\d+(?:[.,]\d+)?|one|"
    + "|".join(sorted(NUMBER_WORD_VALUES, key=len)[::-1])
    + r")(?:\s+and\s+a\s+half)?\s*([a-z]{2,})"
)
_NOT_COUNTED = frozenset("am pm at of in on to and or an the for from by with is are".split())


def measures(folded: str) -> frozenset[str]:
    """The things a text counts, each by the word after its number ("scoop" in "2 scoops of
    kibble")."""
    return frozenset(stem(m[1]) for m in _COUNTED.finditer(folded) if m[1] not in _NOT_COUNTED)


def rivals(
    new: Analysis, score: float, k: Known, related: list[tuple[float, Known]], apart: float
) -> bool:
    """Does another related entry hold a word the text says is not so, about as alike to the
    text as `k` in words and in meaning, within `apart` (nothing tells which of them the text
    means)?"""
    return any(
        o is not k
        and new.rejected & (o.info.words | o.info.values)
        and score - s < apart
        and (k.meaning or 0.0) - (o.meaning or 0.0) < apart
        for s, o in related
    )


def named_by_rejection(new: Analysis, candidates: list[Known]) -> Known | None:
    """The one entry that holds a word the text says is not so, or gives up ("Joe, not Jim",
    "so scrap the guesthouse"): the text names it, however little else it shares with it. A
    word several entries hold names none of them."""
    if not new.rejected:
        return None
    holding = [
        k for k in candidates if not k.rule and new.rejected & (k.info.words | k.info.values)
    ]
    return holding[0] if len(holding) == 1 else None
