"""What a process that ranks query after query (`memctl serve`) keeps from one answer to the next.

- A unit's words and stems (`unit_words`): ranking a candidate needs the set of its words and of
  their stems, for its own text and for its context (its note's title, section and tags). They
  depend on the text alone, so they are kept keyed on the text itself: a unit edited on disk
  comes back from the index as a new key. A command in its own process ranks once and pays only
  a dictionary look-up per candidate.
- The candidate rows of a match expression (`candidates`), while a watcher is registered for
  the workspace (memctl.integrations.watch): keyed on the index's generation token, which every
  change to the indexed units renews (in this process or another), read before the rows are, and
  on the watcher's own count of changes on disk. The same words asked twice (the prompt hook's
  recall, then the model's own recall or search with the user's words) are looked up once.
  Without a watcher nothing is kept.
"""

from __future__ import annotations

import datetime as dt
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..language.holds import asked_by
from ..words import stem, words
from .candidates import candidates as find_candidates
from .index import WATCH

if TYPE_CHECKING:
    from .index import SearchIndex
    from .rank import Filters

KEPT = 50_000  # units kept; past that the memo starts again (a bound on a server's memory)
KEPT_MATCHES = 64  # match expressions whose candidate rows are kept

Words = tuple[set[str], set[str], set[str], set[str], float]
_UNITS: dict[tuple[str, str, str], Words] = {}
_ROWS: dict[tuple, list[tuple]] = {}


def unit_words(
    text: str, keys: str, context: str, share: Callable[[set[str], str], float]
) -> Words:
    """(own words, own stems, context words, context stems, share(own words, text)) of a unit
    whose text is `text`, use-when keys `keys` and context `context`."""
    key = (text, keys, context)
    found = _UNITS.get(key)
    if found is None:
        own, more = set(words(f"{text}\n{keys}")), set(words(context))
        own.update(asked_by(text))  # a phone number is a number, whatever its words
        found = (own, {stem(w) for w in own}, more, {stem(w) for w in more}, share(own, text))
        if len(_UNITS) >= KEPT:
            _UNITS.clear()
        _UNITS[key] = found
    return found


def forget() -> None:
    """Everything kept here emptied (a purge: memctl.search.memos)."""
    _UNITS.clear()
    _ROWS.clear()


def candidates(
    index: SearchIndex,
    match: str,
    filters: Filters,
    today: dt.date,
    stale_days: int,
    candidates: int,
) -> list[tuple]:
    """memctl.search.candidates.candidates, kept while the workspace is watched (see above)."""
    watch = sys.modules.get(WATCH)
    watcher = watch.watching(index.ws) if watch is not None else None
    if watcher is None or index.path is None:
        return find_candidates(index, match, filters, today, stale_days, candidates)
    key = (
        str(index.path),
        index.generation(),  # before the rows: a change committed meanwhile is a new token
        watcher.generation,
        match,
        filters,
        today,
        stale_days,
        candidates,
    )
    rows = _ROWS.get(key)
    if rows is None:
        rows = find_candidates(index, match, filters, today, stale_days, candidates)
        if len(_ROWS) >= KEPT_MATCHES:
            _ROWS.pop(next(iter(_ROWS)))
        _ROWS[key] = rows
    return list(rows)
