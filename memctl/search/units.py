"""Search units: the pieces of a Markdown file that search finds and points at.

Each entry line of a note, each daily-log entry (heading and text), each note's frontmatter
(title, tags, description, use-when keys) and each other paragraph of a note is one unit with an
address (`path:line`, the entry id when it has one), a status, dates and a priority. A value
the note's names name (a line "Xk7#pLq2vR9m" in a note keyed "online banking password":
memctl.naming) is held redacted, as `show` shows it: a file written by hand or synced.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Required, TypedDict

from ..dates import try_date
from ..language.holds import asked_by
from ..workspace import ARCHIVE_DIR

if TYPE_CHECKING:
    from ..entry import Entry
    from ..note import Note

KEY_SEPARATOR = " | "  # between use-when phrases in an entry's when:"…" field
_TABLE_RULE = re.compile(r"\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")  # |---|:---:|


@dataclass
class Unit:
    path: str
    line: int
    kind: str  # entry | log | note (the frontmatter) | text (another paragraph)
    text: str  # what a result shows
    keys: str = ""  # use-when phrases, one per line
    note_keys: str = ""  # the use-when phrases of the note it is part of
    context: str = ""  # the note's title, section, tags and file name: found, shown less
    entry_id: str | None = None
    category: str | None = None
    status: str = "active"  # active | stale | superseded | conflict | closed | injection
    priority: str | None = None
    recorded: str | None = None  # when it was written down (YYYY-MM-DD)
    seen: str | None = None  # its latest sign of life: verified, added or the day
    until: str | None = None  # when it stopped being true (closed entries)
    verified: str | None = None  # for staleness; "" = a note that was never verified
    archived: bool = False
    ref: str | None = None  # the log line a promoted fact came from (its entry's ref: field)
    title: str | None = None  # the note's title, for an entry or a paragraph of the note
    closes: str | None = None  # an entry's until: (closed from that day, struck or not)
    starts: str | None = None  # an entry's from: (upcoming before that day)


class _Shared(TypedDict, total=False):
    """What the units of one note share (the Unit fields of the same names)."""

    path: Required[str]
    category: str | None
    status: str
    priority: str | None
    recorded: str | None
    seen: str | None
    verified: str | None
    title: str | None
    note_keys: str


def entry_keys(when: str | None) -> list[str]:
    """The use-when phrases of an entry's when:"…" field."""
    return [k.strip() for k in (when or "").split(KEY_SEPARATOR.strip()) if k.strip()]


def note_keys(value: object) -> list[str]:
    """A note's use_when: a list of phrases, or one phrase."""
    if value is None:
        return []
    items = value if isinstance(value, list) else [value]
    return [str(k).strip() for k in items if k is not None and str(k).strip()]


def read_units(root: Path, rel: str, daily_dir: str = "daily") -> tuple[list[Unit], str | None]:
    """The units of one file and, when it could not be parsed as memctl Markdown, why.

    A file with broken frontmatter is still searched, as plain text, so a person's note is
    never invisible because of a typo.
    """
    from ..errors import ParseError
    from ..kinds import kind_of
    from ..naming import named_in, redact_named
    from ..note import Note, read_note
    from ..textstyle import without_bom

    archived = rel.startswith(f"{ARCHIVE_DIR}/")
    inner = rel[len(ARCHIVE_DIR) + 1 :] if archived else rel
    kind = kind_of(inner, daily_dir)
    if kind in ("index", "report"):
        return [], None  # generated from the notes and logs themselves (INDEX.md, reports/)
    path = root / rel
    error = None
    try:
        note = read_note(path, display=rel)
    except ParseError as exc:
        error = str(exc)
        try:
            data = path.read_bytes()
        except OSError:
            return [], error
        if b"\x00" in data:
            return [], error
        text = without_bom(data.decode("utf-8", errors="replace"))
        note = Note(path=path, text=text, body=text)
    units = _log_units(rel, inner, note.text) if kind == "daily" else []
    if not units:  # a note, or a day written without ### headings: its paragraphs and lines
        units = _note_units(rel, note)
        day = _day(Path(inner).stem) if kind == "daily" else None
        for unit in units:  # a day's lines were written that day, whatever their headings
            unit.category = "daily" if day else unit.category
            unit.recorded = unit.recorded or day
            unit.seen = unit.seen or day
    named = named_in(note.text)
    for unit in units:
        unit.archived = archived
        if named:  # a value the note's names name, in a file written by hand or synced
            unit.text = redact_named(unit.text, named)
        called = asked_by(unit.text)  # found by what a person calls it, whatever its words
        if called:
            unit.context = " ".join([unit.context, *called]).strip()
    return units, error


def _log_units(rel: str, inner: str, text: str) -> list[Unit]:
    from ..daily import parse_log

    units = []
    for log in parse_log(inner, text):
        body = f"{log.title}\n{log.text}".strip() if log.text else log.title
        day = log.day or None
        units.append(
            Unit(
                path=rel,
                line=log.line,
                kind="log",
                text=body,
                category="daily",
                context=log.day,
                recorded=day,
                seen=day,
            )
        )
    return units


