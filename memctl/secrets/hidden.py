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
SPACES = "\u00a0\u1680" + "".join(map(chr, range(0x2000, 0x200B))) + "\u202f\u205f\u3000"
# Dashes a person reads as a hyphen (Unicode's confusables of "-", UTS #39): the hyphen, the
# non-breaking hyphen, the figure dash, the en dash, the hyphen bullet, the minus sign, the
# heavy minus sign, the small em dash and small hyphen-minus, the modifier minus.
HYPHENS = "\u02d7\u2010\u2011\u2012\u2013\u2043\u2212\u2796\ufe58\ufe63"
# Letters and digits in a compatibility form, read as the ASCII they stand for (NFKC, where it
# gives ASCII letters or digits: see compatible): bold, italic, script, double-struck and the
# other mathematical alphabets ("𝐙", "ℤ"), circled and squared letters and digits ("Ⓩ", "①"),
# superscripts and subscripts, Roman numerals, ligatures ("ﬁ"), the long s, units ("㎏").
_COMPATIBLE = (
    "\u00aa\u00b2\u00b3\u00b9\u00ba\u0132\u0133\u017f\u01c7-\u01cc\u01f1-\u01f3"
    "\u02b0-\u02b8\u02e1-\u02e3\u1d2c-\u1d65\u1d9c-\u1dbb\u2070-\u209c\u20a8"
    "\u2102-\u2149\u2160-\u217f\u2460-\u2473\u24b6-\u24ea\u2c7c\u2c7d\u3250-\u325f"
    "\u32b1-\u32bf\u32cc-\u32cf\u3371-\u33ff\ua7f2-\ua7f4\ufb00-\ufb06\U000107a5"
    "\U0001d400-\U0001d7ff\U0001f12b-\U0001f190\U0001fbf0-\U0001fbf9"
)
# Invisible: format characters (soft hyphen, zero-width spaces and joiners, direction marks and
# overrides, word joiners, the byte order mark, interlinear annotation marks, shorthand format
# controls, musical format controls, the language tag), the combining grapheme joiner,
# variation selectors, Mongolian free variation selectors, Hangul fillers and the blank Braille
# pattern (each shown as an empty cell), Khmer inherent vowels. Read as ASCII: fullwidth forms
# U+FF01-FF5E, tag characters U+E0020-E007E, SPACES as a space, HYPHENS as "-", _COMPATIBLE
# as what it stands for. (Compiled when a text past ASCII first needs it.)
_HIDDEN = (
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
    "\u2060-\u2064\u2066-\u206f\u2800\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff9-\ufffb\uff01-\uff5e"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001-\U000e007f\U000e0100-\U000e01ef"
    f"{SPACES}{HYPHENS}{_COMPATIBLE}]+"
)


