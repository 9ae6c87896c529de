"""Requests any assistant is asked that no one's memory answers (memctl/data/asks.txt), and how
near a prompt stands to the nearest of them in meaning.

A question about someone's own life ("who do I call when a tap drips?") reaches the memory that
answers it at a cosine of 0.3-0.5 with a small model; so does a turn no memory answers ("what's
a healthy breakfast idea?") reach whatever memory lies nearest by chance. What tells them apart
is what else the prompt is near: a request of the kind every assistant gets (a recipe, a sum, a
poem) stands nearer to one of these than to any memory, and a question only the memory answers
stands nearer to the memory. memctl.search.recall.confident reads the difference.

The vectors are kept like headings' (memctl.search.headings.heading_vectors: in this process,
else in `.memctl/vectors.db`, else embedded now, some 0.2 s once per model) and stacked once per
store.
"""

from __future__ import annotations

import functools
import threading
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

    from .vectors import VectorIndex

_stacked: dict[int, tuple[VectorIndex, np.ndarray]] = {}  # by id(store), the store kept alive
_lock = threading.Lock()


@functools.cache
def asks() -> tuple[str, ...]:
    """The requests of memctl/data/asks.txt, in order, without comments or blank lines."""
    from importlib.resources import files

    text = files("memctl").joinpath("data/asks.txt").read_text(encoding="utf-8")
    lines = (line.split("#", 1)[0].strip() for line in text.splitlines())
    return tuple(line for line in lines if line)


def matrix(store: VectorIndex) -> np.ndarray:
    """The asks' vectors as rows, for this store's model."""
    import numpy as np

    with _lock:
        kept = _stacked.get(id(store))
        if kept is not None and kept[0] is store:
            return kept[1]
    from .headings import heading_vectors

    texts = list(asks())
    found = heading_vectors(store, texts)
    rows = np.stack([found[text] for text in texts]).astype(np.float32)
    with _lock:
        _stacked[id(store)] = (store, rows)
    return rows


def nearest_ask(store: VectorIndex, query: np.ndarray) -> float:
    """The cosine of the ask nearest the (normalised) query vector."""
    return float((matrix(store) @ query).max())
