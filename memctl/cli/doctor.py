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
    from ..integrations.harness import findings

    ws, problem = context.workspace_anyway()
    with output.Progress("reading the workspace") as progress:
        report = check(ws, today=context.now().date(), progress=progress)
    report.findings.extend(findings(ws))  # a harness's files that name a command
    if problem is not None:  # read with the settings that load; the finding says which not
        from ..planted import Finding

        where = problem.where() or ".memctl/config.yaml"
        fix = (
            "correct the line (`git log -p -- .memctl/config.yaml` shows who changed it); "
            "until then every command but now, guard and doctor stops at it"
        )
        report.findings.insert(0, Finding("error", "config-invalid", where, problem.message, fix))
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
