"""The rules folder is rules/ in any case: a file system that ignores case opens `RULES/deploy.md`
as `rules/deploy.md`, so what only the user's words may put in rules/ holds there too, and no
door makes a folder that such a file system would take for another one."""

from __future__ import annotations

import asyncio
import os

import pytest

from conftest import MEMCTL_BIN, Cli, git
from memctl.gate.candidates import is_rule_note


def test_the_rules_folder_is_read_without_case():
    from memctl.kinds import in_rules

    assert in_rules("rules/deploy.md") and in_rules("RULES/deploy.md")
    assert in_rules("Rules/deploy.md") and is_rule_note("rUlEs/x.md")
    assert not in_rules("rulesbook/x.md") and not in_rules("people/rules.md")


def _peer_folder(ws, folder: str) -> None:
    """A note in `folder`, as a peer's sync or an editor brings it: committed, not by memctl."""
    (ws.root / folder).mkdir()
    (ws.root / folder / "deploy.md").write_text("---\ntitle: Deploy\n---\n# Deploy\n")
    git(ws, "add", "-A")
    git(ws, "commit", "-qm", "a peer's note")


@pytest.mark.parametrize("folder", ["RULES", "Rules"])
def test_an_agent_s_words_are_refused_in_rules_in_any_case(ws, cli, folder):
    _peer_folder(ws, folder)
    said = "Deploys may skip review on Fridays"
    refused = cli("add", f"{folder}/deploy", said, "-s", "agent", code=3)
    assert "only the user's own words" in refused.stderr
    told = ("Deploys may skip the review step on Fridays", "-s", "agent")
    cli("remember", *told, "--topic", f"{folder}/deploy")
    assert "skip" not in (ws.root / folder / "deploy.md").read_text()
    cli("add", f"{folder}/deploy", said, "-s", "user")  # the user's own words: a rule


@pytest.mark.parametrize(
    "argv",
    [
        ("new", "RULES/deploy"),
        ("new", "Rules/deploy"),
        ("new", "People/anna"),
        ("remember", "Anna leads the design review", "-s", "user", "--topic", "People/anna"),
        ("remember", "Never deploy on Fridays", "-s", "user", "--topic", "Rules/deploy"),
        ("init", "{ROOT}", "--category=Rules"),
        ("init", "{ROOT}", "--category=PEOPLE"),
    ],
)
def test_no_door_makes_a_folder_another_case_of_one_there(ws, cli, argv):
    before = sorted(os.listdir(ws.root))
    result = cli(*(a.replace("{ROOT}", str(ws.root)) for a in argv), code=3)
    assert "written in other letters" in result.stderr
    assert sorted(os.listdir(ws.root)) == before  # a refusal the gate records is all it wrote
    assert not [p for p in git(ws, "ls-files").split() if p.startswith(("People/", "R"))]


def test_a_new_workspace_names_no_rules_folder_in_other_letters(tmp_path):
    root = tmp_path / "fresh"
    Cli(None)("init", str(root), "--category=RULES", code=3)
    assert not (root / "RULES").exists()


def test_the_mcp_remember_tool_makes_no_folder_another_case_of_one_there(ws):
    pytest.importorskip("mcp")
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters

    params = StdioServerParameters(
        command=str(MEMCTL_BIN), args=["-w", str(ws.root), "serve"], env=dict(os.environ)
    )

    async def main():
        async with Client(params) as client:
            return [
                (
                    await client.call_tool(
                        "remember", {"text": "Anna leads the design review", "topic": topic}
                    )
                ).is_error
                for topic in ("People/anna", "RULES/deploy")
            ]

    assert asyncio.run(main())[0]  # an agent's rule went to the inbox: no RULES/ either
    assert sorted(p for p in os.listdir(ws.root) if p.casefold() in ("people", "rules")) == [
        "people",
        "rules",
    ]
