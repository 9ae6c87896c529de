"""A note saved with a byte-order mark or CRLF line ends is read as any other, and every command
that rewrites a file writes it back in its own style (textstyle.py)."""

from __future__ import annotations

import json
import shutil

import pytest
from test_chats import write_transcript
from test_openclaw import openclaw_workspace

from conftest import EXAMPLE, NOW, Cli, git, run_memctl
from memctl.cli.main import COMMANDS
from memctl.initialize import init_workspace
from memctl.textstyle import restyled, without_bom
from memctl.workspace import open_workspace

BOM = b"\xef\xbb\xbf"


def windows(data: bytes) -> bytes:
    """A file as an editor on Windows saves it: a byte-order mark and CRLF line ends."""
    return BOM + data.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")


@pytest.fixture
def crlf_ws(tmp_path):
    """A git-versioned copy of workspace-example/ with every Markdown file in BOM + CRLF."""
    target = tmp_path / "example"
    shutil.copytree(EXAMPLE, target, ignore=shutil.ignore_patterns("cache", "*.db"))
    for path in target.rglob("*.md"):
        path.write_bytes(windows(path.read_bytes()))
    init_workspace(target, now=NOW)
    return open_workspace(target)


def markdown(ws) -> dict[str, bytes]:
    return {
        str(p.relative_to(ws.root)): p.read_bytes()
        for p in ws.root.rglob("*.md")
        if ".git" not in p.parts and ".memctl" not in p.parts
    }


def style_breaks(old: bytes | None, new: bytes) -> list[str]:
    """What in `new` is not in the file's own style: a lost BOM, or a line that is neither
    byte-identical to a line the file had nor ended with CRLF."""
    lost = old is not None and old.startswith(BOM) and not new.startswith(BOM)
    found = ["the byte-order mark is gone"] if lost else []
    had = set(old.split(b"\n")) if old else set()
    for number, line in enumerate(new.split(b"\n")[:-1], start=1):
        if not line.endswith(b"\r") and line not in had:
            found.append(f"line {number} ends in LF: {line[:50]!r}")
    return found


# --- the write side: one function every write goes through ------------------------------------


def test_restyled_keeps_each_line_end_and_gives_new_lines_the_files_own():
    old = "\ufeffa\r\nb\nc\r\nd\r\n"  # mixed: b alone ends in LF
    new = "a\nb\nC\nadded\nd\n"  # a command read it as LF, changed c, added a line
    assert restyled(old, new) == "\ufeffa\r\nb\nC\r\nadded\r\nd\r\n"
    assert restyled("x\r\ny", "x\ny\nz\n") == "x\r\ny\r\nz\r\n"  # an unended last line
    assert restyled("x\r\ny\r\n", "x\ny") == "x\r\ny"  # a last line the command left unended
    lf = "a\nb\n"
    new = "a\nb\nc\n"
    assert restyled(lf, new) is new  # an LF file: untouched, not even copied
    assert restyled(None, new, eol="\r\n") == "a\r\nb\r\nc\r\n"  # a new file in a CRLF workspace
    assert restyled("\ufeffa\n", "a\nb\n") == "\ufeffa\nb\n"  # BOM with LF: LF stays
    assert restyled("a\r\n", "\ufeffa\n") == "\ufeffa\r\n"  # no second BOM
    assert without_bom("\ufeff---\n") == "---\n"


def test_a_long_file_with_one_line_changed_keeps_every_other_line_as_it_was():
    lines = [f"- line {n}" + ("\n" if n % 3 else "\r\n") for n in range(5000)]
    old = "".join(lines)
    new = old.replace("\r\n", "\n").replace("- line 2500\n", "- line 2500 changed\n")
    out = restyled(old, new)
    assert out == old.replace("- line 2500", "- line 2500 changed")


# --- the read side ---------------------------------------------------------------------------


NOTE = (
    "---\ntitle: Garden plans\ndate: 2026-11-01\ncategory: projects\npriority: banana\n"
    "status: active\nlast_verified: 2026-11-20\ntags: [garden]\nuse_when:\n"
    "  - what to plant in the vegetable beds\n---\n# Garden plans\n\n"
    "- [🟡MED][FACT] added:2026-11-01 src:user · The tomatoes go in the south bed ^gd1a\n"
)


