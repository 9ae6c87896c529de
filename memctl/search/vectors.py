"""The vectors of the semantic path: `.memctl/vectors.db`, derived and never committed.

One row per indexed file: the file's stamp (mtime and size, as the search index last read it),
and for each of its units the line, a hash of the text embedded and the vector (float16). It
follows the search index: a file whose stamp changed there is embedded again, reusing the vector
of every unit whose text did not change, so an edit costs the lines it touched. A different
model, or a damaged file, starts it over. A first embedding of a large workspace is long work:
an ordinary call embeds at most a budget of units and answers with what is ready (the rest is
`pending`), a file with more units to embed than that in part (its first units, each whole; the
file is read again next time, and keeps the vectors of its units whose text is known);
`memctl reindex`, `memctl sleep` and a warm server embed everything.

In memory the vectors of all files are one matrix. Up to EXACT_MAX units a query is one matrix
product; beyond, the signs of the vectors (48 bytes a unit) pick PREFILTER candidates by Hamming
distance and their full vectors rank those exactly.

Search ranks by the cosine less a share of each unit's crowding (memctl.search.crowding: how
near it sits to the rest of the store), measured when a question first needs it or ahead of any
question by `crowd_ahead`, in the steps a server's idle time allows.
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import sqlite3
import threading
from collections import OrderedDict
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from . import headings, vectorfile
from .crowding import Crowding
from .headings import heading
from .matrix import FileVectors, View, addressed, closest, hamming
from .passages import parted
from .vectorfile import DB_NAME

if TYPE_CHECKING:
    from collections.abc import Iterator

    from ..workspace import Workspace
    from .index import Progress, SearchIndex
    from .semantic import Model

EXACT_MAX = 30_000  # more units than this: a sign prefilter before the exact product
PREFILTER = 1000
RECIPE = "title: text; keys; parts of 80 words"  # passages.py: a new one embeds all again
CALL_BUDGET = 64  # units an ordinary search or recall embeds before answering (about a second)
PARTIAL = (0, -1)  # the stamp of a file only part embedded: no file has it, so it is read again
WHOLE = 500  # a first embedding this small is done whole, even by an ordinary call
# and holding no more words than this: a unit's cost is its words (a long one is embedded in
# parts, passages.PART_WORDS each), so one pasted page of 30,000 words is not a small workspace
WHOLE_WORDS = 10_000
SAVE_EVERY = 2048  # units embedded between two saves of a long run
# Open vector indexes, the last used last: a process that visits many workspaces (a test run,
# an evaluation) lets go of the ones it left, so its descriptors and memory stay bounded.
KEEP_OPEN = 4
_open: OrderedDict[tuple[str, str], VectorIndex] = OrderedDict()
_open_lock = threading.Lock()


class Sync(NamedTuple):
    """What bringing the vectors up to date did."""

    files: int = 0  # files embedded again
    embedded: int = 0  # units embedded (the others kept their vectors)
    pending: int = 0  # units not embedded yet: answers leave them out
    units: int = 0  # units with a vector
    headings: int = 0  # headings embedded (memctl.search.headings)

    def to_dict(self) -> dict:
        return self._asdict()


def open_vectors(ws: Workspace, model: Model) -> VectorIndex:
    """The workspace's vector index for `model`, loaded once per process."""
    key = (str(ws.root), model.id)
    with _open_lock:
        if key not in _open:
            if len(_open) >= KEEP_OPEN:
                _open.popitem(last=False)  # its database closes with its last reference
            _open[key] = VectorIndex(ws.state_dir / DB_NAME, model)
        _open.move_to_end(key)
        return _open[key]


