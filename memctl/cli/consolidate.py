"""`memctl consolidate`: digest a day's log into long-term memory; show the plan; undo a run."""

from __future__ import annotations

import typer

from . import context, output

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..nightly.consolidate import Consolidation
    from ..nightly.runs import Undone
    from ..workspace import Outcome


def register(root: typer.Typer) -> None:
    root.command("consolidate")(consolidate)


def consolidate(
    day: str | None = typer.Argument(
        None, metavar="[DATE]", help="The day: YYYY-MM-DD or e.g. yesterday (or --date)."
    ),
    date: str | None = typer.Option(None, "--date", "-d", help="The day (default: today)."),
    dry_run: bool = typer.Option(False, "--dry-run", help="Show the plan and why; write nothing."),
    undo: bool = typer.Option(
        False, "--undo", help="Take back the last run of DATE (no DATE: the last run of any day)."
    ),
    llm: bool | None = typer.Option(
        None, "--llm/--no-llm", help="Read free text with llm_command too (default: if it is set)."
    ),
) -> None:
    """Digest a day's log into long-term memory, NOW.md and INDEX.md, in one commit.

    DECISION:, LESSON:, FACT: (and #promote) items go through the write gate with their log
    line as provenance; TODO:, DONE:, BLOCKED: update NOW.md. A second run changes nothing;
    --undo takes a run back even after later commits (docs/nightly.md).

    Example: memctl consolidate --date 2026-11-29 --dry-run
    """
    from ..dates import given_date
    from ..errors import InvalidValue

    if day and date and day != date:
        raise InvalidValue(f"two days given ({day} and --date {date}); give one")
    given = day or date
    when = given_date(given, what="the date", ahead=False) if given else None
    ws = context.workspace()
    if undo:
        from ..nightly.runs import undo as undo_run

        output.result(undo_run(ws, when, now=context.now()), _render_undo)
        return
    from ..nightly.consolidate import consolidate as run

    day_run = when or context.now().date()
    if dry_run:
        output.result(run(ws, day_run, now=context.now(), dry_run=True, use_llm=llm), _render)
    else:
        output.result(run(ws, day_run, now=context.now(), use_llm=llm), _render_outcome)


def _render_outcome(outcome: Outcome[Consolidation]) -> None:
    _render(outcome.value)
    output.change_notices(outcome.change)


def _render(value: Consolidation) -> None:
    output.text(("plan: " if value.dry_run else "") + value.summary())
    for note in (value.untrusted, value.llm if value.llm not in (None, "used") else None):
        if note:
            output.notice(note)
    for step in value.steps:
        item = step.item
        what = step.written or step.verified or step.now or step.note or ""
        if step.written and step.unsure:  # written as new beside what it may replace
            what += f" (may replace {step.unsure['near']})"
        head = f"  {item.line:>4} {item.kind or 'promote':8} {step.action}"
        output.text(f"{head} {step.label or ''} {what}".rstrip())
        output.text(f"       {step.reason}")
        if step.preview:
            output.text(f"       would write: {step.preview}")
        if step.timeline:
            output.text(f"       {step.timeline}")


def _render_undo(outcome: Outcome[Undone]) -> None:
    done = outcome.value
    output.text(f"undid the consolidation of {done.day} (run {done.run})")
    shown = (
        ("removed", done.removed),
        ("restored", done.restored),
        ("left as it is", done.left),
        ("deleted note", done.deleted_notes),
    )
    for what, items in shown:
        for item in items:
            output.text(f"  {what}: {item}")
    for line in done.now:
        output.text(f"  {line}")
    output.change_notices(outcome.change)
