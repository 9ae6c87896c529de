"""A text file's own style, kept when memctl rewrites it: a UTF-8 byte-order mark, CRLF or LF.

An editor on Windows may save a note with a byte-order mark (BOM) and CRLF line ends, and a file
may even mix CRLF and LF lines. memctl reads past both: readers see the text without its BOM
(`without_bom`), and every line is taken without its line end. Writing, the write layer
(change.py) hands the text a command produced, with the file's current text, to `restyled`:

- a line the command left as it was keeps its line end, byte for byte (a mixed file stays
  mixed where memctl did not touch it);
- a line the command changed keeps the end of the line it replaces, and a line it added takes
  the file's own: CRLF in a file most of whose lines end in CRLF, else LF;
- the BOM stays when the file had one (and none is added to a file that had none).

A file without a BOM or a CR, the usual case, is written exactly as the command produced it, at
the cost of one scan for a CR. A Markdown file memctl creates takes the line ends of NOW.md
(`workspace_eol`), so a workspace kept in CRLF stays CRLF; memctl's own files (JSON lines
under .memctl/) are always LF.

A note's bytes are read as UTF-8 (`decoded`); a note saved as UTF-16 (a byte order mark, or NULs
in one byte of each pair over much of it) is named so, with the `iconv` command that converts
it, and a NUL byte in a short note by its line: one stray NUL is no sign of UTF-16.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from .errors import ParseError

BOM = "\ufeff"
CRLF = "\r\n"
LF = "\n"
_BARE_LF = re.compile(r"(?<!\r)\n")


def without_bom(text: str) -> str:
    """The text a reader sees: the file's text without a leading byte-order mark."""
    return text[1:] if text.startswith(BOM) else text


def eol_of(text: str) -> str:
    """The line end most of the text's lines have: CRLF or LF (LF for a text without one)."""
    crlf = text.count(CRLF)
    return CRLF if crlf and crlf * 2 >= text.count(LF) else LF


def with_eol(text: str, eol: str) -> str:
    """The text with every bare LF written as `eol` (a CRLF already there is kept)."""
    return _BARE_LF.sub(CRLF, text) if eol == CRLF else text


def restyled(old: str | None, new: str, *, eol: str = LF) -> str:
    """`new`, the text a command will write over `old`, in `old`'s style (see the module
    docstring). `eol`: the line end of a file that does not exist yet (`old` None or empty)."""
    if not old:
        return with_eol(new, eol)
    bom = old.startswith(BOM)
    if not bom and "\r" not in old:
        return new  # an LF file: as the command wrote it
    old_lines = file_lines(without_bom(old))
    new_lines = file_lines(without_bom(new))
    eol = eol_of(old)
    old_bare = [bare(line) for line in old_lines]
    new_bare = [bare(line) for line in new_lines]
    ends: list[str | None] = [None] * len(new_lines)  # the old line end each new line takes
    for i, j, size in _matches(old_bare, new_bare):
        for k in range(size):
            ends[j + k] = line_end(old_lines[i + k])
    out = [BOM] if bom or new.startswith(BOM) else []
    for line, text, end in zip(new_lines, new_bare, ends, strict=True):
        if not line.endswith(LF):
            out.append(line)  # the last line, left without a line end
        elif end:
            out.append(text + end)
        else:
            out.append(text + (CRLF if line.endswith(CRLF) else eol))
    return "".join(out)


def appended(old: str, added: str, *, eol: str = LF) -> str:
    """Text added at the end of a file holding `old`, with the file's line ends (`eol` for a
    file that is new or empty)."""
    return with_eol(added, eol_of(old) if old else eol)


