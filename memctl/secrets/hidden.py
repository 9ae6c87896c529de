"""Text as a reader of it sees it: without the characters nobody sees, with the ones that spell
ASCII in another form read as that ASCII, and each letter whole.

A token pasted from a web page or a chat may carry a soft hyphen or a zero-width space
("sk-\u200bproj-…"); a text may spell words in fullwidth forms ("ｉｇｎｏｒｅ") or hide a
whole sentence in Unicode's tag characters, which an editor shows as nothing and a language
model reads as ASCII; a letter may come in its parts (NFD: "e" and a combining accent, as
macOS writes "é"). A check that reads the text as stored sees none of that: the secret
scanner, the injection check and the purge registry read `seen(text)` instead, and a
finding's span is mapped back to the text's own positions (`Seen.span`), so what is redacted
is what was there.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from functools import cache

# Spaces a person reads as a space: no-break, narrow, ideographic, of other widths.
_SPACES = "\u00a0\u1680" + "".join(map(chr, range(0x2000, 0x200B))) + "\u202f\u205f\u3000"
# Invisible: format characters (soft hyphen, zero-width spaces and joiners, direction marks and
# overrides, word joiners, the byte order mark, interlinear annotation marks, shorthand format
# controls, musical format controls, the language tag), the combining grapheme joiner,
# variation selectors, Mongolian free variation selectors, Hangul fillers, Khmer inherent vowels.
# Read as ASCII: fullwidth forms U+FF01-FF5E, tag characters U+E0020-E007E, and _SPACES as a
# space. (Compiled when a text past ASCII first needs it.)
_HIDDEN = (
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
    "\u2060-\u2064\u2066-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff9-\ufffb\uff01-\uff5e"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001-\U000e007f\U000e0100-\U000e01ef"
    f"{_SPACES}]+"
)


# Letters of other scripts that a person reads as a Latin one (from Unicode's confusables, UTS
# #39): "Zаnzibar" with a Cyrillic "а" is "Zanzibar". Keyed by their casefolded form, so a
# letter and its capital read the same (Cyrillic "т" as "t", for "Т"); a Greek letter whose two
# cases look like two Latin letters is read as its small one ("ν" as "v"). Where a look-alike
# would carry a text past a check that reads Latin (the purge registry, the injection check),
# the text is read through `LATIN` as well as as it is.
_LOOKALIKES = {
    "а": "a", "в": "b", "е": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c",
    "т": "t", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ј": "j", "һ": "h", "ԁ": "d", "ԛ": "q",
    "ԝ": "w", "ӏ": "l", "ɡ": "g", "α": "a", "ε": "e", "η": "n", "ι": "i", "κ": "k", "μ": "u",
    "ν": "v", "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ω": "w",
}  # fmt: skip
LATIN = str.maketrans(_LOOKALIKES)


def mixed_latin(text: str) -> str:
    """`text` with each look-alike letter (see _LOOKALIKES) in a word that also holds Latin
    letters read as the Latin one, in its case: "pаsswоrd" with a Cyrillic "а" and "о" is
    "password"; a word of one script ("пароль", "αβγ") stays as it is. As long as the text,
    position for position."""
    if text.isascii() or _lookalike().search(text) is None:
        return text
    return _mixed().sub(_as_latin, text)


def _as_latin(word: re.Match[str]) -> str:
    found = word.group()
    return found.translate(_cased()) if _ASCII_LETTER.search(found) else found


_ASCII_LETTER = re.compile("[A-Za-z]")
_WORD = "[\\w\u00ad\u200b-\u200f\u2060-\u2064\ufeff]"  # with the characters nobody sees
# Capitals that look like a Latin capital other than the capital of their small letter's
# reading (Greek "Η" looks like "H", its small "η" like "n"); "" for none ("Ω").
_CAPITALS = {"Η": "H", "Ν": "N", "Μ": "M", "Υ": "Y", "Ω": "", "Β": "B", "Ζ": "Z"}


@cache
def _cased() -> dict[int, str]:
    table = {c: letter for c, letter in _LOOKALIKES.items()}
    table |= {c.upper(): letter.upper() for c, letter in _LOOKALIKES.items() if c.upper() != c}
    table |= _CAPITALS
    return str.maketrans({c: letter for c, letter in table.items() if letter})


@cache
def _lookalike() -> re.Pattern[str]:
    return re.compile("[" + "".join(sorted(chr(point) for point in _cased())) + "]")


@cache
def _mixed() -> re.Pattern[str]:
    return re.compile(f"{_WORD}*{_lookalike().pattern}{_WORD}*")


def latin(folded: str) -> str:
    """A casefolded text with each look-alike letter read as the Latin one (see _LOOKALIKES);
    as long as the text, position for position."""
    return folded if folded.isascii() else folded.translate(LATIN)


@cache
def _lookalikes() -> dict[str, set[str]]:
    """Each Latin letter, and every look-alike read as it, in both cases."""
    found: dict[str, set[str]] = {}
    for char, letter in _LOOKALIKES.items():
        found.setdefault(letter, set()).update({char, char.upper()})
    return found


@cache
def _hidden() -> re.Pattern[str]:
    return re.compile(_HIDDEN)


# A letter written as its parts (NFD: "e" and U+0301 for "é", as macOS and some PDFs write
# them; Hangul's jamo for a syllable), which a person reads as the letter itself: composed (NFC).
_PARTS = (
    "(?s:.)[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f\u3099\u309a]+"
    "|[\u1100-\u1112][\u1161-\u1175][\u11a8-\u11c2]?"
)


@cache
def _parts() -> re.Pattern[str]:
    return re.compile(f"(?P<hidden>{_HIDDEN})|{_PARTS}")


class Seen:
    """The text as seen (`text`), and where each of its positions lies in the original."""

    def __init__(
        self, text: str, starts: list[int], origins: list[int], whole: list[int], length: int
    ) -> None:
        self.text = text
        self._starts = starts  # a piece of `text` begins here…
        self._origins = origins  # …and at this position of the original…
        self._whole = whole  # …and is a letter composed of this many parts (0: a copy)
        self._length = length

    def at(self, position: int) -> int:
        """The original position of `position` in the seen text (its length maps to the
        original's length)."""
        if position >= len(self.text):
            return self._length
        piece = bisect_right(self._starts, position) - 1
        if self._whole[piece]:
            return self._origins[piece]
        return self._origins[piece] + position - self._starts[piece]

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The original span of the seen span [start, end): from its first character to just
        after its last (a letter's parts included), hidden characters inside it included."""
        if end <= start:
            return self.at(start), self.at(start)
        last = bisect_right(self._starts, end - 1) - 1
        if self._whole[last]:
            return self.at(start), self._origins[last] + self._whole[last]
        return self.at(start), self.at(end - 1) + 1


def seen(text: str) -> Seen | None:
    """The text as seen, or None when it is so already (every ASCII text, most others)."""
    if text.isascii():
        return None
    composing = not unicodedata.is_normalized("NFC", text)  # a letter may be in its parts
    pattern = _parts() if composing else _hidden()
    if pattern.search(text) is None:
        return None
    parts: list[str] = []
    starts: list[int] = []
    origins: list[int] = []
    whole: list[int] = []
    length = 0
    at = 0

    def keep(piece: str, origin: int, of: int = 0) -> None:
        nonlocal length
        if piece:
            parts.append(piece)
            starts.append(length)
            origins.append(origin)
            whole.append(of)
            length += len(piece)

    for m in pattern.finditer(text):
        keep(text[at : m.start()], at)
        at = m.end()
        if composing and m.group("hidden") is None:  # a letter in its parts
            letter = unicodedata.normalize("NFC", m.group())
            keep(letter, m.start(), len(m.group()) if letter != m.group() else 0)
            continue
        for offset, char in enumerate(m.group()):
            point = ord(char)
            if 0xFF01 <= point <= 0xFF5E:
                keep(chr(point - 0xFEE0), m.start() + offset)
            elif char in _SPACES:
                keep(" ", m.start() + offset)
            elif 0xE0020 <= point <= 0xE007E:
                keep(chr(point - 0xE0000), m.start() + offset)
    keep(text[at:], at)
    return Seen("".join(parts), starts, origins, whole, len(text))


# The characters nobody sees that a copy of a text may hold between its own, one by one (a
# pattern of bytes cannot hold a class of them): the invisible ones of _HIDDEN in the Basic
# Multilingual Plane (past it: tags, which the write layer refuses, and rare format controls).
_BETWEEN = (
    "\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180e\u180f"
    "\u200b\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
    "\u2060\u2061\u2062\u2063\u2064\u2066\u2067\u2068\u2069\u206a\u206b\u206c\u206d\u206e\u206f"
    "\u3164\ufe00\ufe01\ufe02\ufe03\ufe04\ufe05\ufe06\ufe07\ufe08\ufe09\ufe0a\ufe0b"
    "\ufe0c\ufe0d\ufe0e\ufe0f\ufeff\uffa0"
)


def spelled(text: str) -> tuple[str, bytes]:
    """Patterns of `text` wherever a copy of it stands as a person reads it (see seen): in any
    case, its ASCII in fullwidth forms too, a letter in its parts too, look-alike letters of
    other scripts for its Latin ones (see _LOOKALIKES), characters nobody sees between its own.
    As a str pattern and as one of UTF-8 bytes (for git's objects), each to be compiled with
    re.IGNORECASE."""
    between = "[" + "".join(_BETWEEN) + "]*"
    between_bytes = b"(?:" + b"|".join(re.escape(c.encode()) for c in _BETWEEN) + b")*"
    chars: list[str] = []
    chars_bytes: list[bytes] = []
    for char in text:
        forms = {f for f in (char, char.lower(), char.upper()) if len(f) == 1}
        forms |= {chr(ord(f) + 0xFEE0) for f in forms if "!" <= f <= "~"}
        forms |= {unicodedata.normalize("NFD", f) for f in forms}  # a letter in its parts
        forms |= set(_SPACES) if char == " " else set()
        letter = _LOOKALIKES.get(char.casefold(), char.casefold())
        if letter in _lookalikes():  # "Zаnzibar" (a Cyrillic а) for "Zanzibar", and back
            forms |= _lookalikes()[letter] | {letter, letter.upper()}
        ordered = sorted(forms)
        chars.append("(?:" + "|".join(map(re.escape, ordered)) + ")")
        chars_bytes.append(b"(?:" + b"|".join(re.escape(f.encode()) for f in ordered) + b")")
    return between.join(chars), between_bytes.join(chars_bytes)


def visible(text: str) -> str:
    """The text as seen (see `seen`)."""
    found = seen(text)
    return text if found is None else found.text
