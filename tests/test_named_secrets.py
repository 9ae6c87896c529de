"""A value whose name is not on its line: the note around it names it (memctl.naming,
memctl.secrets.named). A note titled "Online banking password" holding a line "Xk7#pLq2vR9m"
holds the password; every door that writes into such a note is refused it (tests/doors.py
lists the doors), and ordinary lines in the same note still go in."""

from __future__ import annotations

import pytest

from conftest import Cli
from doors import DOORS, MCP_DOORS, bench, git, mcp_arguments, through

VALUE = "Xk7#pLq2vR9m"
WRITERS = [d for d in DOORS if d.writes]
# Lines a note that names a secret holds without holding one.
ORDINARY = [
    "changed it last March",
    "ask Anna at the branch",
    "https://bank.example.com/login",
    "2026-03-12",
    "+49 171 5551234",
    "555-0199",
    "in 1Password under Bank",
    "router model TP-Link AX1800",
    "since 2026",
    "Flight LH2034 on the 12th",
    "50% off the fees & no charge for cards",
]


def named_bench(tmp_path, title: str = "Online banking password"):
    """The doors' workspace, with its note lessons/a titled by hand so that it names a secret."""
    b, cli = bench(tmp_path, Cli)
    path = b.root / "lessons" / "a.md"
    text = path.read_text().replace("title: Garden", f"title: {title}")
    path.write_text(text.replace("# Garden", f"# {title}"))
    git(b.root, "commit", "-qam", "retitled by hand")
    return b, cli


def held(b) -> str:
    """What lessons/a.md holds, and every version of it git holds."""
    return (b.root / "lessons" / "a.md").read_text() + git(
        b.root, "log", "-p", "--all", "--", "lessons/a.md"
    )


@pytest.mark.parametrize("door", WRITERS, ids=lambda d: d.command)
def test_no_door_writes_a_value_into_the_note_that_names_it(door, tmp_path):
    b, cli = named_bench(tmp_path)
    through(door, b, cli, VALUE, tmp_path)
    assert VALUE not in held(b)


@pytest.mark.parametrize(
    "argv",
    [
        ("add", "lessons/a", "--", VALUE),
        ("add", "lessons/a", "--", f"new: {VALUE}"),
        ("add", "lessons/a", "--", f"the new one is {VALUE}"),
        ("remember", "--topic=lessons/a", "--", VALUE),
        ("remember", "--topic=lessons/a", "--", f"since May: {VALUE}"),
    ],
    ids=lambda a: " ".join(a[:2]),
)
def test_a_value_is_refused_where_the_note_names_it(argv, tmp_path):
    b, cli = named_bench(tmp_path)
    result = cli(*argv, code=3)
    assert "[redacted:password]" in result.stderr and VALUE not in result.stderr
    assert VALUE not in held(b)


@pytest.mark.parametrize(
    "title,line",
    [
        ("Home network", "Xk7#pLq2vR9m"),  # its use-when names it: below
        ("Door code", "4519"),
        ("Door code", "since May: 4519"),
    ],
)
def test_the_use_when_and_the_title_name_what_a_line_holds(title, line, tmp_path):
    b, cli = named_bench(tmp_path, title)
    if title == "Home network":
        cli("key", "lessons/a", "Wi-Fi credentials")
    cli("add", "lessons/a", "--", line, code=3)
    assert line not in (b.root / "lessons" / "a.md").read_text()


def test_a_day_s_entry_is_named_by_its_title(tmp_path):
    b, cli = bench(tmp_path, Cli)
    cli("log", "the online banking password", f"--message={VALUE}", code=3)
    cli("log", "the online banking password", "--message=changed it last March")
    assert not any(VALUE in p.read_text() for p in (b.root / "daily").glob("*.md"))


def test_ordinary_lines_in_a_note_that_names_a_secret_go_in(tmp_path):
    b, cli = named_bench(tmp_path)
    cli("key", "lessons/a", "Wi-Fi credentials")
    for line in ORDINARY:
        cli("add", "lessons/a", "--", line)
    cli("remember", "--topic=lessons/a", "--", "ask Anna about the card reader")
    for line in ORDINARY:
        cli("log", "the online banking password", f"--message={line}")
    text = (b.root / "lessons" / "a.md").read_text()
    assert all(line in text for line in ORDINARY)
    b2, cli2 = named_bench(tmp_path / "contacts", "Contacts")
    for line in ("Anna 555 0199", "Jim: +49 171 5551234", "4519", VALUE):
        cli2("add", "lessons/a", "--", line)  # a note that names no secret changes nothing


def test_no_mcp_tool_writes_a_value_into_the_note_that_names_it(tmp_path):
    pytest.importorskip("mcp")
    from test_doors_mcp import _session

    b, _ = named_bench(tmp_path)

    async def calls(client):
        into = {"text": VALUE, "topic": "lessons/a"}  # first: later, a repeat writes nothing
        result = await client.call_tool("remember", into)
        accepted = [("remember into lessons/a", result.is_error)]
        for tool, places in MCP_DOORS.items():
            for arguments in places:
                result = await client.call_tool(tool, mcp_arguments(arguments, b, VALUE))
                accepted.append((tool, result.is_error))
        return accepted

    answers = _session(b.root, calls)
    assert ("remember into lessons/a", True) in answers
    assert VALUE not in held(b)