def workspace_eol(root: Path) -> str:
    """The line end of a Markdown file memctl creates: NOW.md's (LF when it has none, or when
    it is not a plain file: a link is not followed, even for this)."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(root / "NOW.md", flags)
    except OSError:
        return LF
    try:
        head = os.read(fd, 4096) if stat.S_ISREG(os.fstat(fd).st_mode) else b""
    except OSError:
        head = b""
    finally:
        os.close(fd)
    return eol_of(head.decode("utf-8", "replace"))


def file_lines(text: str) -> list[str]:
    """The text's lines as git and an editor count them, each with its line end: only LF
    ends a line (or CRLF, whose CR is part of the end), never a lone CR, FF or U+2028 that
    str.splitlines() also splits on. memctl writes none of those (admission.py), so in what
    it writes both ways of counting agree."""
    parts = text.split(LF)
    lines = [part + LF for part in parts[:-1]]
    if parts[-1]:
        lines.append(parts[-1])
    return lines


def bare(line: str) -> str:
    """A line of `file_lines` without its line end (LF or CRLF; a lone CR before it stays)."""
    if line.endswith(CRLF):
        return line[:-2]
    return line[:-1] if line.endswith(LF) else line


def line_end(line: str) -> str:
    return line[len(bare(line)) :]


def _matches(old: list[str], new: list[str]) -> list[tuple[int, int, int]]:
    """(old index, new index, length) of the runs of lines `new` keeps from `old`, and of each
    line that replaces one (so a changed line keeps the end of the line it was). The common
    head and tail are matched directly: a command usually changes a few lines of a long file."""
    from difflib import SequenceMatcher

    head = 0
    limit = min(len(old), len(new))
    while head < limit and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < limit - head and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    found = [(0, 0, head)]
    middle = SequenceMatcher(
        None, old[head : len(old) - tail], new[head : len(new) - tail], autojunk=False
    )
    for tag, i1, i2, j1, j2 in middle.get_opcodes():
        if tag in ("equal", "replace"):
            found.append((head + i1, head + j1, min(i2 - i1, j2 - j1)))
    found.append((len(old) - tail, len(new) - tail, tail))
    return found


# --- a note's bytes as text ----------------------------------------------------------------


def decoded(data: bytes | str, shown: str) -> str:
    """The text of a note's bytes: UTF-8, without a byte-order mark (written back when the note
    is). Anything else is a ParseError saying what the file is: UTF-16 (_wide) with the `iconv`
    command that converts it; NULs over one character in a hundred, the line of the first (one
    stray NUL in a longer note, which memctl never writes, leaves the rest readable); else a
    binary file."""
    if not isinstance(data, bytes):
        return without_bom(data)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise not_utf8(data, shown, exc) from exc
    nuls = text.count("\x00")
    if nuls and nuls * 100 > len(text):
        if _wide(data) is not None or nuls * 10 > len(text):
            raise _binary(data, shown)
        line = data[: data.index(b"\x00")].count(b"\n") + 1
        raise ParseError(
            "a NUL byte, not Markdown text: delete it (an editor shows it as ^@ or ␀)",
            path=shown,
            line=line,
        )
    return without_bom(text)  # a stray NUL (memctl never writes one) leaves the rest readable


def not_utf8(data: bytes, shown: str, exc: UnicodeDecodeError, fix: str = "") -> ParseError:
    """The error for bytes that did not decode as UTF-8 (`exc`): binary or UTF-16 (_binary),
    else "not UTF-8 text" at the line of the first bad byte, with `fix` after it."""
    if b"\x00" in data or data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return _binary(data, shown)
    line = data[: exc.start].count(b"\n") + 1
    return ParseError(f"not UTF-8 text{fix}", path=shown, line=line)


def _binary(data: bytes, shown: str) -> ParseError:
    """A file that is not UTF-8 text: named as UTF-16 (_wide), if it is, with how to convert
    it; else as binary."""
    name = _wide(data)
    if name is None:
        return ParseError("binary file, not Markdown text", path=shown)
    return ParseError(
        f"{name} text, not UTF-8 (memctl reads UTF-8 only): convert it with "
        f"`iconv -f {name} -t UTF-8`",
        path=shown,
    )


def _wide(data: bytes) -> str | None:
    """ "UTF-16LE" or "UTF-16BE" when the bytes are UTF-16: a byte order mark, or NULs in one
    byte of each pair (a character below U+0100) over a quarter of the pairs at least and
    seldom in the other; else None. A stray NUL or two in UTF-8 text is not that."""
    if data.startswith(b"\xff\xfe"):
        return "UTF-16LE"
    if data.startswith(b"\xfe\xff"):
        return "UTF-16BE"
    even, odd = data[0::2].count(0), data[1::2].count(0)
    pairs = len(data) // 2
    if odd > 4 * even and odd * 4 >= pairs:
        return "UTF-16LE"
    if even > 4 * odd and even * 4 >= pairs:
        return "UTF-16BE"
    return None
