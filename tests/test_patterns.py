"""No regular expression of memctl's backtracks for ever on what a hostile text may hold.

Every text memctl reads (a web page through the gate, a note synced from a peer, a transcript)
goes through its patterns, and one that can read a run of the same words in countless ways
hangs the turn (a run of 40 "ai" once took hours). This enumerates the patterns rather than
picking a few: every compiled pattern a module of memctl holds, and every pattern written as a
literal in a call to `re`, so a pattern added next year is tried too. Each is fed runs of what
its own repeated parts match (tests/backtrack.py), in a process of its own, stopped if it
hangs."""

from __future__ import annotations

import ast
import importlib
import pickle
import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import pytest

import memctl

_CALLS = {"compile", "search", "match", "fullmatch", "findall", "finditer", "sub", "subn", "split"}


def _flags(node: ast.Call) -> int:
    """The flags a call to `re` passes, when they are written as `re.X | re.Y`."""
    given = [kw.value for kw in node.keywords if kw.arg == "flags"]
    if node.func.attr in {"compile", "search", "match", "fullmatch", "findall", "finditer"}:
        given += node.args[1:2]
    value = 0
    for expr in given:
        for name in ast.walk(expr):
            if isinstance(name, ast.Attribute) and isinstance(name.value, ast.Name):
                value |= getattr(re, name.attr, 0)
    return value


def patterns() -> dict[tuple[str, int], str]:
    """Every pattern of memctl: (source, flags) → where it is."""
    found: dict[tuple[str, int], str] = {}
    for info in pkgutil.walk_packages(memctl.__path__, "memctl."):
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if isinstance(value, re.Pattern):
                found.setdefault((value.pattern, value.flags), f"{info.name}.{name}")
        tree = ast.parse(Path(module.__file__ or "").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "re"
                and node.func.attr in _CALLS
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                compiled = re.compile(node.args[0].value, _flags(node))
                found.setdefault((compiled.pattern, compiled.flags), f"{info.name}:{node.lineno}")
    return found


def test_every_pattern_is_found():
    """The enumeration finds the patterns it is meant to: module-level ones and literals in
    calls, in every package of memctl."""
    where = set(patterns().values())
    assert len(where) > 100
    assert "memctl.gate.injection._SPACED" in where
    assert any(":" in w for w in where)  # a literal in a call
    assert {w.split(".")[1].split(":")[0] for w in where} >= {"gate", "search", "nightly"}


def _run(found: list[tuple[str, int, str]], timeout: float) -> str | None:
    """Feed `found` to tests/backtrack.py in a process of its own: None when every pattern was
    read at once, else the pattern it hung on."""
    try:
        done = subprocess.run(
            [sys.executable, str(Path(__file__).with_name("backtrack.py"))],
            input=pickle.dumps(found),
            timeout=timeout,
            capture_output=True,
        )
    except subprocess.TimeoutExpired as hung:
        return ((hung.stderr or b"").decode().strip().splitlines() or ["?"])[-1]
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    assert int(done.stdout) == len(found)
    return None


def test_no_pattern_backtracks_for_ever_on_runs_of_what_it_repeats():
    """Each repeat of each pattern is fed sixty of what one turn of it matches, after what the
    pattern matches before it, then a character that fails the match (tests/backtrack.py)."""
    found = [(source, flags, where) for (source, flags), where in patterns().items()]
    assert _run(found, timeout=300) is None


@pytest.mark.parametrize(
    "source",
    [
        # a run of "ai" is "a" and "i" or "ai" at each step: how a hostile page once hung a turn
        r"(?:note\s+to|for)\s+(?:(?:a|i|ai|la)\s*)*(?:assistant|bot)",
        # "aa:aa:aa…" is one key:value or many: how the nightly job's head of an entry once hung
        r"^(?:[-*+] )?(?:\s*[a-z][a-z_]{0,23}:\S+)+\s+· ",
    ],
)
def test_the_feed_finds_a_pattern_that_backtracks(source):
    """The feed is not a test that cannot fail: patterns of the two kinds memctl once had are
    found hanging."""
    assert _run([(source, 0, "faulty")], timeout=5) == "faulty"


def test_a_log_line_of_key_value_runs_does_not_hang_the_nightly_job(ws):
    """Through the doors: a line of the day's log shaped as "aa:aa:aa…" (a pasted hash, a
    hostile page the agent logged) goes through `memctl log` and the nightly job reads it."""
    from conftest import run_memctl

    hostile = "FACT: " + "aa:a" * 40 + " is noted"
    logged = run_memctl("log", hostile, "--json", cwd=ws.root)
    assert logged.returncode == 0, logged.stderr
    done = run_memctl("consolidate", "--dry-run", "--json", cwd=ws.root)
    assert done.returncode == 0, done.stderr
