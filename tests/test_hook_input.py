"""A hook never blocks or breaks a turn: whatever arrives on stdin or sits at `transcript_path`,
each `--hook claude-code` command answers within its time budget, and one that cannot answer
prints nothing on stdout, says why on stderr and in .memctl/hooks.log, and exits 1."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import time

import pytest
from test_chats import write_transcript

from conftest import MEMCTL_BIN, NOW, commit_count, git, run_memctl
from memctl import transcript as bounds
from memctl.chats import read_transcript
from memctl.daily import parse_log
from memctl.integrations.hookinput import (
    LOG,
    MAX_BYTES,
    WAIT_SECONDS,
    HookInputError,
    parse_hook_input,
)
from memctl.longterm import add_entry, new_note

SESSION = "7d0e5b1c-1111-2222-3333-444455556666"
BUDGET = {"recall": 10, "flush": 30, "guard": 10}  # seconds: the timeouts `hooks install` sets
HOOKS = {
    "recall": ("recall", "--hook", "claude-code"),
    "flush": ("flush", "--hook", "claude-code"),
    "guard": ("guard", "check", "--hook", "claude-code"),
}


def hook(ws, name: str, stdin: bytes) -> subprocess.CompletedProcess:
    """The hook command as Claude Code runs it: a real process, killed past its budget (the
    test then fails with TimeoutExpired rather than hang)."""
    return subprocess.run(
        [str(MEMCTL_BIN), "-w", str(ws.root), *HOOKS[name]],
        input=stdin,
        capture_output=True,
        timeout=BUDGET[name],
    )


def flush_input(transcript) -> bytes:
    return json.dumps(
        {
            "session_id": SESSION,
            "transcript_path": str(transcript),
            "cwd": "/home/sam/app",
            "hook_event_name": "PreCompact",
            "trigger": "auto",
        }
    ).encode()


def todays_log(ws):
    rel = "daily/2026-11-30.md"
    return parse_log(rel, (ws.root / rel).read_text())


@pytest.fixture
def enforced(ws, cli):
    """A rule whose check enforces: the hook would deny `git push --force`."""
    new_note(ws, "rules/git", title="Git rules", today=NOW.date())
    ref = add_entry(
        ws, "rules/git", "Never force-push to main", kind="RULE", source="user", today=NOW.date()
    ).value
    cli("lessons", "--apply", ref.entry.id, "--check", "push --force")
    cli("guard", "enforce", ref.entry.id, "--source", "user")
    good = json.dumps(
        {
            "hook_event_name": "PreToolUse",
            "tool_name": "Bash",
            "tool_input": {"command": "git push --force"},
        }
    ).encode()
    assert b'"deny"' in hook(ws, "guard", good).stdout
    return ws


# --- stdin: size, depth, encoding, an event it does not answer, a pipe left open ------------

BROKEN = {
    "nested 100,000 deep": b"[" * 100_000 + b"]" * 100_000,
    "an object nested 100,000 deep": b'{"a":' * 100_000 + b"1" + b"}" * 100_000,
    "nested 65 deep": b'{"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": '
    + b"[" * 65
    + b"]" * 65
    + b"}",
    "too many arrays": b'{"prompt": "x", "tool_name": "Bash", "a": [' + b"[]," * 100_001 + b"[]]}",
    "huge": b'{"prompt": "' + b"git push --force " * (MAX_BYTES // 16) + b'"}',
    "not UTF-8": b'{"prompt": "caf\xe9", "tool_name": "Bash"}',
    "not JSON": b"git push --force",
    "empty": b"",
    "not an object": b'["git push --force"]',
    "another event": b'{"hook_event_name": "Stop", "prompt": "x", "tool_name": "Bash"}',
}
WHY = {
    "nested 100,000 deep": "nested deeper than 64 levels",
    "an object nested 100,000 deep": "nested deeper than 64 levels",
    "nested 65 deep": "nested deeper than 64 levels",
    "too many arrays": "more than 100,000 arrays and objects",
    "huge": "over 8 MB",
    "not UTF-8": "not UTF-8",
    "not JSON": "not JSON",
    "empty": "empty",
    "not an object": "not a JSON object",
    "another event": "for 'Stop'",
}


@pytest.mark.parametrize("name", ["recall", "guard", "flush"])
@pytest.mark.parametrize("case", list(BROKEN))
def test_broken_input_answers_nothing_logs_why_and_exits_1(enforced, name, case):
    ws = enforced
    before = commit_count(ws)
    result = hook(ws, name, BROKEN[case])
    assert result.returncode == 1, result.stderr
    assert result.stdout == b""  # nothing the harness would read as an answer: no deny
    lines = result.stderr.decode().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr.decode(), result.stderr
    assert lines[0].startswith("memctl: error: hook input ") and WHY[case] in lines[0]
    assert f"the {name} hook answered nothing" in lines[0]
    logged = (ws.root / LOG).read_text().splitlines()
    assert (
        logged[-1].startswith(f"2026-11-30T09:00:00 {name}: hook input ")
        and WHY[case] in logged[-1]
    )
    assert commit_count(ws) == before  # nothing was written, nothing committed
    assert LOG not in git(ws, "status", "--porcelain")  # local: git ignores it


def test_stdin_left_open_is_given_up_on_in_time(ws):
    proc = subprocess.Popen(
        [str(MEMCTL_BIN), "-w", str(ws.root), *HOOKS["recall"]],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        proc.stdin.write(b'{"hook_event_name": "UserPromptSubmit", "prompt": "the li')
        proc.stdin.flush()  # and never closed: a harness that hangs
        code = proc.wait(timeout=BUDGET["recall"])
        out, err = proc.stdout.read(), proc.stderr.read()
    finally:
        proc.kill()
        proc.stdin.close()
        proc.wait()
    assert code == 1 and out == b""
    assert f"did not end within {WAIT_SECONDS:g} s" in err.decode()


def test_a_terminal_or_a_closed_stdin_is_refused_at_once(ws):
    import pty

    primary, terminal = pty.openpty()
    try:
        started = time.monotonic()
        done = subprocess.run(
            [str(MEMCTL_BIN), "-w", str(ws.root), *HOOKS["guard"]],
            stdin=terminal,
            capture_output=True,
            timeout=BUDGET["guard"],
        )
        assert time.monotonic() - started < WAIT_SECONDS  # not waited on
    finally:
        os.close(primary)
        os.close(terminal)
    assert done.returncode == 1 and done.stdout == b"" and b"stdin is a terminal" in done.stderr
    line = 'exec "$0" -w "$1" recall --hook claude-code <&-'
    closed = subprocess.run(
        ["sh", "-c", line, str(MEMCTL_BIN), str(ws.root)],
        capture_output=True,
        timeout=BUDGET["recall"],
    )
    assert closed.returncode == 1 and closed.stdout == b"" and b"stdin is closed" in closed.stderr


def test_one_parser_for_every_hook():
    given = parse_hook_input(
        b'{"prompt": "hi"}', events=("UserPromptSubmit",), default="UserPromptSubmit"
    )
    assert (given.event, given.prompt) == ("UserPromptSubmit", "hi")
    tool = parse_hook_input(
        '{"tool_name": "Bash", "tool_input": {"command": "ls"}}',
        events=("PreToolUse",),
        default="PreToolUse",
    )
    assert (tool.tool_name, tool.tool_input) == ("Bash", {"command": "ls"})
    deep = '{"tool_name": "Bash", "tool_input": ' + "[" * 63 + "]" * 63 + "}"
    assert parse_hook_input(deep, events=("PreToolUse",), default="PreToolUse").tool_name
    with pytest.raises(HookInputError, match="names no hook_event_name"):
        parse_hook_input('{"trigger": "auto"}', events=("PreCompact", "SessionEnd"))
    with pytest.raises(HookInputError, match=r"for 'xxxxxxxx.*…'"):
        parse_hook_input(json.dumps({"hook_event_name": "x" * 5000}), events=("PreCompact",))


def test_the_warm_path_answers_broken_input_the_same_way(example_ws):
    from servekit import serving

    root = example_ws.root
    deep = b"[" * 100_000 + b"]" * 100_000
    args = [str(MEMCTL_BIN), "-w", str(root), *HOOKS["guard"]]
    cold = subprocess.run(args, input=deep, capture_output=True, timeout=10)
    with serving(root):
        warm = subprocess.run(args, input=deep, capture_output=True, timeout=10)
    assert (warm.returncode, warm.stdout, warm.stderr) == (cold.returncode, b"", cold.stderr)
    assert cold.returncode == 1 and b"nested deeper" in cold.stderr


# --- transcript_path: only a regular file, only so much of it -------------------------------


def special_files(tmp_path):
    fifo = tmp_path / "fifo.jsonl"
    os.mkfifo(fifo)
    folder = tmp_path / "folder.jsonl"
    folder.mkdir()
    link = tmp_path / "zero.jsonl"
    link.symlink_to("/dev/zero")
    sock = tmp_path / "s.jsonl"
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(sock))
    return server, {
        "/dev/zero": ("/dev/zero", "not a regular file (a device)"),
        "a FIFO nobody writes to": (fifo, "not a regular file (a FIFO)"),
        "a folder": (folder, "not a regular file (a folder)"),
        "a link to /dev/zero": (link, "not a regular file (a device)"),
        "a socket": (sock, ""),  # open() itself fails: ENXIO
    }


def test_flush_logs_the_session_without_reading_what_is_not_a_regular_file(ws, tmp_path):
    server, cases = special_files(tmp_path)
    try:
        for name, (path, why) in cases.items():
            started = time.monotonic()
            result = hook(ws, "flush", flush_input(path))
            assert result.returncode == 0 and result.stdout == b"", (name, result.stderr)
            assert time.monotonic() - started < BUDGET["flush"]  # it answered, in time
            entry = todays_log(ws)[-1]
            assert entry.title == "Claude Code session compacted (auto)", name
            assert f"Transcript: {path} (cannot read the transcript: {why}" in entry.text, name
            assert f"Session: {SESSION}" in entry.text
    finally:
        server.close()
    assert len(todays_log(ws)) == len(cases)  # one pointer per session: nothing lost


def test_chats_index_skips_what_is_not_a_regular_file(ws, tmp_path, cli):
    server, cases = special_files(tmp_path)
    try:
        for path, _ in cases.values():
            assert read_transcript_or_none(path) is None
        write_transcript(tmp_path, SESSION, ["rename the billing module"])
        done = cli.json("chats", "index", str(tmp_path))
        assert [c["session"] for c in done["added"]] == [SESSION]
    finally:
        server.close()


def read_transcript_or_none(path):
    from memctl.errors import NotFound

    try:
        return read_transcript(path)
    except NotFound:
        return None


def test_a_transcript_that_is_not_utf8_or_not_json_is_read_around(ws, tmp_path):
    path = write_transcript(tmp_path, SESSION, ["the café menu", "ship it"])
    data = path.read_bytes().replace(b"caf\\u00e9", b"caf\xe9")  # Latin-1, not UTF-8
    garbage = b"\x00\xff{not json\n" + b"[" * 100_000 + b"\n" + b'{"type": "user", "message": 7}\n'
    path.write_bytes(
        garbage + data + b'{"type": "assistant", "message": {"content": [{"type": '
        b'"tool_use", "name": ["Edit"], "input": []}]}}\n'
    )
    result = hook(ws, "flush", flush_input(path))
    assert result.returncode == 0, result.stderr
    entry = todays_log(ws)[-1]
    assert "First ask: “the caf\ufffd menu”" in entry.text
    assert "Last asks: “ship it”" in entry.text


def test_a_long_transcript_is_read_at_its_two_ends(tmp_path):
    """A 40 MB transcript: its first ask and its last ask are found, its middle is not read,
    and a line longer than LINE_BYTES (a tool's huge output) is skipped."""
    path = write_transcript(tmp_path, SESSION, ["the first ask"])

    def user(text: str) -> str:
        return (
            json.dumps(
                {"type": "user", "sessionId": SESSION, "message": {"role": "user", "content": text}}
            )
            + "\n"
        )

    filler = json.dumps({"type": "progress", "data": "x" * 1000}) + "\n"
    half = filler * (20_000_000 // len(filler))
    huge = user("a huge tool output " * (bounds.LINE_BYTES // 18))
    with path.open("a") as handle:
        handle.write(half + user("a middle ask, never read") + half + huge)
        handle.write(user("the very last ask"))
    assert path.stat().st_size > 2 * bounds.PART_BYTES
    chat = read_transcript(path)
    assert chat is not None and chat.partial
    assert chat.first_ask == "the first ask" and chat.last_asks[-1] == "the very last ask"
    assert chat.prompts == 2  # the middle one was never read, the huge one skipped


def test_a_transcript_that_fits_is_read_whole(tmp_path):
    path = write_transcript(tmp_path, SESSION, [f"ask {n}" for n in range(50)])
    chat = read_transcript(path)
    assert chat is not None and not chat.partial
    assert chat.lines == len(path.read_text().splitlines())


def test_half_an_emoji_in_the_prompt_is_read_as_a_replacement_character(ws):
    """Claude Code writes its hook input from JavaScript strings: a prompt cut inside an emoji
    holds a lone "\\ud83d", which json.loads reads as an unpaired surrogate. The hook answers
    (the rest of the prompt is asked), where it ended in a traceback."""
    from memctl.integrations.hookinput import parse_hook_input

    payload = '{"hook_event_name": "UserPromptSubmit", "prompt": "who fixes the boiler \\ud83d"}'
    given = parse_hook_input(payload, events=("UserPromptSubmit",))
    assert given.prompt == "who fixes the boiler \ufffd"
    run_memctl("remember", "Kessler Heating fixes the boiler, 0161 496 0083", cwd=ws.root)
    done = run_memctl("recall", "--hook", "claude-code", cwd=ws.root, input=payload)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-1500:]
    assert "Kessler" in json.loads(done.stdout)["hookSpecificOutput"]["additionalContext"]
