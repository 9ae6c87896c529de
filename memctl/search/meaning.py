"""The semantic side of a search: candidates close in meaning, and how close each candidate is.

Used by memctl.search.rank when memctl.search.semantic is available. The query is embedded once;
the units nearest to it join the lexical candidates (a paraphrase shares no word with its
memory, so FTS alone never offers it), and every candidate gets `dense`, its cosine mapped to
0..1 between DENSE_FLOOR (unrelated, for this model) and DENSE_FULL (the same thing said another
way)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    import numpy as np

    from .index import SearchIndex
    from .vectors import Sync, VectorIndex

NEAREST = 40  # units offered by meaning alone
MEANING_MIN = 0.30  # the cosine a unit needs to be offered by meaning alone
DENSE_FLOOR = 0.20  # all-MiniLM-L6-v2: unrelated sentences score about 0-0.2
DENSE_FULL = 0.70  # and a close paraphrase 0.6-0.8


class Meaning(NamedTuple):
    vectors: VectorIndex
    query: np.ndarray
    sync: Sync


def describe(ws, meaning: Meaning | None, asked: bool) -> str:
    """One line on whether meaning was searched: how many units it reached, or why not (with
    how to turn it on)."""
    from . import semantic

    if meaning is not None:
        sync = meaning.sync
        line = f"meaning searched too: {sync.units} memories have a vector"
        if sync.pending:
            line += f", {sync.pending} not yet (memctl reindex embeds them)"
        return line
    if not asked:
        return "words only (asked for)"
    return f"words only: {semantic.unavailable_reason(ws) or 'nothing to embed'}"


def prepare(index: SearchIndex, query: str) -> Meaning | None:
    """The query's vector and the workspace's vectors brought up to date, or None when the
    semantic path is not available (not installed, or turned off)."""
    from . import semantic

    if not semantic.available(index.ws) or not query.strip():
        return None
    vectors = semantic.warm(index.ws)
    sync = vectors.sync(index)
    return Meaning(vectors, semantic.embed([query[:2000]], index.ws)[0], sync)


def nearest_rows(
    index: SearchIndex,
    meaning: Meaning,
    columns: str,
    condition: str,
    params: dict,
    known: set[tuple[str, int]],
) -> list[tuple]:
    """Candidate rows (as the lexical query returns them, with no BM25) for the units nearest
    in meaning that pass the filters and are not among the lexical candidates already."""
    found = [
        (p, line)
        for p, line, cosine in meaning.vectors.search(meaning.query, NEAREST)
        if cosine >= MEANING_MIN
    ]
    found = [address for address in found if address not in known]
    if not found:
        return []
    sql = (
        f"SELECT {columns}, 0.0, f.context FROM units u "
        f"JOIN json_each(:addresses) j ON u.path = j.value ->> 0 AND u.line = j.value ->> 1 "
        f"JOIN fts f ON f.rowid = u.id WHERE {condition}"
    )
    addresses = json.dumps([list(a) for a in found])
    return index.db.execute(sql, {**params, "addresses": addresses}).fetchall()


def dense(meaning: Meaning, addresses: list[tuple[str, int]]) -> list[tuple[float, float]]:
    """(cosine, dense) for each unit; (0, 0) for one without a vector yet."""
    out = []
    for cosine in meaning.vectors.similarity(meaning.query, addresses):
        if cosine is None:
            out.append((0.0, 0.0))
            continue
        share = (cosine - DENSE_FLOOR) / (DENSE_FULL - DENSE_FLOOR)
        out.append((cosine, min(1.0, max(0.0, share))))
    return out
