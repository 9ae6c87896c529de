"""Derived SQLite files: the search index, the vectors and the graph's mirror in .memctl/. Each
is rebuilt from the Markdown whenever it is missing or found damaged, and never committed, so
throwing one away loses nothing; what they share is here: removing one with its journals, telling
a damaged file from a busy one, and asking a question again of a rebuilt store."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

S = TypeVar("S")
T = TypeVar("T")

SUFFIXES = ("", "-wal", "-shm", "-journal")  # the file and SQLite's journals beside it


def remove(path: Path) -> None:
    """The database file and its journals, as far as they exist."""
    for suffix in SUFFIXES:
        with contextlib.suppress(FileNotFoundError):
            Path(f"{path}{suffix}").unlink()


def damaged(exc: sqlite3.Error) -> bool:
    """SQLite found the file corrupt or not a database (not: locked, busy, read-only, full)."""
    name = getattr(exc, "sqlite_errorname", "")
    return name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or "malformed" in str(exc)


def asked_again(
    question: Callable[[S], T],
    store: S,
    *,
    rebuild: Callable[[sqlite3.DatabaseError], S],
    close: Callable[[S], None],
    lost: Callable[[sqlite3.DatabaseError], bool] = damaged,
) -> T:
    """`question(store)`; when it fails because the file is lost (`lost`: damaged, by default),
    asked once more of the store `rebuild` makes from the text. Any other error is raised."""
    try:
        return question(store)
    except sqlite3.DatabaseError as exc:
        if not lost(exc):
            raise
        close(store)
        fresh = rebuild(exc)
    try:
        return question(fresh)
    finally:
        close(fresh)
