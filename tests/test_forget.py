"""Forget and restore through git; purge every copy with a receipt; purged stays purged."""

from __future__ import annotations

import sqlite3
import subprocess

import pytest

from conftest import NOW, TODAY, commit_count, git
from memctl.daily import append_log
from memctl.errors import InvalidValue, NotFound, Refused
from memctl.forgetting.forget import forget, restore
from memctl.forgetting.purge import _scrub_files, purge
from memctl.longterm import add_entry, new_note
from memctl.purged import purged_match
from memctl.show import show

PHONE = "+1 555 0134"


@pytest.fixture
def anna(ws):
    new_note(ws, "people/anna", title="Anna", today=TODAY)
    ref = add_entry(
        ws,
        "people/anna",
        f"Anna's phone is {PHONE}",
        priority="low",
        expires="2026-12-31",
        today=TODAY,
    ).value
    return ref


def test_forget_an_entry_closes_it_with_the_reason_and_restore_brings_it_back(ws, anna):
    forget(ws, anna.entry.id, reason="shared by mistake", today=TODAY)
    line = (ws.root / "people/anna.md").read_text().splitlines()[anna.entry.line - 1]
    assert line.startswith("- ~~") and 'why:"forgotten: shared by mistake"' in line
    assert "shared by mistake" in git(ws, "log", "-1", "--format=%s")
    add_entry(ws, "people/anna", "likes jazz", today=TODAY)  # a later edit survives restore
    restore(ws, anna.entry.id, today=TODAY)
    text = (ws.root / "people/anna.md").read_text()
    assert text.splitlines()[anna.entry.line - 1] == anna.entry.format()
    assert "likes jazz" in text


def test_forget_a_file_archives_it_as_superseded_and_restore_undoes_it(ws, anna):
    original = (ws.root / "people/anna.md").read_text()
    result = forget(ws, "people/anna", reason="moved away", today=TODAY).value
    assert result.moved_to == ".archive/people/anna.md"
    archived = (ws.root / ".archive/people/anna.md").read_text()
    assert "status: superseded" in archived and "why: moved away" in archived
    assert not (ws.root / "people/anna.md").exists()
    assert show(ws, "people/anna").archived
    restore(ws, "people/anna.md", today=TODAY)
    assert (ws.root / "people/anna.md").read_text() == original
    assert not (ws.root / ".archive/people/anna.md").exists()


def test_forget_errors(ws, anna):
    with pytest.raises(NotFound, match="no entry with id"):
        forget(ws, "nope", reason="x", today=TODAY)
    with pytest.raises(InvalidValue, match="reason"):
        forget(ws, anna.entry.id, reason="", today=TODAY)
    with pytest.raises(NotFound, match="no `memctl forget`"):
        restore(ws, anna.entry.id, today=TODAY)


def _derived_db(ws):
    """A real SQLite file under .memctl/ holding the text, like the search and graph stores."""
    db = sqlite3.connect(ws.state_dir / "search.db")
    db.execute("create table t(x)")
    db.execute("insert into t values (?)", (f"call {PHONE} now",))
    db.commit()
    db.close()


def _traces(ws) -> list[str]:
    found = []
    history = git(ws, "log", "-p", "--all", "--format=%B")
    if PHONE in history:
        found.append("git log -p --all")
    objects = subprocess.run(
        ["git", "cat-file", "--batch-all-objects", "--batch"],
        cwd=ws.root,
        capture_output=True,
        check=True,
    ).stdout
    if PHONE.encode() in objects:
        found.append("git objects")
    grep = subprocess.run(
        ["grep", "-rIl", "--exclude-dir=.git", PHONE, str(ws.root)], capture_output=True, text=True
    )
    found += grep.stdout.split()
    for db in ws.state_dir.rglob("*.db"):
        dump = "\n".join(sqlite3.connect(db).iterdump())
        if PHONE in dump:
            found.append(str(db))
    return found


def test_purge_leaves_no_trace_anywhere(ws, anna):
    append_log(ws, "Call Anna", f"her number {PHONE}, call back Friday", now=NOW)
    forget(ws, "people/anna", reason="moved", today=TODAY)  # a copy in .archive/ too
    (ws.root / "NOW.md").write_text((ws.root / "NOW.md").read_text() + f"\n- ring {PHONE}\n")
    git(ws, "commit", "-qam", f"note to ring {PHONE}")  # in a commit message as well
    _derived_db(ws)
    git(ws, "branch", "side")
    assert len(_traces(ws)) >= 4
    receipt = purge(ws, PHONE.lower(), now=NOW, dry_run=False)
    assert _traces(ws) == []
    kinds = {p.kind for p in receipt.places}
    assert {"daily", "archive", "live", "sqlite"} <= kinds
    assert receipt.commits_rewritten >= 4 and receipt.history_cleaned
    saved = (ws.root / receipt.saved_as).read_text()
    assert PHONE not in saved and "append-only exception" in saved
    assert "AI provider" in saved and receipt.fingerprint in saved
    assert "[purged]" in (ws.root / "daily/2026-11-30.md").read_text()
    assert git(ws, "status", "--porcelain") == ""
    assert "[purged]" in git(ws, "show", "side:NOW.md")


