"""A whole number reaches memctl through many doors: an option, an MCP tool's argument, a setting
in config.yaml (which sync brings from a peer), a note's frontmatter. However large, small or
unreadable, it is one line of error naming where it came from, never a traceback, a date past the
calendar, an integer SQLite refuses or a wait for ever."""

from __future__ import annotations

import asyncio
import dataclasses
import os

import pytest

from conftest import MEMCTL_BIN
from memctl.config import Config

HUGE = 10**20
DIGITS = "9" * 5000  # past what int() reads


def _number_settings() -> list[tuple[str, str]]:
    return [(f.name, str(f.type)) for f in dataclasses.fields(Config) if f.type in ("int", "float")]


@pytest.mark.parametrize(("key", "kind"), _number_settings(), ids=lambda v: v)
def test_every_number_setting_is_bounded_and_named_by_its_line(cli, key, kind):
    config = cli.root / ".memctl" / "config.yaml"
    values = [str(HUGE), DIGITS, "-3"] + ([".inf", ".nan"] if kind == "float" else [])
    for value in values:
        text = f"# a peer's settings\n{key}: {value}\n"
        config.write_text(text)
        for argv in (["now"], ["recall", "when is the plumber booked"], ["log", "hi"]):
            result = cli(*argv, code=None)
            # `now` still shows NOW.md and the rules, with the line named in a warning
            said = "warning" if argv == ["now"] else "error"
            assert result.exit_code == (argv != ["now"]), (key, value[:20], argv, result.stderr)
            lines = result.stderr.strip().splitlines()
            assert len(lines) == 1, (key, value[:20], argv, result.stderr[-300:])
            assert lines[0].startswith(f"memctl: {said}: .memctl/config.yaml:2: "), lines[0][:200]
            assert len(lines[0]) < 200 + 100 * (said == "warning"), lines[0][:300]
        assert config.read_text() == text  # never rewritten
    config.write_text(f"{key}: 7\n")
    cli("now")


def test_a_number_too_long_to_read_in_frontmatter_names_its_line(cli):
    cli("new", "people/ingrid")
    note = cli.root / "people" / "ingrid.md"
    text = note.read_text().replace("\n", f"\npriority: {DIGITS}\n", 1)
    note.write_text(text)
    for argv in (["show", "people/ingrid"], ["add", "people/ingrid", "a fact"]):
        result = cli(*argv, code=1)
        line = result.stderr.strip()
        assert line == "memctl: error: people/ingrid.md:2: a number too long to read in frontmatter"
    cli("search", "ingrid")  # the note is passed over, the rest is searched
    assert note.read_text() == text


def test_every_whole_number_argument_of_every_mcp_tool_is_bounded(cli):
    pytest.importorskip("mcp")
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters

    params = StdioServerParameters(
        command=str(MEMCTL_BIN), args=["-w", str(cli.root), "serve"], env=dict(os.environ)
    )

    async def main():
        answers = {}
        async with Client(params) as client:
            for tool in (await client.list_tools()).tools:
                schema = tool.input_schema
                given = {name: "x" for name in schema.get("required", [])}
                for name, spec in schema["properties"].items():
                    if spec.get("type") != "integer":
                        continue
                    for number in (HUGE, -HUGE, 2**63):
                        result = await client.call_tool(tool.name, {**given, name: number})
                        answers[(tool.name, name, number)] = result
            ready = await client.call_tool("recall", {"prompt": "when is the plumber booked"})
        return answers, ready

    answers, ready = asyncio.run(main())
    assert {tool for tool, _, _ in answers} >= {"recall", "search", "graph_path"}
    for (tool, name, number), result in answers.items():
        assert result.is_error, (tool, name, number)
        text = result.content[0].text
        assert text.startswith("memctl: error: --" + name.replace("_", "-")), (tool, name, text)
        assert "\n" not in text and len(text) < 200, text
        assert result.structured_content["exit_code"] == 2, (tool, name, text)
    assert not ready.is_error  # the server goes on answering
