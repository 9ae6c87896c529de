"""`memctl init`: create or adopt a workspace."""

from __future__ import annotations

from pathlib import Path

import typer

from . import context, output


def register(root: typer.Typer) -> None:
    root.command("init")(init)


def init(
    path: Path = typer.Argument(None, help="The folder (created if missing; default: here)."),
    category: list[str] = typer.Option(
        None, "--category", "-c", help="A category folder (repeat); default from config."
    ),
    openclaw: bool = typer.Option(
        False, "--openclaw", help="PATH is an OpenClaw workspace: daily logs go to its memory/."
    ),
    yes: bool = typer.Option(
        False, "--yes", "-y", help="Also a home or temp root, or a folder of many other files."
    ),
) -> None:
    """Create a workspace, or adopt an existing folder of Markdown without losing a file.

    Safe to run again: it only adds what is missing. With --openclaw the folder is laid out
    the way an OpenClaw agent keeps its memory (docs/agents.md): `memctl init --openclaw
    ~/.openclaw/workspace`. The home folder, a temp root or a folder holding many files that
    are not Markdown is refused without --yes.

    Example: memctl init ~/memory
    """
    from ..initialize import init_workspace

    given = Path(context.options.workspace) if context.options.workspace else None
    if given and path and given.expanduser().resolve() != path.expanduser().resolve():
        raise typer.BadParameter(f"-w {given} and PATH {path} name two folders; give one")
    target = given or path or Path(".")
    result = init_workspace(target, categories=category or None, now=context.now(),
                            openclaw=openclaw, confirmed=yes)  # fmt: skip
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
        output.notice(f"committed {result.commit[:8]}")
