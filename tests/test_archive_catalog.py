"""The archive works from what the catalog knows instead of parsing notes again: the result must
be exactly the same with a filled cache, with none, and when a note changes under it."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import generate_workspace as gen

from conftest import TODAY, git
from memctl import catalog
from memctl.catalog import scan
from memctl.dashboard import render_index
from memctl.forgetting import archive
from memctl.forgetting.archive import run_archive
from memctl.longterm import add_entry, new_note
from memctl.workspace import open_workspace

DAY = dt.date(2026, 12, 15)


def tree(root: Path) -> dict[str, bytes]:
    """Every file but git's and the derived cache."""
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and not {".git", "cache"} & set(p.relative_to(root).parts)
    }


def parsed_by_next_scan(ws, monkeypatch) -> list[str]:
    parsed = []
    read = catalog.read_facts
    monkeypatch.setattr(catalog, "read_facts", lambda *a, **k: parsed.append(a[2]) or read(*a, **k))
    scan(ws)
    monkeypatch.setattr(catalog, "read_facts", read)
    return parsed


def assert_catalog_is_what_a_fresh_read_gives(ws, monkeypatch, today) -> None:
    # Remembered for every file but INDEX.md (written after the catalog was saved) ...
    assert parsed_by_next_scan(ws, monkeypatch) in ([], ["INDEX.md"])
    remembered = [{**f.to_dict(), "stamp": f.stamp} for f in scan(ws)]
    shutil.rmtree(ws.cache_dir)
    # ... and exactly what reading every file from scratch gives, INDEX.md included.
    assert [{**f.to_dict(), "stamp": f.stamp} for f in scan(ws)] == remembered
    assert render_index(ws, today=today).text == ws.index_path.read_text(encoding="utf-8")


def test_with_or_without_a_catalog_cache_the_archive_writes_the_same(tmp_path, monkeypatch):
    gen.generate(tmp_path / "warm", 400, seed=4, git=True)
    shutil.copytree(tmp_path / "warm", tmp_path / "cold", symlinks=True)
    warm, cold = open_workspace(tmp_path / "warm"), open_workspace(tmp_path / "cold")
    scan(warm)  # the cache filled, as `memctl now` leaves it
    shutil.rmtree(cold.cache_dir, ignore_errors=True)
    monkeypatch.setattr(catalog, "PARALLEL_FROM", 50)  # a fresh clone's parse, split in two

    read_from_disk = []
    read = catalog.read_facts

    def noting_reads(ws, path, rel, stamp, data=None):
        if data is None:
            read_from_disk.append(rel)
        return read(ws, path, rel, stamp, data)

    monkeypatch.setattr(catalog, "read_facts", noting_reads)
    plans = [run_archive(warm, today=TODAY).value]
    monkeypatch.setattr(catalog, "read_facts", read)
    assert read_from_disk == []  # with the cache filled, no note is parsed from disk again
    plans.append(run_archive(cold, today=TODAY).value)
    entries = [m for m in plans[0].moves if m.kind == "entry"]
    assert entries and len(entries) < len(plans[0].moves)  # entries and whole files moved
    assert [m.to_dict() for m in plans[0].moves] == [m.to_dict() for m in plans[1].moves]
    assert plans[0].kept == plans[1].kept
    assert tree(warm.root) == tree(cold.root)
    assert git(warm, "rev-parse", "HEAD^{tree}") == git(cold, "rev-parse", "HEAD^{tree}")
    assert git(warm, "log", "-1", "--format=%B") == git(cold, "log", "-1", "--format=%B")
    assert git(warm, "status", "--porcelain") == ""
    for ws in (warm, cold):
        assert_catalog_is_what_a_fresh_read_gives(ws, monkeypatch, TODAY)
        assert run_archive(ws, today=TODAY).value.moves == []


def setup_notes(ws):
    new_note(ws, "people/anna", title="Anna", today=TODAY)
    add_entry(
        ws, "people/anna", "in Lisbon this week", priority="low", expires="2026-12-05", today=TODAY
    )
    add_entry(ws, "people/anna", "nut allergy", priority="high", kind="FACT", today=TODAY)
    new_note(ws, "people/bob", title="Bob", today=TODAY)
    add_entry(ws, "people/bob", "on leave", priority="low", expires="2026-12-01", today=TODAY)


def edit_after_the_scan(monkeypatch, rel: str, change) -> None:
    """Change a note between the archive's scan and its reading of the note."""
    real = archive.scan

    def scan_then_edit(ws, **kwargs):
        facts = real(ws, **kwargs)
        path = ws.root / rel
        path.write_text(change(path.read_text()))
        return facts

    monkeypatch.setattr(archive, "scan", scan_then_edit)


def test_a_note_edited_after_the_scan_is_archived_as_it_now_is(ws, monkeypatch):
    setup_notes(ws)
    scan(ws)
    added = "- [🟢LOW] added:2026-11-30 expires:2026-12-02 · added a moment ago ^zz99\n"
    edit_after_the_scan(monkeypatch, "people/anna.md", lambda text: text + added)
    run_archive(ws, today=DAY)
    live = (ws.root / "people/anna.md").read_text()
    archived = (ws.root / ".archive/people/anna.md").read_text()
    assert "nut allergy" in live and "Lisbon" not in live and "a moment ago" not in live
    assert "Lisbon" in archived and "added a moment ago" in archived
    assert_catalog_is_what_a_fresh_read_gives(ws, monkeypatch, DAY)


def test_a_note_broken_after_the_scan_is_left_alone(ws, monkeypatch):
    setup_notes(ws)
    scan(ws)
    broken = "---\ntitle: [oops\n---\n- [🟢LOW] expires:2026-12-01 · still here ^br01\n"
    edit_after_the_scan(monkeypatch, "people/anna.md", lambda text: broken)
    plan = run_archive(ws, today=DAY).value
    assert (ws.root / "people/anna.md").read_text() == broken  # never rewritten
    assert not (ws.root / ".archive/people/anna.md").exists()
    assert [m.source.split(":")[0] for m in plan.moves] == ["people/bob.md"]
    assert any(k.startswith("people/anna.md:2: broken YAML") for k in plan.kept)
    assert "people/anna.md:2: broken YAML" in ws.index_path.read_text()
    assert_catalog_is_what_a_fresh_read_gives(ws, monkeypatch, DAY)


def test_a_hidden_character_below_an_archived_entry_is_named_on_its_new_line(ws, monkeypatch):
    setup_notes(ws)
    path = ws.root / "people/anna.md"
    hidden = "- [🟡MED] added:2026-11-30 · likes tea\U000e0041\U000e0042 ^tg01\n"
    path.write_text(path.read_text() + hidden)  # by hand: no door stores a tag character
    facts = {f.path: f for f in scan(ws)}
    was = facts["people/anna.md"].unseen[0][0]
    run_archive(ws, today=DAY)
    lines = path.read_text().split("\n")
    now = [f for f in scan(ws) if f.path == "people/anna.md"][0].unseen
    assert [number for number, _ in now] == [lines.index(hidden.rstrip("\n")) + 1] != [was]
    assert_catalog_is_what_a_fresh_read_gives(ws, monkeypatch, DAY)
