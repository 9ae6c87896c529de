"""INDEX.md: every note listed, ordered, stale ones flagged in place; byte-identical reruns."""

from __future__ import annotations

import datetime as dt

from conftest import NOW, TODAY, commit_count, git
from memctl.dashboard import regenerate_index


def write(ws, rel, text):
    path = ws.root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def note(title, priority, status, verified, extra=""):
    return (
        f"---\ntitle: {title}\ndate: 2026-01-01\ncategory: lessons\npriority: {priority}\n"
        f"status: {status}   # keep this comment\nlast_verified: {verified}\ntags: []\n"
        f"{extra}---\n- [🟢LOW] added:2026-11-01 expires:2026-12-02 · soon gone ^ab12\n"
    )


def fill(ws):
    write(ws, "lessons/fresh.md", note("Fresh", "high", "active", "2026-11-20"))
    write(ws, "lessons/old.md", note("Old one", "med", "active", "2026-09-01", "sam_key: x\n"))
    write(ws, "rules/gone.md", note("Gone", "low", "superseded", "2026-01-01"))
    write(ws, "people/anna.md", note("Anna", "🔴", "conflict", "2026-11-29"))
    write(ws, "MEMORY.md", "# Memory\n- no frontmatter here\n")
    write(ws, "semantic/broken.md", "---\ntitle: [oops\n---\n")
    git(ws, "add", "-A")
    git(ws, "commit", "-qm", "notes by hand")


def test_index_lists_orders_and_flags(ws):
    fill(ws)
    report = regenerate_index(ws, today=TODAY).value
    assert [(r.path, r.status) for r in report.rows] == [
        ("lessons/fresh.md", "active"),
        ("people/anna.md", "conflict"),
        ("lessons/old.md", "stale"),
        ("rules/gone.md", "superseded"),
        ("MEMORY.md", "none"),
        ("semantic/broken.md", "unreadable"),
    ]
    text = ws.index_path.read_text()
    assert "| [lessons/old](lessons/old.md) | 🟡 | ⚠️ stale | 2026-09-01 | Old one |" in text
    assert "semantic/broken.md:2: broken YAML" in text
    assert "⏳ 4 expiring within 7 days" in text


def test_stale_note_gets_status_stale_and_nothing_else_changes(ws):
    fill(ws)
    before = (ws.root / "lessons/old.md").read_text()
    outcome = regenerate_index(ws, today=TODAY)
    after = (ws.root / "lessons/old.md").read_text()
    assert outcome.value.marked_stale == ["lessons/old.md"]
    assert after == before.replace("status: active   #", "status: stale   #")
    assert (ws.root / "semantic/broken.md").read_text() == "---\ntitle: [oops\n---\n"
    assert git(ws, "log", "-1", "--format=%s").startswith("memctl index: regenerate INDEX.md; 1")


def test_rerun_is_byte_identical_and_commits_nothing(ws):
    fill(ws)
    regenerate_index(ws, today=TODAY)
    first = ws.index_path.read_bytes()
    count = commit_count(ws)
    regenerate_index(ws, today=TODAY)
    assert ws.index_path.read_bytes() == first and commit_count(ws) == count
    (ws.root / ".memctl/cache/catalog.json").unlink()
    regenerate_index(ws, today=TODAY)
    assert ws.index_path.read_bytes() == first


def test_thirty_days_is_the_line(ws):
    write(ws, "lessons/edge.md", note("Edge", "med", "active", "2026-10-31"))
    assert regenerate_index(ws, today=TODAY).value.marked_stale == []
    later = TODAY + dt.timedelta(days=1)
    assert regenerate_index(ws, today=later).value.marked_stale == ["lessons/edge.md"]
    assert NOW.date() == TODAY


def test_the_catalog_after_marking_notes_stale_is_what_a_fresh_read_gives(ws, monkeypatch):
    """The notes marked stale are recorded from the text written, not read back."""
    import shutil

    from memctl import catalog
    from memctl.catalog import scan

    fill(ws)
    scan(ws)
    assert regenerate_index(ws, today=TODAY).value.marked_stale == ["lessons/old.md"]
    parsed = []
    read = catalog.read_facts
    monkeypatch.setattr(catalog, "read_facts", lambda *a, **k: parsed.append(a[2]) or read(*a, **k))
    remembered = [{**f.to_dict(), "stamp": f.stamp} for f in scan(ws)]
    assert parsed == ["INDEX.md"]  # written after the catalog was saved
    shutil.rmtree(ws.cache_dir)
    assert [{**f.to_dict(), "stamp": f.stamp} for f in scan(ws)] == remembered


def test_the_summary_counts_one_note_and_one_day_in_the_singular(ws):
    write(ws, "lessons/only.md", note("Only", "high", "active", "2026-11-20"))
    (ws.state_dir / "config.yaml").write_text("expiring_days: 1\n")
    from memctl.workspace import open_workspace

    one = open_workspace(ws.root)
    regenerate_index(one, today=TODAY)
    summary = ws.index_path.read_text().split("**", 1)[1]
    assert summary.startswith("1 note** · ") and " expiring within 1 day\n" in summary
