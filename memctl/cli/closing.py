"""`memctl close | asof | closed`: facts closed in time, and what was true when."""

from __future__ import annotations

import typer

from . import context, output
from .checks import asked_by

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..forgetting.closing import Timeline
    from ..longterm import EntryRef
    from ..workspace import Outcome


def register(root: typer.Typer) -> None:
    for command in (close, asof, closed):
        root.command(command.__name__)(command)


def close(
    target: str = typer.Argument(..., help="The entry: its id (k3x9) or FILE:LINE."),
    reason: str = typer.Option(..., "--reason", "-r", help="Why it no longer holds."),
    on: str | None = typer.Option(
        None,
        "--on",
        help="The day it stops holding (default today); a later day leaves it open until then.",
    ),
    source: str = asked_by("A rule is closed"),
) -> None:
    """Close a fact: the line stays, struck through, with until:DATE and why:"…".

    Example: memctl close q7w2 --reason "the call moved to Thursday"
    """
    from ..dates import given_date
    from ..forgetting.closing import close_entry

    day = given_date(on, what="--on", ahead=False) if on else None
    outcome = close_entry(
        context.workspace(),
        target,
        reason=reason,
        on=day,
        today=context.now().date(),
        source=source,
    )
    output.result(outcome, _render_closed)


def _render_closed(outcome: Outcome[EntryRef]) -> None:
    entry = outcome.value.entry
    if entry.closed:
        output.text(f"closed {outcome.value.address}: {entry.format()}")
    else:  # a later day: it holds until then
        until = entry.fields.get("until")
        output.text(f"closes {outcome.value.address} on {until}: {entry.format()}")
    output.change_notices(outcome.change)


def asof(
    day: str = typer.Argument(..., help="The date: YYYY-MM-DD, or e.g. yesterday, '3 weeks ago'."),
    query: str | None = typer.Option(
        None, "--query", "-q", help="Only entries containing these words."
    ),
) -> None:
    """What memctl held true on a date: recorded by then and not closed before it.

    Example: memctl asof 2026-03-01 --query "call"
    """
    from ..dates import given_date
    from ..forgetting.closing import entries_as_of

    timeline = entries_as_of(
        context.workspace(), given_date(day, what="date", ahead=False), query=query
    )
    output.result(timeline, _render_timeline)


def closed(
    query: str | None = typer.Option(
        None, "--query", "-q", help="Only entries containing these words."
    ),
) -> None:
    """List closed facts with when and why they closed.

    Example: memctl closed --query wednesday
    """
    from ..forgetting.closing import closed_entries

    output.result(
        closed_entries(context.workspace(), today=context.now().date(), query=query),
        _render_timeline,
    )


def _render_timeline(timeline: Timeline) -> None:
    if not timeline.entries:
        output.text("no entries")
    for held in timeline.entries:
        mark = " (archived)" if held.archived else ""
        output.text(f"{held.path}:{held.entry.line}{mark}  {held.entry.format()}")
