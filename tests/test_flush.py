"""`memctl flush`: what a compaction or the end of a session drops stays one call away."""

from __future__ import annotations

import json

from test_chats import SECRET_OUTPUT, write_transcript

from conftest import commit_count, git
from memctl.chats import CHATS_NOTE
from memctl.daily import parse_log

SESSION = "7d0e5b1c-1111-2222-3333-444455556666"


def hook(event: str, transcript, **more) -> str:
    return json.dumps(
        {
            "session_id": SESSION,
            "transcript_path": str(transcript),
            "cwd": "/home/sam/app",
            "hook_event_name": event,
            **more,
        }
    )


def todays_log(ws):
    rel = "daily/2026-11-30.md"
    return parse_log(rel, (ws.root / rel).read_text())


def test_precompact_logs_a_pointer_and_what_the_session_was_about(ws, cli, tmp_path):
    prompts = [
        "the invoice export drops the VAT column",
        "check the CSV writer",
        "and the PDF one",
        "ship it",
    ]
    transcript = write_transcript(
        tmp_path,
        SESSION,
        prompts,
        title="Fix VAT column in exports",
        files=("export/csv.py", "export/pdf.py"),
    )
    before = commit_count(ws)
    result = cli(
        "flush",
        "--hook",
        "claude-code",
        input=hook("PreCompact", transcript, trigger="auto", custom_instructions=""),
    )
    assert result.stdout == ""  # the harness reads stdout: nothing there
    assert commit_count(ws) == before + 1
    [entry] = todays_log(ws)
    assert entry.title == "Claude Code session compacted (auto): Fix VAT column in exports"
    assert f"Wake it: `cd /home/sam/app && claude --resume {SESSION}`" in entry.text
    lines = len(transcript.read_text().splitlines())
    assert f"Transcript: {transcript} (compacted up to line {lines})" in entry.text
    assert "First ask: “the invoice export drops the VAT column”" in entry.text
    assert "Last asks: “check the CSV writer” · “and the PDF one” · “ship it”" in entry.text
    assert "Files: export/csv.py, export/pdf.py" in entry.text
    assert SECRET_OUTPUT not in (ws.root / "daily/2026-11-30.md").read_text()
    assert not (ws.root / CHATS_NOTE).exists()  # the session goes on


def test_session_end_also_catalogues_the_chat_in_the_same_commit(ws, cli, tmp_path):
    transcript = write_transcript(tmp_path, SESSION, ["rename the billing module"])
    before = commit_count(ws)
    cli("flush", "--hook", "claude-code", input=hook("SessionEnd", transcript, reason="logout"))
    assert commit_count(ws) == before + 1
    changed = git(ws, "show", "--name-only", "--format=%s", "HEAD").split()
    assert "daily/2026-11-30.md" in changed and CHATS_NOTE in changed
    assert SESSION in (ws.root / CHATS_NOTE).read_text()
    cli("flush", "--hook", "claude-code", input=hook("SessionEnd", transcript, reason="other"))
    assert (ws.root / CHATS_NOTE).read_text().count(f"session:{SESSION}") == 1


def test_the_pointer_is_found_later_by_what_the_session_was_about(ws, cli, tmp_path):
    transcript = write_transcript(tmp_path, SESSION, ["migrate the wiki to the new server"])
    cli("flush", str(transcript), "--event", "compacted")
    hits = cli.json("search", "wiki migration server")["results"]
    assert hits and hits[0]["path"] == "daily/2026-11-30.md"
    assert f"claude --resume {SESSION}" in hits[0]["text"]


def test_a_missing_transcript_still_leaves_a_pointer(ws, cli, tmp_path):
    gone = tmp_path / "gone.jsonl"
    cli("flush", "--hook", "claude-code", input=hook("SessionEnd", gone, reason="clear"))
    [entry] = todays_log(ws)
    assert entry.title == "Claude Code session ended (clear)"
    assert f"Session: {SESSION}" in entry.text and f"Transcript: {gone} (" in entry.text


def test_purged_words_are_withheld_not_logged(ws, cli, tmp_path):
    cli("log", "note", "-m", "call 555-0199 tomorrow")
    cli("forget", "--purge", "--match", "555-0199", "--yes")
    transcript = write_transcript(tmp_path, SESSION, ["text 555-0199 the address", "thanks"])
    cli("flush", str(transcript))
    text = (ws.root / "daily/2026-11-30.md").read_text()
    assert "555-0199" not in text and "First ask: (withheld: it contains purged text)" in text
    assert "555-0199" not in json.dumps(cli.json("flush", str(transcript)))  # nor in the report


def test_usage_errors(cli, tmp_path):
    assert "give the transcript" in cli("flush", code=2).stderr
    result = cli("flush", "--hook", "claude-code", input='{"hook_event_name": "Stop"}', code=1)
    assert "'Stop'" in result.stderr
    assert "unknown hook" in cli("flush", "--hook", "cursor", input="{}", code=2).stderr


def test_a_secret_in_the_session_is_redacted_in_the_log_and_in_the_report(ws, cli, tmp_path):
    token = "ghp_" + "Zq4Rt8Vb2Nm6Kx1Lp9Wc3Hs7Jd5Fg0Ay2Ue"
    transcript = write_transcript(
        tmp_path, SESSION, [f"use {token} to push the release", "thanks"], title=f"push {token}"
    )
    data = cli.json("flush", str(transcript))
    stored = (ws.root / "daily/2026-11-30.md").read_text()
    assert token not in stored and "[redacted:" in stored
    assert token not in json.dumps(data)  # what flush says it stored is what it stored
    assert token not in cli("flush", str(transcript)).stdout
