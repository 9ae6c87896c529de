"""`memctl graph …`: relations between entities, with multi-hop questions."""

from __future__ import annotations

from pathlib import Path

import typer

from . import context, flags, output

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..graph.edit import Added, Closed
    from ..graph.exchange import Export, Imported
    from ..graph.relations import EntityList, Hop, Neighborhood, Paths, RelationList
    from ..workspace import Outcome

app = typer.Typer(
    help="The knowledge graph: subject → predicate → object relations in graph/relations.md.",
    no_args_is_help=True,
)


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="graph")


@app.command("add")
def add(
    subject: str = typer.Argument(..., help="Who or what the relation is about."),
    predicate: str = typer.Argument(..., help="The relation, e.g. 'responsible for'."),
    obj: str = typer.Argument(..., metavar="OBJECT", help="The other end."),
    confidence: float | None = typer.Option(None, "--confidence", "-c", help="0 to 1 (default 1)."),
    source: str | None = typer.Option(
        None,
        "--source",
        "-s",
        help="user | agent | web | file | tool",
        callback=flags.source_word,
    ),
    from_date: str | None = typer.Option(
        None, "--from", help="Since when it holds: YYYY-MM-DD, or e.g. 'last monday'."
    ),
    ref: str | None = typer.Option(
        None, "--ref", help="A note it comes from, e.g. lessons/a.md#^k3x9, or a URL."
    ),
    as_new: bool = typer.Option(False, "--as-new", help="Add a name that looks like another."),
) -> None:
    """Add a relation (a near-duplicate entity name is refused without --as-new).

    Example: memctl graph add Brian "responsible for" "Project X" -c 0.9 -s user
    """
    from ..graph.relations import add as add_relation

    outcome = add_relation(
        context.workspace(),
        subject,
        predicate,
        obj,
        confidence=confidence,
        source=source,
        since=from_date,
        ref=ref,
        as_new=as_new,
        today=context.now().date(),
    )
    output.result(outcome, _render_added)


def _render_added(outcome: Outcome[Added]) -> None:
    value = outcome.value
    verb = "added" if value.created else "already in the graph:"
    output.text(f"{verb} ^{value.relation.id}  {value.relation.sentence()}")
    _notices(value)
    output.change_notices(outcome.change)


@app.command("query")
def query(
    entity: str | None = typer.Argument(
        None, metavar="[ENTITY]", help="Relations from or to this entity."
    ),
    subject: str | None = typer.Option(None, "--subject", "-s", help="Relations from this entity."),
    predicate: str | None = typer.Option(None, "--predicate", "-p", help="Relations of this kind."),
    obj: str | None = typer.Option(None, "--object", "-o", help="Relations to this entity."),
    include_closed: bool = typer.Option(False, "--all", "-a", help="Closed relations too."),
    limit: int = typer.Option(100, "--limit", "-n", help="Show at most this many."),
) -> None:
    """List relations by any of subject, predicate and object (open ones unless --all).

    Example: memctl graph query Brian
    Example: memctl graph query -s Brian -p "responsible for"
    """
    from ..search.graphread import query as ask

    found = ask(
        context.workspace(),
        entity=entity,
        subject=subject,
        predicate=predicate,
        obj=obj,
        include_closed=include_closed,
        limit=limit,
    )
    output.result(found, _render_relations)


@app.command("asof")
def asof(
    day: str = typer.Argument(..., help="YYYY-MM-DD, or e.g. '2 weeks ago'"),
    subject: str | None = typer.Option(None, "--subject", "-s", help="Relations from this entity."),
    predicate: str | None = typer.Option(None, "--predicate", "-p", help="Relations of this kind."),
    obj: str | None = typer.Option(None, "--object", "-o", help="Relations to this entity."),
    limit: int = typer.Option(100, "--limit", "-n", help="Show at most this many."),
) -> None:
    """List what held on a day: begun by then (from:, else added:) and not yet closed.

    Example: memctl graph asof 2026-01-31 -s "Project X"
    """
    from ..search.graphread import asof as ask

    found = ask(
        context.workspace(), day, subject=subject, predicate=predicate, obj=obj, limit=limit
    )
    output.result(found, _render_relations)


