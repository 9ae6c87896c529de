"""What no commit memctl makes may hold: a line that adds a secret.

Every commit memctl makes goes through `memctl.gitstore.commit`, whichever command makes it (a
write's change, `init` adopting a folder, a purge's registration, a sync's records), and it asks
`secret_added` of what is staged before the commit is written: a secret refused there was never
committed (docs/safety.md, "Secrets").
"""

from __future__ import annotations

import os
from collections.abc import Callable

from .scan import scan


def secret_added(
    diff: bytes, paths: set[str], committed: Callable[[str], bytes | None]
) -> tuple[str, int, str] | None:
    """Where a commit's staged lines add a secret to one of `paths` (the path, the line, why it
    is refused), else None:
    memctl commits no secret, whichever command stages it. A line the commit removes
    elsewhere (a move) is not new, nor a secret one of its files held as a secret before (a
    line a person committed themselves, rewritten). `diff`: what is staged, as `git diff
    --cached -U0 --no-renames` shows it; `committed`: a path's bytes as HEAD holds them."""
    added: list[tuple[str, int, str]] = []
    removed: set[str] = set()
    rel, number = "", 0
    header = False  # between a file's `diff --git` line and its first hunk
    for raw in diff.split(b"\n"):
        if raw.startswith(b"diff --git "):
            header, rel = True, ""
        elif header and raw.startswith(b"+++ "):
            rel = _diff_path(raw[4:])
        elif raw.startswith(b"@@ "):
            header, number = False, int(raw.split(b" ")[2][1:].split(b",")[0])
        elif header:
            continue
        elif raw.startswith(b"+") and rel in paths:
            added.append((rel, number, raw[1:].decode("utf-8", "replace")))
            number += 1
        elif raw.startswith(b"-"):
            removed.add(raw[1:].decode("utf-8", "replace"))
    for rel, number, line in added:
        if line in removed:
            continue
        found = [f for f in scan(line) if not _held_before(committed, paths, line[f.start : f.end])]
        if found:
            why = f"this line holds what looks like {found[0].label}; memctl commits no secret"
            return rel, number, why
    return None


def _diff_path(raw: bytes) -> str:
    """A path as `git diff` names it after `+++ `: `b/…`, quoted in C style when its name holds
    a quote, a control character or a byte that is not ASCII."""
    raw = raw.rstrip(b"\t")
    if raw.startswith(b'"') and raw.endswith(b'"'):
        import codecs

        raw = codecs.escape_decode(raw[1:-1])[0]
    return os.fsdecode(raw[2:]) if raw.startswith(b"b/") else ""


def _held_before(committed: Callable[[str], bytes | None], paths: set[str], value: str) -> bool:
    """Did one of `paths`, as HEAD holds it, hold `value` as a secret?"""
    for rel in paths:
        text = (committed(rel) or b"").decode("utf-8", "replace")
        if value in text and any(text[f.start : f.end] == value for f in scan(text)):
            return True
    return False
