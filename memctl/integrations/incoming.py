"""What a range of commits brings, as text, for sync's purge check (sync.py `_refuse_purged`).

git gives bytes, and history holds whatever was committed: a PNG, a commit message in Latin-1,
a note saved as UTF-16. Each is read as a reader of it would read it, and nothing in it stops
the check:

- a line is what git ends with "\n" (a "\r" or U+2028 inside an added line is part of it);
- a line that is UTF-8 (without a NUL byte) is read as it is;
- any other (a binary file read as text, a message in another encoding) is read as its runs
  of characters a reader sees, split where a byte is not text (as `strings` does), and as
  Windows-1252 (Latin-1) too when it holds no control byte;
- a file added or changed that is UTF-32 or UTF-16 (a byte order mark, or NUL bytes in one
  byte of each pair or in the top two of each four, as a text editor guesses it) is read whole
  in that encoding; where NUL bytes fall is a guess a few characters can tip, so in any file
  that holds one, the runs of characters up to U+00FF in each other wide encoding are read too.

The markers that split git's output hold a random part, so no message or file can forge one.
Measured: a 20 MB note in UTF-16 comes in with its check in 1 to 3 s, a 20 MB PNG in 4 s.
"""

from __future__ import annotations

import re
import secrets
import subprocess
import threading
from typing import TYPE_CHECKING

from .. import gitstore

if TYPE_CHECKING:
    from pathlib import Path

_CONTROL = r"\x00-\x08\x0b\x0c\x0e-\x1f\x7f"
# A character a reader sees: not a control character, not a byte that is not UTF-8.
_SEEN = f"[^{_CONTROL}\\r\\ufffd]"
_CONTROL_BYTE = re.compile(f"[{_CONTROL}]".encode())
# Wide encodings a file may be in: how each reads it, when where its NUL bytes fall is no guide.
_WIDE = ("utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be")
# In a file read in one of them: runs of characters up to U+00FF (Latin-1), at least 2 long.
_LATIN_RUN = re.compile("[\x01-\xff]{2,}")
_MARKS = (  # the UTF-32 ones first: FF FE starts both little-endian marks
    (b"\xff\xfe\x00\x00", "utf-32-le"),
    (b"\x00\x00\xfe\xff", "utf-32-be"),
    (b"\xff\xfe", "utf-16-le"),
    (b"\xfe\xff", "utf-16-be"),
)


ADDED = (b"+", b"diff --git ")


