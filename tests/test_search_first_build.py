"""The search index's first build on a big workspace goes on where it stopped: after `kill -9`,
and after a hook's deadline, which it keeps (the hook answers nothing rather than wait)."""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from conftest import MEMCTL_BIN, TODAY, run_memctl
from memctl.search import index as searchindex
from memctl.search.index import db_path, open_index
from memctl.search.rebuild import rebuild
from memctl.search.recall import recall
from memctl.workspace import open_workspace

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
from generate_workspace import generate  # noqa: E402

FILES = 1500


def counts(root: Path) -> tuple[int, int, bool]:
    """(files, units, a build under way) as the index on disk holds them."""
    db = sqlite3.connect(root / ".memctl/search.db")
    try:
        files = db.execute("SELECT count(*) FROM files").fetchone()[0]
        units = db.execute("SELECT count(*) FROM units").fetchone()[0]
        building = db.execute("SELECT count(*) FROM building").fetchone()[0] > 0
        return files, units, building
    finally:
        db.close()


def whole(root: Path, tmp_path: Path) -> tuple[int, int]:
    """What a build from nothing of the same files holds."""
    twin = tmp_path / "twin"
    shutil.copytree(root, twin, ignore=shutil.ignore_patterns("search.db*"))
    ws = open_workspace(twin)
    rebuild(ws)
    files, units, _ = counts(twin)
    return files, units


def test_a_first_build_killed_half_way_goes_on_from_where_it_stopped(tmp_path):
    root = tmp_path / "big"
    generate(root, FILES, 1)  # a build of some seconds: its first commits come at half a second
    proc = subprocess.Popen(
        [str(MEMCTL_BIN), "-w", str(root), "search", "deploy"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    db = root / ".memctl/search.db"
    kept = 0
    while proc.poll() is None and not kept:
        time.sleep(0.05)
        try:
            kept = counts(root)[0] if db.exists() else 0
        except sqlite3.Error:
            kept = 0  # not made yet
    assert proc.poll() is None, "the build ended before a part of it was committed"
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    files, _, building = counts(root)
    assert 0 < files < FILES and building  # what the killed build committed is there

    ws = open_workspace(root)
    with open_index(ws) as index:  # the next command goes on with it, not from nothing
        assert index.freshness.indexed == index.freshness.files - files
        assert not index.freshness.building
    assert counts(root) == (*whole(root, tmp_path), False)


def test_a_hook_keeps_its_deadline_and_answers_nothing_until_the_index_is_whole(
    tmp_path, monkeypatch
):
    root = tmp_path / "big"
    generate(root, 600, 1)
    ws = open_workspace(root)
    monkeypatch.setattr(searchindex, "COMMIT_EVERY", 0.0)  # commit after every file
    prompt = "what did we decide about the deploy?"
    answer = recall(ws, prompt, today=TODAY, semantic=False, until=time.monotonic())
    assert answer.pointers == [] and answer.freshness.building
    assert "first build is under way" in (answer.freshness.stale or "")
    files, _, building = counts(root)
    assert 0 < files < answer.freshness.files and building

    hook = run_memctl(
        "-w",
        str(root),
        "recall",
        "--hook",
        "claude-code",
        input='{"hook_event_name": "UserPromptSubmit", "prompt": "the deploy decision"}',
    )
    assert hook.returncode == 0, hook.stderr
    with open_index(ws) as index:  # a search waits for the whole index, with progress
        assert not index.freshness.building
    assert counts(root) == (*whole(root, tmp_path), False)
    assert db_path(ws).exists()
