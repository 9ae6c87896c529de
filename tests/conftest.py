"""Shared fixtures: real temp workspaces with real git, a fixed clock, the real CLI."""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from madeonce import copy_of
from typer.testing import CliRunner

from memctl.initialize import init_workspace
from memctl.workspace import open_workspace

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "workspace-example"
NOW = dt.datetime(2026, 11, 30, 9, 0)
TODAY = NOW.date()
MEMCTL_BIN = Path(sys.executable).with_name("memctl")


# The modules whose tests run longest (tens of seconds each: whole evaluation sets, a door
# matrix, an agent's week), handed out first: started last, one of them keeps a worker busy
# while the other has nothing left to do.
LONGEST_FIRST = (
    "test_gate_cases.py",
    "test_doors.py",
    "test_patterns.py",
    "test_agent_week.py",
    "test_search_first_build.py",
    "test_doors_mcp.py",
    "test_serve_warm.py",
    "test_serve_mcp.py",
    "test_serve_writes.py",
    "test_purge_killed.py",
    "test_bad_bytes.py",
    "test_named_later.py",
)


def _keep_purge_patterns() -> None:
    """A purge's patterns are a pure function of the text purged, 0.3 to 1.8 s each to make;
    memctl keeps the last 4 in its process, and a purge empties every cache of memctl's
    functions (memos.forget), those too. A test worker keeps every one it made, in a memo of
    its own that no purge empties: many tests purge the same few texts, each in a workspace of
    its own (a worker made "+1 555 0134"'s 13 times over)."""
    from memctl.forgetting import purge

    make = purge._patterns.__wrapped__
    kept: dict[str, tuple[re.Pattern[str], re.Pattern[bytes]]] = {}

    def patterns(text: str) -> tuple[re.Pattern[str], re.Pattern[bytes]]:
        if text not in kept:
            kept[text] = make(text)
        return kept[text]

    purge._patterns = patterns


_keep_purge_patterns()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    rank = {name: n for n, name in enumerate(LONGEST_FIRST)}
    # A stable sort: every worker collects the same order, as pytest-xdist requires.
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))


