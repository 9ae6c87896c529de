"""A unit's words and stems, worked out once per text in a process that ranks query after query.

Ranking a candidate needs the set of its words and of their stems, for its own text and for its
context (its note's title, section and tags). They depend on the text alone, so they are kept
keyed on the text itself: a unit edited on disk comes back from the index as a new key, and a
server (`memctl serve`) answering turn after turn stems each unit once rather than every turn.
A command in its own process ranks once and only pays a dictionary look-up per candidate.
"""

from __future__ import annotations

from collections.abc import Callable

from ..words import stem, words

KEPT = 50_000  # units kept; past that the memo starts again (a bound on a server's memory)

Words = tuple[set[str], set[str], set[str], set[str], float]
_KEPT: dict[tuple[str, str, str], Words] = {}


def unit_words(
    text: str, keys: str, context: str, share: Callable[[set[str], str], float]
) -> Words:
    """(own words, own stems, context words, context stems, share(own words, text)) of a unit
    whose text is `text`, use-when keys `keys` and context `context`."""
    key = (text, keys, context)
    found = _KEPT.get(key)
    if found is None:
        own, more = set(words(f"{text}\n{keys}")), set(words(context))
        found = (own, {stem(w) for w in own}, more, {stem(w) for w in more}, share(own, text))
        if len(_KEPT) >= KEPT:
            _KEPT.clear()
        _KEPT[key] = found
    return found
