"""Could a pattern written in a file run for ever? A check's pattern (`check:"REGEX"` on a rule)
runs before every tool call, and rules/ comes from any machine that syncs: a pattern that can
read a run of text in countless ways hangs every turn. This finds the usual form of it, a
repeat inside a repeat, from the pattern's parse, without running it."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from functools import lru_cache
from types import ModuleType
from typing import Any


@lru_cache(maxsize=256)  # a warm server reads the same checks before every tool call
def runs_away(pattern: str) -> str | None:
    """Why a check could run for ever on some action, or None. A check runs before every tool
    call, and rules/ comes from any machine that syncs: a repeat inside a repeat ("(a+)+",
    "(\\w+\\s?)*"), or a repeat of alternatives of one character that can be the same one
    ("(.|\\s)*"), can split a long run in more ways than there are seconds in a year. A repeat
    each turn of which holds a character its inner repeats cannot take ("(?:[a-z]+\\.)+") splits
    one way only and is kept. Such a check is skipped, and `memctl guard list` says why."""
    sre = importlib.import_module("re._constants")
    parser = importlib.import_module("re._parser")
    repeats = (sre.MAX_REPEAT, sre.MIN_REPEAT)
    singles = (sre.LITERAL, sre.NOT_LITERAL, sre.IN, sre.ANY, sre.CATEGORY)
    overlapping: list[bool] = []

    def matches(items: Sequence[tuple[Any, Any]], char: str) -> bool:
        """Can one character of `items` (a literal, a set, a class) be `char`? Anything else:
        assume it can."""
        for op, av in items:
            if op is sre.LITERAL:
                return chr(av) == char
            if op is sre.NOT_LITERAL:
                return chr(av) != char
            if op is sre.IN:
                negate = bool(av) and av[0][0] is sre.NEGATE
                found = any(_in(sre, one, char) for one in av[negate:])
                return found != negate
            if op is sre.CATEGORY:
                return _in(sre, (op, av), char)
            if op is sre.ANY:
                return char != "\n"
            return True
        return True

    def inner(items: Sequence[tuple[Any, Any]]) -> list[Sequence[tuple[Any, Any]]]:
        return [av[2] for op, av in items if op in repeats]

    def overlap(items: Sequence[tuple[Any, Any]]) -> bool:
        """Alternatives of one character each that can be the same one ("(.|\\s)*": a space
        is either), at the top of a repeat's body: a run of it splits every way."""
        for op, av in items:
            if op is sre.SUBPATTERN:
                return overlap(av[3])
            if op is sre.BRANCH:
                ones = [b for b in av[1] if len(b) == 1 and b[0][0] in singles]
                return any(
                    any(matches(a, c) and matches(b, c) for c in _samples(sre, *a[0]) + "a !\n")
                    for i, a in enumerate(ones)
                    for b in ones[i + 1 :]
                )
        return False

    def depth(items: Sequence[tuple[Any, Any]]) -> int:
        deepest = 0
        for op, av in items:
            if op in repeats and overlap(av[2]) and (av[1] is sre.MAXREPEAT or av[1] > 1):
                overlapping.append(True)
            elif op in repeats:
                body, many = av[2], av[1] is sre.MAXREPEAT or av[1] > 1
                ends = [_samples(sre, o, a) for o, a in body if o in (sre.LITERAL, sre.IN)]
                delimited = any(  # a character each turn must have that no inner repeat takes
                    not any(matches(r, c) for r in inner(body) for c in chars) for chars in ends
                )
                deepest = max(deepest, depth(body) * (not delimited) + many)
            elif op is sre.SUBPATTERN:
                deepest = max(deepest, depth(av[3]))
            elif op is sre.BRANCH:
                deepest = max([deepest, *(depth(branch) for branch in av[1])])
            elif op in (sre.ASSERT, sre.ASSERT_NOT):
                deepest = max(deepest, depth(av[1]))
        return deepest

    if depth(parser.parse(pattern)) > 1:
        return "a repeat inside a repeat can run for ever on some texts: skipped"
    if overlapping:
        return "a repeat of alternatives that match the same character can run for ever: skipped"
    return None


def _samples(sre: ModuleType, op: Any, av: Any) -> str:
    """Characters a literal or a set stands for: itself, a range's ends, a class's kinds."""
    if op is sre.LITERAL:
        return chr(av)
    if op is not sre.IN:
        return "a !"  # any character, all but one, a class: stands for anything
    kinds = {
        sre.CATEGORY_DIGIT: "09",
        sre.CATEGORY_SPACE: " \t\n",
        sre.CATEGORY_WORD: "aZ0_",
    }
    out = ""
    for one, value in av:
        if one is sre.NEGATE:
            return "a !"  # all but some: stands for anything
        if one is sre.LITERAL:
            out += chr(value)
        elif one is sre.RANGE:
            out += chr(value[0]) + chr(value[1])
        else:
            out += kinds.get(value, "a !") if one is sre.CATEGORY else "a !"
    return out


def _in(sre: ModuleType, item: tuple[Any, Any], char: str) -> bool:
    """Is `char` one of a set's members: a literal, a range, a class (\\w, \\s, \\d)?"""
    op, av = item
    if op is sre.LITERAL:
        return chr(av) == char
    if op is sre.RANGE:
        return av[0] <= ord(char) <= av[1]
    if op is sre.CATEGORY:
        word = char.isalnum() or char == "_"
        said = {
            sre.CATEGORY_DIGIT: char.isdigit(),
            sre.CATEGORY_NOT_DIGIT: not char.isdigit(),
            sre.CATEGORY_SPACE: char.isspace(),
            sre.CATEGORY_NOT_SPACE: not char.isspace(),
            sre.CATEGORY_WORD: word,
            sre.CATEGORY_NOT_WORD: not word,
        }
        return said.get(av, True)
    return True
