"""Atomic writes: a crash leaves each file as it was or as it was meant to be, never half."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path


def atomic_write(
    path: Path, data: str | bytes, *, sync_dir: bool = True, durable: bool = True
) -> None:
    """Write via a temp file, fsync and rename: a crash leaves the old file or the new one.

    The folder's own fsync (which makes the rename durable, not atomic) can be left to the
    caller: a Change that writes thousands of files syncs each folder once at the end.
    `durable=False` syncs nothing: for a cache that is checked when read and rebuilt when
    damaged or old, where a crash may leave the old file, the new one, or an empty one.
    """
    tmp = _write_temp(path, data, sync=durable)
    _replace(tmp, path)
    if sync_dir and durable:
        sync_folder(path.parent)


def atomic_write_many(files: dict[Path, str | bytes]) -> None:
    """Write many files, each atomically, with one sync for all: every new content is on disk
    before the first rename, so a crash still leaves each file old or new, never half. Folder
    syncs are left to the caller, as with atomic_write(sync_dir=False)."""
    temps: list[tuple[Path, Path]] = []
    try:
        for path, data in files.items():
            temps.append((_write_temp(path, data, sync=False), path))
        os.sync()  # one flush for the lot instead of one fsync a file
    except BaseException:
        for tmp, _ in temps:
            tmp.unlink(missing_ok=True)
        raise
    for tmp, path in temps:
        _replace(tmp, path)


def _write_temp(path: Path, data: str | bytes, *, sync: bool) -> Path:
    payload = data.encode("utf-8") if isinstance(data, str) else data
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            if sync:
                handle.flush()
                os.fdatasync(handle.fileno())
    except BaseException as exc:
        tmp.unlink(missing_ok=True)
        if isinstance(exc, OSError) and exc.filename is None:
            exc.filename = str(path)  # a write refused (a full disk, a size limit) names its file
        raise
    return tmp


def _replace(tmp: Path, path: Path) -> None:
    try:
        with contextlib.suppress(FileNotFoundError):
            os.chmod(tmp, path.stat().st_mode & 0o7777)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def sync_folder(folder: Path) -> None:
    """A folder's entries (a rename into it, say) on disk."""
    sync_path(folder)


def sync_path(path: Path) -> None:
    """A file's or a folder's content on disk."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
