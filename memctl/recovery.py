"""What a memctl that died left behind, found and put right by the next one.

A change writes a journal (`.memctl/cache/journal`, local) before it touches a file: each path,
and a hash of each text it wrote. The journal is gone once the change is committed or rolled
back, so one that is still there belongs to a process that was killed or lost power half-way.
The next command (under the workspace lock, so that process is gone) puts every journalled
file back as the last commit has it, unless a person edited it since (its text is none that
memctl wrote): then the file is left as it is, and committed as the person's edit by the next
change that touches it. The index entries of those paths go back to the commit too, and the
change's temp files (`.NAME.PID.tmp` of a dead PID) are removed. The purge registry is the one
file never put back: a purge registers its text before it changes anything, and a registration
cut short must still refuse the text (the rerun of the purge commits it).

git's own lock files (`index.lock`, `HEAD.lock`, a branch's `.lock`) that a killed git left
make every later git command fail. They are removed when no live git process works in this
repository (on Linux, read from /proc; elsewhere, when older than ten minutes), and the next
command says which it removed.
"""

from __future__ import annotations

import hashlib
import os
import time
from pathlib import Path

JOURNAL = "journal"  # in the workspace's cache folder
_GIT_LOCKS = ("index.lock", "HEAD.lock", "packed-refs.lock", "config.lock", "ORIG_HEAD.lock")
_OLD_LOCK = 600.0  # seconds: where /proc cannot tell, a lock this old is a dead process's


def digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


class Journal:
    """The touched paths of one change, appended as the change goes (one write each, no
    fsync: it is there for a killed process, whose written data the system still has)."""

    def __init__(self, path: Path):
        self.path = path
        self._fd: int | None = None

    def note(self, lines: list[str]) -> None:
        if self._fd is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            os.write(self._fd, f"pid {os.getpid()}\n".encode())
        os.write(self._fd, "".join(f"{line}\n" for line in lines).encode("utf-8"))

    def touched(self, rel: str) -> None:
        self.note([f"T\t{rel}"])

    def wrote(self, rel: str, data: bytes) -> None:
        self.note([f"W\t{rel}\t{digest(data)}"])

    def close(self) -> None:
        """The change is committed or rolled back: nothing to recover."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
            self.path.unlink(missing_ok=True)


def recover(ws) -> list[str]:
    """Put right what a dead memctl left (see the module docstring); the notices to show."""
    notices = _git_locks(ws.root)
    _remove_temps(ws.root, {ws.rel(ws.cache_dir / JOURNAL): set()})  # the caches' own temps
    path = ws.cache_dir / JOURNAL
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    except FileNotFoundError:
        return notices
    touched: dict[str, set[str]] = {}
    for line in lines[1:]:
        kind, _, rest = line.partition("\t")
        rel, _, written = rest.partition("\t")
        if kind in ("T", "W") and rel:
            touched.setdefault(rel, set())
            if written:
                touched[rel].add(written)
    put_back, kept = _put_back(ws, touched)
    _remove_temps(ws.root, touched)
    path.unlink(missing_ok=True)
    if put_back:
        notices.append(
            f"a memctl change was cut short: put back {len(put_back)} file(s) as "
            f"the last commit has them ({', '.join(put_back[:5])})"
        )
    if kept:
        notices.append(f"a memctl change was cut short; left your edits of {', '.join(kept[:5])}")
    return notices


def _put_back(ws, touched: dict[str, set[str]]) -> tuple[list[str], list[str]]:
    from . import gitstore

    git = gitstore.is_repo(ws.root) and gitstore.has_head(ws.root)
    put_back, kept = [], []
    from .purged import LEGACY, REGISTRY

    for rel, written in touched.items():
        if rel in (REGISTRY, LEGACY):  # a purge registers its text first: that always stands
            if git and _committed(ws.root, rel) != _read(ws.root / rel):
                gitstore.commit(ws.root, [rel], "memctl purge: register (cut short, kept)")
                put_back.append(f"{rel} (committed)")
            continue
        path = ws.root / rel
        now = _read(path)
        if not git:
            continue  # no commit to put it back from: each file is whole, old or new
        then = _committed(ws.root, rel)
        if now == then:
            continue
        if now is not None and digest(now) not in written:
            kept.append(rel)  # not a text memctl wrote: a person's edit since
            continue
        if then is None:
            path.unlink(missing_ok=True)
        else:
            from .workspace import atomic_write

            path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write(path, then)
        put_back.append(rel)
    if git and touched:
        gitstore.unstage(ws.root, list(touched))
    return put_back, kept


def _read(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        return None


def _committed(root: Path, rel: str) -> bytes | None:
    from . import gitstore

    return gitstore.blob(root, rel)


def _remove_temps(root: Path, touched: dict[str, set[str]]) -> None:
    """The temp files atomic writes left in the journalled paths' folders (a dead PID's)."""
    for folder in {(root / rel).parent for rel in touched}:
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        for name in names:
            if name.startswith(".") and name.endswith(".tmp") and not _alive(_pid_of(name)):
                (folder / name).unlink(missing_ok=True)


def _pid_of(name: str) -> int | None:
    parts = name.rsplit(".", 2)
    return int(parts[1]) if len(parts) == 3 and parts[1].isdigit() else None


def _alive(pid: int | None) -> bool:
    if pid is None:
        return True  # not a temp file of memctl's making: leave it
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _git_locks(root: Path) -> list[str]:
    from . import gitstore

    if not gitstore.is_repo(root):
        return []
    where = gitstore.git_dir(root)
    locks = [where / name for name in _GIT_LOCKS if (where / name).exists()]
    heads = where / "refs" / "heads"
    if heads.is_dir():
        locks += [p for p in heads.rglob("*.lock")]
    if not locks or _git_running(root):
        return []
    notices = []
    for lock in locks:
        if _proc_readable() or time.time() - lock.stat().st_mtime > _OLD_LOCK:
            lock.unlink(missing_ok=True)
            notices.append(
                f"removed {lock.relative_to(root) if lock.is_relative_to(root) else lock}"
                ", which a git process that is gone left behind"
            )
    return notices


def _proc_readable() -> bool:
    return os.path.isdir("/proc/self/fd")


def _git_running(root: Path) -> bool:
    """Is a git process working in this repository now (its folder inside the workspace)?"""
    if not _proc_readable():
        return False
    real = str(root.resolve())
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            with open(f"/proc/{entry}/comm", encoding="utf-8") as handle:
                if not handle.read().startswith("git"):
                    continue
            cwd = os.readlink(f"/proc/{entry}/cwd")
        except OSError:
            continue
        if cwd == real or cwd.startswith(real + os.sep):
            return True
    return False
