"""The `memctl` entry point: one Typer app, one place where errors become exit codes."""

from __future__ import annotations

import importlib
import sys
from typing import TYPE_CHECKING, Any, NoReturn, cast

import typer
import typer.main
from typer.core import TyperGroup

from ..errors import MemctlError, UsageFailure
from . import checks, flags, output

if TYPE_CHECKING:
    from collections.abc import Sequence

    from typer._click.core import Command, Context  # typer carries its own click
    from typer.core import TyperCommand

# The module under memctl/cli/ that defines each top-level command, in the order `--help`
# lists them. Only the module a call needs is imported and built: `memctl now` runs at every
# session start and `recall` before every turn, and building every command on each call would
# cost more than the rest of `now`. tests/test_cli.py keeps this table and the modules in step.
COMMANDS = {
    "init": "workspace",
    "now": "now",
    "log": "daily",
    "new": "longterm",
    "add": "longterm",
    "verify": "longterm",
    "show": "longterm",
    "ls": "longterm",
    "remember": "remember",
    "search": "search",
    "recall": "search",
    "key": "search",
    "reindex": "search",
    "graph": "graph",
    "close": "closing",
    "closed": "closing",
    "asof": "closing",
    "forget": "forget",
    "restore": "forget",
    "expiring": "archive",
    "archive": "archive",
    "cron": "archive",
    "index": "dashboard",
    "doctor": "doctor",
    "consolidate": "consolidate",
    "sleep": "sleep",
    "slip": "lessons",
    "lessons": "lessons",
    "guard": "guard",
    "hooks": "hooks",
    "flush": "flush",
    "chats": "chats",
    "import": "openclaw",
    "sync": "sync",
    "stats": "usage",
    "serve": "serve",
}


# The exceptions of the click typer runs on: its own copy (typer._click) in the versions
# memctl installs, the click package before them.
_CLICK = importlib.import_module(
    TyperGroup.__mro__[1].__module__.rpartition(".")[0] + ".exceptions"
)


class MemctlGroup(TyperGroup):
    """Loads commands lazily, reads the shared options out of argv, and turns memctl errors
    into one line on stderr and an exit code."""

    def main(self, args: Sequence[str] | None = None, *posargs: Any, **kwargs: Any) -> Any:
        args = flags.split_global_options(list(sys.argv[1:] if args is None else args))
        if "-h" in args or "--help" in args or not args:
            plain_help(self)
        return super().main(args, *posargs, **kwargs)

    def list_commands(self, ctx: Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: Context, name: str) -> Command | None:
        if name not in self.commands and name in COMMANDS:
            self.load(COMMANDS[name])
        return self.commands.get(name)

    def resolve_command(
        self, ctx: Context, args: list[str]
    ) -> tuple[str | None, Command | None, list[str]]:
        name = args[0] if args else ""
        if name and not name.startswith("-") and name not in COMMANDS:
            from difflib import get_close_matches

            near = get_close_matches(name, list(COMMANDS), n=3, cutoff=0.6)
            if near:
                ctx.fail(
                    f"No such command {name!r}. Did you mean {' or '.join(repr(n) for n in near)}?"
                )
        return super().resolve_command(ctx, args)

    def load(self, module_name: str) -> None:
        module = importlib.import_module(f"{__package__}.{module_name}")
        holder = typer.Typer()
        module.register(holder)
        for name, command in typer.main.get_group(holder).commands.items():
            checks.guard(command, name)
            plain_help(cast("TyperCommand | TyperGroup", command))  # typer made it
            self.add_command(command, name)

    def make_context(
        self, info_name: str | None, args: list[str], parent: Context | None = None, **extra: Any
    ) -> Context:
        try:
            return super().make_context(info_name, args, parent, **extra)
        except _CLICK.UsageError as exc:
            usage_failed(exc)

    def invoke(self, ctx: Context) -> Any:
        try:
            return super().invoke(ctx)
        except _CLICK.UsageError as exc:
            usage_failed(exc)
        except MemctlError as exc:
            if flags.options.debug:
                raise
            output.error(exc)
            ctx.exit(int(exc.exit_code))
        except OSError as exc:
            from ..errors import file_error

            found = file_error(exc)  # a full disk, a read-only folder, a folder for a file
            if found is None or flags.options.debug:
                raise
            output.error(found)
            ctx.exit(int(found.exit_code))


def usage_failed(exc: Any) -> NoReturn:
    """Wrong options or arguments: one line on stderr (and with --json a JSON document on
    stdout), exit 2, as every other error; a group named without its command shows its help."""
    if isinstance(exc, _CLICK.NoArgsIsHelpError) and not flags.options.json:
        raise exc
    where = exc.ctx.command_path if exc.ctx is not None else "memctl"
    message = exc.format_message().rstrip()
    if isinstance(exc, _CLICK.NoArgsIsHelpError):
        message = "a command is missing"
    output.error(UsageFailure(f"{message} (see `{where} --help`)"))
    raise typer.Exit(int(UsageFailure.exit_code))


app = typer.Typer(
    cls=MemctlGroup,
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


# The options every command shares. cli.context takes them out of the command line before a
# command parses it (they may stand anywhere on the line); they are listed here so that every
# `--help` shows them under Options.
# fmt: off
SHARED_OPTIONS = (
    (["--json"], None, "Machine-readable output (JSON on stdout)."),
    (["-w", "--workspace"], "PATH", "The workspace (default: $MEMCTL_WORKSPACE, or the folder "
                                    "that holds .memctl/ from here up)."),
    (["--debug"], None, "Show the traceback of an error."),
)
# fmt: on


def plain_help(command: TyperCommand | TyperGroup) -> None:
    """Give a command (and its subcommands) the shared options in its help, drawn as plain
    text: help is read in pipes and by agents as often as in a terminal."""
    from typer.core import TyperOption

    command.rich_markup_mode = None
    have = {opt for param in command.params for opt in getattr(param, "opts", [])}
    shared = [
        TyperOption(
            param_decls=decls,
            is_flag=metavar is None,
            metavar=metavar,
            expose_value=False,
            help=text,
        )
        for decls, metavar, text in SHARED_OPTIONS
        if not have & set(decls)
    ]
    command.params.extend(shared)
    for sub in getattr(command, "commands", {}).values():
        plain_help(sub)


def _version(value: bool) -> None:
    if value:
        from .. import __version__

        sys.stdout.write(f"memctl {__version__}\n")
        raise typer.Exit()


@app.callback()
def root(
    version: bool = typer.Option(
        False,
        "--version",
        callback=_version,
        is_eager=True,
        help="Print memctl's version and exit.",
    ),
) -> None:
    """Long-term memory for AI agents, kept as plain Markdown in a git-versioned workspace.

    Start every session with `memctl now`. Shared options work anywhere on the line:
    --json (machine-readable output), -w/--workspace PATH, --debug (tracebacks).
    Exit codes: 0 ok, 1 error (bad input, workspace problem), 2 usage, 3 refused on purpose.
    """


def run() -> None:
    """Console-script entry point."""
    app(prog_name="memctl")
