"""A purged text turned as someone hiding it turns it: written backwards, in ROT13, a name's
words in the other order (the purge registry keeps a record of each: memctl.anchors), and
letters written as the digits and signs of leetspeak (`J1m H4rd1e`: read back by the registry,
memctl.secrets.purgeread).

Backwards and in ROT13, one word may be another word ("evil" is "live", "envy" is "rail"), so
those records are made only of a text of two words or more, as the record of a text's words
run together is, or of one word of TURNED_MIN characters or more; a name's words in the other
order only of a name of two or three words of letters. A text without a letter (a number)
is not turned: its digits are recorded in any grouping, and a number backwards is another.
"""

from __future__ import annotations

import re
import string

from .hidden import Seen

TURNED_MIN = 10  # characters of a one-word text that is recorded backwards and in ROT13
_ROT13 = str.maketrans(
    string.ascii_lowercase, string.ascii_lowercase[13:] + string.ascii_lowercase[:13]
)
_WORD = re.compile(r"\w+")
# A name of two or three words of letters, which a list may write surname first.
_NAME = re.compile(r"[^\W\d_]+(?: [^\W\d_]+){1,2}")
# Leetspeak: the digits and signs written for letters ("1" for "i" and for "l").
LEET = {"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", "$": "s"}
_LEET_I = str.maketrans(LEET)
_LEET_L = str.maketrans({**LEET, "1": "l"})
# A token of letters, digits and leetspeak's signs that holds one of LEET's keys (each token
# tried from its start only: linear).
_TOKEN = re.compile(r"(?<![\w@$])[\w@$]*[013457@$][\w@$]*")
_SIGNS = re.compile(r"[013457@$]")
_LETTER = re.compile(r"[^\W\d_]")
_WORDLIKE = 24  # characters of a token read as leetspeak: a word's, not a blob's
LONG = 1 << 16  # characters of a text past which "1" is read as "i" only (one reading)


def turned(folded: str) -> list[str]:
    """A casefolded text backwards ("eidrah mij" for "jim hardie") and in ROT13 ("wvz uneqvr"),
    when it is of two words or more or of one long word (see above); else nothing."""
    if len(_WORD.findall(folded)) < 2 and len(folded) < TURNED_MIN:
        return []
    if _LETTER.search(folded) is None:  # a number: its digits in any grouping are its record
        return []
    return [f for f in dict.fromkeys((folded[::-1], folded.translate(_ROT13))) if f != folded]


def other_order(folded: str) -> list[str]:
    """A name of two or three words (casefolded) with its last word first, after a comma and
    without ("hardie, jim" and "hardie jim" for "jim hardie"); else nothing."""
    if _NAME.fullmatch(folded) is None:
        return []
    first, _, last = folded.rpartition(" ")
    return [f"{last}, {first}", f"{last} {first}"]


def leet_readings(folded: str) -> list[Seen]:
    """A casefolded text with the leetspeak in its words read as letters: in each token that
    holds a letter and a digit or sign of LEET ("j1m", "h4rd1e", "l@ne") and is no longer
    than a word, "1" read as "i", and as "l" in a second reading where it holds a "1" (in a
    text of up to 64K characters). Position for position, so a span
    maps to itself. [] when no token holds both."""
    if _SIGNS.search(folded) is None:
        return []
    tokens = [
        m
        for m in _TOKEN.finditer(folded)
        if len(m.group()) <= _WORDLIKE and _LETTER.search(m.group())
    ]
    if not tokens:
        return []
    found: list[Seen] = []
    both = len(folded) <= LONG and any("1" in m.group() for m in tokens)
    for table in (_LEET_I, _LEET_L) if both else (_LEET_I,):
        parts, at = [], 0
        for m in tokens:
            parts += [folded[at : m.start()], m.group().translate(table)]
            at = m.end()
        parts.append(folded[at:])
        text = "".join(parts)
        found.append(Seen(text, [0], [0], [0], len(text)))
    return found
