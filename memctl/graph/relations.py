"""The knowledge graph: relations between entities, with provenance, time and multi-hop questions.

`graph/relations.md` is canonical (see text.py for its line grammar): it merges line by
line, shows in `git log -p`, survives a history rewrite and can be fixed in any editor.
`.memctl/graph.db` (store.py) mirrors it for questions that need SQL: who is within three
hops of Brian, what is the shortest path from Brian to the API key. Writes take the workspace
lock, change the text, mirror the change and commit; reads bring the mirror in step first.

For the other parts of memctl: `facts_about(ws, text)` finds the relations whose entities a
piece of text names (recall), `close(...)` ends a relation (forget). A purge
needs nothing of its own here: it replaces the text in graph/relations.md like in any other
file and deletes the mirror, which rebuilds from the cleaned text (forgetting/purge.py).
Export and import for review and bulk edits are in exchange.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TypedDict, Unpack

from ..controls import count
from ..dates import fmt_date, given_date
from ..errors import InvalidValue, MemctlError, NotFound
from ..workspace import Workspace
from . import query as q
from .edit import Added, Closed, add, close
from .exchange import FORMATS, Export, Imported, export, import_relations
from .store import Store, ask, notices_of
from .text import RELATIONS_FILE, Triple, clean_name, entity_key

__all__ = [
    "FORMATS",
    "MAX_DEPTH",
    "MAX_HOPS",
    "RELATIONS_FILE",
    "Added",
    "Closed",
    "EntityList",
    "Export",
    "Facts",
    "Hop",
    "Imported",
    "Neighbor",
    "Neighborhood",
    "Paths",
    "RelationList",
    "Triple",
    "add",
    "asof",
    "close",
    "entities",
    "export",
    "facts_about",
    "import_relations",
    "neighbors",
    "path",
    "query",
]

MAX_DEPTH = 6
MAX_HOPS = 10


@dataclass(frozen=True)
class Hop:
    """One relation on a walk, and which way it was walked."""

    relation: Triple
    forward: bool  # True: from its subject to its object

    @property
    def target(self) -> str:
        return self.relation.object if self.forward else self.relation.subject

    def to_dict(self) -> dict:
        r = self.relation
        return {
            "id": r.id,
            "subject": r.subject,
            "predicate": r.predicate,
            "object": r.object,
            "direction": "forward" if self.forward else "backward",
            "source": r.fields.get("src"),
            "label": r.label,
        }


@dataclass(frozen=True)
class Neighbor:
    entity: str
    depth: int
    via: str  # the entity one hop nearer the start
    path: list[Hop]

    def to_dict(self) -> dict:
        return {
            "entity": self.entity,
            "depth": self.depth,
            "via": self.via,
            "path": [h.to_dict() for h in self.path],
        }


@dataclass(frozen=True)
class Neighborhood:
    entity: str
    depth: int
    total: int
    neighbors: list[Neighbor]
    notices: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {
            "entity": self.entity,
            "depth": self.depth,
            "total": self.total,
            "shown": len(self.neighbors),
            "neighbors": [n.to_dict() for n in self.neighbors],
            "notices": self.notices,
        }


@dataclass(frozen=True)
class Paths:
    source: str
    target: str
    hops: int
    total: int  # how many shortest paths there are; `paths` holds the first few
    paths: list[list[Hop]]
    notices: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {
            "from": self.source,
            "to": self.target,
            "hops": self.hops,
            "total": self.total,
            "paths": [[h.to_dict() for h in p] for p in self.paths],
            "notices": self.notices,
        }


@dataclass(frozen=True)
class RelationList:
    relations: list[Triple]
    total: int
    asof: str | None = None
    notices: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {
            "total": self.total,
            "shown": len(self.relations),
            "asof": self.asof,
            "relations": [t.to_dict() for t in self.relations],
            "notices": self.notices,
        }


@dataclass(frozen=True)
class EntityList:
    entities: list[tuple[str, int]]  # (name, number of relations)
    total: int
    notices: list[str] = field(default_factory=list)
    # a name that reads as orders to the agent: the sources of the relations that name it
    # (memctl.search.graphread)
    orders: dict[str, list[str]] = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {
            "total": self.total,
            "notices": self.notices,
            "entities": [self._entity(n, c) for n, c in self.entities],
        }

    def _entity(self, name: str, count: int) -> dict:
        said = self.orders.get(name)
        found: dict = {"name": name, "relations": count, "label": "injection" if said else None}
        return {**found, "sources": said} if said is not None else found

    def marks(self, name: str) -> str:
        """What a reader is shown after an entity's name that reads as orders ("⚠️ injection ·
        src:web"); else nothing."""
        said = self.orders.get(name)
        return "" if said is None else f"⚠️ injection · src:{','.join(said)}"


