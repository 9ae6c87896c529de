"""Questions to the graph mirror, in SQL: lookups, suggestions and multi-hop walks.

Every function takes a Store that open_store has brought in step with the text. Walks run in
SQLite as recursive queries over both directions of every open relation; the shortest paths
walk from both ends and meet in the middle, so a 4-hop question costs two 2-hop walks.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

from ..errors import NotFound
from .store import TRIPLE_COLUMNS as _TRIPLE_COLUMNS
from .store import Store
from .text import Triple, entity_key, squash

# Both directions in one walk: (node, depth) rows, the smallest depth per node kept.
_WALK = """
WITH RECURSIVE walk(node, depth) AS (
    VALUES (:start, 0)
    UNION
    SELECT t.o, w.depth + 1 FROM walk w JOIN triples t ON t.s = w.node AND t.closed = 0
    WHERE w.depth < :depth
    UNION
    SELECT t.s, w.depth + 1 FROM walk w JOIN triples t ON t.o = w.node AND t.closed = 0
    WHERE w.depth < :depth
)
SELECT node, MIN(depth) FROM walk GROUP BY node
"""
# The relations that lead one step back towards the start, for the nodes in `pick`.
_STEP_BACK = """
SELECT c.node, t.n, t.s FROM pick c CROSS JOIN {walk} r ON r.node = c.node
  CROSS JOIN triples t ON t.o = c.node AND t.closed = 0
  CROSS JOIN {walk} p ON p.node = t.s AND p.depth = r.depth - 1
UNION ALL
SELECT c.node, t.n, t.o FROM pick c CROSS JOIN {walk} r ON r.node = c.node
  CROSS JOIN triples t ON t.s = c.node AND t.closed = 0
  CROSS JOIN {walk} p ON p.node = t.o AND p.depth = r.depth - 1
