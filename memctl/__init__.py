"""memctl: long-term memory for AI agents, kept as plain Markdown in a git-versioned workspace.

The library API: open a workspace, then call the module for the concept at hand: daily, now,
longterm and dashboard here; search/, graph/, gate/ (remember), forgetting/ (archive, closing,
forget, purge), nightly/ (sleep, consolidate, lessons) and integrations/ for the rest
(docs/architecture.md has the map). Nothing here prints; every mutating call returns an Outcome
with the files it wrote and the commit it made.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from .errors import ExitCode, MemctlError
    from .workspace import Outcome, Workspace, find_root, open_workspace

__all__ = ["ExitCode", "MemctlError", "Outcome", "Workspace", "find_root", "open_workspace"]
__version__ = "0.1.0"

# Where each name of the API lives. They are imported on first use, so that importing a part of
# memctl (the command line starting up, say) does not import the rest.
# fmt: off
_HOMES = {"ExitCode": "errors", "MemctlError": "errors", "Outcome": "workspace",
          "Workspace": "workspace", "find_root": "workspace",
          "open_workspace": "workspace"}
# fmt: on


def __getattr__(name: str) -> object:
    if name in _HOMES:
        import importlib  # here, not above: the warm path's client imports this package

        return getattr(importlib.import_module(f".{_HOMES[name]}", __name__), name)
    raise AttributeError(f"module 'memctl' has no attribute {name!r}")
