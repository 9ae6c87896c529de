"""Could a pattern written in a file run for ever? A check's pattern (`check:"REGEX"` on a rule)
runs before every tool call, and rules/ comes from any machine that syncs: a pattern that can
read a run of text in countless ways hangs every turn. This finds the three usual forms of it,
a repeat inside a repeat, a repeat of one-character alternatives that can be the same
character, and repeats one after another that can take the same characters, from the
pattern's parse, without running it."""

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
_LONG = 16  # a repeat of more turns than this takes as much of the action as it likes
_PATHS = 16  # alternatives tried one by one; past this many ways, a choice is taken as one item
_ANCHORS = (_C.AT_BEGINNING, _C.AT_BEGINNING_STRING)

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
        return "a repeat of alternatives that read a text two ways can run for ever: skipped"
    if degree(pattern) > CUBE:
        return "repeats in a row that can take the same characters can run for ever: skipped"
    return None


@lru_cache(maxsize=256)
def plain(pattern: str) -> bool:
    """Does every repeat of the pattern repeat one character ("\\s+", "[a-z]*", ".*"), with
    no choice, back-reference or lookaround anywhere? Such a check is quick; one of the
    others may be slow on some action in a way runs_away cannot tell, and runs after these."""
    return _plain(_PARSER.parse(pattern))


def _plain(items: Items) -> bool:
    for op, av in items:
        if op in (_C.BRANCH, _C.GROUPREF, _C.GROUPREF_EXISTS, _C.ASSERT, _C.ASSERT_NOT):
            return False
        if op in _REPEATS or op is _C.POSSESSIVE_REPEAT:
            body = av[2]
            if len(body) != 1 or body[0][0] not in _SINGLES:
                return False
        elif not all(_plain(part) for part in _children(op, av)):
            return False
    return True


CUBE = 3  # a check whose time grows with the cube of the action's length runs on a short part


@lru_cache(maxsize=256)
def degree(pattern: str) -> int:
    """The power of the action's length a search for `pattern` can take in the worst case,
    from its repeats in a row (see _grows): 1 or 2 for most checks, 3 for "git.*push.*--force"
    (2 s on 2,048 characters made for it), more for "x.*y.*z.*w.*=" (past a minute on 1,600)."""
    parsed = _PARSER.parse(pattern)
    return max(2, _grows(parsed, multiline=bool(parsed.state.flags & _C.SRE_FLAG_MULTILINE)))


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
    if op is _C.ATOMIC_GROUP:
        return [av]
    if op is _C.POSSESSIVE_REPEAT:
        return [av[2]]
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
    """Can one turn of a repeat's body read the same text in two ways? Its ways through
    (_paths: each alternative, groups opened) are compared two by two: alternatives of plain
    letters are a code a run splits one way only unless it is not uniquely decodable
    ("(a|ab|b)*": "ab" is "a" then "b"; "(a|a)*"; _ambiguous), and other alternatives clash
    when, past what they share, they can take the same character or one ends where the other
    goes on ("(.|\\s)*": a space is either; "(\\w|\\d\\d)+"). Either way a run of them
    splits in more ways than there are seconds in a year. re makes one set of "(\\w|\\d)" and
    of "(a|b)": one way, kept."""
    ways = [way for way in _paths(list(body)) if not all(_empty(o, a) for o, a in way)]
    if len(ways) < 2:
        return False
    words = [_letters(way) for way in ways]
    if all(word is not None for word in words):
        return _ambiguous([word for word in words if word is not None])
    return any(_clash(a, b) for i, a in enumerate(ways) for b in ways[i + 1 :])


def _letters(way: Items) -> str | None:
    """The text a way through is, when it is plain letters (a check ignores case), else None."""
    if not all(op is _C.LITERAL for op, _ in way):
        return None
    return "".join(chr(av) for _, av in way).casefold()


def _ambiguous(words: list[str]) -> bool:
    """Can some text be split into `words` in two ways (Sardinas-Patterson: a code is uniquely
    decodable unless a word is what is left over, a dangling suffix, of a split)?"""
    code = set(words)
    if len(code) < len(words):
        return True  # "(a|a)*": the same word twice

    def rest(heads: set[str], whole: set[str]) -> set[str]:
        return {w[len(h) :] for h in heads for w in whole if w.startswith(h)} - {""}

    dangling, seen = rest(code, code), set()  # ("" is a word read as itself: not a suffix)
    while dangling:
        if dangling & code:
            return True
        if frozenset(dangling) in seen:
            return False
        seen.add(frozenset(dangling))
        dangling = rest(code, dangling) | rest(dangling, code)
    return False


def _clash(a: Items, b: Items) -> bool:
    """Past the items they share, can two ways take the same character, or does one end where
    the other goes on? (Anything but a literal, a set or a class is taken to clash.)"""
    for x, y in zip(a, b, strict=False):
        if repr(x) == repr(y):
            continue
        singles = x[0] in _SINGLES and y[0] in _SINGLES
        chars = (_samples(*x) + _samples(*y) if singles else "") + _ANYTHING + "\n"
        return not singles or any(_matches([x], c) and _matches([y], c) for c in chars)
    return True


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


# --- repeats in a row ------------------------------------------------------------------------


