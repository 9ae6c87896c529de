"""Every error memctl prints or serialises, and every line it writes in `.memctl/hooks.log`,
has each secret in it redacted: an error quotes what it was given, and what it was given may
hold a key. Redacted where the error is made (memctl.errors) and where the log is written."""

from __future__ import annotations

import json

import pytest

from conftest import Cli

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


def test_a_purged_text_in_a_hook_failure_is_not_logged_again(ws, cli):
    """The hooks' log is a local log like the others: what the input held of a purged text is
    replaced there too, in any spelling the write layer reads (a hook's input is the agent's)."""
    cli("log", "t", "-m", "met Orla Finnegan-Reyes")
    cli("forget", "--purge", "--match", "Orla Finnegan-Reyes", "--yes")
    payload = json.dumps({"hook_event_name": "orla finnegan reyes", "prompt": "hi"})
    cli("recall", "--hook", "claude-code", input=payload, code=1)
    log = (ws.root / ".memctl/hooks.log").read_text()
    assert "finnegan" not in log.lower() and "[purged]" in log, log
    assert "recall" in log  # the line itself is kept


def _path_doors(ws) -> dict[str, tuple[list[str], str]]:
    """Doors whose error names a path the person gave, and that path ('passwd', a key's name)."""
    (ws.root / "people" / "deep").mkdir(parents=True)
    (ws.root / "people" / "deep" / "etc").symlink_to("/etc")
    gone = str(ws.root.parent / "gone" / "passwd")
    a_file = ws.root.parent / "passwd"
    a_file.write_text("x\n")
    linked = "people/deep/etc/passwd"
    return {
        "show": (["show", linked], linked),
        "add": (["add", linked, "the lunch is on Fridays"], linked),
        "new": (["new", linked, "--title", "Lunch"], f"{linked}.md"),
        "chats index": (["chats", "index", gone], gone),
        "import openclaw": (["import", "openclaw", gone], gone),
        "graph import": (["graph", "import", gone], gone),
        "init": (["init", str(a_file)], str(a_file)),
    }


def test_an_error_naming_a_path_reads_as_written(ws, cli):
    """A path part named like a key ('etc/passwd') is not a key: the words after it are shown
    (the path and the words are redacted apart), and a secret in the path still is not."""
    for door, (argv, path) in _path_doors(ws).items():
        for json_mode in (False, True):
            run = Cli(None) if door == "init" else cli  # init names its folder, no -w
            result = run(*argv, *(["--json"] if json_mode else []), code=None)
            assert result.exit_code != 0, door
            assert "[redacted" not in result.stderr + result.stdout, (door, result.stderr)
            assert f"{path}: " in result.stderr, (door, result.stderr)
            if json_mode:
                assert json.loads(result.stdout)["path"] == path, door
    secret = f"people/deep/etc/password: {TOKEN}"
    for json_mode in (False, True):
        result = cli("show", secret, *(["--json"] if json_mode else []), code=1)
        assert TOKEN not in result.stderr + result.stdout
        assert "[redacted:" in result.stderr
