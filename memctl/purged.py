"""What was purged stays purged: a registry of salted hashes, never the texts themselves.

`memctl forget --purge` adds a line to `.memctl/purged.jsonl`, committed so every clone shares
it: the purged text's hash under a salt of its own, the text's length, an anchor (below), the
receipt and the date. A second kind of line lists the commits the purge rewrote away (their old
ids hold the text, and say nothing about it): `memctl sync` refuses history that brings one of
them back. Lines are only ever added, one record each, and the file merges as a union
(`merge=union` in .gitattributes), so two machines that each purged something merge without a
conflict. The registry of earlier versions, `.memctl/purged.json` (one salt for all), is still
read, and is moved into the new file by the next purge. The write layer (admission.py) asks
`find_purged` of every line a change adds, so no door can bring a purged text back.

Finding a text known only by its hash means hashing every window of the new text that could be
it. A 1 MB log has a million windows per record: too many. So each record also keeps an
anchor: where in the purged text one of its words sits, that word's length, and 8 bits of its
keyed hash. The new text's distinct words are hashed once each (a few thousand hashes), and only
the windows around a word whose 8 bits agree are hashed in full. The anchor says little: 8 bits
leave every dictionary word of that length with hundreds of look-alikes.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from .dates import fmt_date
from .errors import ParseError, Refused
from .secrets import hidden

if TYPE_CHECKING:
    from collections.abc import Callable

    from .change import Change
    from .workspace import Workspace

REGISTRY = ".memctl/purged.jsonl"
LEGACY = ".memctl/purged.json"
ATTRIBUTE = f"{REGISTRY} merge=union"
_WORD = re.compile(r"\w+")
_EDGE = 4  # characters of a word at the edge of a purged text that its anchor hashes


class Hit(NamedTuple):
    receipt: str
    start: int  # the purged text's span in the text searched
    end: int


@dataclass(frozen=True)
class Record:
    """One purged text, known only by its salted hash, its length and its anchor."""

    receipt: str
    salt: str
    hash: str
    length: int
    date: str
    anchor: dict | None = None

    def matches(self, folded: str) -> bool:
        """True if `folded` (casefolded) is this record's text."""
        return len(folded) == self.length and purged_hash(self.salt, folded) == self.hash

    def line(self) -> str:
        item = {
            "receipt": self.receipt,
            "salt": self.salt,
            "hash": self.hash,
            "length": self.length,
            "date": self.date,
        }
        if self.anchor is not None:
            item["anchor"] = self.anchor
        return json.dumps(item) + "\n"


@dataclass
class Registry:
    records: list[Record] = field(default_factory=list)
    commits: dict[str, str] = field(default_factory=dict)  # a rewritten commit's old id → receipt

    def __bool__(self) -> bool:
        return bool(self.records)

    def find(self, text: str) -> Record | None:
        """The record of exactly this text (case-insensitive), if it was purged."""
        read = searched(text)
        return next((r for r in self.records for f in read.all() if r.matches(f)), None)

    def hits(self, text: str, *, first: bool = True) -> list[Hit]:
        """The purged texts `text` holds (case-insensitive, read as a person sees it: see
        searched), each with its span in `text`; with `first`, the first one only, else every
        place each one stands."""
        if not self.records or not text:
            return []
        read = searched(text)
        found: set[Hit] = set()
        by_salt: dict[str, list[Record]] = {}
        for record in self.records:
            by_salt.setdefault(record.salt, []).append(record)
        for folded in read.all():
            for salt, group in by_salt.items():
                found.update(_search(folded, bytes.fromhex(salt), group, first=first))
                if found and first:
                    break
            if found and first:
                break
        hits = (Hit(h.receipt, *read.span(h.start, h.end)) for h in found)
        return sorted(set(hits), key=lambda h: (h.start, h.end, h.receipt))

    def match(self, text: str) -> str | None:
        """The receipt id of a purged text that `text` contains (case-insensitive), else None."""
        found = self.hits(text)
        return found[0].receipt if found else None

    def merged(self, other: Registry) -> Registry:
        seen = {(r.salt, r.hash) for r in self.records}
        extra = [r for r in other.records if (r.salt, r.hash) not in seen]
        return Registry(self.records + extra, {**other.commits, **self.commits})


