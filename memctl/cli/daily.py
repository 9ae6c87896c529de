"""`memctl log`: append to today's daily log."""

from __future__ import annotations

import sys

import typer

from . import context, output


def register(root: typer.Typer) -> None:
    root.command("log")(log)


def log(
    title: str = typer.Argument(..., help="A one-line title for the entry."),
    message: str = typer.Option(None, "--message", "-m", help="The text (else read from stdin)."),
) -> None:
    """Append an entry (### HH:MM — title) to today's daily log.

    Example: memctl log "Filed the tax form" -m "Link that worked: https://example.gov/form"
    """
    from ..daily import append_log

    text = message if message is not None else ("" if sys.stdin.isatty() else sys.stdin.read())
    outcome = append_log(context.workspace(), title, text, now=context.now())
    output.result(outcome, _render)


def _render(outcome) -> None:
    entry = outcome.value
    output.text(f"{entry.path}:{entry.line}  ### {entry.time} — {entry.title}")
    output.change_notices(outcome.change)
