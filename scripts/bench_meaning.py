"""Time the semantic path: embedding a workspace, cold search and recall with meaning, and
recall in a process that keeps the model and the vectors warm (what a server does per call).

    python scripts/bench_meaning.py [--files 10000] [--keep DIR] [--runs 15] [--json]

Needs memctl[semantic]. A first embedding of 10,000 generated files (about 200,000 units) takes
the better part of an hour on two cores: `--keep DIR` makes the workspace there once and
reuses it (and its vectors) on later runs. Whole-process figures are timed like every benchmark
(scripts/benchkit.py), with `python -c "import typer"` as the reference; the warm figures are
in-process medians of `memctl.search.recall.recall` after `memctl.search.semantic.warm`, with
the same call on words alone beside them, with a watcher registered as `memctl serve` keeps
one (no walk of the files before each answer) and the crowding of every unit measured as the
server's idle time measures it, for one prompt asked again and for a new prompt each call (the
recall turns of scripts/meaning_cases*.py: nothing is cached for them). The vector search alone
is timed with a new query each call too (a query asked again is a lookup of its kept vector).
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
    from memctl.cli.serve import AHEAD_ROWS
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
        + (f", and {sync.headings:,} headings" if sync.headings else "")
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
    store = semantic.warm(ws)
    watcher = _watch(ws)  # as the server does: no freshness walk before each answer
    started = time.perf_counter()
    while store.crowd_ahead(AHEAD_ROWS):  # as the server's idle time does, before any question
        pass
    crowded = time.perf_counter() - started
    turns = _turns(runs + 1)
    words = _in_process(
        "recall in a warm process, words only",
        lambda: recall(ws, PROMPT, today=TODAY, semantic=False),
        runs,
    )
    meant = _in_process(
        "recall in a warm process, meaning on", lambda: recall(ws, PROMPT, today=TODAY), runs
    ).at_most(0.040)
    meant.note = f"meaning adds {1000 * (meant.median_s - words.median_s):.0f} ms to words alone"
    new_words = _in_process(
        "recall in a warm process, words only, a new prompt each call",
        lambda: recall(ws, next(turns["words"]), today=TODAY, semantic=False),
        runs,
    )
    new_meant = _in_process(
        "recall in a warm process, meaning on, a new prompt each call",
        lambda: recall(ws, next(turns["meaning"]), today=TODAY),
        runs,
    ).at_most(0.040)
    new_meant.note = (
        f"meaning adds {1000 * (new_meant.median_s - new_words.median_s):.0f} ms to words alone"
    )
    if watcher is None:
        for figure in (words, meant, new_words, new_meant):
            figure.note = (figure.note + "; " if figure.note else "") + "no inotify: walks"
    nearest = _in_process(
        "the vector search alone (embed a new query, nearest 40)",
        lambda: store.search(semantic.embed([next(turns["alone"])], ws)[0], 40),
        runs,
    )
    nearest.note = f"the crowding of every unit was measured first, in {crowded:.1f} s"
    figures += [words, meant, new_words, new_meant, nearest]
    return figures


def _watch(ws):
    """A watcher registered for the workspace, as `memctl serve` keeps one (None where the
    system has no inotify: each answer then walks the files, as a command does)."""
    from memctl.integrations import watch

    try:
        watcher = watch.Watcher(ws).start()
    except watch.Unwatchable:
        return None
    watch.register(watcher)
    return watcher


def _turns(count: int) -> dict:
    """Prompts the process has not answered before, one per call (a warm-up call first): for
    words alone and for meaning, different ones of the turns recall must answer in
    scripts/meaning_cases.py and meaning_cases_blind.py."""
    from meaning_cases import RECALL_SPEAK
    from meaning_cases_blind import R_SPEAK

    prompts = [p for _, p in RECALL_SPEAK] + [p for p, _ in R_SPEAK]  # each one is searched
    if len(prompts) < 3 * count:
        raise SystemExit(f"bench_meaning: at most {len(prompts) // 3 - 1} runs of new prompts")
    return {
        "words": iter(prompts[:count]),
        "meaning": iter(prompts[count : 2 * count]),
        "alone": iter(prompts[2 * count : 3 * count]),
    }


def main(argv: list[str] | None = None) -> int:
    options = {"files": (10_000, "workspace size"), "seed": (3, "generator seed")}

    keep = [("--keep", {"type": Path, "help": "make or reuse the workspace here"})]
    return benchkit.main(__doc__, "meaning", bench, runs=15, options=options, argv=argv, extra=keep)


if __name__ == "__main__":
    sys.exit(main())
