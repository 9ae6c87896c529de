"""`memctl new | add | verify | show | ls`: long-term notes and their entry lines."""

from __future__ import annotations

import typer

from . import context, flags, output, reads

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..longterm import CreatedNote, EntryRef, Verified
    from ..show import Listing, Shown
    from ..workspace import Outcome


def register(root: typer.Typer) -> None:
    for command in (new, add, verify, show, ls):
        root.command(command.__name__)(command)


def new(
    name: str = typer.Argument(..., help="CATEGORY/NAME, e.g. lessons/api-guide"),
    title: str | None = typer.Option(None, "--title", "-t", help="Title (default: from the name)."),
    priority: str = typer.Option("med", "--priority", "-p", help="high | med | low"),
    tag: list[str] | None = typer.Option(None, "--tag", help="A tag (repeat)."),
    use_when: list[str] | None = typer.Option(
        None, "--use-when", help="A use-when phrase (repeat)."
    ),
    description: str | None = typer.Option(
        None, "--description", "-d", help="One line for INDEX.md."
    ),
    expires: str | None = typer.Option(
        None,
        "--expires",
        help="YYYY-MM-DD, or e.g. 'in 2 weeks', friday, 3m (not for high priority).",
    ),
) -> None:
    """Create a note with full frontmatter.

    Example: memctl new lessons/api-guide -t "API guide" -p high --use-when "calling billing"
    """
    from ..longterm import new_note

    outcome = new_note(
        context.workspace(),
        name,
        title=title,
        priority=priority,
        tags=tag,
        use_when=use_when,
        description=description,
        expires=expires,
        today=context.now().date(),
    )
    output.result(outcome, _render_created)


def _render_created(outcome: Outcome[CreatedNote]) -> None:
    output.text(f"created {outcome.value.path}")
    output.change_notices(outcome.change)


def add(
    name: str = typer.Argument(..., help="The note, e.g. lessons/api-guide"),
    text: str = typer.Argument(..., help="The memory, one line."),
    priority: str = typer.Option("med", "--priority", "-p", help="high | med | low"),
    kind: str | None = typer.Option(
        None, "--kind", "-k", help="DECISION, LESSON, FACT, CONTEXT, …"
    ),
    expires: str | None = typer.Option(
        None,
        "--expires",
        help="YYYY-MM-DD, or e.g. 'in 2 weeks', friday, 3m (not for high priority).",
    ),
    source: str | None = typer.Option(
        None,
        "--source",
        "-s",
        help="user | agent | web | file | tool",
        callback=flags.source_word,
    ),
    by: str | None = typer.Option(None, "--by", help="Who said it."),
    when: str | None = typer.Option(None, "--when", help="A use-when phrase for this entry."),
    from_date: str | None = typer.Option(
        None, "--from-date", help="Since when it holds: YYYY-MM-DD, or e.g. yesterday."
    ),
) -> None:
    """Append an entry line with a fresh id to a note.

    Example: memctl add lessons/api-guide "Use the v2 endpoint; v1 drops fields" -k LESSON -p high
    """
    from ..longterm import add_entry

    outcome = add_entry(
        context.workspace(),
        name,
        text,
        priority=priority,
        kind=kind,
        expires=expires,
        source=source,
        by=by,
        when=when,
        from_date=from_date,
        today=context.now().date(),
    )
    output.result(outcome, _render_added)


def _render_added(outcome: Outcome[EntryRef]) -> None:
    ref = outcome.value
    output.text(f"{ref.path}:{ref.entry.line}  ^{ref.entry.id}  {ref.entry.format()}")
    output.change_notices(outcome.change)


def verify(target: str = typer.Argument(..., help="A note path or an entry id.")) -> None:
    """Mark a note verified today (status active), or an entry (verified:DATE).

    Example: memctl verify lessons/api-guide
    """
    from ..longterm import verify as verify_target

    outcome = verify_target(context.workspace(), target, today=context.now().date())
    output.result(outcome, _render_verified)


def _render_verified(outcome: Outcome[Verified]) -> None:
    value = outcome.value
    what = f"^{value.entry_id} in {value.path}" if value.entry_id else value.path
    output.text(f"verified {what} on {value.day}")
    output.change_notices(outcome.change)


def show(
    target: str = typer.Argument(..., help="A note path or an entry id (archived too)."),
) -> None:
    """Print a note, or one entry with its file and line.

    Example: memctl show k3x9
    """
    from ..search.orders import marked
    from ..show import show as show_target

    ws = context.workspace()
    shown = marked(ws, show_target(ws, target))
    output.result(shown, _render_shown)
    reads.count(ws, "show", shown)


def _render_shown(shown: Shown) -> None:
    if shown.orders:
        from ..search.orders import ORDERS_LABEL

        output.text(ORDERS_LABEL, style="yellow")
    if shown.entry is not None:
        output.text(f"{shown.path}:{shown.entry.line}" + ("  (archived)" if shown.archived else ""))
        output.text(shown.text)
    elif shown.line is not None:  # a daily-log entry
        output.text(f"{shown.path}:{shown.line}")
        output.text(shown.text.rstrip("\n"))
    else:
        if shown.archived:
            output.notice(f"{shown.path} is archived")
        output.markdown(shown.text)
    if shown.wake:
        output.text(f"wake: {shown.wake}")


def ls(
    category: str | None = typer.Option(None, "--category", "-c", help="Only this category."),
    status: str | None = typer.Option(
        None, "--status", help="active | stale | superseded | conflict"
    ),
    priority: str | None = typer.Option(None, "--priority", "-p", help="high | med | low"),
) -> None:
    """List notes with their priority, status and last verification.

    Without a filter it leads with what needs a person: unreadable files, conflicts, lines the
    gate could not settle (with the commands that do), problems, and the few stale notes worth
    a review (read lately, or high priority).

    Example: memctl ls --status stale
    """
    from ..show import list_notes

    listing = list_notes(
        context.workspace(),
        category=category,
        status=status,
        priority=priority,
        today=context.now().date(),
    )
    output.result(listing, _render_listing)


def _render_listing(listing: Listing) -> None:
    from ..dashboard import PRIORITY_SHOWN

    if listing.needs and listing.needs.items:
        output.text("Needs you:", style="bold yellow")
        for line in listing.needs.lines():
            output.text(f"  {line}")
        output.text()

    output.table(
        ["File", "Pri", "Status", "Verified", "Entries", "Title"],
        [
            [
                f.path,
                PRIORITY_SHOWN.get(f.priority, "⚪"),
                f.status or "—",
                f.last_verified or "—",
                str(f.entries),
                f.title or "",
            ]
            for f in listing.files
        ],
    )
