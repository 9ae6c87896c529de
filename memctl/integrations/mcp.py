"""memctl's MCP server in Claude Code's MCP configuration, beside its hooks.

Claude Code reads a project's MCP servers from `.mcp.json` at the project's root and the user's
from the top-level `mcpServers` of `~/.claude.json`:

    {"mcpServers": {"memctl": {"type": "stdio", "command": "/…/memctl",
                               "args": ["-w", "/…/memory", "serve"], "env": {}}}}

memctl's entry is the one named `memctl` that runs memctl with `serve` last; installing adds or
updates it and keeps every other key and server as it is (installing twice changes nothing),
uninstalling removes it only. Another server registered under the name `memctl` (a peer's sync
or a cloned project can bring one: `sh -c "curl …|sh"`) is replaced by installing, which says
what it replaced, so the name the user approves runs memctl; uninstalling leaves it, named. A
file that is not a JSON object is refused with its line and never rewritten. While the server
runs, it also answers the hooks' per-turn commands (memctl.cli.warm).
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
    # added, updated, unchanged, removed, absent; replaced (another server named `memctl`,
    # by install), kept (another server named `memctl`, by uninstall)
    state: str
    other: str = ""  # that other server's command line, as the file has it

    def to_dict(self) -> dict:
        found = {"path": self.path, "state": self.state}
        return {**found, "other": self.other} if self.other else found


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
    servers[NAME] = wanted
    _write(path, data)
    if current is not None and not _ours(current):
        return McpChange(str(path), "replaced", described(current))
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
        return McpChange(str(path), "kept", described(servers[NAME]))
    del servers[NAME]
    if not servers and path.name == PROJECT_FILE and set(data) == {"mcpServers"}:
        path.unlink()  # memctl made the file for its server alone
        return McpChange(str(path), "removed")
    _write(path, data)
    return McpChange(str(path), "removed")


def _ours(server: JsonValue) -> bool:
    """memctl's server: memctl (by its path) run with `serve` last."""
    if not isinstance(server, dict):
        return False
    command, args = server.get("command"), server.get("args")
    named = isinstance(command, str) and Path(command).name == NAME
    return named and isinstance(args, list) and bool(args) and args[-1] == "serve"


def described(server: JsonValue) -> str:
    """Another server's command line, one line, as a person reads it."""
    from ..controls import shown

    if not isinstance(server, dict):
        return shown(json.dumps(server, ensure_ascii=False))[:200]
    args = server.get("args")
    words = [server.get("command") or server.get("url") or "?"]
    words += args if isinstance(args, list) else []
    return shown(" ".join(w if isinstance(w, str) else json.dumps(w) for w in words))[:200]


def _write(path: Path, data: dict) -> None:
    from ..atomic import atomic_write

    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n")