@pytest.mark.parametrize("style", [windows, lambda data: BOM + data, lambda data: data])
def test_a_note_with_a_bom_or_crlf_has_its_frontmatter_read_everywhere(ws, cli, style):
    path = ws.root / "projects" / "garden.md"
    path.parent.mkdir(exist_ok=True)
    path.write_bytes(style(NOTE.encode()))
    git(ws, "add", "-A")
    git(ws, "commit", "-qm", "a note saved by another editor")
    [listed] = [f for f in cli.json("ls")["files"] if f["path"] == "projects/garden.md"]
    assert listed["frontmatter"] is True and listed["title"] == "Garden plans"  # the catalog
    assert listed["entries"] == 1 and listed["ids"] == ["gd1a"]
    found = cli.json("search", "what to plant in the vegetable beds")["results"]
    top = found[0]
    assert (top["path"], top["line"], top["kind"]) == ("projects/garden.md", 1, "note")
    problems = cli.json("doctor", code=None)["findings"]
    mine = [p for p in problems if p["where"].startswith("projects/garden.md")]
    assert [p["code"] for p in mine] == ["bad-value"]  # it read priority: banana, nothing else
    assert mine[0]["where"] == "projects/garden.md:5"

    from memctl.gate.decide import survey

    found = survey(ws, "Plant the garlic in the vegetable beds in October")
    assert found.notes[0].path == "projects/garden.md"  # routed by its title and use_when
    text = cli("show", "projects/garden").stdout
    assert "\ufeff" not in text and "\r" not in text


# --- every door: each command that rewrites a file, on a BOM + CRLF workspace ---------------

# Top-level commands that never rewrite a file of the workspace, and why.
READ_ONLY = {
    "init": "adopts a folder without changing a file in it",
    "show": "reads",
    "ls": "reads",
    "search": "reads",
    "recall": "reads",
    "reindex": "writes only the derived index under .memctl/",
    "closed": "reads",
    "asof": "reads",
    "expiring": "reads",
    "cron": "prints crontab lines",
    "doctor": "reads",
    "hooks": "writes the harness's settings, outside the workspace",
    "sync": "git merges the peers' commits; memctl writes nothing itself",
    "stats": "reads",
    "serve": "serves the other commands",
}


def steps(tmp_path) -> list[tuple[str, ...]]:
    transcript = write_transcript(
        tmp_path / "chats", "5a0e1c2d-aaaa-bbbb-cccc-ddddeeeeffff", ["rename the billing module"]
    )
    hook = json.dumps(
        {
            "session_id": "5a0e1c2d-aaaa-bbbb-cccc-ddddeeeeffff",
            "transcript_path": str(transcript),
            "cwd": "/home/sam/app",
            "hook_event_name": "PreCompact",
            "trigger": "auto",
        }
    )
    other = write_transcript(
        tmp_path / "more", "6b1f2d3e-aaaa-bbbb-cccc-ddddeeeeffff", ["fix the flaky deploy test"]
    )
    source = openclaw_workspace(tmp_path / "openclaw")
    for path in source.rglob("*.md"):
        path.write_bytes(windows(path.read_bytes()))
    return [
        ("log", "Odd files", "-m", "A note saved on Windows"),
        ("log", "Second entry", "-m", "appended to a CRLF day"),
        ("new", "lessons/fresh", "-t", "Fresh note", "--use-when", "fresh things"),
        ("add", "lessons/api-guide", "Retries need jitter", "-k", "FACT"),
        ("add", "lessons/fresh", "A fresh entry"),
        ("verify", "lessons/api-guide"),
        ("verify", "k3x9"),
        ("key", "k3x9", "the pagination cursor went stale"),
        ("key", "lessons/api-guide", "the atlas rate limit"),
        ("index",),
        ("remember", "The weekly call with Brian moved to Thursday", "--source", "user"),
        ("close", "e4mh", "--reason", "the limit changed"),
        ("forget", "g2tb", "--reason", "the sandbox is writable now"),
        ("restore", "g2tb"),
        ("consolidate", "2026-11-29"),
        ("consolidate", "--undo", "2026-11-29"),
        ("archive",),
        ("now", "focus", "Write the odd-files tests", "--add"),
        ("now", "start", "Fix CRLF"),
        ("now", "done", "1"),
        ("now", "block", "1", "--reason", "waiting for Brian"),
        ("now", "priority", "CRLF fix", "-p", "P1"),
        ("graph", "add", "Brian", "responsible for", "Atlas", "-s", "user"),
        ("slip", "n7ys", "--note", "said tests pass after one file"),
        ("slip", "n7ys", "--note", "again"),
        ("lessons", "--apply", "n7ys", "--source", "user"),
        ("lessons", "--apply", "g8hn", "--check", "send (an )?email"),
        ("guard", "enforce", "g8hn", "--source", "user"),
        ("guard", "watch", "g8hn", "--source", "user"),
        ("flush", "--hook", "claude-code", hook),
        ("chats", "index", str(other.parent)),
        ("import", "openclaw", str(source)),
        ("sleep",),
        ("forget", "--purge", "--match", "Sakura", "--yes"),
    ]


