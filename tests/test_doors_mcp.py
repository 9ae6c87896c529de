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
    MCP_NAME_DOORS,
    MCP_READS,
    NAME,
    PURGED,
    PURGED_NAMES,
    PURGED_PAYLOADS,
    SECRET_NAMES,
    bench,
    leaked,
    leaked_secrets,
    load,
    mcp_arguments,
    paths_of,
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


SHARDS = 4  # the texts in four parts, one server each: the workers share the longest test


@pytest.mark.parametrize("shard", range(SHARDS))
def test_no_secret_and_no_purged_text_gets_in_through_an_mcp_tool(tmp_path, shard):
    b, _ = bench(tmp_path, Cli)
    secrets = load("secrets", held=False)  # every refusal commits an audit line: the tuned set
    texts = ([c["text"] for c in secrets] + list(PURGED_PAYLOADS))[shard::SHARDS]
    # the first of each family and every purged text through every tool, in its first place
    # and one other in turn; the rest through one tool's first place, in turn (one way into
    # the layer all the tools share)
    firsts = {c["kind"].split("-")[0]: c["text"] for c in reversed(secrets)}.values()
    everywhere = {*firsts, *PURGED_PAYLOADS}
    secrets = [c for c in secrets if c["text"] in texts]

    accepted = taken_by_a_tool(b, texts, everywhere)
    known = {c["text"] for c in secrets if c["secret"] in KNOWN_MISSES}
    assert [a for a in accepted if a[1] not in known] == []
    haystack = stores(b)
    found = leaked_secrets(haystack, secrets)
    assert [s for s in found if not any(s in k for k in KNOWN_MISSES)] == []
    assert leaked(haystack, list(PURGED), fold=True) == []


def test_no_mcp_tool_makes_a_file_whose_name_holds_a_secret_or_purged_text(tmp_path):
    """The remember tool's `topic` names the note it makes: a secret or a purged text in it
    made a file of that name, committed."""
    b, _ = bench(tmp_path, Cli)

    async def calls(client):
        accepted = []
        for name in SECRET_NAMES + PURGED_NAMES:
            for tool, places in MCP_NAME_DOORS.items():
                for arguments in places:
                    given = {k: v.replace(NAME, name) for k, v in arguments.items()}
                    result = await client.call_tool(tool, mcp_arguments(given, b, name))
                    if not result.is_error:
                        accepted.append((tool, name))
        return accepted

    assert _session(b.root, calls) == []
    haystack = stores(b) + paths_of(b.root)
    assert leaked_secrets(haystack, [{"secret": n, "text": n} for n in SECRET_NAMES]) == []
    assert leaked(haystack, list(PURGED), fold=True) == []


def taken_by_a_tool(
    b, texts: list[str], everywhere: set[str] | None = None
) -> list[tuple[str, str]]:
    """(tool, text) for each call of a tool of MCP_DOORS, in each of its places, that took one
    of `texts` (one server for them all); `everywhere`: the texts sent through every tool, in
    its first place and one other in turn, each other one through the first place of one
    tool, in turn (None: every text through every place)."""
    tools = list(MCP_DOORS.items())

    async def calls(client):
        taken = []
        for n, text in enumerate(texts):
            shared = everywhere is not None and text not in everywhere
            for k, (tool, places) in enumerate(tools):
                if shared and k != n % len(tools):
                    continue
                chosen = places
                if shared:
                    chosen = places[:1]
                elif everywhere is not None and len(places) > 2:
                    chosen = (places[0], places[1 + n % (len(places) - 1)])
                for arguments in chosen:
                    result = await client.call_tool(tool, mcp_arguments(arguments, b, text))
                    if not result.is_error:
                        taken.append((tool, text))
        return taken

    return _session(b.root, calls)


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


# A client's first words on a raw JSON-RPC connection
HELLO = [
    {
        "jsonrpc": "2.0",
        "id": 0,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "test", "version": "1"},
        },
    },
    {"jsonrpc": "2.0", "method": "notifications/initialized"},
]


