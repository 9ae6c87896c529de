"""A text read plainly, for the secret scanner: the second reading it checks besides the text
as a person sees it (memctl.secrets.hidden.seen).

A secret reaches memory in the forms a browser, a QR tool or a person reads without a
thought: a link's query percent-encoded ("otpauth%3A%2F%2Ftotp…%3Fsecret%3DJBSW…", a token
after `%3D`), a card number in Arabic-Indic or Devanagari digits, or with tabs or runs of
spaces between its groups, a password named in a look-alike of a letter that is neither
Cyrillic nor Greek (an Armenian "օ", a small capital "ᴏ") or in everyday leetspeak
("passw0rd", "p@ssword"). `plainly` reads the text so, in one pass of layers:

- each `%XX` escape as the byte it stands for (UTF-8 across escapes), twice at most, for a
  link encoded inside a link (`%253D`);
- then as a person sees it (hidden.seen: Markdown and HTML, characters nobody sees,
  fullwidth and compatibility forms, letters in their parts);
- then, character for character, a decimal digit of any script as its ASCII digit, a
  look-alike letter (of _LOOKALIKES below, and Cyrillic and Greek: hidden) in a word that also
  holds Latin letters as the Latin letter, and a leetspeak spelling of a word that names a
  secret as the word;
- then a run of spaces and tabs as one space (a line break stays).

Each layer maps its positions back to the one under it, so a finding's span is the text's
own (the redaction covers what was written). The scanner checks this reading besides the text
as seen, never instead: what is found in either is found.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from .hidden import Seen, cased, edited, letter_class, mixed_words, seen

# Letters Unicode lists as confusable with a Latin small letter (UTS #39 confusables), beyond
# the Cyrillic and Greek ones hidden.mixed_latin reads: Armenian, the Latin small capitals and
# other Latin-script look-alikes, and Cherokee and Lisu capitals (as the small letter: a
# scanner's words are read in any case).
# fmt: off
_LOOKALIKES = {
    "օ": "o", "ս": "u", "ց": "g", "հ": "h", "ո": "n", "զ": "q", "ѵ": "v", "ɑ": "a", "ɩ": "i",
    "ɪ": "i", "ʟ": "l", "ɴ": "n", "ʀ": "r", "ʏ": "y", "ʜ": "h", "ɢ": "g", "ʙ": "b", "ᴀ": "a",
    "ᴄ": "c", "ᴅ": "d", "ᴇ": "e", "ᴊ": "j", "ᴋ": "k", "ᴍ": "m", "ᴏ": "o", "ᴘ": "p", "ᴛ": "t",
    "ᴜ": "u", "ᴠ": "v", "ᴡ": "w", "ᴢ": "z", "ꜱ": "s", "ꞯ": "q", "Ꭺ": "a", "Ᏼ": "b", "Ꮯ": "c",
    "Ꭼ": "e", "Ꮐ": "g", "Ꮋ": "h", "Ꭻ": "j", "Ꮶ": "k", "Ꮮ": "l", "Ꮇ": "m", "Ꮲ": "p", "Ꮪ": "s",
    "Ꭲ": "t", "Ꮩ": "v", "Ꮃ": "w", "Ꮓ": "z", "ꓐ": "b", "ꓚ": "c", "ꓓ": "d", "ꓰ": "e", "ꓝ": "f",
    "ꓖ": "g", "ꓧ": "h", "ꓲ": "i", "ꓙ": "j", "ꓗ": "k", "ꓡ": "l", "ꓟ": "m", "ꓠ": "n", "ꓑ": "p",
    "ꓣ": "r", "ꓢ": "s", "ꓔ": "t", "ꓴ": "u", "ꓦ": "v", "ꓪ": "w", "ꓫ": "x", "ꓬ": "y", "ꓜ": "z",
}
# fmt: on

# The words that name a secret, in everyday leetspeak: a letter's class holds the characters
# written for it ("p@ssw0rd", "pa$$word", "s3cret", "t0ken"). Read as the word only when a
# character of a class is not the letter itself.
_LEET = {"a": "a@4", "e": "e3", "i": "i1!", "o": "o0", "s": "s5$", "t": "t7"}
_LEET_WORDS = (
    "password",
    "passwort",
    "passwd",
    "passcode",
    "passphrase",
    "pass",
    "secret",
    "token",
)
_LEET_CLUES = (
    "p@",
    "@ss",
    "$$",
    "p4s",
    "a5s",
    "a55",
    "w0r",
    "0rd",
    "s3c",
    "5ec",
    "$ec",
    "cr3",
    "t0k",
    "k3n",
    "7ok",
)
_AS_LETTER = str.maketrans({c: letter for letter, cs in _LEET.items() for c in cs[1:]})
_ESCAPES = re.compile(r"(?:%[0-9A-Fa-f]{2})+")
# A string literal's escapes (JSON, JavaScript, Python): `\\u0049`, `\\U0001F600`, and runs of
# `\\xXX` (read as UTF-8 across escapes, as a bytes literal spells it).
_BACKSLASHED = re.compile(
    r"\\u[0-9A-Fa-f]{4}|\\U[0-9A-Fa-f]{8}|\\u\{[0-9A-Fa-f]{1,6}\}|(?:\\x[0-9A-Fa-f]{2})+|"
    r"(?:\\[0-7]{1,3})+|\\[nrt](?=[\w\\])"
)
_BLANKS = re.compile("  +")
# Blanks read as a space, character for character: a tab, a vertical tab, a form feed, a
# carriage return, the ASCII separators (other spaces: hidden.seen).
_TABS = "\t\x0b\x0c\r\x1c\x1d\x1e\x1f"
_AS_SPACE = str.maketrans(dict.fromkeys(_TABS, " "))


def readings(text: str) -> list[tuple[int, Seen]]:
    """Each part of `text` that reads differently plainly: where it starts, and its reading
    (see `plainly`). Only the lines with a clue are read (an escape, a run of blanks or a tab,
    a digit of another script, a look-alike, leetspeak), those less than a few kilobytes apart
    together, so the scanner checks again what may read differently, not the whole text."""
    found = []
    for start, end in _clue_lines(text):
        read = plainly(text[start:end])
        if read is not None:
            found.append((start, read))
    return found


_APART = 4096  # lines with clues this close are read as one part


def _clue_lines(text: str) -> list[tuple[int, int]]:
    leet = _leet_clue(text)
    escaped = "\\" in text or "U+" in text or "u+" in text or _hex_clue(text)
    if text.isascii() and not (leet or escaped) and "%" not in text and "  " not in text:
        if not any(c in text for c in _TABS):
            return []
    lines: list[tuple[int, int]] = []
    clues = _clues()
    at = 0
    while (m := clues.search(text, at)) is not None:
        lines.append(_line(text, m.start(), m.end()))
        at = lines[-1][1] + 1
    if leet:
        lines += [_line(text, *m.span()) for m in _leet().finditer(text) if not m.group().isalpha()]
    parts: list[tuple[int, int]] = []
    for start, end in sorted(lines):
        if parts and start - parts[-1][1] < _APART:
            parts[-1] = (parts[-1][0], max(end, parts[-1][1]))
        else:
            parts.append((start, end))
    return parts


_HEX_AS_H = bytes.maketrans(b"0123456789abcdefABCDEF:", b"h" * 22 + b" ")


def _hex_clue(text: str) -> bool:
    """Could the text hold a run of spaced hex (_SPACED_HEX)? One bytes translation."""
    return b"hh hh hh hh hh hh hh hh" in text.encode("ascii", "replace").translate(_HEX_AS_H)


def _line(text: str, start: int, end: int) -> tuple[int, int]:
    """The line that holds text[start:end]."""
    found = text.find("\n", end)
    return text.rfind("\n", 0, start) + 1, len(text) if found < 0 else found


@cache
def _clues() -> re.Pattern[str]:
    # an escape, a run of blanks or a tab, a digit of another script, a look-alike letter
    return re.compile(
        f"%[0-9A-Fa-f]{{2}}|{_BACKSLASHED.pattern}|{_CODE_POINTS.pattern}|{_SPACED_HEX.pattern}|"
        f"[^\\S\\n]{{2}}|[^\\S \\n]|(?![0-9])\\d|"
        f"{_lookalike().pattern}"
    )


def plainly(text: str) -> Seen | None:
    """The text read plainly (see the module), or None when it reads as `seen(text)` does."""
    decoded: Seen | None = None
    for step in (_spelled, _backslashed, _percent, _percent):
        layer = step(text if decoded is None else decoded.text)
        if layer is not None:
            decoded = layer.over(decoded)
    base = text if decoded is None else decoded.text
    shown = seen(base)
    if shown is not None and decoded is not None:
        shown = shown.over(decoded)
    under = shown or decoded
    read = base if shown is None else shown.text
    letters = _letters(read)
    blanks = _blanks(letters)
    if blanks is None:
        if letters == read:  # nothing past seen(text), unless the text held escapes
            return None if decoded is None else under
        blanks = Seen(letters, [0], [0], [0], len(letters))
    return blanks if under is None else blanks.over(under)


def _percent(text: str) -> Seen | None:
    """Each `%XX` as its byte (see _bytes)."""
    if "%" not in text:
        return None
    edits: list[tuple[int, int, str]] = []
    for m in _ESCAPES.finditer(text):
        edits += _bytes(bytes.fromhex(m.group().replace("%", "")), _every(m.start(), 3, m.group()))
    return edited(text, edits)


def _backslashed(text: str) -> Seen | None:
    """Each escape of a string literal as the character it stands for: `\\u0049` and
    `\\u{49}` as "I" (a pair of surrogates as one character), a run of `\\xXX` or of octal
    escapes (`\\147\\150`) as its bytes (see _bytes), `\\n`, `\\r` and `\\t` as the line
    break or tab they stand for; one that stands for a character nobody sees is read as
    nothing, as a person reads the character itself (hidden.seen)."""
    if "\\" not in text:
        return None
    edits: list[tuple[int, int, str]] = []
    for m in _BACKSLASHED.finditer(text):
        found = m.group()
        if found[1] == "x":
            edits += _bytes(bytes.fromhex(found.replace("\\x", "")), _every(m.start(), 4, found))
            continue
        if found[1] in "01234567":
            codes = found.split("\\")[1:]
            if len(codes) >= 4 or all(len(code) == 3 for code in codes):
                places, at = [], m.start()
                for code in codes:
                    places.append((at, at + 1 + len(code)))
                    at += 1 + len(code)
                edits += _bytes(bytes(int(code, 8) & 0xFF for code in codes), places)
            continue
        if found[1] in "nrt":
            edits.append((m.start(), m.end(), {"n": "\n", "r": "\r", "t": "\t"}[found[1]]))
            continue
        char = chr(int(found[2:].strip("{}"), 16))
        high = edits[-1][2] if edits and edits[-1][1] == m.start() else ""
        if "\udc00" <= char <= "\udfff" and "\ud800" <= high <= "\udbff":
            pair = 0x10000 + ((ord(high) - 0xD800) << 10) + ord(char) - 0xDC00
            edits[-1] = (edits[-1][0], m.end(), chr(pair))  # a pair of surrogates
        else:
            edits.append((m.start(), m.end(), char))
    return edited(text, [_shown(e) for e in edits if not "\ud800" <= e[2][:1] <= "\udfff"])


def _shown(edit: tuple[int, int, str]) -> tuple[int, int, str]:
    """An escape read as what a person sees of it: nothing for a character nobody sees."""
    start, end, read = edit
    return edit if read.isprintable() or read.isspace() else (start, end, "")


def _every(at: int, width: int, run: str) -> list[tuple[int, int]]:
    """The spans of a run of escapes of one width."""
    return [(i, i + width) for i in range(at, at + len(run), width)]


# A run of four code points or more in Unicode's notation ("U+0067 U+0068 U+0070"), and of
# eight bytes or more in hex, two digits a byte and a space between ("67 68 70 5f 52 38 …").
_CODE_POINTS = re.compile(
    r"(?<![\w+])[Uu]\+[0-9A-Fa-f]{4,6}(?:[ ,]{1,2}[Uu]\+[0-9A-Fa-f]{4,6}){3,}"
)
_SPACED_HEX = re.compile(r"(?<![\w:-])[0-9A-Fa-f]{2}(?:[ :][0-9A-Fa-f]{2}){7,}(?![\w:-])")


def _spelled(text: str) -> Seen | None:
    """A run of code points ("U+0067 U+0068 …") as the characters they stand for, and a run
    of spaced hex bytes that spells printable text in UTF-8 ("67 68 70 5f …") as that text:
    each read whole or not at all."""
    if "+" not in text and " " not in text and ":" not in text:
        return None
    edits: list[tuple[int, int, str]] = []
    for m in _CODE_POINTS.finditer(text):
        points = [int(p[2:], 16) for p in re.findall(r"[Uu]\+[0-9A-Fa-f]+", m.group())]
        if all(p <= 0x10FFFF and not 0xD800 <= p <= 0xDFFF for p in points):
            edits.append((m.start(), m.end(), "".join(map(chr, points))))
    for m in _SPACED_HEX.finditer(text):
        try:
            read = bytes.fromhex(m.group().replace(":", " ")).decode("utf-8")
        except ValueError:
            continue
        if read.isprintable():
            edits.append((m.start(), m.end(), read))
    edits.sort()
    kept = [e for n, e in enumerate(edits) if not n or e[0] >= edits[n - 1][1]]
    return edited(text, kept)


def _bytes(raw: bytes, places: list[tuple[int, int]]) -> list[tuple[int, int, str]]:
    """A run of escaped bytes (byte i written at places[i]) read: a byte in ASCII as its
    character, a run of others as the UTF-8 they spell (left as written when they spell
    none)."""
    edits: list[tuple[int, int, str]] = []
    i = 0
    while i < len(raw):
        if raw[i] < 0x80:
            edits.append((*places[i], chr(raw[i])))
            i += 1
            continue
        j = i
        while j < len(raw) and raw[j] >= 0x80:
            j += 1
        try:
            edits.append((places[i][0], places[j - 1][1], raw[i:j].decode("utf-8")))
        except UnicodeDecodeError:
            pass
        i = j
    return edits


def _letters(text: str) -> str:
    """Digits of every script as ASCII digits, look-alikes as Latin letters in a word with Latin
    letters, a tab as a space, leetspeak of a secret's name as the name: character for
    character."""
    if not text.isascii():
        table = {
            ord(c): str(unicodedata.decimal(c))
            for c in set(text)
            if not c.isascii() and c.isdecimal()
        }
        if table:
            text = text.translate(table)
        if _lookalike().search(text) is not None:
            text = _mixed().sub(_as_latin, text)
    text = text.translate(_AS_SPACE)
    if _leet_clue(text):
        text = _leet().sub(lambda m: m.group().translate(_AS_LETTER), text)
    return text


def _leet_clue(text: str) -> bool:
    """Could the text hold a secret's name in leetspeak? (A few substring tests.)"""
    lowered = text.lower()
    return any(w in lowered for w in _LEET_CLUES)


