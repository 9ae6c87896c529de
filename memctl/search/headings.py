"""The vectors of headings (a note's title, a daily-log entry's title line), which
memctl.search.meaning takes out of a short unit's own vector to read what the unit says.

A heading is embedded the first time a question needs it and kept in `.memctl/vectors.db`
beside the units' vectors (table `headings`, keyed by a digest of the text, which it does not
hold): derived, never committed, emptied with the rest when the model changes, and deleted with
the rest by a purge. A process keeps those it has read (KEPT at most; a purge empties them:
memctl.memos). When another process is writing the store, a heading embedded here is kept in
this process only.
"""

from __future__ import annotations

import contextlib
import hashlib
import sqlite3
from typing import TYPE_CHECKING

KEPT = 20_000  # headings a process keeps (1.5 kB each); past that it starts again

if TYPE_CHECKING:
    import numpy as np

    from ..workspace import Workspace
    from .vectors import VectorIndex


def heading_vectors(store: VectorIndex, texts: list[str], ws: Workspace) -> dict[str, np.ndarray]:
    """The vector of each heading: kept in this process, else stored, else embedded now."""
    import numpy as np

    from . import semantic

    keys = {text: hashlib.blake2b(text.encode(), digest_size=16).digest() for text in texts}
    size = 4 * store.model.dim
    with store.lock:
        if len(store.headings) >= KEPT:
            store.headings.clear()
        unknown = [k for k in keys.values() if k not in store.headings]
        if unknown and store.db is not None:
            with contextlib.suppress(sqlite3.Error):
                marks = ", ".join("?" * len(unknown))
                sql = f"SELECT hash, vec FROM headings WHERE hash IN ({marks})"
                for key, vec in store.db.execute(sql, unknown):
                    if len(vec) == size:
                        store.headings[bytes(key)] = np.frombuffer(vec, dtype=np.float32)
        missing = [text for text, key in keys.items() if key not in store.headings]
    if missing:
        made = semantic.embed(missing, ws)
        rows = [
            (keys[text], np.asarray(vec, np.float32).tobytes())
            for text, vec in zip(missing, made, strict=True)
        ]
        with store.lock:
            for text, vec in zip(missing, made, strict=True):
                store.headings[keys[text]] = np.asarray(vec, np.float32)
            if store.db is not None:
                with contextlib.suppress(sqlite3.Error):  # busy: kept in this process only
                    store.db.executemany("INSERT OR IGNORE INTO headings VALUES (?, ?)", rows)
    return {text: store.headings[key] for text, key in keys.items()}


def forget() -> None:
    """The headings every open store keeps in this process, emptied (a purge)."""
    from .vectors import _open

    for store in list(_open.values()):
        with store.lock:
            store.headings.clear()
