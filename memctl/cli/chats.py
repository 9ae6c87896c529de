"""`memctl chats index PATHS…`: a catalogue of past agent sessions to ask again."""

from __future__ import annotations

from pathlib import Path

import typer

from . import context, output

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..chats import Indexed
    from ..workspace import Outcome

app = typer.Typer(help="Past chats as experts: catalogue them, find them, wake them.")


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="chats")


@app.command("index")
def index(
    paths: list[Path] = typer.Argument(
        ..., help="Claude Code transcripts (.jsonl) or folders of them (~/.claude/projects)."
    ),
) -> None:
    """Catalogue past chats in episodic/chats.md, one entry each; known ones are skipped.

    Each entry holds when, the first ask, the files touched, how it ended and the session id;
    search and recall then return the chat as a pointer with the command that wakes it
    (`cd DIR && claude --resume ID`).

    Example: memctl chats index ~/.claude/projects
    """
    from ..chats import index_chats

    output.result(index_chats(context.workspace(), paths, now=context.now()), _render)


def _render(outcome: Outcome[Indexed]) -> None:
    done = outcome.value
    output.text(
        f"{len(done.added)} new chat(s) in {done.note}, {done.known} already there"
        + (f", {len(done.skipped)} transcript(s) without a conversation" if done.skipped else "")
    )
    for chat in done.added:
        started = chat.started.strftime("%Y-%m-%d %H:%M") if chat.started else "?"
        output.text(f"  {started}  {chat.session}  {chat.about[:70]}")
    output.change_notices(outcome.change)
