"""`memctl reindex`: the search index built again from every file, into a temp file that takes
the index's place only once it is whole, so a full disk or a kill leaves the old index as it was.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from pathlib import Path

from ..atomic import sync_path
from ..workspace import Workspace
from .index import Freshness, Progress, SearchIndex, db_path, remove_db
from .schema import connect


def rebuild(ws: Workspace, progress: Progress | None = None) -> Freshness:
    """Index every file again from scratch (`memctl reindex`), into a temp file that takes the
    index's place only once it is whole: a full disk or a kill leaves the old index as it was.

    The temp file is written in place (a rollback journal, not WAL), so every page is in it when
    the build commits; it turns to WAL only then, before it is synced and renamed. The old
    index's own -wal and -shm go first: left beside the new file they would be read into it."""
    from ..errors import StorageError, storage_error

    path = db_path(ws)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    remove_db(tmp)
    try:
        index = SearchIndex(ws, connect(tmp, wal=False), tmp)
        try:
            freshness = index.refresh(progress, full=True)
            if freshness.stale is None:
                index.db.execute("PRAGMA journal_mode = WAL")
        finally:
            index.close()
        if freshness.stale is not None:
            raise sqlite3.OperationalError(freshness.stale)
        sync_path(tmp)
        for suffix in ("-wal", "-shm"):
            with contextlib.suppress(FileNotFoundError):
                Path(f"{path}{suffix}").unlink()
        os.replace(tmp, path)
    except (OSError, sqlite3.OperationalError) as exc:
        remove_db(tmp)
        error = storage_error(exc) if isinstance(exc, OSError) else None
        if error is not None:
            raise error from None
        if "disk is full" not in str(exc):
            raise
        raise StorageError(
            "the disk is full: the search index was not rebuilt, and the one there is kept "
            "as it was",
            path=ws.rel(path),
        ) from None
    return freshness
