"""End to end: a scripted agent's week (tests/agent_week.sh) through Claude Code's hooks.

The script plays the harness: it installs memctl's hooks into a project, then runs the commands
from that settings file with each hook's JSON on stdin, day after day under MEMCTL_NOW, with
`memctl sleep` and the catalogue of past chats every night. A memory saved on Monday must come
back as a pointer on Saturday, asked for in other words, through its use-when key.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

from conftest import MEMCTL_BIN, REPO, Cli, git
from memctl.chats import CHATS_NOTE
from memctl.words import STOPWORDS, tokens


def test_a_memory_from_monday_comes_back_on_saturday(tmp_path):
    # No memctl on PATH: the hooks must name the installed memctl by its absolute path.
    env = {k: v for k, v in os.environ.items() if k not in ("MEMCTL_WORKSPACE", "MEMCTL_NOW")}
    env |= {"MEMCTL": str(MEMCTL_BIN), "PYTHON": sys.executable, "PATH": "/usr/bin:/bin"}
    run = subprocess.run(
        ["bash", str(REPO / "tests" / "agent_week.sh"), str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert "agent_week: Monday's memory came back on Saturday as " in run.stdout

    written = json.loads((tmp_path / "day1-memory.json").read_text())["written"]
    asked = {t for t in tokens("get me the link we used last time") if t not in STOPWORDS}
    assert not asked & set(tokens(written["text"])), "the question must use other words"

    ws = tmp_path / "memory"
    cli = Cli(ws)
    week = cli.json("stats", "--days", "6", env={"MEMCTL_NOW": "2026-11-28T12:00"})
    assert [d["sessions"] for d in week["days"]] == [1, 1, 1, 1, 1, 1]
    assert week["days"][-1]["recalls_found"] == 1
    chats = (ws / CHATS_NOTE).read_text()
    assert all(f"session:{s}" in chats for s in ("mon", "s24", "s25", "s26", "s27"))
    assert "Claude Code session compacted (auto)" in (ws / "daily" / "2026-11-26.md").read_text()
    assert (ws / "reports" / "2026-11-28.md").exists()  # the nightly job ran
    report = cli.json("doctor", env={"MEMCTL_NOW": "2026-11-28T12:00"})
    assert report["errors"] == 0
    assert "memory-unread" not in [f["code"] for f in report["findings"]]
    assert git(ws, "status", "--porcelain").strip() == ""
