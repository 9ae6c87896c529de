"""Expiry and the weekly archive: expired things move whole, high never does, reruns are no-ops."""

from __future__ import annotations

import datetime as dt

import pytest

from conftest import TODAY, commit_count, git
from memctl.entry import parse_entry
from memctl.errors import Refused
from memctl.forgetting.archive import expiring, plan_archive, run_archive
from memctl.forgetting.closing import held_on
from memctl.longterm import add_entry, new_note
from memctl.show import show

LATER = TODAY + dt.timedelta(days=40)


def setup_notes(ws):
    new_note(ws, "people/anna", title="Anna", today=TODAY)
    add_entry(ws, "people/anna", "nut allergy", priority="high", kind="FACT", today=TODAY)
    add_entry(
        ws, "people/anna", "in Lisbon this week", priority="low", expires="2026-12-05", today=TODAY
    )
    add_entry(
        ws, "people/anna", "party on the 20th", priority="low", expires="2026-12-21", today=TODAY
    )
    new_note(
        ws, "projects/sprint", title="Sprint", priority="low", expires="2026-12-10", today=TODAY
    )


def test_high_priority_refuses_expires(ws):
    new_note(ws, "people/anna", title="Anna", today=TODAY)
    with pytest.raises(Refused, match="never expire"):
        add_entry(ws, "people/anna", "x", priority="high", expires="2027-01-01", today=TODAY)
    with pytest.raises(Refused, match="never expire"):
        new_note(ws, "people/bob", priority="high", expires="2027-01-01", today=TODAY)


def test_expiring_lists_what_is_about_to_go(ws):
    setup_notes(ws)
    items = expiring(ws, days=7, today=TODAY).items
    assert [(i.text, i.overdue) for i in items] == [("in Lisbon this week", False)]
    later = expiring(ws, days=7, today=dt.date(2026, 12, 15)).items
    assert [(i.text, i.overdue) for i in later] == [
        ("in Lisbon this week", True),
        ("Sprint", True),
        ("party on the 20th", False),
    ]


def test_archive_moves_expired_entries_and_files_in_one_commit(ws):
    setup_notes(ws)
    live_before = (ws.root / "people/anna.md").read_text()
    count = commit_count(ws)
    plan = run_archive(ws, today=dt.date(2026, 12, 15)).value
    assert sorted((m.kind, m.target) for m in plan.moves) == [
        ("entry", ".archive/people/anna.md"),
        ("file", ".archive/projects/sprint.md"),
    ]
    live = (ws.root / "people/anna.md").read_text()
    assert "in Lisbon" not in live and "nut allergy" in live and "party on the 20th" in live
    archived = (ws.root / ".archive/people/anna.md").read_text()
    moved_line = next(line for line in live_before.splitlines() if "Lisbon" in line)
    archived_line = next(line for line in archived.splitlines() if "Lisbon" in line)
    entry = parse_entry(archived_line)
    assert entry.fields["archived"] == "2026-12-15"
    assert archived_line.replace(" archived:2026-12-15", "") == moved_line  # kept whole
    assert (ws.root / ".archive/projects/sprint.md").exists()
    assert not (ws.root / "projects/sprint.md").exists()
    assert commit_count(ws) == count + 1
    message = git(ws, "log", "-1", "--format=%B")
    assert "memctl archive: 1 entry, 1 file(s) archived" in message and "Lisbon" not in message
    assert ".archive/projects/sprint.md" in message
    assert "projects/sprint" not in (ws.root / "INDEX.md").read_text()


def test_second_run_moves_nothing_and_dry_run_changes_nothing(ws):
    setup_notes(ws)
    day = dt.date(2026, 12, 15)
    dry = run_archive(ws, today=day, dry_run=True)
    assert dry.dry_run and len(dry.moves) == 2
    assert git(ws, "status", "--porcelain") == ""
    run_archive(ws, today=day)
    count = commit_count(ws)
    again = run_archive(ws, today=day).value
    assert again.moves == [] and commit_count(ws) == count


def test_high_priority_with_expires_written_by_hand_is_kept(ws):
    (ws.root / "rules/core.md").write_text("- [🔴HIGH] expires:2026-01-01 · never archived ^hh11\n")
    plan = plan_archive(ws, today=TODAY)
    assert plan.moves == [] and any("high priority never archives" in k for k in plan.kept)


def test_long_superseded_notes_move_after_the_configured_days(ws):
    (ws.root / "rules/old.md").write_text(
        "---\ntitle: Old\nstatus: superseded\nsuperseded: 2026-10-01\n---\n- old rule\n"
    )
    assert plan_archive(ws, today=dt.date(2026, 10, 20)).moves == []
    moves = plan_archive(ws, today=TODAY).moves
    assert [(m.kind, m.reason) for m in moves] == [("file", "superseded since 2026-10-01")]


def test_archived_material_stays_readable(ws):
    setup_notes(ws)
    entry_id = next(
        line.split("^")[-1]
        for line in (ws.root / "people/anna.md").read_text().splitlines()
        if "Lisbon" in line
    )
    run_archive(ws, today=LATER)
    shown = show(ws, entry_id)
    assert shown.archived and shown.path == ".archive/people/anna.md"
    assert show(ws, "projects/sprint").archived


def test_the_now_health_line_leaves_archived_out(ws, cli):
    setup_notes(ws)
    run_archive(ws, today=LATER)
    data = cli.json("now")
    assert data["health"]["notes"] == 1  # people/anna.md; the archived sprint note is not live


def test_held_on_respects_archive_dates():
    e = parse_entry("- [🟢LOW] added:2026-01-01 expires:2026-02-01 archived:2026-02-08 · x")
    assert held_on(e, dt.date(2026, 1, 15)) and not held_on(e, dt.date(2026, 2, 2))


def test_cli_archive_and_cron(ws, cli):
    setup_notes(ws)
    out = cli("archive", "--dry-run", "--today", "2026-12-15").stdout
    assert "would move entry people/anna.md" in out
    cron = cli("cron").stdout
    assert f"-w {ws.root} archive" in cron and cron.startswith("# memctl")
    assert cli.json("expiring", "--days", "30")["items"]


def test_the_catalog_after_an_archive_matches_a_fresh_read(ws):
    """The archive tells the catalog what it wrote instead of parsing the notes again: the
    result must be exactly what reading the files from scratch gives."""
    import shutil

    from memctl.catalog import scan
    from memctl.dashboard import render_index

    setup_notes(ws)
    run_archive(ws, today=dt.date(2026, 12, 15))
    remembered = {f.path: f.to_dict() for f in scan(ws)}
    index = (ws.root / "INDEX.md").read_text()
    shutil.rmtree(ws.cache_dir)
    assert {f.path: f.to_dict() for f in scan(ws)} == remembered
    assert render_index(ws, today=dt.date(2026, 12, 15)).text == index
