"""Numbers as a person reads them: the same digits in any grouping are the same number.

A phone number is written "0176 5550 1234", "0176-5550-1234", "0176.5550.1234",
"(0176) 5550 1234" or "017655501234", and from abroad "+49 176 5550 1234",
"+49 (0)176 5550 1234" or "0049 176 5550 1234": a reader reads one number. `readings` gives
a text (casefolded, as memctl.purged.searched reads it) with the separators between digits
dropped (a space, "-", ".", "/", a parenthesis), a national number's leading 0 (its trunk
prefix) dropped, and an international number's "+" or "00", its country code and a "(0)"
after it dropped too: the number as dialled at home without its 0. When the text holds an
international number, a second reading keeps its "+" and country code, so a number purged in
its international form is not found under another country's code.

Each reading is a hidden.Seen of the text given, and knows where its groups of digits begin
and end (`Digits.whole`): a purged number is found where a reader sees one begin and end,
never inside a longer number ("1555-0199" does not hold "555-0199"). A pass of one regex
without nested repeats, and a few steps for each number that has a separator or a prefix.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple

from .hidden import Seen, edited

if TYPE_CHECKING:
    from collections.abc import Callable

# What stands between two groups of one number: one of " ./-", or a parenthesis with a space
# or a dash on its outer side ("(0176) 5550", "0176 (5550)").
SEP = r"(?:[ ./-]|\)[ -]?|[ -]?\()"
_GROUP = re.compile("[0-9]+")
_CUT = re.compile(SEP)
_DIGIT = re.compile("[0-9]")
PHONE = 7  # digits of a run that make it a number read in any grouping (fewer: as it is)
NUMBER = re.compile(f"[0-9]{{{PHONE - 1}}}")  # a word that holds one, read so
# A number of PHONE digits or more, with its prefix (C-level: the numbers of fewer are passed);
# not a date written as one (2026-01-05, 05.01.2026, 1/5/2026), which is read as it is.
_DATE = r"(?:[0-9]{4}-[0-9]{2}-[0-9]{2}|[0-9]{1,2}(?P<on>[./])[0-9]{1,2}(?P=on)[0-9]{4})"
_PHONE = re.compile(  # (the lookahead first: most places are passed at once)
    rf"(?=[(+0-9])(?P<lead>\(\+?|\+\(?)?(?<![0-9])(?!{_DATE}(?!{SEP}?[0-9]))"
    rf"[0-9](?:{SEP}?[0-9]){{{PHONE - 1},}}"
)
# The country codes of two digits (ITU-T E.164); 1 and 7 are of one, every other code of
# three. No code is the start of another, so a number's own digits say where its code ends.
_TWO = frozenset(
    "20 27 30 31 32 33 34 36 39 40 41 43 44 45 46 47 48 49 51 52 53 54 55 56 57 58 60 61 62 "
    "63 64 65 66 81 82 84 86 90 91 92 93 94 95 98".split()
)


def country(digits: str) -> int:
    """How many of `digits` (a number after its "+") are its country code."""
    return 1 if digits[:1] in ("1", "7") else 2 if digits[:2] in _TWO else 3


class Digits(NamedTuple):
    """A reading of a text by its numbers' digits (see the module), the span in the text it
    was read from of a span of it, and where a group of digits starts and ends in it."""

    text: str
    seen: Seen | None
    starts: frozenset[int]
    ends: frozenset[int]

    def span(self, start: int, end: int) -> tuple[int, int]:
        return (start, end) if self.seen is None else self.seen.span(start, end)

    def whole(self, start: int, end: int) -> bool:
        """True if [start, end) cuts no group of digits: where it begins after a digit (or a
        "+"), a group begins, and where it ends before a digit, a group ends."""
        text = self.text
        if 0 < start < len(text) and text[start] in _DIGITS and text[start - 1] in "+0123456789":
            if start not in self.starts:
                return False
        if 0 < end < len(text) and text[end] in _DIGITS and text[end - 1] in _DIGITS:
            return end in self.ends
        return True


_DIGITS = frozenset("0123456789")


def phone_like(folded: str) -> bool:
    """True if the text holds a number of PHONE digits or more, in one group or in several."""
    return _PHONE.search(folded) is not None


def readings(folded: str) -> list[Digits]:
    """The text read by its numbers' digits: [] when it holds no digit, else the reading with
    each number as dialled at home, and (when the text holds an international number) the one
    that keeps its "+" and country code."""
    if _DIGIT.search(folded) is None:
        return []
    edits: tuple[list[tuple[int, int, str]], ...] = ([], [])
    starts: tuple[set[int], ...] = (set(), set())
    ends: tuple[set[int], ...] = (set(), set())
    shift = [0, 0]  # characters each reading dropped so far
    international = False
    for m in _PHONE.finditer(folded):  # fewer digits than a phone number's: read as it is
        run = m.group()
        if m.group("lead") is None and run[0] != "0" and run.isdigit():
            continue  # one group, no prefix
        home, abroad = _pieces(folded, m)
        international |= abroad is not None
        for n, pieces in enumerate((home, home if abroad is None else abroad)):
            edge = m.start()
            for start, end, read, marked in pieces:
                if read is not None:  # "+" for the prefix of an international number
                    if folded[edge:end] != read:
                        edits[n].append((edge, end, read))
                        shift[n] += end - edge - len(read)
                    edge = end
                    continue
                at = edge - shift[n]  # where this piece starts in the reading
                if edge < start:  # what stands before it is read with its first digit
                    edits[n].append((edge, start + 1, folded[start]))
                    shift[n] += start - edge
                if marked:
                    starts[n].add(at)
                    ends[n].add(at + end - start)
                    if folded[start] == "0":
                        starts[n].add(at + 1)
                edge = end
    found = [_reading(folded, edits[0], starts[0], ends[0])]
    if international:
        found.append(_reading(folded, edits[1], starts[1], ends[1]))
    return found


def _reading(
    folded: str, edits: list[tuple[int, int, str]], starts: set[int], ends: set[int]
) -> Digits:
    seen = edited(folded, edits)
    return Digits(folded if seen is None else seen.text, seen, frozenset(starts), frozenset(ends))


def whole_numbers(
    folded: str, lengths: set[int], wanted: Callable[[str], bool]
) -> list[tuple[str, int, int]]:
    """Each number of PHONE digits or more in the text, read as `readings` reads it, in each
    window of one of `lengths` characters that holds whole groups of its digits (see
    Digits.whole): what the window reads, and its span in the text. A window that starts
    where the number does also holds what is dropped before it ("+49 ", "(0"); one abroad
    starts with the "+" of an international number. Only the windows `wanted`: a few steps
    for each number, the span found for those alone."""
    found: list[tuple[str, int, int]] = []
    shortest = min(lengths)
    for m in _PHONE.finditer(folded):
        lead = m.group("lead") or ""
        parts = _CUT.split(m.group()[len(lead) :])
        digits = "".join(parts)
        total = len(digits)
        if total < shortest - 1:
            continue  # too short for any window ("+" and its digits at most)
        code, size, home = _prefix(folded, m.start(), lead, digits)
        cuts, at = [], 0
        for part in parts:
            cuts.append(at)
            at += len(part)
        starts = {home, *cuts, *(c + 1 for c in cuts if digits[c] == "0")}
        ends = {*cuts[1:], total}
        for length in lengths:
            for s in range(home, total - length + 1):
                if s in starts and s + length in ends and wanted(digits[s : s + length]):
                    found.append((digits[s : s + length], *_span(m, s, s + length, home)))
            if code is not None:
                prefix = "+" + digits[code : code + size]
                e = home + length - len(prefix)
                if home < e <= total and e in ends and wanted(prefix + digits[home:e]):
                    found.append((prefix + digits[home:e], *_span(m, -1, e, home)))
    return found


def _span(m: re.Match[str], first: int, last: int, home: int) -> tuple[int, int]:
    """The span in the text of digits `first` to `last` (excluded) of the number `m`; from
    where it starts when `first` is the first read at home."""
    groups = [(g.start() + m.start(), g.end() + m.start()) for g in _GROUP.finditer(m.group())]
    start = m.start() if first <= home else _place(groups, first)
    return start, _place(groups, last - 1) + 1


def _prefix(folded: str, start: int, lead: str, digits: str) -> tuple[int | None, int, int]:
    """Where a number's country code starts in its digits (None: not international), its
    length, and the first digit read at home (after a trunk prefix, or the country code)."""
    before = folded[start - 1] if start else " "
    alone = not (before.isalnum() or before == "_")  # a prefix is read where a number begins
    code: int | None = None
    if "+" in lead:
        code = 0 if digits[0] != "0" else None
    elif alone and digits[:2] == "00" and digits[2:3] not in ("", "0"):
        code = 2
    if code is not None:
        size = country(digits[code:])
        home = code + size + (digits[code + size : code + size + 1] == "0")  # "+49 (0)176"
        if home < len(digits):
            return code, size, home
    return None, 0, 1 if alone and "+" not in lead and digits[0] == "0" else 0  # a trunk 0


def _place(groups: list[tuple[int, int]], index: int) -> int:
    """Where the digit `index` of a number of `groups` stands in the text."""
    for s, e in groups:
        if index < e - s:
            return s + index
        index -= e - s
    raise IndexError(index)


# A piece of a number: its span in the text, what it is read as (None: its digits, the first
# also standing for what was dropped before it) and whether it is a group of digits whose start
# and end a purged number may start or end at.
Piece = tuple[int, int, "str | None", bool]


def _pieces(folded: str, m: re.Match[str]) -> tuple[list[Piece], list[Piece] | None]:
    """A number's pieces, read at home and (when it is international) abroad."""
    lead = m.group("lead") or ""
    groups = [(g.start() + m.start(), g.end() + m.start()) for g in _GROUP.finditer(m.group())]
    digits = "".join(folded[s:e] for s, e in groups)
    code, size, home = _prefix(folded, m.start(), lead, digits)
    at_home = _from(groups, home, len(digits), marked=True)
    if code is None:
        return at_home, None
    first = _from(groups, code, code + size, marked=False)
    abroad: list[Piece] = [(m.start(), first[0][0], "+", False), *first]
    s, e, _, _ = at_home[0]
    abroad.append((s, e, None, False))  # where the number abroad goes on is no start
    return at_home, abroad + at_home[1:]


def _from(groups: list[tuple[int, int]], first: int, last: int, *, marked: bool) -> list[Piece]:
    """The pieces of digits `first` to `last` (excluded) of a number of `groups`."""
    pieces: list[Piece] = []
    seen = 0
    for s, e in groups:
        lo, hi = max(first - seen, 0), min(last - seen, e - s)
        if lo < hi:
            pieces.append((s + lo, s + hi, None, marked))
        seen += e - s
    return pieces


class Number(NamedTuple):
    """A number of PHONE digits or more in a text: its span, its digits' places, where its
    country code starts among them (None: not international) and its length, and its first
    digit read at home."""

    start: int
    end: int
    places: list[int]
    code: int | None
    size: int
    home: int


def numbers(folded: str) -> list[Number]:
    """The numbers of PHONE digits or more in the text (as `readings` reads them)."""
    found = []
    for m in _PHONE.finditer(folded):
        lead = m.group("lead") or ""
        places = [p for g in _GROUP.finditer(m.group()) for p in range(*g.span())]
        places = [m.start() + p for p in places]
        digits = "".join(folded[p] for p in places)
        found.append(Number(m.start(), m.end(), places, *_prefix(folded, m.start(), lead, digits)))
    return found
