"""A purge of a word memctl writes as structure (`user` of every `src:user`, a kind, a field, a
heading, a folder) rewrote every entry, and from then on `--source user` was refused forever.
Such a text is refused; a longer one holding such a word as part of a name is purged; and a
purge leaves an entry's own part (priority, kind, field names, the values memctl sets, its id)
as it is."""

from __future__ import annotations

import pytest

from conftest import git

STRUCTURE = (
    "user",
    "agent",
    "tool",
    "added",
    "expires",
    "RULE",
    "FACT",
    "DECISION",
    "src:user",
    "[🟡MED]",
    "In Progress",
    "Today's Focus",
    "people",
    "memctl",
    "trusted",
)


def _workspace(cli):
    cli("remember", "Never force-push to main", "-s", "user", "-k", "RULE", "--topic", "rules/git")
    cli("new", "people/team", "-t", "Team")
    cli("add", "people/team", "Anna leads the design review", "-s", "user")


@pytest.mark.parametrize("text", STRUCTURE)
def test_a_purge_of_memctl_s_own_structure_is_refused(ws, cli, text):
    _workspace(cli)
    head = git(ws, "rev-parse", "HEAD")
    refused = cli("forget", "--purge", "--match", text, "--yes", code=3)
    assert len(refused.stderr.strip().splitlines()) == 1
    assert "memctl's own structure" in refused.stderr
    assert git(ws, "rev-parse", "HEAD") == head and not (ws.root / ".memctl/purged.jsonl").exists()
    cli("add", "people/team", "Bob reviews the API", "-s", "user")  # `user` is still a source


def test_a_name_holding_such_a_word_is_purged(ws, cli):
    _workspace(cli)
    cli("add", "people/team", "Agent Smith reviews the API", "-s", "user")
    cli("forget", "--purge", "--match", "Agent Smith", "--yes")
    text = (ws.root / "people/team.md").read_text()
    assert "Agent Smith" not in text and "[purged] reviews the API" in text
    cli("add", "people/team", "The agent reviews the API", "-s", "agent")


def test_a_purge_leaves_an_entry_s_own_part_as_it_is(ws, cli):
    """The text stands in an entry's `added:` value and its text, and in a reason: the entry's
    own part keeps its date, its source and its id; the text and the reason are purged."""
    _workspace(cli)
    path = ws.root / "people/team.md"
    line = (
        '- ~~[🟡MED][FACT] added:2025-01-02 src:user until:2025-01-02 why:"ended 2025-01-02"'
        " · the lease ends 2025-01-02~~ ^le2a\n"
    )
    path.write_text(path.read_text() + line)
    git(ws, "commit", "-qam", "by hand")
    receipt = cli.json("forget", "--purge", "--match", "2025-01-02", "--yes")
    assert path.read_text().endswith(
        '- ~~[🟡MED][FACT] added:2025-01-02 src:user until:2025-01-02 why:"ended [purged]"'
        " · the lease ends [purged]~~ ^le2a\n"
    )
    assert [p["count"] for p in receipt["places"] if p["path"] == "people/team.md"] == [2]


def test_a_purge_of_the_day_it_runs_finishes_and_leaves_memctl_s_dates(ws, cli):
    """A purge of today's date rewrote `date:` and `last_verified:` to "(purged)", then failed
    (exit 3): its own registry's day and its receipt's id ("20261130-…") read as the date.
    A purge's own records are never searched for purged text, and a note's own frontmatter
    keys keep their values."""
    _workspace(cli)
    cli("add", "people/team", "The offsite was on 2026-11-30", "-s", "user")
    receipt = cli.json("forget", "--purge", "--match", "2026-11-30", "--yes")
    text = (ws.root / "people/team.md").read_text()
    assert "date: 2026-11-30" in text and "last_verified: 2026-11-30" in text
    assert "The offsite was on [purged]" in text
    assert (ws.root / ".memctl/receipts").is_dir() and receipt["places"]
    assert git(ws, "status", "--porcelain") == ""
    cli("doctor")