def test_dry_run_changes_nothing_and_counts_everything(ws, anna):
    before = git(ws, "rev-parse", "HEAD")
    receipt = purge(ws, PHONE, now=NOW, dry_run=True)
    assert receipt.dry_run and [p.path for p in receipt.places] == ["people/anna.md"]
    assert receipt.commits_rewritten == 1
    assert git(ws, "rev-parse", "HEAD") == before and PHONE in (ws.root / anna.path).read_text()


def test_purged_stays_purged(ws, anna):
    purge(ws, PHONE, now=NOW, dry_run=False)
    assert purged_match(ws, f"new number: {PHONE.upper()} ok")
    assert purged_match(ws, "nothing here") is None
    with pytest.raises(Refused, match="purged on purpose"):
        add_entry(ws, "people/anna", f"phone {PHONE}", today=TODAY)
    with pytest.raises(Refused, match="purged on purpose"):
        append_log(ws, "again", f"call {PHONE}", now=NOW)
    assert PHONE not in (ws.root / ".memctl/purged.jsonl").read_text()


def test_short_patterns_are_refused(ws):
    for pattern in ["", "  ", "abc", "aaaaaa"]:
        with pytest.raises(InvalidValue, match="at least 4 characters"):
            purge(ws, pattern, now=NOW, dry_run=True)


def test_an_interrupted_purge_can_be_rerun_and_finishes(ws, anna):
    import re

    rx = re.compile(re.escape(PHONE), re.I)
    brx = re.compile(re.escape(PHONE.encode()), re.I)
    from memctl.forgetting.purge import Receipt
    from memctl.recovery import PurgeMark

    mark = PurgeMark(ws, "x", "blake2b:x")
    _scrub_files(ws, rx, brx, Receipt("x", "", "", 0, False), mark)  # then "crashed"
    assert PHONE in git(ws, "log", "-p", "--all")
    receipt = purge(ws, PHONE, now=NOW, dry_run=False)
    assert receipt.places == [] and receipt.commits_rewritten >= 1
    assert _traces(ws) == []


def test_purge_needs_yes_without_a_tty(ws, anna, cli):
    result = cli("forget", "--purge", "--match", PHONE, code=3)
    assert "--yes" in result.stderr
    out = cli("forget", "--purge", "--match", PHONE, "--dry-run").stdout
    assert "Copies memctl would remove" in out and PHONE not in out
    count = commit_count(ws)
    data = cli.json("forget", "--purge", "--match", PHONE, "--yes")
    assert data["saved_as"].startswith(".memctl/receipts/") and commit_count(ws) == count + 2
    subjects = git(ws, "log", "-2", "--format=%s").splitlines()
    assert subjects[1].startswith("memctl purge: register blake2b:")  # registered first
    assert subjects[0] == f"memctl purge: receipt {data['id']}"


def test_a_purge_names_daily_logs_kept_elsewhere_as_daily_logs(tmp_path):
    """An OpenClaw-style workspace keeps its daily logs in memory/ (`daily_dir: memory`)."""
    from memctl.initialize import init_workspace
    from memctl.workspace import open_workspace

    root = tmp_path / "oc"
    root.mkdir()
    (root / ".memctl").mkdir()
    (root / ".memctl/config.yaml").write_text("daily_dir: memory\n")
    init_workspace(root, now=NOW)
    ws = open_workspace(root)
    append_log(ws, "Call", f"her number {PHONE}", now=NOW)
    receipt = purge(ws, PHONE, now=NOW, dry_run=True)
    assert [(p.kind, p.path) for p in receipt.places] == [("daily", "memory/2026-11-30.md")]


def test_a_registry_of_an_earlier_version_is_still_read_and_moved_by_the_next_purge(ws):
    import json

    from memctl.purged import LEGACY, REGISTRY, purged_hash

    salt = "cd" * 16
    record = {
        "receipt": "20260101-0900-old",
        "hash": purged_hash(salt, "old secret"),
        "length": 10,
        "date": "2026-01-01",
    }
    (ws.root / LEGACY).write_text(json.dumps({"salt": salt, "purged": [record]}))
    git(ws, "add", LEGACY)
    git(ws, "commit", "-qm", "registry of an earlier version")
    assert purged_match(ws, "the OLD SECRET is back") == "20260101-0900-old"
    purge(ws, PHONE, now=NOW, dry_run=False)
    assert not (ws.root / LEGACY).exists() and LEGACY not in git(ws, "ls-files").split()
    lines = (ws.root / REGISTRY).read_text().splitlines()
    # the earlier record, and the phone number's two: its text, and its digits in any grouping
    assert sum('"salt"' in line for line in lines) == 3
    assert purged_match(ws, "old secret") and purged_match(ws, PHONE)
    assert ".memctl/purged.jsonl merge=union" in (ws.root / ".gitattributes").read_text()
