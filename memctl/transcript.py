"""A harness's transcript file, read within bounds: a regular file only, and only so much of it.

A transcript path comes from a hook's input or the command line, and memctl reads it during a
turn, so it may name anything: `/dev/zero` (endless), a FIFO (blocks until a writer comes), a
socket, a folder, a link to any of them. Such a path is refused without a byte read and without
waiting: the file is opened with O_NONBLOCK and checked with fstat first. A regular file is read
line by line, at most PART_BYTES and PART_LINES from its start and as much again from its end
(the last lines of that part); a line longer than LINE_BYTES (a tool's huge output) is skipped,
and a file that grows while it is read is read as it was when it was opened. What memctl keeps
of a chat (its first ask, its last asks and answer) is at the two ends: a longer transcript is
read in part (`Transcript.partial`), in time, whatever its size.
"""

from __future__ import annotations

import errno
import itertools
import os
import stat
from collections import deque
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from .errors import NotFound

PART_BYTES = 16 << 20  # read from each end
PART_LINES = 50_000  # lines kept from each end
LINE_BYTES = 4 << 20  # a longer line is skipped
_KINDS = (
    (stat.S_ISLNK, "a symlink"),
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
)


class Transcript:
    """The lines of a transcript file (text, UTF-8 with errors replaced), read within bounds;
    iterate once. `count`: the lines read; `partial`: lines in the middle were left unread."""

    def __init__(self, path: Path):
        self.path = path
        self.count = 0
        self.partial = False
        self._handle, st = open_regular(path, what="the transcript")
        self._size = st.st_size

    def __iter__(self) -> Iterator[str]:
        size = self._size
        with self._handle as handle:
            head = _lines(handle, min(size, PART_BYTES), size)
            for raw in itertools.islice(head, PART_LINES):
                self.count += 1
                yield raw.decode("utf-8", "replace")
            if self.count == PART_LINES and next(head, None) is not None:
                self.partial = True  # more lines than PART_LINES at the start
            at = handle.tell()
            if at >= size:
                return
            start = max(at, size - PART_BYTES)
            if start > at:
                self.partial = True
                handle.seek(start - 1)
                if handle.read(1) != b"\n":  # the middle of a line: start at the next one
                    _skip_line(handle, size - start)
            tail = deque(_lines(handle, size, size), maxlen=PART_LINES + 1)
            if len(tail) > PART_LINES:
                tail.popleft()
                self.partial = True
            for raw in tail:
                self.count += 1
                yield raw.decode("utf-8", "replace")


def file_kind(mode: int) -> str:
    """What a file that is not a regular file is, in words ("a FIFO", "a symlink", …)."""
    return next((name for test, name in _KINDS if test(mode)), "not a file")


def open_regular(path: Path, *, what: str, links: bool = True) -> tuple[BinaryIO, os.stat_result]:
    """`path` opened for reading, without waiting, and its fstat; NotFound ("cannot read WHAT:
    …") when it is anything but a regular file. `links=False`: a symlink is refused too
    (O_NOFOLLOW), not followed."""
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    if not links:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        if not links and exc.errno == errno.ELOOP:
            raise NotFound(f"cannot read {what}: a symlink, not followed", path=path) from None
        raise NotFound(f"cannot read {what}: {exc.strerror}", path=path) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            kind = file_kind(st.st_mode)
            raise NotFound(f"cannot read {what}: not a regular file ({kind})", path=path)
        handle = os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    return handle, st


def _lines(handle: BinaryIO, stop: int, end: int) -> Iterator[bytes]:
    """The lines that start before `stop`, none read past `end` (the size when the file was
    opened); a line longer than LINE_BYTES is skipped."""
    at = handle.tell()
    while at < stop:
        raw = handle.readline(min(end - at, LINE_BYTES + 1))
        if not raw:
            return
        at += len(raw)
        if len(raw) > LINE_BYTES:
            if not raw.endswith(b"\n"):
                at += _skip_line(handle, end - at)
            continue
        yield raw


def _skip_line(handle: BinaryIO, budget: int) -> int:
    """Read past the rest of a line, at most `budget` bytes; how many were read."""
    read = 0
    while read < budget:
        raw = handle.readline(min(budget - read, LINE_BYTES))
        if not raw:
            break
        read += len(raw)
        if raw.endswith(b"\n"):
            break
    return read
