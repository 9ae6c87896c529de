"""`memctl import openclaw PATH`: bring an OpenClaw memory into the workspace."""

from __future__ import annotations

from pathlib import Path

import typer

from . import context, output

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..integrations.openclaw import Imported
    from ..workspace import Outcome

app = typer.Typer(help="Bring memory kept by another tool into this workspace.")


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="import")


@app.command("openclaw")
def openclaw(
    path: Path = typer.Argument(..., help="The OpenClaw workspace, or its memory/ folder."),
) -> None:
    """Import an OpenClaw MEMORY.md and memory/*.md without losing a line.

    Daily notes join the daily log of their day, the rest goes to semantic/openclaw/ as it is;
    lines already there are not repeated; purged text is refused (exit 3). A symlink or a
    FIFO in the folder is left out, named. One commit.

    Example: memctl import openclaw ~/.openclaw/workspace
    """
    from ..integrations.openclaw import import_openclaw

    output.result(import_openclaw(context.workspace(), path, now=context.now()), _render)


def _render(outcome: Outcome[Imported]) -> None:
    done = outcome.value
    output.text(
        f"imported {done.lines} line(s) from {done.source}: {len(done.copied)} file(s) "
        f"copied, {len(done.merged)} given their missing lines, {len(done.unchanged)} "
        "already complete"
    )
    for what in done.left_out:
        output.notice(f"left out {what}")
    output.change_notices(outcome.change)
