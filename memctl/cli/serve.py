"""`memctl serve`: the MCP server, and the warm path that answers per-turn commands quickly."""

from __future__ import annotations

import contextlib
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import typer

from ..errors import MemctlError, Refused
from . import context, output

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from mcp.server import MCPServer

    from ..integrations.watch import Watcher
    from ..workspace import Workspace
    from .warm import WarmSocket

app = typer.Typer()
IDLE = typer.Option(
    None, "--idle", help="Exit after this many minutes without a request (0: never)."
)
LOG_NAME = "serve.log"  # in .memctl/: what a server `serve start` launched says on stderr
START_WAIT_S = 10.0  # how long `serve start` waits for the new server to answer
LAUNCH = "import sys; sys.argv[0] = 'memctl'; from memctl.cli.launch import run; run()"


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="serve")


class NoMCP(MemctlError):
    """The MCP SDK (the memctl[mcp] extra) is not installed."""


@app.callback(invoke_without_command=True)
def serve(
    ctx: typer.Context,
    no_mcp: bool = typer.Option(False, "--no-mcp", help="Serve only the warm socket."),
    idle: float = IDLE,
) -> None:
    """Serve the workspace: MCP over stdin/stdout, and the warm socket in .memctl/.

    The MCP tools (now, recall, search, show, remember, log, graph_path, graph_neighbors,
    forget) answer with the JSON the CLI's --json prints. While it runs, `memctl recall`,
    `guard check`, `search` and `now` in this workspace are answered by it through
    .memctl/serve.sock, with the same output, much faster. Needs the memctl[mcp] extra
    (`--no-mcp` does not). Without --idle it runs until stdin closes (MCP) or it is stopped.

    Example: memctl -w ~/memory serve   (for Claude Code: claude mcp add memctl -- memctl
    -w ~/memory serve)
    """
    if ctx.invoked_subcommand:
        return
    if not no_mcp:
        try:
            from . import mcptools
        except ImportError:
            raise NoMCP(
                "the MCP server needs the MCP SDK: pip install 'memctl[mcp]' (or "
                "`memctl serve --no-mcp` for the warm socket alone)"
            ) from None
    ws = context.workspace()
    with _Serving(ws, idle_minutes=idle or 0.0, mcp=not no_mcp) as serving:
        if no_mcp:
            serving.wait()
        else:
            serving.run_mcp(mcptools.build(ws.root, serving.worker))


def _last_line(path: Path) -> str:
    """The last line a failed server wrote to its log (its error), or what stands for it."""
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").strip().splitlines()
    except OSError:
        return "it wrote nothing"
    return lines[-1][:300] if lines else "it wrote nothing"


