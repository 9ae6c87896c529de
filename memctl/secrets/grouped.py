"""A code's digits written apart, for the secret scanner: "the door code is 4 4 7 1", "my bank
PIN is 4.4.7.1", "alarm code: 2 5 8 0", "debit card PIN 4/4/7/1", "PIN 44 71", "the door code
is 4 · 4 · 7 · 1" are the codes 4471 and 2580, as a person reads them.

`grouped` reads a run of digits in groups (of one to four digits, two groups or more, 3 to 8
digits in all) cut by blanks, dots, slashes, dashes or a middle dot as its digits, when the
run stands right after a word that names a code ("PIN", "passcode", "door code", "combo",
"keypad"…), alone or after "is", ":", "=" and the like: the scanner then checks "the door code
is 4471" and finds the PIN there it finds in the digits, its span the run as written.

The name is what makes the digits a secret: "version 4.4.7.1", "we met at 4 4 7 Main Street",
"the score was 4 4", "room 4.12", a phone number or a date hold no code's name before them,
and are read as they are. A date ("PIN changed 12/03/2024") or a time is no run of a code's
groups; a lowercase "pin" right before a dotted number is a dependency pinned to a version
("pin 1.2.6"), not a PIN.
"""

from __future__ import annotations

from .hidden import Seen, edited
from .shape import rx

# What names a code (a substring of the lowered text, checked before any regex).
_CLUES = tuple(
    "pin code puk combo combination keypad cvv cvc kod codig códig box safe padlock".split()
)
# fmt: off
_NAMES = (
    "pin", "pins", "pin code", "pin number", "puk", "passcode", "pass code", "passcodes", "code",
    "codes", "combo", "combination", "keypad", "keypad code", "cvv", "cvv2", "cvc", "cvc2",
    "digicode", "zahlencode", "türcode", "kod", "koodi", "código", "codigo", "codice",
    "code pin", "lockbox", "lock box", "key box", "keysafe", "key safe", "padlock",
)
# fmt: on
_NAME = "|".join(sorted(_NAMES, key=len, reverse=True))
# The words one of which ends what stands right before a code's run: a name, or a word that
# joins it to its value (with ":" and "=": _JOIN).
_LAST_WORDS = frozenset(
    [name.split()[-1] for name in _NAMES]
    + "is was now ist es est è é lautet are reads takes accepts with on".split()
)
_SEP = r"(?:[ \t]{0,3}[./·•∙⋅\-][ \t]{0,3}|[ \t]{1,3})"
_RUN = (
    rf"(?P<run>(?<![\w.,/·-])\d{{1,4}}(?:{_SEP}\d{{1,4}}){{1,7}})"
    rf"(?![\w/·•∙⋅-]|[.,]\d|{_SEP}\d)"
)
# The name, what may join it to the value ("is", ":", "="…), then the run.
_JOIN = (
    r"(?:[ \t]{0,3}[:=][ \t]{0,3}|[ \t]{1,3}(?:(?:is|was|is now|now is|ist|es|est|è|é|lautet|"
    r"are|reads|takes|accepts|opens with|opens on|=)[ \t]{1,3})?)"
)
# What it opens, between the name and "is" ("the PIN for the spare SIM is 5820 4419").
_FOR = (
    r"(?:[ \t]{1,3}(?:for|of|to|on|at|für|zum|zur|del|de|du|van|voor)(?:[ \t]{1,3}[\w'’.-]+){1,4}?)"
)
# The name, what it opens and what joins it to the value, right before a run (searched in the
# few characters before each run: a run of digits is rarer than a word, so a text pays one pass
# for its runs and a short search before each).
_BEFORE = rf"(?i)(?<![\w-])(?P<name>{_NAME})(?![\w-])(?P<of>{_FOR})?(?P<join>{_JOIN})\Z"
_REACH = 80  # characters before a run the name and its joining words may take
_DATE = r"\d{1,2}([./-])\d{1,2}\1\d{2,4}|\d{4}([./-])\d{1,2}\2\d{1,2}"


def grouped(text: str, lowered: str) -> Seen | None:
    """The text with each run of a code's digits written apart read as its digits (`lowered`:
    its lowercase), or None when it holds no such run."""
    if not any(clue in lowered for clue in _CLUES):
        return None
    edits = []
    for r in rx(_RUN).finditer(text):
        before = max(0, r.start() - _REACH)
        near = text[before : r.start()].lower()
        tail = near.rstrip(" \t")
        last = tail.rsplit(None, 1)[-1] if tail else ""
        if not (tail[-1:] in (":", "=") or last in _LAST_WORDS):
            continue  # "at 4 4 7 Main Street": no name nor "is" right before it
        if not any(clue in near for clue in _CLUES):
            continue  # no code's name just before it (a few substring tests)
        run = r["run"]
        digits = "".join(c for c in run if c.isdigit())
        if not 3 <= len(digits) <= 8 or rx(_DATE).fullmatch(run.replace(" ", "")):
            continue
        m = rx(_BEFORE).search(text, before, r.start())
        if m is None:
            continue
        bare = not m["join"].strip()
        if bare and m["of"]:
            continue  # "the PIN for the 2 3 kids": what follows the name, not a value
        if bare and m["name"] == "pin" and not rx(r"[\d \t]+").fullmatch(run):
            continue  # "pin 1.2.6": a version pinned
        edits.append((r.start(), r.end(), digits))
    return edited(text, edits)
