"""Structured notes: YAML frontmatter plus a Markdown body of entry lines.

Reading splits the frontmatter here (to name the line of every problem, and to refuse a
duplicate key or a second block) and loads it with python-frontmatter's YAML handler (PyYAML's
C loader, libyaml: about 0.06 ms a note, where ruamel.yaml's round-trip loader takes 16 times
that). Writing never re-serializes what a person wrote: a scalar key is changed on its own
line, and only values that need it (lists, block values) go through python-frontmatter's handler
on ruamel.yaml's round trip (yamltext.py), which keeps comments, quotes and key order. A note
read and written back unchanged is byte-identical.
"""

from __future__ import annotations

import datetime as dt
import functools
import itertools
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from .entry import Entry, normalize_priority, parse_entry
from .errors import ParseError
from .textstyle import decoded, without_bom
from .yamltext import RoundTrip, quoted_where_retyped, scalar, yaml_value

if TYPE_CHECKING:
    from frontmatter import YAMLHandler

FIELDS = ("title", "date", "category", "priority", "status", "last_verified", "tags")
STATUSES = ("active", "stale", "superseded", "conflict")
_OPEN = "---"
_FENCES = ("```", "~~~")
_BULLETS = ("-", "*", "+")  # of a top-level list item: the bullet, then a space
_TOP_KEY = re.compile(r"^(?P<key>[A-Za-z_][\w-]*)\s*:(?P<rest>.*)$")


@dataclass
class Note:
    path: Path
    text: str
    has_frontmatter: bool = False
    fm_text: str = ""  # the YAML between the delimiters, exactly as written
    meta: dict = field(default_factory=dict)
    body: str = ""
    body_line: int = 1  # 1-based line number of the body's first line
    display: str = ""  # the path as shown in messages (workspace-relative)
    _parsed: tuple | None = field(default=None, repr=False, compare=False)

    @property
    def title(self) -> str | None:
        title = self.meta.get("title")
        return None if title is None else str(title)

    @property
    def priority(self) -> str | None:
        return normalize_priority(self.meta.get("priority"))

    @property
    def status(self) -> str | None:
        status = self.meta.get("status")
        return None if status is None else str(status).strip().lower()

    def entries(self) -> list[Entry]:
        """Top-level list items of the body, outside fenced code blocks, with file line numbers.

        Parsed once per body and shared by later calls: copy an entry before changing it.
        """
        key = (self.body, self.body_line)
        if self._parsed is None or self._parsed[0] != key:
            self._parsed = (key, parse_entries(self.body, self.body_line))
        return list(self._parsed[1])

    def problems(self) -> list[ParseError]:
        """What is wrong with the frontmatter values (the file itself did parse)."""
        found = []
        raw_priority = self.meta.get("priority")
        if raw_priority is not None and self.priority is None:
            found.append(
                self._problem(
                    "priority",
                    f"unknown priority {raw_priority!r} (use high, med or low; 🔴 🟡 🟢 also work)",
                )
            )
        if self.status is not None and self.status not in STATUSES:
            found.append(
                self._problem(
                    "status", f"unknown status {self.status!r} (use {', '.join(STATUSES)})"
                )
            )
        for key in ("date", "last_verified", "expires"):
            value = self.meta.get(key)
            if value is not None and not isinstance(value, dt.date):
                found.append(self._problem(key, f"{key} {value!r} is not a date (YYYY-MM-DD)"))
        return found

    def _problem(self, key: str, message: str) -> ParseError:
        return ParseError(message, path=self.display or self.path, line=key_line(self.fm_text, key))

    def render(self) -> str:
        if not self.has_frontmatter:
            return self.body
        return f"{_OPEN}\n{self.fm_text}{_OPEN}\n{self.body}"


