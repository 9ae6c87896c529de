"""`memctl doctor`: check the workspace and say how to fix what it finds."""

from __future__ import annotations

import typer

from . import context, output

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..doctor import DoctorReport


def register(root: typer.Typer) -> None:
    root.command("doctor")(doctor)


def doctor() -> None:
    """Check frontmatter, ids, daily-log history and derived files; exit 1 on errors.

    Example: memctl doctor --json
    """
    from ..doctor import check

    with output.Progress("reading the workspace") as progress:
        report = check(context.workspace(), today=context.now().date(), progress=progress)
    output.result(report, _render)
    if report.errors:
        raise typer.Exit(1)


def _render(report: DoctorReport) -> None:
    if not report.findings:
        output.text("doctor: no problems found", style="green")
        return
    for f in report.findings:
        output.text(
            f"{f.severity}: {f.where}: {f.message}",
            style="red" if f.severity == "error" else "yellow",
        )
        output.text(f"    fix: {f.fix}")
