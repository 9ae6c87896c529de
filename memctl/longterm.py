"""Long-term notes: create them, add entry lines, find and verify them (show.py reads them back).

Notes live in category folders (lessons/, people/, rules/, …) with YAML frontmatter; each memory
is one entry line with a block id, so `lessons/api-guide.md#^k3x9` addresses it for good.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from pathlib import Path

from .budget import shorten
from .catalog import all_ids, find_id, scan
from .dates import fmt_date, given_date
from .entry import Entry, new_id, normalize_priority, parse_entry
from .errors import InvalidValue, MemctlError, NotFound, ParseError, Refused
from .note import read_note, replace_line, set_meta, yaml_value
from .outside import check_ref
from .words import small_number
from .workspace import ARCHIVE_DIR, Outcome, Workspace

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .change import Change

SOURCES = ("user", "agent", "web", "file", "tool")
UNTRUSTED_WHO = {"web": "a web page", "file": "a file", "tool": "a tool"}
_ID_REF = re.compile(r"^\^?(?P<id>[A-Za-z0-9][A-Za-z0-9-]{0,31})$")


def note_path(ws: Workspace, name: str, *, given_as: str = "note name") -> Path:
    """`category/name` (".md" optional) as a path inside the workspace. `given_as` names where
    the name came from in an error (`--topic`)."""
    from .outside import is_clean

    if not is_clean(name):
        raise InvalidValue(
            f"{given_as} {name!r} holds a line break or control character; a "
            "note's file name cannot"
        )
    rel = name if name.endswith(".md") else f"{name}.md"
    if "/" not in rel:
        raise InvalidValue(f"{name!r}: give CATEGORY/NAME, e.g. lessons/api-guide")
    path = ws.resolve(rel, for_writing=True)
    if ws.rel(path).split("/")[0] in ("daily", ws.config.daily_dir, ARCHIVE_DIR):
        raise InvalidValue(f"{name!r}: notes live in category folders, not daily/ or .archive/")
    _refuse_dotted(ws.rel(path), name)
    return path


def _refuse_dotted(rel: str, name: str, *, archive: bool = False) -> None:
    """A note's folders and name never start with a dot: such a folder is a tool's own
    (`.clinerules/`, `.kiro/steering/`: an agent reads what is there as its instructions),
    never a category of memory. `archive`: a note of .archive/ is memctl's own."""
    parts = rel.split("/")
    if archive and parts[0] == ARCHIVE_DIR:
        parts = parts[1:]
    dotted = next((part for part in parts if part.startswith(".")), None)
    if dotted is not None:
        raise Refused(
            f"{name!r}: {dotted!r} starts with a dot, as a tool's own folder or file does "
            "(an agent may read it as its instructions); notes live in category folders, "
            "e.g. lessons/api-guide",
            path=rel,
        )


@dataclass(frozen=True)
class CreatedNote:
    path: str
    meta: dict

    def to_dict(self) -> dict:
        return {
            "path": self.path,
            "meta": {k: str(v) if isinstance(v, dt.date) else v for k, v in self.meta.items()},
        }


def new_note(
    ws: Workspace,
    name: str,
    *,
    title: str | None = None,
    priority: str = "med",
    tags: list[str] | None = None,
    use_when: list[str] | None = None,
    description: str | None = None,
    source: str | None = None,
    expires: str | None = None,
    today: dt.date,
) -> Outcome[CreatedNote]:
    path = note_path(ws, name)
    if path.exists():
        raise Refused(f"{ws.rel(path)} already exists; add to it with `memctl add`")
    meta, text = note_text(
        ws,
        path,
        title=title,
        priority=priority,
        tags=tags,
        use_when=use_when,
        description=description,
        source=source,
        expires=expires,
        today=today,
    )
    with ws.change("new", ws.rel(path)) as change:
        change.write(path, text)
    return Outcome(CreatedNote(ws.rel(path), meta), change)


def note_text(
    ws: Workspace,
    path: Path,
    *,
    title: str | None = None,
    priority: str = "med",
    tags: list[str] | None = None,
    use_when: list[str] | None = None,
    description: str | None = None,
    source: str | None = None,
    expires: str | None = None,
    today: dt.date,
) -> tuple[dict, str]:
    """The frontmatter and full text of a new note at `path` (new_note and the write gate)."""
    from .initialize import template

    level = normalize_priority(priority)
    if level is None:
        raise InvalidValue(f"unknown priority {priority!r} (use high, med or low)")
    if expires and level == "high":
        raise Refused("high-priority notes never expire; drop --expires or lower the priority")
    from .note import one_line_values

    category = ws.rel(path).split("/")[0]
    title = title or path.stem.replace("-", " ").replace("_", " ").capitalize()
    given = {"title": title, "description": description, "tag": tags, "use_when": use_when}
    for key, value in given.items():
        one_line_values(key, value)
    meta = {
        "title": title,
        "date": today,
        "category": category,
        "priority": level,
        "status": "active",
        "last_verified": today,
        "tags": tags or [],
    }
    if description:
        meta["description"] = description
    if use_when:
        meta["use_when"] = list(use_when)
    if source:
        meta["source"] = source
    if expires:
        meta["expires"] = given_date(expires, what="--expires", today=today)
    more = "".join(
        f"{key}: {yaml_value(value)}\n" for key, value in meta.items() if key not in _TEMPLATE_KEYS
    )
    text = template("note.md").format(
        title=yaml_value(title),
        date=today,
        category=yaml_value(category),
        priority=level,
        tags=yaml_value(meta["tags"]),
        more=more,
        heading=title,
    )
    return meta, text


