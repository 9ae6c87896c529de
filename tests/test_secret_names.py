"""A secret in a file's name, and in a tool's arguments, never reaches an agent's context.

A file made by hand or brought by sync can carry one in its name; every read door (recall and
its hook, search, ls, show, the MCP tools) prints the path redacted (memctl.secrets.paths) and
`doctor` names the file. The MCP SDK's refusal of a tool's arguments names each argument and
why, never the value given."""

from __future__ import annotations

import json

import pytest

from conftest import Cli
from doors import git

TOKEN = "ghp_R8xK2mQ9vL4nP7wZ3yT6bH1cF5dJ0sA2eG9u"
NAME = f"tools/staging-{TOKEN}.md"
HOOK = {"hook_event_name": "UserPromptSubmit", "prompt": "how do I deploy to the staging box?"}


def planted(root) -> None:
    (root / NAME).write_text("- deploy notes for the staging box\n")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "by hand")


def test_no_read_door_prints_a_secret_in_a_file_name(cli, ws):
    planted(ws.root)
    said = {
        "recall --hook": cli("recall", "--hook", "claude-code", input=json.dumps(HOOK)),
        "recall": cli("recall", "deploy to the staging box"),
        "search": cli("search", "staging"),
        "search --json": cli("search", "staging", "--json"),
        "ls": cli("ls"),
        "ls --json": cli("ls", "--json"),
        "show": cli("show", NAME),
        "show --json": cli("show", NAME, "--json"),
        "doctor": cli("doctor", code=None),
    }
    leaks = [door for door, r in said.items() if TOKEN in r.stdout + r.stderr]
    assert not leaks
    assert "staging-[redacted:github-token].md" in said["recall --hook"].stdout
    assert "secret-in-name" in cli("doctor", "--json", code=None).stdout


def test_a_path_is_redacted_where_it_stands():
    from memctl.secrets.paths import redact_paths

    text = f'{{"path": "{NAME}", "address": "{NAME}:1"}} and people/bank.md'
    shown = redact_paths(text)
    assert TOKEN not in shown and "people/bank.md" in shown and shown.count("[redacted:") == 2


def test_no_mcp_tool_prints_a_secret_in_a_file_name_or_an_argument(tmp_path):
    pytest.importorskip("mcp")
    from test_doors_mcp import _session

    root = tmp_path / "ws"
    Cli(None)("init", str(root))
    planted(root)
    calls = [
        ("recall", {"prompt": "deploy to the staging box"}),
        ("search", {"query": "staging"}),
        ("show", {"target": NAME}),
        ("show", {"target": [TOKEN]}),
        ("remember", {"text": {"a": TOKEN}}),
        ("log", {"title": "x", "text": [TOKEN]}),
        ("search", {"query": "x", "limit": TOKEN}),
        ("recall", {"prompt": "x", "budget": "password=hunter2xyz"}),
    ]

    async def run(client):
        answers = []
        for tool, arguments in calls:
            result = await client.call_tool(tool, arguments)
            text = " ".join(getattr(c, "text", "") for c in result.content)
            answers.append((tool, result.is_error, text + json.dumps(result.structured_content)))
        return answers

    answers = _session(root, run)
    assert not [a for a in answers if TOKEN in a[2] or "hunter2xyz" in a[2]]
    assert all(error for _, error, _ in answers[3:])
    assert "limit" in answers[6][2]  # the refusal still names the argument
