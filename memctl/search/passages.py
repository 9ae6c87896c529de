"""What a unit's vectors are made of: its text as the model reads it, in parts of what the
model can read at once.

all-MiniLM-L6-v2 reads 128 word pieces (memctl.search.pieces.MAX_TOKENS), about 90 words:
a longer unit (a session of a conversation logged whole, a meeting's notes) would be known by
its start alone, and a question about what was said at its end finds nothing. A long unit is
cut into parts of at most PART_WORDS words, at its lines where it has them, else at its
sentences, each part opened with the unit's first line (its title, the speakers) so it is read
in its place; each part has a vector of its own under the unit's line
(memctl.search.vectors), and the unit is as near to a question as its nearest part.
"""

from __future__ import annotations

import re

PART_WORDS = 80  # a part's words at most (about 110 word pieces of the model's 128)
_SENTENCE = re.compile(r"(?<=[.!?])\s+")


def embed_text(text: str, keys: str, title: str | None = None) -> str:
    """What a unit's vector is made of: its note's title (an entry line means more in its note:
    "allergic to hazelnuts" in "Anna"), its text and its use-when keys."""
    if title and title.casefold() not in text.casefold():
        text = f"{title}: {text}"
    return f"{text}\n{keys.replace(chr(10), '; ')}" if keys else text


def parts(text: str) -> list[str]:
    """The texts a unit is embedded as: itself when it is short enough, else its parts."""
    if len(text.split()) <= PART_WORDS:
        return [text]
    head, _, body = text.partition("\n")
    if not body.strip() or len(head.split()) > PART_WORDS // 4:
        head, body = "", text  # no title line to open each part with
    pieces = [line for line in body.split("\n") if line.strip()]
    pieces = [s for line in pieces for s in _split(line)]
    room = PART_WORDS - len(head.split())
    out: list[str] = []
    current: list[str] = []
    size = 0
    for piece in pieces:
        words = len(piece.split())
        if current and size + words > room:
            out.append("\n".join([head, *current]).strip())
            current, size = [], 0
        current.append(piece)
        size += words
    if current:
        out.append("\n".join([head, *current]).strip())
    return out


def _split(line: str) -> list[str]:
    """A line cut at its sentences, and a sentence longer than a part at its words."""
    if len(line.split()) <= PART_WORDS // 2:
        return [line]
    out = []
    for sentence in _SENTENCE.split(line):
        words = sentence.split()
        for start in range(0, len(words), PART_WORDS // 2):
            out.append(" ".join(words[start : start + PART_WORDS // 2]))
    return out


def parted(units: list[tuple]) -> tuple[list[tuple], list[str]]:
    """Each unit's rows (its line, once a part) and the texts they are embedded from; `units`:
    (line, text, keys, title) rows of the search index."""
    rows, texts = [], []
    for line, text, keys, title in units:
        for part in parts(embed_text(text, keys, title)):
            rows.append((line,))
            texts.append(part)
    return rows, texts
