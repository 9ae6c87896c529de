"""A workspace kept in view by a long-lived process (`memctl serve`): what changed, without a walk.

A command in its own process stats every Markdown file before it answers (the search index's
freshness walk). A server that answers command after command asks the kernel instead: on Linux
an inotify watch on every folder of the workspace queues an event for each write, rename and
removal as it happens, and `Watcher.sync` reads that queue, without waiting, before each answer.
An edit made before a request (a person's editor, git, another memctl) is therefore always in
the queue when the request is answered, and only the files it names are stat'ed again.

While a watcher is registered for a workspace (`register`), the search index's walk comes from
it (`current_walk`), the index stays open between answers (`kept_index`), and values derived
from a folder are kept until something under that folder changes (`remembered`). Where there is
no inotify, or the folders exceed the watch limit, `Watcher.start` says so and nothing is
registered: every answer then walks as a command in its own process does.

Only processes that import this module have watchers: the core looks it up in sys.modules, so a
command in its own process pays nothing for it.
"""

from __future__ import annotations

import contextlib
import os
import stat
import struct
import sys
import threading
from collections.abc import Callable
from errno import EMFILE, ENOSPC
from typing import TYPE_CHECKING, TypeVar

from ..controls import unshowable
from ..workspace import ARCHIVE_DIR, Workspace, _exclusion

if TYPE_CHECKING:
    from ..search.index import Progress, SearchIndex

T = TypeVar("T")

# inotify(7)
IN_MODIFY, IN_ATTRIB, IN_CLOSE_WRITE = 0x2, 0x4, 0x8
IN_MOVED_FROM, IN_MOVED_TO, IN_CREATE, IN_DELETE = 0x40, 0x80, 0x100, 0x200
IN_DELETE_SELF, IN_MOVE_SELF = 0x400, 0x800
IN_Q_OVERFLOW, IN_IGNORED, IN_ISDIR = 0x4000, 0x8000, 0x40000000
IN_ONLYDIR, IN_DONT_FOLLOW = 0x01000000, 0x02000000
MASK = (
    IN_MODIFY
    | IN_ATTRIB
    | IN_CLOSE_WRITE
    | IN_MOVED_FROM
    | IN_MOVED_TO
    | IN_CREATE
    | IN_DELETE
    | IN_DELETE_SELF
    | IN_MOVE_SELF
    | IN_ONLYDIR
    | IN_DONT_FOLLOW
)
_HEAD = struct.Struct("iIII")  # wd, mask, cookie, len

_WATCHED: dict[str, Watcher] = {}  # workspace root → its watcher, in this process


class Unwatchable(Exception):
    """This system cannot watch the workspace (no inotify, or the watch limit reached)."""


class _Inotify:
    """The three inotify calls, through ctypes (Linux only)."""

    def __init__(self) -> None:
        if not sys.platform.startswith("linux"):
            raise Unwatchable("inotify is Linux's; this system gets a walk per answer")
        import ctypes

        self._libc = ctypes.CDLL(None, use_errno=True)
        fd = self._libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
        if fd < 0:
            raise Unwatchable(f"inotify_init1: {os.strerror(ctypes.get_errno())}")
        self.fd = fd

    def add(self, path: str) -> int:
        import ctypes

        wd = self._libc.inotify_add_watch(self.fd, os.fsencode(path), MASK)
        if wd < 0:
            errno = ctypes.get_errno()
            if errno in (ENOSPC, EMFILE):  # the system's limits on watches
                raise Unwatchable(
                    f"inotify: {os.strerror(errno)} (see fs.inotify.max_user_watches)"
                )
            return -1  # the folder went away meanwhile
        return wd

    def events(self) -> list[tuple[int, int, str]]:
        """(wd, mask, name) of every queued event, without waiting."""
        found: list[tuple[int, int, str]] = []
        while True:
            try:
                data = os.read(self.fd, 1 << 16)
            except BlockingIOError:
                return found
            at = 0
            while at < len(data):
                wd, mask, _, size = _HEAD.unpack_from(data, at)
                name = data[at + 16 : at + 16 + size].rstrip(b"\0")
                found.append((wd, mask, os.fsdecode(name)))
                at += 16 + size

    def close(self) -> None:
        os.close(self.fd)


