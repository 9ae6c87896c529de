"""Active forgetting by date: expired entries and files move to `.archive/`, nothing is lost.

Retention by priority: high never expires or archives; med is reviewed through the stale flag;
low should carry `expires:`. `memctl archive` (weekly, from cron) moves each expired entry line,
whole and stamped `archived:DATE`, to the same relative path under `.archive/`; moves expired
notes and notes superseded for longer than `superseded_archive_days`; regenerates INDEX.md; and
makes one commit that lists what moved. A second run finds nothing to move.
"""

from __future__ import annotations

import datetime as dt
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Literal, overload

from ..catalog import FileFacts, read_facts, record_written, scan
from ..dates import fmt_date, try_date
from ..entry import Entry
from ..note import note_body, parse_entries, read_note
from ..workspace import ARCHIVE_DIR, Outcome, Workspace
from .memoryonly import not_forgettable, refuse_forgetting

if TYPE_CHECKING:
    from ..catalog import Progress
    from ..change import Change


@dataclass(frozen=True)
class Move:
    kind: str  # entry | file
    source: str  # path (entries: path:line)
    target: str
    reason: str
    id: str | None = None
    text: str = ""

    def to_dict(self) -> dict:
        return {
            "kind": self.kind,
            "source": self.source,
            "target": self.target,
            "reason": self.reason,
            "id": self.id,
            "text": self.text,
        }

    def line(self) -> str:
        what = f"^{self.id} " if self.id else ""
        return f"{self.kind} {self.source} {what}→ {self.target} ({self.reason})"


@dataclass(frozen=True)
class ArchivePlan:
    today: str
    moves: list[Move] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)  # what was not moved, and why
    dry_run: bool = False
    # What planning read, for carrying the plan out: the facts of the whole workspace (by
    # path), and the notes with entries to move, as text and entries.
    facts: dict[str, FileFacts] = field(default_factory=dict, repr=False)
    notes: dict[str, HeldNote] = field(default_factory=dict, repr=False)

    def to_dict(self) -> dict:
        return {
            "today": self.today,
            "dry_run": self.dry_run,
            "moves": [m.to_dict() for m in self.moves],
            "kept": list(self.kept),
        }


@dataclass(frozen=True)
class HeldNote:
    """A note as planning read it: its whole text and its entries (the frontmatter is known
    from the catalog, so it is not parsed again)."""

    text: str
    entries: list[Entry]


def archive_target(ws: Workspace, rel: str) -> Path:
    return ws.archive_dir / rel


def plan_archive(ws: Workspace, *, today: dt.date, progress: Progress | None = None) -> ArchivePlan:
    plan = ArchivePlan(fmt_date(today))
    for facts in scan(ws, progress=progress):
        plan.facts[facts.path] = facts
        if facts.kind != "note":
            continue
        if facts.error:
            plan.kept.append(f"{facts.error} (unreadable: left in place)")
            continue
        file_reason = _file_reason(ws, facts, today)
        expired = any((d := try_date(x)) and d < today for x in facts.expiring)
        held = not_forgettable(ws, facts.path) if file_reason or expired else None
        if held is not None:  # CLAUDE.md with an `expires:` past, say: never archived
            plan.kept.append(f"{facts.path}: {held} (left in place)")
            continue
        if file_reason:
            plan.moves.append(
                Move(
                    "file",
                    facts.path,
                    f"{ARCHIVE_DIR}/{facts.path}",
                    file_reason,
                    text=_shown(facts.title or ""),
                )
            )
            continue
        if expired:
            facts, note = _read_as_cataloged(ws, facts)
            plan.facts[facts.path] = facts
            if note is None:
                plan.kept.append(f"{facts.error} (unreadable: left in place)")
                continue
            plan.notes[facts.path] = note
            plan.moves.extend(_entry_moves(note.entries, facts.path, today, plan.kept))
    return plan


