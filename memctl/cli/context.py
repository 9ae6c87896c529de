"""Options every command shares, read once from the command line by cli.main.

--json, --debug and -w/--workspace may appear anywhere on the line, before or after the
command, so an agent can add --json to any call.
"""

from __future__ import annotations

import datetime as dt
import os
from dataclasses import dataclass


@dataclass
class Options:
    json: bool = False
    debug: bool = False
    workspace: str | None = None


options = Options()


def split_global_options(argv: list[str]) -> list[str]:
    """Take the shared options out of argv (up to a bare --) and return the rest."""
    global options
    options = Options()
    rest: list[str] = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            rest.extend(argv[i:])
            break
        if arg == "--json":
            options.json = True
        elif arg == "--debug":
            options.debug = True
        elif arg in ("-w", "--workspace") and i + 1 < len(argv):
            options.workspace = argv[i + 1]
            i += 1
        elif arg.startswith("--workspace="):
            options.workspace = arg.split("=", 1)[1]
        else:
            rest.append(arg)
        i += 1
    return rest


def workspace():
    from ..workspace import open_workspace

    return open_workspace(options.workspace)


def now() -> dt.datetime:
    """The current local time; MEMCTL_NOW (YYYY-MM-DDTHH:MM) fixes it for tests and replays."""
    fixed = os.environ.get("MEMCTL_NOW")
    if fixed:
        from ..errors import InvalidValue

        try:
            return dt.datetime.fromisoformat(fixed).replace(tzinfo=None)
        except ValueError:
            raise InvalidValue(f"MEMCTL_NOW={fixed!r} is not YYYY-MM-DDTHH:MM") from None
    return dt.datetime.now().replace(microsecond=0)
