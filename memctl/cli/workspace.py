"""`memctl init`: create or adopt a workspace."""

from __future__ import annotations

from pathlib import Path

import typer

from . import context, output


def register(root: typer.Typer) -> None:
    root.command("init")(init)


def init(
    path: Path = typer.Argument(Path("."), help="The folder (created if missing)."),
    category: list[str] = typer.Option(
        None, "--category", "-c", help="A category folder (repeat); default from config."
    ),
    openclaw: bool = typer.Option(
        False, "--openclaw", help="PATH is an OpenClaw workspace: daily logs go to its memory/."
    ),
) -> None:
    """Create a workspace, or adopt an existing folder of Markdown without losing a file.

    Safe to run again: it only adds what is missing. With --openclaw the folder is laid out
    the way an OpenClaw agent keeps its memory (docs/agents.md): `memctl init --openclaw
    ~/.openclaw/workspace`.

    Example: memctl init ~/memory
    """
    from ..initialize import init_workspace

    target = Path(context.options.workspace) if context.options.workspace else path
    result = init_workspace(target, categories=category or None, now=context.now(),
                            openclaw=openclaw)  # fmt: skip
    output.result(result, _render)


def _render(result) -> None:
    if result.created:
        output.text(f"workspace {result.root}: created {', '.join(result.created)}")
    else:
        output.text(f"workspace {result.root}: already complete, nothing to do")
    if result.adopted:
        output.text(f"adopted {len(result.adopted)} existing Markdown file(s), none changed")
    for notice in result.notices:
        output.notice(notice)
    if result.commit:
        output.notice(f"committed {result.commit[:8]} {result.message or ''}".rstrip())
