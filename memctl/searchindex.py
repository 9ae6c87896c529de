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
import sqlite3
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from .tokens import cjk_column, words
from .workspace import Workspace, stat_markdown

DB_NAME = "search.db"
RACY_NS = 2_000_000_000  # coarser than any file system's timestamp tick memctl expects
BUSY_MS = 1500  # how long to wait for another process's write before answering from what is there

# Applied in order, each once, every time the index opens (PRAGMA user_version counts them).
# A change to what a unit holds adds a step that empties `files`, so everything is read again.
MIGRATIONS: list[tuple[str, str]] = [
    ("files and units", """
        CREATE TABLE files (path TEXT PRIMARY KEY, mtime_ns INTEGER NOT NULL,
                            size INTEGER NOT NULL, error TEXT) WITHOUT ROWID;
        CREATE TABLE units (id INTEGER PRIMARY KEY, path TEXT NOT NULL, line INTEGER NOT NULL,
                            kind TEXT NOT NULL, text TEXT NOT NULL, keys TEXT NOT NULL,
                            note_keys TEXT NOT NULL, entry_id TEXT, category TEXT,
                            status TEXT NOT NULL, priority TEXT,
                            recorded TEXT, seen TEXT, until TEXT, verified TEXT,
                            archived INTEGER NOT NULL);
        CREATE INDEX units_by_path ON units (path)
    """),
    ("full-text index", """
        CREATE VIRTUAL TABLE fts USING fts5 (text, keys, context, cjk,
                                             tokenize = 'porter unicode61 remove_diacritics 2')
    """),
    ("vocabulary", """
        CREATE TABLE words (word TEXT PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID
    """),
    ("snapshot", """
        CREATE TABLE snapshot (id INTEGER PRIMARY KEY CHECK (id = 1), walk BLOB NOT NULL,
                               units INTEGER NOT NULL)
    """),
]  # fmt: skip

_UNIT_COLUMNS = ("id", "path", "line", "kind", "text", "keys", "note_keys", "entry_id",
                 "category", "status", "priority", "recorded", "seen", "until", "verified",
                 "archived")  # fmt: skip

Progress = Callable[[int, int], None]
T = TypeVar("T")


@dataclass(frozen=True)
class Freshness:
    """What bringing the index up to date took, and whether it could."""

    files: int = 0
    indexed: int = 0  # files read (added or changed)
    removed: int = 0
    rebuilt: bool = False  # built from nothing (a missing, damaged or outdated index)
    stale: str | None = None  # why the index could not be made current, if it could not
    unreadable: int = 0

    def to_dict(self) -> dict:
        return {"files": self.files, "indexed": self.indexed, "removed": self.removed,
                "rebuilt": self.rebuilt, "stale": self.stale,
                "unreadable": self.unreadable}  # fmt: skip


