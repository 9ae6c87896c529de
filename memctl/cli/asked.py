"""The --source option of the commands that retire or loosen what the user set (forget, close,
guard watch): who asked for it. A rule changes only on the user's word
(memctl.forgetting.closing.refuse_retiring_rule checks it in the core)."""

from __future__ import annotations

from typing import Any

import typer


def asked_by(what: str) -> Any:  # a typer.Option default, as typer types it
    """The option, its help naming what needs the user's word ("A rule is closed")."""
    return typer.Option(
        "agent", "--source", "-s", help=f"Who asked: user | agent. {what} only when the user asked."
    )
