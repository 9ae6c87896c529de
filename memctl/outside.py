"""Values from outside memctl (a transcript, a hook's input) made safe to keep or to run.

A transcript is written by another program and can hold anything: a `cwd` or a file name with a
line break in it, a `sessionId` that is a shell command. Such a value becomes memory only as
one line of text (a line break inside it would start a log heading, a marker line or an entry
line of its own), becomes a command only quoted (`shlex.quote`), and a session id goes into a
command only when it has the shape of one.
"""

from __future__ import annotations

import re

from .errors import GitError

# Every character that ends a line for one reader or another (str.splitlines breaks on \x1c-\x1e,
# \x85 and U+2028/9 too), every other control character, and the bidi overrides that make text
# read differently from how it is stored.
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
SESSION_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,127}")
# What the nightly job acts on within one line (nightly/markers.py): a marker word after a sentence,
# `src:`/`by:` tokens that say who said it, `#promote`.
_MARKER = re.compile(r"\b(DECISION|LESSON|FACT|TODO|DONE|BLOCKED):")
_WHO = re.compile(r"(?<!\S)(src|by):(?=\S)")
_PROMOTE = re.compile(r"(?<!\S)#(promote)\b")


def one_line(text: str) -> str:
    """Text as one line: each control character a space, runs of white space one space."""
    return " ".join(_UNSAFE.sub(" ", text).split())


def one_line_path(path: str) -> str:
    """A path as one line that still names it: each control character as its escape (`\\n`)."""
    return _UNSAFE.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), path)


def is_clean(text: str) -> bool:
    """True if `text` holds no control character (it can be a file name or a line as it is)."""
    return _UNSAFE.search(text) is None


def inert(text: str) -> str:
    """one_line, with no word the nightly job would act on: not a marker (`DECISION:` becomes
    `Decision:`), not who said it (`src:user` becomes `src: user`), not `#promote`."""
    return _defuse(one_line(text))


def inert_path(path: str) -> str:
    """one_line_path, with no word the nightly job would act on (see inert)."""
    return _defuse(one_line_path(path))


def _defuse(text: str) -> str:
    text = _MARKER.sub(lambda m: m[1].capitalize() + ":", text)
    return _PROMOTE.sub(r"# \1", _WHO.sub(r"\1: ", text))


def session_id(value: str | None) -> str | None:
    """`value` if it has the shape of a session id (letters, digits, `.`, `_`, `-`; not a
    leading `-`, which a program would read as an option), else None."""
    return value if value and SESSION_ID.fullmatch(value) else None


# `<transport>::<address>`: git runs `git-remote-<transport>` (`ext::` a command of the URL's
# choosing, `fd::` waits on inherited descriptors). memctl needs no remote helper.
_HELPER_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*::")


def check_url(url: str, *, what: str = "the URL") -> None:
    """Refuse a remote URL git would read as an option or hand to a remote helper, the
    program `git-remote-<transport>` of a `<transport>::` URL (`ext::` runs a command)."""
    if url.startswith("-") or not url.isprintable():
        raise GitError(
            f"{what}: {url!r} is not a URL or path git can use safely (it starts "
            "with '-' or holds control characters)"
        )
    if _HELPER_URL.match(url):
        raise GitError(
            f"{what}: {url!r} uses a transport that runs a command (`<transport>::`); "
            "memctl uses only URLs and paths (ssh, https, git, file)"
        )