@app.command("start")
def start(idle: float = IDLE) -> None:
    """Start a warm server for this workspace in the background, and return once it answers.

    For a harness's session start (and harnesses without MCP); `memctl serve stop` ends it, and
    it exits by itself after --idle minutes without a request (default 60).

    Example: memctl -w ~/memory serve start --idle 120
    """
    from .launch import ask, identity

    ws = context.workspace()
    root = str(ws.root)
    running = ask(root, ("status",), wait_s=1.0)  # not a turn's path: a busy server may be slow
    if running is not None:
        output.result(_Started(running[1], started=False), _render_started)
        return
    minutes = 60.0 if idle is None else idle
    log = open(ws.state_dir / LOG_NAME, "ab")  # noqa: SIM115 (the child keeps it)
    with log:
        child = subprocess.Popen(
            [
                sys.executable,
                "-c",
                LAUNCH,
                "-w",
                root,
                "serve",
                "--no-mcp",
                "--idle",
                f"{minutes:g}",
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=log,
            start_new_session=True,
            close_fds=True,
        )
    deadline = time.monotonic() + START_WAIT_S
    while time.monotonic() < deadline:
        answer = ask(root, ("status",), wait_s=0.2)
        if answer is not None:  # ours, or one that owned the socket first
            started = answer[1].get("pid") == child.pid
            output.result(_Started(answer[1], started=started), _render_started)
            return
        if child.poll() is not None:  # it ended at once: say why, not wait the rest
            raise MemctlError(
                f"the server ended as it started (exit {child.returncode}): "
                f"{_last_line(ws.state_dir / LOG_NAME)} (all of it in {ws.state_dir / LOG_NAME})"
            )
        time.sleep(0.05)
    raise MemctlError(
        f"the server did not answer within {START_WAIT_S:g}s (identity "
        f"{identity()}); see {ws.state_dir / LOG_NAME}"
    )


@app.command("stop")
def stop() -> None:
    """Stop the server that answers for this workspace (the one owning .memctl/serve.sock).

    Example: memctl serve stop
    """
    from .launch import ask

    root = str(context.workspace().root)
    answer = ask(root, ("stop",), wait_s=1.0)
    stopped = answer is not None
    if stopped:
        deadline = time.monotonic() + START_WAIT_S
        while ask(root, ("status",), wait_s=0.2) is not None and time.monotonic() < deadline:
            time.sleep(0.05)
    output.result(_Stopped(answer[1] if answer is not None else None), _render_stopped)


@app.command("status")
def status() -> None:
    """Whether a server answers for this workspace: its pid, memory, requests served.

    Exit 1 when none does.

    Example: memctl serve status --json
    """
    from .launch import ask

    root = str(context.workspace().root)
    answer = ask(root, ("status",), wait_s=1.0)
    if answer is None:
        raise MemctlError(f"no memctl server answers for {root} (start one: memctl serve start)")
    output.result(_Status(answer[1]), _render_status)


class _Started:
    def __init__(self, info: dict, *, started: bool) -> None:
        self.info, self.started = info, started

    def to_dict(self) -> dict:
        # "started" is when the server started, as `serve status` says; "launched": by this call
        return {**self.info, "launched": self.started}


class _Stopped:
    def __init__(self, pid: int | None) -> None:
        self.pid = pid

    def to_dict(self) -> dict:
        return {"stopped": self.pid is not None, "pid": self.pid}


class _Status:
    def __init__(self, info: dict) -> None:
        self.info = info

    def to_dict(self) -> dict:
        return dict(self.info)


def _render_started(started: _Started) -> None:
    verb = "started" if started.started else "already running"
    output.text(f"memctl server {verb}: pid {started.info['pid']} for {started.info['root']}")


def _render_stopped(stopped: _Stopped) -> None:
    output.text(
        f"stopped the memctl server (pid {stopped.pid})"
        if stopped.pid
        else "no memctl server was running"
    )


def _render_status(found: _Status) -> None:
    info = found.info
    memory = f", {info['rss_mb']:.0f} MB" if "rss_mb" in info else ""
    output.text(
        f"memctl server pid {info['pid']} for {info['root']}: {info['served']} "
        f"request(s), idle {info['idle_s']:g}s{memory}"
        + ("; still embedding or measuring ahead of questions" if info.get("ahead") else "")
    )


class _Serving:
    """A workspace served: its watcher, the one worker, the warm socket, idle and stop."""

    def __init__(self, ws: Workspace, *, idle_minutes: float, mcp: bool) -> None:
        from .warm import Worker

        if idle_minutes < 0:
            raise Refused("--idle cannot be negative")
        self.ws = ws
        self.idle_s = idle_minutes * 60
        self.mcp = mcp
        self.worker = Worker()
        self.stopping = threading.Event()
        self.socket: WarmSocket | None = None
        self.watcher: Watcher | None = None
        self.generation = 0  # the watcher's count of changes when the idle work last took up

    def __enter__(self) -> _Serving:
        from .warm import WarmSocket

        self.worker.call(self._watch)
        self.generation = 0 if self.watcher is None else self.watcher.generation
        self.socket = WarmSocket(str(self.ws.root), self.worker, on_stop=self.stopping.set)
        if not self.socket.own():
            if not self.mcp:
                self.worker.shutdown()
                raise Refused(f"another memctl server already serves {self.ws.root}")
            output.notice("memctl: another server owns the warm socket; serving MCP only")
        self.worker.submit(_prewarm, self.ws.root)
        self.worker.background(_idle_work(self.ws))
        signal.signal(signal.SIGTERM, lambda *_: self.stopping.set())
        return self

    def _watch(self) -> None:
        from ..integrations import watch

        try:
            self.watcher = watch.Watcher(self.ws).start()
        except watch.Unwatchable as exc:
            output.notice(f"memctl: {exc}")
            return
        watch.register(self.watcher)

    def tick(self) -> bool:
        """Once a second: take over the socket if its owner went, take idle work up again if
        files changed, and say whether to stop."""
        if self.socket is not None and not self.socket.owned and self.socket.own():
            output.notice("memctl: this server now owns the warm socket")
        if self.watcher is not None and self.watcher.lock.acquire(blocking=False):
            try:  # (the worker holds it while it reads changes itself: no need to wait)
                with contextlib.suppress(OSError):
                    self.watcher.sync()  # what changed since: a write, an edit, a pull
            finally:
                self.watcher.lock.release()
            if self.watcher.generation != self.generation:
                self.generation = self.watcher.generation
                self.worker.rearm()  # a write, an edit or an import: embed it before it is asked
        idle = time.monotonic() - self.worker.last_used
        if self.idle_s and idle > self.idle_s and self.worker.busy_since is None:
            self.stopping.set()
        return self.stopping.is_set()

    def wait(self) -> None:
        while not self.tick():
            self.stopping.wait(1.0)

    def run_mcp(self, server: MCPServer) -> None:
        import anyio

        from ..integrations.jsonstdin import mend_stdin

        mend_stdin()  # half an emoji in a line would go unanswered by the SDK

        async def main() -> None:
            async with anyio.create_task_group() as tasks:

                async def mcp() -> None:
                    await server.run_stdio_async()
                    tasks.cancel_scope.cancel()  # stdin closed: the harness is gone

                tasks.start_soon(mcp)
                while not self.tick():
                    await anyio.sleep(0.5)
                tasks.cancel_scope.cancel()

        anyio.run(main)

    def __exit__(self, *exc: object) -> None:
        from ..integrations import watch

        if self.socket is not None:
            self.socket.close()
        self.worker.shutdown()
        if self.watcher is not None:
            watch.unregister(self.watcher)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)


