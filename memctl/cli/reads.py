"""The one place the reads of memory are counted (usage.py): `now`, `search`, `recall`, `show`.

Both doors a person or an agent reads through, the commands and the MCP tools, count here, with
the same addresses for the same answer. The library does not count: its own searches (the gate
looking for a duplicate, consolidation, lessons) are memctl's work, not memory being read, and
counting them would make `memctl stats` and doctor's "memory-unread" say the agent reads memory
when it does not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, cast

from . import context

if TYPE_CHECKING:
    from ..desk import NowView
    from ..search.rank import SearchResult
    from ..search.recall import Recall
    from ..show import Shown
    from ..workspace import Workspace

Read = Literal["now", "search", "recall", "show"]


def count(ws: Workspace, command: Read, answer: NowView | SearchResult | Recall | Shown) -> None:
    """Append the read `answer` of `command` to the usage log (never fails the read)."""
    from ..usage import record

    addresses = _addresses(command, answer)
    results = None if addresses is None else len(addresses)
    record(ws.root, command, at=context.now(), results=results, addresses=addresses or ())


def _addresses(command: Read, answer: NowView | SearchResult | Recall | Shown) -> list[str] | None:
    # cast, not isinstance: `now` must not import search and the note layer to be counted
    if command == "search":
        return [hit.address for hit in cast("SearchResult", answer).hits]
    if command == "recall":
        return [f"{p.path}:{p.line}" for p in cast("Recall", answer).pointers]
    if command == "show":
        shown = cast("Shown", answer)
        line = shown.entry.line if shown.entry is not None else shown.line
        return [f"{shown.path}:{line}" if line else shown.path]
    return None  # now: read whole, no addresses
