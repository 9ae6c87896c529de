"""The canonical copy of the knowledge graph: `graph/relations.md`, one relation per line.

    - Brian → responsible for → Project X · added:2026-02-01 conf:0.9 src:user ^t4k2
    - ~~Tool Y → requires → API key · added:2026-02-01 until:2026-03-05 why:"rotated"~~ ^q7w2

Subject, predicate and object are separated by `` → `` (``->`` is read too); a name that holds a
separator, a `` · ``, a leading quote or surrounding ``~~`` is written in double quotes with
backslash escapes, the same quoting entry fields use. After `` · `` come ``key:value`` fields as
on entry lines, then an Obsidian-style block id. A closed relation keeps its line, struck
through. Lines that are not list items are prose and ignored; a list item that cannot be read is
reported with its line number and left in the file as it is.
"""

from __future__ import annotations

import functools
import hashlib
import re
import unicodedata
from dataclasses import dataclass, field, replace

from ..dates import try_date
from ..entry import BLOCK_ID, BULLET, quote_value, read_fields, split_head, unquote_value
from ..errors import InvalidValue
from ..secrets.hidden import visible

RELATIONS_FILE = "graph/relations.md"
MAX_NAME = 200  # characters in a subject, predicate or object
MAX_VALUE = 500  # characters in a why: or ref: value
HEADER = (
    "# Relations\n\n"
    "One relation per line: subject, predicate and object, then key:value fields and an id.\n"
    "Edit by hand if you like; memctl reads this file again before the next graph query.\n\n"
)
ARROW = " → "
DOT = " · "
FIELD_ORDER = ("added", "conf", "src", "from", "ref", "until", "why")
# Spaces before the arrow only from the start of their run: a search from every space of a long
# run of spaces without an arrow would read on to its end each time (a time growing with the
# square of the run; tests/test_patterns.py feeds every pattern such runs).
_SEP = re.compile(r"(?:(?<!\s)\s+)?(?:→|->)\s*")
_QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"')
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")  # Unicode category Cc
_TAIL_ID = re.compile(r"\s\^[A-Za-z0-9][A-Za-z0-9-]*$")


@dataclass
class Triple:
    subject: str
    predicate: str
    object: str
    id: str
    fields: dict[str, str] = field(default_factory=dict)
    closed: bool = False
    line: int | None = None
    id_written: bool = True  # False: a hand-written line without ^id (the id is derived)
    # it reads as orders to the agent, at its source's trust (memctl.search.graphread): shown
    # labelled "⚠️ injection", never as a plain fact
    orders: bool = field(default=False, compare=False)

    @property
    def confidence(self) -> float:
        return float(self.fields.get("conf", 1.0))

    def format(self) -> str:
        """The line as memctl writes it (always with its id)."""
        names = ARROW.join(quote_name(n) for n in (self.subject, self.predicate, self.object))
        values = " ".join(f"{key}:{quote_value(value)}" for key, value in self.fields.items())
        body = f"{names}{DOT}{values}" if values else names
        if self.closed:
            body = f"~~{body}~~"
        return f"- {body} ^{self.id}"

    def sentence(self) -> str:
        return ARROW.join((self.subject, self.predicate, self.object))

    def to_dict(self) -> dict:
        f = self.fields
        return {
            "id": self.id,
            "subject": self.subject,
            "predicate": self.predicate,
            "object": self.object,
            "confidence": self.confidence,
            "source": f.get("src"),
            "added": f.get("added"),
            "from": f.get("from"),
            "until": f.get("until"),
            "why": f.get("why"),
            "ref": f.get("ref"),
            "closed": self.closed,
            "line": self.line,
            "label": self.label,
            "fields": dict(f),
        }

    @property
    def label(self) -> str | None:
        """ "injection" when it reads as orders to the agent (as search labels such a line),
        else None."""
        return "injection" if self.orders else None

    def marks(self) -> str:
        """What a reader is shown after the relation: its label and where it came from, when
        it reads as orders ("⚠️ injection · src:web"); else nothing."""
        if not self.orders:
            return ""
        return f"⚠️ injection · src:{self.fields.get('src', '—')}"


def ordered_fields(values: dict[str, str | None]) -> dict[str, str]:
    """Fields in the documented order, unknown keys after them as they came, None dropped."""
    known = {k: v for k in FIELD_ORDER if (v := values.get(k)) is not None}
    rest = {k: v for k, v in values.items() if k not in FIELD_ORDER and v is not None}
    return {**known, **rest}


