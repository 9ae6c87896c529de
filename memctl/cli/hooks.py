"""`memctl hooks install|uninstall HARNESS`: wire memctl into an agent harness."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import typer

from . import context, output

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from ..integrations.claude_code import HooksChange
    from ..integrations.mcp import McpChange

app = typer.Typer(help="Wire memctl into an agent harness (Claude Code) or take it out again.")


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="hooks")


def _harness(value: str) -> str:
    from ..integrations.claude_code import HARNESSES

    if value not in HARNESSES:
        raise typer.BadParameter(f"unknown harness {value!r} (known: {', '.join(HARNESSES)})")
    return value


def _settings(project: Path | None, user: bool) -> Path:
    from ..integrations.claude_code import settings_path

    if project is not None and user:
        raise typer.BadParameter("give --project DIR or --user, not both")
    if project is not None and not project.expanduser().is_dir():
        raise typer.BadParameter(f"{project}: no such folder", param_hint="--project")
    return settings_path(project=project, user=user, home=Path.home())


HARNESS = typer.Argument(..., help="The harness: claude-code.", callback=_harness)
PROJECT = typer.Option(None, "--project", help="The project folder (.claude/settings.json there).")
USER = typer.Option(False, "--user", help="Your user settings (~/.claude/settings.json).")


@app.command("install")
def install(harness: str = HARNESS, project: Path = PROJECT, user: bool = USER) -> None:
    """Add memctl's hooks to Claude Code's settings, keeping everything else there.

    SessionStart runs `memctl now`, UserPromptSubmit `memctl recall --hook claude-code`,
    PreCompact and SessionEnd `memctl flush --hook claude-code`, and PreToolUse `memctl guard
    check --hook claude-code`; each with this memctl's absolute path and
    `-w WORKSPACE`. The memctl skill goes beside them, in .claude/skills/memctl/SKILL.md (a
    copy that differs is kept). memctl's MCP server (`memctl serve`, which also answers the
    per-turn hooks warm) goes into the project's .mcp.json (with --user: ~/.claude.json), and
    the rules in force go to .claude/memctl-rules.md, which CLAUDE.md imports (one marked
    block; `now` keeps the file current). The project is the current folder unless --project
    or --user is given. Running it again changes nothing (or updates memctl's own entries).

    Example: memctl -w ~/memory hooks install claude-code --project ~/code/app
    """
    from ..claudemd import rules_path, wire
    from ..integrations.claude_code import claude_code_hooks
    from ..integrations.claude_code import install as run_install
    from ..integrations.cron import installed_memctl

    ws = context.workspace()
    settings = _settings(project, user)
    specs = claude_code_hooks(rules_file=rules_path(settings))
    memctl = installed_memctl(sys.argv[0])
    change = run_install(settings, specs, memctl=memctl, workspace=ws.root.resolve())
    rules = wire(ws, settings, user=user, today=context.now().date())
    change = replace(change, rules=rules, changed=change.changed or rules["changed"])
    output.result(
        _with_mcp(change, _mcp_install(project, user, memctl, ws.root.resolve())), _render
    )


@app.command("uninstall")
def uninstall(harness: str = HARNESS, project: Path = PROJECT, user: bool = USER) -> None:
    """Remove memctl's hooks (only them) from Claude Code's settings, the memctl skill unless
    it was edited, and the rules import from CLAUDE.md (only memctl's block).

    Example: memctl hooks uninstall claude-code --project ~/code/app
    """
    from ..claudemd import uninstall as unwire
    from ..integrations.claude_code import uninstall as run_uninstall
    from ..integrations.mcp import config_path
    from ..integrations.mcp import uninstall as mcp_uninstall

    settings = _settings(project, user)
    change = run_uninstall(settings)
    rules = unwire(settings, user=user)
    change = replace(change, rules=rules, changed=change.changed or rules["changed"])
    mcp = mcp_uninstall(config_path(project=project, user=user, home=Path.home()))
    output.result(_with_mcp(change, mcp), _render)


def _mcp_install(project: Path | None, user: bool, memctl: Path, workspace: Path) -> McpChange:
    from ..integrations.mcp import config_path
    from ..integrations.mcp import install as mcp_install

    return mcp_install(
        config_path(project=project, user=user, home=Path.home()),
        memctl=memctl,
        workspace=workspace,
    )


class _WithMcp:
    """The hooks' change and the MCP server's, rendered and reported as one."""

    def __init__(self, change: HooksChange, mcp: McpChange) -> None:
        self.change, self.mcp = change, mcp

    def __getattr__(self, name: str) -> Any:  # whatever the hooks' change has
        return getattr(self.change, name)

    def to_dict(self) -> dict:
        moved = self.mcp.state in ("added", "updated", "replaced", "removed")
        return {
            **self.change.to_dict(),
            "changed": self.change.changed or moved,
            "mcp": self.mcp.to_dict(),
        }


def _with_mcp(change: HooksChange, mcp: McpChange) -> _WithMcp:
    return _WithMcp(change, mcp)


MCP_STATES = {
    "added": "memctl's MCP server (memctl serve) added to {}",
    "updated": "memctl's MCP server updated in {}",
    "unchanged": "memctl's MCP server already in {}",
    "replaced": "{} named another server `memctl` ({}): replaced with memctl's own",
    "kept": "{} names another server `memctl` ({}), not memctl's: kept; remove it by hand "
    "if you did not put it there",
    "removed": "memctl's MCP server removed from {}",
    "absent": "",
}

SKILL_STATES = {
    "added": "the memctl skill added: {}",
    "unchanged": "the memctl skill already in place: {}",
    "kept": "the memctl skill at {} differs from this memctl's: kept as it is",
    "removed": "the memctl skill removed: {}",
    "absent": "",
}


def _render(change: _WithMcp) -> None:
    if change.action == "install":
        state = "installed in" if change.changed else "already installed, unchanged:"
        output.text(f"memctl hooks {state} {change.settings}")
        for event, command in zip(change.events, change.commands, strict=True):
            output.text(f"  {event}: {command}")
    elif change.events:
        output.text(f"removed memctl's hooks ({', '.join(change.events)}) from {change.settings}")
    else:
        output.text(f"no memctl hooks in {change.settings}; nothing to remove")
    if SKILL_STATES.get(change.skill_state):
        output.text(SKILL_STATES[change.skill_state].format(change.skill))
    rules = change.rules
    if rules and change.action == "install":
        output.text(
            f"the rules in force ({rules['rules']}) are in {rules['rules_file']}, "
            f"imported by {rules['claude_md']}"
        )
    elif rules and rules["changed"]:
        output.text(f"removed the rules import from {rules['claude_md']} and {rules['rules_file']}")
    if MCP_STATES.get(change.mcp.state):
        output.text(MCP_STATES[change.mcp.state].format(change.mcp.path, change.mcp.other))
    if change.action == "install" and change.mcp.state in ("added", "updated", "replaced"):
        import importlib.util

        if importlib.util.find_spec("mcp") is None:
            output.notice("memctl: the MCP server needs the MCP SDK: pip install 'memctl[mcp]'")
