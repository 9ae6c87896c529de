"""A clash marks its note `status: conflict`; whichever door settles or closes the last open
CONFLICT line of the note (`remember --supersedes`, `close`, `forget`, the MCP tools) makes it
active again, and the exception written into a rule leaves out the words that only announce it
("ok new rule,"). Each through the real command line on a real workspace."""

from __future__ import annotations

import asyncio
import os
import shlex

import pytest

from conftest import MEMCTL_BIN
from memctl.note import read_note

RULE = "Always check with me before renewing any subscription"


def _rule(cli) -> str:
    data = cli.json("remember", RULE, "-s", "user", "-k", "RULE")
    return data["written"]["id"]


def _clash(cli, text: str) -> dict:
    said = cli.json("remember", text, "-s", "user", code=3)
    assert said["label"] == "clash", said["reason"]
    return said


def _status(ws, note: str) -> str | None:
    return read_note(ws.root / note).status


def _listed_as_conflict(cli) -> list[str]:
    return [n["path"] for n in cli.json("ls", "--status", "conflict")["files"]]


@pytest.mark.parametrize(
    "said",
    [
        "You can renew the newspaper subscription without asking me",
        "It's fine to renew the gym subscription without checking with me",
    ],
)
def test_the_printed_supersedes_command_settles_the_clash_and_the_note_is_active(ws, cli, said):
    rule = _rule(cli)
    clash = _clash(cli, said)
    note = clash["note"]
    assert _status(ws, note) == "conflict" and _listed_as_conflict(cli) == [note]
    settled = cli.json(*shlex.split(clash["unsure"]["supersedes"])[1:])
    assert settled["label"] == "update" and settled["closed"]["id"] == rule
    assert settled["written"]["text"].casefold() == f"{RULE}; except: {said}".casefold()
    assert [e.closed for e in read_note(ws.root / note).entries() if e.kind == "CONFLICT"] == [True]
    assert _status(ws, note) == "active" and _listed_as_conflict(cli) == []


@pytest.mark.parametrize(
    "said",
    [
        "You can renew the newspaper subscription without asking me",
        "It's fine to renew the gym subscription without checking with me",
    ],
)
def test_the_printed_keep_both_command_settles_the_clash_and_keeps_the_rule(ws, cli, said):
    """`--as-new` on a clash kept on file: the text is a memory of its own beside the rule (not
    an exception to it). It is written as a fact, the CONFLICT line is closed as settled, the
    note is active again, and the rule holds as it was."""
    rule = _rule(cli)
    clash = _clash(cli, said)
    note = clash["note"]
    assert "--as-new" in clash["unsure"]["as_new"]
    kept = cli.json(*shlex.split(clash["unsure"]["as_new"])[1:])
    assert kept["label"] == "new" and "settles the clash" in kept["reason"]
    entries = read_note(ws.root / note).entries()
    conflicts = [e for e in entries if e.kind == "CONFLICT"]
    assert [e.closed for e in conflicts] == [True]
    assert conflicts[0].fields["why"].startswith("settled: kept as a new memory")
    fact = [e for e in entries if e.id == kept["written"]["id"]][0]
    assert fact.kind == "FACT" and not fact.closed and fact.text == said
    assert _status(ws, note) == "active" and _listed_as_conflict(cli) == []
    assert cli.json("show", rule)["entry"]["closed"] is False
    again = cli("remember", said, "-s", "user", "--as-new").stdout
    assert again.startswith("repeat")  # settled once: the fact is on file now


@pytest.mark.parametrize(
    ("lead", "rest"),
    [
        ("okay new rule:", "you can renew subscriptions under £20 without asking me"),
        ("right, new rule -", "you can renew subscriptions under £20 without asking me"),
        ("So new rule,", "you can renew the cloud storage subscription without checking with me"),
    ],
)
def test_a_new_rule_said_by_the_user_changes_the_rule_without_its_lead_in(ws, cli, lead, rest):
    """The user announcing a new rule changes theirs at once; the exception written into it is
    the rule's words, not the words that announced it."""
    rule = _rule(cli)
    said = cli.json("remember", f"{lead} {rest}", "-s", "user")
    assert said["label"] == "update" and said["closed"]["id"] == rule, said["reason"]
    assert said["written"]["text"].casefold() == f"{RULE}; except: {rest}".casefold()
    assert _listed_as_conflict(cli) == []


@pytest.mark.parametrize("door", ["close", "forget"])
def test_closing_or_forgetting_the_last_open_conflict_makes_its_note_active(ws, cli, door):
    _rule(cli)
    first = _clash(cli, "You can renew the newspaper subscription without asking me")
    second = _clash(cli, "It's fine to renew the gym subscription without checking with me")
    note = first["note"]
    assert second["note"] == note and _status(ws, note) == "conflict"
    cli(door, first["written"]["id"], "--reason", "asked the user: no", "-s", "user")
    assert _status(ws, note) == "conflict"  # one conflict is still open
    cli(door, second["written"]["id"], "--reason", "asked the user: no", "-s", "user")
    assert _status(ws, note) == "active" and _listed_as_conflict(cli) == []


def test_a_conflict_forgotten_through_the_mcp_tool_makes_its_note_active(ws, cli):
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters

    _rule(cli)
    said = _clash(cli, "You can renew the newspaper subscription without asking me")
    params = StdioServerParameters(
        command=str(MEMCTL_BIN), args=["-w", str(ws.root), "serve"], env=dict(os.environ)
    )

    async def main():
        async with Client(params) as client:
            arguments = {"target": said["written"]["id"], "reason": "asked the user: no"}
            return await client.call_tool("forget", {**arguments, "source": "user"})

    assert not asyncio.run(main()).is_error
    assert _status(ws, said["note"]) == "active" and _listed_as_conflict(cli) == []