def _read_as_cataloged(ws: Workspace, facts: FileFacts) -> tuple[FileFacts, HeldNote | None]:
    """The note read once, with facts that describe exactly what was read: the catalog's when
    the file is as the scan saw it, else parsed from the text read (None if it no longer is)."""
    path = ws.root / facts.path
    try:
        with open(path, "rb") as handle:
            data = handle.read()
            st = os.fstat(handle.fileno())
    except OSError:
        return read_facts(ws, path, facts.path, facts.stamp), None  # its error says why
    stamp = [st.st_mtime_ns, st.st_size]
    if stamp != facts.stamp:  # changed since the scan (by hand, a moment ago)
        facts = read_facts(ws, path, facts.path, stamp, data=data)
        if facts.error:
            return facts, None
    text = data.decode("utf-8")  # the facts say it parses, so it is UTF-8
    return facts, HeldNote(text, parse_entries(*note_body(text, facts.path)))


def _file_reason(ws: Workspace, facts: FileFacts, today: dt.date) -> str | None:
    expires = try_date(facts.expires)
    if expires and expires < today:
        if facts.priority == "high":
            return None
        return f"expired {fmt_date(expires)}"
    if facts.status == "superseded":
        since = _superseded_since(ws, facts)
        if since and (today - since).days > ws.config.superseded_archive_days:
            return f"superseded since {fmt_date(since)}"
    return None


def _superseded_since(ws: Workspace, facts: FileFacts) -> dt.date | None:
    """`superseded:` in the frontmatter, else the last verification, else the note's date."""
    note = read_note(ws.root / facts.path, display=facts.path)
    return (
        try_date(note.meta.get("superseded"))
        or try_date(facts.last_verified)
        or try_date(facts.date)
    )


def _entry_moves(entries: list[Entry], rel: str, today: dt.date, kept: list[str]) -> list[Move]:
    moves = []
    for entry in entries:
        expires = try_date(entry.fields.get("expires"))
        if entry.closed or not expires or expires >= today:
            continue
        if entry.priority == "high":
            kept.append(
                f"{rel}:{entry.line} ^{entry.id}: high priority never archives "
                "(its expires: is ignored; remove it or lower the priority)"
            )
            continue
        moves.append(
            Move(
                "entry",
                f"{rel}:{entry.line}",
                f"{ARCHIVE_DIR}/{rel}",
                f"expired {fmt_date(expires)}",
                entry.id,
                entry.text,
            )
        )
    return moves


@overload
def run_archive(
    ws: Workspace,
    *,
    today: dt.date,
    dry_run: Literal[False] = False,
    progress: Progress | None = None,
) -> Outcome[ArchivePlan]: ...
@overload
def run_archive(
    ws: Workspace, *, today: dt.date, dry_run: Literal[True], progress: Progress | None = None
) -> ArchivePlan: ...
def run_archive(
    ws: Workspace, *, today: dt.date, dry_run: bool = False, progress: Progress | None = None
) -> Outcome[ArchivePlan] | ArchivePlan:
    """Carry out the plan in one commit (or only return it, with dry_run)."""
    from ..dashboard import refresh_index

    if dry_run:
        plan = plan_archive(ws, today=today, progress=progress)
        return ArchivePlan(plan.today, plan.moves, plan.kept, dry_run=True)
    with ws.change("archive", "") as change:
        plan = plan_archive(ws, today=today, progress=progress)
        by_file: dict[str, list[Move]] = {}
        for move in plan.moves:
            if move.kind == "file":
                move_file(ws, change, move.source, move.target, today)
            else:
                by_file.setdefault(move.source.rsplit(":", 1)[0], []).append(move)
        rewritten: dict[Path, str] = {}
        remaining: dict[str, list[Entry]] = {}
        for rel, moves in by_file.items():
            lines = {int(m.source.rsplit(":", 1)[1]) for m in moves}
            note = plan.notes[rel]
            rewritten.update(_move_entries(ws, note, rel, lines, today))
            remaining[rel] = [e for e in note.entries if e.line not in lines]
        change.write_many(rewritten)
        if plan.moves:
            # INDEX.md from what planning read and what was just written: nothing is parsed again
            record_written(ws, plan.facts, remaining)
            refresh_index(ws, change, today=today, known=plan.facts)
        entries = sum(1 for m in plan.moves if m.kind == "entry")
        files = len(plan.moves) - entries
        change.what = f"{entries} entr{'y' if entries == 1 else 'ies'}, {files} file(s) archived"
        change.body = "\n".join(m.line() for m in plan.moves)
    return Outcome(plan, change)