def _raw_server(root):
    """A real `memctl serve` spoken to in raw JSON-RPC (the SDK's own client cannot send what
    these tests send), and a poll of its output (poll: a worker may hold 1,024 descriptors)."""
    import select
    import subprocess

    server = subprocess.Popen(
        [str(MEMCTL_BIN), "-w", str(root), "serve"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        cwd=root,
    )
    waiting = select.poll()
    waiting.register(server.stdout, select.POLLIN)
    return server, waiting


def test_half_an_emoji_through_every_mcp_tool_is_answered(tmp_path):
    """A harness written in JavaScript may send half an emoji ("\\ud83d") in a tool's JSON
    arguments; the server's SDK hands the tool an unpaired surrogate. (The Python SDK's client
    cannot send one, so this speaks JSON-RPC over the server's stdio itself.) Every tool
    answers it: the writes refuse it as a character memory text never holds, the reads read it
    as U+FFFD. The server answers the next call, and every file stays UTF-8."""
    import json

    b, _ = bench(tmp_path, Cli)
    text = "the boiler man \\ud83d comes at 10"  # as the JSON text holds it
    reads = [
        ("recall", {"prompt": "@"}),
        ("search", {"query": "@"}),
        ("show", {"target": "@"}),
        ("graph_neighbors", {"entity": "@"}),
        ("now", {}),
    ]
    requests: list[dict] = [*HELLO]
    said = [(tool, mcp_arguments(a, b, "@")) for tool, places in MCP_DOORS.items() for a in places]
    for n, (tool, arguments) in enumerate(said + reads, start=1):
        requests.append(
            {
                "jsonrpc": "2.0",
                "id": n,
                "method": "tools/call",
                "params": {"name": tool, "arguments": arguments},
            }
        )
    server, waiting = _raw_server(b.root)
    answers = {}
    try:
        for request in requests:  # one at a time, each answer read before the next request
            line = json.dumps(request).replace("@", text) + "\n"
            server.stdin.write(line.encode())
            server.stdin.flush()
            if "id" in request:
                ready = waiting.poll(60_000)  # poll: a worker may hold 1,024 descriptors
                assert ready, f"no answer to {request}"  # the SDK drops a line it cannot parse
                answer = json.loads(server.stdout.readline())
                answers[answer["id"]] = answer
    finally:
        server.stdin.close()
        server.wait(timeout=60)
    assert sorted(answers) == list(range(len(requests) - 1))
    for n, (tool, _) in enumerate(said + reads, start=1):
        result = answers[n].get("result", {})
        if tool in ("recall", "search", "now"):
            assert not result.get("isError"), (tool, answers[n])
    for path in b.root.rglob("*"):
        if path.suffix in (".md", ".jsonl", ".json") and ".git/" not in path.as_posix():
            path.read_bytes().decode("utf-8")  # what memctl wrote is still UTF-8


@pytest.mark.parametrize(
    "given,read",
    [
        (rb'{"a":"x \ud83d y"}', rb'{"a":"x \ufffd y"}'),  # a high half alone
        (rb'{"a":"\ude00"}', rb'{"a":"\ufffd"}'),  # a low half alone
        (rb'{"a":"\uD83D!"}', rb'{"a":"\ufffd!"}'),  # in capitals
        (rb'{"a":"x \ud83d\ude00 y"}', rb'{"a":"x \ud83d\ude00 y"}'),  # a whole emoji
        (rb'{"a":"\\ud83d"}', rb'{"a":"\\ud83d"}'),  # a backslash, then the text "ud83d"
        (rb'{"a":"\\\ud83d"}', rb'{"a":"\\\ufffd"}'),  # a backslash, then a half
    ],
)
def test_an_unpaired_surrogate_escape_is_read_as_a_replacement_character(given, read):
    from memctl.integrations.jsonstdin import paired

    assert paired(given) == read


UNREADABLE = [
    '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"recall","arguments":{',
    '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"recall","arguments":{"prompt":"a\\q"}}}',
    '{"id":3,"method":"tools/call","params":{"name":"now","arguments":{}}}',
    '{"jsonrpc":"2.0","id":"four","method":"tools/call","params":{"name":"now",',
]


def test_a_line_the_sdk_cannot_read_is_answered_for_the_id_it_names(tmp_path):
    """The SDK drops a line it cannot read as a JSON-RPC message (cut short, a bad escape, no
    "jsonrpc"), so the harness that sent it would wait for ever. Each gets an error for the id
    it names, a line naming none is passed over, and the next request is answered."""
    import json

    b, _ = bench(tmp_path, Cli)
    lines = [json.dumps(request) for request in HELLO] + [*UNREADABLE, "not JSON and no id"]
    lines.append(json.dumps({"jsonrpc": "2.0", "id": 5, "method": "tools/list"}))
    server, waiting = _raw_server(b.root)
    assert server.stdin is not None and server.stdout is not None
    server.stdin.write("".join(line + "\n" for line in lines).encode())
    server.stdin.flush()
    answers = {}
    try:
        while len(answers) < 6 and waiting.poll(60_000):
            answer = json.loads(server.stdout.readline())
            answers[answer["id"]] = answer
    finally:
        server.stdin.close()
        server.wait(timeout=60)
    assert sorted(answers, key=str) == [0, 1, 2, 3, 5, "four"]
    for n in (1, 2, 3, "four"):
        assert "unreadable JSON-RPC message" in answers[n]["error"]["data"], answers[n]
    assert answers[5]["result"]["tools"]  # the server goes on


@pytest.mark.parametrize(
    ("line", "named"),
    [*zip(UNREADABLE, [1, 2, 3, "four"], strict=True), ('{"jsonrpc":"2.0","id":"a\\q",', None)],
)
def test_only_a_line_the_sdk_refuses_is_rewritten_and_only_with_the_id_it_names(line, named):
    import json

    import mcp_types

    from memctl.integrations.jsonstdin import answerable

    given = line.encode() + b"\n"
    read = answerable(given)
    if named is None:  # an id no JSON reads: nothing to answer
        assert read == given
        return
    request = mcp_types.jsonrpc_message_adapter.validate_json(read, by_name=False)
    assert json.loads(read)["id"] == named and request.method.startswith("memctl:")
    fine = b'{"jsonrpc":"2.0","id":7,"method":"tools/list"}\n'
    assert answerable(fine) == fine


# Each tool, a string argument to put a hostile value in, and the rest it needs.
MCP_STRINGS = {
    "recall": ("prompt", {}),
    "search": ("query", {}),
    "show": ("target", {}),
    "remember": ("text", {}),
    "log": ("title", {}),
    "forget": ("target", {"reason": "r"}),
    "graph_path": ("a", {"b": "Zed"}),
    "graph_neighbors": ("entity", {}),
}
MULTILINE_PLACES = {("remember", "text"), ("log", "text")}


def test_an_mcp_tool_refuses_a_value_as_its_command_does(tmp_path):
    """The one-line values of the write tools refuse a line break as the CLI's options do (the
    same error, exit 2: not folded into one line and stored), and a NUL in any string of any
    tool is refused (not a crash of the tool)."""
    b, cli = bench(tmp_path, Cli)
    assert set(MCP_STRINGS) == set(MCP_DOORS) | MCP_READS - {"now"}
    places = [
        (tool, arguments)
        for tool, each in MCP_DOORS.items()
        for arguments in each
        if not any((tool, k) in MULTILINE_PLACES for k, v in arguments.items() if v == "{P}")
    ]

    async def calls(client):
        answers = []
        for tool, arguments in places:
            given = mcp_arguments(arguments, b, "first line\nsecond line")
            answers.append((tool, await client.call_tool(tool, given)))
        for tool, (key, rest) in MCP_STRINGS.items():
            answers.append((tool, await client.call_tool(tool, {key: "t4\x00xk", **rest})))
        return answers

    answers = _session(b.root, calls)
    assert len(answers) == len(places) + len(MCP_STRINGS)
    for tool, result in answers:
        text = result.content[0].text
        assert result.is_error and text.startswith("memctl: error: "), (tool, text)
        assert result.structured_content["exit_code"] == 2, (tool, text)
        assert "line break" in text or "NUL" in text, (tool, text)
    assert b"second line" not in stores(b)
    said = cli("log", "first line\nsecond line", code=2).stderr.strip()
    assert next(r for t, r in answers if t == "log").content[0].text == said
