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
refused before anything is written. Only regular files inside PATH are read (a symlink or a
FIFO is left out, named), and a daily note's lines are escaped as `memctl log` escapes an
entry's text (as_log), so what it claims stays plain text.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from ..controls import shown, unshowable
from ..dates import try_date
from ..errors import NotFound, Refused
from ..textstyle import bare, file_lines
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
    left_out: list[str] = field(default_factory=list)  # "memory/x.md: a symlink, not followed"
    lines: int = 0  # source lines brought in (copied or appended)

    def to_dict(self) -> dict:
        return {
            "source": self.source,
            "copied": self.copied,
            "merged": self.merged,
            "unchanged": self.unchanged,
            "left_out": self.left_out,
            "lines": self.lines,
        }


class Source(NamedTuple):
    file: Path
    where: str  # relative to the workspace, "@daily/…" in its daily log folder
    found: tuple[int, int]  # (st_dev, st_ino) when it was found: what is read must be that file


def sources(path: Path) -> tuple[list[Source], list[str]]:
    """The files of an OpenClaw memory at `path`, and what was left out of them, each in words
    ("memory/2026-01-01.md: a symlink, not followed"). Only regular files inside the folder are
    read: a symlink (to a file or a folder) would take the import out of it, and a FIFO or a
    device would keep it waiting."""
    root = path.expanduser().resolve()
    if not root.is_dir():
        raise NotFound("no such folder", path=str(path))
    found: list[Source] = []
    left_out: list[str] = []

    def take(file: Path, where: str) -> None:
        st = file.lstat()
        if stat.S_ISREG(st.st_mode):
            found.append(Source(file, where, (st.st_dev, st.st_ino)))
        else:
            left_out.append(f"{file.relative_to(root).as_posix()}: {_kind(st.st_mode)}")

    if os.path.lexists(root / MEMORY_FILE):
        take(root / MEMORY_FILE, f"{IMPORTED_DIR}/MEMORY.md")
    daily = root / DAILY
    if daily.is_symlink():
        left_out.append(f"{DAILY}/: {_kind(daily.lstat().st_mode)}")
        memory = None
    elif daily.is_dir():
        memory = daily  # an OpenClaw workspace
    elif os.path.lexists(root / MEMORY_FILE):
        memory = None  # a workspace without daily notes yet
    else:
        memory = root  # the memory/ folder itself
    for file, rel in _markdown(memory, left_out, root) if memory else []:
        if file.name == MEMORY_FILE:
            continue
        day = _DAY.match(file.name) if len(rel.parts) == 1 else None
        if day and try_date(file.name[:10]) is None:  # 2026-13-45.md: not a day
            day = None
        take(file, f"@daily/{file.name}" if day else f"{IMPORTED_DIR}/{rel.as_posix()}")
    if not found:
        raise NotFound(
            f"{path}: no MEMORY.md and no memory/*.md here (give the OpenClaw "
            "workspace, e.g. ~/.openclaw/workspace, or its memory/ folder)"
            + (f"; left out: {'; '.join(left_out)}" if left_out else "")
        )
    return found, left_out


def _markdown(
    folder: Path, left_out: list[str], root: Path, rel: Path = Path()
) -> list[tuple[Path, Path]]:
    """(file, path under the first `folder`) of the .md files under it, sorted, without
    following a symlink; dot names skipped. A symlinked folder is named in `left_out` (its
    files are not read)."""
    files: list[tuple[Path, Path]] = []
    with os.scandir(folder) as listing:
        items = sorted(listing, key=lambda item: item.name)
    for item in items:
        if item.name.startswith("."):
            continue
        if unshowable(item.name) is not None:
            name = shown(Path(item.path).relative_to(root).as_posix())
            left_out.append(f"{name}: a name no line can show")
            continue
        if item.is_dir(follow_symlinks=False):
            files += _markdown(Path(item.path), left_out, root, rel / item.name)
        elif item.name.endswith(".md"):
            files.append((Path(item.path), rel / item.name))
        elif item.is_symlink() and item.is_dir():
            name = Path(item.path).relative_to(root).as_posix()
            left_out.append(f"{name}/: {_kind(item.stat(follow_symlinks=False).st_mode)}")
    return files


