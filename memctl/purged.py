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
Finding one is anchors.py's work; so is a record's making (new_records).
"""

from __future__ import annotations

import json
import math
import re
from bisect import bisect_right
from dataclasses import dataclass, field
from itertools import accumulate
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from .anchors import (
    DIGITS,
    JOINED,
    Hit,
    Record,
    SplitIndex,
    anchor_of,
    digit_hits,
    new_record,
    new_records,
    purged_hash,
    search_records,
    split_index,
    whole,
)
from .errors import ParseError, Refused
from .secrets import encoded
from .secrets.purgeread import searched

if TYPE_CHECKING:
    from collections.abc import Callable

    from .change import Change
    from .workspace import Workspace

REGISTRY = ".memctl/purged.jsonl"
LEGACY = ".memctl/purged.json"
ATTRIBUTE = f"{REGISTRY} merge=union"
RECEIPTS = ".memctl/receipts/"


def bookkeeping(rel: str) -> bool:
    """Is `rel` a purge's own record: the registry (salted hashes, a receipt id, the day) or a
    receipt (named by a time and a hash)? They hold no text of anyone's, and what they hold
    is never purged text: a purge of today's date ("2026-12-06") reads in their "date" and in
    a receipt's id "20261206-…", and would refuse its own record."""
    return rel in (REGISTRY, LEGACY) or rel.startswith(RECEIPTS)


__all__ = [
    "DIGITS",
    "JOINED",
    "Record",
    "anchor_of",
    "new_record",
    "new_records",
    "purged_hash",
    "searched",
]


@dataclass
class Registry:
    records: list[Record] = field(default_factory=list)
    commits: dict[str, str] = field(default_factory=dict)  # a rewritten commit's old id → receipt
    flaws: list[Flaw] = field(default_factory=list)  # records not as memctl writes them (parse)
    # the records looked for in words joined (anchors.split_index), made when first needed
    _split: SplitIndex | None = field(default=None, init=False, repr=False, compare=False)

    def __bool__(self) -> bool:
        return bool(self.records)

    def find(self, text: str) -> Record | None:
        """The record of exactly this text (case-insensitive), if it was purged."""
        read = searched(text)
        texts = [r for r in self.records if r.reading is None]
        return next((r for r in texts for f, _ in read.all() if r.matches(f)), None)

    def hits(self, text: str, *, first: bool = True, decoding: bool = True) -> list[Hit]:
        """The purged texts `text` holds (case-insensitive, read as a person sees it: see
        searched), each with its span in `text`; with `first`, the first one only, else every
        place each one stands. A text's records are looked for in the text as searched reads
        it and with its words read as encoded.words reads them (`jim-hardie`, `<b>Jim</b>
        Hardie`); a record of words as one (JOINED) only as a whole; a word split by a blank
        read whole (encoded.rejoined: "Quill feather"); a whole token of base64 or hex read as
        the text it decodes to, and a purged text anywhere in it found there (`decoding`: the
        token's own decoded tokens are not read again)."""
        if not self.records or not text:
            return []
        readings = searched(text).every()
        by_salt: dict[str, list[Record]] = {}
        digits: dict[str, list[Record]] = {}
        for record in self.records:
            kept = digits if record.reading == DIGITS else by_salt
            kept.setdefault(record.salt, []).append(record)
        hits: set[Hit] = set()
        # a short text's readings are read as one, a line apart (no record holds a line
        # break): one pass over their words, which they mostly share; a long one's one by one,
        # so no more than one reading's words are held at once
        together = sum(len(folded) for folded, _ in readings) <= _TOGETHER
        for some in [readings] if together else [[one] for one in readings]:
            hits.update(_search(some, by_salt, first=first))
            if hits and first:
                return sorted(hits, key=_order)[:1]
        if self._split is None:
            self._split = split_index([r for r in self.records if r.reading != DIGITS])
        hashed: dict[tuple[str, str], str] = {}  # words of a text repeat: each join hashed once
        folded, span = readings[0]  # a purged word split by a blank: "Quill feather"
        for start, end, joined in encoded.rejoined(folded, set(self._split)):
            for salt, by_hash in self._split[len(joined)].items():
                digest = hashed.get((salt, joined)) or purged_hash(salt, joined)
                hashed[salt, joined] = digest
                hits.update(Hit(r.receipt, *span(start, end)) for r in by_hash.get(digest, ()))
        # a token of base64 or hex of a text that holds a purged one (once: not within another)
        tokens = encoded.base64_texts(text) + encoded.hex_texts(text) if decoding else []
        for start, end, decoded in tokens:
            hits.update(Hit(h.receipt, start, end) for h in self.hits(decoded, decoding=False))
        if hits and first:
            return sorted(hits, key=_order)[:1]
        read = readings[0]
        for h in digit_hits(read[0], digits) if digits else []:
            if first:
                return [Hit(h.receipt, *read[1](h.start, h.end))]
            hits.add(Hit(h.receipt, *read[1](h.start, h.end)))
        return sorted(hits, key=_order)

    def match(self, text: str) -> str | None:
        """The receipt id of a purged text that `text` contains (case-insensitive), else None."""
        found = self.hits(text)
        return found[0].receipt if found else None

    def merged(self, other: Registry) -> Registry:
        seen = {(r.salt, r.hash) for r in self.records}
        extra = [r for r in other.records if (r.salt, r.hash) not in seen]
        return Registry(
            self.records + extra, {**other.commits, **self.commits}, self.flaws + other.flaws
        )


