"""OpenClaw: a workspace laid out where an OpenClaw agent keeps its memory, and an importer.

An OpenClaw agent works in a folder (default ~/.openclaw/workspace) holding its instructions
(AGENTS.md, SOUL.md, …), MEMORY.md (curated long-term memory, loaded at session start) and
`memory/YYYY-MM-DD.md` (daily notes; today's and yesterday's are loaded at session start).
`memctl init --openclaw` makes that folder the memctl workspace itself:

- daily logs go to `memory/` (config `daily_dir: memory`), so `memctl log` and the agent write
  the same daily notes and OpenClaw keeps loading them;
- MEMORY.md stays the agent's own: memctl searches it and never rewrites it (a short one is
  created when missing), so it stays small and readable;
- NOW.md, INDEX.md and the category folders sit beside them; the agent's instruction files and
  skills are left out of memory (config `exclude:`), and the memctl skill is put where OpenClaw
  finds workspace skills (`skills/memctl/SKILL.md`).

`memctl import openclaw PATH` brings an OpenClaw memory (PATH holding MEMORY.md and memory/, or
the memory/ folder itself) into any memctl workspace without losing a line: daily notes become
daily logs of the same day, MEMORY.md and other notes become notes of SEMANTIC_DIR, each copied
as it is; a file that is already there gets only the lines it lacks, appended. Purged text is
refused before anything is written.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import NotFound, Refused
from ..workspace import Outcome, Workspace

if TYPE_CHECKING:
    from ..initialize import Layout

DAILY = "memory"
MEMORY_FILE = "MEMORY.md"
SKILL = "skills/memctl/SKILL.md"
NOT_MEMORY = (
    "AGENTS.md",
    "SOUL.md",
    "IDENTITY.md",
    "HEARTBEAT.md",
    "BOOTSTRAP.md",
    "skills/*",
    "canvas/*",
)
IMPORTED_DIR = "semantic/openclaw"  # MEMORY.md and memory/ files that are not daily notes
_DAY = re.compile(r"^(?P<day>\d{4}-\d{2}-\d{2})(?:-(?P<slug>[\w.-]+))?\.md$")

MEMORY_TEXT = """# MEMORY.md

Durable facts and decisions, short and curated: this file is loaded at every session start.
The full memory is a memctl workspace in this folder. Start a session with `memctl now`,
find things with `memctl search`, store them with `memctl remember` (skills/memctl/SKILL.md).
"""


def config_text(template: str) -> str:
    """The config template with the OpenClaw layout's settings."""
    excluded = ", ".join(f'"{p}"' if "*" in p else p for p in NOT_MEMORY)
    text = template
    for default, wanted in (
        ("daily_dir: daily", f"daily_dir: {DAILY}"),
        ("exclude: []", f"exclude: [{excluded}]"),
    ):
        key = default.split(":")[0]
        if default in text:
            text = text.replace(default, wanted)
        elif not re.search(rf"^{key}:", text, re.MULTILINE):
            text = text.rstrip("\n") + f"\n{wanted}\n"
    return text


def layout() -> Layout:
    """The OpenClaw workspace layout `memctl init --openclaw` makes: daily logs in memory/, the
    harness's own files left out of memory, and the files it adds when they are missing (it never
    overwrites)."""
    from ..initialize import Layout, template

    files = {MEMORY_FILE: MEMORY_TEXT, SKILL: template("SKILL.md")}
    return Layout(daily_dir=DAILY, config=config_text, files=files)


# --- import -----------------------------------------------------------------------------------


@dataclass
class Imported:
    source: str
    copied: list[str] = field(default_factory=list)  # new files, copied whole
    merged: list[str] = field(default_factory=list)  # existing files given their missing lines
    unchanged: list[str] = field(default_factory=list)  # every line already there
    lines: int = 0  # source lines brought in (copied or appended)

    def to_dict(self) -> dict:
        return {
            "source": self.source,
            "copied": self.copied,
            "merged": self.merged,
            "unchanged": self.unchanged,
            "lines": self.lines,
        }


def sources(path: Path) -> list[tuple[Path, str]]:
    """(file, where it goes, relative to the workspace) for an OpenClaw memory at `path`."""
    root = path.expanduser().resolve()
    if not root.is_dir():
        raise NotFound(f"{path}: no such folder")
    found: list[tuple[Path, str]] = []
    if (root / MEMORY_FILE).is_file():
        found.append((root / MEMORY_FILE, f"{IMPORTED_DIR}/MEMORY.md"))
    if (root / DAILY).is_dir():
        memory = root / DAILY  # an OpenClaw workspace
    elif found:
        memory = None  # a workspace without daily notes yet
    else:
        memory = root  # the memory/ folder itself
    files = [(f, f.relative_to(memory)) for f in sorted(memory.rglob("*.md"))] if memory else []
    for file, rel in files:
        if any(part.startswith(".") for part in rel.parts) or file.name == MEMORY_FILE:
            continue
        day = _DAY.match(file.name) if len(rel.parts) == 1 else None
        found.append((file, f"@daily/{file.name}" if day else f"{IMPORTED_DIR}/{rel.as_posix()}"))
    if not found:
        raise NotFound(
            f"{path}: no MEMORY.md and no memory/*.md here (give the OpenClaw "
            "workspace, e.g. ~/.openclaw/workspace, or its memory/ folder)"
        )
    return found


def import_openclaw(ws: Workspace, path: Path, *, now: dt.datetime) -> Outcome[Imported]:
    """Bring MEMORY.md and memory/*.md into the workspace, every line of them, in one commit."""
    from ..purged import purged_match

    if path.expanduser().resolve() == ws.root.resolve():
        raise Refused(f"{path} is this workspace itself: its OpenClaw memory is already memctl's")
    plan = []
    for file, where in sources(path):
        text = file.read_text(encoding="utf-8", errors="replace")
        if purged_match(ws, text):
            line = next(i for i, t in enumerate(text.splitlines(), 1) if purged_match(ws, t))
            raise Refused(
                "this line contains something purged on purpose; memctl will not "
                "store it again (remove it from the source, then import again)",
                path=file,
                line=line,
            )
        rel = where.replace("@daily", ws.config.daily_dir)
        plan.append((file, ws.resolve(rel, for_writing=True), text))
    result = Imported(str(path.expanduser().resolve()))
    with ws.change("import", f"openclaw {result.source}", unattended=True, source="file") as change:
        for _file, target, text in plan:
            rel = ws.rel(target)
            if not target.exists():
                change.write(target, text if text.endswith("\n") or not text else text + "\n")
                result.copied.append(rel)
                lines = len(text.splitlines())
            else:
                missing = missing_lines(target.read_text(encoding="utf-8"), text)
                if not missing:
                    result.unchanged.append(rel)
                    continue
                change.append(target, "\n" + "\n".join(missing) + "\n")
                result.merged.append(rel)
                lines = len(missing)
            result.lines += lines
        change.body = "\n".join(
            f"{name}: {', '.join(files)}"
            for name, files in (("copied", result.copied), ("merged", result.merged))
            if files
        )
    return Outcome(result, change)


def missing_lines(have: str, incoming: str) -> list[str]:
    """The non-blank lines of `incoming` that `have` lacks, in their order (appending them
    loses nothing and repeats nothing that is already there)."""
    present = {line.rstrip() for line in have.splitlines()}
    missing, seen = [], set()
    for line in incoming.splitlines():
        key = line.rstrip()
        if key and key not in present and key not in seen:
            missing.append(line)
            seen.add(key)
    return missing
