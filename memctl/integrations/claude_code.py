"""Claude Code wiring: memctl's hooks in a settings file, and the hooks' input on stdin.

Claude Code reads hooks from `.claude/settings.json` in a project or `~/.claude/settings.json`:

    {"hooks": {"UserPromptSubmit": [{"hooks": [{"type": "command", "command": "…"}]}]}}

Each event holds a list of matcher groups, each group a list of commands. memctl adds one group
per event it uses and marks each of its commands with a trailing shell comment (MARK), so
`uninstall` removes exactly those and nothing a person or another tool put there. Every other
key, event, group and command is kept in its order; installing twice changes nothing; the file
is written atomically; a file that is not valid JSON is refused with its line, never rewritten.

What a hook command then receives on stdin, and how it is read, is hookinput.py's.
"""

from __future__ import annotations

import contextlib
import json
import shlex
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import ParseError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .hookinput import JsonValue

MARK = "# memctl-hook"
SETTINGS = Path(".claude") / "settings.json"
SKILL_DIR = Path("skills") / "memctl"  # in .claude/, beside the settings
HARNESSES = ("claude-code",)


@dataclass(frozen=True)
class HookSpec:
    event: str
    args: tuple[str, ...]  # memctl's arguments after `-w WORKSPACE`
    timeout: int  # seconds
    matcher: str | None = None  # None: every occurrence of the event

    def command(self, memctl: Path, workspace: Path) -> str:
        words = [str(memctl), "-w", str(workspace), *self.args]
        return " ".join(shlex.quote(w) for w in words) + f"  {MARK}"


def claude_code_hooks(*, rules_file: Path | None = None) -> list[HookSpec]:
    """What memctl wires into Claude Code. `rules_file`: the rules file CLAUDE.md imports
    (claudemd.py), which `now` keeps current."""
    start = ("now", "--rules-file", str(rules_file)) if rules_file else ("now",)
    specs = [
        HookSpec("SessionStart", start, 10),
        HookSpec("UserPromptSubmit", ("recall", "--hook", "claude-code"), 10),
        HookSpec("PreCompact", ("flush", "--hook", "claude-code"), 30),
        HookSpec("SessionEnd", ("flush", "--hook", "claude-code"), 30),
        HookSpec("PreToolUse", ("guard", "check", "--hook", "claude-code"), 10, "*"),
    ]
    return specs


def settings_path(*, project: Path | None, user: bool, home: Path) -> Path:
    if user:
        return home / SETTINGS
    return (project or Path(".")).expanduser().resolve() / SETTINGS


@dataclass(frozen=True)
class HooksChange:
    settings: str
    action: str  # install | uninstall
    changed: bool
    events: list[str]  # the events memctl's commands were added to or removed from
    commands: list[str] = field(default_factory=list)
    skill: str = ""  # where the Agent Skill goes (.claude/skills/memctl/SKILL.md)
    skill_state: str = ""  # added, unchanged, kept (a copy that differs), removed, absent
    rules: dict = field(default_factory=dict)  # the rules in CLAUDE.md (claudemd.install)

    def to_dict(self) -> dict:
        return {
            "settings": self.settings,
            "action": self.action,
            "changed": self.changed,
            "events": self.events,
            "commands": self.commands,
            "skill": {"path": self.skill, "state": self.skill_state},
            "rules": self.rules,
        }


def install(path: Path, specs: list[HookSpec], *, memctl: Path, workspace: Path) -> HooksChange:
    """Add (or update) memctl's hooks in the settings file at `path`, keeping everything else."""
    settings = read_settings(path)
    before = json.dumps(settings)
    hooks = settings.setdefault("hooks", {})
    wanted = {spec.event: spec for spec in specs}
    for event in [e for e in hooks if e not in wanted]:
        _remove_ours(hooks, event)
    commands: list[str] = []
    for spec in specs:
        line = spec.command(memctl, workspace)
        command = {"type": "command", "command": line, "timeout": spec.timeout}
        commands.append(line)
        groups = hooks.setdefault(spec.event, [])
        placed, emptied = False, []
        for group in groups:
            kept, here = [], False
            for hook in group.get("hooks", []):
                if _ours(hook):
                    if placed:
                        continue  # a second copy of memctl's command: it goes
                    hook, placed, here = command, True, True
                kept.append(hook)
            if not kept and group.get("hooks"):
                emptied.append(group)
            group["hooks"] = kept
            if here and all(_ours(hook) for hook in kept):  # memctl's own group
                _set_matcher(group, spec.matcher)
        if not placed:
            group = {"hooks": [command]}
            _set_matcher(group, spec.matcher)
            groups.append(group)
        hooks[spec.event] = [g for g in groups if not any(g is e for e in emptied)]
    changed = json.dumps(settings) != before
    if changed:
        _write(path, settings)
    skill = place_skill(path)
    events = [s.event for s in specs]
    return HooksChange(
        str(path),
        "install",
        changed or skill == "added",
        events,
        commands,
        str(skill_path(path)),
        skill,
    )


