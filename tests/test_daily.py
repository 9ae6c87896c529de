"""Daily logs: append-only entries with stable addresses, one commit each, no lost writes."""

from __future__ import annotations

import datetime as dt
import subprocess
import sys

from conftest import NOW, commit_count, git, run_memctl
from memctl.daily import append_log, parse_log


def test_append_creates_the_day_and_gives_a_stable_address(ws):
    first = append_log(ws, "Filed the form", "Link: https://example.gov/f", now=NOW).value
    second = append_log(ws, "Lunch", "", now=NOW + dt.timedelta(minutes=5)).value
    text = (ws.root / first.path).read_text()
    assert text == (
        "# 2026-11-30\n\n### 09:00 — Filed the form\n\nLink: https://example.gov/f\n"
        "\n### 09:05 — Lunch\n"
    )
    lines = text.splitlines()
    assert lines[first.line - 1] == "### 09:00 — Filed the form"
    assert lines[second.line - 1] == "### 09:05 — Lunch"
    assert [e.title for e in parse_log(first.path, text)] == ["Filed the form", "Lunch"]


def test_each_log_is_one_commit_with_a_clear_message(ws):
    before = commit_count(ws)
    append_log(ws, "Hello", "x", now=NOW)
    assert commit_count(ws) == before + 1
    assert git(ws, "log", "-1", "--format=%s").strip() == (
        "memctl log: daily/2026-11-30.md 09:00 Hello"
    )


def test_appending_never_rewrites_earlier_lines(ws):
    append_log(ws, "One", "a", now=NOW)
    path = ws.root / "daily/2026-11-30.md"
    before = path.read_text()
    append_log(ws, "Two", "b", now=NOW)
    assert path.read_text().startswith(before)
    diff = git(ws, "log", "-p", "--format=", "--", "daily/").splitlines()
    assert [line for line in diff if line.startswith("-") and not line.startswith("---")] == []


def test_a_persons_uncommitted_edit_is_committed_on_its_own_first(ws):
    path = ws.root / "daily/2026-11-30.md"
    append_log(ws, "One", "a", now=NOW)
    with path.open("a") as f:
        f.write("typed by hand\n")
    (ws.root / "lessons/draft.md").write_text("draft\n")
    outcome = append_log(ws, "Two", "b", now=NOW)
    subjects = git(ws, "log", "-2", "--format=%s").splitlines()
    assert subjects[0].startswith("memctl log:")
    assert subjects[1].startswith("edit by hand: daily/2026-11-30.md")
    assert any("lessons/draft.md" in n for n in outcome.change.notices)
    assert "?? lessons/draft.md" in git(ws, "status", "--porcelain")


def test_log_reads_text_from_stdin(ws, cli):
    cli("log", "From stdin", input="line one\nline two\n")
    assert "line one\nline two\n" in (ws.root / "daily/2026-11-30.md").read_text()


def test_concurrent_writers_lose_nothing(ws):
    """Eight real processes append at once: every entry lands whole, each in its own commit."""
    writers = [
        subprocess.Popen(
            [
                sys.executable,
                "-c",
                "from memctl.cli.main import run; run()",
                "-w",
                str(ws.root),
                "log",
                f"writer {i}",
                "-m",
                f"text of writer {i} " * 20,
            ],
            env={
                "MEMCTL_NOW": "2026-11-30T09:00",
                "PATH": "/usr/bin:/bin",
                "HOME": str(ws.root.parent),
            },
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for i in range(8)
    ]
    for proc in writers:
        _, err = proc.communicate(timeout=60)
        assert proc.returncode == 0, err
    text = (ws.root / "daily/2026-11-30.md").read_text()
    entries = parse_log("daily/2026-11-30.md", text)
    assert sorted(e.title for e in entries) == sorted(f"writer {i}" for i in range(8))
    for e in entries:
        n = e.title.split()[1]
        assert e.text == f"text of writer {n} " * 20
    assert git(ws, "status", "--porcelain") == ""
    assert commit_count(ws) == 1 + 8


def test_the_installed_command_logs_for_real(ws):
    result = run_memctl("log", "Real process", "-m", "hello", cwd=ws.root / "lessons")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("daily/2026-11-30.md:3")
    assert "committed" in result.stderr


def test_changes_a_person_staged_stay_staged_and_out_of_memctls_commit(ws):
    (ws.root / "lessons/mine.md").write_text("staged by hand\n")
    git(ws, "add", "lessons/mine.md")
    append_log(ws, "Logged", "text", now=NOW)
    assert git(ws, "show", "--name-only", "--format=", "HEAD").split() == ["daily/2026-11-30.md"]
    assert git(ws, "diff", "--cached", "--name-only").split() == ["lessons/mine.md"]


def test_a_commit_of_thousands_of_files_takes_exactly_those_files(ws):
    """The plumbing path of gitstore.commit (nothing staged by the person)."""
    from memctl import gitstore

    paths = [f"lessons/n{i}.md" for i in range(2500)]
    for rel in paths:
        (ws.root / rel).write_text(f"- note {rel}\n")
    (ws.root / "lessons/not-mine.md").write_text("left alone\n")
    made = gitstore.commit(ws.root, paths + ["lessons/ghost.md"], "memctl test: many")
    assert made is not None and len(made.paths) == 2500
    assert git(ws, "status", "--porcelain").split() == ["??", "lessons/not-mine.md"]
    assert git(ws, "log", "-1", "--format=%s") == "memctl test: many\n"
    assert gitstore.commit(ws.root, paths, "memctl test: again") is None
