"""A chat's folder may hold any character: the wake command every output gives back is the whole
quoted command or none, through every door that writes one (chats index, the flush hook) and
every door that reads one (show, search, recall, text and JSON, the MCP tools)."""

from __future__ import annotations

import asyncio
import json
import os
import shlex
import subprocess

import pytest
from test_chats import write_transcript
from test_hostile_transcripts import fake_claude

from conftest import MEMCTL_BIN
from memctl.chats import CHATS_NOTE, wake_in, wake_span
from memctl.note import read_note

SESSION = "4f1c2d3e-aaaa-bbbb-cccc-1234567890ab"
ASK = "find the online form for the building permit renewal, the city keeps moving it"
DEEP = "house-renovation/paperwork/city-permits"  # a long folder: search cuts the snippet short
# Folders a command line carries as they are: the wake command quotes them whole.
FIT = [
    "app`touch PWNED #",
    "x``y` $(touch PWNED) `",
    'it\'s "quoted" $(touch PWNED); touch PWNED #',
    "ends in a backtick`",
    "```fenced``` `touch PWNED`",
    "ünï `touch PWNED` ☃",
]
# Folders that cannot go into one as they are: no wake command at all.
UNFIT = ["line\nbreak`touch PWNED`", "sep\u2028`touch PWNED`", "-rf `touch PWNED`"]


def _folder(tmp_path, name: str) -> str:
    if name.startswith("-"):
        return name
    folder = tmp_path / DEEP / name
    folder.mkdir(parents=True)
    return str(folder)


def _write(cli, tmp_path, cwd: str, door: str) -> None:
    transcript = write_transcript(
        tmp_path / "projects", SESSION, [ASK], cwd=cwd, title="Building permit renewal form link"
    )
    if door == "chats index":
        cli("chats", "index", str(transcript.parent))
    else:  # the SessionEnd hook: a log entry and the catalogue's entry
        payload = {
            "session_id": SESSION,
            "transcript_path": str(transcript),
            "cwd": cwd,
            "hook_event_name": "SessionEnd",
            "reason": "logout",
        }
        cli("flush", "--hook", "claude-code", input=json.dumps(payload))


def _read(cli, ws) -> list[tuple[str, str | None]]:
    """The wake command as each reading door gives it: (door, wake)."""
    wakes: list[tuple[str, str | None]] = []
    [entry] = read_note(ws.root / CHATS_NOTE).entries()
    logged = cli.json("search", "building permit renewal", "--path", "daily/*")["results"]
    for target in [entry.id] + [f"{hit['path']}:{hit['line']}" for hit in logged]:
        last = cli("show", target).stdout.splitlines()[-1]
        wakes.append(("show", last.removeprefix("wake: ") if last.startswith("wake:") else None))
        wakes.append(("show --json", cli.json("show", target)["wake"]))
    for hit in cli.json("search", "building permit renewal form")["results"]:
        wakes.append(("search --json", hit.get("wake")))
    lines = cli("search", "building permit renewal form").stdout.splitlines()
    wakes += [("search", line[10:]) for line in lines if line.startswith("    wake: ")]
    recalled = cli("recall", "building permit renewal form link", "--budget", "70").stdout
    for line in recalled.splitlines():
        if "--resume" in line:  # the pointer's code span, read as Markdown reads it
            wakes.append(("recall", wake_in(line)))
    return wakes


@pytest.mark.parametrize("door", ["chats index", "flush"])
@pytest.mark.parametrize("name", FIT + UNFIT)
def test_every_door_gives_the_whole_wake_command_or_none(ws, cli, tmp_path, name, door):
    cwd = _folder(tmp_path, name)
    _write(cli, tmp_path, cwd, door)
    wakes = _read(cli, ws)
    doors = [door for door, _ in wakes]
    assert doors.count("show") == doors.count("show --json") == (1 if door == "chats index" else 2)
    if name in UNFIT:
        assert {"show", "show --json", "search --json"} <= set(doors)
        assert {wake for _, wake in wakes} == {None}, wakes
        return
    assert {"show", "show --json", "search --json", "search"} <= set(doors)
    for where, wake in wakes:
        assert wake is not None, where
        assert shlex.split(wake) == ["cd", cwd, "&&", "claude", "--resume", SESSION], where
    env = fake_claude(tmp_path)
    for wake in {wake for _, wake in wakes}:
        assert wake is not None
        ran = subprocess.run(["bash", "-c", wake], cwd=tmp_path, env=env, capture_output=True)
        assert ran.returncode == 0, ran.stderr
        called = (tmp_path / "claude-args").read_text().splitlines()
        assert called == [cwd, "--resume", SESSION]
    assert not list(tmp_path.rglob("PWNED"))


def test_the_mcp_tools_give_the_whole_wake_command(ws, cli, tmp_path):
    pytest.importorskip("mcp")
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters

    cwd = _folder(tmp_path, FIT[0])
    _write(cli, tmp_path, cwd, "chats index")
    [entry] = read_note(ws.root / CHATS_NOTE).entries()

    async def main():
        params = StdioServerParameters(
            command=str(MEMCTL_BIN),
            args=["-w", str(ws.root), "serve"],
            env=dict(os.environ),
            cwd=str(ws.root),
        )
        async with Client(params) as client:
            shown = await client.call_tool("show", {"target": entry.id})
            found = await client.call_tool("search", {"query": "building permit renewal"})
            return shown.structured_content, found.structured_content

    shown, found = asyncio.run(main())
    wakes = [shown["wake"]] + [hit.get("wake") for hit in found["results"]]
    expected = ["cd", cwd, "&&", "claude", "--resume", SESSION]
    assert wakes and all(shlex.split(wake) == expected for wake in wakes), wakes


@pytest.mark.parametrize(
    "text",
    [
        # an entry written before the fence grew with the backticks inside: cut short, so none
        f"`cd '/srv/app`touch PWNED #' && claude --resume {SESSION}` — 1 prompt",
        f"`touch PWNED #' && claude --resume {SESSION}`",
        f"`cd /srv && claude --resume {SESSION}; touch PWNED`",
        f"`cd /srv && claude --resume {SESSION} && touch PWNED`",
        f"`cd /srv && claude --resume '{SESSION}'x`",
        f"`cd $(touch PWNED) && claude --resume {SESSION}`",
        f"`cd -P && claude --resume {SESSION}`",
        "`cd /srv && claude --resume -x`",
        f"``cd /srv && claude --resume {SESSION}`",  # a fence nothing closes
    ],
)
def test_a_span_that_is_not_a_whole_wake_command_gives_none(text):
    assert wake_in(text) is None


def test_the_span_holds_any_backticks_and_reads_back_whole():
    for wake in ["a`b", "a``b```c", "`a", "b`", " a ", "plain"]:
        assert f"x {wake_span(wake)} y".count(wake) == 1
    wake = f"cd '/srv/a``b`' && claude --resume {SESSION}"
    assert wake_in(f"- {wake_span(wake)} — `other` text") == wake