# The frontmatter keys templates/note.md spells out; the optional ones follow them.
_TEMPLATE_KEYS = ("title", "date", "category", "priority", "status", "last_verified", "tags")


@dataclass(frozen=True)
class EntryRef:
    path: str
    entry: Entry

    def to_dict(self) -> dict:
        return {"path": self.path, "address": self.address, **self.entry.to_dict()}

    @property
    def address(self) -> str:
        return (
            f"{self.path}#^{self.entry.id}" if self.entry.id else f"{self.path}:{self.entry.line}"
        )


def add_entry(
    ws: Workspace,
    name: str,
    text: str,
    *,
    priority: str | None = "med",
    kind: str | None = None,
    expires: str | None = None,
    source: str | None = None,
    by: str | None = None,
    when: str | None = None,
    from_date: str | None = None,
    today: dt.date,
) -> Outcome[EntryRef]:
    """Append one entry line with a fresh block id to an existing note. Text from an untrusted
    source (web, file, tool) is kept as a quote of it, as the write gate keeps it."""
    from .admission import UNTRUSTED_KINDS, UNTRUSTED_SOURCES

    if source in UNTRUSTED_SOURCES and (kind or "").upper() not in UNTRUSTED_KINDS:
        from .entry import quoted

        text = quoted(" ".join(text.split()), by or UNTRUSTED_WHO[source])
        kind = "QUOTE"
    entry = make_entry(
        text,
        priority=priority,
        kind=kind,
        expires=expires,
        source=source,
        by=by,
        when=when,
        from_date=from_date,
        today=today,
    )
    path = resolve_note(ws, name)
    _refuse_dotted(ws.rel(path), name, archive=True)
    with ws.change("add", "") as change:
        ref = append_entry(ws, change, path, entry)
        change.what = ref.address
    return Outcome(ref, change)


def make_entry(
    text: str,
    *,
    priority: str | None = "med",
    kind: str | None = None,
    expires: str | None = None,
    source: str | None = None,
    by: str | None = None,
    when: str | None = None,
    from_date: str | None = None,
    today: dt.date,
) -> Entry:
    """A new entry (no id yet) with its checked fields: added, from, expires, src, by, when."""
    text = " ".join(text.split())
    if not text:
        raise InvalidValue("the entry text is empty")
    level = normalize_priority(priority) if priority else None
    if priority and level is None:
        raise InvalidValue(f"unknown priority {priority!r} (use high, med or low)")
    if expires and level == "high":
        raise Refused(
            "high-priority entries never expire or archive; drop --expires or use "
            "--priority med/low"
        )
    if kind and not re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]{1,23}", kind):
        raise InvalidValue(f"kind {kind!r}: use one word like DECISION, LESSON, FACT, CONTEXT")
    if source and source not in SOURCES:
        raise InvalidValue(f"source {source!r}: use one of {', '.join(SOURCES)}")
    fields = {"added": fmt_date(today)}
    if from_date:
        fields["from"] = fmt_date(
            given_date(from_date, what="--from-date", today=today, ahead=False)
        )
    if expires:
        fields["expires"] = fmt_date(given_date(expires, what="--expires", today=today))
    for key, value in (("src", source), ("by", by), ("when", when)):
        if value:
            fields[key] = value
    return Entry(text=text, priority=level, kind=kind.upper() if kind else None, fields=fields)


def append_entry(ws: Workspace, change: Change, path: Path, entry: Entry) -> EntryRef:
    """Inside an open change: give the entry a fresh id and append it to the note at `path`.
    A new entry's `ref:` is checked here (outside.check_ref), whichever command wrote it; an
    entry moved with its id keeps the reference it was written with."""
    note = read_note(path, display=ws.rel(path))
    if entry.id is None:
        check_ref(ws, entry.fields.get("ref"))
        entry.id = new_id(all_ids(ws))
    entry.raw = None
    body = note.text if note.text.endswith("\n") or not note.text else note.text + "\n"
    entry.line = body.count("\n") + 1
    change.write(path, body + entry.format() + "\n")
    return EntryRef(ws.rel(path), entry)


def resolve_note(ws: Workspace, name: str) -> Path:
    """An existing note by path, with or without `.md`."""
    for candidate in (name, f"{name}.md"):
        path = ws.resolve(candidate, for_writing=True)
        if path.is_file():
            return path
    raise NotFound(f"no note {name!r}; create it with `memctl new CATEGORY/NAME`")


