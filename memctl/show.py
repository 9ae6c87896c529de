"""Long-term memory read back: one note, entry or daily-log entry by reference (`memctl show`),
archived material too, and the notes listed with what needs a person (`memctl list`).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace

from .budget import shorten
from .catalog import FileFacts, scan
from .entry import Entry, normalize_priority
from .errors import InvalidValue, NotFound, PathRefused
from .longterm import find_entry, looks_like_entry_ref
from .note import STATUSES, read_note
from .words import small_number
from .workspace import ARCHIVE_DIR, Workspace

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .attention import Needs


@dataclass(frozen=True)
class Shown:
    path: str
    text: str
    entry: Entry | None = None
    archived: bool = False
    line: int | None = None  # a daily-log entry: its heading's line
    wake: str | None = None  # the command that wakes the chat it points at (chats.wake_in)
    orders: bool = False  # it reads as orders to the agent (memctl.search.orders.marked)

    def to_dict(self) -> dict:
        data = {"path": self.path, "archived": self.archived, "line": self.line, "wake": self.wake}
        data["orders"] = self.orders
        if self.entry is not None:
            data["entry"] = self.entry.to_dict()
            data["text"] = self.entry.format()
        else:
            data["text"] = self.text
        return data


def show(ws: Workspace, target: str) -> Shown:
    """A note's text, or one entry; a daily log's entry by any of its lines (`FILE:LINE`);
    archived material too (it stays readable)."""
    from .chats import wake_in

    shown = _unseen_secrets(_unseen_named(ws, _show(ws, target)))
    text = shown.entry.text if shown.entry else shown.text  # an entry's own words, not its keys
    return replace(shown, wake=wake_in(text))


def _unseen_named(ws: Workspace, shown: Shown) -> Shown:
    """A value the note's names name (memctl.naming: a line "Xk7#pLq2vR9m" in a note keyed
    "online banking password"), written by hand or synced, shown redacted: the whole file is
    read, so an entry shown alone is read with the names around it."""
    from .naming import named_in, redact_named

    try:
        whole = (ws.root / shown.path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        whole = ""
    named = named_in(whole) + named_in(shown.text)
    if not named:
        return shown
    entry = shown.entry
    if entry is not None:
        raw = redact_named(entry.raw, named) if entry.raw is not None else None
        entry = replace(entry, text=redact_named(entry.text, named), raw=raw)
    return replace(shown, text=redact_named(shown.text, named), entry=entry)


def _unseen_secrets(shown: Shown) -> Shown:
    """A secret a person wrote by hand into a note shown redacted, as INDEX.md shows it: it is
    theirs to keep in their file, never for memctl to copy into an agent's context."""
    from .secrets.scan import redact, scan

    if not scan(shown.text) and not (shown.entry and scan(shown.entry.format())):
        return shown
    entry = shown.entry
    if entry is not None:
        raw = redact(entry.raw) if entry.raw is not None else None
        entry = replace(entry, text=redact(entry.text), raw=raw)
    return replace(shown, text=redact(shown.text), entry=entry)


def unseen_in_header(facts: FileFacts) -> FileFacts:
    """A note's title, description and tags as a listing prints them: a secret a person wrote
    there by hand redacted, as `show` and INDEX.md show it."""
    from .secrets.scan import redact, scan

    texts = [facts.title or "", facts.description or "", *map(str, facts.tags)]
    if not any(scan(text) for text in texts if text):
        return facts
    return replace(
        facts,
        title=redact(facts.title) if facts.title else facts.title,
        description=redact(facts.description) if facts.description else facts.description,
        tags=[redact(str(tag)) for tag in facts.tags],
    )


def _show(ws: Workspace, target: str) -> Shown:
    logged = _log_entry(ws, target)
    if logged is not None:
        return logged
    if looks_like_entry_ref(ws, target):
        try:
            ref = find_entry(ws, target, archive=True)
            return Shown(
                ref.path, ref.entry.format(), ref.entry, archived=ref.path.startswith(ARCHIVE_DIR)
            )
        except NotFound:
            if "#" in target or ":" in target:
                raise
    for candidate in (
        target,
        f"{target}.md",
        f"{ARCHIVE_DIR}/{target}",
        f"{ARCHIVE_DIR}/{target}.md",
    ):
        path = ws.resolve(candidate)
        if any(part.casefold().rstrip(". ") == ".git" for part in ws.rel(path).split("/")):
            raise PathRefused(
                "a folder named .git is git's own (its settings may hold a token): memctl "
                "shows no file inside it",
                path=ws.rel(path),
            )
        if path.is_file():
            note = read_note(path, display=ws.rel(path))
            return Shown(ws.rel(path), note.text, archived=ws.rel(path).startswith(ARCHIVE_DIR))
    raise NotFound(f"no note or entry {target!r}{_did_you_mean(ws, target)}")


def _log_entry(ws: Workspace, target: str) -> Shown | None:
    """`daily/DAY.md:LINE`: the log entry that line is part of, heading and text."""
    from .daily import parse_log
    from .kinds import kind_of

    rel, _, line = target.rpartition(":")
    if not line.isdigit() or kind_of(rel, ws.config.daily_dir) != "daily":
        return None
    path = ws.resolve(rel)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    number = small_number(line)
    entries = [e for e in parse_log(ws.rel(path), text) if number and e.line <= number]
    if not entries:
        raise NotFound(f"no log entry at line {shorten(line, 16)}", path=ws.rel(path), line=number)
    entry = entries[-1]
    heading = f"### {entry.time} — {entry.title}" if entry.title else f"### {entry.time}"
    body = f"{heading}\n\n{entry.text}\n" if entry.text else f"{heading}\n"
    return Shown(ws.rel(path), body, line=entry.line)


def _did_you_mean(ws: Workspace, target: str) -> str:
    """What to add to "no note": "; did you mean lessons/government-forms?", or ""."""
    from difflib import get_close_matches

    wanted = target.removesuffix(".md")
    names = [f.path.removesuffix(".md") for f in scan(ws, archive=True) if f.kind == "note"]
    pool = names if "/" in wanted else [n.rsplit("/", 1)[-1] for n in names]
    near = get_close_matches(wanted, pool, n=3, cutoff=0.75)
    if "/" not in wanted:
        near = [n for n in names if n.rsplit("/", 1)[-1] in near][:3]
    return f"; did you mean {' or '.join(near)}?" if near else ""


@dataclass(frozen=True)
class Listing:
    files: list[FileFacts]
    needs: Needs | None = None  # what needs a person (attention.py), for the unfiltered list

    def to_dict(self) -> dict:
        return {
            "files": [f.to_dict() for f in self.files],
            "needs": self.needs.to_dict() if self.needs else None,
        }


def list_notes(
    ws: Workspace,
    *,
    category: str | None = None,
    status: str | None = None,
    priority: str | None = None,
    today: dt.date,
) -> Listing:
    from .catalog import is_stale

    if status and status not in (*STATUSES, "none", "unreadable"):
        raise InvalidValue(f"unknown status {status!r} (use {', '.join(STATUSES)})")
    level = normalize_priority(priority) if priority else None
    if priority and level is None:
        raise InvalidValue(f"unknown priority {priority!r} (use high, med or low)")
    picked = []
    facts = scan(ws)
    for f in facts:
        if f.kind != "note":
            continue
        shown_status = (
            "unreadable"
            if f.error
            else "stale"
            if f.status in (None, "active") and is_stale(f, today, ws.config.stale_days)
            else f.status or "none"
        )
        if category and (f.category or "") != category and not f.path.startswith(f"{category}/"):
            continue
        if status and shown_status != status:
            continue
        if level and f.priority != level:
            continue
        f.status = shown_status
        picked.append(unseen_in_header(f))
    if category or status or priority:
        return Listing(picked)
    from .attention import needs_a_person, recent_reads

    reads = recent_reads(ws.root, today=today)
    return Listing(
        picked, needs_a_person(facts, today=today, stale_days=ws.config.stale_days, reads=reads)
    )
