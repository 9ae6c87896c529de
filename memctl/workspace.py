"""The workspace: where it is, its layout, safe paths, the lock, and changes.

A workspace is a folder holding ``.memctl/`` (config and derived state), NOW.md, INDEX.md,
``daily/``, one folder per category and ``.archive/``. It is also a git repository, and every
change memctl makes is one commit.
"""

from __future__ import annotations

import contextlib
import operator
import os
import stat
import time
from _thread import get_ident
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Generic, TypedDict, TypeVar, Unpack

from .config import Config, load_config
from .controls import unshowable
from .errors import LockTimeout, PathRefused, WorkspaceNotFound
from .kinds import INDEX_FILE, NOW_FILE, in_rules
from .textstyle import not_utf8

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .change import Change

MARKER = ".memctl"
ENV_VAR = "MEMCTL_WORKSPACE"
ARCHIVE_DIR = ".archive"
PROTECTED = (".git", MARKER)


class _Where(TypedDict, total=False):
    """Where find_root looks besides --workspace (tests give their own)."""

    env: Mapping[str, str] | None
    cwd: Path | None


# What to do about a memory file that is not UTF-8 text (Workspace.read_text).
UNREADABLE_FIX = (
    "; memctl leaves the file as it is and writes nothing to it: fix that line by hand "
    "(`memctl doctor` lists every such line)"
)


def find_root(
    explicit: str | os.PathLike | None = None,
    *,
    env: Mapping[str, str] | None = None,
    cwd: Path | None = None,
) -> Path:
    """--workspace, then $MEMCTL_WORKSPACE, then the nearest folder upwards holding .memctl/."""
    environ = os.environ if env is None else env
    for given, origin in ((explicit, "--workspace"), (environ.get(ENV_VAR), ENV_VAR)):
        if given:
            root = Path(given).expanduser().resolve()
            if not (root / MARKER).is_dir():
                raise WorkspaceNotFound(
                    f"{origin} points at {root}, which is not a memctl workspace "
                    f"(no {MARKER}/ folder); run `memctl init {given}` to create one"
                )
            return root
    start = (cwd or Path.cwd()).resolve()
    for folder in (start, *start.parents):
        if (folder / MARKER).is_dir():
            return folder
    raise WorkspaceNotFound(
        f"no memctl workspace here or above {start}; run `memctl init [PATH]`, "
        f"pass --workspace PATH, or set {ENV_VAR}"
    )


def open_workspace(
    explicit: str | os.PathLike | None = None, **kwargs: Unpack[_Where]
) -> Workspace:
    root = find_root(explicit, **kwargs)
    bare = Workspace(root)
    for inside in (MARKER, f"{MARKER}/config.yaml", *_linked_state(root)):
        link = bare.link_out(root / inside)
        if link is not None:
            raise PathRefused(
                f"{link}; memctl never reads or writes through it",
                path=root,
            )
        # memctl's own files are its own even as links inside the workspace: a peer's `.memctl`
        # → `notes/x/` (or `.memctl/local.yaml` → a note) would choose this machine's settings
        if (root / inside).is_symlink():
            raise PathRefused(
                f"{inside} is a link (to {os.readlink(root / inside)}); memctl keeps its own "
                "files in a folder of its own and reads none of them through a link: put the "
                "real folder or file back (`git status` shows what changed)",
                path=root,
            )
    return Workspace(root, load_config(root / MARKER / "config.yaml"))


def own_folder(parts: tuple[str, ...] | list[str]) -> str | None:
    """`.git` or `.memctl` when a workspace-relative path (its parts) lies in git's or memctl's
    own folder, at any depth (a nested repository's settings hold tokens too, and a link on
    the way may lead back to the top), read as a file system that ignores case or trailing
    dots and spaces would."""
    for part in parts:
        folded = part.casefold().rstrip(". ")
        if folded in PROTECTED:
            return folded
    return None


