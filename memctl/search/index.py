"""The search index: `.memctl/search.db`, derived from the Markdown and never committed.

SQLite FTS5 (porter stemming, accents folded) over every search unit, with a CJK bigram column
and a vocabulary for fuzzy matching. It keeps itself current: before each answer the workspace is
stat-walked and only files whose mtime or size changed since they were indexed are read again,
whoever changed them (a person's editor, git, another agent). A missing, damaged or incompatible
file is rebuilt from scratch. When the index cannot be brought up to date (a read-only workspace,
another process holding the write lock for long) it still answers, and says it is stale.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from .. import derived, memos
from ..words import cjk_column, words
from ..workspace import Workspace, flat_stamps
from .freshness import Freshness
from .schema import UNIT_COLUMNS, Outdated, connect, empty, migrate

DB_NAME = "search.db"
CLOCK_NAME = "search.clock"  # in .memctl/cache/, written before files are read: see refresh
RACY_NS = 2_000_000_000  # coarser than any file system's timestamp tick memctl expects
REBUILD_AFTER = 200  # more changed files than this and a quarter of all: rebuild, not update
COMMIT_EVERY = 0.5  # seconds: a build from nothing commits as it goes, and a kill keeps that
# A server's watcher (memctl.integrations.watch), looked up in sys.modules, never imported here
WATCH = "memctl.integrations.watch"

Progress = Callable[[int, int], None]
T = TypeVar("T")


class SearchIndex:
    """An open search index. Use `open_index(ws)`; queries go through `.db`."""

    def __init__(self, ws: Workspace, db: sqlite3.Connection, path: Path | None) -> None:
        self.ws = ws
        self.db = db
        self.path = path  # None: an in-memory index (the workspace is not writable)
        self.freshness = Freshness()
        self._units: int | None = None

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> SearchIndex:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- freshness ---------------------------------------------------------------------------

    def refresh(
        self, progress: Progress | None = None, *, full: bool = False, until: float | None = None
    ) -> Freshness:
        """Re-index what changed on disk since the last call (everything when `full`).

        A build from nothing (or of most files) commits every second or so, and marks itself
        under way: one that was killed goes on from where it stopped, and one given `until`
        (a time.monotonic() deadline: a hook's budget) stops there, to go on next time."""
        last = None if full else self._snapshot()  # read first: a prefetched walk may be on its way
        walk = stat_walk(self.ws)
        if not full and last == walk:  # the common case: nothing changed
            self.freshness = Freshness(files=len(walk) // 3)
            return self.freshness
        stamps = dict(zip(walk[0::3], zip(walk[1::3], walk[2::3], strict=True), strict=True))
        self._units = None  # the snapshot's count is not this state's
        known = {} if full else self._known()
        todo, gone = _diff(stamps, known)
        resume = not full and self._building()
        if not (full or todo or gone or resume):
            self._save_snapshot(walk)
            self.freshness = Freshness(files=len(stamps))
            return self.freshness
        # Reading a few files again is cheap; dropping most of an index file by file costs more
        # than building it anew (a checkout of another branch, a copied workspace).
        # (An empty `files` table is a new index, or a migration asking for every file again.)
        big = len(todo) + len(gone) > max(REBUILD_AFTER, len(known) // 4)
        full = full or (not resume and (not known or big))
        try:
            self.db.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            return self._stale(todo, gone, len(stamps), exc)
        try:
            if full:
                empty(self.db)
                self.db.execute("INSERT INTO building VALUES (1)")
                known, todo, gone = {}, list(stamps), []
            else:  # another process may have indexed some of them since: read what it left
                known = self._known()
                todo, gone = _diff(stamps, known)
            counts: Counter = Counter()
            for rel in gone:
                self._drop(rel, counts)
            next_id = self.db.execute("SELECT coalesce(max(id), 0) + 1 FROM units").fetchone()[0]
            unreadable = 0
            # A file written again within its file system's timestamp tick, keeping its size,
            # would look unchanged: one stamped at or after the file system's "now" taken before
            # reading is read again next time too (as git treats a racily clean file).
            racy_from = self._file_system_now()
            racy = set()
            batched, base, committed = full or resume, len(stamps) - len(todo), time.monotonic()
            for done, rel in enumerate(todo, start=1):
                if batched and done > 1 and time.monotonic() - committed > COMMIT_EVERY:
                    self._count_words(counts)
                    counts.clear()
                    self.db.execute("COMMIT")
                    if until is not None and time.monotonic() > until:
                        return self._unfinished(base + done - 1, len(stamps))
                    seen = self._data_version()
                    self.db.execute("BEGIN IMMEDIATE")
                    if self._data_version() != seen:  # another process built some meanwhile
                        known = self._known()
                    committed = time.monotonic()
                if rel in known:
                    if known[rel] == stamps[rel] and resume:
                        continue  # another process indexed it as it is now
                    self._drop(rel, counts)
                stamp = stamps[rel]
                if stamp[0] >= racy_from:
                    racy.add(rel)
                    stamp = (stamp[0], -1)
                next_id, failed = self._add(rel, stamp, next_id, counts)
                unreadable += failed
                if progress is not None and (done % 50 == 0 or done == len(todo)):
                    progress(base + done, len(stamps))
            self._count_words(counts)
            self._units = None
            if racy:
                walk = [
                    value
                    for rel, (mtime, size) in stamps.items()
                    for value in (rel, mtime, -1 if rel in racy else size)
                ]
            self._save_snapshot(walk)
            self.db.execute(
                "INSERT OR REPLACE INTO generation VALUES (1, ?)", (os.urandom(8).hex(),)
            )
            if full or resume:  # units may be cut differently now, even in unchanged files
                self.db.execute(
                    "INSERT OR REPLACE INTO epoch VALUES (1, ?)", (os.urandom(8).hex(),)
                )
                self.db.execute("DELETE FROM building")
            self.db.execute("COMMIT")
        except sqlite3.OperationalError as exc:
            self.db.execute("ROLLBACK")
            if derived.damaged(exc):
                raise
            return self._stale(todo, gone, len(stamps), exc)
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                self.db.execute("ROLLBACK")
            raise
        self.freshness = Freshness(
            files=len(stamps),
            indexed=len(todo),
            removed=len(gone),
            rebuilt=full or resume or not known,
            unreadable=unreadable,
        )
        return self.freshness

    def _building(self) -> bool:
        return self.db.execute("SELECT 1 FROM building").fetchone() is not None

    def _data_version(self) -> int:
        return self.db.execute("PRAGMA data_version").fetchone()[0]

    def _unfinished(self, done: int, files: int) -> Freshness:
        self._units = None
        self.freshness = Freshness(
            files=files,
            indexed=done,
            building=True,
            stale=f"its first build is under way ({done} of {files} files); the next "
            "command goes on with it",
        )
        return self.freshness

    def _file_system_now(self) -> int:
        """The mtime (ns) a file written now gets, read off a file written now: the file system's
        own clock and tick, whatever they are. Without a writable folder, the system clock less
        the coarsest tick memctl expects."""
        if self.path is not None:
            clock = self.ws.cache_dir / CLOCK_NAME
            with contextlib.suppress(OSError):
                clock.parent.mkdir(parents=True, exist_ok=True)
                clock.write_bytes(b"")
                return clock.stat().st_mtime_ns
        return time.time_ns() - RACY_NS

    def _snapshot(self) -> list | None:
        """The stat walk of the last refresh, one blob read instead of a row per file."""
        import marshal

        row = self.db.execute("SELECT walk, units FROM snapshot WHERE id = 1").fetchone()
        if row is None:
            return None
        try:
            walk = marshal.loads(row[0])
        except (EOFError, ValueError, TypeError):
            return None  # written by another Python version: the files table answers
        self._units = row[1]
        return walk

    def _save_snapshot(self, walk: list) -> None:
        import marshal

        units = self.unit_count()
        with contextlib.suppress(sqlite3.OperationalError):  # read-only or busy: next time
            self.db.execute(
                "INSERT OR REPLACE INTO snapshot VALUES (1, ?, ?)", (marshal.dumps(walk), units)
            )

    def _known(self) -> dict[str, tuple[int, int]]:
        rows = self.db.execute("SELECT path, mtime_ns, size FROM files")
        return {path: (mtime, size) for path, mtime, size in rows}

    def _stale(self, todo: list, gone: list, files: int, exc: Exception) -> Freshness:
        why = str(exc)
        if "readonly" in why:
            why = "the workspace is read-only"
        elif "locked" in why:
            why = "another memctl process is updating it"
        self.freshness = Freshness(
            files=files,
            stale=f"{len(todo) + len(gone)} file(s) changed since it was built and it cannot be "
            f"updated now ({why})",
        )
        return self.freshness

    def _add(
        self, rel: str, stamp: tuple[int, int], next_id: int, counts: Counter
    ) -> tuple[int, int]:
        from .units import read_units

        units, error = read_units(self.ws.root, rel, self.ws.config.daily_dir)
        rows, texts = [], []
        context_words: dict[str, set[str]] = {}
        for unit in units:
            rows.append(
                (
                    next_id,
                    unit.path,
                    unit.line,
                    unit.kind,
                    unit.text,
                    unit.keys,
                    unit.note_keys,
                    unit.entry_id,
                    unit.category,
                    unit.status,
                    unit.priority,
                    unit.recorded,
                    unit.seen,
                    unit.until,
                    unit.verified,
                    int(unit.archived),
                    unit.ref,
                    unit.title,
                    unit.closes,
                    unit.starts,
                )
            )
            context = f"{unit.context}\n{unit.note_keys}" if unit.note_keys else unit.context
            cjk = cjk_column(f"{unit.text}\n{unit.keys}\n{context}")
            texts.append((next_id, unit.text, unit.keys, unit.context, cjk, unit.note_keys))
            if context not in context_words:
                context_words[context] = set(words(context))
            counts.update(set(words(f"{unit.text}\n{unit.keys}")) | context_words[context])
            next_id += 1
        marks = ", ".join("?" * len(UNIT_COLUMNS))
        self.db.executemany(f"INSERT INTO units VALUES ({marks})", rows)
        columns = "rowid, text, keys, context, cjk, inherited"
        self.db.executemany(f"INSERT INTO fts ({columns}) VALUES (?, ?, ?, ?, ?, ?)", texts)
        self.db.execute("INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?)", (rel, *stamp, error))
        return next_id, int(error is not None)

    def _drop(self, rel: str, counts: Counter) -> None:
        ids = [row[0] for row in self.db.execute("SELECT id FROM units WHERE path = ?", (rel,))]
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            marks = ", ".join("?" * len(chunk))
            for text, keys, context, inherited in self.db.execute(
                f"SELECT text, keys, context, inherited FROM fts WHERE rowid IN ({marks})", chunk
            ):
                counts.subtract(set(words(f"{text}\n{keys}\n{context}\n{inherited}")))
            self.db.execute(f"DELETE FROM fts WHERE rowid IN ({marks})", chunk)
        self.db.execute("DELETE FROM units WHERE path = ?", (rel,))
        self.db.execute("DELETE FROM files WHERE path = ?", (rel,))

    def _count_words(self, counts: Counter) -> None:
        changed = [(word, n) for word, n in counts.items() if n]
        self.db.executemany(
            "INSERT INTO words (word, n) VALUES (?, ?) "
            "ON CONFLICT (word) DO UPDATE SET n = n + excluded.n",
            changed,
        )
        gone = [(word,) for word, n in changed if n < 0]
        self.db.executemany("DELETE FROM words WHERE word = ? AND n <= 0", gone)

    # --- reading -----------------------------------------------------------------------------

    def unit_count(self) -> int:
        if self._units is None:
            self._units = self.db.execute("SELECT count(*) FROM units").fetchone()[0]
        return self._units

    def generation(self) -> str | None:
        """A token that changes whenever the indexed units change (what derived state, such as
        the vectors of the semantic path, compares to see whether it must follow)."""
        row = self.db.execute("SELECT token FROM generation WHERE id = 1").fetchone()
        return row[0] if row else None

    def epoch(self) -> str | None:
        """A token that changes whenever the index is built from nothing."""
        row = self.db.execute("SELECT token FROM epoch WHERE id = 1").fetchone()
        return row[0] if row else None

    def document_frequency(self, word: str) -> int:
        row = self.db.execute("SELECT n FROM words WHERE word = ?", (word,)).fetchone()
        return row[0] if row else 0

    def similar_words(self, word: str) -> list[tuple[str, int]]:
        """Vocabulary words that could be `word` mistyped: same first letter, similar length."""
        first = word[0]
        upper = first + "\U0010ffff"
        return self.db.execute(
            "SELECT word, n FROM words WHERE word >= ? AND word < ? "
            "AND length(word) BETWEEN ? AND ?",
            (first, upper, max(1, len(word) - 2), len(word) + 2),
        ).fetchall()


def stat_walk(ws: Workspace) -> list:
    """What freshness is measured by: workspace.flat_stamps, or the same walk done by a child
    process while this one started up, when there is one (memctl.search.prefetch), or kept current
    from the kernel's file events by a server watching the workspace (memctl.integrations.watch)."""
    from .prefetch import take

    walk = take(ws)
    watch = sys.modules.get(WATCH)  # imported only by a server
    if walk is None and watch is not None:
        walk = watch.current_walk(ws)
    return walk if walk is not None else flat_stamps(ws)


def _diff(stamps: dict, known: dict) -> tuple[list[str], list[str]]:
    todo = [rel for rel, stamp in stamps.items() if known.get(rel) != stamp]
    gone = [rel for rel in known if rel not in stamps]
    return todo, gone


def db_path(ws: Workspace) -> Path:
    return ws.state_dir / DB_NAME


def ask(
    ws: Workspace,
    question: Callable[[SearchIndex], T],
    progress: Progress | None = None,
    *,
    until: float | None = None,
) -> tuple[T, Freshness]:
    """`question(index)` answered on an index brought up to date first; an index found damaged
    while answering is rebuilt and the question asked again. A server watching the workspace
    keeps its index open from one question to the next (memctl.integrations.watch)."""
    memos.after_purge(ws.root)  # a purge by another process: what this one kept goes
    watch = sys.modules.get(WATCH)
    kept = watch.kept_index(ws, progress) if watch is not None else None
    if watch is not None and kept is not None:
        try:
            return question(kept), kept.freshness
        except sqlite3.DatabaseError as exc:
            watch.drop_index(ws)
            if not derived.damaged(exc):
                raise
            remove_db(db_path(ws))  # and answered below from a rebuilt one

    def rebuilt(_: sqlite3.DatabaseError) -> SearchIndex:
        remove_db(db_path(ws))
        return open_index(ws, progress)

    def answer(index: SearchIndex) -> tuple[T, Freshness]:
        return question(index), index.freshness

    index = open_index(ws, progress, until=until)
    try:
        return derived.asked_again(answer, index, rebuild=rebuilt, close=SearchIndex.close)
    finally:
        index.close()


def open_index(
    ws: Workspace,
    progress: Progress | None = None,
    *,
    full: bool = False,
    until: float | None = None,
) -> SearchIndex:
    """The workspace's index, created, migrated, repaired and brought up to date as needed."""
    path = db_path(ws)
    for attempt in (1, 2):
        try:
            index = SearchIndex(ws, connect(path), path)
        except sqlite3.OperationalError:
            return _in_memory(ws, progress)  # .memctl/ cannot hold a database: answer anyway
        except (sqlite3.DatabaseError, Outdated):
            remove_db(path)
            continue
        try:
            index.refresh(progress, full=full, until=until)
            return index
        except sqlite3.DatabaseError as exc:
            index.close()
            if attempt == 2 or not derived.damaged(exc):
                raise
            remove_db(path)
    raise AssertionError("unreachable")


def _in_memory(ws: Workspace, progress: Progress | None) -> SearchIndex:
    db = sqlite3.connect(":memory:", isolation_level=None)
    migrate(db)
    index = SearchIndex(ws, db, None)
    index.refresh(progress)
    return index


remove_db = derived.remove  # the index file and its journals
