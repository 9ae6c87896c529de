"""`memctl archive | expiring | cron`: forgetting by date, and the jobs that do it unattended."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import typer

from . import context, output

TYPE_CHECKING = False
if TYPE_CHECKING:
    import datetime as dt

    from ..forgetting.archive import ArchivePlan, ExpiringList
    from ..integrations.cron import CronChange
    from ..workspace import Outcome


def register(root: typer.Typer) -> None:
    for command in (archive, expiring):
        root.command(command.__name__)(command)
    root.add_typer(cron_app, name="cron")


def _today(value: str | None) -> dt.date:
    from ..dates import parse_date

    return parse_date(value, what="--today") if value else context.now().date()


def archive(
    dry_run: bool = typer.Option(False, "--dry-run", help="Show the plan; change nothing."),
    today: str | None = typer.Option(None, "--today", help="Archive as of this date (YYYY-MM-DD)."),
) -> None:
    """Move expired entries and notes (and long-superseded notes) to .archive/; one commit.

    Example: memctl archive --dry-run
    """
    from ..forgetting.archive import run_archive

    ws, day = context.workspace(), _today(today)
    with output.Progress("reading the workspace") as progress:
        if dry_run:
            plan = run_archive(ws, today=day, dry_run=True, progress=progress)
        else:
            done = run_archive(ws, today=day, progress=progress)
    if dry_run:
        output.result(plan, _render_plan)
    else:
        output.result(done, _render_archive)


def _render_plan(plan: ArchivePlan) -> None:
    verb = "would move" if plan.dry_run else "moved"
    if not plan.moves:
        output.text("archive: nothing to move")
    for move in plan.moves:
        output.text(f"{verb} {move.line()}")
    for note in plan.kept:
        output.notice(f"kept: {note}")


def _render_archive(done: Outcome[ArchivePlan]) -> None:
    _render_plan(done.value)
    output.change_notices(done.change)


def expiring(
    days: int = typer.Option(7, "--days", help="Look this many days ahead."),
) -> None:
    """List entries and notes that expire soon (or already have: overdue).

    Example: memctl expiring --days 14
    """
    from ..forgetting.archive import expiring as list_expiring

    ws = context.workspace()
    output.result(list_expiring(ws, days=days, today=context.now().date()), _render_expiring)


def _render_expiring(result: ExpiringList) -> None:
    if not result.items:
        output.text(f"nothing expires within {result.days} days")
        return
    output.table(
        ["Expires", "Where", "Id", "Text"],
        [
            [
                f"{i.expires}{' overdue' if i.overdue else ''}",
                f"{i.path}:{i.line}" if i.line else i.path,
                i.id or "",
                i.text[:70],
            ]
            for i in result.items
        ],
    )


cron_app = typer.Typer()


def _memctl() -> Path:
    from ..integrations.cron import installed_memctl

    return installed_memctl(sys.argv[0])


@cron_app.callback(invoke_without_command=True)
def cron(ctx: typer.Context) -> None:
    """Print the crontab lines for this workspace's jobs (`memctl cron print`).

    Example: memctl cron install
    """
    if ctx.invoked_subcommand is None:
        cron_print(systemd=False)


@cron_app.command("print")
def cron_print(
    systemd: bool = typer.Option(False, "--systemd", help="Systemd service and timer units."),
) -> None:
    """Print the jobs as crontab lines, or as systemd units with --systemd; change nothing.

    Example: memctl cron print --systemd
    """
    from ..integrations.cron import cron_plan, systemd_plan

    ws = context.workspace()
    plan = (systemd_plan if systemd else cron_plan)(ws, memctl=_memctl())
    output.result(plan, lambda p: output.text(p.text().rstrip("\n")))


@cron_app.command("install")
def cron_install() -> None:
    """Add this workspace's jobs to your crontab (one marked block; run again to update it).

    MEMCTL_CRONTAB names the crontab program to use (default: crontab).

    Example: memctl -w ~/memory cron install
    """
    from ..integrations.cron import install

    change = install(context.workspace(), memctl=_memctl(), crontab=_crontab())
    output.result(change, _render_cron_change)


@cron_app.command("uninstall")
def cron_uninstall() -> None:
    """Remove this workspace's block from your crontab; other lines are left alone.

    Example: memctl -w ~/memory cron uninstall
    """
    from ..integrations.cron import uninstall

    output.result(uninstall(context.workspace(), crontab=_crontab()), _render_cron_change)


def _crontab() -> str:
    return os.environ.get("MEMCTL_CRONTAB") or "crontab"


def _render_cron_change(change: CronChange) -> None:
    if change.action == "install":
        verb = "installed" if change.changed else "already installed, unchanged:"
        output.text(f"{verb} {len(change.lines) - 2}-line block for {change.workspace}")
        for line in change.lines:
            output.text(f"  {line}")
    elif change.changed:
        output.text(f"removed the crontab block of {change.workspace}")
    else:
        output.text(f"no crontab block for {change.workspace}; nothing to remove")