def link_target(real: Path, real_root: Path) -> str | None:
    """Where a link whose resolved target is `real` goes that memctl never follows it, as the
    end of "X is a link …": out of the workspace, or into .git/ or .memctl/; None when the
    target is memory's own ground."""
    try:
        inside = real.relative_to(real_root)
    except ValueError:
        return "that leaves the workspace"
    own = own_folder(inside.parts)
    if own is not None:
        return f"into {own}/, {'git' if own == '.git' else 'memctl'}'s own folder"
    return None


def _linked_state(root: Path) -> list[str]:
    """The links among memctl's own files (.memctl/ and its cache folder): a peer can commit
    one (`.memctl/search.db` → a database of the person's), and memctl would write through it."""
    found = []
    for folder in (MARKER, f"{MARKER}/cache"):
        try:
            with os.scandir(root / folder) as entries:
                found += [f"{folder}/{e.name}" for e in entries if e.is_symlink()]
        except OSError:
            continue  # not there (yet), or not a folder: nothing of memctl's in it
    return found


@dataclass
class Workspace:
    root: Path
    config: Config = field(default_factory=Config)

    @property
    def state_dir(self) -> Path:
        return self.root / MARKER

    @property
    def cache_dir(self) -> Path:
        return self.state_dir / "cache"

    @property
    def now_path(self) -> Path:
        return self.root / NOW_FILE

    @property
    def index_path(self) -> Path:
        return self.root / INDEX_FILE

    @property
    def daily_dir(self) -> Path:
        return self.root / self.config.daily_dir

    @property
    def archive_dir(self) -> Path:
        return self.root / ARCHIVE_DIR

    def rel(self, path: Path) -> str:
        """The workspace-relative posix path memctl prints and commits."""
        text, root = str(path), str(self.root)
        if text.startswith(root + os.sep):  # the common case, without relpath's cost
            return text[len(root) + 1 :].replace(os.sep, "/")
        return Path(os.path.relpath(path, self.root)).as_posix()

    @staticmethod
    def own_folder(rel: str) -> str | None:
        """`.git` or `.memctl` when a workspace-relative path lies in one (own_folder)."""
        return own_folder(Path(rel).parts)

    def resolve(self, given: str | os.PathLike, *, for_writing: bool = False) -> Path:
        """A path the person named, refused if it leaves the workspace (.., absolute, symlink),
        or reaches .git/ or .memctl/ through a link."""
        raw = Path(given).expanduser()
        candidate = raw if raw.is_absolute() else self.root / raw
        real_root = self.root.resolve()
        real = candidate.resolve()
        try:
            inside = real.relative_to(real_root)
        except ValueError:
            # the path apart from the words: each is redacted on its own (errors.MemctlError),
            # so a folder named like a key (etc/passwd) does not make the words a secret
            raise PathRefused(f"outside the workspace {self.root}", path=str(given)) from None
        own = own_folder(inside.parts)
        if own is not None and own_folder(Path(os.path.relpath(candidate, self.root)).parts) != own:
            # named as memory, reached through a link: `lessons/x.md -> ../.git/config`
            link = self.link_out(candidate) or f"{given} leads into {own}/ through a link"
            raise PathRefused(f"{link}; memctl never reads or writes through it")
        if inside.parts and inside.parts[0] in PROTECTED and for_writing:
            raise PathRefused(f"memctl does not write inside {inside.parts[0]}/", path=str(given))
        return real_root / inside

    def link_out(self, path: Path) -> str | None:
        """What is wrong with a link on the way to `path`, if one is: a file or a folder on
        the way that is a symlink to somewhere outside the workspace, or into git's or memctl's
        own folder, as the start of a sentence ("daily/2026-01-01.md is a link into .git/"). A
        peer can commit such a link (`daily/<today>.md -> ~/.ssh/id_rsa`, `NOW.md ->
        .git/config`, whose settings may hold a token); memctl never reads or writes through
        it: what it read there would be taken for memory, shown and committed."""
        try:
            parts = Path(os.path.relpath(path, self.root)).parts
        except ValueError:
            return f"{path} is outside the workspace"
        if parts and parts[0] == "..":
            return f"{path} is outside the workspace"
        here = self.root
        real_root: Path | None = None
        for part in parts:
            here = here / part
            if here.is_symlink():
                real_root = real_root or self.root.resolve()
                where = link_target(here.resolve(), real_root)
                if where is not None:
                    return f"{self.rel(here)} is a link {where}"
        return None

    def read_text(self, path: Path) -> str:
        """The text of a memory file memctl reads by its name (a day's log, NOW.md): refused
        (PathRefused, one line naming the link) when a link on its way leaves the workspace or
        leads into .git/ or .memctl/ (link_out), before a byte is read. A byte that is not
        UTF-8 (a binary paste, a peer's commit) is a ParseError naming the file and the line of
        the first such byte: every command that reads the file stops there in one line, and
        none writes it (textstyle.not_utf8)."""
        link = self.link_out(path)
        if link is not None:
            raise PathRefused(
                f"{link}; memctl never reads or writes through it (`memctl doctor` lists links)"
            )
        data = path.read_bytes()
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise not_utf8(data, self.rel(path), exc, UNREADABLE_FIX) from None

    def not_a_file(self, path: Path) -> tuple[str, str] | None:
        """Where and why `path` cannot be read or written as a file, if it cannot: it is a
        folder (a gitlink, a submodule's commit, is checked out as one), or a file stands where
        a folder on its way should be (a peer can commit either), or it is a FIFO, a socket or
        a device, where a read or a write would wait for ever. memctl writes nothing there."""
        if path.is_dir():
            return self.rel(path), "a folder where memctl keeps a file"
        if path.exists() and not path.is_file():
            return self.rel(path), "a FIFO, a socket or a device where memctl keeps a file"
        here = path.parent
        while here != self.root and self.root in here.parents:
            if here.exists() and not here.is_dir():
                return self.rel(here), "a file where memctl keeps a folder"
            here = here.parent
        return None

    # --- the lock --------------------------------------------------------------------------

    @contextlib.contextmanager
    def lock(self) -> Iterator[None]:
        """Serialize writers across processes and threads (flock on a descriptor of the
        holder's own); re-entrant within one thread."""
        key = (str(self.root.resolve()), get_ident())
        held = _LOCKS.get(key)
        if held:
            held[1] += 1
            try:
                yield
            finally:
                held[1] -= 1
            return
        import fcntl

        self.state_dir.mkdir(exist_ok=True)
        fd = os.open(self.state_dir / "lock", os.O_RDWR | os.O_CREAT, 0o644)
        deadline = time.monotonic() + self.config.lock_timeout_seconds
        try:
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() > deadline:
                        raise LockTimeout(
                            f"another memctl process has held the workspace lock for over "
                            f"{self.config.lock_timeout_seconds:g}s",
                            path=self.state_dir / "lock",
                        ) from None
                    time.sleep(0.005)
            _LOCKS[key] = [fd, 1]
            try:
                yield
            finally:
                del _LOCKS[key]
                fcntl.flock(fd, fcntl.LOCK_UN)
        finally:
            os.close(fd)

    @contextlib.contextmanager
    def change(
        self, verb: str, what: str = "", *, unattended: bool = False, source: str | None = None
    ) -> Iterator[Change]:
        """One mutating command: under the lock, every added line admitted (admission.py),
        written atomically, committed once at the end; on any error, every file it touched is
        put back as it was. `unattended`: nobody can be asked (the nightly job, a hook), so
        secrets and purged text are redacted instead of refused. `source`: where all its text
        comes from, when that is known (an import: "file"), for the trust caps."""
        from .change import Change

        with self.lock():
            change = Change(self, verb, what, unattended=unattended, source=source)
            try:
                yield change
            except BaseException:
                change.roll_back()
                raise
            change.finish()


