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

A purge cannot be journalled like a change: it rewrites files and then history, and only its
rerun can finish it (the text is known to nobody else). So it keeps a mark of its own
(`.memctl/cache/purging-RECEIPT`, local): its receipt and fingerprint, then each file it cleaned or
renamed. A mark whose purge is gone means the purge was cut short. The next command commits the
files the purge had cleaned (as memctl's, never as a person's edit: a file changed since is
left alone), puts the index back on HEAD if the history rewrite had begun, and says, every time
until it is done, that the purge must be run again to finish.

git's own lock files (`index.lock`, `HEAD.lock`, a ref's or a reflog's `.lock` under `refs/`
or `logs/`, the commit graph's under `objects/info/`) that a killed git left make every later
git command fail. They are removed when no live git process works in this repository (on
Linux, read from /proc; elsewhere, when older than ten minutes), and the next command says
which it removed.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import time
from pathlib import Path, PurePosixPath

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .workspace import Workspace

JOURNAL = "journal"  # in the workspace's cache folder
PURGING = "purging-"  # in the workspace's cache folder, + the receipt: a purge under way
_OLD_LOCK = 600.0  # seconds: where /proc cannot tell, a lock this old is a dead process's


def digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


class Journal:
    """The touched paths of one change, appended as the change goes (one write each, no
    fsync: it is there for a killed process, whose written data the system still has)."""

    def __init__(self, path: Path) -> None:
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


class PurgeMark:
    """A purge under way (see the module docstring): its receipt, then each file it cleaned."""

    def __init__(self, ws: Workspace, receipt: str, fingerprint: str) -> None:
        self.path = ws.cache_dir / f"{PURGING}{receipt}"
        self.path.parent.mkdir(parents=True, exist_ok=True)
        header = f"purge\t{receipt}\t{fingerprint}\t{os.getpid()}\n"
        self._fd: int | None = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.write(self._fd, header.encode("utf-8"))
        os.fsync(self._fd)  # what a power cut leaves must still say a purge began

    def wrote(self, rel: str, data: bytes) -> None:
        self._note(f"W\t{rel}\t{digest(data)}")

    def moved(self, rel: str, new_rel: str) -> None:
        self._note(f"M\t{rel}\t{new_rel}")

    def _note(self, line: str) -> None:
        if self._fd is not None:
            os.write(self._fd, f"{line}\n".encode())

    def done(self) -> None:
        """The receipt is committed: the purge is finished."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
        self.path.unlink(missing_ok=True)


def recover(ws: Workspace, *, purging: str | None = None) -> list[str]:
    """Put right what a dead memctl left (see the module docstring); the notices to show.
    `purging`: the receipt of the purge that calls it as it starts (it finishes that one)."""
    notices = _git_locks(ws.root)
    _remove_temps(ws.root, {ws.rel(ws.cache_dir / JOURNAL): set()})  # the caches' own temps
    notices += _journal(ws)
    with contextlib.suppress(OSError):  # no cache folder: no mark
        for mark in sorted(ws.cache_dir.glob(f"{PURGING}*")):
            notices += _purge_cut_short(ws, mark, purging)
    return notices


def _journal(ws: Workspace) -> list[str]:
    notices: list[str] = []
    path = ws.cache_dir / JOURNAL
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    except FileNotFoundError:
        return notices
    touched: dict[str, set[str]] = {}
    for line in lines[1:]:
        kind, _, rest = line.partition("\t")
        rel, _, written = rest.partition("\t")
        if kind in ("T", "W") and rel and _ours(ws, rel):
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


def _ours(ws: Workspace, rel: str) -> bool:
    """A journal's path memctl may put back: a relative path inside the workspace, not in
    .git, reached through no link out of it. The journal is memctl's own, but a copy a peer
    committed (`git add -f`) arrives by sync, and it may name any file."""
    path = PurePosixPath(rel)
    if path.is_absolute() or ".." in path.parts or path.parts[:1] == (".git",):
        return False
    return ws.link_out(ws.root / rel) is None


def _purge_cut_short(ws: Workspace, path: Path, purging: str | None) -> list[str]:
    """A purge's mark whose purge is gone: commit what it cleaned, and say how to finish it."""
    from . import gitstore

    try:
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    except FileNotFoundError:
        return []
    head = lines[0].split("\t") if lines else []
    if len(head) != 4 or head[0] != "purge":
        path.unlink(missing_ok=True)  # not a mark this memctl can read: a purge of nobody's
        return []
    receipt, fingerprint, pid = head[1], head[2], head[3]
    if pid == str(os.getpid()):
        return []  # this process's own purge, under way (the others': gone, as this one holds
        # the workspace lock, which a purge holds from start to end)
    receipt_rel = f".memctl/receipts/purge-{receipt}.md"
    git = gitstore.is_repo(ws.root) and gitstore.has_head(ws.root)
    finished = _committed(ws.root, receipt_rel) if git else _read(ws.root / receipt_rel)
    if finished is not None:
        path.unlink(missing_ok=True)  # killed after its receipt was committed: it is done
        return []
    cleaned: list[str] = []
    _remove_temps(ws.root, {line.split("\t")[1]: set() for line in lines[1:] if "\t" in line})
    for line in lines[1:]:
        kind, _, rest = line.partition("\t")
        rel, _, other = rest.partition("\t")
        if kind == "W" and rel and _read(ws.root / rel) is not None:
            if digest(_read(ws.root / rel) or b"") == other:
                cleaned.append(rel)  # as the purge wrote it (a person's later edit stays theirs)
        elif kind == "M" and rel and other:
            if not (ws.root / rel).exists() and (ws.root / other).exists():
                cleaned += [rel, other]
    committed = 0
    if git:
        if (gitstore.git_dir(ws.root) / "memctl-purge.json").exists():
            # The history rewrite had begun: the index may still hold the old commit's blobs.
            gitstore.run(ws.root, "reset", "-q", check=False)
        made = gitstore.commit(
            ws.root,
            sorted(set(cleaned)),
            f"memctl purge: the files purge {receipt} had cleaned when it was cut short",
        )
        committed = len(set(cleaned)) if made else 0
    with open(path, "w", encoding="utf-8") as handle:  # told: the cleaned files are committed
        handle.write("\t".join(head[:3] + ["0"]) + "\n")
    done = f"; committed the {committed} file(s) it had cleaned" if committed else ""
    if purging == receipt:
        return [f"finishing a purge (receipt {receipt}) that was cut short{done}"]
    return [
        f"a purge (receipt {receipt}, {fingerprint}) was cut short{done}: until it is run "
        "again its text may still be in files and in git history; run the same `memctl "
        "forget --purge --match TEXT --yes` again to finish it"
    ]