def history_text(root: Path, spec: str, *, shortest: int = 1) -> str:
    """The messages, file names and added lines of the commits of `spec`, and the files they
    add or change that are UTF-16 or UTF-32. `shortest`: the length of the shortest text
    looked for (runs of a binary line shorter than it could not hold one)."""
    nonce = secrets.token_hex(12)
    start, end = f"memctl-commit-{nonce}", f"memctl-changes-{nonce}"
    out = _git(
        root,
        "-c",
        "core.quotepath=false",
        "log",
        "-p",
        "--text",
        "--no-renames",
        "--no-ext-diff",
        "--no-textconv",
        "--diff-merges=first-parent",
        # who made each commit too: a purged address can be a peer's user.email
        f"--format={start}%n%an <%ae>%n%cn <%ce>%n%B%n{end}",
        spec,
    )
    least = max(1, -(-shortest // 3))  # casefolding makes a character at most three
    kept: list[str] = []
    for chunk in out.split(start.encode() + b"\n")[1:]:
        message, _, diff = chunk.partition(end.encode())
        lines = message.split(b"\n")
        # git ends a line at "\n" alone: a "\r" (or U+2028) inside an added line is part of it
        # an added line without git's "+": the text a line break splits reads on across it
        lines += [x[1:] if x[:1] == b"+" else x for x in diff.split(b"\n") if x.startswith(ADDED)]
        kept += (_readable(line, least) for line in lines)
    kept += wide_files(root, spec)
    return "\n".join(kept)


def _readable(line: bytes, least: int) -> str:
    """A line of git's output as text: itself if it is UTF-8 without a NUL byte; else the runs
    of characters a reader sees in it (at least `least` long: a control character or a byte
    that is not UTF-8 parts a text as much as a space), and its Windows-1252 reading when it
    is not UTF-8 and holds no control byte (a message or a note in Latin-1). A line of a
    UTF-16 file, all NULs and letters, is read whole by wide_files."""
    if b"\x00" not in line:
        try:
            return line.decode("utf-8")
        except UnicodeDecodeError:
            pass
    runs = re.findall(f"{_SEEN}{{{least},}}", line.decode("utf-8", "replace"))
    if not _CONTROL_BYTE.search(line) and not line.isascii():
        runs.append(line.decode("cp1252", "replace"))
    return "\n".join(runs)


def wide_files(root: Path, spec: str) -> list[str]:
    """The text of each file the commits of `spec` add or change that is UTF-16 or UTF-32,
    and the wide runs of any other file that holds NUL bytes."""
    raw = _git(
        root,
        "log",
        "--format=",
        "--raw",
        "--no-abbrev",
        "--no-renames",
        "--diff-merges=first-parent",
        spec,
    )
    ids: dict[str, None] = {}
    for line in raw.decode("utf-8", "replace").splitlines():
        meta = line.split("\t", 1)[0].split()
        if line.startswith(":") and len(meta) >= 4 and meta[1] != "160000":
            if meta[3].strip("0"):  # not a file the commit deleted
                ids[meta[3]] = None
    if not ids:
        return []
    found: list[str] = []
    for blob in _blobs(root, list(ids)):
        found += wide_text(blob)
    return found


def wide_text(blob: bytes) -> list[str]:
    """A file's text if it is UTF-32 or UTF-16 (by its byte order mark, or where its NUL bytes
    fall), else the runs of wide characters up to U+00FF in it; nothing for a file without a
    NUL byte or a mark (UTF-8, read with the added lines)."""
    for mark, marked in _MARKS:
        if blob.startswith(mark):
            return [blob[len(mark) :].decode(marked, "replace")]
    if b"\x00" not in blob:
        return []
    c0, c1, c2, c3 = (blob[i::4].count(0) for i in range(4))
    codec = None
    if min(c2, c3) > 4 * c0:
        codec = "utf-32-le"  # NULs in the top two bytes of each four, seldom in the lowest
    elif min(c0, c1) > 4 * c3:
        codec = "utf-32-be"
    elif c1 + c3 > 4 * (c0 + c2):
        codec = "utf-16-le"  # NULs in the second byte of each pair
    elif c0 + c2 > 4 * (c1 + c3):
        codec = "utf-16-be"
    # where NULs fall is a guess a few characters can tip: the runs of the other encodings too
    runs = [
        run for c in _WIDE if c != codec for run in _LATIN_RUN.findall(blob.decode(c, "replace"))
    ]
    return runs if codec is None else [blob.decode(codec, "replace"), *runs]


def _blobs(root: Path, ids: list[str]) -> list[bytes]:
    """The bytes of each blob, read one after the other from one `git cat-file --batch`, but
    only those that hold a NUL byte or start with a byte order mark (the others are not kept:
    a history's every version of a large file need not be in memory at once)."""
    proc = gitstore.spawn(
        root,
        "cat-file",
        "--batch",
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    stdin, stdout = proc.stdin, proc.stdout
    if stdin is None or stdout is None:  # never: both are pipes
        raise gitstore.GitError("git cat-file gave no pipe", path=root)

    def feed() -> None:
        try:
            stdin.write("".join(f"{i}\n" for i in ids).encode())
            stdin.close()
        except OSError:  # git stopped reading
            pass

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    kept = []
    try:
        for _ in ids:
            head = stdout.readline().split()
            if len(head) != 3:  # "<id> missing": not there
                continue
            body = stdout.read(int(head[2]) + 1)[:-1]
            if head[1] == b"blob" and (
                b"\x00" in body or body.startswith((b"\xff\xfe", b"\xfe\xff"))
            ):
                kept.append(body)
    finally:
        stdout.close()
        proc.wait()
        writer.join()
    return kept


def _git(root: Path, *args: str) -> bytes:
    """git's output as bytes (git.run's is text, and history need not be UTF-8)."""
    proc = gitstore.spawn(root, *args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = proc.communicate()
    if proc.returncode != 0:
        verb = next(a for a in args if not a.startswith("-") and "=" not in a)
        why = gitstore.cause(err.decode("utf-8", "replace"), proc.returncode)
        raise gitstore.GitError(f"git {verb} failed: {why}", path=root)
    return out
