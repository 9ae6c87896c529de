"""`memctl stats`: is the memory read, or only written?"""

from __future__ import annotations

import typer

from . import context, output

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..usage import Stats


def register(root: typer.Typer) -> None:
    root.command("stats")(stats)


def stats(days: int = typer.Option(7, "--days", help="How many days back.")) -> None:
    """Show whether memory is read: per day sessions, searches, recalls, shows, logs.

    Sessions are `memctl now` calls; recalls count twice, all and those that put a pointer on
    the desk; the memories recalled or shown most are listed after the table.

    Example: memctl stats --days 14
    """
    from ..usage import stats as usage_stats

    output.result(usage_stats(context.workspace(), today=context.now().date(), days=days), _render)


def _render(found: Stats) -> None:
    output.table(
        ["Day", "Sessions", "Searches", "Recalls", "…with pointers", "Shows", "Logged"],
        [
            [
                d.day.isoformat(),
                d.sessions,
                d.searches,
                d.recalls,
                d.recalls_found,
                d.shows,
                d.logged,
            ]
            for d in found.days
        ],
    )
    if found.most_read:
        output.text("read most: " + ", ".join(f"{a} ×{n}" for a, n in found.most_read))
    output.text(f"last `now`, search or recall: {found.last_read or 'never (on this machine)'}")
