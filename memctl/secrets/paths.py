"""Secrets in a file's name, as memctl prints a path: a file made by hand or brought by sync.

Every write checks the names of the files it adds (admission.py); a file that arrived otherwise
("tools/staging-ghp_….md") is printed as memctl prints a secret a person wrote by hand:
redacted. `shown_path` gives a path as it may be printed, and `redact_paths` redacts every such
path in a text about to be printed: the output layers of the CLI and of the MCP server run
every answer through it, so no read door (recall and its hook, search, ls, show) prints one. A
path is read as the write layer reads a new name: as it is and as a title reads it (`-` and
`_` as spaces). `memctl doctor` names such a file (memctl.planted.exposed).
"""

from __future__ import annotations

from functools import lru_cache

_ENDS = (".md", ".jsonl")  # what a path printed by memctl ends with
_STOP = frozenset(" \t\n\r\"'`<>()[]{}|,;")  # what a path printed by memctl never holds
_LONGEST = 400  # a path is read back at most this far from its end


@lru_cache(maxsize=2048)
def shown_path(rel: str) -> str:
    """The path with each secret its name holds `[redacted:KIND]`."""
    from .scan import scan

    readings = (rel, rel.replace("-", " ").replace("_", " "))  # of one length: same spans
    spans = sorted((f.start, f.end, f.kind) for text in readings for f in scan(text))
    if not spans:
        return rel
    merged: list[list] = []
    for start, end, kind in spans:
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end, kind])
    for start, end, kind in reversed(merged):
        rel = f"{rel[:start]}[redacted:{kind}]{rel[end:]}"
    return rel


def redact_paths(text: str) -> str:
    """`text` with each path in it (a run of characters ending in `.md` or `.jsonl`) as
    `shown_path` shows it. A text that names no such file costs one search."""
    if not any(end in text for end in _ENDS):
        return text
    out: list[str] = []
    done = 0  # what is copied to `out`
    floor = 0  # where the path before ends: no path is read back past it
    at = _next_end(text, 0)
    while at is not None:
        start, end = at
        while start > floor and end - start < _LONGEST and text[start - 1] not in _STOP:
            start -= 1
        path = text[start:end]
        shown = shown_path(path)
        if shown != path:
            out += [text[done:start], shown]
            done = end
        floor = end
        at = _next_end(text, end)
    return "".join([*out, text[done:]]) if out else text


def _next_end(text: str, start: int) -> tuple[int, int] | None:
    """Where the next path ending stands after `start`, and where it ends (a word going on
    after it is no ending: "x.mdx")."""
    best: tuple[int, int] | None = None
    for end in _ENDS:
        at = text.find(end, start)
        while at >= 0:
            after = at + len(end)
            if after >= len(text) or not (text[after].isalnum() or text[after] == "_"):
                break
            at = text.find(end, after)
        if at >= 0 and (best is None or at < best[0]):
            best = (at, at + len(end))
    return best
