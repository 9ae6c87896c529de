"""Relations as a Markdown table, TSV or JSON, for a person to review and bulk-edit.

Every format has the same columns; `export` writes them and `import_relations` reads them back,
so an export edited and imported changes only the rows that were edited.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from dataclasses import dataclass, field

from ..dates import fmt_date
from ..entry import new_id
from ..errors import InvalidValue, MemctlError, NotFound
from ..outside import check_ref
from ..workspace import Outcome, Workspace
from . import query as q
from .edit import (
    clean_value,
    confidence_field,
    refuse_near_duplicates,
    relation_id,
    source_field,
    taken_ids,
)
from .store import ask, notices_of, opened
from .text import (
    HEADER,
    RELATIONS_FILE,
    LineProblem,
    Triple,
    check_fields,
    clean_name,
    entity_key,
    ordered_fields,
    parse_relations,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path

    from .store import Store
    from .text import Relations

FORMATS = ("md", "tsv", "json")
COLUMNS = (
    "id",
    "subject",
    "predicate",
    "object",
    "confidence",
    "source",
    "added",
    "from",
    "until",
    "why",
    "ref",
    "closed",
)
_ALIASES = {"conf": "confidence", "src": "source", "since": "from", "reason": "why"}
_RULE = re.compile(r":?-{3,}:?")
_TRUE = {"yes", "y", "true", "1", "x", "✓", "closed"}
_FALSE = {"", "no", "n", "false", "0", "open"}


@dataclass(frozen=True)
class Export:
    format: str
    text: str
    relations: list[Triple]
    notices: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {
            "count": len(self.relations),
            "relations": [t.to_dict() for t in self.relations],
            "notices": self.notices,
        }


def export(ws: Workspace, *, fmt: str = "md", include_closed: bool = True) -> Export:
    """Every relation (closed ones too unless told otherwise) in one of FORMATS."""
    if fmt not in FORMATS:
        raise InvalidValue(f"unknown format {fmt!r} (use {', '.join(FORMATS)})")

    def question(store: Store) -> Export:
        found, _ = q.triples(store, closed=include_closed)
        return Export(fmt, render(found, fmt), found, notices_of(store))

    return ask(ws, question)


def row_of(t: Triple) -> dict[str, str]:
    f = t.fields
    return {
        "id": t.id,
        "subject": t.subject,
        "predicate": t.predicate,
        "object": t.object,
        "confidence": f.get("conf", "1"),
        "source": f.get("src", ""),
        "added": f.get("added", ""),
        "from": f.get("from", ""),
        "until": f.get("until", ""),
        "why": f.get("why", ""),
        "ref": f.get("ref", ""),
        "closed": "yes" if t.closed else "",
    }


def render(triples: list[Triple], fmt: str) -> str:
    rows = [row_of(t) for t in triples]
    if fmt == "json":
        data = [
            {**r, "confidence": float(r["confidence"]), "closed": bool(r["closed"])} for r in rows
        ]
        return json.dumps({"relations": data}, ensure_ascii=False, indent=2) + "\n"
    if fmt == "tsv":
        lines = ["\t".join(COLUMNS)]
        lines += ["\t".join(_tsv_escape(r[c]) for c in COLUMNS) for r in rows]
        return "\n".join(lines) + "\n"
    lines = ["| " + " | ".join(COLUMNS) + " |", "|" + "|".join("---" for _ in COLUMNS) + "|"]
    lines += ["| " + " | ".join(_md_escape(r[c]) for c in COLUMNS) + " |" for r in rows]
    return "\n".join(lines) + "\n"


def guess_format(name: str | None, text: str) -> str:
    """From a file name's extension, else from the text's first character."""
    if name:
        suffix = name.rsplit(".", 1)[-1].lower() if "." in name else ""
        known = {"md": "md", "markdown": "md", "tsv": "tsv", "tab": "tsv", "json": "json"}
        if suffix in known:
            return known[suffix]
    start = text.lstrip()[:1]
    if start in "[{" and start:
        return "json"
    if start == "|":
        return "md"
    first = text.lstrip().split("\n", 1)[0]
    if "\t" in first:
        return "tsv"
    raise InvalidValue("cannot tell the format; pass --format md, tsv or json")


def parse_rows(text: str, fmt: str, shown: str) -> list[tuple[int, dict[str, str]]]:
    """(line or item number, row) pairs with COLUMNS keys; unknown columns are an error."""
    if fmt == "json":
        return _json_rows(text, shown)
    if fmt == "tsv":
        table = [
            (n, [_tsv_unescape(c) for c in line.split("\t")])
            for n, line in enumerate(text.splitlines(), start=1)
            if line.strip()
        ]
    elif fmt == "md":
        table = [
            (n, _md_cells(line))
            for n, line in enumerate(text.splitlines(), start=1)
            if line.strip().startswith("|")
        ]
        table = [
            (n, cells) for n, cells in table if not all(_RULE.fullmatch(c.strip()) for c in cells)
        ]
    else:
        raise InvalidValue(f"unknown format {fmt!r} (use {', '.join(FORMATS)})")
    if not table:
        return []
    head_line, head = table[0]
    names = [_column(c, shown, head_line) for c in head]
    rows = []
    for number, cells in table[1:]:
        if len(cells) != len(names):
            raise InvalidValue(
                f"{len(cells)} cells where the header has {len(names)}", path=shown, line=number
            )
        row = {k: v.strip() for k, v in zip(names, cells, strict=True) if k is not None}
        rows.append((number, row))
    return rows


def _json_rows(text: str, shown: str) -> list[tuple[int, dict[str, str]]]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidValue(f"broken JSON: {exc.msg}", path=shown, line=exc.lineno) from None
    items = data.get("relations") if isinstance(data, dict) else data
    if not isinstance(items, list):
        raise InvalidValue('expected a list of relations or {"relations": [...]}', path=shown)
    rows = []
    for number, item in enumerate(items, start=1):
        if not isinstance(item, dict):
            raise InvalidValue(f"relation #{number} is not an object", path=shown)
        row = {}
        for key, value in item.items():
            name = _column(key, shown, None)
            if name is None:
                continue
            if isinstance(value, bool):
                value = "yes" if value else ""
            row[name] = "" if value is None else str(value)
        rows.append((number, row))
    return rows


def _column(name: str, shown: str, line: int | None) -> str | None:
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    if key in ("line", "fields", "direction"):
        return None  # informational keys of a JSON export
    if key not in COLUMNS:
        raise InvalidValue(
            f"unknown column {name!r} (known: {', '.join(COLUMNS)})", path=shown, line=line
        )
    return key


def truth(value: str, shown: str, line: int) -> bool:
    text = value.strip().lower()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    raise InvalidValue(f"closed {value!r}: use yes or leave it empty", path=shown, line=line)


def _md_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|")


def _md_cells(line: str) -> list[str]:
    body = line.strip()
    body = body[1:] if body.startswith("|") else body
    cells, cell, i = [], "", 0
    while i < len(body):
        ch = body[i]
        if ch == "\\" and i + 1 < len(body):
            cell += body[i + 1]
            i += 2
            continue
        if ch == "|":
            cells.append(cell)
            cell = ""
        else:
            cell += ch
        i += 1
    if cell.strip():
        cells.append(cell)
    return cells


def _tsv_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


def _tsv_unescape(text: str) -> str:
    return re.sub(r"\\(.)", lambda m: {"t": "\t", "n": "\n"}.get(m[1], m[1]), text)


@dataclass(frozen=True)
class Imported:
    added: list[str]  # ids
    updated: list[str]
    unchanged: int

    def to_dict(self) -> dict:
        return {"added": self.added, "updated": self.updated, "unchanged": self.unchanged}


def import_relations(
    ws: Workspace,
    *,
    text: str | None = None,
    path: Path | None = None,
    fmt: str | None = None,
    as_new: bool = False,
    today: dt.date,
) -> Outcome[Imported]:
    """Read relations back from an export (Markdown table, TSV or JSON) and apply them.

    A row whose id is in the graph updates that line (if anything differs); a row without an
    id, or with an id the graph does not have, is added unless the same open relation exists.
    Relations missing from the input are left alone. All or nothing: one bad row and nothing
    is written.
    """
    shown = "stdin" if path is None else str(path)
    if path is not None:
        text = _read_input(path)
    text = text or ""
    rows = parse_rows(text, fmt or guess_format(None if path is None else shown, text), shown)
    if not rows:
        raise InvalidValue("no relations to import", path=shown)
    file = ws.root / RELATIONS_FILE
    with ws.change("graph import", f"{len(rows)} row(s)") as change, opened(ws) as store:
        data = file.read_bytes() if file.exists() else HEADER.encode("utf-8")
        current = parse_relations(data)
        replaced, appended, unchanged = _plan(ws, store, current, rows, shown, today)
        if not as_new:
            names = [n for _, t in appended for n in (t.subject, t.object)]
            names += [n for t in replaced.values() for n in (t.subject, t.object)]
            refuse_near_duplicates(store, [n for n in names if q.entity(store, n) is None])
        if not (replaced or appended):
            return Outcome(Imported([], [], unchanged), change)
        taken = taken_ids(ws, {t.id for t in current.triples} | q.ids(store))
        lines = list(current.lines)
        for lineno, triple in replaced.items():
            old = lines[lineno - 1]
            eol = old[len(old.rstrip(b"\r\n")) :] or b"\n"
            lines[lineno - 1] = triple.format().encode("utf-8") + eol
        if lines and not lines[-1].endswith(b"\n"):
            lines[-1] += b"\n"
        for number, triple in appended:
            if triple.id in taken:
                raise InvalidValue(
                    f"id ^{triple.id} is already used in the workspace", path=shown, line=number
                )
            triple.id = triple.id or new_id(taken)
            taken.add(triple.id)
            lines.append((triple.format() + "\n").encode("utf-8"))
        data = b"".join(lines)
        added = [t.id for _, t in appended]
        updated = [t.id for t in replaced.values()]
        change.what = f"{len(added)} added, {len(updated)} updated"
        change.write(file, data)
        store.reload(parse_relations(data))
    return Outcome(Imported(added, updated, unchanged), change)


def _read_input(path: Path) -> str:
    from pathlib import Path

    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise NotFound("no such file", path=str(path)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InvalidValue(f"cannot read: {exc}", path=str(path)) from None


def _plan(
    ws: Workspace,
    store: Store,
    current: Relations,
    rows: list[tuple[int, dict[str, str]]],
    shown: str,
    today: dt.date,
) -> tuple[dict[int, Triple], list[tuple[int, Triple]], int]:
    """Which lines an import replaces, which relations it appends, how many it leaves alone."""
    by_id = {t.id: t for t in current.triples}
    replaced: dict[int, Triple] = {}
    appended: list[tuple[int, Triple]] = []
    seen_ids: set[str] = set()
    fresh: set[tuple[str, str, str]] = set()
    unchanged = 0
    for number, row in rows:
        triple = _row_triple(row, shown, number)
        if triple.id and triple.id in seen_ids:
            raise InvalidValue(f"id ^{triple.id} appears twice", path=shown, line=number)
        seen_ids.add(triple.id)
        old = by_id.get(triple.id) if triple.id else None
        ref = triple.fields.get("ref")
        if ref and (old is None or old.fields.get("ref") != ref):  # a ref kept is not asked again
            try:
                check_ref(ws, ref)
            except MemctlError as exc:
                raise type(exc)(exc.message, path=shown, line=number) from None
        if old is not None:
            kept = {k: v for k, v in old.fields.items() if k not in _ROW_FIELDS}
            if not row.get("added") and "added" in old.fields:
                kept["added"] = old.fields["added"]
            triple.fields = ordered_fields({**triple.fields, **kept})
            triple.line = old.line
            if triple.format() == old.format():
                unchanged += 1
            else:
                assert old.line is not None  # every relation read from the file has its line
                replaced[old.line] = triple
            continue
        keys = (
            entity_key(triple.subject),
            entity_key(triple.predicate),
            entity_key(triple.object),
        )
        if not triple.closed and (
            keys in fresh or q.find_open(store, triple.subject, triple.predicate, triple.object)
        ):
            unchanged += 1
            continue
        fresh.add(keys)
        triple.fields = ordered_fields({"added": fmt_date(today), **triple.fields})
        appended.append((number, triple))
    return replaced, appended, unchanged


_ROW_FIELDS = ("added", "conf", "src", "from", "until", "why", "ref")


def _row_triple(row: dict[str, str], shown: str, number: int) -> Triple:
    try:
        s, p, o = (clean_name(row.get(k, ""), k) for k in ("subject", "predicate", "object"))
        if entity_key(s) == entity_key(o):
            raise InvalidValue("subject and object are the same entity (self-loops are refused)")
        ident = relation_id(row["id"]) if row.get("id") else ""
        values = {
            "added": row.get("added") or None,
            "conf": confidence_field(row.get("confidence") or None),
            "src": source_field(row.get("source")),
            "from": row.get("from") or None,
            "ref": clean_value(row.get("ref"), "ref"),
            "until": row.get("until") or None,
            "why": clean_value(row.get("why"), "why"),
        }
        fields = check_fields(ordered_fields(values))
        closed = truth(row.get("closed", ""), shown, number)
    except LineProblem as exc:
        raise InvalidValue(str(exc), path=shown, line=number) from None
    except InvalidValue as exc:
        if exc.path:
            raise
        raise InvalidValue(exc.message, path=shown, line=number) from None
    return Triple(s, p, o, ident, fields, closed)