def _render_relations(found: RelationList) -> None:
    closed = any(t.closed for t in found.relations)
    headers = ["Id", "Subject", "Predicate", "Object", "Conf", "Src", "Since"]
    headers += ["Until", "Why"] if closed else []
    rows = []
    for t in found.relations:
        f = t.fields
        row = [
            f"^{t.id}",
            t.subject,
            t.predicate,
            t.object,
            f"{t.confidence:g}",
            f.get("src", "—"),
            f.get("from") or f.get("added") or "—",
        ]
        rows.append(row + ([f.get("until", "—"), f.get("why", "")] if closed else []))
    if any(t.orders for t in found.relations):  # as search shows such a line
        headers.append("Label")
        for row, t in zip(rows, found.relations, strict=True):
            row.append("⚠️ injection" if t.orders else "")
    if rows:
        output.table(headers, rows)
    when = f" on {found.asof}" if found.asof else ""
    shown = f"{len(rows)} of {found.total}" if len(rows) < found.total else str(found.total)
    output.text(f"{shown} relation{'s' if found.total != 1 else ''}{when}")
    _notices(found)


@app.command("neighbors")
def neighbors(
    entity: str = typer.Argument(..., help="The entity to start from."),
    depth: int = typer.Option(1, "--depth", "-d", help="How many hops (1 to 6)."),
    limit: int = typer.Option(100, "--limit", "-n", help="Show at most this many, nearest first."),
) -> None:
    """Show the entities within N hops in either direction, each with its path.

    Example: memctl graph neighbors Brian --depth 3
    """
    from ..search.graphread import neighbors as ask

    output.result(ask(context.workspace(), entity, depth=depth, limit=limit), _render_tree)


def _render_tree(found: Neighborhood) -> None:
    children: dict[str, list] = {}
    for n in found.neighbors:
        children.setdefault(n.via, []).append(n)

    def walk(name: str, prefix: str) -> None:
        kids = children.get(name, [])
        for pos, n in enumerate(kids):
            last = pos == len(kids) - 1
            output.text(f"{prefix}{'└── ' if last else '├── '}{_step(n.path[-1])}")
            walk(n.entity, prefix + ("    " if last else "│   "))

    output.text(found.entity)
    walk(found.entity, "")
    shown = len(found.neighbors)
    more = f" (showing {shown}; raise --limit for more)" if shown < found.total else ""
    output.text(
        f"{found.total} entit{'y' if found.total == 1 else 'ies'} within "
        f"{found.depth} hop{'s' if found.depth != 1 else ''}{more}"
    )
    _notices(found)


def _step(hop: Hop) -> str:
    r = hop.relation
    marks = f" · {r.marks()}" if r.orders else ""
    if hop.forward:
        return f"→ {r.predicate} → {r.object}  ^{r.id}{marks}"
    return f"← {r.predicate} ← {r.subject}  ^{r.id}{marks}"


@app.command("path")
def path(
    source: str = typer.Argument(..., metavar="A", help="One end."),
    target: str = typer.Argument(..., metavar="B", help="The other end."),
    max_hops: int = typer.Option(4, "--max-hops", "-m", help="Longest path to look for (1-10)."),
    limit: int = typer.Option(5, "--limit", "-n", help="Show at most this many paths."),
) -> None:
    """Show the shortest paths between two entities, every hop with its predicate.

    Example: memctl graph path Brian "API key"
    """
    from ..search.graphread import path as ask

    found = ask(context.workspace(), source, target, max_hops=max_hops, limit=limit)
    output.result(found, _render_paths)


def _render_paths(found: Paths) -> None:
    for walk in found.paths:
        here = found.source
        line = here
        for hop in walk:
            r = hop.relation
            line += f" → {r.predicate} → " if hop.forward else f" ← {r.predicate} ← "
            here = hop.target
            line += here
        output.text(line)
        for hop in walk:  # a relation that reads as orders, as search shows it
            if hop.relation.orders:
                output.text(f"  ^{hop.relation.id} · {hop.relation.marks()}")
    shown = len(found.paths)
    more = f", showing {shown}" if shown < found.total else ""
    output.text(
        f"{found.total} shortest path{'s' if found.total != 1 else ''} of "
        f"{found.hops} hop{'s' if found.hops != 1 else ''}{more}"
    )
    _notices(found)


