"""What the package says of itself: one version, its licence, its links, its types, its hooks."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from importlib.metadata import metadata

import memctl
from conftest import REPO

PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_version_is_written_once():
    project = PYPROJECT["project"]
    assert "version" not in project and "version" in project["dynamic"]
    assert PYPROJECT["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "memctl.__version__"}
    assert metadata("memctl")["Version"] == memctl.__version__  # what the build read


def test_reading_the_version_imports_no_metadata_machinery():
    code = "import sys, memctl; print(memctl.__version__, 'importlib.metadata' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout == f"{memctl.__version__} False\n"


def test_the_licence_is_mit_as_declared():
    assert PYPROJECT["project"]["license"] == {"text": "MIT"}
    text = (REPO / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n") and "Copyright (c) 2026 memctl authors" in text
    assert metadata("memctl")["License"] == "MIT"


def test_the_changelog_has_this_version():
    changelog = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"## [{memctl.__version__}]" in changelog
    assert f"[{memctl.__version__}]: https://github.com/memctl/memctl/" in changelog


def test_the_links_are_declared():
    urls = PYPROJECT["project"]["urls"]
    assert set(urls) == {"Homepage", "Documentation", "Changelog"}
    assert all(u.startswith("https://github.com/memctl/memctl") for u in urls.values())
    assert urls["Changelog"].endswith("/CHANGELOG.md") and urls["Documentation"].endswith("/docs")
    declared = metadata("memctl").get_all("Project-URL")
    assert sorted(declared) == sorted(f"{k}, {v}" for k, v in urls.items())


def test_the_package_says_it_is_typed():
    assert (REPO / "memctl" / "py.typed").is_file()
    assert "py.typed" in PYPROJECT["tool"]["setuptools"]["package-data"]["memctl"]


def test_the_pre_commit_hooks_run_what_scripts_test_runs():
    script = (REPO / "scripts" / "test").read_text(encoding="utf-8")
    hooks = (REPO / ".pre-commit-config.yaml").read_text(encoding="utf-8")
    ruff_runs = re.findall(r"^(\.venv/bin/ruff [\w -]+?) \.$", script, re.M)
    assert len(ruff_runs) == 2, ruff_runs  # ruff check, ruff format --check
    entries = re.findall(r"^\s+entry: (.+)$", hooks, re.M)
    assert all(run in entries for run in ruff_runs), (ruff_runs, entries)