def _kind(mode: int) -> str:
    from ..transcript import file_kind

    kind = file_kind(mode)
    return f"{kind}, not followed" if stat.S_ISLNK(mode) else f"not a regular file ({kind})"


def _read(source: Source) -> str:
    """The file's text, read only if it is still the regular file that was found (a symlink or
    a FIFO put in its place since is refused, without waiting)."""
    from ..transcript import open_regular

    handle, st = open_regular(source.file, what="it", links=False)
    with handle:
        if (st.st_dev, st.st_ino) != source.found:
            raise NotFound("cannot read it: replaced while importing", path=source.file)
        return handle.read().decode("utf-8", "replace")


def import_openclaw(ws: Workspace, path: Path, *, now: dt.datetime) -> Outcome[Imported]:
    """Bring MEMORY.md and memory/*.md into the workspace, every line of them, in one commit."""
    from ..purged import find_purged

    if path.expanduser().resolve() == ws.root.resolve():
        raise Refused(f"{path} is this workspace itself: its OpenClaw memory is already memctl's")
    plan = []
    root = path.expanduser().resolve()
    found, left_out = sources(path)
    for source in found:
        file, where = source.file, source.where
        try:
            text = _read(source)
        except NotFound as exc:
            left_out.append(f"{file.relative_to(root).as_posix()}: {exc.message}")
            continue
        hits = find_purged(ws, text)
        if hits:  # the line it starts on (a line break may split it: "Jim\nHardie")
            line = text.count("\n", 0, hits[0].start) + 1
            raise Refused(
                "this line contains something purged on purpose; memctl will not "
                "store it again (remove it from the source, then import again)",
                path=file,
                line=line,
            )
        if where.startswith("@daily/"):
            text = as_log(text)
        rel = where.replace("@daily", ws.config.daily_dir)
        plan.append((file, ws.resolve(rel, for_writing=True), text))
    result = Imported(str(root), left_out=left_out)
    with ws.change("import", f"openclaw {result.source}", unattended=True, source="file") as change:
        for _file, target, text in plan:
            rel = ws.rel(target)
            if not target.exists():
                change.write(target, text if text.endswith("\n") or not text else text + "\n")
                result.copied.append(rel)
                lines = len(file_lines(text))
            else:
                have = target.read_text(encoding="utf-8")
                missing = missing_lines(have, as_stored(ws, rel, text))
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


def as_stored(ws: Workspace, rel: str, text: str) -> str:
    """`text` as the write layer stores it in `rel` when nobody is asked: a secret as
    `[redacted:KIND]`, a line the trust caps refuse as plain text. A line copied before is
    compared in that form, so importing again adds nothing."""
    from ..admission import Admission

    return Admission(ws, unattended=True, source="file").appended(rel, text)


def as_log(text: str) -> str:
    """A daily note as a daily log keeps it: its `### HH:MM — title` headings stay entries, and
    every other line is escaped as `memctl log` escapes an entry's text (daily.escape_body), so
    a `- [RULE] src:user · …` line is plain text, not an entry. A `src:user` the nightly job
    would read as who said a line (`DECISION: … src:user`, in a title too) gets the same
    backslash before its colon: the note says so, the user did not. Markdown shows both as
    written."""
    from ..daily import HEADING, defused, escape_body

    lines = [line if HEADING.match(line) else escape_body(line) for line in text.split("\n")]
    return defused("\n".join(lines))  # a heading's "src:user" too


def missing_lines(have: str, incoming: str) -> list[str]:
    """The non-blank lines of `incoming` that `have` lacks, in their order (appending them
    loses nothing and repeats nothing that is already there). Lines are what git counts: a
    lone CR or U+2028 inside one stays in it (the write layer makes it a space), and a line
    is compared as the write layer stores it, so importing again adds nothing."""
    from ..admission import unattended_controls

    present = {unattended_controls(bare(line)).rstrip() for line in file_lines(have)}
    missing, seen = [], set()
    for line in map(bare, file_lines(incoming)):
        key = unattended_controls(line).rstrip()
        if key and key not in present and key not in seen:
            missing.append(line)
            seen.add(key)
    return missing
