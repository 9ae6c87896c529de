"""Control characters: the ones memory text never holds, their names, and values that must stay
on one line (a title, a field, a key, an option); and the bounds of a whole number a caller gives.

The write layer (admission.py) refuses or replaces them in every added line; the note and entry
parsers check their one-line values with the same rule. Every library call that takes a count
(a limit, a budget, hops, days) checks it with `count`, whatever the door it came through.
"""

from __future__ import annotations

import os
import re
from functools import cache

from .errors import ExitCode, InvalidValue, MemctlError, Refused

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path

    from .workspace import Workspace

# Every C0 control but TAB and LF, DEL, every C1 control, the Unicode line separators, and an
# unpaired surrogate (which no UTF-8 file, database or model takes). (The separators outside
# the class: a class holding a character past U+00FF compiles several times slower.)
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]|\u2028|\u2029|[\ud800-\udfff]")
_SURROGATE = re.compile("[\ud800-\udfff]")
_CONTROL_NAMES = {
    "\x00": "NUL",
    "\x1b": "ESC",
    "\r": "CR",
    "\x0b": "VT",
    "\x0c": "FF",
    "\x85": "NEL",
    "\u2028": "LINE SEPARATOR",
    "\u2029": "PARAGRAPH SEPARATOR",
    "\x7f": "DEL",
}
_LINE_BREAK = re.compile("\n")
# Tag characters (U+E0000-E007F): no editor shows them, and a language model reads U+E0020-E007E
# as the ASCII they spell, so a sentence hidden in them reaches the agent unseen by the person
# reading the file. They belong in one place, a region's emoji flag (U+1F3F4, the region's code
# in tags, U+E007F: the flag of Scotland); anywhere else they are controls. (Compiled when a
# text past ASCII first needs them.)
_TAGS = "[\U000e0000-\U000e007f]+"
_FLAG_TAGS = "(?<=\U0001f3f4)[\U000e0030-\U000e0039\U000e0061-\U000e007a]{1,7}\U000e007f"
# A direction override that shows letters in an order other than the one stored (Trojan Source):
# U+202E (right-to-left) over a letter or digit of a left-to-right script, U+202D (left-to-right)
# over a letter of a right-to-left one. A person sees "txet" where a model reads "text". An
# override holds until its pop (U+202C), the end of an isolate holding it, or the line's end;
# an embedding or isolate inside it sets its own direction. An override over letters that
# already run its way (an iPhone's U+202D around a copied phone number) changes nothing a person
# sees and is kept, as are embeddings, isolates and marks.
_RTL = "\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe\U00010800-\U00010fff\U0001e800-\U0001efff"
_OVERRIDES = "\u202d\u202e"
_ISOLATES = "\u2066\u2067\u2068"

# The largest whole number a caller may give (a count, a limit, days): beyond it SQLite's
# integers and Python's dates overflow, and no workspace holds so many of anything.
MOST = 1_000_000_000


def valid_text(text: str) -> str:
    """The text with each unpaired surrogate replaced by U+FFFD. JSON may name one ("\\ud83d",
    half of an emoji a harness cut in two), and a byte no encoding reads is one in a command
    line; no UTF-8 file, database or model takes it, so what is read is made valid first."""
    if text.isascii():
        return text
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return _SURROGATE.sub("\ufffd", text)
    return text


@cache
def _tags() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """Runs of tag characters, a flag's own, and one tag character (looked for first: a
    class alone is searched four times faster than a run of it, and most texts hold none)."""
    return re.compile(_TAGS), re.compile(_FLAG_TAGS), re.compile(_TAGS[:-1])


@cache
def _bidi() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """The characters that open or close a direction's scope, a letter (or digit) of each
    direction, and an override (matched where one was found, to name it)."""
    return (
        re.compile("[\u202a-\u202e\u2066-\u2069\n]"),
        re.compile(f"[^\\W_{_RTL}]"),
        re.compile(f"[{_RTL}]"),
        re.compile(f"[{_OVERRIDES}]"),
    )


