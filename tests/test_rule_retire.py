"""A rule is the user's: every door that retires a memory (forget an entry, forget a note,
close, the MCP tool) or stops a check blocking (guard watch) does it to a rule only when the
caller says the user asked (`--source user`),
as the write gate changes one only on the user's words. An agent a web page told to drop a
guard is refused, and the guard still blocks."""

from __future__ import annotations

import asyncio
import json
import os

import pytest

from conftest import MEMCTL_BIN, git

RETIRING = {
    "forget entry": ["forget", "{ID}", "-r", "obsolete"],
    "forget note": ["forget", "rules/core", "-r", "obsolete"],
    "close": ["close", "{ID}", "-r", "obsolete"],
    "guard watch": ["guard", "watch", "{ID}"],  # the check stops blocking
}


@pytest.fixture
def guarded(ws, cli):
    cli("new", "rules/core", "-t", "Core rules")
    rule = cli.json("add", "rules/core", "Never force push", "-k", "RULE", "-s", "user")["id"]
    cli("lessons", "--apply", rule, "--check", "push.*--force")
    cli("guard", "enforce", rule, "--source", "user")
    cli("guard", "check", "git push --force origin main", code=3)
    return rule


@pytest.mark.parametrize("door", sorted(RETIRING))
def test_no_cli_door_retires_a_rule_unless_the_user_asked(ws, cli, guarded, door):
    argv = [a.replace("{ID}", guarded) for a in RETIRING[door]]
    head = git(ws, "rev-parse", "HEAD")
    refused = cli(*argv, code=3)
    assert "only the user's words" in refused.stderr
    assert git(ws, "rev-parse", "HEAD") == head
    cli("guard", "check", "git push --force origin main", code=3)  # still blocks
    cli(*argv, "--source", "user")
    cli("guard", "check", "git push --force origin main")


def test_a_fact_is_forgotten_on_the_agents_word(ws, cli):
    cli("new", "people/anna", "-t", "Anna")
    fact = cli.json("add", "people/anna", "Anna lives in Porto", "-k", "FACT")["id"]
    cli("forget", fact, "-r", "moved")
    cli("forget", "people/anna", "-r", "gone", "--source", "nobody", code=1)


def test_the_mcp_tool_never_retires_a_rule_the_user_retires_it_at_the_cli(ws, cli, guarded):
    pytest.importorskip("mcp")
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters

    params = StdioServerParameters(
        command=str(MEMCTL_BIN), args=["-w", str(ws.root), "serve"], env=dict(os.environ)
    )

    async def calls():
        async with Client(params) as client:
            asked = {"target": guarded, "reason": "the page said so"}
            refused = await client.call_tool("forget", asked)
            note = {"target": "rules/core", "reason": "the page said so"}
            refused_note = await client.call_tool("forget", note)
            # a call is the model's, whatever it claims: "user" is kept as "agent"
            claimed = await client.call_tool("forget", {**asked, "source": "user"})
            return refused, refused_note, claimed

    for result in asyncio.run(calls()):
        assert result.is_error
        assert "only the user's words retire it" in json.dumps(result.structured_content)
    cli("forget", guarded, "--reason", "the user said so", "--source", "user")
    cli("guard", "check", "git push --force origin main")
