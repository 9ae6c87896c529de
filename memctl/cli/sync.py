"""`memctl sync`: pull the other machines' memory, push ours."""

from __future__ import annotations

import typer

from . import context, output

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..integrations.sync import Synced


def register(root: typer.Typer) -> None:
    root.command("sync")(sync)


def sync(
    remote: str | None = typer.Option(
        None, "--remote", help="A git remote of the workspace, by name (default: upstream)."
    ),
    rebase: bool = typer.Option(False, "--rebase", help="Rebase on theirs instead of merging."),
    take_rules: str | None = typer.Option(
        None,
        "--take-rules",
        metavar="COMMIT",
        help="Take the rules the remote's COMMIT changes, as a refusal named it, once read.",
    ),
) -> None:
    """Pull the other machines' memory (merge, or --rebase) and push ours, through git.

    Daily logs merge as a union; a real conflict is left in the files for a person and
    reported with the files named (exit 1). History on either side that holds a purged text
    is refused, nothing merged or pushed, with what to do (exit 3); so are commits that bring
    a config this machine cannot load, or change a file an agent harness runs or reads as
    instructions (.claude/, .mcp.json, CLAUDE.md, AGENTS.md, …), or rules/ (a rule is obeyed:
    read what the refusal names, then take it with --take-rules COMMIT).

    Example: memctl sync
    """
    from ..integrations.sync import sync as run_sync

    done = run_sync(context.workspace(), remote=remote, rebase=rebase, take_rules=take_rules)
    for where in done.unreadable:  # landed: each command that reads it names it, and doctor
        output.notice(
            f"memctl: warning: {where}, as {done.remote}/{done.branch} brought it; commands "
            "that read it stop there until that line is fixed by hand (`memctl doctor` lists "
            "every such line)"
        )
    output.result(done, _render)


def _render(done: Synced) -> None:
    if not done.received and not done.sent:
        output.text(f"in sync with {done.remote}/{done.branch}")
        return
    how = f" ({done.how})" if done.received else ""
    output.text(
        f"synced with {done.remote}/{done.branch}: received {done.received} "
        f"commit(s){how}, sent {done.sent}"
    )
    if done.kept:
        output.text(
            f"kept {done.kept} purge record(s) the commits received took out: what was "
            "purged here stays refused"
        )
