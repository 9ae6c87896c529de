"""A pointer at a past chat carries the command that wakes it in every output: search's printed
line, recall's pointer line, show; for a catalogued chat and for a session flushed at its end."""

from __future__ import annotations

import json

from test_chats import write_transcript

from memctl.chats import CHATS_NOTE, wake_in

SESSION = "4f1c2d3e-aaaa-bbbb-cccc-1234567890ab"
DEEP = "/home/sam/projects/house-renovation/paperwork/city-permits"  # a long folder: a long wake
WAKE = f"cd {DEEP} && claude --resume {SESSION}"
ASK = (
    "find the online form for the building permit renewal, the city site keeps sending me to "
    "the wrong page"
)


def permit_chat(tmp_path):
    answer = "Found it: https://permits.example.gov/renew (Residential)"
    return write_transcript(
        tmp_path / "projects",
        SESSION,
        [ASK],
        cwd=DEEP,
        answer=answer,
        title="Building permit renewal form link",
    )


def test_the_wake_command_is_read_from_any_text():
    assert wake_in(f"`{WAKE}` — 2026-11-24 09:00, 1 prompt") == WAKE
    assert wake_in(f"Wake it: `cd '/a b' && claude --resume {SESSION}`\nTranscript: x") == (
        f"cd '/a b' && claude --resume {SESSION}"
    )
    assert wake_in("claude --resume without backticks") is None and wake_in("plain") is None


def test_search_prints_the_wake_command_of_a_catalogued_chat(ws, cli, tmp_path):
    cli("chats", "index", str(permit_chat(tmp_path).parent))
    out = cli("search", "the link we used last time for the permit form").stdout
    first, second = out.splitlines()[:2]
    assert first.startswith(f"{CHATS_NOTE}:") and WAKE not in first  # the snippet cut it off
    assert second == f"    wake: {WAKE}"


def test_recall_and_show_carry_the_wake_command_whole(ws, cli, tmp_path):
    cli("chats", "index", str(permit_chat(tmp_path).parent))
    recalled = cli("recall", "building permit renewal form link", "--budget", "70").stdout
    pointer = next(line for line in recalled.splitlines() if CHATS_NOTE in line)
    assert f"`{WAKE}`" in pointer
    entry_id = pointer.split("^", 1)[1].split()[0]
    shown = cli("show", entry_id).stdout
    assert shown.splitlines()[-1] == f"wake: {WAKE}"
    assert cli.json("show", entry_id)["wake"] == WAKE


def test_a_session_flushed_at_its_end_carries_its_wake_command_too(ws, cli, tmp_path):
    transcript = permit_chat(tmp_path)
    payload = {
        "session_id": SESSION,
        "transcript_path": str(transcript),
        "cwd": DEEP,
        "hook_event_name": "SessionEnd",
        "reason": "logout",
    }
    cli("flush", "--hook", "claude-code", input=json.dumps(payload))
    hits = cli.json("search", "permit renewal form", "--path", "daily/*")["results"]
    logged = f"{hits[0]['path']}:{hits[0]['line']}"
    out = cli("search", "permit renewal form", "--path", "daily/*").stdout
    assert f"wake: {WAKE}" in out or f"`{WAKE}`" in out.splitlines()[0]
    shown = cli("show", logged).stdout.splitlines()
    assert shown[0] == logged and shown[1].startswith("### ") and shown[-1] == f"wake: {WAKE}"
    line_in_it = f"{hits[0]['path']}:{hits[0]['line'] + 2}"  # any line of the entry shows it
    assert cli("show", line_in_it).stdout.splitlines()[0] == logged
