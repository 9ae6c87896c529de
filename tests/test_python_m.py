"""`python -m memctl` run inside a workspace: Python puts the current folder first on sys.path,
and a peer's synced `typer.py` there was imported in place of the library, and ran."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO

PLANTED = "open({marker!r}, 'w').write('ran')\n"


def _run(cwd: Path, *args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "memctl", *args],
        cwd=cwd,
        env=env or dict(os.environ),
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("rel", ["typer.py", "typer/__init__.py"])
def test_a_program_in_the_workspace_is_not_imported_by_python_m(ws, tmp_path, rel):
    marker = tmp_path / "PEER_CODE_RAN"
    (ws.root / rel).parent.mkdir(parents=True, exist_ok=True)
    (ws.root / rel).write_text(PLANTED.format(marker=str(marker)))
    done = _run(ws.root, "now")
    assert not marker.exists(), done.stderr
    assert done.returncode == 0, done.stderr


def test_python_m_from_a_checkout_s_root_runs_the_code_there(tmp_path):
    """The folder memctl itself is imported from stays on the path: a developer's checkout."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = _run(REPO, "--version", env=env)
    assert done.returncode == 0 and done.stdout.startswith("memctl "), done.stderr


def test_only_the_current_folder_is_taken_off_the_path(tmp_path):
    from memctl.__main__ import without_current_folder

    here, cwd = str(tmp_path / "lib"), str(tmp_path / "ws")
    path = ["", cwd, here, "/usr/lib/python3"]
    assert without_current_folder(path, here, cwd) == [here, "/usr/lib/python3"]
    assert without_current_folder(path, cwd, cwd) == path  # memctl lives there: kept
    assert without_current_folder(["", here], here, None) == [here]
