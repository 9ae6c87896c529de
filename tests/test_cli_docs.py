"""docs/cli.md is the help of every command, as scripts/gen_cli_docs.py writes it.

A help text changed without `python scripts/gen_cli_docs.py` fails here; so does a command the
page does not have.
"""

from __future__ import annotations

import os
import subprocess
import sys

from test_cli import all_commands

from conftest import REPO

SCRIPT = REPO / "scripts" / "gen_cli_docs.py"
PAGE = REPO / "docs" / "cli.md"


def generate(*args: str) -> subprocess.CompletedProcess:
    command = [sys.executable, str(SCRIPT), *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


def test_docs_cli_md_is_what_the_help_says():
    result = generate("--check")
    assert result.returncode == 0, result.stderr


def test_every_command_has_its_section():
    page = PAGE.read_text(encoding="utf-8")
    for name, _ in all_commands():
        assert f"\n## memctl {name}\n\n```text\nUsage: memctl {name} " in page, name


def test_a_changed_page_is_drift(tmp_path):
    stale = tmp_path / "cli.md"
    stale.write_text(PAGE.read_text(encoding="utf-8").replace("Append", "Add", 1), encoding="utf-8")
    result = generate("--check", "--file", str(stale))
    assert result.returncode == 1
    assert "out of date" in result.stderr and "+" in result.stderr
    assert generate("--file", str(stale)).returncode == 0
    assert stale.read_text(encoding="utf-8") == PAGE.read_text(encoding="utf-8")


def test_the_page_does_not_depend_on_the_terminal(tmp_path):
    page = tmp_path / "cli.md"
    wide = {"COLUMNS": "200", "FORCE_COLOR": "1", "TERM": "xterm-256color"}
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"} | wide
    command = [sys.executable, str(SCRIPT), "--file", str(page)]
    subprocess.run(command, env=env, check=True, capture_output=True, timeout=120)
    assert page.read_text(encoding="utf-8") == PAGE.read_text(encoding="utf-8")
