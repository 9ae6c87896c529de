"""Control characters: the ones memory text never holds, their names, and values that must stay
on one line (a title, a field, a key, an option); and the bounds of a whole number a caller gives.

The write layer (admission.py) refuses or replaces them in every added line; the note and entry
parsers check their one-line values with the same rule. Every library call that takes a count
(a limit, a budget, hops, days) checks it with `count`, whatever the door it came through.
"""

from __future__ import annotations

import re
from functools import cache

from .errors import ExitCode, InvalidValue

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
def _tags() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """Runs of tag characters, and a flag's own."""
    return re.compile(_TAGS), re.compile(_FLAG_TAGS)


def control(text: str) -> re.Match[str] | None:
    """The first control character in the text (CONTROL), or the first run of tag characters
    outside a flag; None when there is neither."""
    bad = CONTROL.search(text)
    if text.isascii():
        return bad
    runs, flags = _tags()
    if runs.search(text) is None:
        return bad
    tags = runs.search(flags.sub(lambda m: " " * len(m.group()), text))
    if tags is None or (bad is not None and bad.start() < tags.start()):
        return bad
    return tags


def without_controls(text: str, breaks: str) -> str:
    """The text with each control character in `breaks` made a space, each other one U+FFFD,
    and each run of tag characters outside a flag one U+FFFD."""
    text = CONTROL.sub(lambda m: " " if m.group() in breaks else "\ufffd", text)
    if text.isascii():
        return text
    runs, flags = _tags()
    if runs.search(text) is None:
        return text
    masked = flags.sub(lambda m: " " * len(m.group()), text)
    pieces, at = [], 0
    for m in runs.finditer(masked):
        pieces += [text[at : m.start()], "\ufffd"]
        at = m.end()
    return "".join([*pieces, text[at:]])


def control_name(char: str) -> str:
    if "\U000e0000" <= char[:1] <= "\U000e007f":
        return "a tag character (text no editor shows)"
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
