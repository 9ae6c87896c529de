"""Changing the knowledge graph: add and close relations.

Each write runs inside one workspace change (the lock, an atomic write of
`graph/relations.md`, one commit), then mirrors itself into `.memctl/graph.db` so the next
question needs no re-import. The text is changed line by line: every line memctl does not mean
to change, damaged ones included, is written back byte for byte.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import re
from dataclasses import dataclass, field

from ..dates import fmt_date, given_date
from ..errors import InvalidValue, NotFound, Refused
from ..outside import check_ref
from ..workspace import Outcome, Workspace
from . import query as q
from .store import notices_of, opened
from .text import (
    HEADER,
    MAX_VALUE,
    RELATIONS_FILE,
    Triple,
    clean_name,
    closed_copy,
    entity_key,
    ordered_fields,
    parse_line,
    parse_relations,
    replace_line_bytes,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    pass
    from .store import Store

_ID = re.compile(r"\^?(?P<id>[A-Za-z0-9][A-Za-z0-9-]{0,31})")


@dataclass(frozen=True)
class Added:
    relation: Triple
    created: bool  # False: the same open relation was already there; nothing was written
    notices: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {
            "created": self.created,
            "relation": self.relation.to_dict(),
            "notices": self.notices,
        }


@dataclass(frozen=True)
class Closed:
    relation: Triple

    def to_dict(self) -> dict:
        return {"relation": self.relation.to_dict()}


def add(
    ws: Workspace,
    subject: str,
    predicate: str,
    obj: str,
    *,
    confidence: float | None = None,
    source: str | None = None,
    since: str | None = None,
    ref: str | None = None,
    as_new: bool = False,
    today: dt.date,
) -> Outcome[Added]:
    """Add one relation; an existing entity keeps its spelling, a near-duplicate is refused."""
    s, p, o = (
        clean_name(subject, "subject"),
        clean_name(predicate, "predicate"),
        clean_name(obj, "object"),
    )
    if entity_key(s) == entity_key(o):
        raise InvalidValue(
            f"{s!r} → {p!r} → {o!r} points at itself; a relation joins two "
            "different entities (self-loops are refused)"
        )
    fields = ordered_fields(
        {
            "added": fmt_date(today),
            "conf": confidence_field(confidence),
            "src": source_field(source),
            "from": _day(since, "--from", today),
            "ref": clean_value(ref, "ref"),
        }
    )
    check_ref(ws, fields.get("ref"), what="--ref")
    with ws.change("graph add", _short(f"{s} → {p} → {o}")) as change, opened(ws) as store:
        same = q.find_open(store, s, p, o)
        if same is not None:
            return Outcome(Added(same, False, notices_of(store)), change)
        known = {name: q.entity(store, name) for name in (s, o)}
        if not as_new:
            refuse_near_duplicates(store, [n for n, hit in known.items() if hit is None])
        known_s, known_o = known[s], known[o]
        s, o = (known_s[1] if known_s else s), (known_o[1] if known_o else o)
        triple = Triple(s, p, o, _new_id(ws, q.ids(store)), fields)
        path = ws.root / RELATIONS_FILE
        data = path.read_bytes() if path.exists() else HEADER.encode("utf-8")
        if data and not data.endswith(b"\n"):
            data += b"\n"
        triple.line = data.count(b"\n") + 1
        data += (triple.format() + "\n").encode("utf-8")
        change.write(path, data)
        store.insert(triple, data)
        notices = notices_of(store)
    return Outcome(Added(triple, True, notices), change)


def close(
    ws: Workspace, ident: str, *, reason: str, today: dt.date, until: str | None = None
) -> Outcome[Closed]:
    """Strike a relation through with until: and why:; it leaves queries but stays in the file.
    A later day (`until`) leaves it open, with until: and why:, until that day comes."""
    wanted = relation_id(ident)
    why = clean_value(reason, "reason")
    if why is None:
        raise InvalidValue("give a reason for closing the relation (--reason)")
    end = fmt_date(given_date(until, what="--until", today=today) if until else today)
    with ws.change("graph close", f"^{wanted}") as change, opened(ws) as store:
        known = q.by_id(store, wanted)
        if known is None:
            raise NotFound(f"no relation ^{wanted} (find ids with `memctl graph query`)")
        if known.closed:
            raise InvalidValue(
                f"^{wanted} is already closed"
                + (f" (until:{known.fields['until']})" if "until" in known.fields else "")
            )
        start = known.fields.get("from") or known.fields.get("added")
        if start and end < start:
            raise InvalidValue(f"--until {end} is before the relation began ({start})")
        path = ws.root / RELATIONS_FILE
        data = path.read_bytes()
        lines = data.splitlines(keepends=True)
        current = _locate(lines, known)
        assert current.line is not None  # read from the file, so it has its line
        new = closed_copy(current, until=end, why=why, struck=end <= fmt_date(today))
        data = replace_line_bytes(lines, current.line, new.format())
        change.write(path, data)
        store.update(new, data)
    return Outcome(Closed(new), change)


def _locate(lines: list[bytes], known: Triple) -> Triple:
    """The relation's line as it is in the file now (the mirror's line number is checked)."""
    if known.line and known.line <= len(lines):
        with contextlib.suppress(ValueError):
            found = parse_line(lines[known.line - 1].decode("utf-8").rstrip("\r\n"), known.line)
            if found is not None and (
                found.id == known.id
                or (
                    not found.id_written
                    and not known.id_written
                    and found.sentence() == known.sentence()
                )
            ):
                found.id = known.id
                return found
    for triple in parse_relations(b"".join(lines)).triples:
        if triple.id == known.id:
            return triple
    raise NotFound(f"relation ^{known.id} is no longer in {RELATIONS_FILE}")


def refuse_near_duplicates(store: Store, names: list[str]) -> None:
    clashes = []
    for name in dict.fromkeys(names):
        near = q.near_duplicates(store, name)
        if near:
            clashes.append(f"{name!r} looks like {', '.join(repr(n) for n in near)}")
    if clashes:
        raise Refused(
            "; ".join(clashes) + ": use the existing name, or pass --as-new if it "
            "really is a different entity"
        )


def _new_id(ws: Workspace, graph_ids: set[str]) -> str:
    from ..entry import new_id

    return new_id(taken_ids(ws, graph_ids))


def relation_id(text: str) -> str:
    m = _ID.fullmatch(text.strip())
    if m is None:
        raise InvalidValue(f"{text!r} is not a relation id (like t4k2)")
    return m["id"]


def confidence_field(value: float | str | None) -> str | None:
    if value is None:
        return None
    try:
        number = float(value)
    except (TypeError, ValueError):
        number = -1.0
    if not 0.0 <= number <= 1.0:
        raise InvalidValue(f"confidence {value!r} is not a number from 0 to 1")
    return None if number == 1.0 else f"{number:g}"


def source_field(value: str | None) -> str | None:
    from ..longterm import SOURCES

    if value is None or value == "":
        return None
    if value not in SOURCES:
        raise InvalidValue(f"source {value!r}: use one of {', '.join(SOURCES)}")
    return value


def _day(value: str | None, what: str, today: dt.date) -> str | None:
    return fmt_date(given_date(value, what=what, today=today, ahead=False)) if value else None


def clean_value(value: str | None, what: str) -> str | None:
    if value is None:
        return None
    text = " ".join(str(value).split())
    if len(text) > MAX_VALUE:
        raise InvalidValue(f"the {what} is {len(text)} characters long; the limit is {MAX_VALUE}")
    return text or None


def _short(text: str, width: int = 72) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def taken_ids(ws: Workspace, graph_ids: set[str]) -> set[str]:
    from ..catalog import all_ids

    return set(graph_ids) | all_ids(ws)