def find_entry(ws: Workspace, ref: str, *, archive: bool = False) -> EntryRef:
    """An entry by block id (`k3x9`, `^k3x9`, `#^k3x9`, `file#^k3x9`) or by `file:LINE`."""
    path_part, _, anchor = ref.partition("#")
    if anchor and not path_part.strip():  # "#^k3x9": the id alone, wherever it is
        ref = anchor
    elif anchor:
        return _entry_in(ws, resolve_note(ws, path_part), anchor.lstrip("^"))
    if ":" in ref and ref.rsplit(":", 1)[1].isdigit():
        file_part, line = ref.rsplit(":", 1)
        path = resolve_note(ws, file_part)
        note = read_note(path, display=ws.rel(path))
        number = small_number(line)
        for entry in note.entries():
            if entry.line == number:
                return EntryRef(ws.rel(path), entry)
        raise NotFound(f"no entry on line {shorten(line, 16)}", path=ws.rel(path), line=number)
    m = _ID_REF.match(ref)
    if not m:
        raise InvalidValue(f"{ref!r} is not an entry id (like k3x9) or FILE:LINE")
    hits = find_id(ws, m["id"])
    if archive and not hits:
        hits = [f.path for f in scan(ws, archive=True) if m["id"] in f.ids]
    if not hits:
        unread = next((f.error for f in scan(ws) if f.error and f.kind == "note"), None)
        if unread is not None:  # the id may be in a note that cannot be read: name it
            raise ParseError(
                f"{unread}; no note memctl can read holds ^{m['id']}, and this one may: fix "
                "it by hand (`memctl doctor` lists every such file)"
            )
        raise NotFound(f"no entry with id ^{m['id']}")
    if len(hits) > 1:
        raise MemctlError(
            f"id ^{m['id']} is used in {len(hits)} files ({', '.join(hits)}); "
            "give FILE#^ID, and see `memctl doctor`"
        )
    return _entry_in(ws, ws.root / hits[0], m["id"])


def _entry_in(ws: Workspace, path: Path, entry_id: str) -> EntryRef:
    note = read_note(path, display=ws.rel(path))
    for entry in note.entries():
        if entry.id == entry_id:
            return EntryRef(ws.rel(path), entry)
    raise NotFound(f"no entry with id ^{entry_id}", path=ws.rel(path))


def rewrite_entry(ws: Workspace, change: Change, ref: EntryRef, new: Entry) -> None:
    """Replace one entry line in place, inside an open change; the file must not have moved."""
    path = ws.root / ref.path
    note = read_note(path, display=ref.path)
    assert ref.entry.line is not None  # an entry read from its file knows its line
    current = note.text.splitlines()[ref.entry.line - 1]
    if parse_entry(current) is None or current != ref.entry.raw:
        raise ParseError(
            "the line changed while memctl was working; run the command again",
            path=ref.path,
            line=ref.entry.line,
        )
    new.raw = None
    change.write(path, replace_line(note.text, ref.entry.line, new.format()))
    if ref.entry.kind == "CONFLICT" and not ref.entry.closed and new.closed:
        clear_conflict(ws, change, ref.path)  # every door that closes a conflict passes here


def clear_conflict(ws: Workspace, change: Change, rel: str) -> None:
    """A clash marked its note `status: conflict`; without an open CONFLICT entry left, the
    note is active again."""
    path = ws.root / rel
    if not path.is_file():
        return
    note = read_note(path, display=rel)
    if note.status != "conflict" or any(
        e.kind == "CONFLICT" and not e.closed for e in note.entries()
    ):
        return
    change.write(path, set_meta(note, status="active").render())


@dataclass(frozen=True)
class Verified:
    path: str
    entry_id: str | None
    day: str

    def to_dict(self) -> dict:
        return {"path": self.path, "id": self.entry_id, "last_verified": self.day}


def verify(ws: Workspace, target: str, *, today: dt.date) -> Outcome[Verified]:
    """A note: last_verified today, status active. An entry: `verified:` today on its line."""
    if looks_like_entry_ref(ws, target):
        ref = find_entry(ws, target)
        with ws.change("verify", ref.address) as change:
            rewrite_entry(ws, change, ref, ref.entry.with_fields(verified=fmt_date(today)))
        return Outcome(Verified(ref.path, ref.entry.id, fmt_date(today)), change)
    path = resolve_note(ws, target)
    rel = ws.rel(path)
    with ws.change("verify", rel) as change:
        note = read_note(path, display=rel)
        if not note.has_frontmatter:
            raise ParseError(
                "has no frontmatter to verify; memctl does not add frontmatter "
                "to your files unasked (add it by hand, or use `memctl new`)",
                path=rel,
            )
        updated = set_meta(note, last_verified=today, status="active")
        if updated is not note:
            change.write(path, updated.render())
    return Outcome(Verified(rel, None, fmt_date(today)), change)


def looks_like_entry_ref(ws: Workspace, target: str) -> bool:
    if "#" in target:
        return True
    if ":" in target and target.rsplit(":", 1)[1].isdigit():
        return True
    if "/" in target or target.endswith(".md"):
        return False
    return _ID_REF.match(target) is not None and not (ws.root / target).exists()