def move_file(ws: Workspace, change: Change, rel: str, target_rel: str, today: dt.date) -> str:
    """Move a file into .archive/, never over an existing one (a dated name is used instead).
    Only memory moves: a harness's file, NOW.md, a daily log… is refused (memoryonly.py)."""
    refuse_forgetting(ws, rel, "archiving")
    target = ws.root / target_rel
    if target.exists():
        target = target.with_name(f"{target.stem}.{fmt_date(today)}{target.suffix}")
    change.move(ws.root / rel, target)
    return ws.rel(target)


def _move_entries(
    ws: Workspace, note: HeldNote, rel: str, lines: set[int], today: dt.date
) -> dict[Path, str]:
    """The new text of the note without the moved lines, and of its archive file with them."""
    moved = [e for e in note.entries if e.line in lines]
    kept_lines = [
        line
        for n, line in enumerate(note.text.splitlines(keepends=True), start=1)
        if n not in lines
    ]
    target = archive_target(ws, rel)
    if target.exists():
        archived = target.read_text(encoding="utf-8")
        archived += "" if not archived or archived.endswith("\n") else "\n"
    else:
        archived = f"# Archived entries of {rel}\n\n"
    stamped = [e.with_fields(archived=fmt_date(today)).format() + "\n" for e in moved]
    return {target: archived + "".join(stamped), ws.root / rel: "".join(kept_lines)}


@dataclass(frozen=True)
class Expiring:
    path: str
    line: int | None
    id: str | None
    expires: str
    overdue: bool
    text: str

    def to_dict(self) -> dict:
        return {
            "path": self.path,
            "line": self.line,
            "id": self.id,
            "expires": self.expires,
            "overdue": self.overdue,
            "text": self.text,
        }


@dataclass(frozen=True)
class ExpiringList:
    days: int
    items: list[Expiring]

    def to_dict(self) -> dict:
        return {"days": self.days, "items": [i.to_dict() for i in self.items]}


def expiring(ws: Workspace, *, days: int, today: dt.date) -> ExpiringList:
    """Entries and notes whose expires: falls within `days` (or has passed: overdue)."""
    horizon = today + dt.timedelta(days=min(days, (dt.date.max - today).days))
    items: list[Expiring] = []
    for facts in scan(ws):
        if facts.kind != "note" or facts.error:
            continue
        if (d := try_date(facts.expires)) and d <= horizon:
            items.append(
                Expiring(facts.path, None, None, fmt_date(d), d < today, _shown(facts.title or ""))
            )
        if not any((d := try_date(x)) and d <= horizon for x in facts.expiring):
            continue
        for entry in read_note(ws.root / facts.path, display=facts.path).entries():
            d = try_date(entry.fields.get("expires"))
            if d and d <= horizon and not entry.closed:
                items.append(
                    Expiring(
                        facts.path, entry.line, entry.id, fmt_date(d), d < today, _shown(entry.text)
                    )
                )
    items.sort(key=lambda i: (i.expires, i.path, i.line or 0))
    return ExpiringList(days, items)


def _shown(text: str) -> str:
    """A note's title or an entry's text as a list prints it: a secret a person wrote there by
    hand redacted, as `show` and INDEX.md show it."""
    from ..secrets.scan import redact

    return redact(text) if text else text
