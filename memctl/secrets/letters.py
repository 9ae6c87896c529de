"""A text's letters as someone typing ASCII writes them: without their accents ("José Núñez" as
"Jose Nunez"), and German's umlauts spelled out ("Jörg Müller" as "Joerg Mueller"; "ß" is "ss"
once casefolded). The purge registry (memctl.purged) reads a text in these forms too and keeps
records of a purged text's, so a name comes back in neither; the purge's own search finds them
in the files and history (spelling.py).
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from itertools import product

from . import hidden

# Letters with no accent to drop that an ASCII writer spells so (small: a text is casefolded).
_OWN = {
    "ø": "o",
    "æ": "ae",
    "œ": "oe",
    "đ": "d",
    "ð": "d",
    "þ": "th",
    "ł": "l",
    "ı": "i",
    "ħ": "h",
    "ŀ": "l",
    "ŧ": "t",
    "ß": "ss",
    "ẞ": "ss",
}
# The German (and Scandinavian) way: an umlaut as its vowel and an "e".
_SPELLED_OUT = {"ä": "ae", "ö": "oe", "ü": "ue", "ø": "oe"}
_WORD = re.compile(r"\w+")
_MIXED = 16  # at most this many forms of a text with its words written each way


@cache
def plain(char: str) -> str | None:
    """`char` (casefolded) without its accent ("é" is "e", "ø" is "o"), or None when it has
    no such form (an ASCII character, a letter of another script, a sign)."""
    if char.isascii():
        return None
    if char in _OWN:
        return _OWN[char]
    parts = unicodedata.normalize("NFD", char)
    if len(parts) > 1 and parts[0].isascii() and parts[0].isalpha():
        if all(unicodedata.combining(c) for c in parts[1:]):
            return parts[0]
    return None


def spelled_out(char: str) -> str | None:
    """`char` (casefolded) with its umlaut spelled out ("ö" is "oe"), else None."""
    return _SPELLED_OUT.get(char)


def _written(text: str, *, out: bool) -> list[tuple[int, int, str]]:
    edits = []
    for at, char in enumerate(text):
        if not char.isascii():
            read = (spelled_out(char) if out else None) or plain(char)
            if read is not None:
                edits.append((at, at + 1, read))
    return edits


def readings(folded: str) -> list[hidden.Seen]:
    """The casefolded text without its accents, and with its umlauts spelled out, when each
    differs: each a reading that maps its spans back to `folded` ([] for ASCII)."""
    if folded.isascii():
        return []
    found: list[hidden.Seen] = []
    for out in (False, True):
        read = hidden.edited(folded, _written(folded, out=out))
        if read is not None and all(read.text != f.text for f in found):
            found.append(read)
    return found


def forms(folded: str) -> list[str]:
    """The forms of a casefolded text that `readings` reads a copy of it as, other than the
    text itself: each word without its accents or with its umlauts spelled out ("jörg
    müller": "jorg muller", "joerg mueller", "jorg mueller", "joerg muller"); past _MIXED
    mixes, the two ways throughout."""
    if folded.isascii():
        return []
    pieces: list[str | tuple[str, ...]] = []
    at = 0
    for m in _WORD.finditer(folded):
        word = m.group()
        ways = tuple(dict.fromkeys(_apply(word, out=out) for out in (False, True)))
        pieces += [folded[at : m.start()], ways]
        at = m.end()
    pieces.append(folded[at:])
    choices = [p for p in pieces if isinstance(p, tuple)]
    count = 1
    for ways in choices:
        count *= len(ways)
    if count > _MIXED:
        made = [_apply(folded, out=out) for out in (False, True)]
    else:
        made = []
        for picked in product(*choices):
            chosen = iter(picked)
            made.append("".join(p if isinstance(p, str) else next(chosen) for p in pieces))
    return [f for f in dict.fromkeys(made) if f != folded]


def _apply(text: str, *, out: bool) -> str:
    read = hidden.edited(text, _written(text, out=out))
    return text if read is None else read.text


@cache
def accented(char: str) -> frozenset[str]:
    """The letters (small and capital) that `plain` or `spelled_out` write as the ASCII letter
    `char`: "é", "è", "ê", "É"… for "e"."""
    return frozenset(c for c in _letters() if plain(c.casefold()) == char.lower())


@cache
def _letters() -> tuple[str, ...]:
    """The Latin letters with an accent (Latin-1 to Latin Extended Additional)."""
    ranges = [(0xC0, 0x250), (0x1E00, 0x1F00)]
    return tuple(
        chr(p)
        for low, high in ranges
        for p in range(low, high)
        if chr(p).isalpha() and len(chr(p).casefold()) == 1
    )
