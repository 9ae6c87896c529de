"""The serving side of the warm path: `.memctl/serve.sock`, and one worker that runs everything.

A client (memctl.cli.launch) sends a command line with its working folder, environment, the
encodings of its standard streams and the descriptor of its standard input. The worker runs the
same command through the same CLI, in this process, with that folder, environment and input,
and with stdout and stderr written into buffers that behave as the client's would (the same
encodings, buffer sizes and line buffering), so the bytes, and the order in which they reach the
client's descriptors, are those the command would have written in the client's own process.
Whatever the CLI cannot answer here the same way (an unexpected exception, whose traceback
would differ) is handed back: the client then runs the command itself.

Everything memctl does in a server runs on one worker thread, the socket's requests and the MCP
tools' calls alike: one at a time (the environment and the working folder are the process's), on
one SQLite connection, holding the workspace lock as any memctl process does. The socket is
owner-only (0600, in a folder only its owner can enter) and owned by one server per workspace
(an flock on `.memctl/serve.lock`); a second server serves MCP only.
"""

from __future__ import annotations

import contextlib
import io
import marshal
import os
import socket
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, TypeVar

from .launch import PROTOCOL, SHORT_PATH, SOCKET_NAME, identity

if TYPE_CHECKING:
    from typing import Protocol

    from typer._click.core import Command  # typer carries its own click

    class _Buffer(Protocol):  # collections.abc.Buffer, which Python 3.11 lacks: what write takes
        def __buffer__(self, flags: int, /) -> memoryview: ...


T = TypeVar("T")
OWNER_NAME = "serve.lock"  # in .memctl/, flock'ed by the server that owns the socket
BUSY_S = 1.0  # a worker busy for longer than this declines warm requests: they run at home
QUIET_S = 0.5  # idle work waits until no request came for this long


class Worker:
    """The one thread memctl runs on in a server, and when it was last asked for something."""

    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="memctl-worker")
        self.busy_since: float | None = None
        self.last_used = time.monotonic()
        self.served = 0
        self.ahead = False  # idle work is left (memctl serve status says so)
        self._idle: Callable[[], bool] | None = None  # the idle work, once given
        self._idle_lock = threading.Lock()
        self._again = False  # rearmed while a step was under way: one more round after it

    def submit(self, fn: Callable[..., T], *args: Any) -> Future[T]:
        def job() -> T:
            self.busy_since = time.monotonic()
            try:
                return fn(*args)
            finally:
                self.busy_since = None
                self.last_used = time.monotonic()
                self.served += 1

        self.last_used = time.monotonic()
        return self._pool.submit(job)

    def call(self, fn: Callable[..., T], *args: Any) -> T:
        return self.submit(fn, *args).result()

    def background(self, fn: Callable[[], bool]) -> None:
        """Run `fn` in idle time, again while it returns True: each step waits until no request
        came for QUIET_S, and a request waits for one step at most. Not a request: it is not
        counted as served, nor does it keep the server from its idle stop. `rearm` takes it up
        again once it has found nothing left to do."""
        self._idle = fn
        self.rearm()

    def rearm(self) -> None:
        """Something changed (a write, an edit): take the idle work up again; if a step is
        under way, one more round follows it, since that step may have looked too early."""
        with self._idle_lock:
            if self._idle is None:
                return
            if self.ahead:
                self._again = True
                return
            self.ahead = True
        self._later()

    def _queue(self) -> None:
        with contextlib.suppress(RuntimeError):  # shut down meanwhile
            self._pool.submit(self._step)

    def _later(self) -> None:
        timer = threading.Timer(QUIET_S, self._queue)
        timer.daemon = True
        timer.start()

    def _step(self) -> None:
        if time.monotonic() - self.last_used < QUIET_S:  # turns are coming: not now
            self._later()
            return
        assert self._idle is not None
        self.busy_since = time.monotonic()
        try:
            more = self._idle()
        except Exception:  # noqa: BLE001  (idle work: a failure only ends this round)
            more = False
        finally:
            self.busy_since = None
        with self._idle_lock:
            more, self._again = more or self._again, False
            self.ahead = more
        if more:
            self._queue()

    def stuck(self) -> bool:
        since = self.busy_since
        return since is not None and time.monotonic() - since > BUSY_S

    def shutdown(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)


