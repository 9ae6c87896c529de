"""The search index's tables: the migrations that make them, and opening a file that has them.

`.memctl/search.db` is derived, so a file this memctl cannot read as its own (damaged, written by
a newer or another build) is not repaired: the caller removes it and builds it again.
"""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path

BUSY_MS = 1500  # how long to wait for another process's write before answering from what is there

# Applied in order, each once, every time the index opens (PRAGMA user_version counts them).
# A change to what a unit holds adds a step that empties `files` and `snapshot`: the index is
# then built again from every file.
# fmt: off
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
    ("a day without headings dated by its name", "DELETE FROM files; DELETE FROM snapshot"),
    ("a token for each change", """
        CREATE TABLE IF NOT EXISTS generation (id INTEGER PRIMARY KEY CHECK (id = 1),
                                               token TEXT NOT NULL)
    """),
    ("tables as rows, where a promoted fact came from, its note's title", """
        ALTER TABLE units ADD COLUMN ref TEXT;
        ALTER TABLE units ADD COLUMN title TEXT;
        DELETE FROM files;
        DELETE FROM snapshot
    """),
    ("a unit holding a URL is a link", "DELETE FROM files; DELETE FROM snapshot"),
    ("a token for each rebuild", """
        CREATE TABLE IF NOT EXISTS epoch (id INTEGER PRIMARY KEY CHECK (id = 1),
                                          token TEXT NOT NULL)
    """),
    ("a build from nothing under way (a kill does not start it over)", """
        CREATE TABLE IF NOT EXISTS building (id INTEGER PRIMARY KEY CHECK (id = 1))
    """),
    ("a note's use-when keys in a column of their own, for every unit of the note", """
        DROP TABLE fts;
        CREATE VIRTUAL TABLE fts USING fts5 (text, keys, context, cjk, inherited,
                                             tokenize = 'porter unicode61 remove_diacritics 2');
        DELETE FROM units;
        DELETE FROM words;
        DELETE FROM files;
        DELETE FROM snapshot
    """),
    ("units found by path and line (the units a search by meaning names)", """
        DROP INDEX units_by_path;
        CREATE INDEX units_by_path ON units (path, line)
    """),
    ("a unit holding a URL is a url and a website too", "DELETE FROM files; DELETE FROM snapshot"),
    ("a unit holding an email address, a phone or a reference number is asked for by them",
     "DELETE FROM files; DELETE FROM snapshot"),
    ("a quote the gate caught giving orders has the status injection",
     "DELETE FROM files; DELETE FROM snapshot"),
    ("a kept clash is its own line's conflict, not its note's every fact's",
     "DELETE FROM files; DELETE FROM snapshot"),
    ("the day an open entry closes, and the day it holds from, read against today", """
        ALTER TABLE units ADD COLUMN closes TEXT;
        ALTER TABLE units ADD COLUMN starts TEXT;
        DELETE FROM files;
        DELETE FROM snapshot
    """),
    ("an entry is verified no earlier than the day it was added",
     "DELETE FROM files; DELETE FROM snapshot"),
    ("a value a note's names name is held redacted", "DELETE FROM files; DELETE FROM snapshot"),
]
# fmt: on

# fmt: off
UNIT_COLUMNS = ("id", "path", "line", "kind", "text", "keys", "note_keys", "entry_id",
                 "category", "status", "priority", "recorded", "seen", "until", "verified",
                 "archived", "ref", "title", "closes", "starts")
# fmt: on


class Outdated(Exception):
    """The file was written by a newer memctl, or is not a search index."""


def connect(path: Path, *, wal: bool = True) -> sqlite3.Connection:
    """The index file at `path`, created or migrated as needed (read-only when it cannot be
    written). Raises Outdated for a file that is not this memctl's index."""
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
        if not exists and wal:  # (a build into a temp file writes in place: see rebuild.py)
            db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = NORMAL")
        migrate(db)
        _check_shape(db)
    except BaseException:
        db.close()
        raise
    return db


def migrate(db: sqlite3.Connection) -> None:
    """Apply the migrations the file has not had yet (PRAGMA user_version counts them)."""
    version = db.execute("PRAGMA user_version").fetchone()[0]
    if version == len(MIGRATIONS):
        return
    if version > len(MIGRATIONS):
        raise Outdated(f"index schema {version} is newer than this memctl knows")
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
        db.execute(f"SELECT {', '.join(UNIT_COLUMNS)} FROM units LIMIT 0")
        db.execute("SELECT text, keys, context, cjk, inherited FROM fts LIMIT 0")
        db.execute("SELECT word, n FROM words LIMIT 0")
        db.execute("SELECT path, mtime_ns, size, error FROM files LIMIT 0")
        db.execute("SELECT id, walk, units FROM snapshot LIMIT 0")
        db.execute("SELECT id, token FROM generation LIMIT 0")
        db.execute("SELECT id, token FROM epoch LIMIT 0")
        db.execute("SELECT id FROM building LIMIT 0")
    except sqlite3.OperationalError as exc:
        raise Outdated(str(exc)) from None


def empty(db: sqlite3.Connection) -> None:
    """Drop every table and make them again: far faster than deleting each row of them."""
    for table in ("files", "units", "fts", "words", "snapshot", "generation", "epoch", "building"):
        db.execute(f"DROP TABLE {table}")
    for _name, script in MIGRATIONS:
        for statement in script.split(";"):
            if statement.strip():
                db.execute(statement)