ORDER BY 1, 2
"""


# Per entity, the relations (n, entity one step nearer the end) that lead back to it.
_Back = dict[int, list[tuple[int, int]]]


# --- looking things up --------------------------------------------------------------


def entity(store: Store, name: str) -> tuple[int, str] | None:
    row = store.conn.execute(
        "SELECT id, name FROM entities WHERE key = ?", (entity_key(name),)
    ).fetchone()
    return (row[0], row[1]) if row else None


def resolve(store: Store, name: str) -> tuple[int, str]:
    """An entity by name, or NotFound with the closest names as suggestions."""
    found = entity(store, name)
    if found:
        return found
    near = suggestions(store, name)
    hint = f"; did you mean {', '.join(repr(n) for n in near)}?" if near else ""
    total = store.conn.execute("SELECT count(*) FROM entities").fetchone()[0]
    raise NotFound(
        f"no entity {name!r} among the graph's {total} entities{hint} "
        "(list them with `memctl graph entities`)"
    )


def suggestions(store: Store, name: str, limit: int = 3) -> list[str]:
    from rapidfuzz import fuzz, process

    names = dict(store.conn.execute("SELECT key, name FROM entities"))
    hits = process.extract(
        entity_key(name), list(names), scorer=fuzz.WRatio, limit=limit, score_cutoff=60
    )
    return [names[key] for key, _, _ in hits]


def predicate_suggestions(store: Store, predicate: str, limit: int = 3) -> list[str]:
    from rapidfuzz import fuzz, process

    names = dict(store.conn.execute("SELECT pkey, MIN(predicate) FROM triples GROUP BY pkey"))
    hits = process.extract(
        entity_key(predicate), list(names), scorer=fuzz.WRatio, limit=limit, score_cutoff=60
    )
    return [names[key] for key, _, _ in hits]


def near_duplicates(store: Store, name: str) -> list[str]:
    """Existing entities that look like a new name: same letters, or one typo away."""
    from rapidfuzz import process
    from rapidfuzz.distance import OSA

    key = entity_key(name)
    same = [
        row[0]
        for row in store.conn.execute(
            "SELECT name FROM entities WHERE squash = ? AND key != ? AND squash != ''",
            (squash(name), key),
        )
    ]
    if len(key) < 5:
        return same
    names = dict(store.conn.execute("SELECT key, name FROM entities"))
    hits = process.extract(
        key, list(names), scorer=OSA.normalized_similarity, limit=5, score_cutoff=0.79
    )
    near = [names[k] for k, _, _ in hits if k != key and not _distinct_on_purpose(name, names[k])]
    return list(dict.fromkeys(same + near))


def ids(store: Store) -> set[str]:
    return {row[0] for row in store.conn.execute("SELECT id FROM triples")}


def by_id(store: Store, triple_id: str) -> Triple | None:
    row = store.conn.execute(
        f"SELECT {_TRIPLE_COLUMNS} FROM triples t WHERE id = ?", (triple_id,)
    ).fetchone()
    return _triple(row) if row else None


def find_open(store: Store, subject: str, predicate: str, obj: str) -> Triple | None:
    row = store.conn.execute(
        f"SELECT {_TRIPLE_COLUMNS} FROM triples t JOIN entities a ON a.id = t.s "
        "JOIN entities b ON b.id = t.o WHERE a.key = ? AND b.key = ? AND t.pkey = ? "
        "AND t.closed = 0 ORDER BY t.n LIMIT 1",
        (entity_key(subject), entity_key(obj), entity_key(predicate)),
    ).fetchone()
    return _triple(row) if row else None


def triples(
    store: Store,
    *,
    s: int | None = None,
    o: int | None = None,
    pkey: str | None = None,
    either: int | None = None,
    closed: bool = False,
    asof: str | None = None,
    limit: int | None = None,
) -> tuple[list[Triple], int]:
    """Relations matching every filter given (`either`: from or to that entity), in file
    order, and how many there are."""
    where, params = [], []
    for column, value in (("s", s), ("o", o), ("pkey", pkey)):
        if value is not None:
            where.append(f"{column} = ?")
            params.append(value)
    if either is not None:
        where.append("(s = ? OR o = ?)")
        params += [either, either]
    if asof is not None:
        where.append(
            "COALESCE(since, added, '') <= ? AND (until IS NULL OR until > ?) "
            "AND NOT (closed = 1 AND until IS NULL)"
        )
        params += [asof, asof]
    elif not closed:
        where.append("closed = 0")
    sql = " WHERE " + " AND ".join(where) if where else ""
    with store.read() as conn:
        total = conn.execute(f"SELECT count(*) FROM triples{sql}", params).fetchone()[0]
        tail = " LIMIT ?" if limit is not None else ""
        rows = conn.execute(
            f"SELECT {_TRIPLE_COLUMNS} FROM triples t{sql} ORDER BY n{tail}",
            params + ([limit] if limit is not None else []),
        )
        return [_triple(r) for r in rows], total


def entities(
    store: Store, *, match: str | None, closed: bool, limit: int | None
) -> tuple[list[tuple[str, int]], int]:
    """Entities with their number of relations, most connected first."""
    state = "" if closed else " AND t.closed = 0"
    sql = (
        f"SELECT e.name, (SELECT count(*) FROM triples t WHERE t.s = e.id{state}) + "
        f"(SELECT count(*) FROM triples t WHERE t.o = e.id{state}) AS n FROM entities e "
        "WHERE instr(e.key, ?) > 0"
    )
    with store.read() as conn:
        rows = [
            r
            for r in conn.execute(f"{sql} ORDER BY n DESC, e.key", (entity_key(match or ""),))
            if r[1] > 0 or closed
        ]
    return (rows[:limit] if limit is not None else rows), len(rows)


def mentioned(store: Store, keys: Iterable[str]) -> list[tuple[int, str]]:
    keys = sorted(set(keys))
    found: list[tuple[int, str]] = []
    for i in range(0, len(keys), 500):
        chunk = keys[i : i + 500]
        marks = ",".join("?" * len(chunk))
        found += store.conn.execute(
            f"SELECT id, name FROM entities WHERE key IN ({marks})", chunk
        ).fetchall()
    return found


def named_in(store: Store, text: str) -> list[tuple[int, str]]:
    """Entities a text names by part of their name: "Ingrid" or "solberg" for Ingrid Solberg,
    "Ines" for Inês (case and accents ignored). A part counts when it is a proper name in the
    entity (capitalised, three letters or more, not a stop word), when the text writes it
    capitalised or it is no dictionary word ("project" in lower case is not Project X), and
    when at most two entities share it (a first name half the graph has names nobody)."""
    from ..words import STOPWORDS, fold, is_word

    said: dict[str, bool] = {}  # folded word -> written as a name somewhere in the text
    start = True  # a sentence's first word is capitalised whatever it is
    for raw in text.split()[:10_000]:
        for part in re.findall(r"[^\W\d_]{3,}", raw):
            key = fold(part)
            named = part[0].isupper() and not (start and is_word(key))
            said[key] = said.get(key, False) or named
        start = raw.endswith((".", "!", "?", ":")) or (start and not raw.strip(".,;:!?"))
    wanted = {
        w for w, capital in said.items() if w not in STOPWORDS and (capital or not is_word(w))
    }
    if not wanted:
        return []
    parts: dict[str, list[tuple[int, str]]] = {}
    for node, name in store.conn.execute("SELECT id, name FROM entities"):
        pieces = re.findall(r"[^\W\d_]{3,}", name)
        if len(pieces) < 2:
            continue  # a one-word name is matched whole (entity_key) or not at all
        for piece in pieces:
            key = fold(piece)
            if key in wanted and piece[0].isupper() and key not in STOPWORDS:
                parts.setdefault(key, []).append((node, name))
    return [found for group in parts.values() if len(group) <= 2 for found in group]


def touching(store: Store, nodes: list[int], limit: int) -> list[Triple]:
    """Open relations with any of `nodes` at either end, most confident first."""
    marks = ",".join("?" * len(nodes))
    rows = store.conn.execute(
        f"SELECT {_TRIPLE_COLUMNS} FROM triples t WHERE closed = 0 AND (s IN ({marks}) OR "
        f"o IN ({marks})) ORDER BY confidence DESC, n LIMIT ?",
        (*nodes, *nodes, limit),
    )
    return [_triple(r) for r in rows]


# --- many hops ----------------------------------------------------------------------


def _walk(store: Store, table: str, start: int, depth: int) -> None:
    conn = store.conn
    conn.execute(
        f"CREATE TEMP TABLE IF NOT EXISTS {table} "
        "(node INTEGER PRIMARY KEY, depth INTEGER NOT NULL)"
    )
    conn.execute(f"DELETE FROM {table}")
    conn.execute(f"INSERT INTO {table} {_WALK}", {"start": start, "depth": depth})


def _pick(store: Store, nodes: Iterable[int]) -> None:
    store.conn.execute("CREATE TEMP TABLE IF NOT EXISTS pick (node INTEGER PRIMARY KEY)")
    store.conn.execute("DELETE FROM pick")
    store.conn.executemany("INSERT INTO pick VALUES (?)", ((n,) for n in nodes))


def neighborhood(
    store: Store, start: int, depth: int, limit: int
) -> tuple[list[tuple[int, str, int, int, int]], int]:
    """Entities within `depth` hops either way: (node, name, depth, parent, relation n)."""
    with store.read() as conn:
        _walk(store, "reach", start, depth)
        total = conn.execute("SELECT count(*) FROM reach WHERE depth > 0").fetchone()[0]
        shown = conn.execute(
            "SELECT r.node, e.name, r.depth FROM reach r JOIN entities e ON e.id = r.node "
            "WHERE r.depth > 0 ORDER BY r.depth, e.key LIMIT ?",
            (limit,),
        ).fetchall()
        _pick(store, [node for node, _, _ in shown])
        back: dict[int, tuple[int, int]] = {}
        for node, n, prev in conn.execute(_STEP_BACK.format(walk="reach")):
            back.setdefault(node, (n, prev))  # the first relation in file order
    return [(node, name, d, back[node][1], back[node][0]) for node, name, d in shown], total


def shortest(
    store: Store, a: int, b: int, max_hops: int
) -> tuple[int | None, _Back, _Back, list[int]]:
    """Walk from both ends; return the distance and, per side, the steps back to its end."""
    with store.read() as conn:
        near_a, near_b = (max_hops + 1) // 2, max_hops // 2
        _walk(store, "reach_a", a, near_a)
        _walk(store, "reach_b", b, near_b)
        hops = conn.execute(
            "SELECT MIN(x.depth + y.depth) FROM reach_a x JOIN reach_b y ON x.node = y.node"
        ).fetchone()[0]
        if hops is None:
            return None, {}, {}, []
        mid = min(hops, near_a)
        meet = [
            r[0]
            for r in conn.execute(
                "SELECT x.node FROM reach_a x JOIN reach_b y ON x.node = y.node "
                "WHERE x.depth = ? AND y.depth = ? ORDER BY x.node",
                (mid, hops - mid),
            )
        ]
        return hops, _steps_back(store, "reach_a", meet), _steps_back(store, "reach_b", meet), meet


def _steps_back(store: Store, table: str, nodes: list[int]) -> _Back:
    back: dict[int, list[tuple[int, int]]] = {}
    frontier = set(nodes)
    while frontier:
        _pick(store, frontier)
        frontier = set()
        for node, n, prev in store.conn.execute(_STEP_BACK.format(walk=table)):
            back.setdefault(node, []).append((n, prev))
            if prev not in back:
                frontier.add(prev)
    return back


def relations(store: Store, ns: Iterable[int]) -> dict[int, tuple[Triple, int, int]]:
    """Relations by internal row number, with their subject and object entity ids."""
    ns = sorted(set(ns))
    out: dict[int, tuple[Triple, int, int]] = {}
    for i in range(0, len(ns), 500):
        chunk = ns[i : i + 500]
        marks = ",".join("?" * len(chunk))
        for row in store.conn.execute(
            f"SELECT n, s, o, {_TRIPLE_COLUMNS} FROM triples t WHERE n IN ({marks})", chunk
        ):
            out[row[0]] = (_triple(row[3:]), row[1], row[2])
    return out


def names(store: Store, ids: Iterable[int]) -> dict[int, str]:
    ids = sorted(set(ids))
    marks = ",".join("?" * len(ids))
    return dict(store.conn.execute(f"SELECT id, name FROM entities WHERE id IN ({marks})", ids))


def _triple(row: tuple[Any, ...]) -> Triple:
    subject, predicate, obj, ident, fields, closed, line, written = row
    return Triple(
        subject, predicate, obj, ident, json.loads(fields), bool(closed), line, bool(written)
    )


def _distinct_on_purpose(new: str, old: str) -> bool:
    """`Project X`/`Project Y`, `v1`/`v2`: names that differ where people mean a difference."""
    digits_new = "".join(c for c in new if c.isdigit())
    if digits_new != "".join(c for c in old if c.isdigit()):
        return True
    a, b = new.casefold().split(), old.casefold().split()
    if len(a) == len(b) and len(a) > 1:
        diff = [(x, y) for x, y in zip(a, b, strict=True) if x != y]
        return len(diff) == 1 and len(diff[0][0]) <= 2 and len(diff[0][1]) <= 2
    return False