class Searched(NamedTuple):
    """A text as the registry reads it (`folded`), and the span in the text given of a span of
    that. `plain` is the reading without look-alike letters read as Latin, when that differs:
    a record made before they were (of a text in Cyrillic, say) is found in it."""

    folded: str
    span: Callable[[int, int], tuple[int, int]]
    plain: str | None

    def all(self) -> list[str]:
        return [self.folded] if self.plain is None else [self.folded, self.plain]


def searched(text: str) -> Searched:
    """The text as the registry reads it: as a person sees it (memctl.secrets.hidden: no
    character nobody sees, fullwidth letters as ASCII, so "Zanzi\u00adbar" is "Zanzibar";
    look-alike letters of other scripts as the Latin ones, so "Zаnzibar" with a Cyrillic "а"
    is too), casefolded."""
    read = hidden.seen(text)
    shown = text if read is None else read.text
    plain = shown.casefold()
    folded = hidden.folded_latin(shown)  # as long as `plain`, position for position
    # where in `shown` each character of `folded` comes from, when casefolding changed a length
    # ("ß" is "ss")
    at = (
        None
        if len(folded) == len(shown)
        else [i for i, c in enumerate(shown) for _ in c.casefold()]
    )

    def span(start: int, end: int) -> tuple[int, int]:
        if at is not None:
            start, end = at[start], at[end - 1] + 1
        return (start, end) if read is None else read.span(start, end)

    return Searched(folded, span, None if folded == plain else plain)


def purged_hash(salt: str, text: str) -> str:
    key = bytes.fromhex(salt)
    return hashlib.blake2b(text.casefold().encode("utf-8"), key=key, digest_size=32).hexdigest()


def _tag(key: bytes, text: str) -> int:
    """8 bits of a keyed hash: enough to skip almost every word, too few to name one."""
    return hashlib.blake2b(text.encode("utf-8"), key=key, digest_size=1).digest()[0]


# --- the file ----------------------------------------------------------------------------------


def load(ws: Workspace) -> Registry:
    """The workspace's registry: its lines, and the records of the earlier registry file."""
    return parse(_read(ws.root / REGISTRY), _read(ws.root / LEGACY))


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError):
        raise _damaged(path.name) from None


