"""Golden transcripts: the top-level help and the renders a person reads first, byte for byte.

Each file in tests/golden/ is one command run as a person would run it: the installed `memctl`
in a real process, in a copy of workspace-example/ (a git repository made by `memctl init`),
at the example's clock (MEMCTL_NOW=2026-11-30T09:00), 80 columns wide, without colour or a
terminal, and on words alone (`semantic: false`, so the extra being installed or not changes
nothing). A file holds the command line, its stdout, its stderr (when there is any) and its
exit code. A change to what a command prints fails here until it is accepted on purpose:

    MEMCTL_REGOLD=1 .venv/bin/pytest tests/test_golden.py

rewrites the files from what the commands print now; review the diff (`git diff tests/golden`)
before committing it. Commands whose output holds a fresh id or a commit hash are not here.
"""

from __future__ import annotations

import os
import shlex
import shutil

import pytest

from conftest import EXAMPLE, NOW, REPO, run_memctl
from memctl.initialize import init_workspace

GOLDEN = REPO / "tests" / "golden"
REGOLD = os.environ.get("MEMCTL_REGOLD") == "1"
TERMINAL = {"COLUMNS": "80", "NO_COLOR": "1", "TERM": "dumb"}

CASES = {
    "help": ["--help"],
    "now": ["now"],
    "now-full": ["now", "--full"],
    "search": ["search", "the link we used last time", "-n", "5"],
    "search-none": ["search", "zebra saxophone"],
    "recall": ["recall", "get me the link we used last time"],
    "recall-silent": ["recall", "thanks, see you tomorrow"],
    "ls": ["ls"],
    "doctor": ["doctor"],
    "expiring": ["expiring"],
    "show-entry": ["show", "t4xk"],
    "graph-help": ["graph", "--help"],
    "error-unknown-note": ["show", "nope"],
    "error-usage": ["now", "--no-such-option"],
}


@pytest.fixture
def example(tmp_path):
    """A git-versioned copy of workspace-example/, on words alone."""
    root = tmp_path / "example"
    shutil.copytree(EXAMPLE, root, ignore=shutil.ignore_patterns("cache", "*.db"))
    config = root / ".memctl" / "config.yaml"
    config.write_text(config.read_text(encoding="utf-8") + "semantic: false\n", encoding="utf-8")
    init_workspace(root, now=NOW)
    return root


def transcript(root, argv: list[str]) -> str:
    done = run_memctl(*argv, cwd=root, env=TERMINAL)
    text = f"$ {shlex.join(['memctl', *argv])}\n{done.stdout}"
    if done.stderr:
        text += f"[stderr]\n{done.stderr}"
    text += f"[exit {done.returncode}]\n"
    return text.replace(str(root), "WORKSPACE")


@pytest.mark.parametrize("name", list(CASES))
def test_transcript_is_golden(example, name):
    path = GOLDEN / f"{name}.txt"
    got = transcript(example, CASES[name])
    if REGOLD:
        path.parent.mkdir(exist_ok=True)
        path.write_text(got, encoding="utf-8")
        return
    assert path.exists(), f"no {path.name}: run `MEMCTL_REGOLD=1 pytest tests/test_golden.py`"
    assert got == path.read_text(encoding="utf-8"), f"{name}: see MEMCTL_REGOLD in this docstring"


def test_every_golden_file_has_a_case():
    assert {p.stem for p in GOLDEN.glob("*.txt")} == set(CASES)