@pytest.fixture(autouse=True)
def _isolated(monkeypatch, tmp_path_factory):
    """No test sees the developer's workspace, git identity or clock."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.delenv("MEMCTL_WORKSPACE", raising=False)
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)  # the user config is under HOME
    monkeypatch.setenv("MEMCTL_NOW", NOW.isoformat(timespec="minutes"))
    monkeypatch.setenv("NO_COLOR", "1")
    # A command waits this long (not 20 ms) for a running `memctl serve` to take it up: on a
    # loaded machine the server may be scheduled later, and the command would answer itself
    # where a test counts the server's answers. A test of the wait itself sets its own.
    monkeypatch.setenv("MEMCTL_SERVE_WAIT_MS", "3000")


@pytest.fixture
def ws(tmp_path):
    """A fresh workspace made by `memctl init`, with its first commit (a copy: under the fixed
    clock, init writes the same files and the same first commit every time)."""
    return open_workspace(copy_of("init", _init, tmp_path / "ws")[0])


def _init(root: Path) -> None:
    init_workspace(root, now=NOW)


def _example(root: Path) -> None:
    shutil.copytree(EXAMPLE, root, ignore=shutil.ignore_patterns("cache", "*.db"))
    init_workspace(root, now=NOW)
    # Its search index and vectors made once too, as a workspace in use has them: each memctl
    # process a test starts in a copy would otherwise embed every note and request again.
    from memctl.search import semantic

    ws = open_workspace(root)
    if semantic.available(ws):
        semantic.embed_all(ws)


@pytest.fixture
def example_ws(tmp_path):
    """A git-versioned copy of workspace-example/, its search index and vectors made (the
    bundled one is never written to)."""
    return open_workspace(copy_of("example", _example, tmp_path / "example")[0])


def made(name: str, steps: Callable[[Cli], object], tmp_path: Path):
    """A workspace made by `memctl init` then `steps` (the real CLI, a purge say) once per
    process and copied for each test that asks for `name`: a purge's pattern and history
    rewrite cost a second or more, the copy a few milliseconds."""

    def make(root: Path) -> None:
        init_workspace(root, now=NOW)
        steps(Cli(root))

    return open_workspace(copy_of(name, make, tmp_path / "ws")[0])


def git(ws_or_root, *args: str) -> str:
    root = ws_or_root if isinstance(ws_or_root, Path) else ws_or_root.root
    return subprocess.run(
        ["git", *args], cwd=root, capture_output=True, text=True, check=True
    ).stdout


def history(ws) -> str:
    """Every commit's message and patch on every ref, without the object ids: a short code
    (four digits) is not to be found by chance in a commit's or a blob's hash."""
    shown = git(ws, "log", "-p", "--all", "--format=%B")
    return "\n".join(line for line in shown.splitlines() if not line.startswith("index "))


def refused_as_a_secret(ws, cli, text: str) -> None:
    """`memctl log` refuses the text as holding a secret (exit 3) and commits nothing."""
    head = git(ws, "rev-parse", "HEAD")
    refused = cli("log", "t", "-m", text, code=3)
    assert "looks like it holds a secret" in refused.stderr
    assert git(ws, "rev-parse", "HEAD") == head


def file_entry(ws, note: str, text: str, *, kind: str = "FACT", source: str = "user") -> str:
    """An entry on file in `note` (made for it when there is none), as the gate's tests set up
    what a new memory is read against; its id."""
    from memctl.longterm import add_entry, new_note

    if not (ws.root / f"{note}.md").exists():
        new_note(ws, note, title=note.rsplit("/", 1)[-1].title(), today=TODAY)
    return add_entry(ws, note, text, kind=kind, source=source, today=TODAY).value.entry.id


def open_lines(ws, note: str) -> list[str]:
    """The texts of the open entries of `note`."""
    from memctl.note import read_note

    return [e.text for e in read_note(ws.root / f"{note}.md").entries() if not e.closed]


def told(ws, note: str, entry: str, said: str, *, source: str = "user"):
    """`said` remembered through the gate over `entry` on file in `note`: what it did."""
    from memctl.gate.remember import remember

    file_entry(ws, note, entry)
    return remember(ws, said, source=source, now=NOW).value


def commit_count(ws) -> int:
    return int(git(ws, "rev-list", "--count", "HEAD").strip())


class Cli:
    """The real `memctl` app through Typer's CliRunner, against one workspace."""

    def __init__(self, root: Path | None):
        self.root = root
        self.runner = CliRunner()

    def __call__(self, *args: str, input: str | None = None, code: int | None = 0, env=None):
        from memctl.cli.main import app

        argv = (["-w", str(self.root)] if self.root else []) + list(args)
        result = self.runner.invoke(app, argv, input=input, catch_exceptions=False, env=env)
        if code is not None:
            assert result.exit_code == code, (result.exit_code, result.stdout, result.stderr)
        return result

    def tell(self, *texts: str) -> None:
        """Each text told as the user tells a memory: `memctl remember TEXT --source user`."""
        for text in texts:
            self("remember", text, "--source", "user")

    def json(self, *args: str, **kwargs):
        result = self(*args, "--json", **kwargs)
        return json.loads(result.stdout)


@pytest.fixture
def cli(ws):
    return Cli(ws.root)


def run_memctl(
    *args: str,
    cwd: Path | None = None,
    env: dict | None = None,
    input: str | None = None,
    timeout: float = 60,
) -> subprocess.CompletedProcess:
    """The installed console script in a real subprocess (stopped past `timeout` seconds)."""
    full_env = {**os.environ, **(env or {})}
    return subprocess.run(
        [str(MEMCTL_BIN), *args],
        cwd=cwd,
        env=full_env,
        input=input,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