@dataclass(frozen=True)
class Facts:
    """What the graph knows about the entities a piece of text names."""

    entities: list[str]
    relations: list[Triple]
    notices: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {
            "entities": self.entities,
            "relations": [t.to_dict() for t in self.relations],
            "notices": self.notices,
        }


# --- questions ---------------------------------------------------------------------------


class Filters(TypedDict, total=False):
    """The filters of `query` besides the day (what `asof` passes on)."""

    subject: str | None
    predicate: str | None
    obj: str | None
    include_closed: bool
    limit: int | None


def query(
    ws: Workspace,
    *,
    subject: str | None = None,
    predicate: str | None = None,
    obj: str | None = None,
    include_closed: bool = False,
    asof: str | None = None,
    limit: int | None = 100,
    entity: str | None = None,
) -> RelationList:
    """Relations by any of subject, predicate and object (`entity`: from or to it); open ones
    unless asked for all."""
    if limit is not None:
        count(limit, "--limit")
    day = fmt_date(given_date(asof, what="date", ahead=False)) if asof else None

    def question(store: Store) -> RelationList:
        s = q.resolve(store, subject)[0] if subject else None
        o = q.resolve(store, obj)[0] if obj else None
        either = q.resolve(store, entity)[0] if entity else None
        pkey = None
        if predicate:
            pkey = entity_key(clean_name(predicate, "predicate"))
            if not q.triples(store, pkey=pkey, closed=True, limit=0)[1]:
                near = q.predicate_suggestions(store, predicate)
                hint = f"; did you mean {', '.join(repr(n) for n in near)}?" if near else ""
                raise NotFound(f"no relation uses the predicate {predicate!r}{hint}")
        found, total = q.triples(
            store, s=s, o=o, pkey=pkey, either=either, closed=include_closed, asof=day, limit=limit
        )
        return RelationList(found, total, day, notices_of(store))

    return ask(ws, question)


def asof(ws: Workspace, day: str, **filters: Unpack[Filters]) -> RelationList:
    """What held on a day: begun (from:, else added:) by then and not yet ended (until:)."""
    return query(ws, asof=day, **filters)


def neighbors(ws: Workspace, entity: str, *, depth: int = 1, limit: int = 100) -> Neighborhood:
    """Entities within `depth` hops in either direction, each with one shortest path to it."""
    count(depth, "--depth", low=1, high=MAX_DEPTH)
    count(limit, "--limit", low=1)

    def question(store: Store) -> Neighborhood:
        start, name = q.resolve(store, entity)
        rows, total = q.neighborhood(store, start, depth, limit)
        relations = q.relations(store, [n for *_, n in rows])
        paths: dict[int, list[Hop]] = {start: []}
        names = {start: name}
        found = []
        for node, node_name, d, parent, n in rows:
            triple, s, _ = relations[n]
            paths[node] = [*paths[parent], Hop(triple, forward=s == parent)]
            names[node] = node_name
            found.append(Neighbor(node_name, d, names[parent], paths[node]))
        return Neighborhood(name, depth, total, found, notices_of(store))

    return ask(ws, question)


def _open(store: Store, node: int) -> bool:
    """Does an open relation start or end at the entity?"""
    row = store.conn.execute(
        "SELECT 1 FROM triples WHERE (s = ? OR o = ?) AND closed = 0 LIMIT 1", (node, node)
    ).fetchone()
    return row is not None


