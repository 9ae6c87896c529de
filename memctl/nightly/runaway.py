"""Could a pattern written in a file run for ever? A check's pattern (`check:"REGEX"` on a rule)
runs before every tool call, and rules/ comes from any machine that syncs: a pattern that can
read a run of text in countless ways hangs every turn. This finds the two usual forms of it, a
repeat inside a repeat and a repeat of one-character alternatives that can be the same
character, from the pattern's parse, without running it."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

# re's parser and its constants: loaded with re itself, but not in the type stubs
_C = importlib.import_module("re._constants")
_PARSER = importlib.import_module("re._parser")
_REPEATS = (_C.MAX_REPEAT, _C.MIN_REPEAT)
_SINGLES = (_C.LITERAL, _C.NOT_LITERAL, _C.IN, _C.ANY, _C.CATEGORY)
_ANYTHING = "a !"  # characters that stand for any: a letter, a space, a sign

Items = Sequence[tuple[Any, Any]]  # a parsed (sub)pattern: (op, argument) pairs


@lru_cache(maxsize=256)  # a warm server reads the same checks before every tool call
def runs_away(pattern: str) -> str | None:
    """Why a check could run for ever on some action, or None. A repeat inside a repeat
    ("(a+)+", "(\\w+\\s?)*"), or a repeat of alternatives of one character that can be the
    same one ("(.|\\s)*"), can split a long run in more ways than there are seconds in a year.
    A repeat each turn of which holds a character its inner repeats cannot take
    ("(?:[a-z]+\\.)+") splits one way only and is kept. Such a check is skipped, and
    `memctl guard list` says why."""
    parsed = _PARSER.parse(pattern)
    if _depth(parsed) > 1:
        return "a repeat inside a repeat can run for ever on some texts: skipped"
    if _overlaps_anywhere(parsed):
        return "a repeat of alternatives that match the same character can run for ever: skipped"
    return None


def _many(av: Any) -> bool:
    return av[1] is _C.MAXREPEAT or av[1] > 1


def _children(op: Any, av: Any) -> list[Items]:
    """The parts a group, a set of alternatives, a repeat or a lookaround holds."""
    if op is _C.SUBPATTERN:
        return [av[3]]
    if op is _C.BRANCH:
        return list(av[1])
    if op in _REPEATS:
        return [av[2]]
    if op in (_C.ASSERT, _C.ASSERT_NOT):
        return [av[1]]
    return []


def _depth(items: Items) -> int:
    """How many repeats deep the pattern goes, a repeat whose every turn holds a character its
    inner repeats cannot take counting only itself."""
    deepest = 0
    for op, av in items:
        if op in _REPEATS:
            body = av[2]
            inner = [a[2] for o, a in body if o in _REPEATS]
            ends = [_samples(o, a) for o, a in body if o in (_C.LITERAL, _C.IN)]
            delimited = any(  # a character each turn must have that no inner repeat takes
                not any(_matches(r, c) for r in inner for c in chars) for chars in ends
            )
            deepest = max(deepest, _depth(body) * (not delimited) + _many(av))
        else:
            deepest = max([deepest, *(_depth(part) for part in _children(op, av))])
    return deepest


def _overlaps_anywhere(items: Items) -> bool:
    return any(
        op in _REPEATS
        and _many(av)
        and _overlaps(av[2])
        or any(_overlaps_anywhere(part) for part in _children(op, av))
        for op, av in items
    )


def _overlaps(body: Items) -> bool:
    """Alternatives of one character each that can be the same one ("(.|\\s)*": a space is
    either), at the top of a repeat's body: a run of it splits every way."""
    for op, av in body:
        if op is _C.SUBPATTERN:
            return _overlaps(av[3])
        if op is _C.BRANCH:
            ones = [b for b in av[1] if len(b) == 1 and b[0][0] in _SINGLES]
            return any(
                _matches(a, c) and _matches(b, c)
                for i, a in enumerate(ones)
                for b in ones[i + 1 :]
                for c in _samples(*a[0]) + _ANYTHING + "\n"
            )
    return False


def _matches(items: Items, char: str) -> bool:
    """Can the first character of `items` (a literal, a set, a class) be `char`? Anything else:
    assume it can."""
    for op, av in items:
        if op is _C.NOT_LITERAL:
            return chr(av) != char
        if op is _C.IN:
            negate = bool(av) and av[0][0] is _C.NEGATE
            return any(_in(one, char) for one in av[negate:]) != negate
        if op is _C.ANY:
            return char != "\n"
        return _in((op, av), char)
    return True


def _samples(op: Any, av: Any) -> str:
    """Characters a literal or a set stands for: itself, a range's ends, a class's kinds."""
    if op is _C.LITERAL:
        return chr(av)
    if op is not _C.IN:
        return _ANYTHING  # any character, all but one, a class: stands for anything
    kinds = {_C.CATEGORY_DIGIT: "09", _C.CATEGORY_SPACE: " \t\n", _C.CATEGORY_WORD: "aZ0_"}
    out = ""
    for one, value in av:
        if one is _C.NEGATE:
            return _ANYTHING  # all but some: stands for anything
        if one is _C.LITERAL:
            out += chr(value)
        elif one is _C.RANGE:
            out += chr(value[0]) + chr(value[1])
        else:
            out += kinds.get(value, _ANYTHING) if one is _C.CATEGORY else _ANYTHING
    return out


def _in(item: tuple[Any, Any], char: str) -> bool:
    """Is `char` what one member of a set is: a literal, a range, a class (\\w, \\s, \\d)?
    Anything else: assume it is."""
    op, av = item
    if op is _C.LITERAL:
        return chr(av) == char
    if op is _C.RANGE:
        return av[0] <= ord(char) <= av[1]
    if op is _C.CATEGORY:
        word = char.isalnum() or char == "_"
        said = {
            _C.CATEGORY_DIGIT: char.isdigit(),
            _C.CATEGORY_NOT_DIGIT: not char.isdigit(),
            _C.CATEGORY_SPACE: char.isspace(),
            _C.CATEGORY_NOT_SPACE: not char.isspace(),
            _C.CATEGORY_WORD: word,
            _C.CATEGORY_NOT_WORD: not word,
        }
        return said.get(av, True)
    return True