class VectorIndex:
    def __init__(self, path: Path, model: Model) -> None:
        self.path = path
        self.model = model
        self.lock = threading.Lock()
        self.files: dict[str, FileVectors] = {}
        self.generation: str | None = None  # the search index's, when last synced
        self.last = Sync()
        self._view: View | None = None
        self.crowds = Crowding()
        self._memory_epoch: str | None = None
        self.headings: dict[bytes, np.ndarray] = {}  # memctl.search.headings keeps them
        self.heading_scan = headings.Scan()  # how far headings.fill has read the units
        self.asks: np.ndarray | None = None  # memctl.search.asks keeps their vectors here
        self.asks_ahead = 0  # how many of them a server's idle steps have embedded
        self.db = vectorfile.connect(self.path, f"{model.id} {RECIPE}")
        self._load()

    # --- the store ---------------------------------------------------------------------------

    def _load(self) -> None:
        if self.db is None:
            return
        dim = self.model.dim
        with contextlib.suppress(sqlite3.DatabaseError):
            # Every file's vectors are copied into one block as they are read (each row's bytes
            # go as soon as they are copied): the matrix a question reads is that block itself
            # (matrix.View.of), not a second copy of it.
            total = self.db.execute("SELECT sum(length(vecs)) FROM files").fetchone()[0] or 0
            block = np.empty((total // 2 // dim if dim else 0, dim), dtype=np.float16)
            at = 0
            for path, mtime, size, lines, hashes, vecs in self.db.execute("SELECT * FROM files"):
                vectors = np.frombuffer(vecs, dtype=np.float16)
                if not dim or vectors.size % dim or at + vectors.size // dim > len(block):
                    continue
                rows = vectors.size // dim
                block[at : at + rows] = vectors.reshape(-1, dim)
                self.files[path] = FileVectors(
                    (mtime, size), np.frombuffer(lines, np.int32), hashes, block[at : at + rows]
                )
                at += rows

    # --- freshness ---------------------------------------------------------------------------

    def sync(
        self,
        index: SearchIndex,
        *,
        budget: int | None = CALL_BUDGET,
        progress: Progress | None = None,
    ) -> Sync:
        """Embed what changed in the search index since the last call, at most `budget` units
        (None: all of them); `progress(done, total)` is called as units are embedded."""
        with self.lock:
            generation = index.generation()
            same = generation is not None and generation == self.generation
            # a full embedding also completes a store that lacks headings (made before them)
            lacking = budget is None and not headings.complete(self)
            if same and not self.last.pending and not lacking:
                return self.last
            stamps = {
                p: (m, s) for p, m, s in index.db.execute("SELECT path, mtime_ns, size FROM files")
            }
            epoch = index.epoch()
            if epoch != self._epoch():  # rebuilt: every file's lines are read again
                changed = list(stamps)
            else:
                changed = [
                    p
                    for p, stamp in stamps.items()
                    if p not in self.files or self.files[p].stamp != stamp
                ]
            gone = [p for p in self.files if p not in stamps]
            for path in gone:
                del self.files[path]
            todo, pending, embedded, done, later = [], 0, 0, [], []
            named: set[str | None] = set()  # the headings the units embedded are read under
            # A small first embedding (a new workspace) is done whole, so every later call
            # answers alike; a large one is left to reindex, sleep or a server.
            whole = budget is None or _small(index, changed)
            limit = None if whole else budget
            for path in changed:
                if limit is not None and embedded >= limit:
                    later.append(path)  # not even read: the rest waits
                    self.files.pop(path, None)
                    continue
                sql = "SELECT line, text, keys, title, kind FROM units WHERE path = ? ORDER BY line"
                rows = index.db.execute(sql, (path,)).fetchall()
                named.update(heading(kind, text, title) for _, text, _, title, kind in rows)
                old = self.files.pop(path, None)
                known = _by_hash(old)
                rows, texts = parted([row[:4] for row in rows])
                hashes = [hashlib.blake2b(t.encode(), digest_size=16).digest() for t in texts]
                need = [i for i, h in enumerate(hashes) if h not in known]
                stamp = stamps[path]
                if limit is not None and embedded + len(need) > limit:
                    # More than the budget left: the units whose text is known keep their
                    # vectors, the first that fit are embedded, the file is read again next time.
                    now = _first_units(rows, need, limit - embedded)
                    pending += len(need) - len(now)
                    keep = [i for i, h in enumerate(hashes) if h in known or i in now]
                    rows, texts = [rows[i] for i in keep], [texts[i] for i in keep]
                    hashes = [hashes[i] for i in keep]
                    need = [at for at, i in enumerate(keep) if i in now]
                    stamp = PARTIAL
                todo.append((path, stamp, rows, texts, hashes, need, known))
                embedded += len(need)
            pending += _units_in(index, later)
            # The same text in several files (a copied line, a template) is embedded once; a
            # long run is saved a group of files at a time, so an interrupted one loses little.
            total = len({hashes[i] for _, _, _, _, hashes, need, _ in todo for i in need})
            fresh: dict[bytes, np.ndarray] = {}
            finished = 0
            for group in _groups(todo, SAVE_EVERY):
                unique: dict[bytes, str] = {}
                for _, _, _, texts, hashes, need, _ in group:
                    for i in need:
                        if hashes[i] not in fresh:
                            unique.setdefault(hashes[i], texts[i])
                step = _offset(progress, finished, total)
                fresh.update(zip(unique, self._embed(list(unique.values()), step), strict=True))
                finished += len(unique)
                paths = []
                for path, stamp, rows, _texts, hashes, _need, known in group:
                    vecs = np.zeros((len(rows), self.model.dim), dtype=np.float16)
                    for i, h in enumerate(hashes):
                        vecs[i] = known[h] if h in known else fresh[h]
                    lines = np.array([r[0] for r in rows], dtype=np.int32)
                    self.files[path] = FileVectors(stamp, lines, b"".join(hashes), vecs)
                    paths.append(path)
                done += paths
                self._view = None
                self._save(paths, gone, None)
                gone = []
            if gone:
                self._view = None
                self._save([], gone, None)
            headed = 0
            if lacking:
                sql = "SELECT kind, text, title FROM units"
                every = (heading(*row) for row in index.db.execute(sql))
                headed = headings.ahead(self, every, every=True, progress=progress)
            elif named:  # a first embedding (or one after a rebuild) embeds every heading
                whole = not pending and len(changed) == len(stamps)
                headed = headings.ahead(self, named, every=whole)
            if not pending and (done or epoch != self._epoch()):
                self._save([], [], epoch)  # every file now follows the index's last rebuild
            self.generation = generation
            units = sum(_units(f.lines) for f in self.files.values())
            self.last = Sync(len(done), embedded, pending, units, headed)
            return self.last

    def _embed(self, texts: list[str], progress: Progress | None) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.model.dim), dtype=np.float32)
        parts = []
        step = 256
        for start in range(0, len(texts), step):
            parts.append(self.model.embed(texts[start : start + step]))
            if progress is not None:
                progress(min(start + step, len(texts)), len(texts))
        return np.vstack(parts)

    def _epoch(self) -> str | None:
        if self.db is None:
            return self._memory_epoch
        row = self.db.execute("SELECT value FROM meta WHERE key = 'epoch'").fetchone()
        return row[0] if row else None

    def _save(self, done: list[str], gone: list[str], epoch: str | None) -> None:
        if epoch is not None:
            self._memory_epoch = epoch
        if self.db is None:
            return
        rows = [
            (
                p,
                *self.files[p].stamp,
                self.files[p].lines.tobytes(),
                self.files[p].hashes,
                self.files[p].vecs.tobytes(),
            )
            for p in done
        ]
        try:
            self.db.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError:
            return  # another process is writing: this one keeps its vectors in memory
        try:
            self.db.executemany("DELETE FROM files WHERE path = ?", [(p,) for p in gone])
            self.db.executemany("INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?, ?, ?)", rows)
            if epoch is not None:  # every file followed the search index's last rebuild
                self.db.execute("INSERT OR REPLACE INTO meta VALUES ('epoch', ?)", (epoch,))
            self.db.execute("COMMIT")
        except sqlite3.Error:
            with contextlib.suppress(sqlite3.Error):
                self.db.execute("ROLLBACK")

    def ahead(self, index: SearchIndex, units: int) -> bool:
        """One step of a server's idle time: embed `units` more of the units not embedded yet,
        then of the headings the store lacks; whether there is more to do."""
        if self.sync(index, budget=units).pending:
            return True
        return headings.fill(self, index, units)

    # --- answering ---------------------------------------------------------------------------

    def search(self, query: np.ndarray, limit: int) -> list[tuple[str, int, float]]:
        """The `limit` units nearest to a normalised query vector: (path, line, cosine), a
        unit of several parts at its nearest part's."""
        view, rows, sims = self._nearest(query, limit)
        return addressed(view, rows, sims)

    def search_crowded(self, query: np.ndarray, limit: int) -> list[tuple[str, int, float, float]]:
        """As `search`, with each unit's crowding: (path, line, cosine, crowding), read by row
        (no lookup of each address again)."""
        view, rows, sims = self._nearest(query, limit)
        crowds = self.crowds.of(view, self.files, rows)
        return [
            (*address, crowd)
            for address, crowd in zip(addressed(view, rows, sims), crowds.tolist(), strict=True)
        ]

    def _nearest(self, query: np.ndarray, limit: int) -> tuple[View, np.ndarray, np.ndarray]:
        """The view, and the rows of the `limit` nearest units with their cosines, best first
        (a unit of several parts at its nearest part's row)."""
        view = self.view()
        if not len(view.lines) or limit < 1:
            return view, np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float32)
        query = np.asarray(query, dtype=np.float32).reshape(-1)
        if view.codes is None:
            sims = view.matrix @ query
            rows = np.arange(len(sims))
        else:
            distance = hamming(view.codes, np.packbits(query > 0).view(np.uint64))
            rows = closest(distance, PREFILTER)
            sims = view.matrix[rows].astype(np.float32) @ query
        wanted = limit
        limit = min(2 * limit, len(sims))  # a unit of several parts may take more than one
        best = np.argpartition(-sims, limit - 1)[:limit]
        best = best[np.argsort(-sims[best], kind="stable")]
        units = view.owner[rows[best]].astype(np.int64) << 32 | view.lines[rows[best]]
        first = np.sort(np.unique(units, return_index=True)[1])[:wanted]  # a unit once
        return view, rows[best[first]], sims[best[first]]

    def similarity(self, query: np.ndarray, addresses: list[tuple[str, int]]) -> list[float | None]:
        """The cosine of each (path, line) unit with the query (of its nearest part); None for
        one without a vector."""
        query = np.asarray(query, dtype=np.float32).reshape(-1)
        return [None if v is None else float((v @ query).max()) for v in self.vectors(addresses)]

    def vectors(self, addresses: list[tuple[str, int]]) -> list[np.ndarray | None]:
        """The vectors of each (path, line) unit, a row a part; None for one without any."""
        out: list[np.ndarray | None] = []
        for path, line in addresses:
            vectors = self.files.get(path)
            at = -1 if vectors is None else int(np.searchsorted(vectors.lines, line))
            if vectors is None or at >= len(vectors.lines) or vectors.lines[at] != line:
                out.append(None)
                continue
            end = int(np.searchsorted(vectors.lines, line, side="right"))
            out.append(vectors.vecs[at:end].astype(np.float32))
        return out

    def crowding(self, addresses: list[tuple[str, int]]) -> list[float]:
        """How near each (path, line) unit sits to the store at large (0 for one without a
        vector, or in a store too small to have a crowd)."""
        view = self.view()
        rows = [view.row(path, line) for path, line in addresses]
        found = np.asarray([r for r in rows if r is not None], dtype=np.int64)
        crowds = iter(self.crowds.of(view, self.files, found).tolist())
        return [0.0 if r is None else next(crowds) for r in rows]

    def crowd_ahead(self, rows: int) -> bool:
        """Measure the crowding of up to `rows` more units before any question needs it (a
        server's idle time: a new question then pays for none); whether any are left."""
        with self.lock:
            return self.crowds.ahead(self.view(), self.files, rows)

    def view(self) -> View:
        if self._view is None:
            view = View.of(self.files, self.model.dim, EXACT_MAX)
            if view.codes is not None:  # the matrix is the files' vectors as they are: each
                # file's become its rows of it, so one copy is kept (an earlier block goes)
                for path, (start, end) in view.spans.items():
                    self.files[path] = self.files[path]._replace(vecs=view.matrix[start:end])
            self._view = view
        return self._view


