"""The rules: every open entry of the notes in rules/, read at every session start.

A rule only binds if it is on the desk, so `memctl now` (what the SessionStart hook runs)
prints them, one line each, high priority first, within its token budget and naming what did
not fit; for Claude Code, `memctl hooks install` also puts them in a generated file CLAUDE.md
imports (claudemd.py). A lesson `memctl lessons --apply` moves into rules/lessons.md is read
from the next session on.

A rule is a top-level entry of a note in rules/ that is not closed (struck, or its until: day
has come), not expired, not starting on a later day (from:), not a quote or a recorded conflict,
in a note that is not superseded. The lines of each file are cached in
`.memctl/cache/rules.json` by the file's mtime and size (the catalog's stamps), so a session
start reads only the rules files that changed.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from typing import TYPE_CHECKING, NamedTuple

from .budget import estimate_tokens
from .catalog import FileFacts
from .entry import Entry, holds
from .kinds import in_rules
from .workspace import Workspace

if TYPE_CHECKING:
    from pathlib import Path

RULES_DIR = "rules"  # gate.RULES_DIR and guard.RULES_DIR name the same folder
WIDTH = 200  # characters of a rule's text on its line
NOT_RULES = ("QUOTE", "CONFLICT")  # kinds the gate writes for what is kept but not obeyed
_ORDER = {"high": 0, "med": 1, "low": 2}
_CACHE = "rules.json"
_VERSION = 2  # 2: each rule's until: and from:, read against the day
_NAMED_SHARE = 0.2  # of the budget, at most, for naming the rules left out one by one


class Rule(NamedTuple):
    path: str
    line: int
    id: str | None
    priority: str | None
    text: str

    @property
    def address(self) -> str:
        return f"^{self.id}" if self.id else f"{self.path}:{self.line}"

    def shown(self) -> str:
        """The rule's line on the desk: its text, cut at WIDTH, and its id."""
        text = " ".join(self.text.split())
        if len(text) > WIDTH:
            text = text[: WIDTH - 1].rstrip() + "…"
        return f"- {text}" + (f" ^{self.id}" if self.id else f" ({self.path}:{self.line})")

    def to_dict(self) -> dict:
        return {
            "path": self.path,
            "line": self.line,
            "id": self.id,
            "priority": self.priority,
            "text": self.text,
        }


def rules_named(gone: list[Rule], budget: int) -> str:
    """The rules left out: each by id while that stays short, else by file and count."""
    by_file: dict[str, list[Rule]] = {}
    for rule in gone:
        by_file.setdefault(rule.path, []).append(rule)
    head = f"{len(gone)} rule(s)"
    each = "; ".join(
        f"{path} " + " ".join(f"^{r.id}" if r.id else f"line {r.line}" for r in found)
        for path, found in by_file.items()
    )
    if estimate_tokens(each) <= max(40, budget * _NAMED_SHARE):
        return f"{head}: {each} (memctl show ID)"
    files = [f"{path} ({len(found)})" for path, found in by_file.items()]
    shown = "; ".join(files[:20]) + (
        f"; and {len(files) - 20} more files" if len(files) > 20 else ""
    )
    return f"{head}: {shown} (memctl show FILE)"


def read_rules(ws: Workspace, facts: list[FileFacts], *, today: dt.date) -> list[Rule]:
    """The rules in force, most binding first (high, med, low priority; then file and line).

    `facts`: the catalog's scan (catalog.scan), which says which files are in rules/ and
    whether each changed since the rules were last read."""
    files = [
        f
        for f in facts
        if f.kind == "note" and in_rules(f.path) and not f.error and f.status != "superseded"
    ]
    if not files:
        return []
    cache_path = ws.cache_dir / _CACHE
    cached = _load(cache_path)
    kept: dict[str, dict] = {}
    for f in files:
        hit = cached.get(f.path)
        if hit is None or hit.get("stamp") != f.stamp:
            hit = {"stamp": f.stamp, "rules": _parse(ws, f.path, f.priority)}
        kept[f.path] = hit
    if kept != cached:
        _save(cache_path, kept)
    day = today.isoformat()
    found = [
        Rule(path, *row[:4])
        for path, hit in kept.items()
        for row in hit["rules"]
        if (not row[4] or row[4] >= day) and holds(Entry(row[3], fields=row[5]), today)
    ]
    found.sort(key=lambda r: (_ORDER.get(r.priority or "", 3), r.path, r.line))
    return found


def _parse(ws: Workspace, rel: str, note_priority: str | None) -> list[list]:
    """[line, id, priority, text, expires, {until, from}] of each rule of one file: a rule
    whose until: day has come no longer binds, one whose from: day is ahead not yet (read
    against the day, entry.holds: no file changes when a day passes)."""
    from .note import note_body, parse_entries

    try:
        text = (ws.root / rel).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return []
    body, first = note_body(text, rel)
    rows = []
    for entry in parse_entries(body, first):
        if entry.closed or entry.kind in NOT_RULES or not entry.text.strip():
            continue
        rows.append(
            [
                entry.line,
                entry.id,
                entry.priority or note_priority,
                entry.text,
                entry.fields.get("expires"),
                {k: v for k, v in entry.fields.items() if k in ("until", "from")},
            ]
        )
    return rows


def _load(path: Path) -> dict:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data.get("files", {}) if isinstance(data, dict) and data.get("v") == _VERSION else {}


def _save(path: Path, files: dict) -> None:
    try:
        path.parent.mkdir(exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps({"v": _VERSION, "files": files}, ensure_ascii=False))
        os.replace(tmp, path)
    except OSError:
        pass  # a read-only workspace: read again next time
