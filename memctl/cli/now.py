"""`memctl now`: print NOW.md and the health line; edit its focus, tasks and priorities."""

from __future__ import annotations

from pathlib import Path

import typer

from . import context, output, reads

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..desk import NowView
    from ..now import NowDoc
    from ..workspace import Outcome

app = typer.Typer()


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="now")


@app.callback(invoke_without_command=True)
def now(
    ctx: typer.Context,
    full: bool = typer.Option(False, "--full", help="Print all of NOW.md and every rule."),
    rules_file: Path | None = typer.Option(
        None, "--rules-file", help="The rules file CLAUDE.md imports (kept current; hooks)."
    ),
) -> None:
    """Print NOW.md, the rules in force and one health line (run this at every session start).

    Over the token budget, NOW.md is cut by section, the least important first (done focus
    items, then a person's own sections, …; never the P0 priorities), and what was left out is
    named. The rules come one line each, high priority first. With --rules-file (what `memctl
    hooks install claude-code` wires) the rules reach the agent through CLAUDE.md instead, and
    are only counted here while that file is current.

    Example: memctl now
    """
    if ctx.invoked_subcommand:
        return
    from ..desk import view_now

    ws, problem = context.workspace_anyway()
    if problem is not None:  # a config memctl cannot load: NOW.md and the rules still shown
        output.notice(
            f"memctl: warning: {problem}; NOW.md and the rules are shown without that file's "
            "settings (other commands stop until the line is corrected)"
        )
    view = view_now(ws, today=context.now().date(), full=full, rules_file=rules_file)
    if not view.problem:  # a line NOW.md holds that reads as an order is shown labelled
        from ..language.orders import labelled

        view = view._replace(text=labelled(ws, view.read, view.text, view.own_at))
    if view.problem:
        output.notice(f"memctl: warning: {view.problem}")
    output.result(view, _render_view)
    reads.count(ws, "now", view)  # memory is only useful if it is read: count the reads


def _render_view(view: NowView) -> None:
    if view.problem:
        output.text(f"NOW.md could not be read ({view.problem}); the rules below still hold")
    output.markdown(view.text)
    if view.notice:
        output.text(view.notice, style="yellow")
    output.text(view.health.line(), style="green" if view.health.ok else "yellow")


def _refuse_orders(*texts: str) -> None:
    """Refused (exit 3): a text for NOW.md, which every session reads first, that reads as an
    order to the agent (memctl.language.orders)."""
    from ..language.orders import refuse_orders

    refuse_orders([text for text in texts if text])


def _render_doc(outcome: Outcome[NowDoc]) -> None:
    output.markdown(outcome.value.render())
    output.change_notices(outcome.change)


@app.command("focus")
def focus(
    items: list[str] = typer.Argument(..., help="Focus items for today."),
    add: bool = typer.Option(False, "--add", help="Add to today's focus instead of replacing it."),
) -> None:
    """Set Today's Focus.

    Example: memctl now focus "ship the archive job" "answer Anna"
    """
    from ..now import set_focus

    _refuse_orders(*items)
    output.result(set_focus(context.workspace(), items, add=add, now=context.now()), _render_doc)


@app.command("start")
def start(
    task: str = typer.Argument(..., help="The task now in progress."),
    blocked: str | None = typer.Option(None, "--blocked", help="What blocks it, if anything."),
) -> None:
    """Add a task to In Progress.

    Example: memctl now start "migrate the wiki" --blocked "waiting for admin access"
    """
    from ..now import start_task

    _refuse_orders(task, blocked or "")
    ws = context.workspace()
    output.result(start_task(ws, task, blocker=blocked, now=context.now()), _render_doc)


@app.command("done")
def done(ref: str = typer.Argument(..., help="The item's number or a piece of its text.")) -> None:
    """Move an In Progress task to Today's Focus as ✅ done.

    Example: memctl now done 2
    """
    from ..now import finish_task

    output.result(finish_task(context.workspace(), ref, now=context.now()), _render_doc)


@app.command("block")
def block(
    ref: str = typer.Argument(..., help="The item's number or a piece of its text."),
    reason: str | None = typer.Option(None, "--reason", help="The blocker; leave out to unblock."),
) -> None:
    """Mark an In Progress task blocked (or unblocked without --reason).

    Example: memctl now block 1 --reason "API key expired"
    """
    from ..now import block_task

    _refuse_orders(reason or "")
    output.result(block_task(context.workspace(), ref, reason, now=context.now()), _render_doc)


@app.command("priority")
def priority(
    task: str = typer.Argument(..., help="The task (a row is matched by its task text)."),
    level: str = typer.Option("P1", "--level", "-p", help="Priority label, e.g. P0."),
    status: str = typer.Option("todo", "--status", "-s", help="Status text for the row."),
    remove: bool = typer.Option(False, "--remove", help="Remove the row for this task."),
) -> None:
    """Set (or remove) a row of the Current Priorities table.

    Example: memctl now priority "file the tax form" -p P0 -s "in progress"
    """
    from ..now import set_priority

    _refuse_orders(task, level, status)
    ws = context.workspace()
    outcome = set_priority(ws, level, task, status, remove=remove, now=context.now())
    output.result(outcome, _render_doc)
