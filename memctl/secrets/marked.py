"""Text as Markdown and HTML show it: an escaped character as itself, emphasis without its
marks, a character reference as the character.

A rendered note shows "ghp\\_abc" as "ghp_abc", "Zan**zi**bar" as "Zanzibar" (the middle in
bold) and "ghp&#95;abc" or "ghp&lowbar;abc" as "ghp_abc"; a person reading the source reads
them so too. memctl.secrets.hidden reads a text through `edits` before it reads the
characters nobody sees, so the secret scanner and the purge registry see what the reader sees.
All of it is ASCII, so a cheap test of the text comes first: most texts hold none of it.
"""

from __future__ import annotations

import re
from functools import cache

# A backslash and the ASCII punctuation it escapes in Markdown ('"' aside: the scanner reads a
# quoted field's escaped quotes itself); a character reference (decimal, hex or named), escaped
# again once or more (`&amp;#32;`, as a page that escapes its source shows it); a run of the
# characters emphasis is marked with.
_MARKS = (
    r"\\[!#$%&'()*+,\-./:;<=>?@\[\\\]^_`{|}~]"
    r"|&(?:amp;)*(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});"
    r"|\*+|~~+|__+"
)


@cache
def _marks() -> re.Pattern[str]:
    return re.compile(_MARKS)


def _clue(text: str) -> bool:
    """Could the text hold an escape, a reference or emphasis? (A few substring tests.)"""
    return "\\" in text or "&" in text or "*" in text or "__" in text or "~~" in text


def edits(text: str) -> list[tuple[int, int, str]]:
    """What reads differently in `text`, in order: (start, end, what is read there), "" for
    marks read as nothing. A backslash before ASCII punctuation is read as nothing; a
    character reference (`&#95;`, `&#x5f;`, `&lowbar;`, `&amp;#95;`) as its character;
    emphasis (`*`, `**`, `***`, `__`, `___`, `~~`) as nothing where a mark that may open it is
    closed by the same mark on the same line, as Markdown pairs them ("Zan**zi**bar",
    "**ledger**", and not "5 * 3 * 2")."""
    if not _clue(text):
        return []
    found: list[tuple[int, int, str]] = []
    open_: list[tuple[str, int, int]] = []  # emphasis marks that may open: mark, start, end
    line = 0
    for m in _marks().finditer(text):
        mark, start, end = m.group(), m.start(), m.end()
        first = mark[0]
        if first == "\\":
            found.append((start, start + 1, ""))
            continue
        if first == "&":
            char = _reference(mark)
            if char is not None:
                found.append((start, end, char))
            continue
        if len(mark) > 3 or (first == "~" and len(mark) != 2):
            continue
        newline = text.rfind("\n", 0, start) + 1
        if newline != line:  # emphasis ends with its line
            line, open_ = newline, []
        before = text[start - 1] if start > line else " "
        after = text[end] if end < len(text) else " "
        closer = next((i for i in range(len(open_) - 1, -1, -1) if open_[i][0] == mark), None)
        if not before.isspace() and closer is not None:
            _, s, e = open_[closer]
            found += [(s, e, ""), (start, end, "")]
            del open_[closer:]
        elif not after.isspace():
            open_.append((mark, start, end))
    return sorted(found)


def _reference(reference: str) -> str | None:
    """The character a reference stands for, or None (no such character, or a name HTML does
    not know)."""
    while reference.startswith("&amp;") and len(reference) > 5:
        reference = "&" + reference[5:]
    if reference[1] == "#":
        hexadecimal = reference[2] in "xX"
        point = int(reference[3:-1], 16) if hexadecimal else int(reference[2:-1])
        if point == 0 or point > 0x10FFFF or 0xD800 <= point <= 0xDFFF:
            return None
        return chr(point)
    from html.entities import html5

    return html5.get(reference[1:])