# --- names --------------------------------------------------------------------------------


@functools.lru_cache(maxsize=65536)
def entity_key(name: str) -> str:
    """What entities match on: case, width, all whitespace and the characters nobody sees
    ignored, read as a person reads the name (memctl.secrets.hidden: a zero-width space or a
    soft hyphen inside it, a letter in its parts): `Project X` = `projectx`."""
    if name.isascii():
        return "".join(name.lower().split())
    return "".join(unicodedata.normalize("NFKC", visible(name)).casefold().split())


def squash(name: str) -> str:
    """Letters and digits only: `Project-X` and `project x` squash to the same text."""
    return "".join(
        c for c in unicodedata.normalize("NFKC", visible(name)).casefold() if c.isalnum()
    )


def clean_name(value: str, what: str) -> str:
    """A subject, predicate or object as stored: NFC, whitespace runs made one space."""
    text = str(value)
    if not text.isascii() and not unicodedata.is_normalized("NFC", text):
        text = unicodedata.normalize("NFC", text)
    text = " ".join(text.split())
    if not text:
        raise InvalidValue(f"the {what} is empty")
    if _CONTROL.search(text):
        raise InvalidValue(f"the {what} {text[:40]!r} holds a control character")
    if len(text) > MAX_NAME:
        raise InvalidValue(f"the {what} is {len(text)} characters long; the limit is {MAX_NAME}")
    return text


def quote_name(name: str) -> str:
    if (
        _SEP.search(name)
        or "·" in name
        or name.startswith(('"', "~~"))
        or name.endswith("~~")
        or name != name.strip()
        or not name
        or _TAIL_ID.search(name)
    ):
        return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return name


# --- reading ------------------------------------------------------------------------------


class LineProblem(ValueError):
    """A list item in the relations file that is not a readable relation."""


def parse_line(text: str, lineno: int | None = None) -> Triple | None:
    """One relation line; None for a line that is not a list item; LineProblem if damaged."""
    m = BULLET.match(text)
    if m is None:
        return None
    rest = m["rest"].rstrip()
    ident = None
    found = BLOCK_ID.search(rest)
    if found:
        ident = found["id"]
        rest = rest[: found.start()].rstrip()
    closed = rest.startswith("~~") and rest.endswith("~~") and len(rest) > 4
    if closed:
        rest = rest[2:-2].strip()
    lead, rest = _leading_fields(rest)
    names: list[str] = []
    pos = 0
    for what in ("subject", "predicate"):
        name, pos = _read_name(rest, pos, what)
        names.append(name)
    obj, values = _read_object(rest, pos)
    values = {**lead, **values}
    names.append(obj)
    names = [
        _check_name(n, w) for n, w in zip(names, ("subject", "predicate", "object"), strict=True)
    ]
    fields = check_fields(values)
    if entity_key(names[0]) == entity_key(names[2]):
        raise LineProblem("subject and object are the same entity (a self-loop)")
    return Triple(
        names[0],
        names[1],
        names[2],
        ident or "",
        fields,
        closed,
        lineno,
        id_written=ident is not None,
    )


def _leading_fields(rest: str) -> tuple[dict[str, str], str]:
    """Fields written first, as on entry lines (`until:… why:… · A → b → C`): memctl's entry
    commands (`memctl close ID`, `memctl forget ID`, `memctl verify ID`) write relation lines so."""
    split = split_head(rest)  # a " · " or an arrow inside a quoted value is the value's own
    return split if split is not None and split[0] else ({}, rest)


def _read_name(rest: str, pos: int, what: str) -> tuple[str, int]:
    if rest.startswith('"', pos):
        q = _QUOTED.match(rest, pos)
        if q is None:
            raise LineProblem(f"the quoted {what} is never closed")
        sep = _SEP.match(rest, q.end())
        if sep is None:
            raise LineProblem(f"expected → after the quoted {what}")
        return unquote_value(q.group()), sep.end()
    sep = _SEP.search(rest, pos)
    if sep is None:
        raise LineProblem("not a relation: expected subject → predicate → object")
    return rest[pos : sep.start()].strip(), sep.end()


