"""The SQLite mirror of `graph/relations.md`: `.memctl/graph.db`, derived and never committed.

Before every question the mirror is checked against the text: the file's (inode, mtime, size)
first, and only when those changed its sha256. A different text is imported again in one
transaction, so a hand edit or a `git pull` is seen by the next query. A missing, damaged or
older-version database is rebuilt from the text; it is never emptied while the text is missing
(that is an error to resolve, not an empty graph). Multi-hop questions are recursive queries.

A relation is closed when its line is struck through, or once the day of its `until:` has come
(`memctl graph close --until` a later day leaves the line open until then): the mirror keeps
the first such day still ahead (`due`) and is imported again when it comes.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from .. import derived
from ..dates import fmt_date, now
from ..errors import LockTimeout, MemctlError, NotFound, PathRefused
from .text import RELATIONS_FILE, Relations, Triple, entity_key, parse_relations, squash

if TYPE_CHECKING:
    from ..workspace import Workspace

T = TypeVar("T")

DB_FILE = "graph.db"
# A database of another version is rebuilt from the text. 3: entity keys read a name as a
# person reads it (graph.text.entity_key), so the keys an older database holds are not these.
# 4: a relation whose until: day has come is closed, struck through or not.
VERSION = 4
_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE entities (id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, squash TEXT NOT NULL,
                       name TEXT NOT NULL);
CREATE TABLE triples (
    n INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, s INTEGER NOT NULL, o INTEGER NOT NULL,
    subject TEXT NOT NULL, predicate TEXT NOT NULL, object TEXT NOT NULL, pkey TEXT NOT NULL,
    confidence REAL NOT NULL, source TEXT, added TEXT, since TEXT, until TEXT, why TEXT,
    ref TEXT, closed INTEGER NOT NULL, id_written INTEGER NOT NULL, line INTEGER,
    fields TEXT NOT NULL);
CREATE TABLE problems (line INTEGER NOT NULL, message TEXT NOT NULL);
"""
# Made after a bulk load (faster than keeping them up to date row by row).
_INDEXES = {
    "entities_squash": "entities(squash)",
    "triples_s": "triples(s, closed, o)",
    "triples_o": "triples(o, closed, s)",
    "triples_p": "triples(pkey)",
}
TRIPLE_COLUMNS = "t.subject, t.predicate, t.object, t.id, t.fields, t.closed, t.line, t.id_written"


def file_stamp(path: Path) -> str:
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return "missing"
    return f"{st.st_ino}:{st.st_mtime_ns}:{st.st_size}"


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class Store:
    """An open graph.db, in step with the relations file when open_store returns it."""

    def __init__(self, ws: Workspace, conn: sqlite3.Connection, notices: list[str]) -> None:
        self.ws = ws
        self.conn = conn
        self.notices = notices

    # --- transactions -------------------------------------------------------------------

    @contextlib.contextmanager
    def read(self) -> Iterator[sqlite3.Connection]:
        """One consistent snapshot for a question that takes several statements."""
        self.conn.execute("BEGIN")
        try:
            yield self.conn
        finally:
            self.conn.execute("COMMIT")

    @contextlib.contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield self.conn
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("COMMIT")

    # --- keeping in step with the text --------------------------------------------------

    def meta(self) -> dict[str, str] | None:
        if self.conn.execute("PRAGMA user_version").fetchone()[0] != VERSION:
            return None
        return dict(self.conn.execute("SELECT key, value FROM meta"))

    def refresh(self) -> None:
        """Import the text again if it differs from what the database was built from."""
        path = self.ws.root / RELATIONS_FILE
        link = self.ws.link_out(path)
        if link is not None:
            raise PathRefused(
                f"{link}; memctl never reads through it (`memctl doctor` lists links)"
            )
        with self.write():
            meta = self.meta() or {}
            stamp = file_stamp(path)
            if meta.get("stamp") == stamp and not _due(meta):
                return  # another process brought it up to date while we waited
            try:
                data = path.read_bytes()
            except FileNotFoundError:
                count = int(meta.get("count", 0))
                if count:
                    raise NotFound(
                        f"{RELATIONS_FILE} is missing but .memctl/graph.db still holds {count} "
                        f"relation(s); restore it with `git checkout -- {RELATIONS_FILE}`, or "
                        "delete .memctl/graph.db to start an empty graph"
                    ) from None
                data = b""
            except OSError as exc:
                from ..errors import ParseError

                raise ParseError(f"cannot read: {exc.strerror}", path=RELATIONS_FILE) from exc
            digest = sha256(data)
            if meta.get("sha256") == digest and not _due(meta):
                self._set_meta(stamp, digest, int(meta.get("count", 0)))
                return
            self._load(parse_relations(data), stamp)

    def reload(self, relations: Relations) -> None:
        """Import text memctl has just written (import, purge), recording its new stamp."""
        with self.write():
            self._load(relations, file_stamp(self.ws.root / RELATIONS_FILE))

    def _load(self, rel: Relations, stamp: str) -> None:
        conn = self.conn
        for index in _INDEXES:
            conn.execute(f"DROP INDEX IF EXISTS {index}")
        for table in ("triples", "entities", "problems"):
            conn.execute(f"DELETE FROM {table}")
        entities: dict[str, tuple[int, str, str, str]] = {}

        def entity_id(name: str) -> int:
            key = entity_key(name)
            if key not in entities:
                entities[key] = (len(entities) + 1, key, squash(name), name)
            return entities[key][0]

        today = _today()
        rows = [
            (entity_id(t.subject), entity_id(t.object), *_triple_values(t, today))
            for t in rel.triples
        ]
        conn.executemany("INSERT INTO entities VALUES (?, ?, ?, ?)", entities.values())
        conn.executemany(_INSERT, rows)
        conn.executemany("INSERT INTO problems VALUES (?, ?)", rel.problems)
        for index, columns in _INDEXES.items():
            conn.execute(f"CREATE INDEX {index} ON {columns}")
        self._set_meta(stamp, rel.sha256, len(rows))

    def _set_meta(self, stamp: str, digest: str, count: int) -> None:
        ahead = "SELECT min(until) FROM triples WHERE closed = 0 AND until IS NOT NULL"
        due = self.conn.execute(ahead).fetchone()[0] or ""
        self.conn.executemany(
            "INSERT OR REPLACE INTO meta VALUES (?, ?)",
            [
                *(("stamp", stamp), ("sha256", digest), ("count", str(count))),
                *(("due", due), ("day", _today())),
            ],
        )

    def insert(self, triple: Triple, data: bytes) -> None:
        """Mirror one relation memctl has just appended to the text."""
        with self.write() as conn:
            ids = [self._ensure_entity(name) for name in (triple.subject, triple.object)]
            conn.execute(_INSERT, (*ids, *_triple_values(triple, _today())))
            count = conn.execute("SELECT count(*) FROM triples").fetchone()[0]
            self._set_meta(file_stamp(self.ws.root / RELATIONS_FILE), sha256(data), count)

    def update(self, triple: Triple, data: bytes) -> None:
        """Mirror one relation line memctl has just rewritten (closed)."""
        with self.write() as conn:
            f = triple.fields
            conn.execute(
                "UPDATE triples SET closed = ?, until = ?, why = ?, fields = ?, id_written = 1 "
                "WHERE id = ?",
                (_closed(triple, _today()), f.get("until"), f.get("why"), json.dumps(f), triple.id),
            )
            count = conn.execute("SELECT count(*) FROM triples").fetchone()[0]
            self._set_meta(file_stamp(self.ws.root / RELATIONS_FILE), sha256(data), count)

    def _ensure_entity(self, name: str) -> int:
        key = entity_key(name)
        row = self.conn.execute("SELECT id FROM entities WHERE key = ?", (key,)).fetchone()
        if row:
            return row[0]
        cur = self.conn.execute(
            "INSERT INTO entities (key, squash, name) VALUES (?, ?, ?)", (key, squash(name), name)
        )
        assert cur.lastrowid is not None  # an INSERT's row has its id
        return cur.lastrowid

    def problems(self) -> list[str]:
        rows = self.conn.execute("SELECT line, message FROM problems ORDER BY line")
        return [f"{RELATIONS_FILE}:{line}: {message}" for line, message in rows]