def _note_units(rel: str, note: Note) -> list[Unit]:
    meta = note.meta if note.has_frontmatter else {}
    category = _text(meta.get("category")) or (rel.split("/")[0] if "/" in rel else None)
    if category == ARCHIVE_DIR and rel.count("/") > 1:
        category = rel.split("/")[1]
    status = note.status or "active" if note.has_frontmatter else "active"
    priority = note.priority
    title = note.title or ""
    tags = meta.get("tags")
    tags = [str(t) for t in tags] if isinstance(tags, list) else ([str(tags)] if tags else [])
    stem = Path(rel).stem.replace("-", " ").replace("_", " ")
    date = _day(meta.get("date"))
    verified = _day(meta.get("last_verified")) or date
    if note.has_frontmatter:
        verified = verified or ""  # a note nobody ever verified is stale
    else:
        verified = None  # a plain Markdown file has no review cycle
    keys = "\n".join(note_keys(meta.get("use_when")))
    base: _Shared = {
        "path": rel,
        "category": category,
        "status": status,
        "priority": priority,
        "recorded": date,
        "seen": verified or date,
        "verified": verified,
    }
    parts: _Shared = {
        **base,
        "title": title or None,
    }  # entries and paragraphs know their note's title

    units: list[Unit] = []
    if note.has_frontmatter and (title or meta.get("description") or meta.get("use_when")):
        description = _text(meta.get("description"))
        shown = f"{title} — {description}" if title and description else title or description
        units.append(
            Unit(
                line=1,
                kind="note",
                text=shown or stem,
                keys=keys,
                context=" ".join([*tags, stem]),
                **base,
            )
        )

    parts["note_keys"] = keys
    entries = {e.line: e for e in note.entries()}
    # A clash the gate kept marks its note; the conflict is that line's, not every fact's
    # beside it in the note (an inbox)
    kept = status == "conflict" and any(
        e.kind == "CONFLICT" and not e.closed for e in entries.values()
    )
    heading = ""
    paragraph: list[str] = []
    start = 0

    def flush() -> None:
        context = " ".join([title, heading, *tags, stem])
        if paragraph and _is_table(paragraph):
            # A table's header says what its columns are, not what it holds: each row is a unit
            # of its own, the header its context (a fresh NOW.md's empty table finds nothing).
            header = paragraph[0] if len(paragraph) > 1 and _TABLE_RULE.match(paragraph[1]) else ""
            for offset, row in enumerate(paragraph):
                if row is header or _TABLE_RULE.match(row):
                    continue
                cells = " · ".join(c.strip() for c in row.strip().strip("|").split("|"))
                more = f"{context} {header.replace('|', ' ')}"
                units.append(
                    Unit(line=start + offset, kind="text", text=cells, context=more, **parts)
                )
        elif paragraph:
            units.append(
                Unit(line=start, kind="text", text="\n".join(paragraph), context=context, **parts)
            )
        paragraph.clear()

    for offset, line in enumerate(note.body.splitlines()):
        number = note.body_line + offset
        entry = entries.get(number)
        if entry is not None:
            flush()
            unit = _entry_unit(entry, parts, " ".join([title, heading, *tags, stem]))
            if kept and unit.status == "conflict" and entry.kind != "CONFLICT":
                unit.status = "active"
            units.append(unit)
        elif not line.strip():
            flush()
        elif line.startswith("#"):
            flush()
            heading = line.lstrip("#").strip()
        else:
            if not paragraph:
                start = number
            paragraph.append(line.strip())
    flush()
    return units


def _entry_unit(entry: Entry, base: _Shared, context: str) -> Unit:
    fields = entry.fields
    assert entry.line is not None  # an entry read from a note has its line
    unit = Unit(
        line=entry.line,
        kind="entry",
        text=entry.text,
        entry_id=entry.id,
        keys="\n".join(entry_keys(fields.get("when"))),
        context=f"{context} {entry.kind or ''}".strip(),
        **base,
    )
    if entry.priority:
        unit.priority = entry.priority
    recorded = _day(fields.get("from")) or _day(fields.get("added"))
    if recorded:
        unit.recorded = recorded
    verified = _day(fields.get("verified"))
    if verified and (unit.verified is None or verified > unit.verified):
        unit.verified = verified
    added = _day(fields.get("added"))  # an entry is as fresh as the day it was written down
    if added and unit.verified is not None and added > unit.verified:
        unit.verified = added
    unit.seen = max(d for d in (recorded, verified, base["seen"], "") if d is not None) or None
    unit.until = _day(fields.get("until")) or _day(fields.get("expires"))
    unit.ref = fields.get("ref") or None
    unit.closes = _day(fields.get("until"))
    unit.starts = _day(fields.get("from"))
    # An open line with until: a later day holds until then: the query reads it against today
    # (search.candidates.EFFECTIVE_STATUS), as entry.holds does
    if entry.closed:
        unit.status = "closed"
    elif fields.get("superseded_by") and not unit.closes:
        unit.status = "superseded"
    elif fields.get("label") == "injection":
        unit.status = "injection"  # words the gate caught giving the agent orders
    return unit


def _is_table(lines: list[str]) -> bool:
    return all(line.startswith("|") for line in lines)


def _text(value: object) -> str | None:
    return None if value is None else str(value)


def _day(value: object) -> str | None:
    day = try_date(value)
    return day.isoformat() if day else None
