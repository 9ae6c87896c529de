"""A byte that is not UTF-8 in a file memctl reads (a binary paste into today's log, a peer's
commit): every door of the command table (tests/doors.py) that reads daily logs, notes or
rules answers as it would without the byte, or stops with one line naming the file and the
line of the byte (exit 1); none ends in a traceback, and none rewrites or loses the file.
"""

from __future__ import annotations

import json

import pytest
from test_doors import leaf_commands
from test_read_doors import READS

from conftest import TODAY, Cli, run_memctl
from doors import DOORS, PURGED, bench, fill, git, write_transcript

BAD = b"pasted \xff\xfe bytes from a terminal\n"
YESTERDAY = TODAY.fromordinal(TODAY.toordinal() - 1)
# The files a byte goes into: today's log (log and flush append to it), a past day's log (the
# nightly run reads it), a note and a file of rules (read by most commands).
FILES = (f"daily/{TODAY}.md", f"daily/{YESTERDAY}.md", "lessons/a.md", "rules/house.md")
HOOK = json.dumps(
    {
        "session_id": "abc",
        "transcript_path": "/nonexistent.jsonl",
        "hook_event_name": "SessionEnd",
        "cwd": "/tmp",
    }
)
# The calls of each command of the table that reads memory, beyond READS (the read commands)
# and the places of DOORS (the writers); "{T}" is a transcript. A command not here and not
# there says why it reads none of FILES.
CALLS: dict[str, tuple[tuple[str, ...], ...]] = {
    "log": (("log", "second", "-m", "hello"), ("log", "second", "-m", "hello", "--json")),
    "flush": (("flush", "--hook", "claude-code"), ("flush", "{T}", "--event", "ended")),
    "chats index": (("chats", "index", "{T}"),),
    "consolidate": (("consolidate", "--date", str(YESTERDAY)), ("consolidate",)),
    "sleep": (("sleep",),),
    "recall": (("recall", "--hook", "claude-code"),),
    "guard check": (("guard", "check", "--hook", "claude-code"), ("guard", "git push -f")),
    "index": (("index",),),
    "reindex": (("reindex",),),
    "archive": (("archive",),),
    "now done": (("now", "done", "setup task"),),
    "remember": (("remember", "the shed is green"),),
    "lessons": (("lessons",),),
    "verify": (("verify", "lessons/a"), ("verify", "rules/house")),
}
NOT_READING = {
    "init": "makes a workspace",
    "restore": "brings back what git holds of a forget",
    "cron": "prints crontab lines",
    "cron print": "prints crontab lines",
    "cron install": "writes the crontab",
    "cron uninstall": "writes the crontab",
    "hooks install": "writes the harness's settings",
    "hooks uninstall": "writes the harness's settings",
    "guard enforce": "takes a rule id (read in guard check)",
    "guard watch": "takes a rule id (read in guard check)",
    "import openclaw": "reads another agent's files, not the workspace's",
    "sync": "moves commits (tests/test_sync_peer_files.py: the byte a peer brings)",
    "serve": "serves the MCP tools: each answers as its command does",
    "serve start": "starts a server",
    "serve stop": "stops a server",
    "serve status": "prints the server's state",
}
INPUT = {"flush": HOOK, "recall": json.dumps({"prompt": "the shed", "session_id": "s"})}
GUARD = {"tool_name": "Bash", "tool_input": {"command": "git push --force origin main"}}


def _calls(command: str) -> list[tuple[str, ...]]:
    door = next(d for d in DOORS if d.command == command)
    found = [*READS.get(command, ()), *CALLS.get(command, ()), *door.slots]
    if door.stdin:
        found.append(door.stdin)
    return found


def test_every_command_reads_here_or_says_why_not():
    assert {d.command for d in DOORS} == set(leaf_commands())
    reading = {c for c in leaf_commands() if _calls(c)}
    assert reading | set(NOT_READING) == set(leaf_commands()) and not reading & set(NOT_READING)


def _bench(tmp_path, bad: str | None):
    b, cli = bench(tmp_path, Cli)
    cli("log", "first", "-m", "ok")
    (b.root / f"daily/{YESTERDAY}.md").write_text(f"# {YESTERDAY}\n\n### 10:00 — x\nFACT: y\n")
    git(b.root, "add", "-A")
    git(b.root, "commit", "-qm", "a day")
    if bad is not None:
        with (b.root / bad).open("ab") as handle:
            handle.write(BAD)
        git(b.root, "commit", "-qam", "a byte")  # as a peer's sync brings it
    return b, cli


_CLEAN: dict[str, list[int]] = {}


def _clean_codes(command: str, tmp_path) -> list[int]:
    """The exit code of each call of the command in a workspace without the byte (the same for
    each file the byte is put in: run once a worker)."""
    if command not in _CLEAN:
        clean, clean_cli = _bench(tmp_path / "clean", None)
        calls = _calls(command)
        _CLEAN[command] = [_run(clean, clean_cli, a, tmp_path / "clean").exit_code for a in calls]
    return _CLEAN[command]