# Letters of other scripts that a person reads as a Latin one (from Unicode's confusables, UTS
# #39): "Zаnzibar" with a Cyrillic "а" is "Zanzibar", "ꓙim" with a Lisu "ꓙ" and "Jɪm" with a small
# capital "ɪ" are "Jim". Keyed by their casefolded form, so a
# letter and its capital read the same (Cyrillic "т" as "t", for "Т"); a Greek letter whose two
# cases look like two Latin letters is read as its small one ("ν" as "v"). Where a look-alike
# would carry a text past a check that reads Latin (the purge registry, the injection check),
# the text is read through `LATIN` as well as as it is.
_LOOKALIKES = {
    "а": "a", "в": "b", "е": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c",
    "т": "t", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ј": "j", "һ": "h", "ԁ": "d", "ԛ": "q",
    "ԝ": "w", "ӏ": "l", "ɡ": "g", "α": "a", "ε": "e", "η": "n", "ι": "i", "κ": "k", "μ": "u",
    "ν": "v", "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ω": "w", "ү": "y", "ϲ": "c",
    "ϳ": "j", "ı": "i", "ȷ": "j",
    # Lisu letters that look like Latin capitals
    "ꓐ": "b", "ꓑ": "p", "ꓒ": "d", "ꓓ": "d", "ꓔ": "t", "ꓖ": "g", "ꓗ": "k", "ꓙ": "j", "ꓚ": "c",
    "ꓜ": "z", "ꓝ": "f", "ꓟ": "m", "ꓠ": "n", "ꓡ": "l", "ꓢ": "s", "ꓣ": "r", "ꓦ": "v", "ꓧ": "h",
    "ꓪ": "w", "ꓫ": "x", "ꓬ": "y", "ꓮ": "a", "ꓰ": "e", "ꓲ": "i", "ꓳ": "o", "ꓴ": "u",
    # Latin small capitals (IPA, "ꜱᴍᴀʟʟ ᴄᴀᴘꜱ" text generators)
    "ᴀ": "a", "ʙ": "b", "ᴄ": "c", "ᴅ": "d", "ᴇ": "e", "ꜰ": "f", "ɢ": "g", "ʜ": "h", "ɪ": "i",
    "ᴊ": "j", "ᴋ": "k", "ʟ": "l", "ᴍ": "m", "ɴ": "n", "ᴏ": "o", "ᴘ": "p", "ꞯ": "q", "ʀ": "r",
    "ꜱ": "s", "ᴛ": "t", "ᴜ": "u", "ᴠ": "v", "ᴡ": "w", "ʏ": "y", "ᴢ": "z",
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
    return found.translate(cased()) if _ASCII_LETTER.search(found) else found


_ASCII_LETTER = re.compile("[A-Za-z]")
_WORD = "[\\w\u00ad\u200b-\u200f\u2060-\u2064\ufeff]"  # with the characters nobody sees
# Capitals that look like a Latin capital other than the capital of their small letter's
# reading (Greek "Η" looks like "H", its small "η" like "n"); "" for none ("Ω").
_CAPITALS = {"Η": "H", "Ν": "N", "Μ": "M", "Υ": "Y", "Ω": "", "Β": "B", "Ζ": "Z"}


@cache
def cased() -> dict[int, str]:
    table = {c: letter for c, letter in _LOOKALIKES.items()}
    table |= {c.upper(): letter.upper() for c, letter in _LOOKALIKES.items() if c.upper() != c}
    table |= _CAPITALS
    return str.maketrans({c: ltr for c, ltr in table.items() if ltr and not c.isascii()})


def letter_class(table: dict[int, str]) -> re.Pattern[str]:
    """One of the characters a translation table reads as another."""
    return re.compile("[" + "".join(sorted(re.escape(chr(point)) for point in table)) + "]")


def mixed_words(letters: re.Pattern[str], word: str = _WORD) -> re.Pattern[str]:
    """A word (of `word` characters) holding one of `letters`. Found from a word's start only:
    a search from each start inside a long word reads on to its end, a time growing with the
    word's square."""
    return re.compile(f"(?<!{word}){word}*{letters.pattern}{word}*")


@cache
def _lookalike() -> re.Pattern[str]:
    return letter_class(cased())


@cache
def _mixed() -> re.Pattern[str]:
    return mixed_words(_lookalike())


def folded_latin(text: str) -> str:
    """`text` casefolded, each look-alike letter read as the Latin one, a capital as the capital
    it looks like (Greek "Η" as "h", its small "η" as "n"; "Ζ" as "z"); as long as
    `text.casefold()`, position for position."""
    return text.casefold() if text.isascii() else text.translate(cased()).casefold()


def latin(folded: str) -> str:
    """A casefolded text with each look-alike letter read as the Latin one (see _LOOKALIKES);
    as long as the text, position for position."""
    return folded if folded.isascii() else folded.translate(LATIN)


@cache
def lookalikes() -> dict[str, set[str]]:
    """Each small Latin letter, and every look-alike read as it or as its capital."""
    found: dict[str, set[str]] = {}
    for point, letter in cased().items():
        found.setdefault(letter.lower(), set()).add(chr(point))
    return found


@cache
def _hidden() -> re.Pattern[str]:
    return re.compile(_HIDDEN)


# Combining marks: on a letter that Unicode composes with them, the letter (NFC, below); on an
# ASCII letter or digit that has no composed form with them (an underline, a strike-through,
# an overline, an enclosing circle or keycap: "Z\u0332"), nothing.
COMBINING = "\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f"
_ON_ASCII = f"(?<=[A-Za-z0-9])[{COMBINING}]+"
# A letter written as its parts (NFD: "e" and U+0301 for "é", as macOS and some PDFs write
# them; Hangul's jamo for a syllable), which a person reads as the letter itself: composed (NFC).
_PARTS = f"(?s:.)[{COMBINING}\u3099\u309a]+|[\u1100-\u1112][\u1161-\u1175][\u11a8-\u11c2]?"


@cache
def _readings() -> re.Pattern[str]:
    return re.compile(f"(?P<marks>{_ON_ASCII})|{_HIDDEN}")


@cache
def _parts() -> re.Pattern[str]:
    return re.compile(f"(?P<hidden>(?P<marks>{_ON_ASCII})|{_HIDDEN})|{_PARTS}")


@cache
def _on_ascii() -> re.Pattern[str]:
    return re.compile(_ON_ASCII)


@cache
def compatible() -> dict[str, str]:
    """Each character of _COMPATIBLE's ranges, read as the ASCII letters or digits it stands
    for (NFKC: "𝐙" and "ℤ" are "Z", "①" is "1", "ﬁ" is "fi"; the negative circled and squared
    letters, which NFKC leaves as they are: "🅙" and "🅹" are "J"), or as itself ("℃")."""
    table = {}
    for first, last in re.findall("(.)(?:-(.))?", _COMPATIBLE):
        for point in range(ord(first), ord(last or first) + 1):
            char = chr(point)
            read = unicodedata.normalize("NFKC", char)
            for start in _NEGATIVE:
                if start <= point < start + 26:
                    read = chr(ord("A") + point - start)
            table[char] = read if read.isascii() and read.isalnum() else char
    return table


_NEGATIVE = (0x1F150, 0x1F170)  # the negative circled and negative squared "A" (to "Z")


class Seen:
    """The text as seen (`text`), and where each of its positions lies in the original (through
    `under`, the reading it was read from, when there is one)."""

    def __init__(
        self,
        text: str,
        starts: list[int],
        origins: list[int],
        whole: list[int],
        length: int,
        under: Seen | None = None,
    ) -> None:
        self.text = text
        self._starts = starts  # a piece of `text` begins here…
        self._origins = origins  # …and at this position of the original…
        self._whole = whole  # …and is a letter composed of this many parts (0: a copy)
        self._length = length
        self._under = under

    def over(self, under: Seen | None) -> Seen:
        """This reading, made of the text `under` shows, read down to `under`'s original."""
        bottom = self
        while bottom._under is not None:
            bottom = bottom._under
        bottom._under = under
        return self

    def at(self, position: int) -> int:
        """The original position of `position` in the seen text (its length maps to the
        original's length)."""
        found = self._at(position)
        return found if self._under is None else self._under.at(found)

    def _at(self, position: int) -> int:
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
            found = self._at(start), self._origins[last] + self._whole[last]
        else:
            found = self._at(start), self._at(end - 1) + 1
        return found if self._under is None else self._under.span(*found)


def seen(text: str) -> Seen | None:
    """The text as seen, or None when it is so already (most texts): first as Markdown and HTML
    show it (memctl.secrets.marked), then without the characters nobody sees, with those that
    spell ASCII in another form read as that ASCII, and each letter whole."""
    from .marked import edits

    shown = edited(text, edits(text))
    read = _unicode(text if shown is None else shown.text)
    if read is None:
        return shown
    read._under = shown
    return read


def _unicode(text: str) -> Seen | None:
    if text.isascii():
        return None
    composing = not unicodedata.is_normalized("NFC", text)  # a letter may be in its parts
    pattern = _parts() if composing else _readings()
    if pattern.search(text) is None:
        return None
    found: list[tuple[int, int, str]] = []
    for m in pattern.finditer(text):
        if composing and m.group("hidden") is None:  # a letter in its parts
            letter = _on_ascii().sub("", unicodedata.normalize("NFC", m.group()))
            if letter != m.group():
                found.append((m.start(), m.end(), letter))
            continue
        if m.group("marks") is not None:
            found.append((m.start(), m.end(), ""))
            continue
        for offset, char in enumerate(m.group()):
            found.append((m.start() + offset, m.start() + offset + 1, _read(char)))
    return edited(text, found)


def _read(char: str) -> str:
    """How a person reads a character of _HIDDEN: "" for one nobody sees."""
    point = ord(char)
    if 0xFF01 <= point <= 0xFF5E:
        return chr(point - 0xFEE0)
    if char in SPACES:
        return " "
    if 0xE0020 <= point <= 0xE007E:
        return chr(point - 0xE0000)
    if char in HYPHENS:
        return "-"
    return compatible().get(char, "")


def edited(text: str, edits: list[tuple[int, int, str]]) -> Seen | None:
    """The text with each (start, end, read) of `edits` (in order, apart) read as `read`."""
    if not edits:
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

    for start, end, read in edits:
        keep(text[at:start], at)
        keep(read, start, 0 if len(read) == end - start else end - start)
        at = end
    keep(text[at:], at)
    return Seen("".join(parts), starts, origins, whole, len(text))


def visible(text: str) -> str:
    """The text as seen (see `seen`)."""
    found = seen(text)
    return text if found is None else found.text