def test_every_command_that_rewrites_a_file_keeps_its_bom_and_crlf(crlf_ws, tmp_path):
    cli = Cli(crlf_ws.root)
    done = steps(tmp_path)
    covered = {step[0] for step in done}
    assert covered | set(READ_ONLY) == set(COMMANDS), set(COMMANDS) - covered - set(READ_ONLY)
    changed: set[str] = set()
    for step in done:
        before = markdown(crlf_ws)
        args, stdin = (step[:-1], step[-1]) if "--hook" in step else (step, None)
        result = cli(*args, input=stdin, code=None)
        assert result.exit_code in (0, 3), (step, result.stderr)
        after = markdown(crlf_ws)
        for rel, data in after.items():
            if before.get(rel) != data:
                changed.add(rel)
                assert not style_breaks(before.get(rel), data), (step, rel)
        assert git(crlf_ws, "status", "--porcelain", "--untracked-files=no") == "", step
    # the run touched the kinds of file there are: notes, a day's log, NOW.md, INDEX.md, the
    # archive, the catalogue of chats, the graph, the rules, the morning report
    assert {
        "NOW.md",
        "INDEX.md",
        "daily/2026-11-30.md",
        "lessons/api-guide.md",
        "rules/lessons.md",
        "rules/communication.md",
        "episodic/chats.md",
        "graph/relations.md",
    } <= changed
    assert any(rel.startswith(".archive/") for rel in changed)
    assert any(rel.startswith("reports/") for rel in changed)


def test_a_mixed_file_keeps_each_untouched_line_as_it_was(ws, cli):
    path = ws.root / "lessons" / "mixed.md"
    text = NOTE.replace("priority: banana", "priority: med").replace("garden", "mixed")
    lines = text.encode().split(b"\n")
    data = b"\n".join(line + (b"\r" if n % 2 and line else b"") for n, line in enumerate(lines))
    path.write_bytes(data)
    git(ws, "add", "-A")
    git(ws, "commit", "-qm", "mixed line ends")
    cli("add", "lessons/mixed", "The beans go in the north bed")
    cli("verify", "lessons/mixed")
    new = path.read_bytes()
    old_lines = data.split(b"\n")
    new_lines = new.split(b"\n")
    untouched = [line for line in old_lines if not line.startswith(b"last_verified")]
    assert [line for line in new_lines if line in untouched] == untouched
    added = [line for line in new_lines if line not in old_lines]
    assert [line.startswith(b"last_verified") or b"north bed" in line for line in added] == [
        True,
        True,
    ]
    verified = next(line for line in new_lines if line.startswith(b"last_verified"))
    was = next(line for line in old_lines if line.startswith(b"last_verified"))
    assert verified.endswith(b"\r") == was.endswith(b"\r")  # a changed line keeps its end


def test_log_appends_crlf_to_a_crlf_day_and_a_new_day_follows_now_md(crlf_ws):
    day = crlf_ws.root / "daily" / "2026-11-29.md"
    before = day.read_bytes()
    result = run_memctl(
        "-w",
        str(crlf_ws.root),
        "log",
        "Late note",
        "-m",
        "two\nlines",
        env={"MEMCTL_NOW": "2026-11-29T23:00"},
    )
    assert result.returncode == 0, result.stderr
    after = day.read_bytes()
    assert after.startswith(before)
    assert after[len(before) :] == "\r\n### 23:00 — Late note\r\n\r\ntwo\r\nlines\r\n".encode()
    run_memctl("-w", str(crlf_ws.root), "log", "A new day")
    fresh = (crlf_ws.root / "daily" / "2026-11-30.md").read_bytes()
    assert fresh == "# 2026-11-30\r\n\r\n### 09:00 — A new day\r\n".encode()


def test_an_lf_workspace_stays_lf(example_ws, tmp_path):
    cli = Cli(example_ws.root)
    for step in steps(tmp_path)[:12]:
        cli(*step, code=None)
    for rel, data in markdown(example_ws).items():
        assert b"\r" not in data and not data.startswith(BOM), rel


def test_hooks_install_and_uninstall_keep_a_crlf_claude_md_crlf(ws, cli, tmp_path):
    project = tmp_path / "app"
    project.mkdir()
    mine = windows(b"# App\n\nUse tabs, not spaces.\n")
    (project / "CLAUDE.md").write_bytes(mine)
    cli("hooks", "install", "claude-code", "--project", str(project))
    installed = (project / "CLAUDE.md").read_bytes()
    assert installed.startswith(mine) and b"\r\n@.claude/memctl-rules.md\r\n" in installed
    assert not style_breaks(mine, installed)
    cli("hooks", "uninstall", "claude-code", "--project", str(project))
    assert (project / "CLAUDE.md").read_bytes() == mine