def _run(b, cli, argv: tuple[str, ...], tmp_path):
    transcript = write_transcript(tmp_path / "t", "s-1", ["please remember the shed"])
    argv = tuple(a.replace("{T}", str(transcript)) for a in argv)
    stdin = INPUT.get(argv[0])
    if argv[:2] == ("guard", "check"):
        stdin = json.dumps(GUARD)
    if argv[0] == "log" and len(argv) == 2:
        stdin = "a line"
    return cli(*fill(argv, b, "the shed is green"), input=stdin, code=None)


@pytest.mark.parametrize("bad", FILES)
@pytest.mark.parametrize("command", sorted(c for c in leaf_commands() if _calls(c)))
def test_no_door_fails_on_a_byte_that_is_not_utf8(command, bad, tmp_path):
    """Each call as in a workspace without the byte (its exit code), or one line of error
    naming FILE:LINE (exit 1; a hook's line says it answered nothing; doctor lists it); the
    file's bytes are as they were, and it is still in git as committed."""
    b, cli = _bench(tmp_path / "bad", bad)
    held = (b.root / bad).read_bytes()
    line = held.splitlines().index(BAD.rstrip(b"\n")) + 1
    for argv, expected in zip(_calls(command), _clean_codes(command, tmp_path), strict=True):
        result = _run(b, cli, argv, tmp_path / "bad")
        said = (argv, result.exit_code, result.stdout[-300:], result.stderr[-600:])
        assert "Traceback" not in result.stderr, said
        if argv[0] == "doctor":  # the one that lists them: a finding, exit 1
            assert f"{bad}:{line}: not UTF-8 text" in result.stdout, said
        elif result.exit_code != expected:
            assert result.exit_code == 1, said
            assert result.stderr.count("\n") == 1, said
            assert result.stderr.startswith(f"memctl: error: {bad}:{line}: not UTF-8 text"), said
        assert (b.root / bad).read_bytes().startswith(held), said
    assert (b.root / bad).read_bytes() == held
    assert git(b.root, "status", "--porcelain", "--", bad) == ""


def test_log_refuses_todays_log_holding_such_a_byte_and_says_how_to_fix_it(tmp_path):
    """The report's case, in a real process: `log` and the flush hook appended nothing, and
    said so in one line, where each ended in a traceback; doctor names the same line."""
    b, _ = _bench(tmp_path, f"daily/{TODAY}.md")
    rel = f"daily/{TODAY}.md"
    held = (b.root / rel).read_bytes()
    line = held.splitlines().index(BAD.rstrip(b"\n")) + 1
    logged = run_memctl("-w", str(b.root), "log", "second", "-m", "hello")
    assert logged.returncode == 1 and logged.stderr.count("\n") == 1, logged.stderr
    assert logged.stderr.startswith(f"memctl: error: {rel}:{line}: not UTF-8 text")
    assert "memctl doctor" in logged.stderr
    hook = run_memctl("-w", str(b.root), "flush", "--hook", "claude-code", input=HOOK)
    assert hook.returncode == 1 and hook.stdout == "" and hook.stderr.count("\n") == 1
    assert f"{rel}:{line}: not UTF-8 text" in hook.stderr and "answered nothing" in hook.stderr
    assert f"{rel}:{line}: not UTF-8 text" in (b.root / ".memctl/hooks.log").read_text()
    assert (b.root / rel).read_bytes() == held
    doctor = run_memctl("-w", str(b.root), "doctor")
    assert f"{rel}:{line}: not UTF-8 text" in doctor.stdout
    assert PURGED[0] not in doctor.stdout


def test_a_file_name_that_is_not_utf8_is_named_on_one_line_and_doctor_lists_it(ws, cli):
    """A Latin-1 name (people/caf\\xe9.md) ended `log`, `new` and `doctor` in a traceback
    (git's output could not be read): each write stops with one line naming it escaped (exit
    1), nothing written; `doctor` lists it; `ls` still answers."""
    import os

    name = os.fsdecode(b"people/caf\xe9.md")
    (ws.root / "people").mkdir(exist_ok=True)
    (ws.root / name).write_bytes(b"# Cafe\n")
    head = git(ws.root, "rev-parse", "HEAD")
    for argv in (("log", "x", "-m", "hello"), ("new", "people/bob")):
        told = cli(*argv, code=1)
        assert told.stderr.count("\n") == 1, told.stderr
        assert "a file's name is not UTF-8: 'people/caf\\xe9.md'; rename it" in told.stderr
    assert git(ws.root, "rev-parse", "HEAD") == head
    found = cli.json("doctor", code=None)["findings"]
    assert [f["where"] for f in found if f["code"] == "unshowable-name"] == ["people/caf\\xe9.md"]
    cli("ls")