# --- the file ----------------------------------------------------------------------------------


_TOGETHER = 1 << 16  # characters of readings searched as one text


def _search(
    readings: list[tuple[str, Callable[[int, int], tuple[int, int]]]],
    by_salt: dict[str, list[Record]],
    *,
    first: bool,
) -> list[Hit]:
    """Where the records (by salt) stand in the readings, each hit's span in the text read: the
    readings are searched as one text, a line apart; a record JOINED only as a whole."""
    joined = "\n".join(folded for folded, _ in readings)
    starts = list(accumulate(len(folded) + 1 for folded, _ in readings[:-1]))

    def span(start: int, end: int) -> tuple[int, int]:
        n = bisect_right(starts, start)
        at = starts[n - 1] if n else 0
        return readings[n][1](start - at, end - at)

    def accept(record: Record, start: int) -> bool:
        return record.reading != JOINED or whole(joined, start, start + record.length)

    hits: list[Hit] = []
    for salt, group in by_salt.items():
        found = search_records(joined, bytes.fromhex(salt), group, first=first, accept=accept)
        hits += [Hit(h.receipt, *span(h.start, h.end)) for h in found]
        if hits and first:
            break
    return hits


def _order(hit: Hit) -> tuple[int, int, str]:
    return hit.start, hit.end, hit.receipt


def load(ws: Workspace) -> Registry:
    """The workspace's registry: its lines, and the records of the earlier registry file."""
    return parse(_read(ws.root / REGISTRY), _read(ws.root / LEGACY))


_last: tuple[tuple[str | None, str | None], Registry] | None = None


def _current(ws: Workspace) -> Registry:
    """`load`, parsed again only when the files' text differs from the last one read: the write
    layer asks of every string a change adds (a night's run record holds hundreds), and a
    registry read once a process would miss a purge made since. Read only: nothing changes
    a Registry once parsed."""
    global _last
    key = (_read(ws.root / REGISTRY), _read(ws.root / LEGACY))
    if _last is None or _last[0] != key:
        _last = (key, parse(*key))
    return _last[1]