def _read_object(rest: str, pos: int) -> tuple[str, dict[str, str]]:
    if rest.startswith('"', pos):
        q = _QUOTED.match(rest, pos)
        if q is None:
            raise LineProblem("the quoted object is never closed")
        tail = rest[q.end() :]
        if not tail.strip():
            return unquote_value(q.group()), {}
        if not tail.startswith(DOT):
            raise LineProblem("expected ' · ' and key:value fields after the quoted object")
        values = read_fields(tail[len(DOT) :].strip())
        if values is None:
            raise LineProblem("after ' · ' every word must be a key:value field")
        return unquote_value(q.group()), values
    # A bare object runs up to the first " · " that is followed by nothing but fields.
    start = pos
    while (sep := rest.find(DOT, start)) >= 0:
        values = read_fields(rest[sep + len(DOT) :].strip())
        if values is not None:
            return rest[pos:sep].strip(), values
        start = sep + 1
    return rest[pos:].strip(), {}


def _check_name(name: str, what: str) -> str:
    try:
        return clean_name(name, what)
    except InvalidValue as exc:
        raise LineProblem(exc.message) from None


def check_fields(values: dict[str, str]) -> dict[str, str]:
    from ..longterm import SOURCES

    for key in ("added", "from", "until"):
        if key in values and try_date(values[key]) is None:
            raise LineProblem(f"{key}:{values[key]} is not a real date (YYYY-MM-DD)")
    if "conf" in values:
        try:
            conf = float(values["conf"])
        except ValueError:
            conf = -1.0
        if not 0.0 <= conf <= 1.0:
            raise LineProblem(f"conf:{values['conf']} is not a number from 0 to 1")
    if "src" in values and values["src"] not in SOURCES:
        raise LineProblem(f"src:{values['src']} is not one of {', '.join(SOURCES)}")
    return values


@dataclass
class Relations:
    """The relations file read: its triples, its damaged lines, and every line as bytes."""

    triples: list[Triple]
    problems: list[tuple[int, str]]
    lines: list[bytes]
    sha256: str


def parse_relations(data: bytes) -> Relations:
    lines = data.splitlines(keepends=True)
    triples: list[Triple] = []
    problems: list[tuple[int, str]] = []
    seen: dict[str, int] = {}
    unnamed: list[Triple] = []
    fenced = front = False
    for number, raw in enumerate(lines, start=1):
        try:
            text = raw.decode("utf-8").rstrip("\r\n")
        except UnicodeDecodeError:
            problems.append((number, "not UTF-8 text (line skipped)"))
            continue
        if number == 1 and text == "---":
            front = True
            continue
        if front:
            front = text != "---"
            continue
        if text.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
            continue
        if fenced:
            continue
        try:
            triple = parse_line(text, number)
        except LineProblem as exc:
            problems.append((number, f"{exc} (line skipped)"))
            continue
        if triple is None:
            if len(_SEP.findall(text)) >= 2 and not text.lstrip().startswith(("#", ">")):
                problems.append(
                    (number, "looks like a relation but is not a list item (start it with '- ')")
                )
            continue
        if triple.id_written:
            if triple.id in seen:
                problems.append(
                    (
                        number,
                        f"id ^{triple.id} is also on line {seen[triple.id]}; "
                        "give this line a new id (line skipped)",
                    )
                )
                continue
            seen[triple.id] = number
        else:
            unnamed.append(triple)
        triples.append(triple)
    for triple in unnamed:
        triple.id = _derived_id(triple, seen)
    return Relations(triples, problems, lines, hashlib.sha256(data).hexdigest())


def _derived_id(triple: Triple, taken: dict[str, int]) -> str:
    """A stable id for a line written without one; memctl writes it in when it edits the line."""
    basis = "|".join(entity_key(n) for n in (triple.subject, triple.predicate, triple.object))
    digest = hashlib.sha1(basis.encode("utf-8")).hexdigest()
    candidate, n = "h" + digest[:5], 1
    while candidate in taken:
        n += 1
        candidate = f"h{digest[:5]}-{n}"
    taken[candidate] = triple.line or 0
    return candidate


def closed_copy(triple: Triple, *, until: str, why: str, struck: bool = True) -> Triple:
    """The relation with until: and why:, struck through (`struck`: its day has come)."""
    fields = {k: v for k, v in triple.fields.items() if k not in ("until", "why")}
    return replace(
        triple,
        closed=struck,
        id_written=True,
        fields=ordered_fields({**fields, "until": until, "why": why}),
    )


def replace_line_bytes(lines: list[bytes], lineno: int, text: str) -> bytes:
    """All lines joined, line `lineno` (1-based) replaced by `text`, its line ending kept."""
    old = lines[lineno - 1]
    eol = old[len(old.rstrip(b"\r\n")) :] or b"\n"
    return b"".join(lines[: lineno - 1] + [text.encode("utf-8") + eol] + lines[lineno:])
