"""`memctl index`: regenerate the INDEX.md health dashboard."""

from __future__ import annotations

import typer

from . import context, output

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..dashboard import IndexReport
    from ..workspace import Outcome


def register(root: typer.Typer) -> None:
    root.command("index")(index)


def index() -> None:
    """Regenerate INDEX.md, marking notes not verified for stale_days as stale.

    Example: memctl index
    """
    from ..dashboard import regenerate_index

    with output.Progress("reading the workspace") as progress:
        outcome = regenerate_index(
            context.workspace(), today=context.now().date(), progress=progress
        )
    output.result(outcome, _render)


def _render(outcome: Outcome[IndexReport]) -> None:
    report = outcome.value
    rows = len(report.rows)
    output.text(f"INDEX.md: {rows} note{'s' if rows != 1 else ''}")
    for path in report.marked_stale:
        output.text(f"⚠️  marked stale: {path}")
    output.text(report.health.line())
    output.change_notices(outcome.change)
