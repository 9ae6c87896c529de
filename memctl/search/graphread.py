"""The knowledge graph's answers as every door shows them: the CLI's `memctl graph` commands
(readable and --json) and the MCP tools graph_neighbors and graph_path.

A relation is read as search reads its line (memctl.search.orders.read_lines, at the trust its
`src:` and `trust:` give): one that reads as orders to the agent is labelled "injection" and
shown with its source, as `memctl search` shows it, never as a plain fact. An entity's name
that reads as orders is labelled with the sources of the relations that name it.
"""

from __future__ import annotations

from typing import TypeVar, Unpack

from ..graph import relations as graph
from ..graph.relations import EntityList, Neighborhood, Paths, RelationList, Triple
from ..workspace import Workspace
from .orders import read_lines, trust_of_fields

_Found = TypeVar("_Found", RelationList, Neighborhood, Paths, EntityList)


def query(
    ws: Workspace,
    *,
    subject: str | None = None,
    predicate: str | None = None,
    obj: str | None = None,
    include_closed: bool = False,
    limit: int | None = 100,
    entity: str | None = None,
) -> RelationList:
    """memctl.graph.relations.query, each relation labelled."""
    found = graph.query(
        ws,
        subject=subject,
        predicate=predicate,
        obj=obj,
        include_closed=include_closed,
        limit=limit,
        entity=entity,
    )
    return labelled(ws, found)


def asof(ws: Workspace, day: str, **filters: Unpack[graph.Filters]) -> RelationList:
    """memctl.graph.relations.asof, each relation labelled."""
    return labelled(ws, graph.asof(ws, day, **filters))


def neighbors(ws: Workspace, entity: str, *, depth: int = 1, limit: int = 100) -> Neighborhood:
    """memctl.graph.relations.neighbors, each relation on a path labelled."""
    return labelled(ws, graph.neighbors(ws, entity, depth=depth, limit=limit))


def path(ws: Workspace, source: str, target: str, *, max_hops: int = 4, limit: int = 5) -> Paths:
    """memctl.graph.relations.path, each relation on a path labelled."""
    return labelled(ws, graph.path(ws, source, target, max_hops=max_hops, limit=limit))


def entities(
    ws: Workspace,
    *,
    match: str | None = None,
    include_closed: bool = False,
    limit: int | None = 100,
) -> EntityList:
    """memctl.graph.relations.entities, each name that reads as orders labelled."""
    found = graph.entities(ws, match=match, include_closed=include_closed, limit=limit)
    return labelled(ws, found)


def labelled(ws: Workspace, found: _Found) -> _Found:
    """A graph answer with each relation in it that reads as orders marked (Triple.orders),
    or for a list of entities, each name that does (EntityList.orders)."""
    if isinstance(found, EntityList):
        return _entities(ws, found)  # type: ignore[return-value]
    if isinstance(found, RelationList):
        triples = found.relations
    elif isinstance(found, Neighborhood):
        triples = [hop.relation for n in found.neighbors for hop in n.path]
    else:
        triples = [hop.relation for walk in found.paths for hop in walk]
    mark(ws, triples)
    return found


def mark(ws: Workspace, triples: list[Triple]) -> None:
    """Mark each relation that reads as orders to the agent, its line read as search reads it."""
    said = [(t.format(), trust_of_fields(ws, t.fields)) for t in triples]
    for t, (order, _) in zip(triples, read_lines(ws, said), strict=True):
        t.orders = order


def _entities(ws: Workspace, found: EntityList) -> EntityList:
    """Each name read as the least trusted source could have said it; a name that reads as
    orders so is read again at the trust of each relation that names it."""
    from dataclasses import replace

    names = [name for name, _ in found.entities]
    verdicts = read_lines(ws, [(name, "untrusted") for name in names])
    orders: dict[str, list[str]] = {}
    for name, (suspect, _) in zip(names, verdicts, strict=True):
        if not suspect:
            continue
        named = graph.query(ws, entity=name, include_closed=True, limit=None).relations
        said = read_lines(ws, [(name, trust_of_fields(ws, t.fields)) for t in named])
        sources = {t.fields.get("src", "—") for t, (o, _) in zip(named, said, strict=True) if o}
        if sources:
            orders[name] = sorted(sources)
    return replace(found, orders=orders) if orders else found
