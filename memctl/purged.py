"""What was purged stays purged: a registry of salted hashes, never the texts themselves.

`memctl forget --purge` adds a line to `.memctl/purged.jsonl`, committed so every clone shares
it: the purged text's hash under a salt of its own, the text's length, the receipt and the date.
A second kind of line lists the commits the purge rewrote away (their old ids hold the text,
and say nothing about it): `memctl sync` refuses history that brings one of them back. Lines
are only ever added, one record each, and the file merges as a union (`merge=union` in
.gitattributes), so two machines that each purged something merge without a conflict. The
registry of earlier versions, `.memctl/purged.json` (one salt for all), is still read, and is
moved into the new file by the next purge. Every door that writes a memory (`add`, `log`,
`remember`, imports, the nightly job) asks `refuse_purged` first.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

from .dates import fmt_date
from .errors import ParseError, Refused
from .workspace import Workspace

REGISTRY = ".memctl/purged.jsonl"
LEGACY = ".memctl/purged.json"
ATTRIBUTE = f"{REGISTRY} merge=union"


@dataclass(frozen=True)
class Record:
    """One purged text, known only by its salted hash and its length."""

    receipt: str
    salt: str
    hash: str
    length: int
    date: str

    def matches(self, folded: str) -> bool:
        """True if `folded` (casefolded) is this record's text."""
        return len(folded) == self.length and purged_hash(self.salt, folded) == self.hash

    def line(self) -> str:
        return json.dumps({"receipt": self.receipt, "salt": self.salt, "hash": self.hash,
                           "length": self.length, "date": self.date}) + "\n"  # fmt: skip


@dataclass
class Registry:
    records: list[Record] = field(default_factory=list)
    commits: dict[str, str] = field(default_factory=dict)  # a rewritten commit's old id → receipt

    def __bool__(self) -> bool:
        return bool(self.records)

    def find(self, text: str) -> Record | None:
        """The record of exactly this text (case-insensitive), if it was purged."""
        folded = text.casefold()
        return next((r for r in self.records if r.matches(folded)), None)

    def match(self, text: str) -> str | None:
        """The receipt id of a purged text that `text` contains (case-insensitive), else None:
        every window of a record's length, hashed under the record's salt."""
        if not self.records:
            return None
        folded = text.casefold()
        data = folded.encode("ascii") if folded.isascii() else None  # then a window is a slice
        for record in self.records:
            keyed = hashlib.blake2b(key=bytes.fromhex(record.salt), digest_size=32)
            size, digest = record.length, bytes.fromhex(record.hash)
            for start in range(0, max(len(folded) - size + 1, 0)):
                probe = keyed.copy()
                probe.update(data[start : start + size] if data is not None
                             else folded[start : start + size].encode("utf-8"))  # fmt: skip
                if probe.digest() == digest:
                    return record.receipt
        return None

    def merged(self, other: Registry) -> Registry:
        seen = {(r.salt, r.hash) for r in self.records}
        extra = [r for r in other.records if (r.salt, r.hash) not in seen]
        return Registry(self.records + extra, {**other.commits, **self.commits})


def purged_hash(salt: str, text: str) -> str:
    return hashlib.blake2b(text.casefold().encode("utf-8"), key=bytes.fromhex(salt),
                           digest_size=32).hexdigest()  # fmt: skip


def load(ws: Workspace) -> Registry:
    """The workspace's registry: its lines, and the records of the earlier registry file."""
    return parse(_read(ws.root / REGISTRY), _read(ws.root / LEGACY))


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except UnicodeDecodeError:
        raise _damaged(path.name) from None


def parse(lines: str | None, legacy: str | None = None) -> Registry:
    """A registry from the text of its file and of the earlier one (None: not there)."""
    registry = Registry()
    seen: set[tuple[str, str]] = set()

    def add(record: Record) -> None:
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
                add(Record(str(item["receipt"]), str(item["salt"]), str(item["hash"]),
                           int(item["length"]), str(item.get("date", ""))))  # fmt: skip
        except (ValueError, TypeError, KeyError, AttributeError):
            raise _damaged(REGISTRY, number) from None
    if legacy is not None:
        try:
            data = json.loads(legacy)
            for item in data["purged"]:
                add(Record(str(item["receipt"]), str(data["salt"]), str(item["hash"]),
                           int(item["length"]), str(item.get("date", ""))))  # fmt: skip
        except (ValueError, TypeError, KeyError, AttributeError):
            raise _damaged(LEGACY) from None
    return registry


def _damaged(path: str, line: int | None = None) -> ParseError:
    return ParseError("the purge registry is damaged; restore it from git (memctl refuses to "
                      "guess what was purged)", path=path, line=line)  # fmt: skip


def new_record(text: str, *, salt: str, receipt: str, today: dt.date) -> Record:
    folded = text.casefold()
    return Record(receipt, salt, purged_hash(salt, folded), len(folded), fmt_date(today))


def register(ws: Workspace, change, record: Record | None = None, *,
             commits: dict[str, str] | None = None) -> None:  # fmt: skip
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
        change.append(attributes, "# memctl: each purge adds a line; two machines' lines merge\n"
                      f"{ATTRIBUTE}\n")  # fmt: skip


def purged_match(ws: Workspace, text: str) -> str | None:
    """The receipt id of a purged text that `text` contains (case-insensitive), else None."""
    return load(ws).match(text)


def refuse_purged(ws: Workspace, text: str) -> None:
    receipt = purged_match(ws, text)
    if receipt:
        raise Refused(f"this text contains something purged on purpose (receipt {receipt}); "
                      "memctl will not store it again")  # fmt: skip
