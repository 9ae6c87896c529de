"""Entry lines: one memory per Markdown list item.

    - [🟡MED][DECISION] added:2026-02-01 expires:2026-03-01 src:user · the text ^k3x9

Priority and kind in brackets, then ``key:value`` fields, then `` · `` and the text, then an
Obsidian-style block id. A closed fact keeps its line, struck through:

    - ~~[🟡MED][FACT] added:2026-02-01 until:2026-03-05 why:"moved" · call on Wednesday~~ ^q7w2

A line a person wrote by hand (``- the wifi password is on the fridge``) is an entry too; it is
only reformatted when memctl changes it, and then to the canonical form above.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field, replace

from .dates import try_date

PRIORITY_EMOJI = {"high": "🔴", "med": "🟡", "low": "🟢"}
PRIORITY_WORD = {"high": "HIGH", "med": "MED", "low": "LOW"}
# fmt: off
_PRIORITY_ALIASES = {
    "high": "high", "🔴": "high", "🔴high": "high", "p0": "high", "core": "high",
    "med": "med", "medium": "med", "🟡": "med", "🟡med": "med", "🟡medium": "med",
    "important": "med",
    "low": "low", "🟢": "low", "🟢low": "low", "reference": "low",
}
# fmt: on
_PRIORITY_TAGS = {f"{PRIORITY_EMOJI[p]}{PRIORITY_WORD[p]}": p for p in PRIORITY_EMOJI}  # [🟡MED]

# Fields memctl reads on a hand-written line that has no " · " separator.
# fmt: off
KNOWN_FIELDS = (
    "added", "from", "expires", "until", "why", "src", "by", "ref", "when", "seen",
    "verified", "archived", "supersedes", "superseded_by", "label", "trust", "first",
)
# fmt: on

SEPARATOR = " · "
BULLET = re.compile(r"^(?P<indent>[ \t]*)(?P<bullet>[-*+]) (?P<rest>.*)$")
_TAG = re.compile(r"\[(?P<tag>[^\[\]\s]{1,24})\]")
_KIND = re.compile(r"[A-Z][A-Z0-9_-]{1,23}")
_KEY = r"[a-z][a-z_]{0,23}"
_VALUE = r'"(?:[^"\\]|\\.)*"|[^\s"]\S*'
_FIELD = re.compile(rf"(?P<key>{_KEY}):(?P<value>{_VALUE})")
# Every token of a field head: each one field, followed by one space or the end.
_ALL_FIELDS = re.compile(rf"(?:{_KEY}:(?:{_VALUE})(?: |\Z))+")
# Fields, one space after each (and maybe one more), then "· ": the separator is the first
# " · " outside a quoted value (one inside it, in a use-when key or a reason, is the value's).
_FIELDS_THEN_TEXT = re.compile(rf"(?:(?:{_KEY}:(?:{_VALUE}) )+ ?)?· ")
# A line as memctl writes it, past its id and strike: priority, maybe a kind, fields, " · ".
# Such a line is read in one match; any other goes through the general steps below, which
# give the same entry for this one too (tests/test_entry_fastpath.py holds them to that).
_CANONICAL = re.compile(
    r"\[(?P<priority>🔴HIGH|🟡MED|🟢LOW)\](?:\[(?P<kind>[A-Z][A-Z0-9_-]{1,23})\])? "
    rf"(?P<head>(?:{_KEY}:(?:{_VALUE}) )*)· "
)
BLOCK_ID = re.compile(r"\s\^(?P<id>[A-Za-z0-9][A-Za-z0-9-]{0,31})$")
_TEXT_ID = re.compile(r"(?<=\s)\\*\^[A-Za-z0-9][A-Za-z0-9-]{0,31}$")  # a text ending like an id
_ESCAPED_ID = re.compile(r"(?<=\s)\\(\\*\^[A-Za-z0-9][A-Za-z0-9-]{0,31})$")
_ID_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"  # no look-alikes (l/1, o/0)


def normalize_priority(value: object) -> str | None:
    """'high' | 'med' | 'low' for any accepted spelling (🔴, HIGH, 🟡MED, medium…), else None."""
    if value is None:
        return None
    key = str(value).strip().lower().replace(" ", "")
    return _PRIORITY_ALIASES.get(key)


@dataclass
class Entry:
    text: str
    priority: str | None = None
    kind: str | None = None
    fields: dict[str, str] = field(default_factory=dict)
    id: str | None = None
    closed: bool = False
    indent: str = ""
    bullet: str = "-"
    line: int | None = None  # 1-based line number in its file, when read from one
    raw: str | None = None  # the line exactly as read

    @property
    def added(self) -> str | None:
        return self.fields.get("added")

    @property
    def expires(self) -> str | None:
        return self.fields.get("expires")

    def with_fields(self, **changes: str | None) -> Entry:
        """A copy with fields set (None removes one); new keys go to the end, order kept."""
        fields = dict(self.fields)
        for key, value in changes.items():
            if value is None:
                fields.pop(key, None)
            else:
                fields[key] = str(value)
        return replace(self, fields=fields, raw=None)

    def format(self) -> str:
        """The line as memctl writes it; an untouched entry that was read returns its raw line."""
        if self.raw is not None:
            return self.raw
        return format_entry(self)

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "line": self.line,
            "priority": self.priority,
            "kind": self.kind,
            "fields": dict(self.fields),
            "closed": self.closed,
            "text": self.text,
        }


def ended(entry: Entry, today: dt.date) -> bool:
    """Has the entry stopped holding by `today`: struck through, or its `until:` day has come
    (a change said to start later closes the old line on that day, before any file catches up;
    the nightly job strikes it then)."""
    if entry.closed:
        return True
    until = try_date(entry.fields.get("until"))
    return until is not None and until <= today


def upcoming(entry: Entry, today: dt.date) -> bool:
    """Does the entry hold only from a later day (`from:` after `today`), not yet?"""
    if ended(entry, today):
        return False
    begins = try_date(entry.fields.get("from"))
    return begins is not None and begins > today


def holds(entry: Entry, today: dt.date) -> bool:
    """Does the entry hold on `today`: not closed by then, and not starting after it. The one
    test of "current" every reader asks (search works it out in SQL the same way)."""
    return not ended(entry, today) and not upcoming(entry, today)


def format_entry(entry: Entry) -> str:
    """The line for an entry. A value with a line break or a control character is refused
    (it would split the line); a text ending like a block id keeps it as text (`\\^k3x9`)."""
    from .controls import one_line

    for key, value in entry.fields.items():
        one_line(value, key)
    one_line(entry.text, "the entry text")
    text = _TEXT_ID.sub(r"\\\g<0>", entry.text) if "^" in entry.text else entry.text
    head = ""
    if entry.priority:
        head += f"[{PRIORITY_EMOJI[entry.priority]}{PRIORITY_WORD[entry.priority]}]"
    if entry.kind:
        head += f"[{entry.kind}]"
    parts = [head] if head else []
    parts += [f"{key}:{quote_value(value)}" for key, value in entry.fields.items()]
    if parts:
        body = " ".join(parts) + SEPARATOR + text
    elif _would_misread(text):
        body = SEPARATOR.lstrip(" ") + text  # "- · text" keeps the text whole
    else:
        body = text
    if entry.closed:
        body = f"~~{body}~~"
    line = f"{entry.indent}{entry.bullet} {body}"
    return f"{line} ^{entry.id}" if entry.id else line


def _would_misread(text: str) -> bool:
    """Would a bare `- text` line parse back with tags, fields or a strike that are not there?"""
    if text.startswith(("[", "· ", "~~")) or text.endswith("~~"):
        return True
    f = _FIELD.match(text)
    return bool(f and f["key"] in KNOWN_FIELDS and _ends_token(text, f))


def quote_value(value: str) -> str:
    if value and not re.search(r'[\s"\\]', value):
        return value
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def unquote_value(value: str) -> str:
    """A field's value as written: in quotes, `\\"` is a quote and `\\\\` a backslash; any
    other backslash is itself (a check written by hand, `check:"\\bWebSearch\\b"`, keeps its
    `\\b`), which is how quote_value writes one back."""
    if len(value) >= 2 and value[0] == '"' and value[-1] == '"':
        return re.sub(r'\\([\\"])', r"\1", value[1:-1])
    return value


def parse_entry(line: str, *, lineno: int | None = None) -> Entry | None:
    """Read one Markdown list item as an entry; None for any other line."""
    m = BULLET.match(line)
    if m is None:
        return None
    indent, bullet, rest = m.group("indent", "bullet", "rest")
    rest = rest.rstrip()
    entry = Entry(text="", indent=indent, bullet=bullet, line=lineno, raw=line)

    # An id is never followed by another "^": only the last one can start it. Matching there
    # instead of searching the whole line is what a 10,000-file catalog scan notices.
    caret = rest.rfind("^")
    if caret > 0 and (id_match := BLOCK_ID.match(rest, caret - 1)) is not None:
        entry.id = id_match["id"]
        rest = rest[: caret - 1].rstrip()

    if rest.startswith("~~") and rest.endswith("~~") and len(rest) > 4:
        entry.closed = True
        rest = rest[2:-2]

    canonical = _CANONICAL.match(rest)
    if canonical is not None:
        head = canonical["head"]
        entry.priority = _PRIORITY_TAGS[canonical["priority"]]
        entry.kind = canonical["kind"]
        entry.fields = _fields_of(head) if head else {}
        entry.text = _unescaped(rest[canonical.end() :])
        return entry

    pos = 0
    while (t := _TAG.match(rest, pos)) is not None:
        tag = t["tag"]
        priority = normalize_priority(tag)
        if priority and entry.priority is None:
            entry.priority = priority
        elif _KIND.fullmatch(tag) and entry.kind is None:
            entry.kind = tag
        else:
            break
        pos = t.end()
    rest = rest[pos:].lstrip(" ")

    entry.fields, entry.text = _split_fields(rest)
    entry.text = _unescaped(entry.text)
    return entry


def _unescaped(text: str) -> str:
    """The text as given: format_entry escaped a trailing `^id` of the text itself."""
    return _ESCAPED_ID.sub(r"\1", text) if "\\^" in text else text


def _fields_of(head: str) -> dict[str, str]:
    """The fields of a head known to be fields only, one space apart (_CANONICAL matched it,
    or _ALL_FIELDS did)."""
    if '"' not in head:  # no quoted value, so no space inside one
        return dict(token.split(":", 1) for token in head.split())
    return {key: unquote_value(value) for key, value in _FIELD.findall(head)}


def split_head(rest: str) -> tuple[dict[str, str], str] | None:
    """`key:value … · text` as its fields and the text after the separator: the first " · "
    outside a quoted value, so a value holding " · " (a use-when key, a reason) reads back
    whole and the text after it unchanged. None when `rest` does not start so."""
    head = _FIELDS_THEN_TEXT.match(rest)
    if head is None:
        return None
    return _fields_of(rest[: head.end() - 2]), rest[head.end() :]


def _split_fields(rest: str) -> tuple[dict[str, str], str]:
    split = split_head(rest)
    if split is not None:
        return split
    # No separator: a hand-written line, where only known leading fields count as fields.
    fields, pos = {}, 0
    while (f := _FIELD.match(rest, pos)) and f["key"] in KNOWN_FIELDS and _ends_token(rest, f):
        fields[f["key"]] = unquote_value(f["value"])
        pos = min(f.end() + 1, len(rest))
    return fields, rest[pos:]


def read_fields(head: str) -> dict[str, str] | None:
    """All of `head` as key:value fields, or None if any token is not one."""
    if not head:
        return {}
    if _ALL_FIELDS.fullmatch(head) is None:
        return None
    return _fields_of(head)


def _ends_token(text: str, match: re.Match) -> bool:
    return match.end() == len(text) or text[match.end()] == " "


def new_id(taken: set[str], *, length: int = 4) -> str:
    """A short block id not in `taken` (grows longer if the short ones run out)."""
    import secrets

    for attempt in range(200):
        size = length + attempt // 50
        candidate = secrets.choice(_ID_ALPHABET[:24]) + "".join(
            secrets.choice(_ID_ALPHABET) for _ in range(size - 1)
        )
        if candidate not in taken:
            return candidate
    raise RuntimeError("could not find a free entry id")


QUOTE_TEXT = re.compile(r'^"(?P<text>.*)" \(said by (?P<who>[^()]*)\)$')


def quoted(text: str, who: str) -> str:
    """A QUOTE entry's text: the words of an untrusted source, attributed, never an instruction."""
    return f'"{text}" (said by {who})'


def unquoted(text: str) -> str:
    """The words of a quote entry without its attribution; other text unchanged."""
    m = QUOTE_TEXT.match(text)
    return m["text"] if m else text
