"""The file the vectors are kept in: `.memctl/vectors.db`, opened as memctl.search.vectors needs.

Derived state, written on every change of a note: a write-ahead log synced at checkpoints (a
crash loses at most the last writes, never the file), not a rollback journal synced three times a
write. The file names the model and the recipe its vectors were made with (`made_by`); opened for
another, it is emptied. A damaged file, or one that is not memctl's, is deleted and made again.
"""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path

from .. import derived
from .schema import BUSY_MS

DB_NAME = "vectors.db"
SCHEMA = """
    CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS files (path TEXT PRIMARY KEY, mtime_ns INTEGER NOT NULL,
        size INTEGER NOT NULL, lines BLOB NOT NULL, hashes BLOB NOT NULL, vecs BLOB NOT NULL);
    CREATE TABLE IF NOT EXISTS headings (hash BLOB PRIMARY KEY, vec BLOB NOT NULL);
    CREATE TABLE IF NOT EXISTS asks (digest BLOB PRIMARY KEY, vecs BLOB NOT NULL)
"""


def connect(path: Path, made_by: str) -> sqlite3.Connection | None:
    """The store at `path` for vectors made by `made_by`; None when `.memctl/` cannot hold it
    (the vectors then live in memory for this process)."""
    for _attempt in (1, 2):
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            db.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
            with contextlib.suppress(sqlite3.OperationalError):  # held by another process
                db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = NORMAL")
            db.executescript(SCHEMA)
            row = db.execute("SELECT value FROM meta WHERE key = 'model'").fetchone()
            if row is None or row[0] != made_by:
                db.execute("BEGIN IMMEDIATE")
                db.execute("DELETE FROM files")
                db.execute("DELETE FROM headings")
                db.execute("DELETE FROM asks")
                db.execute("DELETE FROM meta")
                db.execute("INSERT INTO meta VALUES ('model', ?)", (made_by,))
                db.execute("COMMIT")
            return db
        except sqlite3.DatabaseError:  # damaged, or not ours: it is derived, start over
            with contextlib.suppress(OSError):
                derived.remove(path)
    return None