def uninstall(path: Path) -> HooksChange:
    """Remove memctl's hooks (and only them) from the settings file at `path`."""
    skill = remove_skill(path)
    shown = str(skill_path(path))
    if not path.exists():
        return HooksChange(
            str(path), "uninstall", skill == "removed", [], skill=shown, skill_state=skill
        )
    settings = read_settings(path)
    hooks = settings.get("hooks")
    events = [event for event in list(hooks) if _remove_ours(hooks, event)] if hooks else []
    if hooks == {} and events:
        del settings["hooks"]
    if events:
        _write(path, settings)
    return HooksChange(
        str(path),
        "uninstall",
        bool(events) or skill == "removed",
        events,
        skill=shown,
        skill_state=skill,
    )


def skill_path(settings: Path) -> Path:
    """Where Claude Code finds memctl's Agent Skill: .claude/skills/memctl/SKILL.md, beside the
    settings file (a project's, or the user's)."""
    return settings.parent / SKILL_DIR / "SKILL.md"


def place_skill(settings: Path) -> str:
    """Put memctl's Agent Skill (templates/SKILL.md: which command to call when) where Claude
    Code finds it. A copy that differs from this memctl's, a person's edits or an older
    memctl's, is kept as it is. Says what happened: added, unchanged or kept."""
    from ..atomic import atomic_write
    from ..initialize import template

    path, text = skill_path(settings), template("SKILL.md")
    try:
        current = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, text)
        return "added"
    except (OSError, UnicodeDecodeError):
        return "kept"
    return "unchanged" if current == text else "kept"


def remove_skill(settings: Path) -> str:
    """Take memctl's Agent Skill out again, only if it is still exactly this memctl's: removed,
    kept (it was edited) or absent."""
    from ..initialize import template

    path = skill_path(settings)
    try:
        if path.read_text(encoding="utf-8") != template("SKILL.md"):
            return "kept"
    except FileNotFoundError:
        return "absent"
    except (OSError, UnicodeDecodeError):
        return "kept"
    path.unlink()
    for folder in (path.parent, path.parent.parent):  # skills/memctl/, then skills/ if empty
        with contextlib.suppress(OSError):
            folder.rmdir()
    return "removed"


def installed(path: Path) -> dict[str, list[str]]:
    """memctl's commands in a settings file, by event."""
    if not path.exists():
        return {}
    hooks = read_settings(path).get("hooks") or {}
    return {
        event: [h["command"] for g in groups for h in g.get("hooks", []) if _ours(h)]
        for event, groups in hooks.items()
        if any(_ours(h) for g in groups for h in g.get("hooks", []))
    }


def read_settings(path: Path) -> dict:
    """The settings as a dict ({} for a missing or empty file); a file memctl cannot read as a
    settings object is refused with its line and left as it is."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except UnicodeDecodeError:
        raise ParseError("not UTF-8 text; memctl leaves it as it is", path=path) from None
    if not text.strip():
        return {}
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ParseError(
            f"not valid JSON ({exc.msg}, column {exc.colno}); memctl leaves it as it is",
            path=path,
            line=exc.lineno,
        ) from None
    if not isinstance(data, dict):
        raise ParseError(
            "the settings are not a JSON object; memctl leaves them as they are", path=path, line=1
        )
    hooks = data.get("hooks", {})
    if not isinstance(hooks, dict):
        raise ParseError(
            '"hooks" is not an object; memctl leaves the file as it is',
            path=path,
            line=_line_of(text, '"hooks"'),
        )
    for event, groups in hooks.items():
        if not isinstance(groups, list) or not all(
            isinstance(g, dict) and isinstance(g.get("hooks", []), list) for g in groups
        ):
            raise ParseError(
                f'"hooks.{event}" is not a list of matcher groups; memctl leaves the file as it is',
                path=path,
                line=_line_of(text, f'"{event}"'),
            )
    return data


def _ours(hook: JsonValue) -> bool:
    return isinstance(hook, dict) and str(hook.get("command", "")).rstrip().endswith(MARK)


def _set_matcher(group: dict, matcher: str | None) -> None:
    if matcher is not None:
        group["matcher"] = matcher


def _remove_ours(hooks: dict, event: str) -> bool:
    """Take memctl's commands out of one event; True if there were any. A group memctl leaves
    empty goes, and so does the event when memctl's were its only groups; a group or event that
    was empty before is none of memctl's business and stays."""
    groups, removed = [], False
    for group in hooks.get(event, []):
        kept = [hook for hook in group.get("hooks", []) if not _ours(hook)]
        if len(kept) != len(group.get("hooks", [])):
            removed = True
            group["hooks"] = kept
            if not kept:
                continue
        groups.append(group)
    if removed:
        if groups:
            hooks[event] = groups
        else:
            del hooks[event]
    return removed


def _write(path: Path, settings: dict) -> None:
    from ..atomic import atomic_write

    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, json.dumps(settings, indent=2, ensure_ascii=False) + "\n")


def _line_of(text: str, needle: str) -> int | None:
    at = text.find(needle)
    return text.count("\n", 0, at) + 1 if at >= 0 else None