class SearchIndex:
    """An open search index. Use `open_index(ws)`; queries go through `.db`."""

    def __init__(self, ws: Workspace, db: sqlite3.Connection, path: Path | None):
        self.ws = ws
        self.db = db
        self.path = path  # None: an in-memory index (the workspace is not writable)
        self.freshness = Freshness()
        self._units: int | None = None

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> SearchIndex:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # --- freshness ---------------------------------------------------------------------------

    def refresh(self, progress: Progress | None = None, *, full: bool = False) -> Freshness:
        """Re-index what changed on disk since the last call (everything when `full`)."""
        walk = stat_walk(self.ws)
        if not full and self._snapshot() == walk:  # the common case: nothing changed
            self.freshness = Freshness(files=len(walk) // 3)
            return self.freshness
        stamps = dict(zip(walk[0::3], zip(walk[1::3], walk[2::3], strict=True), strict=True))
        self._units = None  # the snapshot's count is not this state's
        known = self._known()
        if not full and not any(_diff(stamps, known)):
            self._save_snapshot(walk)
            self.freshness = Freshness(files=len(stamps))
            return self.freshness
        try:
            self.db.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            return self._stale(stamps, known, exc)
        try:
            known = {} if full else self._known()  # another process may have just done some
            if full:
                for table in ("files", "units", "fts", "words", "snapshot"):
                    self.db.execute(f"DELETE FROM {table}")
            todo, gone = _diff(stamps, known)
            counts: Counter = Counter()
            for rel in gone:
                self._drop(rel, counts)
            next_id = self.db.execute("SELECT coalesce(max(id), 0) + 1 FROM units").fetchone()[0]
            unreadable = 0
            # A file changed again within its file system's timestamp tick, keeping its size,
            # would look unchanged: one modified that recently is read again next time too.
            racy_after = time.time_ns() - RACY_NS
            racy = set()
            for done, rel in enumerate(todo, start=1):
                if rel in known:
                    self._drop(rel, counts)
                stamp = stamps[rel]
                if stamp[0] > racy_after:
                    racy.add(rel)
                    stamp = (stamp[0], -1)
                next_id, failed = self._add(rel, stamp, next_id, counts)
                unreadable += failed
                if progress is not None and (done % 50 == 0 or done == len(todo)):
                    progress(done, len(todo))
            self._count_words(counts)
            self._units = None
            if racy:
                walk = [value for rel, (mtime, size) in stamps.items()
                        for value in (rel, mtime, -1 if rel in racy else size)]  # fmt: skip
            self._save_snapshot(walk)
            self.db.execute("COMMIT")
        except sqlite3.OperationalError as exc:
            self.db.execute("ROLLBACK")
            if _damaged(exc):
                raise
            return self._stale(stamps, known, exc)
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                self.db.execute("ROLLBACK")
            raise
        self.freshness = Freshness(files=len(stamps), indexed=len(todo), removed=len(gone),
                                   rebuilt=full or not known, unreadable=unreadable)  # fmt: skip
        return self.freshness

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
            self.db.execute("INSERT OR REPLACE INTO snapshot VALUES (1, ?, ?)",
                            (marshal.dumps(walk), units))  # fmt: skip

    def _known(self) -> dict[str, tuple[int, int]]:
        rows = self.db.execute("SELECT path, mtime_ns, size FROM files")
        return {path: (mtime, size) for path, mtime, size in rows}

    def _stale(self, stamps: dict, known: dict, exc: Exception) -> Freshness:
        todo, gone = _diff(stamps, known)
        why = str(exc)
        if "readonly" in why:
            why = "the workspace is read-only"
        elif "locked" in why:
            why = "another memctl process is updating it"
        self.freshness = Freshness(
            files=len(stamps),
            stale=f"{len(todo) + len(gone)} file(s) changed since it was built and it cannot be "
            f"updated now ({why})",
        )
        return self.freshness

    def _add(self, rel: str, stamp: tuple[int, int], next_id: int, counts: Counter
             ) -> tuple[int, int]:  # fmt: skip
        from .units import read_units

        units, error = read_units(self.ws.root, rel, self.ws.config.daily_dir)
        rows, texts = [], []
        context_words: dict[str, set[str]] = {}
        for unit in units:
            rows.append((next_id, unit.path, unit.line, unit.kind, unit.text, unit.keys,
                         unit.note_keys, unit.entry_id, unit.category, unit.status,
                         unit.priority, unit.recorded, unit.seen, unit.until, unit.verified,
                         int(unit.archived)))  # fmt: skip
            context = f"{unit.context}\n{unit.note_keys}" if unit.note_keys else unit.context
            cjk = cjk_column(f"{unit.text}\n{unit.keys}\n{context}")
            texts.append((next_id, unit.text, unit.keys, context, cjk))
            if context not in context_words:
                context_words[context] = set(words(context))
            counts.update(set(words(f"{unit.text}\n{unit.keys}")) | context_words[context])
            next_id += 1
        marks = ", ".join("?" * len(_UNIT_COLUMNS))
        self.db.executemany(f"INSERT INTO units VALUES ({marks})", rows)
        self.db.executemany(
            "INSERT INTO fts (rowid, text, keys, context, cjk) VALUES (?, ?, ?, ?, ?)", texts
        )
        self.db.execute("INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?)", (rel, *stamp, error))
        return next_id, int(error is not None)

    def _drop(self, rel: str, counts: Counter) -> None:
        ids = [row[0] for row in self.db.execute("SELECT id FROM units WHERE path = ?", (rel,))]
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            marks = ", ".join("?" * len(chunk))
            for text, keys, context in self.db.execute(
                f"SELECT text, keys, context FROM fts WHERE rowid IN ({marks})", chunk
            ):
                counts.subtract(set(words(f"{text}\n{keys}\n{context}")))
            self.db.execute(f"DELETE FROM fts WHERE rowid IN ({marks})", chunk)
        self.db.execute("DELETE FROM units WHERE path = ?", (rel,))
        self.db.execute("DELETE FROM files WHERE path = ?", (rel,))

    def _count_words(self, counts: Counter) -> None:
        changed = [(word, n) for word, n in counts.items() if n]
        self.db.executemany(
            "INSERT INTO words (word, n) VALUES (?, ?) "
            "ON CONFLICT (word) DO UPDATE SET n = n + excluded.n", changed
        )  # fmt: skip
        gone = [(word,) for word, n in changed if n < 0]
        self.db.executemany("DELETE FROM words WHERE word = ? AND n <= 0", gone)

    # --- reading -----------------------------------------------------------------------------

    def unit_count(self) -> int:
        if self._units is None:
            self._units = self.db.execute("SELECT count(*) FROM units").fetchone()[0]
        return self._units

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
    """path, mtime_ns, size, path, … of every Markdown file, archive included: what freshness
    is measured by (a flat list: the cheapest thing to build, store and compare)."""
    walk: list = []
    for stamp in stat_markdown(ws, archive=True):
        walk += stamp
    return walk


def _diff(stamps: dict, known: dict) -> tuple[list[str], list[str]]:
    todo = [rel for rel, stamp in stamps.items() if known.get(rel) != stamp]
    gone = [rel for rel in known if rel not in stamps]
    return todo, gone


def _damaged(exc: sqlite3.Error) -> bool:
    name = getattr(exc, "sqlite_errorname", "")
    return name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or "malformed" in str(exc)


class _Outdated(Exception):
    """The file was written by a newer memctl, or is not a search index."""


def db_path(ws: Workspace) -> Path:
    return ws.state_dir / DB_NAME


def ask(ws: Workspace, question: Callable[[SearchIndex], T], progress: Progress | None = None
        ) -> tuple[T, Freshness]:  # fmt: skip
    """`question(index)` answered on an index brought up to date first; an index found damaged
    while answering is rebuilt and the question asked again."""
    index = open_index(ws, progress)
    try:
        return question(index), index.freshness
    except sqlite3.DatabaseError as exc:
        if not _damaged(exc):
            raise
        index.close()
        _remove(db_path(ws))
        index = open_index(ws, progress)
        return question(index), index.freshness
    finally:
        index.close()


def open_index(ws: Workspace, progress: Progress | None = None, *, full: bool = False
               ) -> SearchIndex:  # fmt: skip
    """The workspace's index, created, migrated, repaired and brought up to date as needed."""
    path = db_path(ws)
    for attempt in (1, 2):
        try:
            index = _connect(ws, path)
        except sqlite3.OperationalError:
            return _in_memory(ws, progress)  # .memctl/ cannot hold a database: answer anyway
        except (sqlite3.DatabaseError, _Outdated):
            _remove(path)
            continue
        try:
            index.refresh(progress, full=full)
            return index
        except sqlite3.DatabaseError as exc:
            index.close()
            if attempt == 2 or not _damaged(exc):
                raise
            _remove(path)
    raise AssertionError("unreachable")


def rebuild(ws: Workspace, progress: Progress | None = None) -> Freshness:
    """Index every file again from scratch (`memctl reindex`)."""
    with open_index(ws, progress, full=True) as index:
        return index.freshness


def _connect(ws: Workspace, path: Path) -> SearchIndex:
    exists = path.exists()
    if not exists:
        path.parent.mkdir(parents=True, exist_ok=True)
    try:
        db = sqlite3.connect(path, isolation_level=None)
    except sqlite3.OperationalError:
        if not exists:
            raise
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None)
    db.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
    try:
        if not exists:
            db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = NORMAL")
        _migrate(db)
        _check_shape(db)
    except BaseException:
        db.close()
        raise
    return SearchIndex(ws, db, path)