class Watcher:
    """The Markdown files of one workspace, kept current from inotify events.

    It holds (mtime_ns, size) by workspace-relative path, exactly what workspace.flat_stamps
    walks; `generation` counts the changes to that, and `versions` the changes under each
    top-level folder (any file, Markdown or not), which `remembered` values are checked against.
    """

    def __init__(self, ws: Workspace):
        self.root = str(ws.root)
        self.exclude = ws.config.exclude
        self.generation = 0  # changes seen in the whole Markdown tree
        self.versions: dict[str, int] = {}
        self._rescans = 0
        self.memo: dict[str, tuple[object, object]] = {}
        self.index: SearchIndex | None = None
        self._index_at: tuple[int, tuple[int, int] | None] | None = None
        self._inotify: _Inotify | None = None
        self._folders: dict[int, str] = {}  # watch descriptor → folder, relative ("" the root)
        self._stamps: dict[str, tuple[int, int]] = {}
        self._walk: list | None = None  # flat_stamps' list, built when asked for
        self._at: dict[str, int] = {}  # where each path stands in it
        self.lock = threading.RLock()

    # --- set-up ----------------------------------------------------------------------------

    def start(self) -> Watcher:
        """Watch every folder and take the first walk; raises Unwatchable."""
        self._inotify = _Inotify()
        try:
            self._rescan()
        except Unwatchable:
            self.close()
            raise
        return self

    def close(self) -> None:
        if self.index is not None:
            with contextlib.suppress(Exception):
                self.index.close()
            self.index = None
        if self._inotify is not None:
            self._inotify.close()
            self._inotify = None

    def _rescan(self) -> None:
        """Watch the tree anew and stat every file: at start, and when folders came or went."""
        assert self._inotify is not None
        for wd in list(self._folders):
            with contextlib.suppress(OSError):
                self._inotify._libc.inotify_rm_watch(self._inotify.fd, wd)
        self._folders = {}
        self._stamps = {}
        excluded = _exclusion(self.exclude)
        inotify = self._inotify

        def walk(folder: str) -> None:
            # watched first, listed second: a file made in between is listed or queued, or both
            wd = inotify.add(os.path.join(self.root, folder) if folder else self.root)
            if wd < 0:
                return
            self._folders[wd] = folder
            try:
                with os.scandir(os.path.join(self.root, folder)) as listing:
                    items = list(listing)
            except OSError:
                return
            for item in items:
                rel = f"{folder}/{item.name}" if folder else item.name
                if not _visible(folder, item.name):
                    continue
                if item.is_dir(follow_symlinks=False):
                    walk(rel)
                elif item.name.endswith(".md") and (excluded is None or not excluded(rel)):
                    self._restat(rel)

        walk("")
        self._changed()
        self._rescans += 1  # every folder may have changed: every remembered value is old

    # --- keeping current -------------------------------------------------------------------

    def sync(self, exclude: tuple[str, ...] | None = None) -> None:
        """Take in every change queued since the last call (and a new `exclude:` setting)."""
        with self.lock:
            assert self._inotify is not None
            events = self._inotify.events()
            if exclude is not None and exclude != self.exclude:
                self.exclude = exclude
                events.append((-1, IN_Q_OVERFLOW, ""))
            if not events:
                return
            excluded = _exclusion(self.exclude)
            rescan = False
            for wd, mask, name in events:
                folder = self._folders.get(wd)
                if mask & IN_Q_OVERFLOW:  # events were lost: look at everything again
                    rescan = True
                    continue
                if folder is None or mask & IN_IGNORED:
                    continue  # a watch already dropped (its folder went, or a rescan)
                rel = f"{folder}/{name}" if folder else name
                self._bump(rel or folder)  # at the top, the folder or file named is its own
                if mask & (IN_DELETE_SELF | IN_MOVE_SELF):
                    rescan = True  # a watched folder itself went away or moved
                    continue
                if mask & IN_ISDIR:
                    # a folder came, went or moved: its files too (only those the walk takes)
                    rescan = rescan or (_visible(folder, name) and not mask & IN_ATTRIB)
                    continue
                if name.endswith(".md") and _visible(folder, name):
                    if excluded is None or not excluded(rel):
                        self._restat(rel)
            if rescan:
                self._rescan()

    def _restat(self, rel: str) -> None:
        try:
            st = os.stat(os.path.join(self.root, rel), follow_symlinks=False)
        except OSError:
            st = None
        if st is not None and stat.S_ISREG(st.st_mode):
            new = (st.st_mtime_ns, st.st_size)
            old = self._stamps.get(rel)
            if old != new:
                self._stamps[rel] = new
                at = self._at.get(rel) if old is not None and self._walk is not None else None
                if at is None or self._walk is None:
                    self._changed()
                else:  # a file edited in place keeps its place in the walk
                    self._walk[at + 1 : at + 3] = new
                    self.generation += 1
        elif self._stamps.pop(rel, None) is not None:
            self._changed()

    def _changed(self) -> None:
        """Files came or went: the walk is built again when next asked for."""
        self._walk = None
        self.generation += 1

    def _bump(self, folder: str) -> None:
        top = folder.split("/", 1)[0]
        self.versions[top] = self.versions.get(top, 0) + 1

    def walk(self, exclude: tuple[str, ...]) -> list:
        """workspace.flat_stamps of this moment, in its order, without the walk."""
        with self.lock:
            self.sync(exclude)
            if self._walk is None:
                flat: list = []
                self._at = {}
                for rel in sorted(self._stamps, key=_walk_order):
                    self._at[rel] = len(flat)
                    flat += (rel, *self._stamps[rel])
                self._walk = flat
            return list(self._walk)

    def version(self, folder: str) -> tuple[int, int]:
        with self.lock:
            self.sync()
            return self._rescans, self.versions.get(folder.split("/", 1)[0], 0)