@app.command("close")
def close(
    ident: str = typer.Argument(..., metavar="ID", help="The relation's id, e.g. t4k2."),
    reason: str = typer.Option(..., "--reason", "-r", help="Why it no longer holds."),
    until: str | None = typer.Option(
        None,
        "--until",
        help=(
            "The day it ends (default today), e.g. 2026-12-31 or 'in 2 weeks'; a later day "
            "leaves it open until then."
        ),
    ),
) -> None:
    """Close a relation: struck through with until: and why:, it leaves queries.

    Example: memctl graph close t4k2 --reason "Brian moved to Project Z"
    """
    from ..graph.relations import close as close_relation

    outcome = close_relation(
        context.workspace(), ident, reason=reason, until=until, today=context.now().date()
    )
    output.result(outcome, _render_closed)


def _render_closed(outcome: Outcome[Closed]) -> None:
    r = outcome.value.relation
    if r.closed:
        output.text(f"closed ^{r.id}  {r.sentence()}  until:{r.fields['until']}")
    else:
        output.text(f"^{r.id} holds until {r.fields['until']}, then closes  {r.sentence()}")
    output.change_notices(outcome.change)


@app.command("entities")
def entities(
    match: str | None = typer.Option(None, "--match", "-m", help="Only names containing this."),
    include_closed: bool = typer.Option(False, "--all", "-a", help="Count closed ones too."),
    limit: int = typer.Option(100, "--limit", "-n", help="Show at most this many."),
) -> None:
    """List entities with their number of relations, most connected first.

    Example: memctl graph entities --match project
    """
    from ..search.graphread import entities as ask

    found = ask(context.workspace(), match=match, include_closed=include_closed, limit=limit)
    output.result(found, _render_entities)


def _render_entities(found: EntityList) -> None:
    if found.entities:
        rows = [[n, str(c)] for n, c in found.entities]
        if found.orders:  # a name that reads as orders, as search shows such a line
            rows = [[*row, found.marks(row[0])] for row in rows]
        headers = ["Entity", "Relations"] + (["Label"] if found.orders else [])
        output.table(headers, rows)
    shown = len(found.entities)
    part = f"{shown} of {found.total}" if shown < found.total else str(found.total)
    output.text(f"{part} entit{'y' if found.total == 1 else 'ies'}")
    _notices(found)


@app.command("export")
def export(
    fmt: str = typer.Option("md", "--format", "-f", help="md | tsv | json"),
    open_only: bool = typer.Option(False, "--open", help="Leave closed relations out."),
) -> None:
    """Print every relation as a Markdown table, TSV or JSON, to review or bulk-edit.

    Example: memctl graph export -f tsv > relations.tsv
    """
    from ..graph.relations import export as export_relations

    found = export_relations(context.workspace(), fmt=fmt, include_closed=not open_only)
    output.result(found, _render_export)


def _render_export(found: Export) -> None:
    output.write(found.text)
    _notices(found)


@app.command("import")
def import_(
    source: str = typer.Argument(..., metavar="FILE", help="An export to read back ('-': stdin)."),
    fmt: str | None = typer.Option(
        None, "--format", "-f", help="md | tsv | json (default: guessed)."
    ),
    as_new: bool = typer.Option(False, "--as-new", help="Accept names that look like others."),
) -> None:
    """Apply an edited export: rows with an id update that relation, others are added.

    Example: memctl graph import relations.tsv
    """
    from ..graph.relations import import_relations

    ws = context.workspace()
    today = context.now().date()
    if source == "-":
        text = context.stdin_text()
        outcome = import_relations(ws, text=text, fmt=fmt, as_new=as_new, today=today)
    else:
        outcome = import_relations(ws, path=Path(source), fmt=fmt, as_new=as_new, today=today)
    output.result(outcome, _render_imported)


def _render_imported(outcome: Outcome[Imported]) -> None:
    v = outcome.value
    output.text(
        f"imported: {len(v.added)} added, {len(v.updated)} updated, {v.unchanged} unchanged"
    )
    output.change_notices(outcome.change)


def _notices(value: object) -> None:
    found = list(getattr(value, "notices", []))
    for line in found[:5]:
        output.notice(line)
    if len(found) > 5:
        output.notice(f"… and {len(found) - 5} more; see `memctl graph query --json`")