def _put_back(ws: Workspace, touched: dict[str, set[str]]) -> tuple[list[str], list[str]]:
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
            from .atomic import atomic_write

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
    # .memctl/ too: the purge registry is written there outside any journal
    for folder in {(root / rel).parent for rel in touched} | {root / ".memctl"}:
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        for name in names:
            if name.startswith(".") and name.endswith(".tmp") and not _alive(_pid_of(name)):
                (folder / name).unlink(missing_ok=True)


def purges_cut_short(ws: Workspace) -> list[tuple[str, str]]:
    """The receipt and fingerprint of each purge whose mark is left and whose process is gone,
    read only (`memctl doctor`; a write command finishes what it can: recover)."""
    found = []
    for path in sorted(Path(ws.cache_dir).glob(f"{PURGING}*")):
        try:
            lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            continue
        head = lines[0].split("\t") if lines else []
        if len(head) == 4 and head[0] == "purge" and head[3].isdigit():
            if not _alive(int(head[3])):
                found.append((head[1], head[2]))
    return found


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
    locks = sorted(where.glob("*.lock"))  # index.lock, HEAD.lock, packed-refs.lock, …
    # `git gc`'s gc.pid: a killed gc leaves it, and git takes a reused pid for a gc running
    if (where / "gc.pid").is_file():
        locks.append(where / "gc.pid")
    # `git pack-refs` writes packed-refs.new and renames it: one left behind stops every later
    # pack-refs ("unable to create file …packed-refs.new: File exists"), so every gc
    if (where / "packed-refs.new").is_file():
        locks.append(where / "packed-refs.new")
    # a ref's lock, a reflog's (`git reflog expire`), the commit graph's and the multi-pack
    # index's (`git gc`)
    for folder in ("refs", "logs", "objects/info", "objects/pack"):
        if (where / folder).is_dir():
            locks += sorted((where / folder).rglob("*.lock"))
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