_LOCKS: dict[tuple[str, int], list[int]] = {}  # (root, thread) → [descriptor, depth]
_NAME = operator.attrgetter("name")
# Stat files relative to their open folder (POSIX); elsewhere (Windows) scandir's own stat is free.
_BY_FOLDER = os.stat in os.supports_dir_fd and os.scandir in os.supports_fd
_FOLDER_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)


T = TypeVar("T")


@dataclass(frozen=True)
class Outcome(Generic[T]):
    """What a mutating command produced (a T), with the files it wrote and the commits it made."""

    value: T
    change: Change

    def to_dict(self) -> dict:
        data = self.value.to_dict() if hasattr(self.value, "to_dict") else {"value": self.value}
        return {**data, "change": self.change.to_dict()}


def iter_markdown(ws: Workspace, *, archive: bool = False) -> Iterator[Path]:
    """Every .md file of the live workspace (and of .archive/ when asked), sorted per folder.

    Dot folders are skipped (.git, .memctl, and .archive unless asked); symlinks are not followed.
    A file or folder whose name no line can show (a line break, a control character, text shown
    reversed: controls.unshowable) is skipped too: memory is listed by path (recall, search, ls,
    INDEX.md), and such a name, committed by a peer, would print lines of its own choosing.
    """
    for rel, _, _ in stat_markdown(ws, archive=archive):
        yield ws.root / rel


