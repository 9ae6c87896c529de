"""`memctl archive | expiring | cron`: forgetting by date, and the jobs that do it weekly."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import typer

from . import context, output


def register(root: typer.Typer) -> None:
    for command in (archive, expiring, cron):
        root.command(command.__name__)(command)


def _today(value: str | None):
    from ..dates import parse_date

    return parse_date(value, what="--today") if value else context.now().date()


def archive(
    dry_run: bool = typer.Option(False, "--dry-run", help="Show the plan; change nothing."),
    today: str = typer.Option(None, "--today", help="Archive as of this date (YYYY-MM-DD)."),
) -> None:
    """Move expired entries and notes (and long-superseded notes) to .archive/; one commit.

    Example: memctl archive --dry-run
    """
    from ..archive import run_archive

    with output.Progress("reading the workspace") as progress:
        result = run_archive(context.workspace(), today=_today(today), dry_run=dry_run,
                             progress=progress)  # fmt: skip
    output.result(result, _render_archive)


def _render_archive(result) -> None:
    plan = getattr(result, "value", result)
    verb = "would move" if plan.dry_run else "moved"
    if not plan.moves:
        output.text("archive: nothing to move")
    for move in plan.moves:
        output.text(f"{verb} {move.line()}")
    for note in plan.kept:
        output.notice(f"kept: {note}")
    if hasattr(result, "change"):
        output.change_notices(result.change)


def expiring(
    days: int = typer.Option(7, "--days", help="Look this many days ahead."),
) -> None:
    """List entries and notes that expire soon (or already have: overdue).

    Example: memctl expiring --days 14
    """
    from ..archive import expiring as list_expiring

    ws = context.workspace()
    output.result(list_expiring(ws, days=days, today=context.now().date()), _render_expiring)


def _render_expiring(result) -> None:
    if not result.items:
        output.text(f"nothing expires within {result.days} days")
        return
    output.table(
        ["Expires", "Where", "Id", "Text"],
        [[f"{i.expires}{' overdue' if i.overdue else ''}",
          f"{i.path}:{i.line}" if i.line else i.path, i.id or "", i.text[:70]]
         for i in result.items],
    )  # fmt: skip


def cron() -> None:
    """Print crontab lines (absolute paths) for the weekly archive of this workspace.

    Example: memctl cron >> my-crontab && crontab my-crontab
    """
    from ..cron import cron_plan

    installed = Path(sys.argv[0]).resolve() if Path(sys.argv[0]).name == "memctl" else None
    memctl = installed or Path(shutil.which("memctl") or "memctl")
    output.result(cron_plan(context.workspace(), memctl=memctl), lambda p: output.text(
        p.text().rstrip("\n")))  # fmt: skip
