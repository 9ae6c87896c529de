"""A provider's token cut into pieces, read joined.

A person spells a token out with a space after every character ("A K I A I O S F O D N N 7 E
X A M P L E", "g h p _ R 8 x K …"), writes it in groups as a card's number is written
("ghp_R8xK 2mQ9 vL4n P7wZ …"), or a transcript wraps it twice. memctl.secrets.joined reads a
token split once; this reads a run of pieces as one token when:

- the run starts with a provider's prefix as written (ghp_, glpat-, xoxb-, sk-ant-, AKIA…),
  whole or spelled out with gaps between its characters, and not inside a word;
- each piece follows a gap (see below) of one kind: what the gaps hold besides blanks and line
  breaks is the same throughout (a table's `|`, a quote's `>`, `" + "`), so a run ends where
  the text turns to another kind of gap;
- the gaps are two or more, or the prefix is spelled out (a token split once is joined.py's);
- the pieces are cut as a person cuts a token: every piece but the first and the last of one
  length (single characters, groups of four), where words of prose have every length;
- joined, they reach the provider's length (exactly, for a fixed length; else the longest
  reading within the provider's lengths);
- and the pieces have a generated token's mix: their characters change class (small letter,
  capital, digit, mark) at least once every nine characters and once at least, inside a
  piece or between single characters. A random GitHub token's 36 change about 22 times; words
  and numbers of prose change between pieces, not inside them ("ASIA PACIFIC 2024 SALES").

The scanner then checks the joined reading with every pattern it has (memctl.secrets.scan), and
its finding spans every piece, so what is redacted is the whole run.

A gap is what a person reading the text skips between two pieces: a run of blanks (spaces or
tabs); a line break, a backslash before it (a shell's continuation), and on the next line an
indentation and Markdown's quote or table marks (`> `, `| `); a `+`, `|` or `>` between blanks
(a concatenation, a table's cells); and quotes closing a piece and opening the next
(`"ghp_…" + "3yT…"`).

Cost: a text pays one bytes translation (its gap characters dropped) and a substring test per
prefix; a prefix found that way costs one search for it, spelled out; each start of a prefix
reads at most the provider's length of pieces, so a text costs a time growing with its length.
A run of single letters in prose ("a b c d", a chess line "e 4 e 5") holds no prefix, and is
read by none of this.
"""

from __future__ import annotations

import re
from functools import cache

from .hidden import Seen, edited
from .shape import rx

# The gap between two pieces (see above). Each run of blanks is bounded, and no character of a
# gap is of a token's alphabet, so a text costs a time growing with its length.
_Q = "[\"'`]?"
_B = "[ \t]{0,16}"
GAP = rf"{_Q}\\?{_B}(?:[+|>]{_B}{_Q})?(?:(?:\\?\r?\n(?:{_B}[>|])*{_B}){{1,2}}{_Q})?"
# What a gap starts with: a gap matched only from one of these is never empty.
GAP_STARTS = "\"'`+|> \t\r\n\\"
_GAP_BYTES = GAP_STARTS.encode()
# Between the characters of a prefix spelled out: what is not a token's character.
_BETWEEN = r"[^A-Za-z0-9_-]+"
# A character's class: small letter, capital, digit (a mark stays itself).
_CLASSES = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
    "a" * 26 + "A" * 26 + "0" * 10,
)


def without_gaps(lowered: str) -> bytes:
    """The (lowercased) text without the characters a gap is made of, as bytes (a character
    past ASCII as `?`): a prefix spelled out with gaps is a substring of it."""
    return lowered.encode("ascii", "replace").translate(None, _GAP_BYTES)


@cache
def spelled(prefixes: tuple[str, ...]) -> str:
    """A pattern of the prefixes, each whole or with a gap between its characters."""
    between = f"(?:{GAP})"
    return "|".join(between.join(re.escape(char) for char in prefix) for prefix in prefixes)


def in_pieces(
    text: str, prefixes: str, alphabet: str, shortest: int, longest: int
) -> list[tuple[int, Seen]]:
    """Each token of a provider's (its prefixes' pattern, its alphabet and body lengths) cut
    into pieces by gaps: where it starts, and its reading without the gaps."""
    body = rx(f"[{alphabet}]{{0,{longest + 1}}}")
    step = rx(
        f"(?=[{re.escape(GAP_STARTS)}])(?P<gap>{GAP})(?P<piece>[{alphabet}]{{1,{longest + 1}}})"
    )
    found: list[tuple[int, Seen]] = []
    done = 0
    for m in rx(prefixes).finditer(text):
        start = m.start()
        if start < done or (start and text[start - 1].isalnum()):
            continue  # inside a token read already, or a word's end ("task-")
        gaps = [g.span() for g in rx(_BETWEEN).finditer(text, start, m.end())]
        kinds = {_kind(text[s:e]) for s, e in gaps}
        if len(kinds) > 1:
            continue
        kind = next(iter(kinds), None)
        first = body.match(text, m.end())
        if first is None or len(first.group()) >= shortest:
            continue  # whole (the scanner's table finds it), or past any token's length
        pieces = [first.group()] if first.group() else []
        total, at = len(first.group()), first.end()
        best: tuple[int, int] | None = None  # (end, pieces) of the longest reading
        while total < longest:
            g = step.match(text, at)
            if g is None or (kind is not None and _kind(g["gap"]) != kind):
                break
            if len(pieces) > 2 and len(pieces[-1]) != len(pieces[1]):
                break  # the pieces between the first and the last differ: not a cut token
            kind = _kind(g["gap"])
            pieces.append(g["piece"])
            gaps.append(g.span("gap"))
            total, at = total + len(g["piece"]), g.end()
            if shortest <= total <= longest and len(gaps) >= 2:
                best = at, len(pieces)
        if best is None or not _mixed(pieces[: best[1]]):
            continue
        end = best[0]
        cut = [(s - start, e - start, "") for s, e in gaps if e <= end]
        read = edited(text[start:end], cut)
        if read is not None:
            found.append((start, read))
            done = end
    return found


def _kind(gap: str) -> tuple[str, ...]:
    """What a gap holds besides blanks and line breaks (`|`, `>`, quotes and `+`)."""
    return tuple(gap.split())


def _mixed(pieces: list[str]) -> bool:
    """A generated token's mix: a change of class (small letter, capital, digit, mark) at
    least once every nine characters, and once at least; inside a piece, or between two pieces
    when one is a single character (a word and a number, "PACIFIC 2024", change between them)."""
    changes, length, last = 0, 0, ""
    for piece in pieces:
        classes = piece.translate(_CLASSES)
        changes += sum(a != b for a, b in zip(classes, classes[1:], strict=False))
        if last and (len(last) == 1 or len(classes) == 1) and last[-1] != classes[0]:
            changes += 1
        length, last = length + len(piece), classes
    return changes >= max(1, length // 9)
