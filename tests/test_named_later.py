"""A value written first on its own and then named (a note's use-when key, a tag, a
description, a label entry just above it) is a new secret: every door that writes the name is
refused it (tests/doors.py lists the doors), and a file that arrives named by hand or by sync
is shown redacted by every read door and named by `doctor` (memctl.naming, memctl.exposed)."""

from __future__ import annotations

import json

import pytest

from conftest import Cli
from doors import DOORS, bench, git, through

VALUE = "Xk7#pLq2vR9m"
NAME = "online banking password"
WRITERS = [d for d in DOORS if d.writes]


def valued_bench(tmp_path):
    """The doors' workspace, the value written into lessons/a (titled "Garden": unnamed)."""
    b, cli = bench(tmp_path, Cli)
    cli("add", "lessons/a", "--", VALUE)
    return b, cli


def named(b) -> bool:
    """Whether lessons/a holds its value with the name above it: in its frontmatter, in a
    heading or on the line just above the value's."""
    lines = (b.root / "lessons" / "a.md").read_text().split("\n")
    at = [i for i, line in enumerate(lines) if VALUE in line]
    if not at:
        return False
    end = lines.index("---", 1) if lines[0] == "---" else 0
    above = [*lines[:end], *(line for line in lines if line.startswith("#"))]
    return any(NAME in line.lower() for line in [*above, *(lines[i - 1] for i in at)])


@pytest.mark.parametrize("door", WRITERS, ids=lambda d: d.command)
def test_no_door_names_a_value_written_before(door, tmp_path):
    b, cli = valued_bench(tmp_path)
    through(door, b, cli, NAME, tmp_path)
    assert not named(b)


@pytest.mark.parametrize(
    "new", [("--tag", "password"), ("-d", NAME), ("--use-when", NAME)], ids=lambda a: a[0]
)
def test_a_tag_or_a_description_names_the_value(new, tmp_path):
    b, cli = bench(tmp_path, Cli)
    cli("new", "people/bank", "-t", "Bank", *new)
    result = cli("add", "people/bank", "--", VALUE, code=3)
    assert VALUE not in result.stderr
    assert VALUE not in (b.root / "people" / "bank.md").read_text()


def test_the_note_level_key_is_refused_as_the_entry_level_one(tmp_path):
    b, cli = bench(tmp_path, Cli)
    cli("new", "people/bank", "-t", "Bank")
    entry = cli.json("add", "people/bank", VALUE)["id"]
    before = (b.root / "people" / "bank.md").read_text()
    for target in ("people/bank", entry):
        result = cli("key", target, NAME, code=3)
        assert VALUE not in result.stderr + result.stdout
        assert len(result.stderr.strip().splitlines()) == 1
    assert (b.root / "people" / "bank.md").read_text() == before
    cli("key", "people/bank", "bank visits on Fridays")  # a name of nothing secret goes in


def test_a_label_entry_names_the_next_one(tmp_path):
    b, cli = bench(tmp_path, Cli)
    cli("new", "people/bank", "-t", "Bank")
    cli("add", "people/bank", "--", "Online banking password")
    cli("add", "people/bank", "--", VALUE, code=3)
    cli("add", "people/bank", "--", "ask Anna at the branch")  # an ordinary line goes in
    assert VALUE not in (b.root / "people" / "bank.md").read_text()


NOTES = {
    "use-when": "---\ntitle: Bank\nuse_when:\n- online banking password\n---\n# Bank\n\n- {v}\n",
    "tag": "---\ntitle: Bank\ntags: [password]\n---\n# Bank\n\n- {v}\n",
    "description": "---\ntitle: Bank\ndescription: online banking password\n---\n# Bank\n\n- {v}\n",
    "label": "# Bank\n\n- Online banking password:\n- {v}\n",
}


@pytest.mark.parametrize("how", NOTES)
def test_a_named_value_written_by_hand_is_shown_redacted(how, cli, ws):
    (ws.root / "people" / "bank.md").write_text(NOTES[how].format(v=VALUE))
    git(ws.root, "add", "-A")
    git(ws.root, "commit", "-qm", "by hand")
    said = [
        cli("recall", "what is my online banking password").stdout,
        cli("search", "bank").stdout,
        cli("search", "bank", "--json").stdout,
        cli("show", "people/bank").stdout,
        cli("show", "people/bank", "--json").stdout,
    ]
    assert not [s for s in said if VALUE in s]
    assert any("[redacted:password]" in s for s in said)
    report = cli.json("doctor", code=None)
    assert "named-secret" in json.dumps(report)
