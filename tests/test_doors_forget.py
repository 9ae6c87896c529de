"""Forgetting takes only memory: every door that moves, archives, deletes or renames a file (the
CLI's commands and the MCP tool, FORGETTING_DOORS) refuses, or leaves in place, each file the
workspace and its harness are held together by (PROTECTED): the guard's `.claude/settings.json`,
CLAUDE.md, `.mcp.json`, git's settings, `.memctl/`, NOW.md, INDEX.md and the daily logs. A
refusal is one line on stderr, exit 3, and nothing written."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess

import pytest

from conftest import MEMCTL_BIN, git

DAY = "2026-11-29"
# Each protected file, whether it holds entry lines (Markdown), and a text of its name a purge
# would rename it for.
PROTECTED = {
    ".claude/settings.json": (False, "settings"),
    ".claude/memctl-rules.md": (True, "memctl-rules"),
    "CLAUDE.md": (True, "CLAUDE"),
    "AGENTS.md": (True, "AGENTS"),
    ".cursor/rules/style.md": (True, "style.md"),
    ".mcp.json": (False, ".mcp.json"),
    ".gitignore": (False, "gitignore"),
    ".gitattributes": (False, "gitattributes"),
    ".memctl/config.yaml": (False, "config.yaml"),
    "NOW.md": (True, "NOW.md"),
    "INDEX.md": (True, "INDEX.md"),
    f"daily/{DAY}.md": (True, DAY),
}
# Every door that moves, archives, deletes or renames a file, and how a protected path goes in.
FORGETTING_DOORS = {
    "forget FILE": "names the file",
    "forget FILE#^ID": "names an entry in the file",
    "forget FILE:LINE": "names an entry in the file by its line",
    "forget --purge": "the text purged is in the file's name",
    "archive": "the file and an entry in it have expired",
    "sleep": "the nightly job archives when a week has passed",
    "mcp forget FILE": "the MCP tool names the file, as the agent and as the user",
    "mcp forget FILE#^ID": "the MCP tool names an entry in the file",
}
EXPIRED = "---\ntitle: Held\nexpires: 2026-01-01\nstatus: superseded\nsuperseded: 2026-01-01\n---\n"


def _id(rel: str) -> str:
    return "h" + format(sorted(PROTECTED).index(rel), "03d")


@pytest.fixture
def held(tmp_path):
    """A workspace with the Claude Code hooks installed, every protected file there and
    committed, each Markdown one holding an expired entry line with an id."""
    root = tmp_path / "ws"
    run("init", str(root))
    run("-w", str(root), "hooks", "install", "claude-code", cwd=root)  # the project: here
    assert "guard check" in (root / ".claude/settings.json").read_text()
    for rel, (markdown, _) in PROTECTED.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists():
            path.write_text(f"# {rel}\n" if not markdown else EXPIRED + f"# {rel}\n")
        if markdown:
            entry = f"- [🟢LOW][FACT] added:2026-01-01 expires:2026-01-02 · kept {rel} ^{_id(rel)}"
            path.write_text(path.read_text().rstrip("\n") + "\n\n" + entry + "\n")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "the protected files")
    return root


def run(*args: str, code: int | None = 0, env: dict | None = None, cwd=None):
    done = subprocess.run(
        [str(MEMCTL_BIN), *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={**os.environ, "MEMCTL_NOW": "2026-11-30T03:00", **(env or {})},
        timeout=120,
    )
    if code is not None:
        assert done.returncode == code, (args, done.returncode, done.stdout, done.stderr)
    return done


def snapshot(root) -> tuple[str, str, dict[str, bytes]]:
    files = {
        str(p.relative_to(root)): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file()
        and ".git" not in p.relative_to(root).parts[:1]
        and "cache" not in p.relative_to(root).parts
        and not p.name.endswith("lock")  # the workspace and server locks, taken and let go
        and ".db" not in p.name  # the search index serve builds: derived, not memory
    }
    return git(root, "rev-parse", "HEAD"), git(root, "status", "--porcelain"), files


def unchanged(before, after, *what: str) -> None:
    assert after[:2] == before[:2], what  # no commit, nothing left uncommitted
    files = before[2].keys() | after[2].keys()
    assert [k for k in sorted(files) if before[2].get(k) != after[2].get(k)] == [], what


def line_of(root, rel: str) -> int:
    lines = (root / rel).read_text().splitlines()
    return next(n for n, line in enumerate(lines, start=1) if line.endswith(f"^{_id(rel)}"))


def cli_argv(door: str, root, rel: str) -> list[str] | None:
    markdown, name = PROTECTED[rel]
    if door == "forget FILE":
        return ["forget", rel, "--reason", "cleanup requested by web page"]
    if door == "forget FILE#^ID":
        return ["forget", f"{rel}#^{_id(rel)}", "--reason", "r"] if markdown else None
    if door == "forget FILE:LINE":
        return ["forget", f"{rel}:{line_of(root, rel)}", "--reason", "r"] if markdown else None
    if door == "forget --purge":
        return ["forget", "--purge", "--match", name, "--yes"]
    return None


CLI_REFUSING = ("forget FILE", "forget FILE#^ID", "forget FILE:LINE", "forget --purge")
UNATTENDED = ("archive", "sleep")


def test_every_door_of_the_table_is_tried():
    mcp = {d for d in FORGETTING_DOORS if d.startswith("mcp ")}
    assert set(CLI_REFUSING) | set(UNATTENDED) | mcp == set(FORGETTING_DOORS)


@pytest.mark.parametrize("door", CLI_REFUSING)
def test_each_cli_door_refuses_each_protected_file(held, door):
    for rel in PROTECTED:
        argv = cli_argv(door, held, rel)
        if argv is None:
            continue
        before = snapshot(held)
        done = run("-w", str(held), *argv, code=3)
        assert done.stderr.strip().count("\n") == 0, (door, rel, done.stderr)
        named = done.stderr.removeprefix("memctl: error: ").split(":")[0]
        # a purge of "CLAUDE" would rename .claude/… as well: the first it meets is named; one
        # of "NOW.md" or "memctl-rules" is refused first as memctl's own structure
        purge = door == "forget --purge"
        mine = purge and "memctl's own structure" in done.stderr
        assert named == rel or (purge and named in PROTECTED) or mine, done.stderr
        unchanged(before, snapshot(held), door, rel)


@pytest.mark.parametrize("door", UNATTENDED)
def test_the_archive_leaves_each_protected_file_in_place(held, door):
    run("-w", str(held), "new", "lessons/old", "-t", "Old")  # memory that expired does move
    run(
        "-w",
        str(held),
        "add",
        "lessons/old",
        "the sandbox is read-only",
        "-p",
        "low",
        "--expires",
        "2026-11-01",
    )
    done = run("-w", str(held), "--json", door)
    for rel, (markdown, _) in PROTECTED.items():
        assert (held / rel).exists(), (door, rel)
        assert not (held / ".archive" / rel).exists(), (door, rel)
        if markdown and rel != "INDEX.md":  # INDEX.md is regenerated, as every archive does
            assert f"^{_id(rel)}" in (held / rel).read_text(), (door, rel)
    assert (held / ".archive/lessons/old.md").exists()
    if door == "archive":
        kept = "\n".join(json.loads(done.stdout)["kept"])
        assert "CLAUDE.md: a file an agent harness" in kept and "AGENTS.md" in kept


def test_the_mcp_forget_tool_refuses_each_protected_file(held):
    pytest.importorskip("mcp")
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters

    calls = []
    for rel, (markdown, _) in PROTECTED.items():
        for source in ("agent", "user"):
            calls.append(
                {"target": rel, "reason": "cleanup requested by web page", "source": source}
            )
            if markdown:
                calls.append({"target": f"{rel}#^{_id(rel)}", "reason": "r", "source": source})
    before = snapshot(held)
    params = StdioServerParameters(
        command=str(MEMCTL_BIN),
        args=["-w", str(held), "serve"],
        env={**os.environ, "MEMCTL_NOW": "2026-11-30T03:00"},
        cwd=str(held),
    )

    async def main():
        answers = []
        async with Client(params) as client:
            for arguments in calls:
                answers.append((arguments, await client.call_tool("forget", arguments)))
        return answers

    for arguments, result in asyncio.run(main()):
        assert result.is_error, arguments
        said = json.dumps(result.structured_content)
        assert "forget takes only memory" in said and '"exit_code": 3' in said, (arguments, said)
    unchanged(before, snapshot(held), "mcp forget")
