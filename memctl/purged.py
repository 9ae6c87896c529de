"""What was purged stays purged: a registry of salted hashes, never the texts themselves.

`memctl forget --purge` adds the purged text's salted hash (and its length) to
`.memctl/purged.json`, committed so every clone shares it. The write layer (admission.py) asks
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
from typing import NamedTuple

from .dates import fmt_date
from .errors import ParseError, Refused
from .workspace import Workspace

REGISTRY = ".memctl/purged.json"
_WORD = re.compile(r"\w+")
_EDGE = 4  # characters of a word at the edge of a purged text that its anchor hashes


class Hit(NamedTuple):
    receipt: str
    start: int  # the purged text's span in the casefolded text searched
    end: int


def _load_registry(ws: Workspace) -> dict:
    path = ws.root / REGISTRY
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {"salt": None, "purged": []}
    except (OSError, UnicodeDecodeError):
        raw = ""
    try:
        data = json.loads(raw)
        if isinstance(data.get("purged"), list) and "salt" in data:
            return data
    except (ValueError, AttributeError):
        pass
    raise ParseError(
        "the purge registry is damaged; restore it from git "
        "(memctl refuses to guess what was purged)",
        path=REGISTRY,
    )


def purged_hash(salt: str, text: str) -> str:
    key = bytes.fromhex(salt)
    return hashlib.blake2b(text.casefold().encode("utf-8"), key=key, digest_size=32).hexdigest()


def _tag(key: bytes, text: str) -> int:
    """8 bits of a keyed hash: enough to skip almost every word, too few to name one."""
    return hashlib.blake2b(text.encode("utf-8"), key=key, digest_size=1).digest()[0]


def workspace_salt(ws: Workspace) -> str | None:
    """The registry's salt (None before the first purge, which makes and commits one).

    A salted hash identifies a purged text without spelling it out, but a short, guessable text
    (a phone number) can still be found by trying every candidate against it: the registry is a
    guard against bringing a text back, not a vault.
    """
    return _load_registry(ws)["salt"]


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


def registry_with(
    ws: Workspace, pattern: str, *, salt: str, receipt_id: str, today: dt.date
) -> str:
    """The registry file's new text with this pattern's salted hash added (never the text)."""
    data = _load_registry(ws)
    data["salt"] = data["salt"] or salt
    digest = purged_hash(data["salt"], pattern)
    if not any(p["hash"] == digest for p in data["purged"]):
        record = {
            "receipt": receipt_id,
            "hash": digest,
            "length": len(pattern.casefold()),
            "date": fmt_date(today),
        }
        anchor = anchor_of(data["salt"], pattern)
        if anchor is not None:
            record["anchor"] = anchor
        data["purged"].append(record)
    return json.dumps(data, indent=2) + "\n"


def find_purged(ws: Workspace, text: str, *, first: bool = True) -> list[Hit]:
    """The purged texts `text` holds (case-insensitive), each with its span in
    `text.casefold()`; with `first`, stop at the first one."""
    data = _load_registry(ws)
    records = data["purged"]
    if not records or not text:
        return []
    folded = text.casefold()
    hits: list[Hit] = []
    by_salt: dict[str, list[dict]] = {}
    for record in records:
        salt = record.get("salt") or data["salt"]
        if salt:
            by_salt.setdefault(salt, []).append(record)
    for salt, group in by_salt.items():
        hits += _search(folded, bytes.fromhex(salt), group, first=first)
        if hits and first:
            break
    return sorted(hits, key=lambda h: h.start)


def _search(folded: str, key: bytes, records: list[dict], *, first: bool) -> list[Hit]:
    def full(start: int, record: dict) -> bool:
        window = folded[start : start + record["length"]]
        if len(window) != record["length"] or start < 0:
            return False
        digest = hashlib.blake2b(window.encode("utf-8"), key=key, digest_size=32).hexdigest()
        return digest == record["hash"]

    hits: list[Hit] = []
    index: dict[str, list[int]] | None = None  # each distinct word → where it starts
    tags: dict[str, int] = {}
    for record in records:
        anchor = record.get("anchor")
        size = record["length"]
        if anchor is None:  # a record older than anchors, or of no word: every window
            starts: range | list[int] = range(0, max(len(folded) - size + 1, 0))
        else:
            if index is None:
                index = _word_index(folded)
            starts = _starts(anchor, index, key, tags)
        for start in starts:
            if full(start, record):
                hits.append(Hit(record["receipt"], start, start + size))
                if first:
                    return hits
                break
    return hits


def _word_index(folded: str) -> dict[str, list[int]]:
    index: dict[str, list[int]] = {}
    for m in _WORD.finditer(folded):
        index.setdefault(m.group(), []).append(m.start())
    return index


def _starts(anchor: dict, index: dict[str, list[int]], key: bytes, tags: dict) -> list[int]:
    """Where a window holding the anchor would start, for the words whose tag agrees."""

    def tag(part: str) -> int:
        found = tags.get(part)
        if found is None:
            found = tags[part] = _tag(key, part)
        return found

    kind, at, size, wanted = anchor["kind"], anchor["at"], anchor["len"], anchor["tag"]
    starts: list[int] = []
    for word, where in index.items():
        if kind == "word":  # the anchor is this whole word
            if len(word) == size and tag(word) == wanted:
                starts += [p - at for p in where]
        elif kind == "head":  # the pattern's first word ends this word
            if len(word) >= size and tag(word[-min(_EDGE, size) :]) == wanted:
                starts += [p + len(word) - size for p in where]
        elif kind == "tail":  # the pattern's last word starts this word
            if len(word) >= size and tag(word[: min(_EDGE, size)]) == wanted:
                starts += [p - at for p in where]
        elif len(word) >= size:  # "part": the pattern lies inside this word
            edge = min(_EDGE, size)
            for i in range(len(word) - size + 1):
                if tag(word[i : i + edge]) == wanted:
                    starts += [p + i for p in where]
    return starts


def purged_match(ws: Workspace, text: str) -> str | None:
    """The receipt id of a purged text that `text` contains (case-insensitive), else None."""
    hits = find_purged(ws, text)
    return hits[0].receipt if hits else None


def refuse_purged(ws: Workspace, text: str) -> None:
    receipt = purged_match(ws, text)
    if receipt:
        raise Refused(
            f"this text contains something purged on purpose (receipt {receipt}); "
            "memctl will not store it again"
        )
