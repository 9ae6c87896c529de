"""What forgetting may take: a note of the memory's categories, or an entry in one. Never the
files that hold the workspace and the agent's harness together.

`memctl forget` (and the MCP tool), the archive (weekly, and in `memctl sleep`), the undo of a
nightly run and a purge's renaming all ask here before they move, archive, delete or rename a
file. Held apart are: the files an agent harness runs or reads as its instructions
(`.claude/settings.json` with the guard's hook, CLAUDE.md importing the rules, `.mcp.json`,
AGENTS.md…: kinds.harness_file), git's settings (`.gitignore`, `.gitattributes`), memctl's own
state (`.memctl/`), NOW.md and INDEX.md, and the daily logs, which are append-only. An agent a
web page told to "clean up .claude/settings.json" cannot switch off the user's guard by
forgetting it.
"""

from __future__ import annotations

from ..errors import Refused
from ..kinds import harness_file, kind_of

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..workspace import Workspace

GIT_FILES = frozenset({".gitignore", ".gitattributes", ".gitmodules", ".mailmap"})
_KINDS = {
    "now": "NOW.md, the desk memctl keeps (`memctl now` changes it)",
    "index": "INDEX.md, the dashboard memctl regenerates",
    "daily": "a daily log, which is append-only",
    "graph": "the graph's relations file (`memctl forget ID` or `memctl graph close` ends one)",
    "report": "a nightly report",
}


def held(ws: Workspace, rel: str, *, entry: bool = False) -> str | None:
    """Why `rel` (a /-separated workspace path) is a file no forgetting moves, deletes or
    renames, or None. `entry`: an entry of it is what would be forgotten (a relation of the
    graph is, by its id)."""
    parts = rel.split("/")
    if parts[0] == ".memctl":
        return "memctl's own state (.memctl/)"
    if parts[0] == ".git":
        return "git's repository"
    if harness_file(rel):
        return "a file an agent harness runs or reads as its instructions (the user's guard)"
    if parts[-1].casefold() in GIT_FILES:
        return "git's own settings for the workspace"
    kind = kind_of(rel, ws.config.daily_dir)
    if entry and kind == "graph":
        return None
    return _KINDS.get(kind)


def not_forgettable(ws: Workspace, rel: str, *, entry: bool = False) -> str | None:
    """Why forgetting may not take `rel` (or, with `entry`, an entry of it), or None for a note
    of a category folder."""
    why = held(ws, rel, entry=entry)
    if why is not None:
        return why
    parts = rel.split("/")
    if len(parts) < 2 or parts[0].startswith("."):
        return "not a note of a category folder"
    if not rel.endswith(".md"):
        return "not a note (a note is a Markdown file)"
    return None


def refuse_forgetting(
    ws: Workspace, rel: str, what: str = "forget", *, entry: bool = False
) -> None:
    """Refused (exit 3), nothing changed, unless forgetting may take `rel`."""
    why = not_forgettable(ws, rel, entry=entry)
    if why is not None:
        raise Refused(
            f"{what} takes only memory, the notes of the category folders and their entries; "
            f"this is {why}, and nothing was changed",
            path=rel,
        )
