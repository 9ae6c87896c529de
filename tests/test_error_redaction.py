"""Every error memctl prints or serialises, and every line it writes in `.memctl/hooks.log`,
has each secret in it redacted: an error quotes what it was given, and what it was given may
hold a key. Redacted where the error is made (memctl.errors) and where the log is written."""

from __future__ import annotations

import json

import pytest

TOKEN = "ghp_" + "1a2B3c4D5e6F7g8H9i0JkLmNoPqRsTuVwXyZ"
KEY = "sk-ant-api03-" + "Ab3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5bC7dE9fG1hJ3k"
# Doors that quote a value they were given in their error: argv, with the exit code.
DOORS = {
    "show": (["show", TOKEN], 1),
    "verify": (["verify", TOKEN], 1),
    "ls --priority": (["ls", "--priority", TOKEN], 1),
    "ls --status": (["ls", "--status", TOKEN], 1),
    "expiring --days": (["expiring", "--days", TOKEN], 2),
    "an unknown command": ([TOKEN], 2),
    "graph asof": (["graph", "asof", TOKEN], None),
}


@pytest.mark.parametrize("door", DOORS.values(), ids=DOORS.keys())
def test_an_error_quoting_a_secret_shows_it_redacted(cli, door):
    argv, code = door
    for json_mode in (False, True):
        result = cli(*argv, *(["--json"] if json_mode and argv[0] != TOKEN else []), code=code)
        assert result.exit_code != 0
        assert TOKEN not in result.stderr and TOKEN not in result.stdout
        assert "[redacted:github-token]" in result.stderr


def test_graph_import_shows_a_key_in_a_rejected_field_redacted(ws, cli):
    path = ws.root.parent / "relations.json"
    row = {"subject": "a", "predicate": "b", "object": "c", "source": KEY}
    path.write_text(json.dumps([row]))
    result = cli("graph", "import", str(path), code=1)
    assert KEY not in result.stderr and "[redacted:anthropic-key]" in result.stderr
    result = cli("graph", "import", str(path), "--json", code=1)
    error = json.loads(result.stdout)["error"]
    assert KEY not in error and "[redacted:anthropic-key]" in error
    assert KEY not in result.stderr


def test_a_hook_failure_is_logged_redacted(ws, cli):
    payload = json.dumps({"hook_event_name": TOKEN, "prompt": "hi"})
    result = cli("recall", "--hook", "claude-code", input=payload, code=1)
    assert TOKEN not in result.stderr and "[redacted:github-token]" in result.stderr
    log = (ws.root / ".memctl/hooks.log").read_text()
    assert TOKEN not in log and "[redacted:github-token]" in log


def test_the_hooks_log_is_redacted_where_it_is_written(ws):
    from memctl.integrations.hookinput import log_failure

    log_failure(ws.root, "recall", f"could not read {KEY} at all", at="2026-01-01T00:00:00")
    log = (ws.root / ".memctl/hooks.log").read_text()
    assert KEY not in log and "[redacted:anthropic-key]" in log
