"""What memctl knows about each Markdown file, cached by mtime and size.

`memctl now` needs a health line over the whole workspace on every session start, and
`memctl index` a row per file; both read this catalog instead of parsing every file every time.
Only files whose mtime or size changed are parsed again. The cache lives in .memctl/cache/ and is
never committed; deleting it only costs one full scan.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import asdict, dataclass, field
from pathlib import Path

from .dates import try_date
from .errors import MemctlError
from .workspace import DAILY_DIR, INDEX_FILE, NOW_FILE, Workspace, atomic_write, stat_markdown

_VERSION = 6
GRAPH_DIR = "graph"
REPORTS_DIR = "reports"  # the nightly job's morning reports, reports/YYYY-MM-DD.md (sleep.py)


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
    closed: int = 0
    problems: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)  # documented frontmatter keys not there
    last_entry: str | None = None  # daily logs: "YYYY-MM-DD HH:MM" of the newest heading

    def to_dict(self) -> dict:
        data = asdict(self)
        data.pop("stamp")
        return data


def kind_of(rel: str, daily_dir: str = DAILY_DIR) -> str:
    if rel == NOW_FILE:
        return "now"
    if rel == INDEX_FILE:
        return "index"
    if rel.startswith(f"{daily_dir}/"):
        return "daily"
    if rel.startswith(f"{GRAPH_DIR}/"):
        return "graph"  # relations: their ids count, but they are not notes (graph.py)
    if rel.startswith(f"{REPORTS_DIR}/") and _is_day_name(rel[len(REPORTS_DIR) + 1 :]):
        return "report"  # searchable, but not a note: the gate, INDEX.md and archive skip it
    return "note"


def _is_day_name(name: str) -> bool:
    return len(name) == 13 and name.endswith(".md") and name[:4].isdigit() and name[4] == "-"


def scan(ws: Workspace, *, archive: bool = False, progress=None) -> list[FileFacts]:
    """Facts for every Markdown file, parsing only what changed since the last scan.

    `progress(done, total)` is called while files are parsed (a fresh clone parses them all).
    """
    cache_path = ws.cache_dir / ("catalog-archive.json" if archive else "catalog.json")
    cached = _load_cache(cache_path)
    facts: list[FileFacts | None] = []
    todo: list[tuple[int, str, list[int]]] = []  # (position, path, stamp) of what to parse
    for rel, mtime_ns, size in stat_markdown(ws, archive=archive):
        stamp = [mtime_ns, size]
        hit = cached.get(rel)
        if hit is not None and hit.stamp == stamp:
            facts.append(hit)
        else:
            todo.append((len(facts), rel, stamp))
            facts.append(None)
    for done, (position, rel, stamp) in enumerate(todo, start=1):
        facts[position] = read_facts(ws, ws.root / rel, rel, stamp)
        if progress is not None and (done % 100 == 0 or done == len(todo)):
            progress(done, len(todo))
    if todo or len(facts) != len(cached):
        _save_cache(cache_path, facts)
    return facts


def read_facts(ws: Workspace, path: Path, rel: str, stamp: list[int]) -> FileFacts:
    from .daily import last_heading
    from .note import read_note

    kind = kind_of(rel, ws.config.daily_dir)
    facts = FileFacts(path=rel, kind=kind, stamp=stamp)
    try:
        note = read_note(path, display=rel)
    except MemctlError as exc:
        facts.error = str(exc)
        return facts
    if kind == "daily":
        facts.last_entry = last_heading(rel, note.text)
        return facts
    if kind == "graph":
        facts.ids = [e.id for e in note.entries() if e.id]
        return facts
    if kind != "note":
        return facts
    return _note_facts(facts, note, note.entries())


def _note_facts(facts: FileFacts, note, entries: list) -> FileFacts:
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
    for entry in entries:
        facts.entries += 1
        if entry.id:
            facts.ids.append(entry.id)
        if entry.closed:
            facts.closed += 1
            continue
        if entry.expires:
            facts.expiring.append(entry.expires)
        elif entry.priority == "low":
            facts.low_without_expiry += 1
    return facts


def record_written(ws: Workspace, notes: list[tuple[Path, object, list]]) -> None:
    """Tell the cache about notes a command just wrote and still holds parsed: (path, note,
    its entries as written). Their frontmatter is the note's; nothing is read or parsed again.
    A run that rewrites thousands of notes (the archive) then regenerates INDEX.md at once."""
    cache_path = ws.cache_dir / "catalog.json"
    cached = _load_cache(cache_path)
    for path, note, entries in notes:
        st = path.stat()
        rel = ws.rel(path)
        facts = FileFacts(path=rel, kind=kind_of(rel, ws.config.daily_dir),
                          stamp=[st.st_mtime_ns, st.st_size])  # fmt: skip
        cached[rel] = _note_facts(facts, note, entries)
    _save_cache(cache_path, list(cached.values()))


def _text(value: object) -> str | None:
    return None if value is None else str(value)


def _date_text(value: object) -> str | None:
    day = try_date(value)
    return day.isoformat() if day else (None if value is None else str(value))


def _load_cache(path: Path) -> dict[str, FileFacts]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("version") != _VERSION:
            return {}
        return {item["path"]: FileFacts(**item) for item in data["files"]}
    except (OSError, ValueError, KeyError, TypeError):
        return {}  # a missing or damaged cache is rebuilt, never trusted


def _save_cache(path: Path, facts: list[FileFacts]) -> None:
    payload = {"version": _VERSION, "files": [vars(f) for f in facts]}  # asdict is 10x slower
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, json.dumps(payload, ensure_ascii=False, separators=(",", ":")))
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
