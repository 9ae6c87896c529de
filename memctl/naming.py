"""The words around a line of a note that name what it holds, for the write layer's secret check.

A line's own words are read by the secret scanner; a value on a line of its own is named by
the note it stands in: its frontmatter `title`, `key`, `use_when` (or `use-when`), `tags` and
`description`, its top heading, the heading it stands under (a day's `### 09:00 — bank
password` entry, a note's `## Wi-Fi`), and the entry just above it when that entry is a label
("- Online banking password:", or a name of a few words). `contexts` gives, for each line a
change adds, those of them that name a secret (memctl.secrets.named), and the line's own words
(`own_words`) that are read after them.

A name can come after its value: a value written on its own, then named by a key, a tag, a
title or a label line written above it, is a new secret. `renamed` gives the lines a change
did not add that a name it added now names; `named_in` finds, in a whole file, each value its
names name (for the read doors and `doctor`: a file written by hand or brought by sync).
"""

from __future__ import annotations

import re

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .secrets.shape import Finding

_HEADING = re.compile(r"#{1,6}[ \t]")
_NAMING_KEYS = ("title", "key", "use_when", "use-when", "tags", "description")
_LABEL_WORDS = 4  # an entry of at most this many words, or ending in ":", names the line below
_LABEL = re.compile(r"[\w-]{1,40}:[ \t]*")
_SEPARATOR = re.compile(r" [—·] ")
_CELL = re.compile(r" \| ")
_FIELD_VALUE = re.compile(r'[a-z][a-z_]{0,23}:(?P<value>"(?:[^"\\]|\\.)*"|[^\s"]\S*)')
_MARKER = re.compile(r"(?:[-*+]|\d{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?")


def contexts(lines: list[str], picked: list[int]) -> list[list[str]] | None:
    """For each index of `picked` (lines of `lines`, a Markdown file's text), the names around
    it that name a secret; None when no name in the file does (most files: nothing more to
    read). Frontmatter and heading lines themselves get none (they are read on their own)."""
    from .secrets.named import names_a_secret

    if (
        not any(line.startswith("#") for line in lines)
        and not lines[:1] == ["---"]
        and not any(_label(lines, i) for i in picked)
    ):
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
        label = _label(lines, i)
        if label and label not in named:
            named.insert(0, label)
        found.append(named)
    return found if any(found) else None


def renamed(old: list[str], lines: list[str], picked: list[int]) -> list[tuple[int, list[str]]]:
    """The lines of `lines` a change did not add (not in `picked`) that a name it added names:
    each with the names that name it now and named nothing in `old` (the file before). Only
    a change that adds a line naming a secret can give a line a new name."""
    from .secrets.named import names_a_secret

    if not any(names_a_secret(lines[i]) for i in picked if i < len(lines)):
        return []
    now = contexts(lines, list(range(len(lines))))
    if now is None:
        return []
    before = contexts(old, list(range(len(old)))) or []
    known = {name for names in before for name in names}
    kept = set(picked)
    found = []
    for i, names in enumerate(now):
        new = [n for n in names if n not in known]
        if new and i not in kept and lines[i].strip():
            found.append((i, new))
    return found


def newly_named(
    old: list[str], lines: list[str], picked: list[int]
) -> list[tuple[int, list[str], list[Finding]]]:
    """The values of the lines `renamed` gives that their new names name, each line with its
    new names and its findings in its positions; a value the file named before (`old`) is a
    person's own, not new."""
    from .secrets.named import in_context

    again = renamed(old, lines, picked)
    if not again:
        return []
    known = {value for _, value, _ in named_in("\n".join(old))}
    out = []
    for i, names in again:
        found = [
            f._replace(start=f.start + at, end=f.end + at)
            for at, words in own_words(lines[i])
            for f in in_context(names, words)
            if words[f.start : f.end] not in known
        ]
        if found:
            out.append((i, names, sorted(found, key=lambda f: f.start)))
    return out


def named_in(text: str) -> list[tuple[int, str, str]]:
    """Each value a file's names name (see the module docstring): its line's index, the value
    and its kind. A whole file is read, as a person reads it, whoever wrote it."""
    from .secrets.named import in_context

    lines = text.split("\n")
    names = contexts(lines, list(range(len(lines))))
    if names is None:
        return []
    found = []
    for i, named in enumerate(names):
        if named:
            for _, words in own_words(lines[i]):
                for f in in_context(named, words):
                    found.append((i, words[f.start : f.end], f.kind))
    return found


