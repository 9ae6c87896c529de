"""The `memctl` entry point: one Typer app, one place where errors become exit codes."""

from __future__ import annotations

import sys
from typing import Any

import typer
from typer.core import TyperGroup

from ..errors import MemctlError
from . import context, output

HELP = """Long-term memory for AI agents, kept as plain Markdown in a git-versioned workspace.

Start every session with `memctl now`. Shared options work anywhere on the line:
--json (machine-readable output), -w/--workspace PATH, --debug (tracebacks).
Exit codes: 0 ok, 1 error (bad input, workspace problem), 2 usage, 3 refused on purpose.
"""


class MemctlGroup(TyperGroup):
    """Reads the shared options out of argv and turns memctl errors into one line + exit code."""

    def main(self, args=None, *posargs: Any, **kwargs: Any) -> Any:
        args = context.split_global_options(list(sys.argv[1:] if args is None else args))
        return super().main(args, *posargs, **kwargs)

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except MemctlError as exc:
            if context.options.debug:
                raise
            output.error(exc)
            ctx.exit(int(exc.exit_code))


app = typer.Typer(
    cls=MemctlGroup,
    help=HELP,
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _register() -> None:
    from . import (
        archive,
        closing,
        daily,
        dashboard,
        doctor,
        forget,
        longterm,
        now,
        workspace,
    )  # fmt: skip

    for module in (workspace, now, daily, longterm, dashboard, doctor, closing, forget,
                   archive):  # fmt: skip
        module.register(app)


_register()


def run() -> None:
    """Console-script entry point."""
    app(prog_name="memctl")