@cache
def _leet() -> re.Pattern[str]:
    words = "|".join("".join(f"[{_LEET.get(c, c)}]" for c in word) for word in _LEET_WORDS)
    return re.compile(f"(?i)(?<![\\w@$!])(?:{words})(?![\\w@$!])")


@cache
def _table() -> dict[int, str]:
    return cased() | str.maketrans(_LOOKALIKES)


@cache
def _lookalike() -> re.Pattern[str]:
    return letter_class(_table())


@cache
def _mixed() -> re.Pattern[str]:
    return mixed_words(_lookalike(), r"\w")


def _as_latin(word: re.Match[str]) -> str:
    found = word.group()
    latin = found.translate(_table())
    return latin if latin != found and _ASCII_LETTER.search(found) else found


_ASCII_LETTER = re.compile("[A-Za-z]")


def _blanks(text: str) -> Seen | None:
    """A run of spaces as one space."""
    if "  " not in text:
        return None
    starts: list[int] = []
    origins: list[int] = []
    at = length = 0
    for m in _BLANKS.finditer(text):  # each piece: up to a run and its first space, copied
        starts.append(length)
        origins.append(at)
        length += m.start() + 1 - at
        at = m.end()
    starts.append(length)
    origins.append(at)
    return Seen(_BLANKS.sub(" ", text), starts, origins, [0] * len(starts), len(text))
