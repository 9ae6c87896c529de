"""`memctl hooks install|uninstall claude-code`: merged into Claude Code's settings, never
clobbering them; and the installed commands answer Claude Code's hook formats."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from conftest import MEMCTL_BIN, NOW, Cli
from memctl.initialize import init_workspace, template
from memctl.integrations.claude_code import MARK
from memctl.integrations.hookinput import HookInputError, parse_hook_input

PERSON = {
    "permissions": {"allow": ["Bash(npm test)"]},
    "model": "sonnet",
    "hooks": {
        "UserPromptSubmit": [{"hooks": [{"type": "command", "command": "echo hi"}]}],
        "PostToolUse": [
            {"matcher": "Edit|Write", "hooks": [{"type": "command", "command": "prettier -w"}]}
        ],
        "Notification": [{"matcher": "", "hooks": []}],  # empty, and none of memctl's business
    },
}


def settings(project: Path) -> Path:
    return project / ".claude" / "settings.json"


def write(project: Path, data) -> Path:
    path = settings(project)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(data if isinstance(data, str) else json.dumps(data, indent=4))
    return path


def ours(data: dict) -> dict[str, list[dict]]:
    return {
        event: [h for g in groups for h in g["hooks"] if h["command"].endswith(MARK)]
        for event, groups in data.get("hooks", {}).items()
        if any(h["command"].endswith(MARK) for g in groups for h in g["hooks"])
    }


def test_install_merges_and_keeps_everything_else(ws, cli, tmp_path):
    project = tmp_path / "app"
    path = write(project, PERSON)
    cli("hooks", "install", "claude-code", "--project", str(project))
    data = json.loads(path.read_text())
    assert data["permissions"] == PERSON["permissions"] and data["model"] == "sonnet"
    assert data["hooks"]["PostToolUse"] == PERSON["hooks"]["PostToolUse"]
    assert data["hooks"]["UserPromptSubmit"][0] == PERSON["hooks"]["UserPromptSubmit"][0]
    mine = ours(data)
    expected = {"SessionStart", "UserPromptSubmit", "PreCompact", "SessionEnd"}
    assert set(mine) == expected | {"PreToolUse"}
    prefix = f"{MEMCTL_BIN} -w {ws.root}"
    rules = project / ".claude" / "memctl-rules.md"  # what CLAUDE.md imports (test_desk.py)
    assert mine["SessionStart"][0]["command"] == f"{prefix} now --rules-file {rules}  {MARK}"
    assert mine["UserPromptSubmit"][0]["command"] == f"{prefix} recall --hook claude-code  {MARK}"
    for event in ("PreCompact", "SessionEnd"):
        assert mine[event][0]["command"] == f"{prefix} flush --hook claude-code  {MARK}"
    guard = f"{prefix} guard check --hook claude-code  {MARK}"
    assert mine["PreToolUse"][0]["command"] == guard
    assert data["hooks"]["PreToolUse"][-1]["matcher"] == "*"
    assert all(h["type"] == "command" and h["timeout"] > 0 for hs in mine.values() for h in hs)


def test_install_is_idempotent_and_uninstall_removes_only_its_own(ws, cli, tmp_path):
    project = tmp_path / "app"
    path = write(project, PERSON)
    cli("hooks", "install", "claude-code", "--project", str(project))
    first = path.read_bytes()
    stamp = path.stat().st_mtime_ns
    again = cli.json("hooks", "install", "claude-code", "--project", str(project))
    assert again["changed"] is False and path.read_bytes() == first
    assert path.stat().st_mtime_ns == stamp  # not even rewritten
    cli("hooks", "uninstall", "claude-code", "--project", str(project))
    assert json.loads(path.read_text()) == PERSON
    gone = cli.json("hooks", "uninstall", "claude-code", "--project", str(project))
    assert gone["changed"] is False


def test_the_memctl_skill_goes_beside_the_settings_and_an_edited_one_stays(ws, cli, tmp_path):
    project = tmp_path / "app"
    project.mkdir()
    skill = project / ".claude" / "skills" / "memctl" / "SKILL.md"
    shipped = template("SKILL.md")
    first = cli.json("hooks", "install", "claude-code", "--project", str(project))
    assert first["skill"] == {"path": str(skill), "state": "added"}
    assert skill.read_text() == shipped and "name: memctl" in shipped
    again = cli.json("hooks", "install", "claude-code", "--project", str(project))
    assert again["changed"] is False and again["skill"]["state"] == "unchanged"
    cli("hooks", "uninstall", "claude-code", "--project", str(project))
    assert not (project / ".claude" / "skills").exists()
    cli("hooks", "install", "claude-code", "--project", str(project))
    skill.write_text(shipped + "\nAlways log deploys.\n")  # the person's own rule
    out = cli("hooks", "install", "claude-code", "--project", str(project)).stdout
    assert "differs from this memctl's: kept as it is" in out
    gone = cli.json("hooks", "uninstall", "claude-code", "--project", str(project))
    assert gone["skill"]["state"] == "kept" and skill.read_text().endswith("Always log deploys.\n")


def test_a_new_workspace_replaces_memctls_entries_in_place(ws, cli, tmp_path):
    project = tmp_path / "app"
    write(project, PERSON)
    cli("hooks", "install", "claude-code", "--project", str(project))
    data = json.loads(settings(project).read_text())
    data["hooks"]["SessionStart"][0]["hooks"].append({"type": "command", "command": "date"})
    settings(project).write_text(json.dumps(data))
    other = tmp_path / "other"
    init_workspace(other, now=NOW)
    Cli(other)("hooks", "install", "claude-code", "--project", str(project))
    data = json.loads(settings(project).read_text())
    start = data["hooks"]["SessionStart"]
    assert len(start) == 1 and start[0]["hooks"][1] == {"type": "command", "command": "date"}
    assert f"-w {other}" in start[0]["hooks"][0]["command"]
    assert sum(len(v) for v in ours(data).values()) == len(ours(data))  # one each, no copies


def test_user_settings_and_no_file_yet(ws, cli, tmp_path):
    cli("hooks", "install", "claude-code", "--user")
    path = Path(os.environ["HOME"]) / ".claude" / "settings.json"
    assert "SessionStart" in ours(json.loads(path.read_text()))
    cli("hooks", "uninstall", "claude-code", "--user")
    assert json.loads(path.read_text()) == {}
    result = cli("hooks", "install", "claude-code", "--user", "--project", str(tmp_path), code=2)
    assert "not both" in result.stderr


@pytest.mark.parametrize(
    ("text", "line"),
    [('{\n  "hooks": {\n    "x": [,]\n  }\n}\n', 3), ('["a list"]', 1), ('{"hooks": []}', 1)],
)
def test_a_malformed_settings_file_is_refused_and_left_alone(cli, tmp_path, text, line):
    project = tmp_path / "app"
    path = write(project, text)
    result = cli("hooks", "install", "claude-code", "--project", str(project), code=1)
    assert result.stderr.startswith(f"memctl: error: {path}:{line}: ")
    assert path.read_text() == text
    cli("hooks", "uninstall", "claude-code", "--project", str(project), code=1)
    assert path.read_text() == text


def test_unknown_harness_is_a_usage_error(cli, tmp_path):
    result = cli("hooks", "install", "cursor", "--project", str(tmp_path), code=2)
    assert "unknown harness" in result.stderr


def run_hook(command: str, payload: dict, cwd: Path) -> subprocess.CompletedProcess:
    """What Claude Code does: run the command through a shell, hook input as JSON on stdin."""
    return subprocess.run(
        command,
        shell=True,
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=60,
    )


def test_the_installed_commands_answer_in_claude_codes_formats(ws, cli, tmp_path):
    project = tmp_path / "app"
    project.mkdir()
    cli("new", "lessons/paperwork", "-t", "Paperwork")
    cli(
        "add",
        "lessons/paperwork",
        "The estimated-tax form is filed at https://tax.example.gov/f7",
        "--when",
        "the link we used last time",
    )
    cli("hooks", "install", "claude-code", "--project", str(project))
    mine = ours(json.loads(settings(project).read_text()))
    common = {
        "session_id": "abc",
        "transcript_path": str(tmp_path / "none.jsonl"),
        "cwd": str(project),
    }

    start = run_hook(
        mine["SessionStart"][0]["command"],
        {**common, "hook_event_name": "SessionStart", "source": "startup"},
        project,
    )
    assert start.returncode == 0 and start.stdout.startswith("# NOW.md")  # plain text: context

    ask = {
        **common,
        "hook_event_name": "UserPromptSubmit",
        "prompt": "get me the link we used last time",
    }
    answer = run_hook(mine["UserPromptSubmit"][0]["command"], ask, project)
    assert answer.returncode == 0, answer.stderr
    out = json.loads(answer.stdout)["hookSpecificOutput"]
    assert out["hookEventName"] == "UserPromptSubmit"
    assert "https://tax.example.gov/f7" in out["additionalContext"]

    small_talk = run_hook(
        mine["UserPromptSubmit"][0]["command"], {**ask, "prompt": "thanks!"}, project
    )
    assert small_talk.returncode == 0 and small_talk.stdout == ""

    # nothing enforces here: the tool call goes on, nothing printed
    tool = {
        **common,
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": "ls"},
    }
    allowed = run_hook(mine["PreToolUse"][0]["command"], tool, project)
    assert allowed.returncode == 0 and allowed.stdout == "", allowed.stderr

    end = run_hook(
        mine["SessionEnd"][0]["command"],
        {**common, "hook_event_name": "SessionEnd", "reason": "logout"},
        project,
    )
    assert end.returncode == 0 and end.stdout == "", end.stderr
    log = (ws.root / "daily" / "2026-11-30.md").read_text()
    assert "Claude Code session ended (logout)" in log and "Session: abc" in log


def test_hook_input_is_checked():
    given = parse_hook_input(
        '{"hook_event_name": "PreCompact", "session_id": "s", "trigger": "auto",'
        ' "transcript_path": "/t.jsonl", "cwd": "/w"}',
        events=("PreCompact",),
    )
    assert (given.session_id, given.detail, given.transcript_path) == ("s", "auto", "/t.jsonl")
    with pytest.raises(HookInputError, match="not JSON"):
        parse_hook_input("{", events=("PreCompact",))
    with pytest.raises(HookInputError, match="'Stop'"):
        parse_hook_input('{"hook_event_name": "Stop"}', events=("PreCompact", "SessionEnd"))
