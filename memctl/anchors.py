"""Finding a purged text known only by its hash (purged.py's registry).

Finding a text known only by its hash means hashing every window of the new text that could be
it. A 1 MB log has a million windows per record: too many. So each record also keeps an
anchor: where in the purged text one of its words sits, that word's length, and 8 bits of its
keyed hash. The new text's distinct words are hashed once each (a few thousand hashes), and only
the windows around a word whose 8 bits agree are hashed in full. The anchor says little: 8 bits
leave every dictionary word of that length with hundreds of look-alikes.
"""

from __future__ import annotations

import hashlib
import re
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from .purged import Record

_WORD = re.compile(r"\w+")
_EDGE = 4  # characters of a word at the edge of a purged text that its anchor hashes


class Hit(NamedTuple):
    receipt: str
    start: int  # the purged text's span in the text searched
    end: int


def _tag(key: bytes, text: str) -> int:
    """8 bits of a keyed hash: enough to skip almost every word, too few to name one."""
    return hashlib.blake2b(text.encode("utf-8"), key=key, digest_size=1).digest()[0]


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


def search_records(
    folded: str,
    key: bytes,
    records: list[Record],
    *,
    first: bool,
    within: re.Pattern[str] | None = None,
) -> list[Hit]:
    """Where the records' texts stand in `folded`, all hashed under `key`; with `within`, only
    in the words it finds something in (every record's anchor is in such a word)."""

    def full(start: int, record: Record) -> bool:
        window = folded[start : start + record.length]
        if len(window) != record.length or start < 0:
            return False
        digest = hashlib.blake2b(window.encode("utf-8"), key=key, digest_size=32).hexdigest()
        return digest == record.hash

    hits: list[Hit] = []
    words: WordIndex | None = None
    tags: dict[tuple[str, int], dict] = {}
    wanted: dict[tuple[str, int], set[int]] = {}
    for record in records:
        if record.anchor is not None:
            wanted.setdefault(_kind_edge(record.anchor), set()).add(record.anchor["tag"])
    for record in records:
        size = record.length
        if record.anchor is None:  # a record older than anchors, or of no word: every window
            starts: range | list[int] = range(0, max(len(folded) - size + 1, 0))
        else:
            if words is None:
                words = WordIndex(folded, within)
            starts = _starts(record.anchor, words, key, tags, wanted)
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

    def __init__(self, folded: str, within: re.Pattern[str] | None = None) -> None:
        words = set(_WORD.findall(folded))
        if within is not None:
            words = {word for word in words if within.search(word)}
        super().__init__((word, None) for word in words)
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
                    places = self.get(m.group())
                    if places is not None:
                        places.append(m.start())
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


def _starts(
    anchor: dict,
    index: WordIndex,
    key: bytes,
    tags: dict[tuple[str, int], dict],
    asked: dict[tuple[str, int], set[int]],
) -> list[int]:
    """Where a window holding the anchor would start, for the words whose tag agrees. The
    words are grouped by tag once per kind of anchor, so a hundred records cost a hundred
    lookups, not a hundred passes over the words."""
    kind, at, size, wanted = anchor["kind"], anchor["at"], anchor["len"], anchor["tag"]
    edge = _kind_edge(anchor)[1]
    groups = tags.get((kind, edge))
    if groups is None:
        groups = tags[(kind, edge)] = _groups(index, key, kind, edge, asked[kind, edge])
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


def _kind_edge(anchor: dict) -> tuple[str, int]:
    kind, size = anchor["kind"], anchor["len"]
    return kind, size if kind == "word" else min(_EDGE, size)


def _groups(index: WordIndex, key: bytes, kind: str, edge: int, wanted: set[int]) -> dict:
    """tag → (word, offset) for every word of the text, as an anchor of this kind hashes it:
    the whole word ("word"), its last or first `edge` characters ("head", "tail"), or each of
    its runs of `edge` characters ("part"); only the tags some record wants (a 50 MB word has
    50 million runs)."""
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
            tag = _tag(key, part)
            if tag in wanted:
                groups.setdefault(tag, []).append((word, offset))
    return groups
