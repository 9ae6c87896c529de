"""A character as text written for a machine writes it: as an HTML reference, URL-encoded,
quoted-printable, or escaped as JSON and Python escape it; each as a pattern (secrets.spelling
puts them in the patterns of a purged text)."""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterable


def _percent(form: str) -> str:
    """A pattern of `form` URL-encoded, once or up to twice more (`%4A`, `%254A`, `%25254A`)."""
    return "".join(f"%(?:25){{0,2}}{byte:02X}" for byte in form.encode())


def _quoted(form: str) -> str:
    """A pattern of `form` quoted-printable (`=4A`)."""
    return "".join(f"={byte:02X}" for byte in form.encode())


def _bytes_escaped(form: str) -> str:
    """A pattern of `form`'s UTF-8 bytes as Python escapes them (`\\x4a`)."""
    return "".join(f"\\\\x{byte:02x}" for byte in form.encode())


def _escaped(form: str) -> str:
    """A pattern of `form` as JSON and Python escape a character (`\\u004a`, `\\U0000004a`;
    past the Basic Multilingual Plane, JSON's surrogate pair)."""
    if len(form) != 1:
        return "(?!)"
    point = ord(form)
    if point > 0xFFFF:
        high, low = 0xD800 + ((point - 0x10000) >> 10), 0xDC00 + ((point - 0x10000) & 0x3FF)
        short = f"\\\\u{high:04x}\\\\u{low:04x}"
    else:
        short = f"\\\\u{point:04x}"
    return f"(?:{short}|\\\\U{point:08x})"


ENCODINGS = (_percent, _quoted, _bytes_escaped, _escaped)


@cache
def references(char: str) -> tuple[str, ...]:
    """`char` as HTML writes it by reference: its number, decimal and hex, and its names."""
    return (f"&#{ord(char)};", f"&#x{ord(char):x};", *_named().get(char, ()))


@cache
def _named() -> dict[str, tuple[str, ...]]:
    """Each text HTML names, and its names that end in ";" (`&amp;`), in html5's order: read
    once, where a pass over its 2,231 names for each character took most of a purge's patterns'
    making."""
    from html.entities import html5

    named: dict[str, list[str]] = {}
    for name, value in html5.items():
        if name[-1:] == ";":
            named.setdefault(value, []).append(f"&{name}")
    return {value: tuple(names) for value, names in named.items()}


def referenced(chars: Iterable[str]) -> list[str]:
    """A pattern of any of `chars` as an HTML reference, escaped again or not (`&#32;`,
    `&amp;#32;`): by decimal number, by hex number or by name, each kind one alternative."""
    refs = [r[1:-1] for char in chars for r in references(char)]  # "#65", "#x41", "Agrave"
    if not refs:
        return []
    decimal = [r[1:] for r in refs if r.startswith("#") and not r.startswith("#x")]
    hexes = [r[2:] for r in refs if r.startswith("#x")]
    names = [r for r in refs if not r.startswith("#")]
    kinds = [
        *([f"\\#(?:{'|'.join(dict.fromkeys(decimal))})"] if decimal else []),
        *([f"\\#x(?:{'|'.join(dict.fromkeys(hexes))})"] if hexes else []),
        *map(re.escape, dict.fromkeys(names)),
    ]
    return [f"&(?:amp;)*(?:{'|'.join(kinds)});"]
