"""The search index's stat walk, started in a child process while the CLI starts up.

Before it answers, the search index stats every Markdown file of the workspace: for 10,000
files that is about 40 ms of system calls, and a fresh Python process spends about as long
importing the command-line layer. Where the system can fork, `start` forks a child at start-up
that walks the workspace while the parent imports, so the two run on separate cores; the
index's first freshness check then `take`s the child's walk instead of walking again. With no
fork, another workspace, or a child that failed, the parent walks as it always does.

Only commands that read before they write (search, recall) start the walk: what the child saw
is the state of the files when the command started, as a walk of its own would have been.
"""

from __future__ import annotations

import atexit
import contextlib
import marshal
import os

from ..forking import fork_is_safe

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: this runs at start-up
if TYPE_CHECKING:
    from ..workspace import Workspace

_child: tuple[int, int] | None = None  # (pid, read end of the pipe) of the walking child


def start(explicit: str | None) -> None:
    """Fork a child that walks the workspace `--workspace explicit` (or the one found from the
    environment) and sends its walk down a pipe."""
    global _child
    if _child is not None or not fork_is_safe():
        return
    read_end, write_end = os.pipe()
    try:
        pid = os.fork()
    except OSError:
        os.close(read_end)
        os.close(write_end)
        return
    if pid == 0:  # the child: walk, hand the walk over, and leave without any clean-up
        status = 1
        try:
            for fd in {read_end, 0, 1, 2} - {write_end}:  # the caller's pipes close with the parent
                os.close(fd)
            from ..workspace import flat_stamps, open_workspace  # the child's: the parent goes on

            ws = open_workspace(explicit)
            data = memoryview(marshal.dumps((str(ws.root), flat_stamps(ws))))
            while data:
                data = data[os.write(write_end, data) :]
            status = 0
        finally:
            os._exit(status)  # nothing of the parent's (atexit, buffers) may run here
    os.close(write_end)
    _child = (pid, read_end)
    atexit.register(_reap)


def take(ws: Workspace) -> list | None:
    """The child's walk, if it walked this workspace; None otherwise. Taken once: a later
    freshness check must see what this process has written since."""
    global _child
    if _child is None:
        return None
    pid, read_end = _child
    _child = None
    chunks = []
    try:
        while chunk := os.read(read_end, 1 << 20):
            chunks.append(chunk)
    except OSError:
        return None
    finally:
        os.close(read_end)
        _wait(pid)
    try:
        root, walk = marshal.loads(b"".join(chunks))
    except (EOFError, ValueError, TypeError):
        return None  # the child failed (no workspace, a config error): the parent finds out
    return walk if root == str(ws.root) else None


def _reap() -> None:
    """At exit, a walk never taken (small talk needs no index): stop the child, not wait for it."""
    global _child
    if _child is not None:
        import signal

        pid, read_end = _child
        _child = None
        os.close(read_end)
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
        _wait(pid)


def _wait(pid: int) -> None:
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass
