"""What memctl knows about each Markdown file, cached by mtime and size.

`memctl now` needs a health line over the whole workspace on every session start, and
`memctl index` a row per file; both read this catalog instead of parsing every file every time.
Only files whose mtime or size changed are parsed again. The cache lives in .memctl/cache/ and is
never committed; deleting it only costs one full scan, which two processes share.
"""

from __future__ import annotations

import datetime as dt
import json
import operator
import os
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, cast

from .atomic import atomic_write
from .controls import unseen_lines
from .dates import try_date
from .errors import MemctlError
from .kinds import kind_of
from .settling import FIELD as MAY_REPLACE
from .workspace import Workspace, stat_markdown

if TYPE_CHECKING:
    from .entry import Entry
    from .note import Note

_VERSION = 11

# Called as `progress(done, total)` while a long step runs (a bar in the CLI).
Progress = Callable[[int, int], None]


@dataclass
class FileFacts:
    path: str  # workspace-relative, posix
    kind: str  # note | daily | now | index | graph | report
    stamp: list[int] = field(default_factory=list)  # [mtime_ns, size]
    error: str | None = None  # "file:line: message" when unreadable
    frontmatter: bool = False
    title: str | None = None
    description: str | None = None
    category: str | None = None
    priority: str | None = None
    status: str | None = None
    last_verified: str | None = None
    date: str | None = None
    expires: str | None = None
    tags: list[str] = field(default_factory=list)
    entries: int = 0
    ids: list[str] = field(default_factory=list)
    expiring: list[str] = field(default_factory=list)  # expires: dates of open entries
    low_without_expiry: int = 0
    # open lines the gate wrote as new that may replace an entry (memctl.settling): what
    # settles each, {"id", "line", "near", "text", "src", "by", "ref"}
    unsettled: list[dict] = field(default_factory=list)
    closed: int = 0
    closed_ids: list[str] = field(default_factory=list)
    # [id, until] of each open line that closes on its until: day (entry.ended reads it)
    closing: list[list] = field(default_factory=list)
    # [id, the id it supersedes] of each open line written in place of another
    replacing: list[list] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)  # documented frontmatter keys not there
    last_entry: str | None = None  # daily logs: "YYYY-MM-DD HH:MM" of the newest heading
    # [line, what] of each line holding what a write refuses and a person cannot read as the
    # agent does (memctl.controls.unseen_lines): memctl doctor names them
    unseen: list[list] = field(default_factory=list)

    def to_dict(self) -> dict:
        data = asdict(self)
        data.pop("stamp")
        return data


_FIELDS = [f.name for f in fields(FileFacts)]  # the order of a cached row
_ROW = operator.attrgetter(*_FIELDS)


def scan(
    ws: Workspace,
    *,
    archive: bool = False,
    progress: Progress | None = None,
    known: dict[str, FileFacts] | None = None,
) -> list[FileFacts]:
    """Facts for every Markdown file, parsing only what changed since the last scan.

    `progress(done, total)` is called while files are parsed (a fresh clone parses them all).
    `known`: facts this run already holds, newer than the cache file (an earlier scan, updated
    with record_written or record_text); they are used instead of the file, and the caller
    saves the result with save_catalog.
    """
    cache_path = _cache_path(ws, archive)
    cached = _load_cache(cache_path) if known is None else known
    facts: list[FileFacts | None] = []
    todo: list[tuple[str, list[int]]] = []  # (path, stamp) of what to parse
    positions: list[int] = []
    for rel, mtime_ns, size in stat_markdown(ws, archive=archive):
        stamp = [mtime_ns, size]
        hit = cached.get(rel)
        if hit is not None and hit.stamp == stamp:
            facts.append(hit)
        else:
            todo.append((rel, stamp))
            positions.append(len(facts))
            facts.append(None)
    for position, parsed in zip(positions, _read_all(ws, todo, progress), strict=True):
        facts[position] = parsed
    filled = cast("list[FileFacts]", facts)  # every None above now holds its file's facts
    if known is None and (todo or len(facts) != len(cached)):
        _save_cache(cache_path, filled)
    return filled


def save_catalog(ws: Workspace, facts: list[FileFacts]) -> None:
    """Remember the facts of a scan(known=…) for the next command."""
    _save_cache(_cache_path(ws, archive=False), facts)


def _cache_path(ws: Workspace, archive: bool) -> Path:
    return ws.cache_dir / ("catalog-archive.json" if archive else "catalog.json")


# A fresh clone parses every file: from this many on, a second process takes half of them.
# Starting it costs what parsing a hundred files does; a command that finds a few files
# changed since the last scan stays in one process.
PARALLEL_FROM = 2000


def _read_all(
    ws: Workspace, todo: list[tuple[str, list[int]]], progress: Progress | None
) -> list[FileFacts]:
    """The facts of each (path, stamp) of `todo`, in order, whichever process parsed them."""
    total = len(todo)

    def report(done: int) -> None:
        if progress is not None:
            progress(min(done, total), total)

    if total < PARALLEL_FROM or not _can_fork():
        return _read_batch(ws, todo, report)
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    try:
        pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("fork"))
        # Every other file, not the second half: daily logs (cheap to read) come first.
        later = pool.submit(_read_batch, ws, todo[1::2])
    except (OSError, NotImplementedError):  # no second process to be had (a sandbox)
        return _read_batch(ws, todo, report)
    with pool:
        # The other process goes about as fast, so the bar counts this one's files twice.
        mine = _read_batch(ws, todo[::2], lambda done: report(2 * done))
        try:
            theirs = later.result()
        except BrokenProcessPool:  # the helper died (out of memory?): read its share here
            theirs = _read_batch(ws, todo[1::2])
    report(total)
    merged = mine + theirs  # the right length; then each share back in its places
    merged[::2], merged[1::2] = mine, theirs
    return merged


def _can_fork() -> bool:
    """A second parser is worth it with a second core; forked only on Linux (see forking)."""
    import sys

    from .forking import fork_is_safe

    return sys.platform == "linux" and (os.cpu_count() or 1) > 1 and fork_is_safe()


def _read_batch(
    ws: Workspace, todo: list[tuple[str, list[int]]], report: Callable[[int], None] | None = None
) -> list[FileFacts]:
    found = []
    for done, (rel, stamp) in enumerate(todo, start=1):
        found.append(read_facts(ws, ws.root / rel, rel, stamp))
        if report is not None and (done % 100 == 0 or done == len(todo)):
            report(done)
    return found


def read_facts(
    ws: Workspace, path: Path, rel: str, stamp: list[int], data: bytes | None = None
) -> FileFacts:
    """The facts of one file; `data` is its content when the caller has read it already."""
    from .daily import last_heading
    from .note import parse_note, read_note

    kind = kind_of(rel, ws.config.daily_dir)
    facts = FileFacts(path=rel, kind=kind, stamp=stamp)
    try:
        if data is None:
            note = read_note(path, display=rel)
        else:
            note = parse_note(data, path=path, display=rel)
    except MemctlError as exc:
        facts.error = str(exc)
        return facts
    facts.unseen = unseen_lines(note.text)
    if kind == "daily":
        facts.last_entry = last_heading(rel, note.text)
        return facts
    if kind == "graph":
        facts.ids = [e.id for e in note.entries() if e.id]
        return facts
    if kind != "note":
        return facts
    return _note_facts(facts, note, note.entries())


def _note_facts(facts: FileFacts, note: Note, entries: list[Entry]) -> FileFacts:
    rel = facts.path
    meta = note.meta
    facts.frontmatter = note.has_frontmatter
    facts.title = note.title
    facts.description = _text(meta.get("description"))
    facts.category = _text(meta.get("category")) or (rel.split("/")[0] if "/" in rel else None)
    facts.priority = note.priority
    facts.status = note.status
    facts.last_verified = _date_text(meta.get("last_verified"))
    facts.date = _date_text(meta.get("date"))
    facts.expires = _date_text(meta.get("expires"))
    tags = meta.get("tags")
    facts.tags = [str(t) for t in tags] if isinstance(tags, list) else ([str(tags)] if tags else [])
    facts.problems = [str(p) for p in note.problems()]
    from .note import FIELDS  # read_facts has imported note already; `now` never needs it

    facts.missing = [key for key in FIELDS if key not in meta] if note.has_frontmatter else []
    return _entry_facts(facts, entries)


def _entry_facts(facts: FileFacts, entries: list) -> FileFacts:
    for entry in entries:
        facts.entries += 1
        if entry.id:
            facts.ids.append(entry.id)
        if entry.closed:
            facts.closed += 1
            if entry.id:
                facts.closed_ids.append(entry.id)
            continue
        if entry.id and entry.fields.get("supersedes"):
            facts.replacing.append([entry.id, entry.fields["supersedes"].lstrip("^")])
        if entry.fields.get("until"):  # open until that day (a change said to start later)
            facts.closing.append([entry.id, entry.fields["until"]])
        if entry.expires:
            facts.expiring.append(entry.expires)
        elif entry.priority == "low":
            facts.low_without_expiry += 1
        near = entry.fields.get(MAY_REPLACE)
        if near:
            facts.unsettled.append(_unsettled(entry, near))
        rule = entry.fields.get("clashes")
        if rule and entry.kind == "CONFLICT":  # kept beside the rule it clashes with
            facts.unsettled.append({**_unsettled(entry, rule), "clash": True})
    return facts


def _unsettled(entry: Entry, near: str) -> dict:
    from .entry import unquoted

    f = entry.fields
    return {
        "id": entry.id,
        "line": entry.line,
        "near": near if ":" in near or near.startswith("^") else f"^{near}",
        "text": unquoted(entry.text),
        "src": f.get("src") or "user",
        "by": f.get("by"),
        "ref": f.get("ref"),
    }


def record_written(ws: Workspace, known: dict[str, FileFacts], notes: dict[str, list]) -> None:
    """Update `known` (facts by path, from a scan) for notes a command just rewrote without
    touching their frontmatter: path → its entries as written. Nothing is read or parsed again,
    so a run that rewrites thousands of notes (the archive) regenerates INDEX.md at once."""
    for rel, entries in notes.items():
        path = ws.root / rel
        st = path.stat()
        unseen = known[rel].unseen
        if unseen:  # rare: its lines moved with the entries taken out, so read where they are
            unseen = unseen_lines(path.read_text(encoding="utf-8", errors="replace"))
        counted = replace(
            known[rel],
            stamp=[st.st_mtime_ns, st.st_size],
            unseen=unseen,
            entries=0,
            ids=[],
            expiring=[],
            low_without_expiry=0,
            unsettled=[],
            closed=0,
            closed_ids=[],
            closing=[],
            replacing=[],
        )
        known[rel] = _entry_facts(counted, entries)


def record_text(ws: Workspace, known: dict[str, FileFacts], path: Path, text: str) -> None:
    """Update `known` for a file a command just wrote: parsed from `text`, not read back."""
    st = path.stat()
    rel = ws.rel(path)
    known[rel] = read_facts(ws, path, rel, [st.st_mtime_ns, st.st_size], data=text.encode())


def _text(value: object) -> str | None:
    return None if value is None else str(value)


def _date_text(value: object) -> str | None:
    day = try_date(value)
    return day.isoformat() if day else (None if value is None else str(value))


def _load_cache(path: Path) -> dict[str, FileFacts]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("version") != _VERSION or data.get("fields") != list(_FIELDS):
            return {}
        return {row[0]: FileFacts(*row) for row in data["files"]}
    except (OSError, ValueError, KeyError, TypeError, IndexError):
        return {}  # a missing or damaged cache is rebuilt, never trusted


def _save_cache(path: Path, facts: list[FileFacts]) -> None:
    # One row of values per file, in field order: half the size of keyed objects, and read
    # back several times faster (10,000 files on every `memctl now`).
    payload = {"version": _VERSION, "fields": _FIELDS, "files": [_ROW(f) for f in facts]}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
        atomic_write(path, text, durable=False)  # checked by its version, rows by mtime
    except OSError:
        pass  # read-only workspace: the scan still answers, it just is not remembered


def is_stale(facts: FileFacts, today: dt.date, stale_days: int) -> bool:
    """Not verified within stale_days (high-priority files too: they are reviewed, not expired)."""
    if facts.kind != "note" or not facts.frontmatter or facts.status == "superseded":
        return False
    verified = try_date(facts.last_verified) or try_date(facts.date)
    return verified is None or (today - verified).days > stale_days


def find_id(ws: Workspace, entry_id: str) -> list[str]:
    """The files that hold an entry with this block id (more than one is a doctor finding)."""
    wanted = entry_id.lstrip("^")
    return [f.path for f in scan(ws) if wanted in f.ids]


def all_ids(ws: Workspace) -> set[str]:
    return {i for f in scan(ws) for i in f.ids}