def _migrate(db: sqlite3.Connection) -> None:
    version = db.execute("PRAGMA user_version").fetchone()[0]
    if version == len(MIGRATIONS):
        return
    if version > len(MIGRATIONS):
        raise _Outdated(f"index schema {version} is newer than this memctl knows")
    db.execute("BEGIN IMMEDIATE")
    try:
        version = db.execute("PRAGMA user_version").fetchone()[0]  # another process may have
        for number, (_name, script) in enumerate(MIGRATIONS[version:], start=version + 1):
            for statement in script.split(";"):
                if statement.strip():
                    db.execute(statement)
            db.execute(f"PRAGMA user_version = {number}")
        db.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            db.execute("ROLLBACK")
        raise


def _check_shape(db: sqlite3.Connection) -> None:
    """A file whose tables are not the ones the migrations make (another memctl build wrote it)
    is outdated, and rebuilt."""
    try:
        db.execute(f"SELECT {', '.join(_UNIT_COLUMNS)} FROM units LIMIT 0")
        db.execute("SELECT text, keys, context, cjk FROM fts LIMIT 0")
        db.execute("SELECT word, n FROM words LIMIT 0")
        db.execute("SELECT path, mtime_ns, size, error FROM files LIMIT 0")
        db.execute("SELECT id, walk, units FROM snapshot LIMIT 0")
    except sqlite3.OperationalError as exc:
        raise _Outdated(str(exc)) from None


def _in_memory(ws: Workspace, progress: Progress | None) -> SearchIndex:
    db = sqlite3.connect(":memory:", isolation_level=None)
    _migrate(db)
    index = SearchIndex(ws, db, None)
    index.refresh(progress)
    return index


def _remove(path: Path) -> None:
    for suffix in ("", "-wal", "-shm", "-journal"):
        with contextlib.suppress(FileNotFoundError):
            Path(f"{path}{suffix}").unlink()