def path(ws: Workspace, source: str, target: str, *, max_hops: int = 4, limit: int = 5) -> Paths:
    """The shortest paths between two entities (relations walked either way), every hop shown."""
    count(max_hops, "--max-hops", low=1, high=MAX_HOPS)
    count(limit, "--limit", low=1)

    def question(store: Store) -> Paths:
        a, name_a = q.resolve(store, source)
        b, name_b = q.resolve(store, target)
        if a == b:
            raise InvalidValue(f"{source!r} and {target!r} are the same entity")
        hops, back_a, back_b, meet = q.shortest(store, a, b, max_hops)
        if hops is None:
            alone = [name for node, name in ((a, name_a), (b, name_b)) if not _open(store, node)]
            if alone:  # more hops cannot help: nothing leads away from it
                raise NotFound(
                    f"no path between {name_a!r} and {name_b!r}: {alone[0]!r} has no open "
                    "relation (a closed one is not walked; `memctl graph query` lists them)"
                )
            farther = q.shortest(store, a, b, MAX_HOPS)[0] if max_hops < MAX_HOPS else None
            more = (
                f" (the shortest is {farther} hops: --max-hops {farther})"
                if farther is not None
                else f" (nor within {MAX_HOPS} hops, the most memctl walks: no chain of open "
                "relations joins them)"
                if max_hops < MAX_HOPS
                else ""
            )
            raise NotFound(
                f"no path between {name_a!r} and {name_b!r} within {max_hops} hop(s){more}"
            )
        total = sum(_count(back_a, x, a, {}) * _count(back_b, x, b, {}) for x in meet)
        walks = []
        for x in meet:
            for head in _walks_to(back_a, x, a):
                for tail in _walks_to(back_b, x, b):
                    walks.append(head + [(n, y, z) for n, z, y in reversed(tail)])
                    if len(walks) == limit:
                        break
                if len(walks) == limit:
                    break
            if len(walks) == limit:
                break
        relations = q.relations(store, [n for w in walks for n, _, _ in w])
        paths = [
            [Hop(relations[n][0], forward=relations[n][1] == frm) for n, frm, _ in w] for w in walks
        ]
        return Paths(name_a, name_b, hops, total, paths, notices_of(store))

    return ask(ws, question)


def _count(back: dict, node: int, end: int, memo: dict) -> int:
    if node == end:
        return 1
    if node not in memo:
        memo[node] = sum(_count(back, prev, end, memo) for _, prev in back.get(node, ()))
    return memo[node]


def _walks_to(back: dict, node: int, end: int) -> Iterator[list[tuple[int, int, int]]]:
    """Every shortest walk from `end` to `node` as (relation n, from, to) steps."""
    if node == end:
        yield []
        return
    for n, prev in back.get(node, ()):
        for head in _walks_to(back, prev, end):
            yield [*head, (n, prev, node)]


def entities(
    ws: Workspace,
    *,
    match: str | None = None,
    include_closed: bool = False,
    limit: int | None = 100,
) -> EntityList:
    """Entities with their number of relations, most connected first."""
    if limit is not None:
        count(limit, "--limit")

    def question(store: Store) -> EntityList:
        rows, total = q.entities(store, match=match, closed=include_closed, limit=limit)
        return EntityList(rows, total, notices_of(store))

    return ask(ws, question)


# --- for the other parts of memctl ------------------------------------------------------------

_TRIM = "\"'“”‘’.,;:!?()[]{}<>*`"


def facts_about(ws: Workspace, text: str, *, limit: int = 20) -> Facts:
    """Open relations whose subject or object the text names (whole words, any case), or names
    by a distinctive part of a longer name ("Ingrid" for Ingrid Solberg: graphquery.named_in).

    Never raises for the graph's own state (a locked or orphaned database): the answer is then
    empty and `notices` says why, so a caller like recall can carry on without it.
    """
    keys: set[str] = set()
    words = text.split()[:10_000]
    for variant in (words, [_bare_word(w) for w in words]):
        for i in range(len(variant)):
            joined = ""
            for word in variant[i : i + 8]:
                joined += entity_key(word)
                keys.add(joined)
    keys -= _PRONOUNS  # "remind me about the flat" names no entity "Me"
    keys.discard("")
    if not keys or not has_graph(ws):
        return Facts([], [])

    def question(store: Store) -> Facts:
        found = q.mentioned(store, keys)
        found += [hit for hit in q.named_in(store, text) if hit not in found]
        if not found:
            return Facts([], [], notices_of(store))
        relations = q.touching(store, [node for node, _ in found], limit)
        return Facts(sorted(name for _, name in found), relations, notices_of(store))

    try:
        return ask(ws, question)
    except MemctlError as exc:  # recall goes on without the graph, and says why
        return Facts([], [], [str(exc)])


# A pronoun or an article a prompt says in every other sentence: an entity named so ("Me" in
# "Lena → daughter of → Me") is not named by it
_PRONOUNS = frozenset(
    """i me my mine myself you your yours we us our ours he him his she her hers it its they
    them their theirs this that these those the a an""".split()
)


def has_graph(ws: Workspace) -> bool:
    """Whether this workspace has a knowledge graph at all (its text or its mirror)."""
    from .store import DB_FILE

    return (ws.root / RELATIONS_FILE).exists() or (ws.state_dir / DB_FILE).exists()


def _bare_word(word: str) -> str:
    word = word.strip(_TRIM)
    return word[:-2] if word.casefold().endswith(("'s", "’s")) else word
