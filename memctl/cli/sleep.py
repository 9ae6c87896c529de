"""`memctl sleep`: the nightly job (cron runs it), which prints its morning report."""

from __future__ import annotations

import typer

from . import context, output

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..nightly.sleep import Night
    from ..workspace import Outcome


def register(root: typer.Typer) -> None:
    root.command("sleep")(sleep)


def sleep(
    today: bool = typer.Option(False, "--today", help="Consolidate today's log too."),
    llm: bool | None = typer.Option(
        None, "--llm/--no-llm", help="Read free text with llm_command too (default: if it is set)."
    ),
) -> None:
    """The nightly job: catch up, archive when due, reindex, review lessons, report.

    Consolidates every day not consolidated yet up to yesterday, and writes the morning report
    to reports/YYYY-MM-DD.md (printed too). `memctl cron` schedules it.

    Example: memctl sleep
    """
    from ..nightly.sleep import sleep as run

    outcome = run(context.workspace(), now=context.now(), include_today=today, use_llm=llm)
    output.result(outcome, _render)


def _render(outcome: Outcome[Night]) -> None:
    output.markdown(outcome.value.text)
    for commit in outcome.value.commits:
        output.notice(f"committed {commit['sha'][:8]} {commit['message']}")
