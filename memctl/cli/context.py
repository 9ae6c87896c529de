"""What every command shares: the workspace it opens (flags.py holds the shared options) and
the time it runs at.
"""

from __future__ import annotations

import os

from . import flags

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing: this runs at start-up
if TYPE_CHECKING:
    import datetime as dt

    from ..errors import ConfigError
    from ..workspace import Workspace


def workspace() -> Workspace:
    from ..workspace import open_workspace

    ws = open_workspace(flags.options.workspace)
    if ws.config.warnings:  # a setting the committed config may not hold: said every time
        from . import output

        for warning in ws.config.warnings:
            output.say(f"memctl: warning: {warning}")
    if os.path.exists(os.path.join(ws.cache_dir, "journal")):  # a memctl was cut short
        from ..recovery import recover
        from . import output

        with ws.lock():
            for notice in recover(ws):
                output.notice(notice)
    return ws


def workspace_anyway() -> tuple[Workspace, ConfigError | None]:
    """The workspace, and when its settings do not load, the error and the workspace with
    the settings that do (config.fallback_config): what the guard and `memctl now` go by, so a
    peer's config.yaml that memctl cannot load neither silences a check nor hides the rules."""
    from ..errors import ConfigError

    try:
        return workspace(), None
    except ConfigError as exc:
        from ..config import fallback_config
        from ..workspace import MARKER, Workspace, find_root

        root = find_root(flags.options.workspace)  # open_workspace checked its links first
        return Workspace(root, fallback_config(root / MARKER / "config.yaml")), exc


def now() -> dt.datetime:
    """The current local time; MEMCTL_NOW (YYYY-MM-DDTHH:MM) fixes it for tests and replays."""
    from ..dates import now

    return now()


def stdin_text() -> str:
    """All of standard input, as `-` asks; "" when there is none (closed by the caller)."""
    import sys

    if sys.stdin is None:
        return ""
    try:
        return sys.stdin.read()
    except (OSError, ValueError):  # a closed stream
        return ""
