"""No read command prints a secret that arrived by hand or by a peer's sync.

memctl refuses to write a secret, but a file a person edits or a peer syncs can hold one: a
note's entry, a closed entry, a graph triple. Every read command of the door table (the
commands that store nothing), in text and in `--json`, and every MCP tool that reads, prints
it redacted: the CLI's output layer and the MCP server's answers redact what they print
(memctl.secrets.shown), as `show` and `search` do.
"""

from __future__ import annotations

import json

import pytest

from conftest import Cli
from doors import DOORS, MCP_READS, git

TOKEN = "ghp_R8xK2mQ9vL4nP7wZ3yT6bH1cF5dJ0sA2eG9u"
TOKEN_PART = "R8xK2mQ9vL4nP7wZ"
# each read command of the door table, with the calls that read the planted lines
READS: dict[str, tuple[tuple[str, ...], ...]] = {
    "now": (("now",),),
    "show": (("show", "people/ops"), ("show", "pk02"), ("show", "graph/relations.md")),
    "ls": (("ls",),),
    "verify": (("verify", "people/ops", "--dry-run"),),
    "search": (("search", "deploy token"),),
    "recall": (("recall", "what deploy token did the bot use"),),
    "graph query": (("graph", "query", "-s", "Deploy bot"), ("graph", "query")),
    "graph asof": (("graph", "asof", "2026-12-01"),),
    "graph neighbors": (("graph", "neighbors", "Deploy bot"),),
    "graph path": (("graph", "path", "Deploy bot", TOKEN), ("graph", "path", "Deploy bot", "CI")),
    "graph entities": (("graph", "entities"),),
    "graph export": tuple(("graph", "export", "-f", f) for f in ("tsv", "json", "dot", "mermaid")),
    "closed": (("closed",), ("closed", "people/ops")),
    "asof": (("asof", "2026-12-01"), ("asof", "2026-12-01", "people/ops")),
    "expiring": (("expiring",),),
    "doctor": (("doctor",),),
    "stats": (("stats",),),
    "guard list": (("guard", "list"),),
}
# the commands that store nothing and print no memory text
NOT_READERS = {
    "init": "makes a workspace",
    "now done": "moves a task",
    "reindex": "rebuilds the index; prints counts",
    "restore": "brings back what git holds; prints addresses",
    "archive": "moves what expired; prints addresses",
    "cron": "prints the crontab lines",
    "cron print": "prints the crontab lines",
    "cron install": "writes the crontab",
    "cron uninstall": "writes the crontab",
    "index": "writes INDEX.md (a view: redacted there)",
    "guard check": "reads an action, prints the rules' verdict",
    "guard enforce": "takes a rule id",
    "guard watch": "takes a rule id",
    "hooks install": "writes the harness's settings",
    "hooks uninstall": "writes the harness's settings",
    "sync": "moves commits",
    "serve": "serves the MCP tools (read below)",
    "serve start": "starts a server",
    "serve stop": "stops a server",
    "serve status": "prints the server's state",
}


def planted(root) -> None:
    """A note's entry, a closed entry and a graph triple holding a token, as a peer's sync
    brings them."""
    ops = root / "people" / "ops.md"
    with ops.open("a") as f:
        f.write(f"- [🟡MED][FACT] added:2026-11-20 · the bot's deploy token is {TOKEN} ^pk03\n")
        f.write(
            '- ~~[🟡MED][FACT] added:2026-12-01 until:2026-12-02 why:"rotated" · old deploy '
            f"token was {TOKEN}~~ ^pk02\n"
        )
    with (root / "graph" / "relations.md").open("a") as f:
        f.write(f"- Deploy bot → uses token → {TOKEN} · added:2026-12-01 src:user ^pk01\n")
    git(root, "commit", "-qam", "peer lines")


def test_every_command_that_stores_nothing_is_a_reader_here_or_says_why_not():
    quiet = {d.command for d in DOORS if not d.writes}
    assert quiet == set(READS) | set(NOT_READERS)


@pytest.fixture
def planted_ws(cli, ws):
    cli("new", "people/ops", "-t", "Ops")
    cli("graph", "add", "Deploy bot", "runs", "CI")
    planted(ws.root)
    return ws


@pytest.mark.parametrize("command", sorted(READS))
def test_no_read_command_prints_a_token_a_peer_synced(command, cli, planted_ws):
    leaks = []
    for argv in READS[command]:
        for extra in ((), ("--json",)):
            r = cli(*argv, *extra, code=None)
            if TOKEN_PART in r.stdout + r.stderr:
                leaks.append(" ".join((*argv, *extra)))
    assert leaks == []


def test_what_a_reader_prints_without_a_secret_is_unchanged(cli, planted_ws):
    r = cli("graph", "export", "-f", "tsv")
    assert "Deploy bot\truns\tCI" in r.stdout and "[redacted:github-token]" in r.stdout
    data = json.loads(cli("graph", "query", "-s", "Deploy bot", "--json").stdout)
    assert "CI" in json.dumps(data) and TOKEN_PART not in json.dumps(data)


def test_no_mcp_tool_that_reads_prints_a_token_a_peer_synced(tmp_path):
    pytest.importorskip("mcp")
    from test_doors_mcp import _session

    root = tmp_path / "ws"
    Cli(None)("init", str(root))
    Cli(root)("new", "people/ops", "-t", "Ops")
    Cli(root)("graph", "add", "Deploy bot", "runs", "CI")
    planted(root)
    calls = {
        "now": {},
        "recall": {"prompt": "what deploy token did the bot use"},
        "search": {"query": "deploy token"},
        "show": {"target": "people/ops"},
        "graph_path": {"a": "Deploy bot", "b": TOKEN},
        "graph_neighbors": {"entity": "Deploy bot"},
    }
    assert set(calls) == set(MCP_READS)

    async def run(client):
        answers = []
        for tool, arguments in calls.items():
            result = await client.call_tool(tool, arguments)
            text = " ".join(getattr(c, "text", "") for c in result.content)
            answers.append((tool, text + json.dumps(result.structured_content)))
        return answers

    answers = _session(root, run)
    assert [tool for tool, said in answers if TOKEN_PART in said] == []
