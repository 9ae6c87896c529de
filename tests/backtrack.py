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
import time
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


def runs(source: str | bytes, flags: int) -> list[str]:
    """The pieces whose runs a search of the pattern is fed: what one turn of each of its repeats
    matches ("a", " "), and each of its leads (what it matches before a repeat: its literal
    words and prefixes, "backup", "sudo -", "otpauth://") followed by what the repeat's turn
    matches or a space or a dash ("backup-", "ai ", "otpauth://a"), as a hostile text would
    repeat a secret's name or a word of address; the shortest of each kind first."""

    def shortest(spellings, count: int) -> list[str]:
        return sorted({s for s in spellings if s}, key=lambda s: (len(s), s))[:count]

    found = repeats(source, flags)
    units = shortest({u for _, spelled in found for u in spelled}, SQUARE_UNITS)
    led: set[str] = set()
    for leads, spelled in found:
        for lead in shortest(leads, LEADS):
            led.update(lead + tail for tail in shortest(spelled, LEADS) + [" ", "-"])
    return units + [piece for piece in shortest(led, LED) if piece not in units]


def took(pattern: re.Pattern, text: str | bytes, tries: int) -> float:
    """The least processor time of `tries` searches of `text`: the time this process was given,
    not the time others on a loaded machine took from it."""
    best = float("inf")
    for _ in range(tries):
        started = time.thread_time()
        pattern.search(text)
        best = min(best, time.thread_time() - started)
    return best


def took_each(pattern: re.Pattern, texts: list[str | bytes], tries: int) -> list[float]:
    """The least processor time of `tries` searches of each text, the texts searched in turn
    so that a change in the machine's load falls on all of them alike."""
    best = [float("inf")] * len(texts)
    for _ in range(tries):
        for i, text in enumerate(texts):
            best[i] = min(best[i], took(pattern, text, 1))
    return best


def grows_with_square(pattern: re.Pattern, piece: str, binary: bool) -> float | None:
    """The time of a search of a long run of `piece` when it grows with the square of the run's
    length (or worse), else None. The run is searched once at a sixty-fourth of LONG, an eighth
    and the whole, up to the first that is slow; that length is searched again (best of TRIES)
    with an eighth of it, in turn: a time growing with the length is eight times as long at the
    longer, the square sixty-four; a ratio past GROWTH is far from both, and twice the run must
    then take more than DOUBLED times as long, so a machine's load moves neither across."""
    units = max(LONG // len(piece), 64)

    def text(count: int) -> str | bytes:
        run = piece * count + "\x00"
        return run.encode("utf-8", "surrogatepass") if binary else run

    slow = next(
        (n for n in (units // 64, units // 8, units) if took(pattern, text(n), 1) > SLOW), 0
    )
    if not slow:
        return None
    short, long = took_each(pattern, [text(slow // 8), text(slow)], TRIES)
    if not (long > SLOW and long > GROWTH * max(short, 1e-4)):
        return None
    # A bounded repeat ("{0,1000}") reads the short run to its end and the long one to its bound,
    # which with a loaded machine's noise can pass the ratio: twice the run is four times the
    # time when the time grows with the square, twice when it grows with the length, and a
    # loaded machine's noise moves one ratio across DOUBLED now and then, seldom most of them.
    passed = failed = 0
    while 2 * max(passed, failed) <= CONFIRMS:  # until most of them have said
        once, twice = took_each(pattern, [text(slow), text(2 * slow)], TRIES)
        if twice > DOUBLED * once:
            passed += 1
        else:
            failed += 1
    return long if passed > failed else None


def squares(patterns: list[tuple[str | bytes, int, str]]) -> list[str]:
    """The patterns a search reads in a time growing with the square of a long run of one of
    their pieces (runs: a repeat's turn, or a lead and what follows it), or worse: every start
    inside the run reads on to its end."""
    found = []
    for source, flags, where in patterns:
        print(where, file=sys.stderr, flush=True)
        pattern, binary = re.compile(source, flags), isinstance(source, bytes)
        for piece in runs(source, flags):
            long = grows_with_square(pattern, piece, binary)
            if long is not None:
                found.append(f"{where} on a run of {piece!r}: {long:.2f} s")
                break
    return found


LONG = 12000  # characters in a run, and an eighth of them
SLOW = 0.005  # processor seconds a search of LONG characters takes before it is timed again
GROWTH = 20  # the ratio of the two times past which a time grows with the square
DOUBLED = 2.83  # the ratio of the times of twice the run and the run past which it is the square
# (four), as far from the length's (two) as from it
CONFIRMS = 3  # times that ratio is taken, most must pass it
TRIES = 3  # searches of each length timed, the least kept
SQUARE_UNITS = 8  # the shortest spellings of a pattern's repeats tried
LEADS = 3  # the shortest leads of each repeat, and turns of it after each
LED = 12  # the shortest pieces of a lead and a turn tried


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