def named_together(pieces: list[str], *, text: bool = True) -> list[tuple[int, Finding]]:
    """What the pieces of one entry name in each other: its text (the first piece) and the
    values said of it (`by:`, `when:`, `why:`, `ref:`…, the options that become them). A piece
    that names a secret ("Sam's password for the billing portal") makes another that holds
    only a value that secret's (`by:Tr0ub4dor&3x`), as a label line names the line below it;
    a value said of an entry only when no name or reference could be it (secrets.named.said_of).
    Without `text` (a table row's cells) every piece is read as a value said of the others.
    Each finding with the index of its piece, in that piece's positions."""
    from .secrets.named import in_context, names_a_secret, said_of

    if len(pieces) < 2:
        return []
    naming = [i for i, piece in enumerate(pieces) if piece and names_a_secret(piece)]
    if not naming:
        return []
    found = []
    for i, piece in enumerate(pieces):
        names = [pieces[j] for j in naming if j != i]
        if not names or ((i or not text) and not any(map(said_of, piece.split()))):
            continue  # a value said of it is read only when a word of it could be one
        for f in in_context(names, piece):
            if (i == 0 and text) or said_of(piece[f.start : f.end]):
                found.append((i, f))
    return found


def named_within(line: str) -> list[Finding]:
    """The values a line's own pieces name in each other (named_together), in the line's
    positions: an entry line (its text and its fields), a list item and what follows it after
    " — " ("- 🔄 task — blocked: value", NOW.md's), a table row's cells. The whole line is
    read as one unit, whichever door wrote it."""
    head = line.lstrip(" \t")[:1]
    if head not in ("-", "*", "+", "|") or (":" not in line and "|" not in line):
        return []
    pieces = own_words(line) if head != "|" else []
    if len(pieces) < 2:
        pieces = _parts(line)
    if len(pieces) < 2:
        return []
    found = named_together([words for _, words in pieces], text=head != "|")
    return sorted(
        (f._replace(start=f.start + pieces[i][0], end=f.end + pieces[i][0]) for i, f in found),
        key=lambda f: f.start,
    )


def _parts(line: str) -> list[tuple[int, str]]:
    """A list item's text and what follows it after " — " or " · " (each past a label:
    "blocked: "; a run of fields, a relation's "added:… why:…", as each field's value), or a
    table row's cells, each with where it starts. A strike and a block id are not its words."""
    lead = len(line) - len(line.lstrip(" \t"))
    m = _MARKER.match(line, lead)
    at = m.end() if m else lead + 1
    from .entry import BLOCK_ID

    body = line[at:].rstrip()
    body = body[: m.start()] if (m := BLOCK_ID.search(body)) else body
    body = body.removesuffix("~~")
    if body.startswith("~~"):
        body, at = body[2:], at + 2
    parts = []
    for sep, part in _pieces(body, line[lead] == "|"):
        fields = list(_FIELD_VALUE.finditer(part))
        if fields and all(f.start() == 0 or part[f.start() - 1] == " " for f in fields):
            if sum(f.end() - f.start() for f in fields) + len(fields) - 1 == len(part.strip()):
                parts += [(at + f.start("value"), f["value"].strip('"')) for f in fields]
                at += len(part) + sep
                continue
        label = _LABEL.match(part)
        skip = label.end() if label else len(part) - len(part.lstrip())
        value = part[skip:].rstrip(" |")
        if value:
            parts.append((at + skip, value))
        at += len(part) + sep
    return parts


def _pieces(body: str, row: bool) -> list[tuple[int, str]]:
    """The pieces of a line's body, each with the length of the separator after it."""
    pieces = _CELL.split(body) if row else _SEPARATOR.split(body)
    return [(3, piece) for piece in pieces]


def refuse_together(text: str, said: list[tuple[str, str | None]]) -> None:
    """An entry's text and the values said of it (each with the option that gives it), read
    as one unit: a value its text names as a secret ("Sam's password …" with `--by
    Tr0ub4dor&3x`), or a text a value names ("Xk7#pLq2vR9m" with `--why "the bank
    password"`), refused naming the option, the value shown redacted."""
    from .controls import SECRET_ADVICE, excerpt
    from .errors import Refused
    from .secrets.scan import redact

    given = [(what, value) for what, value in said if value]
    found = named_together([text, *(value for _, value in given)])
    if not found:
        return
    i, f = found[0]
    what, value = ("the text", text) if i == 0 else given[i - 1]
    raise Refused(
        f"{what} looks like it holds a secret ({f.label}, named by the entry's own words): "
        f"{excerpt(redact(value, [f]), f.start)}; {SECRET_ADVICE}"
    )


def redact_named(text: str, found: list[tuple[int, str, str]]) -> str:
    """`text` with each value `named_in` found `[redacted:KIND]`, wherever it stands."""
    for _, value, kind in sorted(found, key=lambda f: -len(f[1])):
        text = text.replace(value, f"[redacted:{kind}]")
    return text


def _label(lines: list[str], i: int) -> str | None:
    """The entry just above line `i` when it is a label that names a secret ("- Online
    banking password:", "- bank PIN"), as `i` reads it: a longer sentence is about itself."""
    from .entry import parse_entry
    from .secrets.named import names_a_secret

    if i <= 0 or i >= len(lines) or lines[i - 1][:1] not in ("-", "*", "+"):
        return None
    entry = parse_entry(lines[i - 1])
    if entry is None or not entry.text:
        return None
    text = entry.text.strip()
    if not (text.endswith(":") or len(text.split()) <= _LABEL_WORDS):
        return None
    text = text.rstrip(":").strip()
    return text if text and names_a_secret(text) else None


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