def _grows(items: Items, *, multiline: bool = False) -> int:
    """The power of the length the ways to read an action grow with, from repeats one after
    another that can all take the same characters ("x.*y.*z", "\\w*\\w*!"),
    in a pattern searched from every place of the action: each such repeat multiplies the ways
    to read it by the action's length, and so does the search's start when what comes before
    the first of them can be anywhere in such a run. One repeat searched ("\\bWebSearch\\b.*form")
    grows with the square of the length; two grow with its cube (1,600 characters of "xyzw"
    kept "x.*y.*z.*w.*=" busy past a minute). A character no repeat of the row takes ends it:
    in "git\\s+push\\s+.*main" the "push" that "\\s" never takes leaves one row of two, which
    no search can start in anywhere. The repeats inside a group, a repeat or a lookaround are
    read as a pattern of their own."""
    inner: dict[int, Items] = {}  # a repeat's body is the same in every way through
    most = 0
    for path in _paths(list(items)):
        chars = set(_ANYTHING + "\n").union(*(_first_chars([item]) for item in path))
        most = max([most, *(_row(path, char, multiline) for char in chars)])
        inner.update((id(part), part) for op, av in path for part in _children(op, av))
    return max([most, *(_grows(part, multiline=multiline) for part in inner.values())])


def _paths(items: list[tuple[Any, Any]], room: int = _PATHS) -> list[list[tuple[Any, Any]]]:
    """The ways through a sequence: its plain groups opened, each of its alternatives taken in
    turn (up to `room` ways; a choice past that is one item)."""
    for i, (op, av) in enumerate(items):
        if op is _C.SUBPATTERN:
            return _paths(items[:i] + list(av[3]) + items[i + 1 :], room)
        if op is _C.BRANCH and len(av[1]) <= room:
            ways = [items[:i] + list(b) + items[i + 1 :] for b in av[1]]
            return [p for way in ways for p in _paths(way, room // len(av[1]))]
    return [items]


def _row(path: Items, char: str, multiline: bool) -> int:
    """How many times the ways to read a run of `char` (and of what its row's repeats take)
    multiply along `path`: its longest row of long repeats that all take `char`, with nothing
    between them they cannot take, plus one when the search can start anywhere in the row."""
    best, start = 0, 0
    row: list[Items] = []  # the bodies of the row's repeats
    between: list[tuple[Any, Any]] = []  # what must come between its last repeat and a next
    for i, (op, av) in enumerate(path):
        if op in _REPEATS and av[1] > _LONG and _takes(av[2], char):
            if not row or not all(_absorbed(b, [*row, av[2]]) for b in between):
                best = max(best, _degree(path[:start], row, multiline))
                row, start = [], i
            row.append(av[2])
            between = []
        elif not _empty(op, av):
            between.append((op, av))
    return max(best, _degree(path[:start], row, multiline))


def _degree(before: Items, row: list[Items], multiline: bool) -> int:
    if not row:
        return 0
    anchored = any(
        op is _C.AT and (av is _C.AT_BEGINNING_STRING or av is _C.AT_BEGINNING and not multiline)
        for op, av in before
    )
    free = not anchored and all(_empty(op, av) or _absorbed((op, av), row) for op, av in before)
    return len(row) + free


def _absorbed(item: tuple[Any, Any], row: list[Items]) -> bool:
    """Can every repeat of the row take a character `item` stands for?"""
    return any(all(_takes(body, c) for body in row) for c in _first_chars([item]))


def _takes(items: Items, char: str) -> bool:
    """Can `items` start with `char`, in either case (a check ignores case)?"""
    return _starts(items, char) or _starts(items, char.swapcase())


def _starts(items: Items, char: str) -> bool:
    for op, av in items:
        if op is _C.SUBPATTERN:
            return _starts(av[3], char)
        if op is _C.BRANCH:
            return any(_starts(b, char) for b in av[1])
        if op in _REPEATS or op is _C.POSSESSIVE_REPEAT:
            return _starts(av[2], char)
        if op not in (_C.AT, _C.ASSERT, _C.ASSERT_NOT):
            return _matches([(op, av)], char)
    return True


def _first_chars(items: Items) -> str:
    """Characters the first item of `items` stands for (_samples), through groups and choices."""
    for op, av in items:
        if op is _C.SUBPATTERN:
            return _first_chars(av[3])
        if op is _C.BRANCH:
            return "".join(_first_chars(b) for b in av[1])
        if op in _REPEATS or op is _C.POSSESSIVE_REPEAT:
            return _first_chars(av[2])
        if op not in (_C.AT, _C.ASSERT, _C.ASSERT_NOT):
            return _samples(op, av)
    return ""


def _empty(op: Any, av: Any) -> bool:
    """Can the item match no character at all (an anchor, a lookaround, "x?", "\\s*")?"""
    if op in (_C.AT, _C.ASSERT, _C.ASSERT_NOT, _C.GROUPREF):
        return True
    if op in _REPEATS or op is _C.POSSESSIVE_REPEAT:
        return av[0] == 0
    if op is _C.SUBPATTERN:
        return all(_empty(o, a) for o, a in av[3])
    if op is _C.BRANCH:
        return any(all(_empty(o, a) for o, a in b) for b in av[1])
    return False
