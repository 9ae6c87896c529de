"""The MCP tools of `memctl serve` are doors into memory too: every tool that writes gets the
same hostile inputs as the CLI's commands (tests/doors.py), through the SDK's own client over
stdio, and every store is checked the same way."""

from __future__ import annotations

import asyncio
import os

import pytest

from conftest import MEMCTL_BIN, Cli
from doors import (
    KNOWN_MISSES,
    MCP_DOORS,
    MCP_READS,
    PURGED,
    PURGED_PAYLOADS,
    bench,
    leaked,
    leaked_secrets,
    load,
    mcp_arguments,
    stores,
)

pytest.importorskip("mcp")
from mcp import Client  # noqa: E402
from mcp.client.stdio import StdioServerParameters  # noqa: E402


def test_every_mcp_tool_is_a_door_or_only_reads(tmp_path):
    b, _ = bench(tmp_path, Cli)

    async def names(client):
        return {tool.name for tool in (await client.list_tools()).tools}

    tools = _session(b.root, names)
    assert tools == set(MCP_DOORS) | MCP_READS, "name the new tool's places in MCP_DOORS"


def test_no_secret_and_no_purged_text_gets_in_through_an_mcp_tool(tmp_path):
    b, _ = bench(tmp_path, Cli)
    secrets = load("secrets", held=False)  # every refusal commits an audit line: the tuned set
    texts = [c["text"] for c in secrets] + list(PURGED_PAYLOADS)

    async def calls(client):
        accepted = []
        for text in texts:
            for tool, places in MCP_DOORS.items():
                for arguments in places:
                    result = await client.call_tool(tool, mcp_arguments(arguments, b, text))
                    if not result.is_error:
                        accepted.append((tool, text[:60]))
        return accepted

    accepted = _session(b.root, calls)
    known = [c for c in secrets if c["secret"] in KNOWN_MISSES]
    assert [a for a in accepted if not any(a[1] == c["text"][:60] for c in known)] == []
    haystack = stores(b)
    found = leaked_secrets(haystack, secrets)
    assert [s for s in found if not any(s in k for k in KNOWN_MISSES)] == []
    assert leaked(haystack, list(PURGED), fold=True) == []


def _session(root, calls):
    params = StdioServerParameters(
        command=str(MEMCTL_BIN),
        args=["-w", str(root), "serve"],
        env=dict(os.environ),
        cwd=str(root),
    )

    async def main():
        async with Client(params) as client:
            return await calls(client)

    return asyncio.run(main())
