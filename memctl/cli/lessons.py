"""`memctl slip | lessons`: lessons that bind harder each time they slip."""

from __future__ import annotations

import typer

from . import context, output
from .checks import asked_by

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..nightly.lessons import Review, Slipped, Tightened
    from ..workspace import Outcome


def register(root: typer.Typer) -> None:
    root.command("slip")(slip)
    root.command("lessons")(lessons)


def slip(
    lesson: str = typer.Argument(
        ..., metavar="LESSON_ID", help="The lesson broken: ID or FILE#^ID."
    ),
    note: str | None = typer.Option(
        None, "--note", "-m", help="What happened (the words of the moment)."
    ),
) -> None:
    """Record that a lesson was broken (a correction repeated something already taught).

    Example: memctl slip n7ys --note "said tests pass after running one file"
    """
    from ..nightly.lessons import slip as record

    outcome = record(context.workspace(), lesson, note=note, now=context.now())
    output.result(outcome, _render_slip)


def _render_slip(outcome: Outcome[Slipped]) -> None:
    value = outcome.value
    output.text(f"slip {value.slips} of {value.address}: {value.text}")
    if value.slips >= 2:
        output.notice("slipped twice or more: `memctl lessons` (and tonight's sleep) reviews it")
    output.change_notices(outcome.change)


def lessons(
    apply: str | None = typer.Option(
        None, "--apply", help="Tighten this lesson: move it into rules/."
    ),
    check: str | None = typer.Option(
        None, "--check", help="With --apply on a rule: a regex the guard watches for."
    ),
    source: str = asked_by("A lesson not in the user's own words becomes a rule"),
) -> None:
    """Review the lessons that slipped twice or more, or tighten one (--apply).

    The review names the likely cause first (contradicted, too vague, not loaded), then the
    next place: a note → rules/ → a check. --apply ID moves a lesson into rules/lessons.md:
    the agent may move the user's own words (src:user), any other lesson only when the user
    asked (--source user; without it, exit 3 and the command to run). --apply ID --check REGEX
    gives a rule a check in watch mode. Nothing here loosens a rule.

    Example: memctl lessons --apply n7ys
    """
    ws = context.workspace()
    if apply:
        from ..nightly.lessons import tighten

        done = tighten(ws, apply, check=check, now=context.now(), source=source)
        output.result(done, _render_tightened)
        return
    if check:
        from ..errors import InvalidValue

        raise InvalidValue("--check goes with --apply ID")
    from ..nightly.lessons import review

    output.result(review(ws), _render_review)


def _render_review(review: Review) -> None:
    if not review.proposals and not review.gone:
        output.text("no lesson slipped twice since it last moved")
    for proposal in review.proposals:
        output.text(f"- {proposal.line()}")
    for gone in review.gone:
        output.text(f"- {gone}: slipped, and is gone")


def _render_tightened(outcome: Outcome[Tightened]) -> None:
    value = outcome.value
    if value.step == "rule":
        output.text(f"moved {value.before} → {value.after} (read every session)")
    else:
        output.text(f"check on {value.after}, in watch mode: {value.line}")
    output.change_notices(outcome.change)
