"""Feed each regular expression runs of what its own repeated parts match, as a hostile text
would write them, and see that none is read in countless ways.

A pattern backtracks for ever when a part it repeats can match a run in many ways ("a", "i" and
"ai" all allowed: a run of "ai" splits each way at each step) or when two repeated parts can
share a run ("key:value" words with a value that may hold ":"). So for every repeat of a pattern
(`*`, `+`, `{2,}`), this spells what the pattern can match before it (the lead) and what one turn
of the repeat can match (the unit), then searches the lead and sixty units followed by a
character that fails the match: a pattern without the fault reads it at once; one with it
tries more ways than there are seconds in a year.

Run as a process of its own (tests/test_patterns.py), with (source, flags, where) triples
pickled on standard input; it names each pattern on standard error before trying it, so the
last name written is the one that hung.
"""

from __future__ import annotations

import pickle
import re
import sys
from re import _constants as C  # noqa: N812
from re import _parser as P  # noqa: N812
from typing import Any

RUN = 60  # units in a row: 2 ways a unit is 2**60 tries
SPELLINGS = 24  # the spellings kept of each part (the shortest first)
_CLASS = {
    C.CATEGORY_SPACE: " ",
    C.CATEGORY_NOT_SPACE: "a",
    C.CATEGORY_WORD: "a",
    C.CATEGORY_NOT_WORD: " ",
    C.CATEGORY_DIGIT: "1",
    C.CATEGORY_NOT_DIGIT: "a",
    C.CATEGORY_LINEBREAK: "\n",
    C.CATEGORY_NOT_LINEBREAK: "a",
}
_REPEATS = (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT)

Repeat = tuple[frozenset[str], frozenset[str]]  # (leads, units)


def _kept(spellings: set[str]) -> set[str]:
    return set(sorted(spellings, key=lambda s: (len(s), s))[:SPELLINGS])


def _one_of(items: list[tuple[Any, Any]]) -> set[str]:
    """A character of each kind a set ("[a-z_:]") admits."""
    out: set[str] = set()
    for op, av in items:
        if op is C.NEGATE:
            return {"\x01"}
        if op is C.LITERAL:
            out.add(chr(av))
        elif op is C.RANGE:
            out.add(chr(av[0]))
        elif op is C.CATEGORY:
            out.add(_CLASS.get(av, "a"))
    return out or {"a"}


def spell(items: list[tuple[Any, Any]], before: set[str], repeats: list[Repeat]) -> set[str]:
    """What `items` can match, after each spelling of `before`; each repeat met is noted with
    the spellings that lead to it."""
    outs = set(before)
    for op, av in items:
        if op is C.LITERAL:
            outs = {o + chr(av) for o in outs}
        elif op is C.NOT_LITERAL:
            outs = {o + ("b" if chr(av) == "a" else "a") for o in outs}
        elif op is C.ANY:
            outs = {o + "a" for o in outs}
        elif op is C.IN:
            outs = {o + c for o in outs for c in _one_of(av)}
        elif op is C.SUBPATTERN:
            outs = spell(av[3], outs, repeats)
        elif op is C.ATOMIC_GROUP:
            outs = spell(av, outs, repeats)
        elif op is C.BRANCH:
            outs = set().union(*(spell(branch, outs, repeats) for branch in av[1]))
        elif op in _REPEATS:
            low, high, sub = av
            units = {u for u in spell(sub, {""}, repeats) if u}
            if high is C.MAXREPEAT or high > 1:
                repeats.append((frozenset(outs), frozenset(units)))
            once = {o + u * max(low, 1) for o in outs for u in units}
            outs = (outs | once) if low == 0 else once
        outs = _kept(outs)  # assertions, anchors and back references spell nothing
    return outs


def repeats(source: str | bytes, flags: int) -> list[Repeat]:
    found: list[Repeat] = []
    spell(P.parse(source, flags), {""}, found)
    return found


def squares(patterns: list[tuple[str | bytes, int, str]]) -> list[str]:
    """The patterns a search reads in a time growing with the square of a long run of what one
    of their repeats matches (or worse): every start inside the run reads on to its end. Each is
    searched in LONG units, then in a quarter of them; a time growing with the length gives
    four times as long, the square sixteen."""
    import time

    def took(pattern: re.Pattern, text: str, binary: bool) -> float:
        given = text.encode("utf-8", "surrogatepass") if binary else text
        best = float("inf")
        for _ in range(2):
            started = time.perf_counter()
            pattern.search(given)
            best = min(best, time.perf_counter() - started)
        return best

    found = []
    for source, flags, where in patterns:
        pattern, binary = re.compile(source, flags), isinstance(source, bytes)
        units = {u for _, spelled in repeats(source, flags) for u in spelled if u}
        for unit in sorted(units, key=lambda u: (len(u), u))[:SQUARE_UNITS]:
            long = took(pattern, unit * LONG + "\x00", binary)
            if long > SLOW and long > 10 * took(pattern, unit * (LONG // 4) + "\x00", binary):
                found.append(f"{where} on a run of {unit!r}: {long:.2f} s")
                break
    return found


LONG = 3000  # units in a row, and a quarter of them
SLOW = 0.02  # seconds a search of LONG units takes before it is timed again shorter
SQUARE_UNITS = 8  # the shortest spellings of a pattern's repeats tried


def main() -> int:
    patterns: list[tuple[str | bytes, int, str]] = pickle.loads(sys.stdin.buffer.read())
    if sys.argv[1:] == ["--square"]:
        print("\n".join(squares(patterns)))
        return 0
    for source, flags, where in patterns:
        print(where, file=sys.stderr, flush=True)
        pattern = re.compile(source, flags)
        for leads, units in repeats(source, flags):
            for lead in leads:
                for unit in units:
                    for tail in ("\x00", "!"):
                        text = lead + unit * RUN + tail
                        if isinstance(source, bytes):  # a pattern of bytes reads bytes
                            pattern.search(text.encode("utf-8", "surrogatepass"))
                        else:
                            pattern.search(text)
    print(len(patterns))
    return 0


if __name__ == "__main__":
    sys.exit(main())
