"""A check's search, stopped past its time. A check's pattern comes from rules/, which any
machine that syncs can write, and no reading of a pattern can tell every one that runs for
ever ("(a|ab|b)*c" on "abab…": 49 s on 52 characters) from one that does not: runaway.py skips
the usual forms, and every search is stopped past its time all the same.

On a process's main thread (the CLI, a hook) the search runs here, under a timer
(`signal.setitimer`): re looks for signals as it matches, so SIGALRM stops even one long
match, at the cost of two system calls. Elsewhere (a server's worker thread, where no signal
is delivered) it runs in a child process kept for the next search, and a child that does not
answer in time is killed and started again on the next one."""

from __future__ import annotations

import json
import os
import re
import select
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from types import FrameType


class TooSlow(Exception):
    """The search did not finish in its time (it was stopped)."""


def search(pattern: str, texts: Sequence[str], seconds: float) -> str | None:
    """What `pattern` matches first (ignoring case) in the first of `texts` it matches, or
    None; TooSlow past `seconds`."""
    if seconds <= 0:
        raise TooSlow
    if _timer_free():
        return _here(pattern, texts, seconds)
    return _MATCHER.search(pattern, texts, seconds)


def _timer_free() -> bool:
    """On the main thread, with SIGALRM and its timer unused by anything else."""
    return (
        hasattr(signal, "setitimer")
        and threading.current_thread() is threading.main_thread()
        and signal.getsignal(signal.SIGALRM) in (signal.SIG_DFL, None)
        and signal.getitimer(signal.ITIMER_REAL)[0] == 0
    )


class _Expired(BaseException):  # past every `except Exception` between the timer and here
    pass


def _ring(signum: int, frame: FrameType | None) -> None:
    raise _Expired


def _first(pattern: str, texts: Sequence[str]) -> str | None:
    for text in texts:
        found = re.search(pattern, text, re.IGNORECASE)
        if found:
            return found.group()
    return None


def _here(pattern: str, texts: Sequence[str], seconds: float) -> str | None:
    previous = signal.signal(signal.SIGALRM, _ring)
    try:
        try:
            signal.setitimer(signal.ITIMER_REAL, seconds)
            return _first(pattern, texts)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    except _Expired:
        raise TooSlow from None
    finally:
        signal.signal(signal.SIGALRM, previous)


_CHILD = """
import json, re, sys
sys.stdout.write("null\\n")
sys.stdout.flush()
for line in sys.stdin:
    pattern, texts = json.loads(line)
    found = None
    for text in texts:
        m = re.search(pattern, text, re.IGNORECASE)
        if m:
            found = m.group()
            break
    sys.stdout.write(json.dumps(found) + "\\n")
    sys.stdout.flush()
"""
START_S = 5.0  # the most a new child may take to start, before its first search


class _Matcher:
    """The child process that searches for a thread that cannot take a signal."""

    def __init__(self) -> None:
        self._child: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()

    def search(self, pattern: str, texts: Sequence[str], seconds: float) -> str | None:
        with self._lock:
            child = self._child
            fresh = child is None or child.poll() is not None
            if child is None or fresh:
                command = [sys.executable, "-I", "-S", "-c", _CHILD]
                child = subprocess.Popen(
                    command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0
                )
                self._child = child
            assert child.stdin is not None and child.stdout is not None
            try:
                if fresh:  # its start is not the search's time
                    _line(child.stdout.fileno(), time.monotonic() + START_S)
                child.stdin.write((json.dumps([pattern, list(texts)]) + "\n").encode())
                answer = _line(child.stdout.fileno(), time.monotonic() + seconds)
            except (OSError, TooSlow):
                child.kill()
                child.wait()
                self._child = None
                raise TooSlow from None
            found = json.loads(answer)
            return found if isinstance(found, str) else None


def _line(fd: int, deadline: float) -> bytes:
    data = b""
    while not data.endswith(b"\n"):
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            raise TooSlow
        more = os.read(fd, 1 << 16)
        if not more:
            raise OSError("the matcher ended")
        data += more
    return data


_MATCHER = _Matcher()