def _read(path: Path) -> str | None:
    """The file's text (None: not there). A byte that is not UTF-8 is read as U+FFFD: where it
    breaks a line's JSON, parse names that line; inside a string, the record reads on."""
    try:
        return path.read_bytes().decode("utf-8", "replace")
    except FileNotFoundError:
        return None
    except OSError:
        raise _damaged(f".memctl/{path.name}") from None


def parse(lines: str | None, legacy: str | None = None) -> Registry:
    """A registry from the text of its file and of the earlier one (None: not there).

    A line that is not JSON (a file cut short, a merge's markers) stops every command: memctl
    does not guess what was purged (ParseError). A line that is JSON but cannot be a record
    memctl wrote is read as far as it can be, and named in `Registry.flaws` (memctl doctor):
    a record whose salt, hash and length can still find its text is kept (a detail that is
    off, such as its anchor, is left out); one that could never match a text (a salt or hash
    that is not hex, a length that is not one) is left out, as it refuses nothing."""
    registry = Registry()
    seen: set[tuple] = set()

    def add(item: object, salt: object, where: tuple[str, int | None, str]) -> None:
        record, why, kept = _record(item, salt)
        if why is not None:
            registry.flaws.append(Flaw(where[0], where[1], f"{where[2]}{why}", kept))
        if record is None:
            return
        key = (record.salt, record.hash, record.length, json.dumps(record.anchor), record.reading)
        if key not in seen:  # the same text under another anchor is looked for by both
            seen.add(key)
            registry.records.append(record)

    for number, raw in enumerate((lines or "").splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            item = json.loads(raw, parse_int=_integer)
        except (ValueError, RecursionError):
            raise _damaged(REGISTRY, number) from None
        if isinstance(item, dict) and "commits" in item:
            _commits(registry, item, number)
        else:
            add(item, item.get("salt") if isinstance(item, dict) else None, (REGISTRY, number, ""))
    if legacy is not None:
        try:
            data = json.loads(legacy, parse_int=_integer)
            items = data["purged"]
            if not isinstance(items, list):
                raise TypeError
        except (ValueError, RecursionError, TypeError, KeyError):
            raise _damaged(LEGACY) from None
        for n, item in enumerate(items, start=1):
            salt = (item.get("salt") if isinstance(item, dict) else None) or data.get("salt")
            add(item, salt, (LEGACY, None, f"record {n}: "))
    return registry


class Flaw(NamedTuple):
    """A record of the registry that is not as memctl writes it (see parse)."""

    path: str
    line: int | None
    why: str
    kept: bool  # still looked for (a detail was left out), or left out (it could match nothing)


_HEX = re.compile(r"(?:[0-9a-fA-F]{2})+")
_KINDS = frozenset({"word", "head", "tail", "part"})
LONGEST = 1 << 30  # no text given to a purge is a gigabyte long


def _integer(digits: str) -> int | float:
    """A JSON integer, or infinity for one too long to be a length (Python refuses to read an
    integer of more than 4,300 digits)."""
    return int(digits) if len(digits) <= 30 else math.inf


def _count(value: object, low: int, high: int) -> int | None:
    """`value` as a whole number from `low` to `high`, else None. 13, 13.0 and "13" are read
    alike, as memctl read them before it checked (a boolean is no number)."""
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 30:
        value = int(value)
    elif isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        return None
    return value


def _record(item: object, salt: object) -> tuple[Record | None, str | None, bool]:
    """The record of one item of the registry, what is wrong with it (None: nothing), and
    whether it is kept all the same (see parse)."""
    if not isinstance(item, dict):
        return None, "not a JSON object, so not a record; left out", False
    digest, length = item.get("hash"), _count(item.get("length"), 1, LONGEST)
    if not isinstance(salt, str) or not _HEX.fullmatch(salt) or len(salt) > 128:
        return None, "its salt is not hex (up to 64 bytes); left out: it matches nothing", False
    if not isinstance(digest, str) or len(digest) != 64 or not _HEX.fullmatch(digest):
        return None, "its hash is not 64 hex digits; left out: it matches nothing", False
    if length is None:
        return None, f"its length is not a whole number from 1 to {LONGEST}; left out", False
    receipt, date, anchor = item.get("receipt"), item.get("date", ""), item.get("anchor")
    reading = item.get("reading")
    wrong = [] if isinstance(receipt, str) and receipt else ["receipt"]
    wrong += [] if isinstance(date, str) else ["date"]
    if reading is not None and reading not in (DIGITS, JOINED):  # read as a text's, as before
        wrong, reading = [*wrong, "reading"], None
    receipt = receipt if isinstance(receipt, str) and receipt else "unknown"  # a match is named
    if anchor is not None:
        anchor = _anchor(anchor, length)
        if anchor is None:  # its text is looked for at every place instead
            wrong.append("anchor")
    record = Record(receipt, salt.lower(), digest.lower(), length, str(date), anchor, reading)
    if not wrong:
        return record, None, True
    return record, f"its {', '.join(wrong)} is not as memctl writes it; kept", True


def _anchor(anchor: object, length: int) -> dict | None:
    """`anchor` as anchors.py reads it, if it is one anchors.anchor_of could give a text of
    `length` characters; else None."""
    if not isinstance(anchor, dict) or anchor.get("kind") not in _KINDS:
        return None
    at, size = _count(anchor.get("at"), 0, length), _count(anchor.get("len"), 1, length)
    tag = _count(anchor.get("tag"), 0, 255)
    if at is None or size is None or tag is None:
        return None
    kind = anchor["kind"]
    if kind == "head":  # `len` is where the first word ends, `at` where its last letters start
        fits = at < size
    elif kind == "part":
        fits = at == 0
    else:  # a word inside, or the last word to the end
        fits = at + size <= length
    return {"kind": kind, "at": at, "len": size, "tag": tag} if fits else None


def _commits(registry: Registry, item: dict, number: int) -> None:
    """A line naming the commits a purge rewrote away: each id is kept."""
    ids, receipt = item["commits"], item.get("receipt")
    good = (
        [c for c in ids if isinstance(c, str) and _HEX.fullmatch(c)]
        if isinstance(ids, list)
        else []
    )
    named = receipt if isinstance(receipt, str) and receipt else "unknown"
    registry.commits.update((c.lower(), named) for c in good)
    if not isinstance(ids, list) or len(good) < len(ids) or named != receipt:
        why = (
            "its commits are not a list of commit ids"
            if not good
            else "part of it is not as memctl writes it"
        )
        registry.flaws.append(Flaw(REGISTRY, number, f"{why}; {len(good)} id(s) kept", bool(good)))


def _damaged(path: str, line: int | None = None) -> ParseError:
    return ParseError(
        "the purge registry is damaged; restore it from git (memctl refuses to "
        "guess what was purged)",
        path=path,
        line=line,
    )


def register(
    ws: Workspace, change: Change, *records: Record, commits: dict[str, str] | None = None
) -> None:
    """Inside an open change: add records (and/or the old ids of rewritten commits) to the
    registry; move the earlier registry's records in, and make sure the file merges as a union."""
    path = ws.root / REGISTRY
    known = {(r.salt, r.hash) for r in parse(_read(path)).records}
    fresh = list(records)
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


def find_purged(ws: Workspace, text: str, *, first: bool = True) -> list[Hit]:
    """The purged texts `text` holds (see Registry.hits), each with its span in `text`; with
    `first`, the first one only."""
    return _current(ws).hits(text, first=first)


def purged_match(ws: Workspace, text: str) -> str | None:
    """The receipt id of a purged text that `text` contains (case-insensitive), else None."""
    return _current(ws).match(text)


def refuse_purged(ws: Workspace, text: str) -> None:
    receipt = purged_match(ws, text)
    if receipt:
        raise Refused(
            f"this text contains something purged on purpose (receipt {receipt}); "
            "memctl will not store it again"
        )