def _exclusion(patterns: tuple[str, ...]) -> Callable[[str], bool] | None:
    """A test for the `exclude:` globs of the config (None when there are none)."""
    if not patterns:
        return None
    import fnmatch
    import re

    rx = re.compile("|".join(fnmatch.translate(p) for p in patterns))
    # rel is always /-separated; the rules (rules.RULES_DIR) are read whatever a pattern says:
    # a committed `exclude: ["rules/*"]`, synced from a peer, would switch off every rule
    return lambda rel: not in_rules(rel) and rx.match(rel) is not None


def excluded_markdown(ws: Workspace) -> list[str]:
    """The Markdown files (workspace-relative) the config's `exclude:` patterns hide."""
    excluded = _exclusion(ws.config.exclude)
    if excluded is None:
        return []
    return [rel for rel, _, _ in stat_markdown(ws, exclude=False) if excluded(rel)]


def flat_stamps(ws: Workspace) -> list:
    """path, mtime_ns, size, path, … of every Markdown file, archive included: stat_markdown as
    one flat list, the cheapest thing to build, store and compare (the search index's walk)."""
    flat: list = []
    for stamp in stat_markdown(ws, archive=True):
        flat += stamp
    return flat


def stat_markdown(
    ws: Workspace, *, archive: bool = False, exclude: bool = True
) -> list[tuple[str, int, int]]:
    """(path, mtime_ns, size) of every Markdown file, the walk iter_markdown describes.

    Every read checks freshness with this (the catalog, the search index), so it is one plain
    recursive function filling a list: no generators, no Path per file. Where the system allows,
    each file is stat'ed relative to its open folder: the kernel resolves one name, not a path.
    `exclude=False`: the files the config's `exclude:` hides too (doctor counts them).
    """
    excluded = _exclusion(ws.config.exclude) if exclude else None
    found: list[tuple[str, int, int]] = []

    def walk(folder: str, rel: str, parent: int | None) -> None:
        # `folder` is a path, or (by folder) a name inside the open folder `parent`
        try:
            where = os.open(folder, _FOLDER_FLAGS, dir_fd=parent) if _BY_FOLDER else None
        except OSError:
            return
        try:
            try:
                with os.scandir(folder if where is None else where) as listing:
                    items = sorted(listing, key=_NAME)
            except OSError:
                return
            for item in items:
                name = item.name
                if name[0] == "." and not (archive and not rel and name == ARCHIVE_DIR):
                    continue
                if not name.isprintable() and unshowable(name) is not None:
                    continue  # no line shows its name: never read as a note (doctor names it)
                if item.is_dir(follow_symlinks=False):
                    walk(item.path if where is None else name, f"{rel}{name}/", where)
                elif name.endswith(".md") and (excluded is None or not excluded(rel + name)):
                    try:
                        st = (
                            item.stat(follow_symlinks=False)
                            if where is None
                            else os.stat(name, dir_fd=where, follow_symlinks=False)
                        )
                    except OSError:
                        continue  # removed while walking
                    if stat.S_ISREG(st.st_mode):
                        found.append((rel + name, st.st_mtime_ns, st.st_size))
        finally:
            if where is not None:
                os.close(where)

    walk(str(ws.root), "", None)
    return found
