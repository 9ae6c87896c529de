"""A secret's name written closed up or hyphenated, for the secret scanner: "the keysafe at
dad's: 1966" is "the key safe at dad's: 1966", "doorcode 4471" and "door-code 4471" are "door
code 4471", "wifipassword is Tangerine77!" is "wifi password is Tangerine77!", "lockbox is
3391" is "lock box is 3391".

`closed_up` reads each such compound as its two words, so every rule that reads a name of two
words (near.py, words.py, said.py) reads it closed up or hyphenated too, with a plural or a
possessive on its second part ("keysafes", "doorcode's"). A compound is read apart only when
its first part says what the secret opens or guards (_PAIRS: a door, a gate, an alarm, a key
safe, a network) and its second names a code, a safe or a password: "barcode", "zipcode",
"dresscode" and a keyboard's "keyCode" stay one word. The reading changes only where a compound
stands (a space put in, or a hyphen read as one); a finding's span is the text's own.
"""

from __future__ import annotations

from .hidden import Seen, edited
from .shape import rx

# What a code opens: "the garage code", "the code to the bike lock" (words.py reads a bare
# "code" as a secret only next to one of these).
# fmt: off
ACCESS_NOUNS = (
    "door", "gate", "alarm", "safe", "garage", "lock", "building", "keypad", "entrance", "house",
    "flat", "apartment", "locker", "padlock", "tür", "porte", "entry", "access", "unlock", "bike",
    "lockbox", "keysafe",
)
# fmt: on

# The first parts of a compound, each with the second parts it takes (a "pin" after what it
# opens is none: a "doorpin" or a "lockpin" holds a hinge).
_CODES = ("code", "combo", "combination")
_PAIRS: dict[str, tuple[str, ...]] = {
    **{noun: _CODES for noun in ACCESS_NOUNS},
    "key": ("safe", "box"),  # not "keycode": a keyboard's (JavaScript's keyCode 113)
    "lock": (*_CODES, "box"),
    "pin": ("code",),
    "wifi": ("password", "passwort", "pass", "key", "code"),
    "wlan": ("password", "passwort", "pass", "key", "code"),
}
_FIRSTS = sorted(_PAIRS, key=len, reverse=True)
_SECONDS = sorted({second for seconds in _PAIRS.values() for second in seconds}, key=len)
# A compound: a first part, a hyphen or none, a second part, then a plural or a possessive at
# most; a whole word (a hyphenated word may stand before it: "smart-keysafe").
_COMPOUND = (
    rf"(?i)(?<!\w)(?:{'|'.join(_FIRSTS)})-?(?:{'|'.join(reversed(_SECONDS))})"
    r"(?:s|['’]s)?(?!\w)"
)
# Substrings one of which every compound holds (its second part's first letters): six
# substring tests spare half the texts the pattern.
_CLUES = tuple(sorted({second[:3] for second in _SECONDS}))


def closed_up(text: str, lowered: str) -> Seen | None:
    """The text with each compound that names a secret read as its two words (`lowered`: its
    lowercase), or None when it holds none."""
    if not any(clue in lowered for clue in _CLUES):
        return None
    edits = []
    for m in rx(_COMPOUND).finditer(text):
        at = _join(m.group().lower())
        if at is not None:
            start = m.start() + at
            hyphen = text[start] == "-"
            edits.append((start, start + hyphen, " "))
    return edited(text, edits)


def _join(word: str) -> int | None:
    """Where the compound's two parts meet (its hyphen, if it has one), or None when no first
    part of it takes what follows ("keycode")."""
    for first in _FIRSTS:
        if not word.startswith(first):
            continue
        rest = word[len(first) :]
        hyphen = rest.startswith("-")
        second = rest[hyphen:]
        for end in ("'s", "’s", "s", ""):
            if second.endswith(end) and second[: len(second) - len(end)] in _PAIRS[first]:
                return len(first)
    return None