def read_note(path: Path, *, display: str | None = None) -> Note:
    """Parse a note; every problem that makes it unreadable is a ParseError naming file and line."""
    shown = display or str(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ParseError(f"cannot read: {exc.strerror}", path=shown) from exc
    return parse_note(data, path=path, display=shown)


def parse_note(data: bytes | str, *, path: Path, display: str | None = None) -> Note:
    shown = display or str(path)
    text = decoded(data, shown)
    lines = text.splitlines(keepends=True)
    close = _frontmatter_close(lines, shown)
    if close is None:
        return Note(path=path, text=text, body=text, display=shown)
    fm_text = "".join(lines[1:close])
    body = "".join(lines[close + 1 :])
    meta = _load_yaml(fm_text, shown)
    _refuse_duplicate_keys(fm_text, shown)
    _refuse_second_frontmatter(lines, close, shown)
    return Note(
        path=path,
        text=text,
        has_frontmatter=True,
        fm_text=fm_text,
        meta=meta,
        body=body,
        body_line=close + 2,
        display=shown,
    )


def _frontmatter_close(lines: list[str], shown: str) -> int | None:
    """The index of the line closing the frontmatter; None when the note has none."""
    if not lines or lines[0].rstrip("\r\n") != _OPEN:
        return None
    close = next((i for i in range(1, len(lines)) if lines[i].rstrip("\r\n") == _OPEN), None)
    if close is None:
        raise ParseError("frontmatter opened with --- is never closed", path=shown, line=1)
    return close


def note_body(text: str, shown: str = "") -> tuple[str, int]:
    """The body of a note's text and the number of its first line, the frontmatter skipped
    unread: for a caller that already knows the note parses (the catalog said so)."""
    text = without_bom(text)
    lines = text.splitlines(keepends=True)
    close = _frontmatter_close(lines, shown)
    return (text, 1) if close is None else ("".join(lines[close + 1 :]), close + 2)


def parse_entries(body: str, body_line: int = 1) -> list[Entry]:
    """The entries of a note's body (see Note.entries)."""
    found: list[Entry] = []
    fenced = False
    for offset, line in enumerate(body.splitlines()):
        # Only a line starting with a bullet can be an entry, and such a line never opens a
        # fence: the cheap test first, on each of a workspace's hundred thousand lines.
        if line[1:2] == " " and line[:1] in _BULLETS:
            entry = None if fenced else parse_entry(line, lineno=body_line + offset)
            if entry is not None:
                found.append(entry)
        elif line.lstrip().startswith(_FENCES):
            fenced = not fenced
    return found


def _load_yaml(fm_text: str, shown: str) -> dict:
    import yaml  # its errors: python-frontmatter loads with PyYAML

    try:
        meta = _reader().load(fm_text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 2 if mark else 1  # +1 for 1-based, +1 for the opening ---
        line = min(line, fm_text.count("\n") + 1)  # an unclosed bracket is blamed on its line
        raise ParseError(f"broken YAML frontmatter: {exc.problem}", path=shown, line=line) from exc
    except yaml.YAMLError as exc:
        raise ParseError(f"broken YAML frontmatter: {exc}", path=shown, line=1) from exc
    except ValueError as exc:  # libyaml builds dates eagerly: 2026-02-30 fails here
        from .controls import long_number_line

        if (long := long_number_line(fm_text, first=2)) is not None:
            raise ParseError(
                "a number too long to read in frontmatter", path=shown, line=long
            ) from exc
        line = _impossible_date_line(fm_text)
        raise ParseError(f"impossible date in frontmatter: {exc}", path=shown, line=line) from exc
    if meta is None:
        return {}
    if not isinstance(meta, dict):
        raise ParseError("frontmatter is not a mapping of key: value", path=shown, line=2)
    _refuse_aliases(fm_text, shown)
    return meta


def _refuse_aliases(fm_text: str, shown: str) -> None:
    """A YAML alias (`*name`) stands for the value an anchor (`&name`) names: a list of nine
    aliases to a list of nine aliases, eight levels deep, is 43 million values from 500 bytes,
    spelled out by every reader that walks them (reindex took 4 GB), and an alias inside its
    own anchor is a value inside itself. memctl never writes one, and a bound on what aliases
    spell out would have to count characters too (one long text repeated): a frontmatter
    holding one is refused, naming its line, as broken YAML is. Only a text holding both
    signs is parsed again."""
    if "&" not in fm_text or "*" not in fm_text:
        return
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    for event in yaml.parse(fm_text, Loader=loader):
        if isinstance(event, yaml.AliasEvent):
            line = event.start_mark.line + 2 if event.start_mark else 1
            raise ParseError(
                f"a YAML alias (*{event.anchor}) in frontmatter: memctl reads none "
                "(a few can stand for millions of values); write the value out",
                path=shown,
                line=line,
            )


@functools.cache
def _reader() -> YAMLHandler:
    """python-frontmatter's YAML handler: PyYAML's C loader (libyaml) when present."""
    from frontmatter import YAMLHandler

    return YAMLHandler()


def _impossible_date_line(fm_text: str) -> int:
    for number, line in enumerate(fm_text.splitlines(), start=2):
        for found in re.findall(r"\b\d{4}-\d\d-\d\d\b", line):
            try:
                dt.date.fromisoformat(found)
            except ValueError:
                return number
    return 1


def _refuse_duplicate_keys(fm_text: str, shown: str) -> None:
    seen: dict[str, int] = {}
    for number, line in enumerate(fm_text.splitlines(), start=2):
        m = _TOP_KEY.match(line)
        if m:
            key = m["key"]
            if key in seen:
                raise ParseError(
                    f"frontmatter key {key!r} appears twice (first on line {seen[key]})",
                    path=shown,
                    line=number,
                )
            seen[key] = number


def _refuse_second_frontmatter(lines: list[str], close: int, shown: str) -> None:
    filled = (i for i in range(close + 1, len(lines)) if lines[i].strip())
    rest = list(itertools.islice(filled, 2))  # the first two are all it takes
    if len(rest) >= 2 and lines[rest[0]].rstrip("\r\n") == _OPEN and _TOP_KEY.match(lines[rest[1]]):
        raise ParseError(
            "a second frontmatter block follows the first", path=shown, line=rest[0] + 1
        )


def key_line(fm_text: str, key: str) -> int | None:
    for number, line in enumerate(fm_text.splitlines(), start=2):
        m = _TOP_KEY.match(line)
        if m and m["key"] == key:
            return number
    return None


# --- writing -----------------------------------------------------------------------------


def set_meta(note: Note, **values: object) -> Note:
    """A copy of the note with frontmatter keys set; everything else is kept as written.

    A scalar already on one line is replaced in place (its comment kept); a new key goes to
    the end; a list or a multi-line value goes through ruamel.yaml's round-trip dumper.
    """
    fm_text = note.fm_text
    for key, value in values.items():
        one_line_values(key, value)
        if _same(note.meta.get(key), value) and key in note.meta:
            continue
        if isinstance(value, list | tuple | dict):
            fm_text = _set_with_ruamel(fm_text, key, value)
        else:
            fm_text = _set_scalar_line(fm_text, key, scalar(value))
    if fm_text == note.fm_text and note.has_frontmatter:
        return note
    meta = _load_yaml(fm_text, note.display or str(note.path))
    return Note(
        path=note.path,
        text="",
        has_frontmatter=True,
        fm_text=fm_text,
        meta=meta,
        body=note.body,
        body_line=note.body_line + _line_delta(note, fm_text),
        display=note.display,
    )


def one_line_values(key: str, value: object) -> None:
    """A frontmatter value memctl writes stays on its line: no line break, no control
    character (a title with a newline would add a key of its own)."""
    from .controls import one_line

    for item in value if isinstance(value, list | tuple) else [value]:
        if isinstance(item, str):
            one_line(item, key)


def _line_delta(note: Note, fm_text: str) -> int:
    before = note.fm_text.count("\n") + (2 if note.has_frontmatter else 0)
    return fm_text.count("\n") + 2 - before


def _same(old: object, new: object) -> bool:
    if isinstance(old, dt.date) and not isinstance(new, dt.date):
        return str(old) == str(new)
    return old == new


def _set_scalar_line(fm_text: str, key: str, rendered: str) -> str:
    lines = fm_text.splitlines(keepends=True)
    for i, line in enumerate(lines):
        m = _TOP_KEY.match(line.rstrip("\r\n"))
        if not m or m["key"] != key:
            continue
        value_and_comment = m["rest"]
        follows_block = i + 1 < len(lines) and lines[i + 1][:1] in (" ", "\t", "-")
        if not value_and_comment.strip() and follows_block:
            return _set_with_ruamel(fm_text, key, rendered)  # a block value: let ruamel do it
        comment = re.search(r"(?<!\s)\s+#.*$", value_and_comment)
        eol = line[len(line.rstrip("\r\n")) :] or "\n"
        lines[i] = f"{key}: {rendered}{comment.group(0) if comment else ''}{eol}"
        return "".join(lines)
    if fm_text and not fm_text.endswith("\n"):
        fm_text += "\n"
    return f"{fm_text}{key}: {rendered}\n"


def _set_with_ruamel(fm_text: str, key: str, value: object) -> str:
    handler = RoundTrip(like=fm_text)
    data = handler.load(fm_text) or {}
    if isinstance(value, str) and value.startswith('"'):
        value = handler.load(value)
    data[key] = quoted_where_retyped(list(value) if isinstance(value, tuple) else value)
    return handler.export(data)


def new_note_text(meta: dict, body: str) -> str:
    """Frontmatter for a note memctl creates, keys in the documented order."""
    lines = [f"{key}: {yaml_value(value)}" for key, value in meta.items() if value is not None]
    return f"{_OPEN}\n" + "\n".join(lines) + f"\n{_OPEN}\n{body}"


def replace_line(text: str, lineno: int, new_line: str) -> str:
    """Replace the 1-based line `lineno` of `text`, keeping its line ending."""
    lines = text.splitlines(keepends=True)
    old = lines[lineno - 1]
    eol = old[len(old.rstrip("\r\n")) :]
    lines[lineno - 1] = new_line + eol
    return "".join(lines)


def frontmatter_strings(text: str) -> list[tuple[int, str]]:
    """Each string of a note's frontmatter (keys and values, nested ones too) as YAML reads it,
    with the line of the top-level key it is under; none for a text without frontmatter or
    whose frontmatter does not parse (nothing reads its values then)."""
    if not text.startswith("---"):
        return []
    try:
        note = parse_note(text, path=Path("held"))
    except ParseError:
        return []
    found: list[tuple[int, str]] = []
    for key, value in note.meta.items():
        number = key_line(note.fm_text, str(key)) or 2
        strings: list[str] = []
        _strings_in((key, value), strings)
        found += [(number, string) for string in strings]
    return found


def _strings_in(value: object, found: list[str]) -> None:
    if isinstance(value, str):
        found.append(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            _strings_in(key, found)
            _strings_in(item, found)
    elif isinstance(value, list | tuple):
        for item in value:
            _strings_in(item, found)
