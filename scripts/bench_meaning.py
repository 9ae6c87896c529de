"""Time the semantic path: embedding a workspace, cold search and recall with meaning, and
recall in a process that keeps the model and the vectors warm (what a server does per call).

    python scripts/bench_meaning.py [--files 10000] [--keep DIR] [--runs 15] [--json]

Needs memctl[semantic]. A first embedding of 10,000 generated files (about 200,000 units) takes
the better part of an hour on two cores: `--keep DIR` makes the workspace there once and
reuses it (and its vectors) on later runs. Whole-process figures are timed like every benchmark
(scripts/benchkit.py), with `python -c "import typer"` as the reference; the warm figures are
in-process medians of `memctl.search.recall.recall` after `memctl.search.semantic.warm`, with
the same call on words alone beside them.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import benchkit
from benchkit import MEMCTL, Figure, Sample
from generate_workspace import TODAY, generate

QUERY = "who looks after the database when it breaks at night"
PROMPT = "when is the weekly Atlas call?"


def _in_process(name: str, call, runs: int) -> Figure:
    call()
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        call()
        samples.append(Sample(time.perf_counter() - started, None, None))
    return benchkit.figure(name, samples)


def bench(args: argparse.Namespace, workdir: Path) -> list[Figure]:
    from memctl.search import semantic
    from memctl.search.index import open_index
    from memctl.search.recall import recall
    from memctl.workspace import open_workspace

    root = args.keep or workdir / "ws"
    if not (root / ".memctl" / "config.yaml").is_file():
        generate(root, args.files, args.seed)
    ws = open_workspace(root)
    if not semantic.available(ws):
        raise SystemExit(f"bench_meaning: {semantic.unavailable_reason(ws)}")
    figures = []
    started = time.perf_counter()
    with open_index(ws) as index:
        units = index.unit_count()
        indexed = time.perf_counter() - started
        sync = semantic.warm(ws).sync(index, budget=None)
    embedded = time.perf_counter() - started - indexed
    note = (
        f"{units:,} units; index {indexed:.1f}s, {sync.embedded:,} embedded now in "
        f"{embedded:.0f}s"
        + (f" ({sync.embedded / embedded:.0f} a second)" if sync.embedded else " (all were ready)")
    )
    figures.append(
        Figure("index and embed (this run)", indexed + embedded, None, None, runs=1, note=note)
    )
    runs = args.runs
    w = ["-w", str(root)]
    figures.append(benchkit.measure(benchkit.IMPORT_TYPER_LABEL, benchkit.IMPORT_TYPER, runs))
    figures.append(
        benchkit.measure(
            f"memctl search {QUERY!r}, meaning on, cold", [MEMCTL, *w, "search", QUERY], runs
        )
    )
    figures.append(
        benchkit.measure(
            f"memctl recall {PROMPT!r}, meaning on, cold", [MEMCTL, *w, "recall", PROMPT], runs
        )
    )
    semantic.warm(ws)
    words = _in_process(
        "recall in a warm process, words only",
        lambda: recall(ws, PROMPT, today=TODAY, semantic=False),
        runs,
    )
    meant = _in_process(
        "recall in a warm process, meaning on", lambda: recall(ws, PROMPT, today=TODAY), runs
    ).at_most(0.040)
    meant.note = f"meaning adds {1000 * (meant.median_s - words.median_s):.0f} ms to words alone"
    vectors = semantic.warm(ws)
    nearest = _in_process(
        "the vector search alone (embed the query, nearest 40)",
        lambda: vectors.search(semantic.embed([PROMPT], ws)[0], 40),
        runs,
    )
    figures += [words, meant, nearest]
    return figures


def main(argv: list[str] | None = None) -> int:
    options = {"files": (10_000, "workspace size"), "seed": (3, "generator seed")}

    keep = [("--keep", {"type": Path, "help": "make or reuse the workspace here"})]
    return benchkit.main(__doc__, "meaning", bench, runs=15, options=options, argv=argv, extra=keep)


if __name__ == "__main__":
    sys.exit(main())
