"""A value whose name is not on its line: the note around it names it.

A note titled "Online banking password", or whose use-when says "Wi-Fi credentials", makes a
line that holds only "Xk7#pLq2vR9m" the password it names, as a person reading the note reads
it. The write layer (admission.py) hands each line it checks the naming words around it (the
note's title, key and use-when, its top heading and the heading the line stands under), and
`in_context` reads the line as if those words stood before it. Only words that name a secret
(near.py's) are context: a note titled "Contacts" or "Garden" changes nothing.

Only a line that holds the value alone is read so ("Xk7#pLq2vR9m"), or after words that say
no more than that it is the value ("new: Xk7#pLq2vR9m", "the new one is …", "since May:
4519"), with two words after it at most: a line with words of its own is about something
else ("ask Anna at the branch", "id: 4821", "Flight LH2034", "router model AX1800"). The
value must have the shape of what names it (shape.py): a date, a phone number or a year is
no password and no PIN.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .near import _near_words
from .shape import Finding, codeish, keyish, passwordish, rx, uuid

_WORDS = r"[^\W\d_]+(?:-[^\W\d_]+)*(?:\s+[^\W\d_]+(?:-[^\W\d_]+)*)+"  # two or more
_SETTING = re.compile(r"-*[^\W\d][\w.-]*[=:]")  # checked on a value: no regex repeat is nested
# The words a line may hold before its value and still hold only the value.
_SAYING = frozenset(
    """the a new old current one now is it it's its was since until from changed to set temp
    temporary backup spare guest admin home work main pin code password key : = -> → -
    forgotten closed removed replaced superseded moved reset rotated updated expired
    jan feb mar apr may jun jul aug sep oct nov dec january february march april june july
    august september october november december""".split()
)


@lru_cache(maxsize=256)
def names_a_secret(words: str) -> bool:
    """Whether `words` (a title, a heading) hold a word that names a secret."""
    return bool(words) and bool(_near_words(words, words.lower()))


def in_context(names: list[str], text: str) -> list[Finding]:
    """The secrets in `text` (a line's own words, without its list marker and fields) when
    read after each of `names`, in `text`'s positions; nothing the text holds on its own is
    reported twice by the write layer (it has read the text alone first)."""
    if not text.strip():
        return []
    return list(_in_context(tuple(names), text))


@lru_cache(maxsize=8192)  # a note's lines are read again each time the note is indexed anew
def _in_context(names: tuple[str, ...], text: str) -> tuple[Finding, ...]:
    from .scan import scan

    for name in names:
        prefix = f"{name}: "
        joined = prefix + text
        found = []
        for f in scan(joined):
            if f.start < len(prefix):
                continue  # in the name itself (a title holding a value is read on its own)
            value = joined[f.start : f.end]
            before = text[: f.start - len(prefix)]
            after = text[f.end - len(prefix) :].split()
            if not _shaped(f.kind, value, text) or not _alone(before) or len(after) > 2:
                continue
            found.append(f._replace(start=f.start - len(prefix), end=f.end - len(prefix)))
        if found:
            return tuple(found)
    return ()


_SAID_SYMBOLS = frozenset("-_./:#+")  # what a name, an id or a reference is written with


def said_of(value: str) -> bool:
    """A value said of an entry (who said it, when it applies, why, from where) that its own
    text or another of its values names as a secret ("Sam's password …" with `by:Tr0ub4dor&3x`):
    a password beyond doubt, one no name, model or reference is ("agent-7b", "claude-opus-4",
    "JIRA-1234", "daily/2026-12-01.md:12" stay): a symbol such names are not written with, or
    letters and digits taking turns three times or more in one run ("Tr0ub4dor", "pLq2vR9m")."""
    from .shape import strong_password

    if not strong_password(value):
        return False
    if any(not c.isalnum() and c not in _SAID_SYMBOLS for c in value):
        return True
    for run in re.split(r"[\W_]+", value):
        turns = sum(a.isdigit() != b.isdigit() for a, b in zip(run, run[1:], strict=False))
        if turns >= 3:
            return True
    return False


def _alone(before: str) -> bool:
    """Whether the words before a value only say it is the value (see _SAYING)."""
    for word in before.lower().split():
        word = word.strip(":=,.")
        if word and word not in _SAYING and not word.isdigit():
            return False
    return True


def _shaped(kind: str, value: str, text: str) -> bool:
    """Whether the value has the shape of what names it, itself: a name set before a line
    makes its first word look assigned ("password: 2026-03-12"), which only a value of the
    right shape is. A PIN is the line's only number (not a year, not a group of a phone
    number: "+49 171 5551234")."""
    if _SETTING.match(value):
        return False  # a setting of its own name: "LOG_LEVEL=warn", "Sicherheitsrichtlinie:"
    if kind == "password":  # words alone are what a line says ("Wi-Fi credentials")
        return passwordish(value) and rx(_WORDS).fullmatch(value) is None
    if kind == "pin":
        numbers = [w for w in re.split(r"[\s,;]+", text) if any(c.isdigit() for c in w)]
        year = len(value) == 4 and value.isdigit() and value[:2] in ("19", "20")
        return codeish(value) and len(numbers) == 1 and not year
    if kind in ("secret-value", "private-key"):  # a UUID only where a key's name named it
        return keyish(value) or uuid(value)
    return True
