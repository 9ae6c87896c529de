"""`memctl hooks install|uninstall HARNESS`: wire memctl into an agent harness."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import typer

from . import context, output

app = typer.Typer(help="Wire memctl into an agent harness (Claude Code) or take it out again.")


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="hooks")


def _harness(value: str) -> str:
    from ..hooks import HARNESSES

    if value not in HARNESSES:
        raise typer.BadParameter(f"unknown harness {value!r} (known: {', '.join(HARNESSES)})")
    return value


def _settings(project: Path | None, user: bool) -> Path:
    from ..hooks import settings_path

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
    --hook claude-code` when the guard is there; each with this memctl's absolute path and
    `-w WORKSPACE`. The memctl skill goes beside them, in .claude/skills/memctl/SKILL.md (a
    copy that differs is kept), and the rules in force go to .claude/memctl-rules.md, which
    CLAUDE.md imports (one marked block; `now` keeps the file current). The project is the
    current folder unless --project or --user is given. Running it again changes nothing (or
    updates memctl's own entries).

    Example: memctl -w ~/memory hooks install claude-code --project ~/code/app
    """
    from ..claudemd import rules_path, wire
    from ..cron import installed_memctl
    from ..hooks import claude_code_hooks
    from ..hooks import install as run_install
    from .main import COMMANDS

    ws = context.workspace()
    settings = _settings(project, user)
    specs = claude_code_hooks(guard="guard" in COMMANDS, rules_file=rules_path(settings))
    change = run_install(settings, specs, memctl=installed_memctl(sys.argv[0]),
                         workspace=ws.root.resolve())  # fmt: skip
    rules = wire(ws, settings, user=user, today=context.now().date())
    output.result(replace(change, rules=rules, changed=change.changed or rules["changed"]),
                  _render)  # fmt: skip


@app.command("uninstall")
def uninstall(harness: str = HARNESS, project: Path = PROJECT, user: bool = USER) -> None:
    """Remove memctl's hooks (only them) from Claude Code's settings, the memctl skill unless
    it was edited, and the rules import from CLAUDE.md (only memctl's block).

    Example: memctl hooks uninstall claude-code --project ~/code/app
    """
    from ..claudemd import uninstall as unwire
    from ..hooks import uninstall as run_uninstall

    settings = _settings(project, user)
    change = run_uninstall(settings)
    rules = unwire(settings, user=user)
    output.result(replace(change, rules=rules, changed=change.changed or rules["changed"]),
                  _render)  # fmt: skip


SKILL_STATES = {
    "added": "the memctl skill added: {}",
    "unchanged": "the memctl skill already in place: {}",
    "kept": "the memctl skill at {} differs from this memctl's: kept as it is",
    "removed": "the memctl skill removed: {}",
    "absent": "",
}


def _render(change) -> None:
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
        output.text(f"the rules in force ({rules['rules']}) are in {rules['rules_file']}, "
                    f"imported by {rules['claude_md']}")  # fmt: skip
    elif rules and rules["changed"]:
        output.text(f"removed the rules import from {rules['claude_md']} and "
                    f"{rules['rules_file']}")  # fmt: skip