_INSERT = (
    "INSERT INTO triples (s, o, subject, predicate, object, pkey, confidence, source, "
    "added, since, until, why, ref, closed, id_written, line, fields, id) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)


def _today() -> str:
    return fmt_date(now().date())


def _due(meta: dict[str, str]) -> bool:
    """Has the day come that ends a relation the mirror still holds open (or is today before
    the day the mirror was made: a clock set back, a replay)?"""
    due, day = meta.get("due"), meta.get("day")
    if not (due or day):
        return False
    today = _today()
    return bool(due and due <= today or day and today < day)


def _closed(t: Triple, today: str) -> int:
    """Struck through, or its until: day has come."""
    until = t.fields.get("until")
    return int(t.closed or (until is not None and until <= today))


def _triple_values(t: Triple, today: str) -> tuple:
    f = t.fields
    return (
        t.subject,
        t.predicate,
        t.object,
        entity_key(t.predicate),
        t.confidence,
        f.get("src"),
        f.get("added"),
        f.get("from"),
        f.get("until"),
        f.get("why"),
        f.get("ref"),
        _closed(t, today),
        int(t.id_written),
        t.line,
        json.dumps(f, ensure_ascii=False),
        t.id,
    )


# --- opening ------------------------------------------------------------------------------


def open_store(ws: Workspace) -> Store:
    """graph.db, brought in step with the relations file (rebuilt when missing or damaged)."""
    db_path = ws.state_dir / DB_FILE
    notices: list[str] = []
    if db_path.exists():
        conn = sqlite3.connect(
            db_path, timeout=ws.config.lock_timeout_seconds, isolation_level=None
        )
        store = Store(ws, conn, notices)
        try:
            _tune(conn)
            meta = store.meta()
            stamp = file_stamp(ws.root / RELATIONS_FILE)
            if meta is not None and meta.get("stamp") == stamp and not _due(meta):
                return store  # the common case: one stat, one small read
            if meta is not None:
                store.refresh()
                return store
        except sqlite3.DatabaseError as exc:
            raise_if_locked(exc, ws)
            notices.append(
                f".memctl/{DB_FILE} was damaged ({exc}); rebuilt it from {RELATIONS_FILE}"
            )
        conn.close()
        remove_db(ws)
    return _create(ws, notices)


def rebuild(ws: Workspace, reason: str) -> Store:
    """Throw the database away and build it again from the text."""
    remove_db(ws)
    return _create(
        ws, [f".memctl/{DB_FILE} was damaged ({reason}); rebuilt it from {RELATIONS_FILE}"]
    )


def _create(ws: Workspace, notices: list[str]) -> Store:
    ws.state_dir.mkdir(exist_ok=True)
    conn = _connect(ws, ws.state_dir / DB_FILE)
    store = Store(ws, conn, notices)
    with store.write():
        if conn.execute("PRAGMA user_version").fetchone()[0] != VERSION:
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {VERSION}")
    store.refresh()
    return store


def _connect(ws: Workspace, path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, timeout=ws.config.lock_timeout_seconds, isolation_level=None)
    _tune(conn)
    return conn


def _tune(conn: sqlite3.Connection) -> None:
    conn.execute("PRAGMA temp_store = MEMORY")
    conn.execute("PRAGMA synchronous = NORMAL")
    conn.execute("PRAGMA secure_delete = ON")  # a purged relation leaves no copy in free pages


def remove_db(ws: Workspace) -> None:
    derived.remove(ws.state_dir / DB_FILE)


def raise_if_locked(exc: sqlite3.DatabaseError, ws: Workspace) -> None:
    text = str(exc).lower()
    if isinstance(exc, sqlite3.OperationalError) and ("locked" in text or "busy" in text):
        raise LockTimeout(
            f"graph.db is locked by another process (waited "
            f"{ws.config.lock_timeout_seconds:g}s); try again, or end that process",
            path=ws.state_dir / DB_FILE,
        ) from None


# --- opening, for the graph's questions and writes ------------------------------------


@contextlib.contextmanager
def opened(ws: Workspace) -> Iterator[Store]:
    """The mirror, in step with the text; a locked database becomes a LockTimeout."""
    store = None
    try:
        store = open_store(ws)
        yield store
    except sqlite3.OperationalError as exc:  # locked, or .memctl/ not writable
        raise_if_locked(exc, ws)
        raise MemctlError(
            f"cannot use the graph database: {exc}", path=ws.state_dir / DB_FILE
        ) from None
    finally:
        if store is not None:
            store.conn.close()


def ask(ws: Workspace, question: Callable[[Store], T]) -> T:
    """Run a read-only question; a database that fails mid-way for any reason but a lock (the
    mirror is cheap to make again) is rebuilt from the text and asked again."""

    def lost(exc: sqlite3.DatabaseError) -> bool:
        raise_if_locked(exc, ws)
        return True

    with opened(ws) as store:
        return derived.asked_again(
            question,
            store,
            rebuild=lambda exc: rebuild(ws, str(exc)),
            close=lambda done: done.conn.close(),
            lost=lost,
        )


def notices_of(store: Store) -> list[str]:
    return [*store.notices, *store.problems()]