def _reversing(text: str) -> list[int]:
    """Where an override stands that reverses what a person sees (see _OVERRIDES), following
    the scopes of the bidirectional algorithm (Unicode annex 9) from the text's controls.

    A run of text is governed by the innermost override open around it, and would be by the
    one that override sits in if it went: every override of the innermost unbroken block of
    them reverses a run of the opposite direction. Each one is found once (`unfound` lists
    those not found yet, by kind), so nested overrides cost a pass, not a square."""
    if "\u202e" not in text and "\u202d" not in text:
        return []
    controls, ltr, rtl, _ = _bidi()
    found: list[int] = []
    stack: list[tuple[str, int, int]] = []  # open scopes: kind, position, its block's bottom
    unfound: dict[str, list[int]] = {kind: [] for kind in _OVERRIDES}  # their depths

    def close() -> None:
        kind = stack.pop()[0]
        if kind in unfound and unfound[kind] and unfound[kind][-1] == len(stack):
            unfound[kind].pop()

    at = 0
    for m in [*controls.finditer(text), None]:
        end = len(text) if m is None else m.start()
        if at < end and stack and stack[-1][0] in _OVERRIDES:
            bottom = stack[-1][2]
            for kind, opposed in (("\u202e", ltr), ("\u202d", rtl)):
                depths = unfound[kind]
                if depths and depths[-1] >= bottom and opposed.search(text, at, end):
                    while depths and depths[-1] >= bottom:
                        found.append(stack[depths.pop()][1])
        if m is None:
            break
        char, at = m.group(), m.end()
        if char == "\n":
            stack.clear()
            for depths in unfound.values():
                depths.clear()
        elif char == "\u202c":  # a pop closes the innermost embedding or override
            if stack and stack[-1][0] not in _ISOLATES:
                close()
        elif char == "\u2069":  # an isolate's end closes everything opened inside it
            while stack and stack[-1][0] not in _ISOLATES:
                close()
            if stack:
                close()
        else:
            depth = len(stack)
            joined = char in _OVERRIDES and stack and stack[-1][0] in _OVERRIDES
            stack.append((char, m.start(), stack[-1][2] if joined else depth))
            if char in unfound:
                unfound[char].append(depth)
    return sorted(found)


def _first(*found: re.Match[str] | None) -> re.Match[str] | None:
    return min((m for m in found if m is not None), key=lambda m: m.start(), default=None)


def control(text: str) -> re.Match[str] | None:
    """The first control character in the text (CONTROL), run of tag characters outside a
    flag, or override that reverses what a person sees; None when there is none."""
    bad = CONTROL.search(text)
    if text.isascii():
        return bad
    reversing = _reversing(text)
    if reversing:
        bad = _first(bad, _bidi()[3].match(text, reversing[0]))
    runs, flags, tag = _tags()
    if tag.search(text) is None:
        return bad
    return _first(bad, runs.search(flags.sub(lambda m: " " * len(m.group()), text)))


def without_controls(text: str, breaks: str) -> str:
    """The text with each control character in `breaks` made a space, each other one U+FFFD,
    each run of tag characters outside a flag one U+FFFD, and each override that reverses
    what a person sees an embedding of its direction: the letters then show in the order they
    are stored, and each pop still closes what it closed."""
    text = CONTROL.sub(lambda m: " " if m.group() in breaks else "\ufffd", text)
    if text.isascii():
        return text
    reversing = _reversing(text)
    if reversing:
        chars = list(text)
        for at in reversing:  # U+202E → U+202B, U+202D → U+202A
            chars[at] = chr(ord(chars[at]) - 3)
        text = "".join(chars)
    runs, flags, tag = _tags()
    if tag.search(text) is None:
        return text
    masked = flags.sub(lambda m: " " * len(m.group()), text)
    pieces, at = [], 0
    for m in runs.finditer(masked):
        pieces += [text[at : m.start()], "\ufffd"]
        at = m.end()
    return "".join([*pieces, text[at:]])


def unseen_lines(text: str) -> list[list]:
    """[line number, name] of each line of a file's text that holds a control character, a
    run of tag characters outside a flag or an override that shows letters reversed (see
    control); a CR before a line's end is the line's end."""
    if "\r" in text:
        text = text.replace("\r\n", "\n")
    if control(text) is None:
        return []
    found = []
    for number, line in enumerate(text.split("\n"), start=1):
        bad = control(line)
        if bad is not None:
            found.append([number, control_name(bad.group())])
    return found


def control_name(char: str) -> str:
    if _NOT_UTF8.match(char):
        return f"a byte that is not UTF-8 ({shown(char)})"
    if "\U000e0000" <= char[:1] <= "\U000e007f":
        return "a tag character (text no editor shows)"
    if char[:1] in _OVERRIDES:
        return (
            f"a direction override (U+{ord(char[0]):04X}: a person sees the text after it reversed)"
        )
    return _CONTROL_NAMES.get(char, f"U+{ord(char):04X}")


def one_line(value: str, what: str) -> str:
    """A value that must stay on one line (a title, a field, a key, an option): refused with
    a line break or a control character in it, naming `what` (an option like --when)."""
    bad = _LINE_BREAK.search(value) or control(value)
    if bad:
        name = "a line break" if bad.group() == "\n" else control_name(bad.group())
        raise FieldRefused(
            f"{what}: {name} is not allowed here (this value is one line of memory)", field=what
        )
    return value


_NOT_UTF8 = re.compile("[\udc80-\udcff]")  # a byte that is not UTF-8, as os.fsdecode keeps it


def not_utf8_byte(name: str) -> re.Match[str] | None:
    """The first byte of a name (as the system gave it, os.fsdecode) that is not UTF-8."""
    return None if name.isprintable() else _NOT_UTF8.search(name)


