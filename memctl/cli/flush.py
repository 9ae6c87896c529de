"""`memctl flush`: log that a session is being compacted or ended, with its transcript."""

from __future__ import annotations

from pathlib import Path

import typer

from . import context, hookcall, output

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..integrations.flush import Flushed
    from ..workspace import Outcome


def register(root: typer.Typer) -> None:
    root.command("flush")(flush)


def flush(
    transcript: Path | None = typer.Argument(None, help="The session's transcript (JSONL)."),
    event: str = typer.Option("ended", "--event", help="compacted | ended"),
    session: str | None = typer.Option(
        None, "--session", help="The session id, if there is no file."
    ),
    hook: str | None = typer.Option(
        None, "--hook", help="claude-code: PreCompact/SessionEnd JSON in."
    ),
) -> None:
    """Log that a session was compacted or ended, with a pointer to its full transcript.

    The log entry says what the session was about (first and last asks, files changed) and
    how to wake it; an ended session also joins the catalogue of past chats. One commit. With
    --hook claude-code it reads the PreCompact or SessionEnd hook's JSON and prints nothing.

    Example: memctl flush ~/.claude/projects/-home-sam-app/4f1c.jsonl --event compacted
    """
    from ..integrations.flush import EVENTS
    from ..integrations.flush import flush as run_flush

    if hook is None and transcript is None and session is None:
        raise typer.BadParameter("give the transcript, --session ID, or --hook claude-code")
    with hookcall.answering("flush", hook):
        detail = None
        if hook is not None:
            given = hookcall.read(tuple(EVENTS))
            event, session, detail = EVENTS[given.event], given.session_id, given.detail
            transcript = Path(given.transcript_path) if given.transcript_path else None
        outcome = run_flush(
            context.workspace(),
            event=event,
            transcript=transcript,
            session=session,
            detail=detail,
            now=context.now(),
        )
    if hook is not None:  # the harness reads stdout; say nothing there
        output.change_notices(outcome.change)
        return
    output.result(outcome, _render)


def _render(outcome: Outcome[Flushed]) -> None:
    flushed = outcome.value
    output.text(f"logged at {flushed.log.path}:{flushed.log.line}: {flushed.log.title}")
    if flushed.catalogued:
        output.text("added to the catalogue of past chats")
    output.change_notices(outcome.change)