class WarmSocket:
    """The workspace's socket, served on a thread of its own while this process owns it."""

    def __init__(self, root: str, worker: Worker, *, on_stop: Callable[[], None]) -> None:
        self.root = root
        self.worker = worker
        self.on_stop = on_stop
        self.folder = os.path.join(root, ".memctl")
        self.started = time.time()
        self._owner: int | None = None
        self._sock: socket.socket | None = None
        self._thread: threading.Thread | None = None

    def own(self) -> bool:
        """Take the socket if no other server holds it; False if one does."""
        import fcntl

        fd = os.open(os.path.join(self.folder, OWNER_NAME), os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return False
        self._owner = fd
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        self._sock = self._bind()
        self._thread = threading.Thread(target=self._accept, name="memctl-socket", daemon=True)
        self._thread.start()
        return True

    def _bind(self) -> socket.socket:
        """Bind .memctl/serve.sock anew (whatever is there is a dead server's: we hold the lock),
        readable and writable by its owner only; a long path is bound from inside its folder."""
        path = os.path.join(self.folder, SOCKET_NAME)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        mask = os.umask(0o177)
        try:
            if len(os.fsencode(path)) <= SHORT_PATH:
                sock.bind(path)
            else:
                back = os.open(".", os.O_RDONLY)
                try:
                    os.chdir(self.folder)
                    sock.bind(SOCKET_NAME)
                finally:
                    os.fchdir(back)
                    os.close(back)
        finally:
            os.umask(mask)
        sock.listen(64)
        self._ident = os.stat(path).st_ino
        return sock

    @property
    def owned(self) -> bool:
        return self._owner is not None

    def close(self) -> None:
        """Stop answering and take the socket file away (only if it is still ours)."""
        if self._sock is not None:
            path = os.path.join(self.folder, SOCKET_NAME)
            with contextlib.suppress(OSError):
                if os.stat(path).st_ino == self._ident:
                    os.unlink(path)
            with contextlib.suppress(OSError):
                self._sock.shutdown(socket.SHUT_RDWR)
            self._sock.close()
            self._sock = None
        if self._owner is not None:
            os.close(self._owner)
            self._owner = None

    def _accept(self) -> None:
        sock = self._sock
        while sock is not None and sock.fileno() >= 0:
            try:
                conn, _ = sock.accept()
            except OSError:
                return  # closed
            threading.Thread(target=self._answer, args=(conn,), daemon=True).start()

    def _answer(self, conn: socket.socket) -> None:
        fds: list[int] = []
        try:
            conn.settimeout(5.0)
            request, fds = _receive(conn)
            self._reply(conn, request, fds)
        except (OSError, EOFError, ValueError, TypeError):
            pass  # the client went away or sent something else: it answers itself
        finally:
            for fd in fds:
                with contextlib.suppress(OSError):
                    os.close(fd)
            conn.close()

    def _reply(self, conn: socket.socket, request: tuple, fds: list[int]) -> None:
        """Decline ("N why"), or take the request up ("A"); a command runs only once the client
        confirms ("G") that it has not given up waiting and gone on without us: from then on it
        waits for this answer, and its standard input is ours to read."""
        protocol, ident, root, kind, *rest = request
        if protocol != PROTOCOL or ident != identity():
            conn.sendall(b"N version")
        elif root != self.root:
            conn.sendall(b"N workspace")
        elif kind == "status":
            conn.sendall(b"A" + marshal.dumps(("done", self.status())))
        elif kind == "stop":
            conn.sendall(b"A" + marshal.dumps(("done", os.getpid())))
            self.on_stop()
        elif kind != "run" or self.worker.stuck():
            conn.sendall(b"N busy")
        else:
            conn.sendall(b"A")
            if conn.recv(1) != b"G":
                return
            argv, cwd, env, streams, stdin_codec = rest
            stdin = fds[0] if fds else None
            job = self.worker.submit(run_command, argv, cwd, env, streams, stdin_codec, stdin)
            conn.sendall(marshal.dumps(job.result()))

    def status(self) -> dict:
        return {
            "pid": os.getpid(),
            "root": self.root,
            "identity": identity(),
            "started": self.started,
            "served": self.worker.served,
            "ahead": self.worker.ahead,  # idle work left: embedding, crowding
            "busy": self.worker.busy_since is not None,  # a command or a step of idle work runs
            "idle_s": round(time.monotonic() - self.worker.last_used, 1),
            "cpu_s": time.process_time(),  # all its threads': what its answers cost it
            **memory(),
        }


def _receive(conn: socket.socket) -> tuple[tuple, list[int]]:
    """A request (4-byte length, then marshal), and the descriptors that came with it."""
    data, ancillary, _, _ = conn.recvmsg(1 << 16, socket.CMSG_SPACE(4 * 4))
    fds = []
    for level, kind, payload in ancillary:
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
            usable = len(payload) - len(payload) % 4
            fds += [int.from_bytes(payload[i : i + 4], sys.byteorder) for i in range(0, usable, 4)]
    if len(data) < 4:
        raise EOFError("short request")
    size = int.from_bytes(data[:4], "big")
    body = bytearray(data[4:])
    while len(body) < size:
        more = conn.recv(size - len(body))
        if not more:
            raise EOFError("short request")
        body += more
    return marshal.loads(bytes(body)), fds


def memory() -> dict:
    """This process's resident memory now and at its peak, in MB (Linux), else the peak."""
    found = {}
    with contextlib.suppress(OSError):
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith(("VmRSS:", "VmHWM:")):
                    found["rss_mb" if line[2] == "R" else "peak_mb"] = int(line.split()[1]) / 1024
    if not found:
        import resource

        found["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return found


# --- one command, as the client's own process would have run it ------------------------------


class _Recorder(io.RawIOBase):
    """The raw end of a captured stream: each write the buffers above it make, in order."""

    def __init__(self, fd: int, writes: list[tuple[int, bytes]]) -> None:
        self.fd, self.writes = fd, writes
        self.name = fd  # as a FileIO opened on a descriptor names itself

    def writable(self) -> bool:
        return True

    def write(self, data: _Buffer) -> int:
        self.writes.append((self.fd, bytes(data)))
        return len(data)  # type: ignore[arg-type]  # BufferedWriter's buffers are 1-D bytes: sized


def _stream(fd: int, codec: tuple[str, str, bool, bool, int], writes: list) -> io.TextIOWrapper:
    """A text stream that buffers as the client's (sys.stdout block-buffered, sys.stderr by
    lines, both unbuffered under PYTHONUNBUFFERED), for a descriptor that is no terminal."""
    encoding, errors, lines, through, block = codec
    raw = _Recorder(fd, writes)
    buffer = (
        io.BufferedWriter(raw, block if block > 1 else io.DEFAULT_BUFFER_SIZE) if block else raw
    )
    return io.TextIOWrapper(buffer, encoding, errors, line_buffering=lines, write_through=through)


_GROUP = None  # the CLI's click group, built once


def build_group() -> Command:
    """The CLI's click group (typer builds it anew on every call of the app: once is enough)."""
    global _GROUP
    if _GROUP is None:
        import typer.main

        from .main import app

        _GROUP = typer.main.get_command(app)
    return _GROUP


def run_command(
    argv: list[str],
    cwd: str,
    env: dict[str, str],
    streams: tuple,
    stdin_codec: tuple[str, str],
    stdin: int | None,
) -> tuple:
    """Run `memctl ARGV` here as the client would have: ("done", exit code, [(fd, bytes)…]),
    or ("again",) when only the client's own process can answer it the same way."""
    group = build_group()
    writes: list[tuple[int, bytes]] = []
    out = _stream(1, streams[0], writes)
    err = _stream(2, streams[1], writes)
    source: io.TextIOWrapper
    if stdin is not None:
        source = io.TextIOWrapper(
            io.BufferedReader(io.FileIO(stdin, "rb", closefd=False)), *stdin_codec
        )
    else:
        source = io.TextIOWrapper(io.BytesIO(), *stdin_codec)
    saved = (sys.stdin, sys.stdout, sys.stderr, dict(os.environ), os.getcwd())
    zone = os.environ.get("TZ")
    try:
        os.environ.clear()
        os.environ.update(env)
        if env.get("TZ") != zone:
            time.tzset()
        os.chdir(cwd)
        sys.stdin, sys.stdout, sys.stderr = source, out, err
        try:
            group.main(args=list(argv), prog_name="memctl")
            code = 0
        except SystemExit as exc:
            if exc.code is None or isinstance(exc.code, int):
                code = exc.code or 0
            else:  # SystemExit("message"): Python prints it and exits 1
                err.write(f"{exc.code}\n")
                code = 1
        out.flush()
        err.flush()
        return ("done", code, _joined(writes))
    except Exception:
        return ("again",)
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved[0], saved[1], saved[2]
        os.environ.clear()
        os.environ.update(saved[3])
        if os.environ.get("TZ") != env.get("TZ"):
            time.tzset()
        with contextlib.suppress(OSError):
            os.chdir(saved[4])
        with contextlib.suppress(ValueError):
            source.detach()


def _joined(writes: list[tuple[int, bytes]]) -> list[tuple[int, bytes]]:
    """Consecutive writes to one descriptor as one (the bytes and their order are kept)."""
    joined: list[tuple[int, bytes]] = []
    for fd, data in writes:
        if joined and joined[-1][0] == fd:
            joined[-1] = (fd, joined[-1][1] + data)
        else:
            joined.append((fd, data))
    return joined
