"""What a purge writes where a text stood: `[purged]`, and `(purged)` inside a note's YAML
frontmatter, where a `[` that begins a value begins a list: `title: [purged]` would be a list,
and `description: [purged], our contact` no YAML at all, a note no command could read again.
"""

from __future__ import annotations

import re

MARK = "[purged]"
YAML_MARK = "(purged)"  # a plain YAML scalar wherever it stands: a value, a list item, a key
_CLOSING = re.compile(r"^(?:---|\.\.\.)[ \t]*\r?$", re.MULTILINE)


def marked(text: str, rx: re.Pattern[str]) -> str:
    """`text` with every match of `rx` replaced by the mark that fits where it stands."""
    end = _frontmatter_end(text)
    return rx.sub(YAML_MARK, text[:end]) + rx.sub(MARK, text[end:])


def marked_bytes(data: bytes, rx: re.Pattern[bytes]) -> bytes:
    """The same for a file's bytes (a blob of git's history, in any encoding)."""
    end = _frontmatter_end(data[:65536].decode("latin-1"))  # a byte a character: same places
    return rx.sub(YAML_MARK.encode(), data[:end]) + rx.sub(MARK.encode(), data[end:])


def _frontmatter_end(text: str) -> int:
    """Where the frontmatter a text opens with ends (just after its closing line), else 0."""
    newline = text.find("\n")
    if newline < 0 or text[:newline].rstrip() != "---":
        return 0
    found = _CLOSING.search(text, newline + 1)
    return found.end() if found else 0
