"""Options every command shares, read once from the command line by cli.main.

--json, --debug and -w/--workspace may appear anywhere on the line, before or after the
command, so an agent can add --json to any call.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: this runs at start-up
if TYPE_CHECKING:
    import datetime as dt


class Options:
    __slots__ = ("json", "debug", "workspace")

    def __init__(self, json: bool = False, debug: bool = False, workspace: str | None = None):
        self.json, self.debug, self.workspace = json, debug, workspace


options = Options()


def split_global_options(argv: list[str]) -> list[str]:
    """Take the shared options out of argv (up to a bare --), keep them, and return the rest."""
    global options
    options, rest = parse_global_options(argv)
    return rest


def parse_global_options(argv: list[str]) -> tuple[Options, list[str]]:
    """The shared options of argv (up to a bare --), and the rest of it."""
    json = debug = False
    workspace: str | None = None
    rest: list[str] = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            rest.extend(argv[i:])
            break
        if arg == "--json":
            json = True
        elif arg == "--debug":
            debug = True
        elif arg in ("-w", "--workspace") and i + 1 < len(argv):
            workspace = argv[i + 1]
            i += 1
        elif arg.startswith("--workspace="):
            workspace = arg.split("=", 1)[1]
        else:
            rest.append(arg)
        i += 1
    return Options(json, debug, workspace), rest


def workspace():
    from ..workspace import open_workspace

    ws = open_workspace(options.workspace)
    if ws.config.warnings:  # a setting the committed config may not hold: said every time
        import sys

        for warning in ws.config.warnings:
            sys.stderr.write(f"memctl: warning: {warning}\n")
    if os.path.exists(os.path.join(ws.cache_dir, "journal")):  # a memctl was cut short
        from ..recovery import recover
        from . import output

        with ws.lock():
            for notice in recover(ws):
                output.notice(notice)
    return ws


def now() -> dt.datetime:
    """The current local time; MEMCTL_NOW (YYYY-MM-DDTHH:MM) fixes it for tests and replays."""
    import datetime as dt

    fixed = os.environ.get("MEMCTL_NOW")
    if fixed:
        from ..errors import InvalidValue

        try:
            return dt.datetime.fromisoformat(fixed).replace(tzinfo=None)
        except ValueError:
            raise InvalidValue(f"MEMCTL_NOW={fixed!r} is not YYYY-MM-DDTHH:MM") from None
    return dt.datetime.now().replace(microsecond=0)
