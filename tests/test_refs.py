"""A reference (`ref:` of an entry or a relation: what it was made from) is a URL or a file of
the workspace that is there (docs/formats.md, docs/graph.md). Every door that takes one
(REF_DOORS, MCP_REF_DOORS in tests/doors.py) refuses another in one line on stderr, exit 1 (bad
input), writing nothing; the check sits where entries and relations are written."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import os

import pytest

from conftest import MEMCTL_BIN, NOW, Cli, git
from doors import DOORS, MCP_REF_DOORS, REF, REF_DOORS, bench, fill
from memctl.errors import InvalidValue, NotFound
from memctl.longterm import append_entry, make_entry

BAD = [
    "../../etc/passwd",
    "/etc/passwd",
    "~/.ssh/id_rsa",
    "lessons/../../outside.md",
    "file:///etc/passwd",
    ".git/config",
    ".memctl/config.yaml",
    "lessons\\a.md",
    "no/such/note.md",
    "lessons/a.md:99999",
    "lessons/a.md#^zz99",
    "daily/2020-01-01.md:3",
]
GOOD = ["https://example.org/page", "lessons/a.md", "lessons/a.md#^{ID}", "lessons/a.md:1"]
GRAPH = "graph/relations.md"


def test_every_door_that_writes_says_whether_it_takes_a_reference():
    writers = {d.command for d in DOORS if d.writes}
    assert writers <= set(REF_DOORS), "name the new door's references in REF_DOORS"
    assert set(REF_DOORS) <= {d.command for d in DOORS}, "REF_DOORS names a command that is gone"


def _each(door: str, b, cli, ref: str):
    """Send one reference through each place of a door; the results."""
    places = REF_DOORS[door]
    if places == "import":
        b.counter += 1
        rows = [
            ("tsv", f"subject\tpredicate\tobject\tref\nsvc {b.counter}\tuses\tt\t{ref}\n"),
            (
                "json",
                json.dumps(
                    [{"subject": f"s{b.counter}", "predicate": "p", "object": "o", "ref": ref}]
                ),
            ),
        ]
        return [cli("graph", "import", "-", "-f", fmt, input=text, code=None) for fmt, text in rows]
    assert not isinstance(places, str)
    return [
        cli(*fill(tuple(a.replace(REF, ref) for a in slot), b, ""), code=None) for slot in places
    ]


TAKING = [
    door for door, places in REF_DOORS.items() if not isinstance(places, str) or places == "import"
]


@pytest.mark.parametrize("door", TAKING)
def test_a_door_refuses_a_reference_that_is_no_url_nor_a_file_of_the_workspace(door, tmp_path):
    b, cli = bench(tmp_path, Cli)
    head = git(b.root, "rev-parse", "HEAD")
    for ref in BAD:
        for result in _each(door, b, cli, ref):
            lines = result.stderr.strip().splitlines()
            assert result.exit_code == 1, (ref, result.stdout, result.stderr)
            assert len(lines) == 1 and lines[0].startswith("memctl: error: "), (ref, lines)
    assert git(b.root, "rev-parse", "HEAD") == head  # nothing written, nothing committed
    assert "etc/passwd" not in (b.root / GRAPH).read_text()


@pytest.mark.parametrize("door", TAKING)
def test_a_door_takes_a_url_or_a_file_of_the_workspace(door, tmp_path):
    b, cli = bench(tmp_path, Cli)
    for ref in GOOD:
        ref = ref.replace("{ID}", b.ids["ID"])
        for result in _each(door, b, cli, ref):
            assert result.exit_code in (0, 3), (ref, result.stdout, result.stderr)
            assert "reference" not in result.stderr and "no such" not in result.stderr
    written = (
        (b.root / GRAPH).read_text()
        if door.startswith("graph")
        else git(b.root, "log", "-p", "-3", "--format=")
    )
    assert f"ref:lessons/a.md#^{b.ids['ID']}" in written


def test_the_mcp_remember_tool_refuses_a_bad_reference(tmp_path):
    pytest.importorskip("mcp")
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters

    b, _ = bench(tmp_path, Cli)
    head = git(b.root, "rev-parse", "HEAD")
    params = StdioServerParameters(
        command=str(MEMCTL_BIN),
        args=["-w", str(b.root), "serve"],
        env=dict(os.environ),
        cwd=str(b.root),
    )

    async def calls():
        async with Client(params) as client:
            out = []
            for tool, places in MCP_REF_DOORS.items():
                for arguments in places:
                    for ref in ("../../etc/passwd", "/etc/passwd", "no/such/note.md"):
                        filled = {
                            k: fill((v,), b, "")[0].replace(REF, ref) for k, v in arguments.items()
                        }
                        result = await client.call_tool(tool, filled)
                        out.append((ref, result.is_error, str(result.content)))
            return out

    for ref, is_error, content in asyncio.run(calls()):
        assert is_error, (ref, content)
        assert "reference is" in content or "no such file" in content, content
    assert git(b.root, "rev-parse", "HEAD") == head


def test_an_entry_is_written_with_its_reference_checked_whichever_command_writes_it(ws):
    """The layer under the doors: a new entry written by any code (a door added later, the
    nightly job) goes through append_entry, which checks its ref:."""
    path = ws.root / "lessons" / "x.md"
    path.parent.mkdir(exist_ok=True)
    path.write_text("# X\n")
    for ref, error in (("../../etc/passwd", InvalidValue), ("daily/2020-01-01.md:1", NotFound)):
        entry = make_entry("a fact", today=NOW.date()).with_fields(ref=ref)
        with pytest.raises(error), ws.change("test", "x") as change:
            append_entry(ws, change, path, entry)
    assert path.read_text() == "# X\n"


def test_the_nightly_job_writes_the_log_line_it_read_as_the_reference(cli, ws):
    day = dt.date(2026, 11, 29)
    (ws.root / "daily" / f"{day}.md").write_text(
        f"# {day}\n\n### 09:00 — boiler\nFACT: the boiler is serviced by Kessler Heating\n"
    )
    git(ws, "add", "-A")
    git(ws, "commit", "-qm", "by hand")
    cli("consolidate", "--date", str(day))
    assert f"ref:daily/{day}.md:4" in git(ws, "log", "-p", "-1", "--format=")
