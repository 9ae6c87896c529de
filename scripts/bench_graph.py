"""Benchmark the knowledge graph on a generated graph (default 100,000 relations).

Whole-process medians of `memctl graph neighbors X --depth 3` and `memctl graph path A B`,
start-up included, against `python -c "import typer"` timed in the same run; then the same
questions in-process, and the time to build graph.db from graph/relations.md.

    .venv/bin/python scripts/bench_graph.py [--triples 100000] [--runs 15] [--seed 7] [--json]

The graph is seeded and shaped like a personal knowledge base: clusters of people, projects and
tools (most relations inside a cluster, some across), plus a few hubs with many relations.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PREDICATES = (
    "responsible for", "depends on", "requires", "stored in", "works with", "reports to",
    "uses", "owns", "knows", "part of", "blocked by", "documents", "deployed on", "replaces",
    "mentions", "decided in", "caused by", "configured by", "reviewed by", "hosted on",
)  # fmt: skip
KINDS = ("Person", "Project", "Tool", "Service", "Doc", "Host", "Team", "Decision")


def generate(n_triples: int, seed: int) -> tuple[str, list[str]]:
    """The text of graph/relations.md and the entity names."""
    from memctl.graphtext import HEADER, Triple

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


def median_ms(command: list[str], runs: int, env: dict) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
                       check=True)  # fmt: skip
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def in_process_ms(call, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--triples", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", action="store_true", help="Print the figures as JSON.")
    args = parser.parse_args()

    from memctl import graph
    from memctl.graphstore import open_store
    from memctl.graphtext import RELATIONS_FILE
    from memctl.initialize import init_workspace
    from memctl.workspace import open_workspace

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "ws"
        init_workspace(root, now=dt.datetime(2026, 2, 1, 9, 0))
        text, names = generate(args.triples, args.seed)
        (root / "graph").mkdir(exist_ok=True)
        (root / RELATIONS_FILE).write_text(text, encoding="utf-8")
        ws = open_workspace(root)

        start = time.perf_counter()
        open_store(ws).conn.close()
        build_ms = (time.perf_counter() - start) * 1000

        text_path = root / RELATIONS_FILE
        os.utime(text_path)  # same text, new mtime: one sha256, no import
        start = time.perf_counter()
        open_store(ws).conn.close()
        rehash_ms = (time.perf_counter() - start) * 1000
        with text_path.open("a", encoding="utf-8") as f:
            f.write("- Person 00000 -> knows -> Someone New\n")  # a hand edit: imported again
        start = time.perf_counter()
        open_store(ws).conn.close()
        reimport_ms = (time.perf_counter() - start) * 1000

        listing = graph.entities(ws, limit=None)
        counts = sorted(listing.entities, key=lambda e: (e[1], e[0]))
        typical = counts[len(counts) // 2][0]
        hub = counts[-1][0]
        far = graph.neighbors(ws, typical, depth=4, limit=1_000_000)
        target = next((n.entity for n in reversed(far.neighbors) if n.depth == 4), None)
        target = target or far.neighbors[-1].entity

        env = {**os.environ, "MEMCTL_WORKSPACE": str(root), "NO_COLOR": "1"}
        memctl = str(Path(sys.executable).parent / "memctl")
        for warm in ([sys.executable, "-c", "import typer"],
                     [memctl, "graph", "neighbors", typical, "--depth", "3"]):  # fmt: skip
            median_ms(warm, 2, env)
        figures = {
            "triples": args.triples,
            "entities": listing.total,
            "runs": args.runs,
            "typical_entity": f"{typical} ({counts[len(counts) // 2][1]} relations)",
            "hub_entity": f"{hub} ({counts[-1][1]} relations)",
            "path_target": target,
            "db_build_ms": round(build_ms, 1),
            "db_touched_rehash_ms": round(rehash_ms, 1),
            "db_reimport_after_edit_ms": round(reimport_ms, 1),
            "reference_import_typer_ms": median_ms(
                [sys.executable, "-c", "import typer"], args.runs, env),
            "neighbors_depth3_ms": median_ms(
                [memctl, "graph", "neighbors", typical, "--depth", "3"], args.runs, env),
            "path_ms": median_ms([memctl, "graph", "path", typical, target], args.runs, env),
            "neighbors_depth3_hub_ms": median_ms(
                [memctl, "graph", "neighbors", hub, "--depth", "3"], args.runs, env),
            "in_process_neighbors_depth3_ms": in_process_ms(
                lambda: graph.neighbors(ws, typical, depth=3), args.runs),
            "in_process_path_ms": in_process_ms(
                lambda: graph.path(ws, typical, target), args.runs),
            "in_process_neighbors_depth3_hub_ms": in_process_ms(
                lambda: graph.neighbors(ws, hub, depth=3), args.runs),
            "neighbors_depth3_reached": graph.neighbors(ws, typical, depth=3, limit=1).total,
            "neighbors_depth3_hub_reached": graph.neighbors(ws, hub, depth=3, limit=1).total,
            "path_hops": graph.path(ws, typical, target).hops,
        }  # fmt: skip
    figures = {k: round(v, 1) if isinstance(v, float) else v for k, v in figures.items()}
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    width = max(len(k) for k in figures)
    for key, value in figures.items():
        print(f"{key.ljust(width)}  {value}")


if __name__ == "__main__":
    main()
