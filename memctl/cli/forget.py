"""`memctl forget | restore`: take a memory out of the live workspace, or purge it for good."""

from __future__ import annotations

import sys

import typer

from ..errors import InvalidValue, Refused
from . import context, output
from .checks import asked_by

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..forgetting.forget import Forgotten, Restored
    from ..workspace import Outcome, Workspace


def register(root: typer.Typer) -> None:
    for command in (forget, restore):
        root.command(command.__name__)(command)


def forget(
    target: str | None = typer.Argument(None, help="An entry id or a note path."),
    reason: str | None = typer.Option(None, "--reason", "-r", help="Why (kept in the commit)."),
    purge: bool = typer.Option(False, "--purge", help="Remove every copy, history included."),
    match: str | None = typer.Option(
        None, "--match", help="With --purge: the exact text to remove."
    ),
    dry_run: bool = typer.Option(False, "--dry-run", help="With --purge: show the receipt only."),
    yes: bool = typer.Option(False, "--yes", "-y", help="With --purge: do not ask."),
    source: str = asked_by("A rule is forgotten"),
) -> None:
    """Forget a memory (closed, or archived as superseded), or --purge a text everywhere.

    Example: memctl forget k3x9 --reason "wrong number"

    Example: memctl forget --purge --match "+1 555 0134" --dry-run
    """
    ws = context.workspace()
    if purge:
        _purge(ws, match, dry_run=dry_run, yes=yes)
        return
    if not target or not reason:
        raise InvalidValue("give what to forget and --reason (or --purge --match TEXT)")
    from ..forgetting.forget import forget as forget_target

    outcome = forget_target(ws, target, reason=reason, today=context.now().date(), source=source)
    output.result(outcome, _render_forgotten)


def _purge(ws: Workspace, match: str | None, *, dry_run: bool, yes: bool) -> None:
    from ..forgetting.purge import purge

    if not match:
        raise InvalidValue("--purge needs --match TEXT (the exact text to remove)")
    if not dry_run and not yes:
        if not sys.stdin.isatty():
            raise Refused(
                "a purge rewrites git history and cannot be undone: run it with "
                "--dry-run to see the receipt, then again with --yes"
            )
        preview = purge(ws, match, now=context.now(), dry_run=True)
        output.markdown(preview.render())
        typer.confirm("Purge every copy listed above, for good?", abort=True)
    receipt = purge(ws, match, now=context.now(), dry_run=dry_run)
    for notice in receipt.notices:
        output.notice(notice)
    output.result(receipt, lambda r: output.markdown(r.render()))


def _render_forgotten(outcome: Outcome[Forgotten]) -> None:
    value = outcome.value
    where = f" → {value.moved_to}" if value.moved_to else " (closed)"
    output.text(f"forgot {value.target}{where}: {value.reason}")
    output.change_notices(outcome.change)


def restore(target: str = typer.Argument(..., help="What was forgotten: id or note path.")) -> None:
    """Bring back a forgotten memory from git, as it was before `memctl forget`.

    Example: memctl restore k3x9
    """
    from ..forgetting.forget import restore as restore_target

    outcome = restore_target(context.workspace(), target, today=context.now().date())
    output.result(outcome, _render_restored)


def _render_restored(outcome: Outcome[Restored]) -> None:
    value = outcome.value
    output.text(f"restored {value.target} from {value.from_commit[:8]}: {', '.join(value.paths)}")
    output.change_notices(outcome.change)
