"""scripts/generate_workspace.py: seeded, byte-for-byte deterministic, and memctl reads it all."""

from __future__ import annotations

import re
from pathlib import Path

import generate_workspace as gen
import pytest

from conftest import TODAY, git
from memctl.catalog import is_stale, scan
from memctl.doctor import check
from memctl.workspace import open_workspace


def tree(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def test_same_seed_gives_identical_files_and_another_seed_does_not(tmp_path):
    gen.generate(tmp_path / "a", 60, seed=5)
    gen.generate(tmp_path / "b", 60, seed=5)
    gen.generate(tmp_path / "c", 60, seed=6)
    a = tree(tmp_path / "a")
    assert a == tree(tmp_path / "b")
    assert a != tree(tmp_path / "c")


def test_it_writes_exactly_n_markdown_files_a_third_of_them_daily_logs(tmp_path):
    made = gen.generate(tmp_path / "ws", 300, seed=1)
    md = [p for p in (tmp_path / "ws").rglob("*.md")]
    assert len(md) == made.files == 300
    assert made.daily == 100 == len(list((tmp_path / "ws" / "daily").glob("*.md")))
    assert made.archived == 3 == len(list((tmp_path / "ws" / ".archive").rglob("*.md")))
    assert (tmp_path / "ws" / ".memctl" / "config.yaml").is_file()


def test_memctl_reads_every_file_and_doctor_finds_no_errors(tmp_path):
    gen.generate(tmp_path / "ws", 120, seed=3)
    ws = open_workspace(tmp_path / "ws")
    assert [f.error for f in scan(ws) if f.error] == []
    assert [f.problems for f in scan(ws) if f.problems] == []
    report = check(ws, today=TODAY)
    assert report.errors == 0, [f for f in report.findings if f.severity == "error"][:3]


def test_it_seeds_the_mix_the_benchmarks_need(tmp_path):
    gen.generate(tmp_path / "ws", 300, seed=1)
    ws = open_workspace(tmp_path / "ws")
    notes = [f for f in scan(ws) if f.kind == "note"]
    assert {f.category for f in notes} >= set(ws.config.categories)
    assert {f.priority for f in notes} == {"high", "med", "low", None}  # None: no frontmatter
    assert {f.status for f in notes} >= {"active", "stale", "superseded", "conflict"}
    assert any(f.status == "active" and is_stale(f, TODAY, 30) for f in notes), "for index"
    assert sum(f.closed for f in notes) > 0
    expiry = [d for f in notes for d in f.expiring]
    assert any(d < "2026-11-30" for d in expiry)
    assert any("2026-11-30" <= d <= "2026-12-07" for d in expiry)
    text = "".join(p.read_text(encoding="utf-8") for p in (tmp_path / "ws").rglob("*.md"))
    assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", text)
    assert "use_when:" in text and "#promote" in text and "DECISION:" in text
    logs = [f for f in scan(ws) if f.kind == "daily"]
    assert all(f.last_entry for f in logs)


def test_git_option_makes_one_clean_commit(tmp_path):
    gen.generate(tmp_path / "ws", 30, seed=1, git=True)
    assert git(tmp_path / "ws", "rev-list", "--count", "HEAD").strip() == "1"
    assert git(tmp_path / "ws", "status", "--porcelain") == ""


def test_it_refuses_a_folder_that_is_not_empty(tmp_path):
    (tmp_path / "ws").mkdir()
    (tmp_path / "ws" / "keep.md").write_text("mine\n")
    with pytest.raises(FileExistsError):
        gen.generate(tmp_path / "ws", 30, seed=1)
    assert gen.main([str(tmp_path / "ws"), "--files", "30"]) == 1
    assert (tmp_path / "ws" / "keep.md").read_text() == "mine\n"


def test_command_line(tmp_path, capsys):
    assert gen.main([str(tmp_path / "ws"), "--files", "40", "--seed", "2", "--days", "20"]) == 0
    assert "40 files (13 daily logs" in capsys.readouterr().out
    days = sorted(p.stem for p in (tmp_path / "ws" / "daily").glob("*.md"))
    assert days[-1] == "2026-11-29" and days[0] >= "2026-11-10"
