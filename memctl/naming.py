"""The words around a line of a note that name what it holds, for the write layer's secret check.

A line's own words are read by the secret scanner; a value on a line of its own is named by
the note it stands in: its frontmatter `title`, `key` and `use_when` (or `use-when`), its top
heading, and the heading it stands under (a day's `### 09:00 — bank password` entry, a
note's `## Wi-Fi`). `contexts` gives, for each line a change adds, those of them that name a
secret (memctl.secrets.named), and the line's own words (`own_words`) that are read after them.
"""

from __future__ import annotations

import re

_HEADING = re.compile(r"#{1,6}[ \t]")
_NAMING_KEYS = ("title", "key", "use_when", "use-when")
_LABEL = re.compile(r"[\w-]{1,40}:[ \t]*")
_MARKER = re.compile(r"(?:[-*+]|\d{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?")


def contexts(lines: list[str], picked: list[int]) -> list[list[str]] | None:
    """For each index of `picked` (lines of `lines`, a Markdown file's text), the names around
    it that name a secret; None when no name in the file does (most files: nothing more to
    read). Frontmatter and heading lines themselves get none (they are read on their own)."""
    from .secrets.named import names_a_secret

    if not any(line.startswith("#") for line in lines) and not lines[:1] == ["---"]:
        return None
    note: list[str] = []
    # the heading each line stands under ("" before any); None for a heading or a frontmatter
    # line, each judged on its own
    under: list[str | None] = []
    heading = ""
    end = _frontmatter_end(lines)
    if end:
        note += _frontmatter_names(lines[1:end])
    under += ["\0"] * end + ([None] if end else [])  # "\0": a frontmatter line
    for line in lines[len(under) :]:
        if line.startswith("#") and _HEADING.match(line):
            heading = line.lstrip("#").strip(" \t#")
            if line[1] != "#":
                note.append(heading)
            under.append(None)
        else:
            under.append(heading)
    naming = [n for n in dict.fromkeys(note) if names_a_secret(n)]
    found: list[list[str]] = []
    for i in picked:
        named = list(naming)
        near = under[i] if i < len(under) else ""
        if near is None:
            found.append([])  # a heading, or the line that closes the frontmatter
            continue
        if near == "\0":  # a frontmatter line: named by the other names ("key: Xk7#…")
            found.append([n for n in named if n not in lines[i]])
            continue
        if near and near not in named and names_a_secret(near):
            named.insert(0, near)
        found.append(named)
    return found if any(found) else None


def own_words(line: str) -> list[tuple[int, str]]:
    """The pieces of a line read after the names around it, each with where it starts: an
    entry's text and each of its fields' values (`by:`, `when:`), a list item's text, or the
    value of a `key: value` line (a frontmatter line, a label)."""
    from .entry import parse_entry

    entry = parse_entry(line) if line[:1] in "-*+ \t" or line[:1].isdigit() else None
    if entry is not None and entry.text:
        pieces = [(line.find(entry.text), entry.text)]
        for key, value in entry.fields.items():
            at = line.find(value, line.find(f"{key}:"))
            pieces.append((at, value))
        return [(at, words) for at, words in pieces if at >= 0 and words]
    lead = len(line) - len(line.lstrip(" \t"))
    m = _MARKER.match(line, lead) or _LABEL.match(line, lead)
    at = m.end() if m else lead
    return [(at, line[at:])]


def _frontmatter_end(lines: list[str]) -> int:
    """The index of the line that closes the frontmatter, 0 for none."""
    if lines[:1] != ["---"]:
        return 0
    for i in range(1, min(len(lines), 200)):
        if lines[i] in ("---", "..."):
            return i
    return 0


def _frontmatter_names(lines: list[str]) -> list[str]:
    """The values of the naming keys: one line (`title: X`, `use_when: [a, b]`), or the items
    of a list under the key."""
    found: list[str] = []
    key: str | None = None
    for line in lines:
        if line[:1] in " \t-" and key is not None:
            item = line.strip()
            if item.startswith("- "):
                found.append(_unquoted(item[2:]))
            continue
        name, colon, value = line.partition(":")
        key = name.strip() if colon and name.strip() in _NAMING_KEYS else None
        value = value.strip()
        if key is None or not value:
            continue
        if value.startswith("[") and value.endswith("]"):
            found += [_unquoted(v) for v in value[1:-1].split(",") if v.strip()]
        else:
            found.append(_unquoted(value))
    return found


def _unquoted(value: str) -> str:
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        return value[1:-1]
    return value
