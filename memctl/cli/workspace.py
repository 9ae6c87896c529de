"""`memctl init`: create or adopt a workspace."""

from __future__ import annotations

from pathlib import Path

import typer

from . import context, flags, output

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..initialize import InitResult
    from ..integrations.join import Joined


def register(root: typer.Typer) -> None:
    root.command("init")(init)


def init(
    path: Path | None = typer.Argument(
        None, help="The folder (created if missing; default: here)."
    ),
    category: list[str] | None = typer.Option(
        None, "--category", "-c", help="A category folder (repeat); default from config."
    ),
    openclaw: bool = typer.Option(
        False, "--openclaw", help="PATH is an OpenClaw workspace: daily logs go to its memory/."
    ),
    yes: bool = typer.Option(
        False, "--yes", "-y", help="Also a home or temp root, or a folder of many other files."
    ),
    remote: str | None = typer.Option(
        None, "--from", help="Join the memory kept in this git remote (URL or folder)."
    ),
    branch: str | None = typer.Option(None, "--branch", help="With --from: the remote's branch."),
) -> None:
    """Create a workspace, or adopt an existing folder of Markdown without losing a file.

    Safe to run again: it only adds what is missing. With --openclaw the folder is laid out
    the way an OpenClaw agent keeps its memory (docs/agents.md): `memctl init --openclaw
    ~/.openclaw/workspace`. The home folder, a temp root or a folder holding many files that
    are not Markdown is refused without --yes.

    With --from URL, another machine joins a memory kept in a git remote: PATH (new or empty)
    becomes a clone on the remote's workspace branch (found even when a bare remote's HEAD
    names another one), ready for `memctl sync`: `memctl init --from git@host:memory.git
    ~/memory`.

    Example: memctl init ~/memory
    """
    given = Path(flags.options.workspace) if flags.options.workspace else None
    if given and path and given.expanduser().resolve() != path.expanduser().resolve():
        raise typer.BadParameter(f"-w {given} and PATH {path} name two folders; give one")
    target = given or path or Path(".")
    if remote is not None:
        from ..integrations.join import join_workspace

        joined = join_workspace(remote, target, branch=branch, now=context.now())
        output.result(joined, _render_joined)
        return
    if branch is not None:
        raise typer.BadParameter("--branch goes with --from", param_hint="--branch")
    from ..initialize import init_workspace

    layout = None
    if openclaw:
        from ..integrations.openclaw import layout as openclaw_layout

        layout = openclaw_layout()
    result = init_workspace(
        target, categories=category or None, now=context.now(), layout=layout, confirmed=yes
    )
    output.result(result, _render)


def _render(result: InitResult) -> None:
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


def _render_joined(joined: Joined) -> None:
    output.text(
        f"joined {joined.url} ({joined.branch}, {joined.commits} commit(s)) in {joined.root}"
    )
    for notice in joined.notices:
        output.notice(notice)
    output.notice(f"next: export MEMCTL_WORKSPACE={joined.root}; `memctl sync` shares it")