AHEAD_ROWS = 256  # units a step of idle work measures the crowding of (some 15 ms)
AHEAD_UNITS = 16  # units (or headings) a step of idle work embeds (some 200 ms)


def _idle_work(ws: Workspace) -> Callable[[], bool]:
    """The server's idle step (`_ahead`), taken while the workspace's folder is the one it
    opened. A step after the watcher saw files change brings the vectors up to date first."""
    from ..integrations import watch

    where = _folder(ws.root)
    seen: int | None = None  # the watcher's count of changes the last step began at

    def step() -> bool:
        nonlocal seen
        if _folder(ws.root) != where:
            return False
        watcher = watch.watching(ws)
        generation = None if watcher is None else watcher.generation
        fresh, seen = generation != seen, generation
        return _ahead(ws, fresh=fresh)

    return step


def _folder(root: Path) -> tuple[int, int] | None:
    """Which folder is at `root` (None: nothing). Idle work stops once it is not the one the
    server opened: a workspace moved away, or a link or another folder in its place, is not
    this server's to index (its walk would find the files gone)."""
    try:
        st = root.lstat()
    except OSError:
        return None
    return (st.st_dev, st.st_ino)


def _ahead(ws: Workspace, *, fresh: bool = False) -> bool:
    """One step of idle work, so that a new question finds ready what it would otherwise pay
    for (memctl.search.vectors): the units not embedded yet (a large first embedding goes on
    here, and answers use what is ready; `fresh`: files changed, so look for them first), the
    headings a store made before lacks, then the crowding of the next units. Whether there is
    more to do."""
    if not ws.config.semantic:
        return False
    from ..search import semantic

    if not semantic.available(ws):
        return False
    more = semantic.embed_ahead(ws, AHEAD_UNITS, fresh=fresh) or semantic.warm(ws).crowd_ahead(
        AHEAD_ROWS
    )
    if not more:
        _settle()  # the crowding and what the first answers kept
    return more


def _prewarm(root: Path) -> None:
    """Import and open what the per-turn commands need, so that the first one is warm too."""
    from ..nightly.guard import checks
    from ..search.recall import recall
    from ..workspace import open_workspace
    from . import guard, now, search, warm  # noqa: F401 (imported for what they import)

    ws = open_workspace(root)
    checks(ws)
    recall(ws, "memctl warm-up", limit=1, today=context.now().date())
    warm.build_group()
    _settle()


def _settle() -> None:
    """Leave what is loaded by now out of the cycle collector's full passes: with the index
    and the vectors open, one pass takes some 40 ms at 10,000 files, and it falls on whichever
    answer allocates the object that triggers it. What stays loaded is never cyclic garbage."""
    import gc

    gc.collect()
    gc.freeze()