def _visible(folder: str, name: str) -> bool:
    """What the walk takes: no dot names, except .archive/ at the top, and no name a line
    cannot show (workspace.stat_markdown)."""
    if name[0] == "." and (folder or name != ARCHIVE_DIR):
        return False
    return name.isprintable() or unshowable(name) is None


def _walk_order(rel: str) -> list[str]:
    return rel.split("/")  # folder by folder, names sorted: the walk's own order


# --- the registry the core consults ----------------------------------------------------------


def register(watcher: Watcher) -> None:
    _WATCHED[watcher.root] = watcher


def unregister(watcher: Watcher) -> None:
    if _WATCHED.get(watcher.root) is watcher:
        del _WATCHED[watcher.root]
    watcher.close()


def watching(ws: Workspace) -> Watcher | None:
    return _WATCHED.get(str(ws.root))


def current_walk(ws: Workspace) -> list | None:
    """The search index's walk from the watcher of this workspace, if one is registered."""
    watcher = watching(ws)
    return None if watcher is None else watcher.walk(ws.config.exclude)


def remembered(ws: Workspace, folder: str, key: str, compute: Callable[[], T]) -> T:
    """compute(), or the value it gave last time if nothing under `folder` (a top-level folder
    of the workspace) changed since. Without a watcher, always compute()."""
    watcher = watching(ws)
    if watcher is None:
        return compute()
    with watcher.lock:
        version = (watcher.version(folder), ws.config)
        kept = watcher.memo.get(key)
        if kept is not None and kept[0] == version:
            return kept[1]  # type: ignore[return-value]
        value = compute()
        watcher.memo[key] = (version, value)
        return value


def kept_index(ws: Workspace, progress: Progress | None = None) -> SearchIndex | None:
    """The search index held open by this workspace's watcher, brought up to date: refreshed
    only when a file changed, the index file was replaced, or the last refresh was stale."""
    watcher = watching(ws)
    if watcher is None:
        return None
    from ..search.index import Freshness, db_path, open_index

    with watcher.lock:
        watcher.sync(ws.config.exclude)
        try:
            st = os.stat(db_path(ws))
            ident: tuple[int, int] | None = (st.st_dev, st.st_ino)
        except OSError:
            ident = None
        index = watcher.index
        if index is not None and (
            index.ws.config != ws.config
            or ident is None
            or watcher._index_at is None
            or watcher._index_at[1] != ident
        ):
            index.close()
            index = watcher.index = None
        if index is None:
            index = open_index(ws, progress)
            if index.path is None:  # an in-memory index (a read-only .memctl/): not kept
                index.close()
                return None
            watcher.index = index
        elif (
            watcher._index_at is None  # never: an index kept has its place recorded
            or watcher._index_at[0] != watcher.generation
            or index.freshness.stale
        ):
            index.refresh(progress)
        else:
            index.freshness = Freshness(files=index.freshness.files)
        try:
            st = os.stat(db_path(ws))
            ident = (st.st_dev, st.st_ino)
        except OSError:
            ident = None
        watcher._index_at = (watcher.generation, ident)
        return index


def drop_index(ws: Workspace) -> None:
    """Forget the kept index (it was found damaged): the next answer opens it anew."""
    watcher = watching(ws)
    if watcher is not None and watcher.index is not None:
        with contextlib.suppress(Exception):
            watcher.index.close()
        watcher.index = None
