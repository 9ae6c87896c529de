"""Which entry on file a text means, of several alike: the one holding a word the text says
is not so, the one of which a value turns, and whether another is as likely."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .reading import Analysis, compare

if TYPE_CHECKING:
    from .labeler import Known

VALUE_RIVALS = 0.15  # entries this close to the best in words: a value that turns tells them apart


def value_turned(new: Analysis, pair: tuple[float, Known], best: float) -> tuple[bool, int]:
    """Its rank as the entry the text changes: first one about as alike as the best (`best`) of
    which a value differs (16mg → 8mg), that shares most words with it (Zalando, not Kreuzberg)."""
    score, k = pair
    if k.rule or best - score > VALUE_RIVALS or not compare(new, k.info).changed:
        return True, 0
    return False, -len(new.words & k.info.words)


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
