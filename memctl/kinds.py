"""The kinds of memory file, and where each lives: NOW.md, INDEX.md, the daily logs, the relations
of the graph, the nightly reports; every other Markdown file is a note.

And the files of a workspace that are not memory at all: those an agent harness runs, or reads
as its instructions (Claude Code runs the hooks of `.claude/settings.json` and the servers of
`.mcp.json`, and reads CLAUDE.md as the user's own instructions; Codex and others read
AGENTS.md, Cursor `.cursor/`, an OpenClaw agent its SOUL.md…). One list for every part of
memctl that must leave them alone: `memctl sync` refuses a peer's commit that brings one
(integrations/received.py), `memctl doctor` names one that names a command
(integrations/harness.py), and forgetting never takes one (forgetting/memoryonly.py).
"""

from __future__ import annotations

NOW_FILE = "NOW.md"
INDEX_FILE = "INDEX.md"
DAILY_DIR = "daily"
GRAPH_DIR = "graph"
REPORTS_DIR = "reports"  # the nightly morning reports, reports/YYYY-MM-DD.md (nightly/sleep.py)


def kind_of(rel: str, daily_dir: str = DAILY_DIR) -> str:
    if rel == NOW_FILE:
        return "now"
    if rel == INDEX_FILE:
        return "index"
    if rel.startswith(f"{daily_dir}/"):
        return "daily"
    if rel.startswith(f"{GRAPH_DIR}/"):
        return "graph"  # relations: their ids count, but they are not notes (graph/relations.py)
    if rel.startswith(f"{REPORTS_DIR}/") and _is_day_name(rel[len(REPORTS_DIR) + 1 :]):
        return "report"  # searchable, but not a note: the gate, INDEX.md and archive skip it
    return "note"


def _is_day_name(name: str) -> bool:
    return len(name) == 13 and name.endswith(".md") and name[:4].isdigit() and name[4] == "-"


# Folders whose files a harness reads or runs, at any depth.
FOLDERS = frozenset(
    {".claude", ".cursor", ".gemini", ".codex", ".vscode", ".windsurf", ".clinerules"}
)
# Files a harness reads as instructions or runs, at any depth (compared without case: a file
# system that ignores case opens claude.md as CLAUDE.md).
FILES = frozenset(
    {
        "claude.md",
        "claude.local.md",
        "agents.md",
        "agent.md",
        "gemini.md",
        ".mcp.json",
        ".cursorrules",
        ".windsurfrules",
        ".clinerules",
        ".envrc",
        "copilot-instructions.md",
    }
)
# An OpenClaw agent's own files at the root of its workspace (integrations/openclaw.py).
ROOT_FILES = frozenset(
    {"soul.md", "identity.md", "heartbeat.md", "bootstrap.md", "tools.md", "user.md"}
)
SKILLS = "skills"  # at the root: a skill is a folder with a SKILL.md and the programs it runs


def harness_file(rel: str) -> bool:
    """Does a harness run `rel` (a /-separated path in the workspace) or read it as its
    instructions? In the root's skills/, a SKILL.md or a file that is not Markdown (a skill's
    program); a note there (skills/python.md) is memory. Git lists files, never a folder: a
    path named like a harness's folder (`.claude`, the root's `skills`) is a link or a file in
    its place, and a link there makes the harness read what it leads to (`.claude ->
    people/cfg`)."""
    parts = rel.casefold().split("/")
    if any(part in FOLDERS for part in parts) or parts[-1] in FILES:
        return True
    if len(parts) == 1:
        return parts[0] in ROOT_FILES or parts[0] == SKILLS
    if parts[0] == SKILLS:
        return parts[-1] == "skill.md" or not parts[-1].endswith(".md")
    return False
