"""The vectors of headings (a note's title, a daily-log entry's title line), which
memctl.search.meaning takes out of a short unit's own vector to read what the unit says.

A heading is embedded with the units read under it (`ahead`, when memctl.search.vectors embeds
them), so a question finds it ready; one a store lacks (a store made before memctl did this is
completed by the next full embedding: `reindex`, `sleep`, a server) is embedded the first time a
question needs it. Headings are kept in `.memctl/vectors.db` beside the units' vectors (table
`headings`, keyed by a digest of the text, which it does not hold): derived, never committed,
emptied with the rest when the model changes, and deleted with the rest by a purge. A process
keeps those it has read (KEPT at most; a purge empties them: memctl.memos). When another process
is writing the store, a heading embedded here is kept in this process only.
"""

from __future__ import annotations

import contextlib
import hashlib
import sqlite3
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

KEPT = 20_000  # headings a process keeps (1.5 kB each); past that it starts again
LOOKUP = 500  # digests looked up in one query (under SQLite's limit of variables)
STEP = 256  # headings embedded between two calls of a progress bar
SCAN_ROWS = 20_000  # units a step of `fill` reads the headings of (some 150 ms)
DONE = "headings ahead"  # meta key: every unit's heading was embedded with it
HEADED_WORDS = 25  # a unit of more words says enough for its heading not to decide


@dataclass
class Scan:
    """How far the units were read for headings the store lacks (memctl.search.headings.fill)."""

    last: int = 0  # the last unit's id read
    todo: set[str] = field(default_factory=set)  # headings read that the store lacks
    done: bool = False  # every unit was read


if TYPE_CHECKING:
    from collections.abc import Iterable

    import numpy as np

    from .index import Progress, SearchIndex
    from .vectors import VectorIndex


def heading(kind: str, text: str, title: str | None) -> str | None:
    """The heading a short unit is read under (see memctl.search.meaning.beyond_heading): its
    note's title for an entry line, its own title line for a daily-log entry (the speaker of a
    logged turn, the topic of a day's note); None for a unit of more than HEADED_WORDS words,
    whose vector is more what it says than its heading (a session logged whole)."""
    if len(text.split()) > HEADED_WORDS:
        return None
    if kind == "entry":
        return title or None
    if kind == "log" and "\n" in text:
        return text.split("\n", 1)[0].strip() or None
    return None


def heading_vectors(store: VectorIndex, texts: list[str]) -> dict[str, np.ndarray]:
    """The vector of each heading: kept in this process, else stored, else embedded now."""
    import numpy as np

    keys = {text: _digest(text) for text in texts}
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
        made = store.model.embed(missing)
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


def ahead(
    store: VectorIndex,
    texts: Iterable[str | None],
    *,
    every: bool = False,
    progress: Progress | None = None,
) -> int:
    """Embed and keep the headings among `texts` (None: a unit without one) the store lacks,
    before any question needs them; `every`: they are all the index's, and the store is marked
    complete; `progress(done, total)` is called as they are embedded. The caller holds
    `store.lock`. How many were embedded."""
    import numpy as np

    keys = {t: _digest(t) for t in texts if t}
    have = _kept(store, set(keys.values()))
    missing = [text for text, key in keys.items() if key not in have]
    made = np.zeros((len(missing), store.model.dim), dtype=np.float32)
    for start in range(0, len(missing), STEP):
        made[start : start + STEP] = store.model.embed(missing[start : start + STEP])
        if progress is not None:
            progress(min(start + STEP, len(missing)), len(missing))
    rows = [
        (keys[text], np.asarray(vec, np.float32).tobytes())
        for text, vec in zip(missing, made, strict=True)
    ]
    if store.db is None:
        if len(store.headings) + len(rows) < KEPT:
            store.headings.update((key, np.frombuffer(vec, np.float32)) for key, vec in rows)
        return len(rows)
    with contextlib.suppress(sqlite3.Error):  # busy: a question embeds them when it needs them
        store.db.executemany("INSERT OR IGNORE INTO headings VALUES (?, ?)", rows)
        if every:
            store.db.execute("INSERT OR REPLACE INTO meta VALUES (?, 'yes')", (DONE,))
    return len(rows)


def complete(store: VectorIndex) -> bool:
    """Whether every unit's heading was embedded with it (a store in memory, made in this
    process, was made so)."""
    if store.db is None:
        return True
    with contextlib.suppress(sqlite3.Error):
        return store.db.execute("SELECT 1 FROM meta WHERE key = ?", (DONE,)).fetchone() is not None
    return False


def fill(store: VectorIndex, index: SearchIndex, count: int) -> bool:
    """One step of completing a store that lacks headings (made before they were embedded with
    their units), in a server's idle time: read the headings of the next SCAN_ROWS units, and
    embed `count` of those the store lacks. Whether there is more to do. A unit added meanwhile
    has its heading embedded with it."""
    with store.lock:
        if complete(store):
            return False
        scan = store.heading_scan
        sql = "SELECT id, kind, text, title FROM units WHERE id > ? ORDER BY id LIMIT ?"
        rows = index.db.execute(sql, (scan.last, SCAN_ROWS)).fetchall() if not scan.done else []
        if rows:
            scan.last = rows[-1][0]
            read = {heading(kind, text, title) for _, kind, text, title in rows} - {None}
            digests = {text: _digest(text) for text in read if text}
            have = _kept(store, set(digests.values()))
            scan.todo.update(text for text, key in digests.items() if key not in have)
        else:
            scan.done = True
        chunk = [scan.todo.pop() for _ in range(min(count, len(scan.todo)))]
        finished = scan.done and not scan.todo
        ahead(store, chunk, every=finished)
        return not finished


def _digest(text: str) -> bytes:
    return hashlib.blake2b(text.encode(), digest_size=16).digest()


def _kept(store: VectorIndex, keys: set[bytes]) -> set[bytes]:
    """Those of the digests whose heading the store keeps (in this process or on disk)."""
    have = set(store.headings) & keys
    if store.db is not None:
        wanted = [k for k in keys if k not in have]
        with contextlib.suppress(sqlite3.Error):
            for start in range(0, len(wanted), LOOKUP):
                chunk = wanted[start : start + LOOKUP]
                sql = f"SELECT hash FROM headings WHERE hash IN ({', '.join('?' * len(chunk))})"
                have.update(bytes(row[0]) for row in store.db.execute(sql, chunk))
    return have
