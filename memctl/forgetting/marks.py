"""What a purge writes where a text stood: `[purged]`, and `(purged)` inside a note's YAML
frontmatter, where a `[` that begins a value begins a list: `title: [purged]` would be a list,
and `description: [purged], our contact` no YAML at all, a note no command could read again.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from .structure import OWN_VALUES

MARK = "[purged]"
YAML_MARK = "(purged)"  # a plain YAML scalar wherever it stands: a value, a list item, a key
_CLOSING = re.compile(r"^(?:---|\.\.\.)[ \t]*\r?$", re.MULTILINE)


def marked(text: str, rx: re.Pattern[str]) -> str:
    """`text` with every match of `rx` replaced by the mark that fits where it stands."""
    return marked_count(text, rx)[0]


def marked_count(text: str, rx: re.Pattern[str]) -> tuple[str, int]:
    """`marked`, and how many copies it marked (a copy all inside an entry's own part, its
    `added:` date say, is left: structure.py)."""
    end = _frontmatter_end(text)
    head, n = _head(text[:end], rx, YAML_MARK, _OWN_KEYS)
    body = _Body(text[end:], MARK, _OWN)
    return head + rx.sub(body.replace, body.text), n + body.count


def marked_bytes(data: bytes, rx: re.Pattern[bytes]) -> bytes:
    """The same for a file's bytes (a blob of git's history, in any encoding)."""
    end = _frontmatter_end(data[:65536].decode("latin-1"))  # a byte a character: same places
    body = _Body(data[end:], MARK.encode(), _OWN_BYTES)
    head = _head(data[:end], rx, YAML_MARK.encode(), _OWN_KEYS_BYTES)[0]
    return head + rx.sub(body.replace, body.text)


# The frontmatter keys whose values memctl sets (a note's dates, its category, status and
# priority): a purge of today's date leaves `date:` and `last_verified:` as they are.
_KEYS = ("date", "last_verified", "expires", "category", "priority", "status")
_OWN_KEYS = tuple(f"{k}:" for k in _KEYS)
_OWN_KEYS_BYTES = tuple(k.encode() for k in _OWN_KEYS)


def _head(head: Any, rx: re.Pattern, mark: Any, keys: tuple) -> tuple[Any, int]:
    """A frontmatter with every copy marked, but in the lines of memctl's own keys."""
    out, count = [], 0
    for line in head.splitlines(keepends=True):
        if not line.startswith(keys):
            line, n = rx.subn(mark, line)
            count += n
        out.append(line)
    return head[:0].join(out), count


# The part of an entry line that is memctl's own: its bullet, strike, [PRIORITY][KIND], field
# names, the values memctl sets (structure.OWN_VALUES), the separator and the block id.
_VALUE = r'"(?:[^"\\]|\\.)*"|[^\s"]\S*'
_HEAD = (
    r"[ \t]*[-*+] (?:~~)?(?:\[[^\[\]\s]{1,24}\]){1,2} "
    rf"(?P<fields>(?:[a-z][a-z_]{{0,23}}:(?:{_VALUE}) )*)· "
)
_FIELD = rf"(?P<key>[a-z][a-z_]{{0,23}}:)(?P<value>{_VALUE})"
_ID = r"[ \t]\^[A-Za-z0-9][A-Za-z0-9-]{0,31}(?=[ \t]*\r?$)"


class _Own(NamedTuple):
    head: re.Pattern
    field: re.Pattern
    id: re.Pattern
    values: frozenset
    newline: str | bytes


def _own(kind: type) -> _Own:
    def compiled(pattern: str, flags: int = 0) -> re.Pattern:
        return re.compile(pattern.encode() if kind is bytes else pattern, flags)

    values = frozenset(f"{v}:" for v in OWN_VALUES)
    return _Own(
        compiled(_HEAD),
        compiled(_FIELD),
        compiled(_ID, re.MULTILINE),
        frozenset(v.encode() for v in values) if kind is bytes else values,
        b"\n" if kind is bytes else "\n",
    )


_OWN = _own(str)
_OWN_BYTES = _own(bytes)


class _Body:
    """A text after its frontmatter, whose copies are marked but for an entry's own part."""

    def __init__(self, text: Any, mark: Any, own: _Own):
        self.text, self.mark, self.own = text, mark, own
        self.count = 0
        self._spans: dict[int, list[tuple[int, int]]] = {}

    def replace(self, m: re.Match) -> Any:
        start = self.text.rfind(self.own.newline, 0, m.start()) + 1
        spans = self._spans.get(start)
        if spans is None:
            spans = self._spans[start] = self._protected(start)
        pieces: list[Any] = []
        at, marked = m.start(), False
        for a, b in spans:
            a, b = max(a, m.start()), min(b, m.end())
            if a >= b:
                continue
            if at < a:
                marked |= self._piece(pieces, at, a)
            pieces.append(self.text[a:b])
            at = b
        if at < m.end():
            marked |= self._piece(pieces, at, m.end())
        self.count += marked
        return self.text[:0].join(pieces)

    def _piece(self, pieces: list, a: int, b: int) -> bool:
        """What stands for a piece of a copy outside memctl's own part: the mark (a piece of
        blanks stays blank)."""
        piece = self.text[a:b]
        if not piece.strip():
            pieces.append(piece)
            return False
        pieces.append(self.mark)
        return True

    def _protected(self, start: int) -> list[tuple[int, int]]:
        head = self.own.head.match(self.text, start)
        if head is None:
            return []
        spans = [(start, head.start("fields"))]
        for field in self.own.field.finditer(self.text, head.start("fields"), head.end("fields")):
            own = field.group("key") in self.own.values
            spans.append((field.start(), field.end() if own else field.end("key")))
        spans.append((head.end() - 3, head.end()))  # " · "
        end = self.text.find(self.own.newline, head.end())
        block = self.own.id.search(self.text, head.end(), len(self.text) if end < 0 else end)
        if block is not None:
            spans.append(block.span())
        return spans


def _frontmatter_end(text: str) -> int:
    """Where the frontmatter a text opens with ends (just after its closing line), else 0."""
    newline = text.find("\n")
    if newline < 0 or text[:newline].rstrip() != "---":
        return 0
    found = _CLOSING.search(text, newline + 1)
    return found.end() if found else 0
