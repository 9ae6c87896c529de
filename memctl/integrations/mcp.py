"""memctl's MCP server in Claude Code's MCP configuration, beside its hooks.

Claude Code reads a project's MCP servers from `.mcp.json` at the project's root and the user's
from the top-level `mcpServers` of `~/.claude.json`:

    {"mcpServers": {"memctl": {"type": "stdio", "command": "/…/memctl",
                               "args": ["-w", "/…/memory", "serve"], "env": {}}}}

memctl's entry is the one named `memctl` whose arguments end in `serve`; installing adds or
updates it and keeps every other key and server as it is (installing twice changes nothing),
uninstalling removes it only. A file that is not a JSON object is refused with its line and
never rewritten. While the server runs, it also answers the hooks' per-turn commands
(memctl.cli.warm).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from ..errors import ParseError
from .claude_code import read_settings

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .hookinput import JsonValue

NAME = "memctl"
PROJECT_FILE = ".mcp.json"
USER_FILE = ".claude.json"


@dataclass(frozen=True)
class McpChange:
    path: str
    state: str  # added, updated, unchanged, removed, absent, kept (a person's own `memctl`)

    def to_dict(self) -> dict:
        return {"path": self.path, "state": self.state}


def config_path(*, project: Path | None, user: bool, home: Path) -> Path:
    if user:
        return home / USER_FILE
    return (project or Path(".")).expanduser().resolve() / PROJECT_FILE


def entry(memctl: Path, workspace: Path) -> dict:
    return {
        "type": "stdio",
        "command": str(memctl),
        "args": ["-w", str(workspace), "serve"],
        "env": {},
    }


def install(path: Path, *, memctl: Path, workspace: Path) -> McpChange:
    """Add (or update) memctl's MCP server in the file at `path`, keeping everything else."""
    data = read_settings(path)
    servers = data.setdefault("mcpServers", {})
    if not isinstance(servers, dict):
        raise ParseError(
            '"mcpServers" is not an object; memctl leaves the file as it is', path=path
        )
    wanted = entry(memctl, workspace)
    current = servers.get(NAME)
    if current == wanted:
        return McpChange(str(path), "unchanged")
    if current is not None and not _ours(current):
        return McpChange(str(path), "kept")
    servers[NAME] = wanted
    _write(path, data)
    return McpChange(str(path), "added" if current is None else "updated")


def uninstall(path: Path) -> McpChange:
    """Take memctl's MCP server (and only it) out of the file at `path`."""
    if not path.exists():
        return McpChange(str(path), "absent")
    data = read_settings(path)
    servers = data.get("mcpServers")
    if not isinstance(servers, dict) or NAME not in servers:
        return McpChange(str(path), "absent")
    if not _ours(servers[NAME]):
        return McpChange(str(path), "kept")
    del servers[NAME]
    if not servers and path.name == PROJECT_FILE and set(data) == {"mcpServers"}:
        path.unlink()  # memctl made the file for its server alone
        return McpChange(str(path), "removed")
    _write(path, data)
    return McpChange(str(path), "removed")


def _ours(server: JsonValue) -> bool:
    args = server.get("args") if isinstance(server, dict) else None
    return isinstance(args, list) and bool(args) and args[-1] == "serve"


def _write(path: Path, data: dict) -> None:
    from ..atomic import atomic_write

    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n")
