"""A purged text stays purged turned as someone hiding it turns it: its letters joined by one
mark each, backwards, in ROT13, in leetspeak, a name's words in the other order; the purge
removes such copies from the files and history; a one-word text is not recorded backwards or
in ROT13 ("evil" is "live"). The rules file memctl wrote outside the workspace is cleaned by
the purge."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from conftest import git
from memctl.purged import new_records, parse
from memctl.secrets import turned
from memctl.secrets.purgeread import searched
from memctl.secrets.spelling import spelled

TURNED = [
    "J.i.m H.a.r.d.i.e",
    "J_i_m H_a_r_d_i_e",
    "J*i*m Hardie",
    "eidraH miJ",
    "Wvz Uneqvr",
    "J1m Hard1e",
    "H4rd13 J1m",
    "Hardie Jim",
    "Hardie, Jim",
]


def _registry(text: str):
    records = new_records(text, salt="ab" * 16, receipt="r", today=dt.date(2026, 1, 1))
    return parse("".join(r.line() for r in records))


@pytest.mark.parametrize("copy", TURNED)
def test_the_registry_reads_a_turned_copy(copy):
    assert _registry("Jim Hardie").match(f"{copy} called about the lease") == "r"


@pytest.mark.parametrize("text", ["Jimmy Hardy called", "live and learn", "jim hardly", "J1mmy"])
def test_ordinary_text_is_not_a_turned_copy(text):
    assert _registry("Jim Hardie").match(text) is None


def test_one_short_word_is_not_recorded_backwards_or_in_rot13():
    assert turned.turned("evil") == [] and turned.turned("envy") == []
    registry = _registry("Evil")
    assert registry.match("we live here") is None and registry.match("the rail") is None
    assert _registry("Zanzibar7731x").match("x1377rabiznaz") == "r"  # one long word is


def test_leetspeak_reads_one_as_i_and_as_l():
    assert [r.text for r in turned.leet_readings("b1ll h4rd1e")] == ["bill hardie", "blll hardle"]
    assert turned.leet_readings("version 2024 of it") == []
    assert _registry("Bill Lane").match("B1ll L4ne") == "r"


def test_letters_joined_by_one_mark_read_as_one_word():
    read = [text for text, _ in searched("met J.i.m today").every()]
    assert "met jim today" in read


@pytest.mark.parametrize("copy", TURNED)
def test_the_purge_pattern_finds_each_turned_copy(copy):
    text_rx, bytes_rx = spelled("Jim Hardie")
    if "." in copy or "_" in copy or copy.startswith("H4"):
        return  # letters written apart, leetspeak in the other order: the registry's alone
    assert re.search(text_rx, copy, re.IGNORECASE)
    assert re.search(bytes_rx, copy.encode(), re.IGNORECASE)


def test_a_purge_removes_turned_copies_from_files_and_history(ws, cli):
    cli("log", "t", "-m", "Wvz Uneqvr and eidraH miJ and J1m Hard1e and Hardie Jim met Jim Hardie")
    cli("forget", "--purge", "--match", "Jim Hardie", "--yes")
    daily = "\n".join(p.read_text() for p in (ws.root / "daily").glob("*.md"))
    history = git(ws, "log", "-p", "--all")
    for copy in ("Wvz Uneqvr", "eidraH miJ", "J1m Hard1e", "Hardie Jim", "Jim Hardie"):
        assert copy not in daily and copy not in history
    for copy in TURNED:
        refused = cli("remember", f"{copy} called", "-s", "user", code=3)
        assert "purged on purpose" in refused.stderr


def test_a_purge_cleans_the_rules_file_memctl_wrote(ws, cli, tmp_path):
    project = tmp_path / "project"
    project.mkdir()
    cli("new", "rules/contacts", "-t", "Contacts")
    cli(
        "add", "rules/contacts", "Never email Zora Neale about invoices", "-s", "user", "-k", "RULE"
    )
    cli("hooks", "install", "claude-code", "--project", str(project))
    rules = project / ".claude" / "memctl-rules.md"
    assert "Zora Neale" in rules.read_text()
    receipt = cli("forget", "--purge", "--match", "Zora Neale", "--yes").stdout
    assert "Zora" not in rules.read_text() and "[purged]" in rules.read_text()
    assert f"rules file memctl wrote outside the workspace: {rules.resolve()}" in receipt
    assert "`memctl now --rules-file PATH` rewrites it" in receipt
