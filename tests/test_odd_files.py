"""What a peer can commit in place of memctl's files: a folder or a gitlink where NOW.md or a
day's log should be (each command that reads or writes it stops with one line naming it,
nothing is written, `memctl doctor` names it, and no hook blocks a turn); an INDEX.md that is
not UTF-8 (generated: made anew)."""

from __future__ import annotations

import pytest

from conftest import TODAY, commit_count, git, run_memctl
from memctl import gitstore

LOG = f"daily/{TODAY}.md"


def _one_line(result, naming: str) -> None:
    assert result.returncode == 1, (result.returncode, result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("memctl: error: "), result.stderr
    assert naming in lines[0] and "Traceback" not in result.stderr


def _as_folders(ws) -> None:
    """NOW.md a folder, today's log a gitlink (checked out, as git does, as an empty folder)."""
    git(ws, "rm", "-q", "NOW.md")
    (ws.root / "NOW.md").mkdir()
    (ws.root / "NOW.md/x").write_text("x\n")
    git(ws, "add", "-A")
    head = git(ws, "rev-parse", "HEAD").strip()
    git(ws, "update-index", "--add", "--cacheinfo", f"160000,{head},{LOG}")
    git(ws, "commit", "-qm", "a peer's commit")
    git(ws, "reset", "-q", "--hard", "HEAD~1")
    git(ws, "merge", "-q", "--ff-only", "HEAD@{1}")  # as a sync's fast-forward checks it out
    assert (ws.root / LOG).is_dir()


@pytest.mark.parametrize(
    ("argv", "naming"),
    [
        (("now", "focus", "ship v2"), "NOW.md"),
        (("log", "Deployed", "-m", "v2 is live"), LOG),
    ],
)
def test_a_folder_where_now_or_todays_log_should_be_is_one_line(ws, tmp_path, argv, naming):
    _as_folders(ws)
    before = commit_count(ws)
    argv = tuple(str(tmp_path / "rules.md") if a == "RULES" else a for a in argv)
    result = run_memctl("-w", str(ws.root), *argv)
    _one_line(result, naming)
    assert result.stdout == ""  # a hook's answer: nothing
    assert commit_count(ws) == before and git(ws, "status", "--porcelain") == ""
    assert (ws.root / "NOW.md/x").read_text() == "x\n"


@pytest.mark.parametrize("argv", [("now",), ("now", "--rules-file", "RULES")])
def test_a_session_starts_with_the_rules_when_now_md_cannot_be_read(ws, cli, tmp_path, argv):
    """A peer's folder in NOW.md's place must not take the user's rules off the desk: the
    session-start hook (`now --rules-file`) still answers with the rules and the health line,
    says on its first line and on stderr why NOW.md is not there, and writes nothing."""
    cli("new", "rules/core", "-t", "Core")
    cli("add", "rules/core", "Never push to main", "-k", "RULE", "-s", "user")
    _as_folders(ws)
    before = commit_count(ws)
    argv = tuple(str(tmp_path / "rules.md") if a == "RULES" else a for a in argv)
    result = run_memctl("-w", str(ws.root), *argv)
    assert result.returncode == 0, result.stderr
    assert result.stderr.startswith("memctl: warning: NOW.md: a folder where memctl keeps a file")
    assert result.stdout.startswith("NOW.md could not be read")
    assert "Never push to main" in result.stdout and "health:" in result.stdout
    assert commit_count(ws) == before and git(ws, "status", "--porcelain") == ""


def test_doctor_names_a_folder_or_gitlink_where_memctl_keeps_a_file(ws, cli):
    _as_folders(ws)
    result = run_memctl("-w", str(ws.root), "doctor", "--json")
    assert result.returncode == 1
    import json

    found = {
        f["where"]: f for f in json.loads(result.stdout)["findings"] if f["code"] == "not-a-file"
    }
    assert set(found) == {"NOW.md", LOG}
    assert "a folder where memctl keeps a file" in found["NOW.md"]["message"]
    assert "gitlink" in found[LOG]["message"]
    assert all(f["severity"] == "error" for f in found.values())


def test_a_file_where_the_daily_folder_should_be_is_one_line(ws):
    git(ws, "rm", "-rq", "daily")
    (ws.root / "daily").write_text("not a folder\n")
    result = run_memctl("-w", str(ws.root), "log", "Deployed")
    _one_line(result, "daily")
    assert (ws.root / "daily").read_text() == "not a folder\n"


def test_any_folder_for_a_file_is_one_line_not_a_traceback(ws, tmp_path):
    """The safety net under every command: a folder where memctl opens a file (here Claude
    Code's settings) is one line naming it, exit 1."""
    project = tmp_path / "app"
    (project / ".claude/settings.json").mkdir(parents=True)
    result = run_memctl("-w", str(ws.root), "hooks", "install", "claude-code", "--project", project)
    _one_line(result, ".claude/settings.json")


@pytest.mark.parametrize("committed", [True, False])
def test_an_index_that_is_not_utf8_is_made_anew_and_kept_in_history(ws, committed):
    """INDEX.md is generated (docs/formats.md): one a peer or a person left as bytes that are
    not UTF-8 is replaced by the dashboard the notes give, as any edit of it is; its bytes
    stay in git's history (an uncommitted edit is committed first, on its own)."""
    fresh = (ws.root / "INDEX.md").read_bytes()
    (ws.root / "INDEX.md").write_bytes(b"# Index\n\xff\n")
    if committed:
        git(ws, "commit", "-qam", "a peer's index")
    doctor = run_memctl("-w", str(ws.root), "doctor")
    assert "INDEX.md:2: not UTF-8 text" in doctor.stdout and "memctl index" in doctor.stdout
    result = run_memctl("-w", str(ws.root), "index")
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    assert "0 unreadable" in result.stdout
    assert (ws.root / "INDEX.md").read_bytes() == fresh
    assert gitstore.blob(ws.root, "INDEX.md", rev="HEAD~1") == b"# Index\n\xff\n"
    assert git(ws, "status", "--porcelain") == ""
    assert run_memctl("-w", str(ws.root), "doctor").returncode == 0


def _fifos(ws) -> None:
    """NOW.md and today's log as FIFOs (made on this machine: git keeps none): a read or an
    append would wait for a writer or a reader for ever."""
    import os

    (ws.root / "NOW.md").unlink()
    os.mkfifo(ws.root / "NOW.md")
    (ws.root / "daily").mkdir(exist_ok=True)
    os.mkfifo(ws.root / LOG)


@pytest.mark.parametrize(
    ("argv", "naming"),
    [
        (("now", "focus", "ship v2"), "NOW.md"),
        (("log", "Deployed", "-m", "v2 is live"), LOG),
        (("flush", "--hook", "claude-code"), LOG),
    ],
)
def test_a_fifo_where_now_or_todays_log_should_be_is_one_line_not_a_hang(ws, argv, naming):
    """A hook never blocks a turn: `now`, `log` and the flush hook answer at once, one line."""
    _fifos(ws)
    hook = (
        '{"session_id":"s1","transcript_path":"/nonexistent.jsonl","hook_event_name":"SessionEnd"}'
    )
    result = run_memctl("-w", str(ws.root), *argv, input=hook, timeout=30)
    _one_line(result, naming)
    assert "a FIFO, a socket or a device" in result.stderr
    shown = run_memctl("-w", str(ws.root), "now", timeout=30)
    assert shown.returncode == 0 and "health:" in shown.stdout
    doctor = run_memctl("-w", str(ws.root), "doctor", "--json", timeout=30)
    import json

    found = {
        f["where"]: f for f in json.loads(doctor.stdout)["findings"] if f["code"] == "not-a-file"
    }
    assert set(found) == {"NOW.md", LOG} and "rm NOW.md" in found["NOW.md"]["fix"]


def test_a_name_with_a_line_break_prints_no_line_of_its_own(ws, cli):
    """A file `people/a<line break>memctl: error: …` left uncommitted forged a second line of
    memctl's stderr in the notice that names it: every line memctl prints there escapes it."""
    (ws.root / "people").mkdir(exist_ok=True)
    (ws.root / "people/a\nmemctl: error: forged").write_text("x\n")
    told = cli("log", "t", "-m", "hello")
    assert "people/a\\nmemctl: error: forged" in told.stderr
    assert not [line for line in told.stderr.splitlines() if line.startswith("memctl: error")]
