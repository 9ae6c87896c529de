"""`memctl log`: append to today's daily log."""

from __future__ import annotations

import sys

import typer

from . import context, output

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..daily import LogEntry
    from ..workspace import Outcome

# Without -m, text piped on stdin is taken only if it is there already, and read only while
# more keeps coming: an agent's stdin is often a pipe left open with nothing in it, and `log`
# must never wait on it. `-m -` reads stdin to its end, however long that takes.
QUIET_SECONDS = 0.5


def register(root: typer.Typer) -> None:
    root.command("log")(log)


def log(
    title: str = typer.Argument(..., help="A one-line title for the entry."),
    message: str | None = typer.Option(
        None, "--message", "-m", help="The text; - reads it from stdin (to its end)."
    ),
) -> None:
    """Append an entry (### HH:MM — title) to today's daily log.

    The text is -m TEXT, or stdin with -m -. Without -m, text already piped on stdin is taken
    too, but memctl never waits for a stdin that is open and empty.

    Example: memctl log "Filed the tax form" -m "Link that worked: https://example.gov/form"
    """
    from ..daily import append_log

    if message == "-":
        text = context.stdin_text()
    else:
        text = message if message is not None else waiting_stdin()
    outcome = append_log(context.workspace(), title, text, now=context.now())
    output.result(outcome, _render)


def waiting_stdin() -> str:
    """What stdin holds right now, read until it ends or stays quiet for QUIET_SECONDS; "" for
    a terminal or a pipe with nothing in it yet."""
    import os
    import select

    stream = sys.stdin
    if stream is None or stream.isatty():
        return ""
    try:
        fd = stream.fileno()
    except (OSError, ValueError):  # an in-memory stream (a test runner's): it cannot block
        return stream.read()
    chunks: list[bytes] = []
    wait = 0.0  # the first look does not wait at all
    while True:
        try:
            ready, _, _ = select.select([fd], [], [], wait)
        except (OSError, ValueError):
            break
        if not ready:
            break
        chunk = os.read(fd, 65536)
        if not chunk:
            break
        chunks.append(chunk)
        wait = QUIET_SECONDS
    return b"".join(chunks).decode("utf-8", errors="replace")


def _render(outcome: Outcome[LogEntry]) -> None:
    entry = outcome.value
    output.text(f"{entry.path}:{entry.line}  ### {entry.time} — {entry.title}")
    output.change_notices(outcome.change)
