"""workspace-example/ stays valid and keeps what its README promises.

INDEX.md is compared byte for byte with what `render_index` makes today, so a change to the
example (or to the dashboard) needs INDEX.md regenerated on purpose:

    MEMCTL_NOW=2026-11-30T09:00 memctl -w workspace-example index
"""

from __future__ import annotations

import re
import shutil

import pytest

from conftest import EXAMPLE, TODAY, Cli
from memctl.catalog import is_stale, scan
from memctl.daily import is_day_file, parse_log
from memctl.dashboard import regenerate_index, render_index
from memctl.doctor import check
from memctl.health import workspace_health
from memctl.note import read_note
from memctl.show import show
from memctl.workspace import iter_markdown, open_workspace

REGENERATE = "MEMCTL_NOW=2026-11-30T09:00 memctl -w workspace-example index"


@pytest.fixture
def example(tmp_path):
    """A plain copy of the example as shipped (no git, like the bundled one)."""
    root = tmp_path / "example"
    shutil.copytree(EXAMPLE, root, ignore=shutil.ignore_patterns("cache", "lock", "*.db*"))
    return open_workspace(root)


def test_every_file_parses_without_problems(example):
    paths = list(iter_markdown(example, archive=True))
    assert len(paths) > 40
    for path in paths:
        rel = example.rel(path)
        note = read_note(path, display=rel)
        assert note.problems() == [], rel
        if is_day_file(rel):
            assert parse_log(rel, note.text), f"{rel} has no ### HH:MM — title entries"
        elif note.has_frontmatter:
            assert note.entries(), f"{rel} has no entry lines"
            assert all(e.id for e in note.entries()), f"{rel} has an entry without an id"


def test_doctor_reports_only_the_intended_warnings(example):
    report = check(example, today=TODAY)
    assert report.errors == 0, [f for f in report.findings if f.severity == "error"]
    # and that this copy, as the bundled one, is no git repository (`memctl init` makes one)
    assert {f.code for f in report.findings} == {"low-without-expiry", "no-git"}


def test_index_md_is_what_render_index_makes_today(example):
    shipped = (EXAMPLE / "INDEX.md").read_text(encoding="utf-8")
    assert render_index(example, today=TODAY).text == shipped, f"regenerate it: {REGENERATE}"


def test_index_was_regenerated_after_the_last_change(example):
    before = {p: p.read_bytes() for p in iter_markdown(example, archive=True)}
    outcome = regenerate_index(example, today=TODAY)
    assert outcome.value.marked_stale == [], f"notes not yet marked stale: {REGENERATE}"
    assert {p: p.read_bytes() for p in before} == before


def test_now_prints_now_md_and_the_health_line(example):
    result = Cli(example.root)("now")
    health = workspace_health(example, today=TODAY).line()
    assert result.stdout.startswith("# NOW.md")
    assert "blocked: waiting for Brian" in result.stdout
    assert result.stdout.rstrip("\n").endswith(health)
    assert "22 notes · 4 stale" in health and "last log 1 day ago" in health


def test_ls_show_and_doctor_work_on_it(example):
    cli = Cli(example.root)
    listing = cli.json("ls", "--status", "stale")
    assert sorted(f["path"] for f in listing["files"]) == [
        "lessons/deploy-checklist.md",
        "people/tanaka-kenji.md",
        "semantic/postgres-notes.md",
        "tools/home-network.md",
    ]
    assert "tax.example.gov/online/estimated-payment/start" in cli("show", "t4xk").stdout
    archived = cli.json("show", "n3fa")
    assert archived["archived"] is True and archived["entry"]["closed"] is True
    assert "田中さん" in cli("show", "people/tanaka-kenji").stdout
    assert cli.json("doctor")["errors"] == 0


def test_it_holds_every_case_the_readme_lists(example):
    facts = {f.path: f for f in scan(example)}
    notes = [f for f in facts.values() if f.kind == "note"]
    assert {f.status for f in notes} >= {"active", "stale", "superseded", "conflict"}
    assert sum(is_stale(f, TODAY, 30) for f in notes) == 4
    assert not facts["MEMORY.md"].frontmatter
    assert {f.priority for f in notes} >= {"high", "med", "low"}
    assert sum(f.closed for f in notes) >= 3
    expiry = sorted(d for f in notes for d in f.expiring)
    assert any(d < "2026-11-30" for d in expiry), "an entry already expired"
    assert any("2026-11-30" <= d <= "2026-12-07" for d in expiry), "one expiring this week"
    days = sorted(f.path for f in facts.values() if f.kind == "daily")
    assert len(days) >= 20
    assert (days[0], days[-1]) == ("daily/2026-10-26.md", "daily/2026-11-29.md")
    logs = "".join((example.root / d).read_text(encoding="utf-8") for d in days)
    for marker in ("DECISION:", "LESSON:", "FACT:", "TODO:", "DONE:", "BLOCKED:", "#promote"):
        assert marker in logs
    assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", logs)
    forms = read_note(example.root / "lessons/government-forms.md")
    assert "the link we used last time" in forms.meta["use_when"]
    assert show(example, "t4xk").entry.priority == "high"
    assert len(list((example.root / ".archive").rglob("*.md"))) == 1


def test_memctl_keeps_a_persons_comments_and_unknown_keys(example):
    Cli(example.root)("verify", "people/brian")
    text = (example.root / "people/brian.md").read_text(encoding="utf-8")
    assert "priority: high  # works with Sam on Atlas every day" in text
    assert "aliases: [Brian O., brian@atlas.example.com]" in text
    assert "last_verified: 2026-11-30" in text
