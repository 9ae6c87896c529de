"""A note's name comes from a person or an agent: one without a line break, inside the workspace."""

from __future__ import annotations

import pytest

from conftest import TODAY, commit_count, git, run_memctl
from memctl.errors import InvalidValue
from memctl.longterm import new_note


@pytest.mark.parametrize("name", ["lessons/line\nbreak", "lessons/tab\there", "lessons/x\x1b[2J"])
def test_new_refuses_a_name_with_a_line_break_or_control_character(ws, name):
    before = commit_count(ws)
    result = run_memctl("-w", str(ws.root), "new", name)
    assert result.returncode in (1, 2)  # the CLI's usage check, or the note layer's own
    assert "NAME" in result.stderr or "note name" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    with pytest.raises(InvalidValue, match="note name .* line break or control character"):
        new_note(ws, name, today=TODAY)  # the library refuses it too
    assert commit_count(ws) == before and git(ws, "status", "--porcelain") == ""
    assert sorted(p.name for p in (ws.root / "lessons").iterdir()) == [".gitkeep"]


@pytest.mark.parametrize("topic", ["/tmp/x/t", " /etc/passwd", "lessons/a\nb"])
def test_remember_refuses_a_topic_outside_the_workspace_or_with_a_line_break(ws, topic):
    before = commit_count(ws)
    result = run_memctl("-w", str(ws.root), "remember", "Anna prefers tea", "-t", topic, "--no-llm")
    assert result.returncode in (1, 2), result.stderr
    assert "--topic" in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert commit_count(ws) == before
    assert not (ws.root / "tmp").exists() and not (ws.root / "etc").exists()
    assert git(ws, "status", "--porcelain") == ""
