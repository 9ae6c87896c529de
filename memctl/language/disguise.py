"""How the injection check reads a text: with its disguises taken off (look-alike letters,
leetspeak, s p a c e d letters, a run of base64 that decodes to words, URL escapes and HTML
references, a word broken over two lines by a hyphen)."""

from __future__ import annotations

import re
import unicodedata

from ..secrets.hidden import latin, visible
from ..words import fold

_LEET = str.maketrans("0134578@$|!", "oieastbasii")
_SPACED = re.compile(r"(?<!\w)(?:\w[ \t._*~-]+){3,}\w(?!\w)")


def deobfuscate(text: str) -> list[str]:
    """The text as an injection check reads it: folded, plus homoglyph, leet and de-spaced forms,
    and what a run of base64 in it says when it decodes to text."""
    folded = fold(unicodedata.normalize("NFKC", visible(text))).replace("’", "'")
    mapped = latin(folded)
    joined = _SPACED.sub(_unspaced, mapped)
    forms = [folded, mapped, joined, _leet(joined), _leet(mapped)]
    forms += [fold(said) for said in _decoded(text)]
    forms += [fold(said) for said in _unwrapped(text)]
    return list(dict.fromkeys(" ".join(f.split()) for f in forms))


_ESCAPED = re.compile(r"%[0-9A-Fa-f]{2}|&#?\w{1,8};")
# "Ig-" at a line's end and "nore" on the next (a line break folded to a space, or a "> " too)
_BROKEN = re.compile(r"(?<=\w)-[ \t\r\n>]{1,8}(?=\w)")


def _unwrapped(text: str) -> list[str]:
    """The text with URL escapes and HTML references read ("Ignore%20all%20previous") and a
    word broken by a hyphen at a line's end joined again; nothing when it holds neither."""
    import html
    import urllib.parse

    found = []
    if _ESCAPED.search(text):
        found.append(html.unescape(urllib.parse.unquote_plus(text)))
    if _BROKEN.search(text):
        found.append(_BROKEN.sub("", text))
    return found


_RUN = re.compile(r"\S+")
_LETTER = re.compile(r"[^\W\d_]")


def _leet(text: str) -> str:
    """The text with leetspeak read as letters, in the runs of it that hold a letter: leetspeak
    writes a word's letters as digits ("1gn0r3"), never a number's ("room 3.41" is no "e.ai")."""
    return _RUN.sub(
        lambda m: m.group().translate(_LEET) if _LETTER.search(m.group()) else m.group(), text
    )


def _unspaced(m: re.Match[str]) -> str:
    """Letters spaced out joined again; a wider gap ("i g n o r e   a l l") parts two words,
    and where no gap is left (whitespace folded to one space), the words an override is made of
    are set apart again."""
    parts = re.split(r"[ \t]{2,}", m.group())
    if len(parts) > 1:
        return " ".join(re.sub(r"[ \t._*~-]+", "", part) for part in parts)
    return _OVERRIDE_WORDS.sub(r" \1 ", re.sub(r"[ \t._*~-]+", "", m.group()))


_OVERRIDE_WORDS = re.compile(
    r"(ignore|disregard|forget|override|bypass|previous|prior|above|earlier|instructions?|rules|"
    r"prompts?|guidelines|system|reveal|send|delete|passwords?|secrets?|notes)"
)


_BASE64 = re.compile(r"(?<![\w+/=])[A-Za-z0-9+/]{16,}={0,2}(?![\w+/=])")


def _decoded(text: str) -> list[str]:
    """The runs of base64 in a text that decode to readable text (a few, the first 4 kB)."""
    import base64
    import binascii

    found = []
    for m in _BASE64.finditer(text[:4096]):
        run = m.group()
        try:
            said = base64.b64decode(run + "=" * (-len(run) % 4), validate=True).decode("utf-8")
        except (binascii.Error, UnicodeDecodeError):
            continue
        if said.isprintable() and sum(c.isalpha() or c == " " for c in said) > 0.8 * len(said):
            found.append(said)
        if len(found) == 3:
            break
    return found
