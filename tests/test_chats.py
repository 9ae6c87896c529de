"""Past chats as experts: Claude Code transcripts catalogued, found, and woken."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import NOW, commit_count, git
from memctl.chats import CHATS_NOTE, read_transcript
from memctl.note import read_note

SECRET_OUTPUT = "TOOL-OUTPUT-NEVER-COPIED"


def write_transcript(
    folder: Path,
    session: str,
    prompts: list[str],
    *,
    cwd: str = "/home/sam/app",
    day: str = "2026-11-24",
    answer: str = "Pushed the fix; CI is green.",
    files: tuple[str, ...] = ("ci/deploy.yml",),
    title: str | None = None,
    interrupted: bool = False,
) -> Path:
    """A Claude Code transcript as the harness writes it: one JSON object a line, a meta line,
    user prompts, assistant text and tool_use blocks, tool results, and a summary line."""
    lines = []
    clock = iter(range(0, 3600, 7))

    def stamp() -> str:
        seconds = next(clock)
        return f"{day}T09:{seconds // 60:02d}:{seconds % 60:02d}.000Z"

    base = {
        "isSidechain": False,
        "userType": "external",
        "cwd": cwd,
        "sessionId": session,
        "version": "1.0.80",
        "gitBranch": "main",
    }
    lines.append(
        {
            **base,
            "type": "user",
            "isMeta": True,
            "uuid": "m0",
            "timestamp": stamp(),
            "message": {"role": "user", "content": "<command-name>/clear</command-name>"},
        }
    )
    for n, prompt in enumerate(prompts):
        lines.append(
            {
                **base,
                "type": "user",
                "uuid": f"u{n}",
                "timestamp": stamp(),
                "message": {"role": "user", "content": prompt},
            }
        )
        tool = files[n % len(files)] if files else None
        content = [{"type": "text", "text": f"Looking at it ({n})."}]
        if tool:
            content.append(
                {
                    "type": "tool_use",
                    "id": f"toolu_{n}",
                    "name": "Edit",
                    "input": {"file_path": f"{cwd}/{tool}", "old_string": "a", "new_string": "b"},
                }
            )
        lines.append(
            {
                **base,
                "type": "assistant",
                "uuid": f"a{n}",
                "timestamp": stamp(),
                "message": {
                    "id": f"msg_{n}",
                    "type": "message",
                    "role": "assistant",
                    "model": "claude-sonnet-4-5",
                    "content": content,
                },
            }
        )
        if tool:
            lines.append(
                {
                    **base,
                    "type": "user",
                    "uuid": f"r{n}",
                    "timestamp": stamp(),
                    "message": {
                        "role": "user",
                        "content": [
                            {
                                "tool_use_id": f"toolu_{n}",
                                "type": "tool_result",
                                "content": SECRET_OUTPUT,
                            }
                        ],
                    },
                }
            )
    lines.append(
        {
            **base,
            "type": "assistant",
            "uuid": "last",
            "timestamp": stamp(),
            "message": {"role": "assistant", "content": [{"type": "text", "text": answer}]},
        }
    )
    if interrupted:
        lines.append(
            {
                **base,
                "type": "user",
                "uuid": "int",
                "timestamp": stamp(),
                "message": {
                    "role": "user",
                    "content": [{"type": "text", "text": "[Request interrupted by user]"}],
                },
            }
        )
    if title:
        lines.append({"type": "summary", "summary": title, "leafUuid": "last"})
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{session}.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


def test_a_transcript_is_read_without_tool_output_or_harness_notes(tmp_path):
    path = write_transcript(
        tmp_path,
        "s-1",
        ["the deploy test is flaky", "now push it"],
        files=("tests/test_deploy.py", "ci/deploy.yml"),
        title="Fix the flaky deploy test",
    )
    chat = read_transcript(path)
    assert chat.session == "s-1" and chat.cwd == "/home/sam/app"
    assert chat.first_ask == "the deploy test is flaky" and chat.last_asks[-1] == "now push it"
    assert chat.prompts == 2 and chat.title == "Fix the flaky deploy test"
    assert chat.files == ["tests/test_deploy.py", "ci/deploy.yml"]
    assert chat.end == "Pushed the fix; CI is green."
    assert chat.wake == "cd /home/sam/app && claude --resume s-1"
    assert SECRET_OUTPUT not in json.dumps(chat.to_dict())


def test_an_interrupted_chat_says_so_and_odd_lines_are_skipped(tmp_path):
    path = write_transcript(tmp_path, "s-2", ["rename the module"], interrupted=True)
    with path.open("a") as handle:
        handle.write('{"type": "user", "message": {"content": "half a line')
    chat = read_transcript(path)
    assert chat.end == "interrupted by the user"


def test_subagent_and_empty_transcripts_are_not_chats(tmp_path):
    empty = tmp_path / "s-3.jsonl"
    empty.write_text('{"type": "summary", "summary": "nothing"}\n')
    agent = write_transcript(tmp_path, "agent-7", ["search the code"])
    assert read_transcript(empty) is None and read_transcript(agent) is None


def test_index_is_incremental_and_one_commit(ws, cli, tmp_path):
    projects = tmp_path / "claude" / "projects" / "-home-sam-app"
    write_transcript(
        projects, "aaaa-1", ["the deploy test is flaky, can you look"], day="2026-11-20"
    )
    write_transcript(
        projects, "bbbb-2", ["draft the release notes"], day="2026-11-22", files=("CHANGELOG.md",)
    )
    before = commit_count(ws)
    first = cli.json("chats", "index", str(tmp_path / "claude" / "projects"))
    assert [c["session"] for c in first["added"]] == ["aaaa-1", "bbbb-2"]
    assert commit_count(ws) == before + 1
    note = read_note(ws.root / CHATS_NOTE)
    entries = [e for e in note.entries() if e.kind == "CHAT"]
    assert [e.fields["session"] for e in entries] == ["aaaa-1", "bbbb-2"]
    assert entries[0].fields["added"] == "2026-11-20" and entries[0].id
    assert entries[0].fields["when"] == "the deploy test is flaky, can you look"
    assert entries[1].text.startswith("`cd /home/sam/app && claude --resume bbbb-2`")
    assert "files: CHANGELOG.md" in entries[1].text and "ended: “Pushed the fix" in entries[1].text

    again = cli.json("chats", "index", str(tmp_path / "claude" / "projects"))
    assert again["added"] == [] and again["known"] == 2 and commit_count(ws) == before + 1

    write_transcript(projects, "cccc-3", ["why is the cache cold"], day="2026-11-29")
    third = cli.json("chats", "index", str(tmp_path / "claude" / "projects"))
    assert [c["session"] for c in third["added"]] == ["cccc-3"]
    assert len(read_note(ws.root / CHATS_NOTE).entries()) == 3
    assert git(ws, "status", "--porcelain").strip() == ""


def test_search_and_recall_return_the_chat_with_the_command_that_wakes_it(ws, cli, tmp_path):
    folder = tmp_path / "projects"
    write_transcript(
        folder,
        "4f1c2d3e-aaaa-bbbb-cccc-1234567890ab",
        ["the kubernetes rollout keeps timing out on staging"],
        cwd="/home/sam/infra",
        title="Staging rollout timeout",
    )
    cli("chats", "index", str(folder))
    wake = "cd /home/sam/infra && claude --resume 4f1c2d3e-aaaa-bbbb-cccc-1234567890ab"
    hits = cli.json("search", "rollout timing out staging")["results"]
    assert hits and hits[0]["path"] == CHATS_NOTE and wake in hits[0]["text"]
    recalled = cli("recall", "why did the staging rollout time out", "--budget", "80").stdout
    assert f"`{wake}`" in recalled  # never cut inside the command, even in a small budget


def test_a_missing_path_is_an_error(cli, tmp_path):
    result = cli("chats", "index", str(tmp_path / "nope"), code=1)
    assert "no such file or folder of transcripts" in result.stderr


@pytest.mark.parametrize("prompt", ["hi", "<local-command-stdout>ok</local-command-stdout>"])
def test_only_real_prompts_count(tmp_path, prompt):
    path = write_transcript(tmp_path, "s-9", [prompt, "the real question"])
    chat = read_transcript(path)
    expected = "the real question" if prompt.startswith("<") else "hi"
    assert chat.first_ask == expected


def test_index_date_is_today_when_the_transcript_has_no_times(ws, tmp_path):
    from memctl.chats import index_chats

    path = tmp_path / "t.jsonl"
    path.write_text(
        json.dumps(
            {
                "type": "user",
                "sessionId": "t-1",
                "message": {"role": "user", "content": "plan the trip"},
            }
        )
        + "\n"
    )
    outcome = index_chats(ws, [path], now=NOW)
    assert outcome.value.added[0].started is None
    entry = read_note(ws.root / CHATS_NOTE).entries()[0]
    assert entry.fields["added"] == NOW.date().isoformat()


def test_what_index_reports_of_a_chat_holds_no_secret_the_catalogue_would_not(ws, cli, tmp_path):
    """`memctl cron` runs `chats index` every night, and cron mails its output."""
    token = "ghp_" + "R8xk2LmQ9vT4wZ7nB3cY6pJ1sD5fH0gA2eKq"
    projects = tmp_path / "projects" / "-home-sam-app"
    write_transcript(projects, "aaaa-1", [f"use my token {token} for the deploy"], day="2026-11-20")
    plain = cli("chats", "index", str(tmp_path / "projects")).stdout
    assert token not in plain and "use my token" in plain
    write_transcript(projects, "bbbb-2", [f"and {token} again"], day="2026-11-21")
    data = cli("chats", "index", str(tmp_path / "projects"), "--json").stdout
    assert token not in data and "[redacted:" in data
    assert token not in (ws.root / CHATS_NOTE).read_text()
