"""Benchmark the knowledge graph on a generated graph (default 100,000 relations).

    .venv/bin/python scripts/bench_graph.py [--triples 100000] [--runs 15] [--seed 7] [--json]
                                            [--strict]

Whole-process medians of `memctl graph neighbors X --depth 3`, `memctl graph path A B` and
`memctl graph neighbors HUB --depth 3`, start-up included, run in turn with
`python -c "import typer"` as the reference (goal: ≤ 200 ms each); then the same questions
in-process, and the time to build graph.db from graph/relations.md, to check it after a `touch`
and to import the text again after an edit.

The graph is seeded and shaped like a personal knowledge base: clusters of people, projects and
tools (most relations inside a cluster, some across), plus a few hubs with many relations.
A missed goal is reported in the table; --strict also makes the exit code 1.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

import benchkit
from benchkit import IMPORT_TYPER, IMPORT_TYPER_LABEL, MEMCTL, Figure

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# fmt: off
PREDICATES = (
    "responsible for", "depends on", "requires", "stored in", "works with", "reports to",
    "uses", "owns", "knows", "part of", "blocked by", "documents", "deployed on", "replaces",
    "mentions", "decided in", "caused by", "configured by", "reviewed by", "hosted on",
)
# fmt: on
KINDS = ("Person", "Project", "Tool", "Service", "Doc", "Host", "Team", "Decision")


def generate(n_triples: int, seed: int) -> tuple[str, list[str]]:
    """The text of graph/relations.md and the entity names."""
    from memctl.graph.text import HEADER, Triple

    rng = random.Random(seed)
    n_entities = max(10, n_triples // 4)
    names = [f"{KINDS[i % len(KINDS)]} {i:05d}" for i in range(n_entities)]
    hubs = names[: max(1, n_entities // 2500)]
    cluster = 40
    lines = [HEADER]
    seen: set[tuple[int, int, int]] = set()
    day = dt.date(2025, 1, 1)
    while len(seen) < n_triples:
        a = rng.randrange(n_entities)
        roll = rng.random()
        if roll < 0.85:  # inside its cluster
            base = a - a % cluster
            b = base + rng.randrange(min(cluster, n_entities - base))
        elif roll < 0.97:  # anywhere
            b = rng.randrange(n_entities)
        else:  # a hub
            b = names.index(rng.choice(hubs))
        p = rng.randrange(len(PREDICATES))
        if a == b or (a, p, b) in seen:
            continue
        seen.add((a, p, b))
        added = day + dt.timedelta(days=rng.randrange(400))
        fields = {"added": added.isoformat()}
        if rng.random() < 0.3:
            fields["conf"] = f"{rng.choice((0.5, 0.7, 0.8, 0.9)):g}"
        triple = Triple(names[a], PREDICATES[p], names[b], f"b{len(seen):05x}", fields)
        lines.append(triple.format() + "\n")
    return "".join(lines), names


def in_process(name: str, call: Callable[[], object], runs: int) -> Figure:
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        call()
        samples.append(benchkit.Sample(time.perf_counter() - start))
    return benchkit.figure(name, samples)


def bench(args: argparse.Namespace, workdir: Path) -> list[Figure]:
    from memctl.graph import relations as graph
    from memctl.graph.store import open_store
    from memctl.graph.text import RELATIONS_FILE
    from memctl.initialize import init_workspace
    from memctl.workspace import open_workspace

    runs, triples = args.runs, args.triples
    root = workdir / "ws"
    init_workspace(root, now=dt.datetime(2026, 2, 1, 9, 0))
    text, _names = generate(triples, args.seed)
    (root / "graph").mkdir(exist_ok=True)
    text_path = root / RELATIONS_FILE
    text_path.write_text(text, encoding="utf-8")
    ws = open_workspace(root)

    def open_close() -> None:
        open_store(ws).conn.close()

    build = in_process("graph.db built from graph/relations.md", open_close, 1)
    os.utime(text_path)  # same text, new mtime: one sha256, no import
    rehash = in_process("graph.db checked after a touch (sha256 equal)", open_close, 1)
    with text_path.open("a", encoding="utf-8") as f:
        f.write("- Person 00000 -> knows -> Someone New\n")  # a hand edit: imported again
    reimport = in_process("graph.db imported again after an edit", open_close, 1)

    listing = graph.entities(ws, limit=None)
    build.note = f"{triples:,} relations over {listing.total:,} entities"
    counts = sorted(listing.entities, key=lambda e: (e[1], e[0]))
    typical, typical_relations = counts[len(counts) // 2]
    hub, hub_relations = counts[-1]
    far = graph.neighbors(ws, typical, depth=4, limit=1_000_000)
    target = next((n.entity for n in reversed(far.neighbors) if n.depth == 4), None)
    target = target or far.neighbors[-1].entity

    memctl = [MEMCTL, "-w", str(root), "graph"]
    ref, near, path, hub_near = benchkit.measure_interleaved(
        {
            IMPORT_TYPER_LABEL: IMPORT_TYPER,
            "memctl graph neighbors X --depth 3": [*memctl, "neighbors", typical, "--depth", "3"],
            "memctl graph path A B": [*memctl, "path", typical, target],
            "memctl graph neighbors HUB --depth 3": [*memctl, "neighbors", hub, "--depth", "3"],
        },
        runs,
    )
    reached = graph.neighbors(ws, typical, depth=3, limit=1).total
    hub_reached = graph.neighbors(ws, hub, depth=3, limit=1).total
    hops = graph.path(ws, typical, target).hops
    near.note = f"X = {typical} ({typical_relations} relations), {reached:,} reached"
    path.note = f"A = {typical}, B = {target}, {hops} hops apart"
    hub_near.note = f"HUB = {hub} ({hub_relations} relations), {hub_reached:,} reached"
    for fig in (near, path, hub_near):
        fig.at_most(0.200)

    in_process_figures = [
        in_process(
            "graph.neighbors(X, depth=3), in-process",
            lambda: graph.neighbors(ws, typical, depth=3),
            runs,
        ),
        in_process("graph.path(A, B), in-process", lambda: graph.path(ws, typical, target), runs),
        in_process(
            "graph.neighbors(HUB, depth=3), in-process",
            lambda: graph.neighbors(ws, hub, depth=3),
            runs,
        ),
    ]
    return [ref, near, path, hub_near, *in_process_figures, build, rehash, reimport]


def main(argv: list[str] | None = None) -> int:
    options = {"triples": (100_000, "relations in the graph"), "seed": (7, "generator seed")}
    return benchkit.main(__doc__, "graph", bench, runs=15, options=options, argv=argv)


if __name__ == "__main__":
    sys.exit(main())
