"""Options every command shares, read once from the command line by cli.main.

--json, --debug and -w/--workspace may appear anywhere on the line, before or after the
command, so an agent can add --json to any call.
"""

from __future__ import annotations


class Options:
    __slots__ = ("json", "debug", "workspace")

    def __init__(self, json: bool = False, debug: bool = False, workspace: str | None = None):
        self.json, self.debug, self.workspace = json, debug, workspace


options = Options()


def source_word(value: str | None) -> str | None:
    """A --source as a person types it ("User", " agent"): the word in lower case."""
    return value.strip().lower() if value else value


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
