"""A real `memctl serve` process for the serve tests, and the console script run next to it."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from pathlib import Path

from conftest import MEMCTL_BIN
from memctl.cli.launch import ask

HOOK_PROMPT = '{"hook_event_name": "UserPromptSubmit", "prompt": "%s"}'
HOOK_TOOL = (
    '{"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {"command": "%s"}}'
)


def status(root: Path) -> dict | None:
    """The server's status, or None when no server answers for `root`."""
    answer = ask(str(root), ("status",), wait_s=10.0)  # a loaded machine may answer late
    return None if answer is None else answer[1]


def served(root: Path) -> int:
    found = status(root)
    assert found is not None, f"no server answers for {root}"
    return found["served"]


@contextlib.contextmanager
def serving(root: Path, *args: str, env: dict | None = None):
    """`memctl -w ROOT serve --no-mcp ARGS` in its own process, once it answers."""
    proc = subprocess.Popen(
        [str(MEMCTL_BIN), "-w", str(root), "serve", "--no-mcp", *args],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, **(env or {})},
    )
    try:
        wait_for(lambda: busy_done(root) or proc.poll() is not None)
        assert proc.poll() is None, proc.communicate()
        yield proc
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGCONT)
            proc.terminate()
        proc.communicate(timeout=30)


def busy_done(root: Path) -> bool:
    """The warm-up job has run (the first answers are then the server's, not the queue's)."""
    found = status(root)
    return found is not None and found["served"] >= 2


def wait_for(condition, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "gave up waiting"
        time.sleep(0.05)


def memctl(
    *args: str,
    cwd: Path | None = None,
    input: str = "",
    env: dict | None = None,
    merged: bool = False,
    timeout: float = 120,
) -> tuple[int, bytes, bytes]:
    """The console script: (exit code, stdout, stderr); `merged` sends stderr into stdout."""
    proc = subprocess.run(
        [str(MEMCTL_BIN), *args],
        cwd=cwd,
        input=input.encode(),
        env={**os.environ, **(env or {})},
        capture_output=not merged,
        stdout=subprocess.PIPE if merged else None,
        stderr=subprocess.STDOUT if merged else None,
        timeout=timeout,
    )
    return proc.returncode, proc.stdout, proc.stderr or b""
