"""What a process keeps from one answer to the next, emptied after a purge.

A process that answers question after question (`memctl serve`, the MCP server) keeps the words
of the units it ranked, keyed by their text, and the candidate rows of recent queries
(memctl.search.kept), the vectors of the texts it embedded, keyed by a digest
(memctl.search.semantic; headings' in memctl.search.vectors, whose store a purge deletes with
the units' vectors), and what its functions read of a text, cached by the text (the gate's
reading, the secret scanner's, search's). No answer reads them for a unit that is gone; but
text that was purged must not stay in a server's memory either. A purge in this process empties
them as it runs; one run by another process is seen by the next question here (`after_purge`:
the purge registry's file changed since the last look).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Protocol

REGISTRY = ".memctl/purged.jsonl"  # memctl.purged.REGISTRY (not imported: a test keeps them equal)
_seen: dict[str, tuple[int, int, int] | None] = {}


def forget() -> None:
    """Empty every memo this process has loaded (a module never imported has none), and every
    cache of a function of memctl's (`functools.cache`, `lru_cache`: a reading of a text is kept
    keyed by the text; one added later is emptied too, unnamed here)."""
    kept = sys.modules.get("memctl.search.kept")
    if kept is not None:
        kept.forget()
    semantic = sys.modules.get("memctl.search.semantic")
    if semantic is not None:
        semantic.forget_memo()
    across = sys.modules.get("memctl.search.across")
    if across is not None:
        across.forget_memo()
    vectors = sys.modules.get("memctl.search.vectors")
    if vectors is not None:
        vectors.forget_headings()
    for function in cached_functions():
        function.cache_clear()


class Cached(Protocol):
    def cache_clear(self) -> None: ...


def cached_functions() -> list[Cached]:
    """The functions with a cache that memctl's loaded modules define."""
    found = []
    for name, module in list(sys.modules.items()):
        if name != "memctl" and not name.startswith("memctl."):
            continue
        for value in list(vars(module).values()):
            if isinstance(value, type) or getattr(value, "__module__", None) != name:
                continue  # a class (Cached itself), or another module's function imported here
            if callable(getattr(value, "cache_clear", None)) and hasattr(value, "cache_info"):
                found.append(value)
    return found


def after_purge(root: Path) -> bool:
    """Empty the memos when the workspace's purge registry changed since this process last
    looked (one stat a question); whether it did."""
    try:
        st = os.stat(root / REGISTRY)
        stamp: tuple[int, int, int] | None = (st.st_ino, st.st_size, st.st_mtime_ns)
    except OSError:
        stamp = None
    key = str(root)
    changed = key in _seen and _seen[key] != stamp
    _seen[key] = stamp
    if changed:
        forget()
    return changed
