"""Control characters: the ones memory text never holds, their names, and values that must stay
on one line (a title, a field, a key, an option).

The write layer (admission.py) refuses or replaces them in every added line; the note and entry
parsers check their one-line values with the same rule.
"""

from __future__ import annotations

import re

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


def control_name(char: str) -> str:
    return _CONTROL_NAMES.get(char, f"U+{ord(char):04X}")


def one_line(value: str, what: str) -> str:
    """A value that must stay on one line (a title, a field, a key, an option): refused with
    a line break or a control character in it, naming `what` (an option like --when)."""
    bad = _LINE_BREAK.search(value) or CONTROL.search(value)
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