def forget_headings() -> None:
    """The headings every open store keeps in this process, emptied (a purge)."""
    for store in list(_open.values()):
        with store.lock:
            store.headings.clear()


def _first_units(rows: list[tuple], need: list[int], room: int) -> set[int]:
    """The first `room` of the rows to embed (`need`, indices into `rows`), and the other
    parts of the last unit among them: a unit is embedded whole, unless what is left of it
    is longer than the room (a pasted page of 500 parts), when its first parts are embedded
    now and the rest in later calls."""
    if room <= 0:
        return set()
    now = need[:room]
    rest = need[room:]
    last = rows[now[-1]][0]
    tail = list(itertools.takewhile(lambda i: rows[i][0] == last, rest))
    return set(now + tail) if len(tail) <= room else set(now)


def _groups(todo: list, size: int) -> Iterator[list]:
    """The files to embed, in groups of about `size` units to embed."""
    group, count = [], 0
    for item in todo:
        group.append(item)
        count += len(item[5])
        if count >= size:
            yield group
            group, count = [], 0
    if group:
        yield group


def _offset(progress: Progress | None, finished: int, total: int) -> Progress | None:
    if progress is None:
        return None
    return lambda done, _: progress(finished + done, total)


def _units_in(index: SearchIndex, paths: list[str]) -> int:
    if not paths:
        return 0
    import json

    sql = "SELECT count(*) FROM units WHERE path IN (SELECT value FROM json_each(?))"
    return index.db.execute(sql, (json.dumps(paths),)).fetchone()[0]


def _small(index: SearchIndex, paths: list[str]) -> bool:
    """Whether the units of `paths` are few and short enough to embed whole in one call."""
    import json

    sql = (
        "SELECT count(*), coalesce(sum(length(text) - length(replace(text, ' ', '')) + 1), 0)"
        " FROM units WHERE path IN (SELECT value FROM json_each(?))"
    )
    units, words = index.db.execute(sql, (json.dumps(paths),)).fetchone()
    return units <= WHOLE and words <= WHOLE_WORDS


def _units(lines: np.ndarray) -> int:
    """The units of a file's rows (a long unit has a row for each of its parts)."""
    return int(np.count_nonzero(np.diff(lines))) + 1 if len(lines) else 0


def _by_hash(old: FileVectors | None) -> dict[bytes, np.ndarray]:
    if old is None:
        return {}
    return {old.hashes[16 * i : 16 * i + 16]: old.vecs[i] for i in range(len(old.lines))}