def unshowable(name: str) -> re.Match[str] | None:
    """The first character of a name (a file's, a folder's, a path's) that keeps it from being
    shown on one line: a line break, or what `control` finds. A note's path is printed wherever
    memory is listed (recall, search, ls, INDEX.md); a name holding a line break would print
    lines of its own choosing there. None for a name a line shows."""
    if name.isprintable():  # every character `control` finds is not printable: the common case
        return None
    return _LINE_BREAK.search(name) or control(name) or _NOT_UTF8.search(name)


def shown(name: str) -> str:
    """The name with each character that is not printable written as its escape (a line
    break as \\n, U+202E as \\u202e), so that a name `unshowable` refuses can be named."""
    if name.isprintable():
        return name
    return "".join(
        c
        if c.isprintable()
        else f"\\x{ord(c) - 0xDC00:02x}"
        if _NOT_UTF8.match(c)
        else repr(c)[1:-1]
        for c in name
    )


class FieldRefused(InvalidValue):
    """A single-line value with a line break or a control character; names the option. A
    usage error: the caller passed what the option cannot hold."""

    exit_code = ExitCode.USAGE

    def __init__(self, message: str, *, field: str):
        super().__init__(message)
        self.field = field


def count(value: int, what: str, *, low: int = 0, high: int = MOST) -> int:
    """A whole number a caller gave (`what`: its option, like --limit), refused as a usage
    error (exit 2) outside `low`..`high`. A CLI option, an MCP tool's argument and any later
    door meet the same bound here, before the number reaches SQLite or the calendar."""
    if low <= value <= high:
        return value
    shown = f" {value}" if abs(value) <= MOST else ""  # never print 5,000 digits back
    span = f"from {low} to {high:,}" if high < MOST else f"at least {low}, at most {MOST:,}"
    raise FieldRefused(f"{what}{shown} is out of range (use {span})", field=what)


def long_number_line(text: str, first: int = 1) -> int | None:
    """The line (numbered from `first`) of a number too long for `int()` (4,300 digits by
    default): a YAML reader fails on one with a ValueError that names no line."""
    import sys

    most = sys.get_int_max_str_digits() or 4300  # 0: no limit is set
    run = re.compile(rf"\d[\d_]{{{most - 1},}}")
    for number, line in enumerate(text.splitlines(), start=first):
        if run.search(line):
            return number
    return None


# --- an option's value, checked as the write layer will check it, before anything is read, so
# the refusal can name the option: control characters, secrets and purged text (refuse_text),
# and (memctl.naming.refuse_together) the values said of one entry read with its text

SECRET_ADVICE = (
    'memory stores where a secret lives, never the secret: say e.g. "the deploy '
    "token is in 1Password under 'Atlas deploy'\""
)


def refuse_text(
    value: str, what: str, ws: Workspace | None = None, *, secrets: bool = True
) -> None:
    """An option's value, checked as the write layer will check it, so the refusal can name
    the option: control characters, secrets and (given the workspace) purged text."""
    bad = control(value)
    if bad:
        raise FieldRefused(
            f"{what}: {control_name(bad.group())} is not allowed in memory text", field=what
        )
    from .secrets.scan import redact, scan

    found = scan(value) if secrets else []
    if found:
        raise Refused(
            f"{what} looks like it holds a secret ({found[0].label}): "
            f"{excerpt(redact(value, found), found[0].start)}; {SECRET_ADVICE}"
        )
    if ws is not None:
        from .purged import purged_match

        receipt = purged_match(ws, value)
        if receipt:
            raise Refused(
                f"{what} contains something purged on purpose (receipt {receipt}); "
                "memctl will not store it again"
            )


def excerpt(text: str, at: int, width: int = 80) -> str:
    text = " ".join(text.split())
    if len(text) <= width:
        return text
    start = max(0, min(at - width // 3, len(text) - width))
    return ("…" if start else "") + text[start : start + width] + "…"


class NameNotUtf8(MemctlError):
    """A file's name in the workspace is not UTF-8: git's output naming it cannot be read."""


def not_utf8(root: Path, output: bytes | str) -> NameNotUtf8:
    """The error (exit 1) for git's output holding a file's name that is not UTF-8 (a Latin-1
    `caf\\xe9.md`): the first such name, escaped, and what to do; nothing is written."""
    raw = output if isinstance(output, bytes) else output.encode("utf-8", "surrogateescape")
    names = [os.fsdecode(part) for part in raw.replace(b"\n", b"\0").split(b"\0")]
    name = next((n for n in names if not_utf8_byte(n)), "?")
    if name[2:3] == " " and not_utf8_byte(name[3:]):
        name = name[3:]  # `git status`'s two letters before the name
    return NameNotUtf8(
        f"a file's name is not UTF-8: '{shown(name)}'; rename it to a UTF-8 name (`memctl "
        "doctor` lists every such name), then run the command again",
        path=root,
    )
