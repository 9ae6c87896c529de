"""memctl: long-term memory for AI agents, kept as plain Markdown in a git-versioned workspace.

The library API: open a workspace, then call the module for the concept at hand (daily, now,
longterm, dashboard, archive, closing, forget, purge, …). Nothing here prints; every mutating
call returns an Outcome with the files it wrote and the commit it made.
"""

from .errors import ExitCode, MemctlError
from .workspace import Outcome, Workspace, find_root, open_workspace

__all__ = ["ExitCode", "MemctlError", "Outcome", "Workspace", "find_root", "open_workspace"]
__version__ = "0.1.0"