def parse(lines: str | None, legacy: str | None = None) -> Registry:
    """A registry from the text of its file and of the earlier one (None: not there)."""
    registry = Registry()
    seen: set[tuple[str, str]] = set()

    def add(item: dict, salt: str) -> None:
        record = Record(
            str(item["receipt"]),
            salt,
            str(item["hash"]),
            int(item["length"]),
            str(item.get("date", "")),
            item.get("anchor"),
        )
        if (record.salt, record.hash) not in seen:
            seen.add((record.salt, record.hash))
            registry.records.append(record)

    for number, raw in enumerate((lines or "").splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            item = json.loads(raw)
            if "commits" in item:
                registry.commits.update((str(c), str(item["receipt"])) for c in item["commits"])
            else:
                add(item, str(item["salt"]))
        except (ValueError, TypeError, KeyError, AttributeError):
            raise _damaged(REGISTRY, number) from None
    if legacy is not None:
        try:
            data = json.loads(legacy)
            for item in data["purged"]:
                add(item, str(item.get("salt") or data["salt"]))
        except (ValueError, TypeError, KeyError, AttributeError):
            raise _damaged(LEGACY) from None
    return registry


def _damaged(path: str, line: int | None = None) -> ParseError:
    return ParseError(
        "the purge registry is damaged; restore it from git (memctl refuses to "
        "guess what was purged)",
        path=path,
        line=line,
    )


def new_record(text: str, *, salt: str, receipt: str, today: dt.date) -> Record:
    folded = hidden.folded_latin(hidden.visible(text))
    return Record(
        receipt,
        salt,
        purged_hash(salt, folded),
        len(folded),
        fmt_date(today),
        anchor_of(salt, folded),
    )


def register(
    ws: Workspace,
    change: Change,
    record: Record | None = None,
    *,
    commits: dict[str, str] | None = None,
) -> None:
    """Inside an open change: add a record (and/or the old ids of rewritten commits) to the
    registry; move the earlier registry's records in, and make sure the file merges as a union."""
    path = ws.root / REGISTRY
    known = {(r.salt, r.hash) for r in parse(_read(path)).records}
    fresh = [record] if record is not None else []
    legacy = ws.root / LEGACY
    if legacy.exists():
        fresh = parse(None, _read(legacy)).records + fresh
        change.remove(legacy)
    added = ""
    for item in fresh:
        if (item.salt, item.hash) not in known:
            known.add((item.salt, item.hash))
            added += item.line()
    for receipt in sorted(set((commits or {}).values())):
        ids = sorted(c for c, r in (commits or {}).items() if r == receipt)
        added += json.dumps({"receipt": receipt, "commits": ids}) + "\n"
    if added:
        change.append(path, added)
    attributes = ws.root / ".gitattributes"
    have = attributes.read_text(encoding="utf-8") if attributes.exists() else ""
    if ATTRIBUTE not in have.splitlines():
        change.append(
            attributes,
            f"# memctl: each purge adds a line; two machines' lines merge\n{ATTRIBUTE}\n",
        )


# --- finding a purged text ---------------------------------------------------------------------


def anchor_of(salt: str, pattern: str) -> dict | None:
    """Where to look for `pattern` (casefolded) in a text: one of its words and how it sits.

    - "word": a word with a non-word character on both sides inside the pattern is a whole word
      of any text holding the pattern;
    - "head": the pattern's first word, when something follows it, ends a word of the text;
    - "tail": the pattern's last word, when something comes before it, starts one;
    - "part": a pattern that is one word is part of a word of the text.
    None when the pattern holds no word character (such a record is looked for everywhere).
    """
    folded = pattern.casefold()
    runs = [(m.start(), m.end()) for m in _WORD.finditer(folded)]
    if not runs:
        return None
    key = bytes.fromhex(salt)
    inner = [(s, e) for s, e in runs if s > 0 and e < len(folded)]
    if inner:
        s, e = max(inner, key=lambda r: r[1] - r[0])
        return {"kind": "word", "at": s, "len": e - s, "tag": _tag(key, folded[s:e])}
    s, e = max(runs, key=lambda r: r[1] - r[0])
    if s == 0 and e == len(folded):
        return {"kind": "part", "at": 0, "len": e - s, "tag": _tag(key, folded[: min(_EDGE, e)])}
    if s == 0:  # the first word: its last characters end a word of the text
        edge = folded[max(0, e - _EDGE) : e]
        return {"kind": "head", "at": e - len(edge), "len": e, "tag": _tag(key, edge)}
    edge = folded[s : s + _EDGE]  # the last word: its first characters start a word of the text
    return {"kind": "tail", "at": s, "len": len(folded) - s, "tag": _tag(key, edge)}


def _search(folded: str, key: bytes, records: list[Record], *, first: bool) -> list[Hit]:
    def full(start: int, record: Record) -> bool:
        window = folded[start : start + record.length]
        if len(window) != record.length or start < 0:
            return False
        digest = hashlib.blake2b(window.encode("utf-8"), key=key, digest_size=32).hexdigest()
        return digest == record.hash

    hits: list[Hit] = []
    words: WordIndex | None = None
    tags: dict[str, int] = {}
    for record in records:
        size = record.length
        if record.anchor is None:  # a record older than anchors, or of no word: every window
            starts: range | list[int] = range(0, max(len(folded) - size + 1, 0))
        else:
            if words is None:
                words = WordIndex(folded)
            starts = _starts(record.anchor, words, key, tags)
        for start in starts if isinstance(starts, range) else sorted(set(starts)):
            if full(start, record):
                hits.append(Hit(record.receipt, start, start + size))
                if first:
                    return hits
    return hits


_FEW = 32  # words found one by one; past this, in one pass over the text


class WordIndex(dict):
    """The distinct words of a text (one C-level pass), and where each starts, found only for
    the few words an anchor's tag points at: a megabyte holds a hundred thousand words, and
    a Python loop over them costs more than all the hashing."""

    def __init__(self, folded: str) -> None:
        super().__init__((word, None) for word in set(_WORD.findall(folded)))
        self.folded = folded
        self.asked = 0

    def where(self, word: str) -> list[int]:
        found = self[word]
        if found is None:
            self.asked += 1
            if self.asked > _FEW:  # many words asked for: one pass finds them all
                for word_ in self:
                    self[word_] = []
                for m in _WORD.finditer(self.folded):
                    self[m.group()].append(m.start())
                return self[word]
            found = self[word] = _whole(self.folded, word)
        return found


def _whole(text: str, word: str) -> list[int]:
    """Where `word` stands in `text` as a whole word (\\w on neither side), as _WORD finds it."""
    found, at = [], text.find(word)
    while at >= 0:
        end = at + len(word)
        before = text[at - 1] if at else " "
        after = text[end] if end < len(text) else " "
        if not (before.isalnum() or before == "_") and not (after.isalnum() or after == "_"):
            found.append(at)
        at = text.find(word, at + 1)
    return found


def _starts(anchor: dict, index: WordIndex, key: bytes, tags: dict) -> list[int]:
    """Where a window holding the anchor would start, for the words whose tag agrees. The
    words are grouped by tag once per kind of anchor, so a hundred records cost a hundred
    lookups, not a hundred passes over the words."""
    kind, at, size, wanted = anchor["kind"], anchor["at"], anchor["len"], anchor["tag"]
    edge = size if kind == "word" else min(_EDGE, size)
    groups = tags.get((kind, edge))
    if groups is None:
        groups = tags[(kind, edge)] = _groups(index, key, kind, edge)
    starts: list[int] = []
    for word, offset in groups.get(wanted, ()):
        if len(word) < size or (kind == "word" and len(word) != size):
            continue
        if kind == "word":  # the anchor is this whole word
            starts += [p - at for p in index.where(word)]
        elif kind == "head":  # the pattern's first word ends this word
            starts += [p + len(word) - size for p in index.where(word)]
        elif kind == "tail":  # the pattern's last word starts this word
            starts += [p - at for p in index.where(word)]
        elif offset <= len(word) - size:  # "part": the pattern lies inside this word
            starts += [p + offset for p in index.where(word)]
    return starts


def _groups(index: WordIndex, key: bytes, kind: str, edge: int) -> dict:
    """tag → (word, offset) for every word of the text, as an anchor of this kind hashes it:
    the whole word ("word"), its last or first `edge` characters ("head", "tail"), or each of
    its runs of `edge` characters ("part")."""
    groups: dict[int, list[tuple[str, int]]] = {}
    for word in index:
        if len(word) < edge or (kind == "word" and len(word) != edge):
            continue
        if kind == "word":
            parts = [(word, 0)]
        elif kind == "head":
            parts = [(word[-edge:], 0)]
        elif kind == "tail":
            parts = [(word[:edge], 0)]
        else:
            parts = [(word[i : i + edge], i) for i in range(len(word) - edge + 1)]
        for part, offset in parts:
            groups.setdefault(_tag(key, part), []).append((word, offset))
    return groups


def find_purged(ws: Workspace, text: str, *, first: bool = True) -> list[Hit]:
    """The purged texts `text` holds (see Registry.hits), each with its span in `text`; with
    `first`, the first one only."""
    return load(ws).hits(text, first=first)


def purged_match(ws: Workspace, text: str) -> str | None:
    """The receipt id of a purged text that `text` contains (case-insensitive), else None."""
    return load(ws).match(text)


def refuse_purged(ws: Workspace, text: str) -> None:
    receipt = purged_match(ws, text)
    if receipt:
        raise Refused(
            f"this text contains something purged on purpose (receipt {receipt}); "
            "memctl will not store it again"
        )
