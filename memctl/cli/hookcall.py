"""How a `--hook claude-code` command reads its input and how it fails: the same for all.

`recall`, `flush` and `guard check` run as Claude Code hooks, where an exit code of 2 blocks
the prompt or the tool call and stdout is read as the hook's answer. So inside `answering`, a
hook that cannot answer (input too big, too deep, too slow, not JSON, for another event; a
workspace or file problem while answering) prints nothing on stdout, says why in one line on
stderr and in `.memctl/hooks.log`, and exits 1, which Claude Code reports as a hook error
that blocks nothing: the turn goes on. An unknown `--hook` name is a usage error (exit 2)
before anything is read: `memctl hooks install` never writes one.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator

import typer

from ..errors import MemctlError, file_error
from . import context, flags, output

HARNESS = "claude-code"

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..integrations.hookinput import HookInput


@contextlib.contextmanager
def answering(command: str, hook: str | None) -> Iterator[None]:
    """Around all a command does when `hook` is given (nothing changes when it is None)."""
    if hook is None:
        yield
        return
    if hook != HARNESS:
        raise typer.BadParameter(f"unknown hook {hook!r} (known: {HARNESS})", param_hint="--hook")
    try:
        yield
    except (MemctlError, OSError) as exc:
        found = file_error(exc) if isinstance(exc, OSError) else exc
        if found is None or flags.options.debug:
            raise
        output.say(f"memctl: error: {found} (the {command} hook answered nothing)")
        _log(command, str(found))
        raise typer.Exit(1) from None


def read(events: tuple[str, ...], default: str | None = None) -> HookInput:
    """The hook's input on stdin, read within bounds (integrations/hookinput.py)."""
    from ..integrations.hookinput import parse_hook_input, read_payload

    return parse_hook_input(read_payload(sys.stdin), events=events, default=default)


def _log(command: str, reason: str) -> None:
    import datetime as dt

    from ..integrations.hookinput import log_failure
    from ..workspace import find_root

    try:
        root = find_root(flags.options.workspace)
    except MemctlError:
        return  # no workspace to log in: stderr said it
    try:
        at = context.now()
    except MemctlError:
        at = dt.datetime.now()
    log_failure(root, command, reason, at=at.isoformat(timespec="seconds"))
