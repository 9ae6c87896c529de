"""Finding a purged text known only by its hash (purged.py's registry), and the records that
know it.

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
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from .dates import fmt_date
from .secrets import encoded, letters, numbers
from .secrets.purgeread import searched
from .secrets.turned import other_order, turned

if TYPE_CHECKING:
    from collections.abc import Callable

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


def word_anchor(salt: str, word: str) -> dict:
    """The anchor of a pattern that is one word (casefolded) and is found only as a whole word
    of a text: the word itself, as a "word" anchor that spans it."""
    return {"kind": "word", "at": 0, "len": len(word), "tag": _tag(bytes.fromhex(salt), word)}


def search_records(
    folded: str,
    key: bytes,
    records: list[Record],
    *,
    first: bool,
    within: re.Pattern[str] | None = None,
    accept: Callable[[Record, int], bool] | None = None,
) -> list[Hit]:
    """Where the records' texts stand in `folded`, all hashed under `key`; with `within`, only
    in the words it finds something in (every record's anchor is in such a word); with
    `accept`, only where it accepts the record at that start."""

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
            if full(start, record) and (accept is None or accept(record, start)):
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
        self._lengths: dict[int, list[str]] | None = None

    def of_length(self, size: int) -> list[str]:
        """The words of `size` characters (a "word" anchor's): grouped by length once, so many
        records of whole words of different lengths cost one pass over the words, not many."""
        if self._lengths is None:
            self._lengths = {}
            for word in self:
                self._lengths.setdefault(len(word), []).append(word)
        return self._lengths.get(size, [])

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
    for word in index.of_length(edge) if kind == "word" else index:
        if len(word) < edge:
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


# --- the records -------------------------------------------------------------------------------

DIGITS = "digits"  # a record's reading: the text's numbers by their digits (see Record)
JOINED = "joined"  # a record's reading: the text's words as one, found as a whole (see Record)
# A run of joiners between two letters or digits (encoded.JOINERS), and a space there.
_SPACED = re.compile(f"(?<=[^\\W_])[{re.escape(encoded.JOINERS)}]+(?=[^\\W_])")
_BETWEEN = re.compile(r"(?<=[^\W_]) (?=[^\W_])")


@dataclass(frozen=True)
class Record:
    """One purged text, known only by its salted hash, its length and its anchor. A text that
    holds a number (numbers.phone_like) has a second record, `reading` DIGITS: its reading by
    its numbers' digits (numbers.readings), found in that reading of a text, so the number in
    any grouping, or from abroad, is the number. memctl before it read digits reads such a
    record as a text's: it refuses the digits alone. A text of two words or more has a record
    of its words as one (`reading` JOINED: "jimhardie" for "Jim Hardie"), found only as a
    whole (see `whole`); and, when a joiner stands between two of its words
    (encoded.JOINERS: "Zanzibar-7731"), a record of the text with a space there instead
    (a text's record: "zanzibar 7731")."""

    receipt: str
    salt: str
    hash: str
    length: int
    date: str
    anchor: dict | None = None
    reading: str | None = None  # None: the text as searched reads it; DIGITS, JOINED: above

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
        if self.reading is not None:
            item["reading"] = self.reading
        return json.dumps(item) + "\n"


def purged_hash(salt: str, text: str) -> str:
    key = bytes.fromhex(salt)
    return hashlib.blake2b(text.casefold().encode("utf-8"), key=key, digest_size=32).hexdigest()


def new_record(text: str, *, salt: str, receipt: str, today: dt.date) -> Record:
    """The record of a text purged (as searched reads it)."""
    return _made(searched(text).folded, salt, receipt, today)


def new_records(text: str, *, salt: str, receipt: str, today: dt.date) -> list[Record]:
    """The records of a text purged: of each of its forms (`written`: surname first, without
    accents), its own; of two words or more, its words with a space between each two and with
    nothing (see Record); and, when it holds a number, the record of its reading by its
    numbers' digits (with the "+" and country code of one given so)."""
    folded = searched(text).folded
    records: list[Record] = []
    for form in written(folded):
        records.append(_made(form, salt, receipt, today))
        spaced = _SPACED.sub(" ", form)  # "zanzibar-7731" is "zanzibar 7731"
        if spaced != form:
            records.append(_made(spaced, salt, receipt, today))
        joined = _BETWEEN.sub("", spaced)
        if joined != spaced and "," not in form:  # "jim hardie" is "jimhardie", as a whole
            records.append(_made(joined, salt, receipt, today, JOINED))
    if numbers.phone_like(folded):
        digits = numbers.readings(folded)[-1].text
        record = _made(digits, salt, receipt, today, DIGITS)
        # one word is looked for as a number alone (_digit_hits): of digits only, else not at all
        # (a number glued to letters, "tel017655501234", is read as it is)
        if (record.anchor or {}).get("kind") != "part" or digits.isdigit():
            records.append(record)
    return records


def written(folded: str) -> list[str]:
    """The forms of a purged text (casefolded) that each have records: the text; a name of
    two or three words also surname first, after a comma and without ("hardie, jim", "hardie
    jim"); a text of two words or more, or one long word, also backwards and in ROT13
    (secrets.turned: "eidrah mij", "wvz uneqvr"); and each of those as someone typing ASCII
    writes it (letters.forms: "josé núñez" as "jose nunez", "jörg" as "jorg" and "joerg")."""
    texts = [folded, *other_order(folded), *turned(folded)]
    return list(dict.fromkeys(f for t in texts for f in [t, *letters.forms(t)]))


def _made(
    folded: str, salt: str, receipt: str, today: dt.date, reading: str | None = None
) -> Record:
    # a record of words as one is found as a whole word: its anchor is that word, when it is one
    one_word = reading == JOINED and _WORD.fullmatch(folded) is not None
    return Record(
        receipt,
        salt,
        purged_hash(salt, folded),
        len(folded),
        fmt_date(today),
        word_anchor(salt, folded) if one_word else anchor_of(salt, folded),
        reading,
    )


def digit_hits(folded: str, by_salt: dict[str, list[Record]]) -> list[Hit]:
    """Where the records of texts' numbers stand in a text, by its numbers' digits, each a
    run of whole groups of digits. A record of a number alone (its anchor part of one word:
    new_records makes it of digits only, or a "+" and digits) is looked for only in the
    windows of numbers.whole_numbers; one of a text that holds a number, in the text's
    readings by digits (numbers.readings)."""
    found: list[Hit] = []
    alone: dict[str, dict[tuple[int, str], list[Record]]] = {}
    rest: dict[str, list[Record]] = {}
    for salt, records in by_salt.items():
        for record in records:
            if record.anchor is not None and record.anchor["kind"] == "part":
                key = (record.length, record.hash)
                alone.setdefault(salt, {}).setdefault(key, []).append(record)
            else:
                rest.setdefault(salt, []).append(record)
    lengths = {size for keys in alone.values() for size, _ in keys}

    def wanted(read: str) -> bool:
        return any((len(read), purged_hash(salt, read)) in keys for salt, keys in alone.items())

    for read, start, end in numbers.whole_numbers(folded, lengths, wanted) if lengths else []:
        for salt, keys in alone.items():
            for record in keys.get((len(read), purged_hash(salt, read)), ()):
                found.append(Hit(record.receipt, start, end))
    for reading in numbers.readings(folded) if rest else []:
        if numbers.NUMBER.search(reading.text) is None:
            continue  # every such record holds a number of PHONE - 1 digits or more
        for salt, records in rest.items():
            for h in search_records(reading.text, bytes.fromhex(salt), records, first=False):
                if reading.whole(h.start, h.end):
                    found.append(Hit(h.receipt, *reading.span(h.start, h.end)))
    return found


def whole(folded: str, start: int, end: int) -> bool:
    """Whether the span stands on its own in `folded`: no letter or digit just before or after
    it (a record JOINED is found only so: "jimhardie" is not in "jimhardiesson")."""
    before = folded[start - 1] if start > 0 else " "
    after = folded[end] if end < len(folded) else " "
    return not before.isalnum() and not after.isalnum()


# A purged word split by a blank or a line break is found whole (encoded.rejoined): only a
# record of SPLIT_SHORTEST characters or more is looked for so (a short word is too often two
# words of prose: "new man" and a purged "Newman").
SPLIT_SHORTEST = 8
# The records looked for in words joined, by length, salt and hash (split_index).
SplitIndex = dict[int, dict[str, dict[str, list[Record]]]]


def split_index(records: list[Record]) -> SplitIndex:
    """The records of SPLIT_SHORTEST characters or more, by length, salt and hash."""
    wanted: SplitIndex = {}
    for record in records:
        if record.length >= SPLIT_SHORTEST:
            by_salt = wanted.setdefault(record.length, {}).setdefault(record.salt, {})
            by_salt.setdefault(record.hash, []).append(record)
    return wanted
