"""Whole-process timings of the commands that write a memory, against another memctl in the
same run.

    python scripts/bench_write.py [--runs 15] [--baseline OLD/bin/memctl] [--abroad] [--json]

On two copies of workspace-example/ adopted by `memctl init` (one for this memctl, one for the
baseline), each run is `memctl remember` with a fact not on file yet (the gate reads the notes,
by meaning too where the semantic path is installed, writes the entry and the audit line, and
commits) and `memctl log` (a daily-log entry and its commit). On a third copy a `memctl serve`
runs, and `memctl remember` and `memctl log` are answered by it (the warm path: the gate's model
is loaded once).
The commands run in turn, run by run, with `python -c "import typer"` as the reference, so drift
in the machine affects each alike; the ratios are medians of this memctl's time over the
baseline's. Without --baseline, this memctl alone is timed.
"""

from __future__ import annotations

import argparse
import signal
import statistics
from pathlib import Path

import benchkit
from bench_foundation import copy_example
from bench_serve import start_server
from benchkit import IMPORT_TYPER, IMPORT_TYPER_LABEL, MEMCTL, Figure, Sample

FACTS = [
    "{n}: the plumber Jorge can come on Thursday mornings",
    "{n}: Anna's school trip to the coast is in the second week of May",
    "{n}: the staging database moved to host db-stg-{n}",
    "{n}: we keep the spare bike key in the blue drawer",
]
# --abroad: facts in other languages than English, which the gate also reads across languages
# (memctl.search.across) where its model is installed
FACTS_ABROAD = [
    "{n}: el fontanero Jorge puede venir los jueves por la mañana",
    "{n}: die Klassenfahrt von Anna an die Küste ist in der zweiten Maiwoche",
    "{n}: la base de données de test a été déplacée sur l'hôte db-stg-{n}",
    "{n}: de reservesleutel van de fiets ligt in de blauwe la",
]


def bench(args: argparse.Namespace, workdir: Path) -> list[Figure]:
    memctls = benchkit.programs(args.baseline)
    workspaces = {}
    for name, program in memctls.items():
        ws = copy_example(workdir / name.replace(" ", "-"))
        benchkit.run_once([program, "init", str(ws)])
        workspaces[name] = ws
    served = copy_example(workdir / "served")
    benchkit.run_once([MEMCTL, "init", str(served)])
    warm = "memctl remember (this memctl, answered by memctl serve)"
    warm_log = "memctl log (this memctl, answered by memctl serve)"
    samples: dict[str, list[Sample]] = {IMPORT_TYPER_LABEL: []}
    for name in memctls:
        samples[f"memctl remember ({name})"] = []
        samples[f"memctl log ({name})"] = []
    samples[warm] = []
    samples[warm_log] = []
    server, _ = start_server(served)
    try:
        for n in range(args.runs + 2):  # two untimed runs first: the first embeds the example
            facts = FACTS_ABROAD if args.abroad else FACTS
            text = facts[n % len(facts)].format(n=n)
            taken = {IMPORT_TYPER_LABEL: benchkit.run_once(IMPORT_TYPER)}
            for name, program in memctls.items():
                ws = str(workspaces[name])
                taken[f"memctl remember ({name})"] = benchkit.run_once(
                    [program, "-w", ws, "remember", text]
                )
                taken[f"memctl log ({name})"] = benchkit.run_once(
                    [program, "-w", ws, "log", "Benchmark entry", "-m", text]
                )
            taken[warm] = benchkit.run_once([MEMCTL, "-w", str(served), "remember", text])
            taken[warm_log] = benchkit.run_once(
                [MEMCTL, "-w", str(served), "log", "Benchmark entry", "-m", text]
            )
            if n >= 2:
                for key, sample in taken.items():
                    samples[key].append(sample)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=60)
    figures = [benchkit.figure(key, taken) for key, taken in samples.items()]
    for command, name in (("remember", warm), ("log", warm_log)):
        alone = statistics.median(s.wall_s for s in samples[f"memctl {command} (this memctl)"])
        answered = next(f for f in figures if f.name == name)
        if answered.median_s:
            answered.note = f"{alone / answered.median_s:.1f}× faster than in its own process"
    if args.baseline:
        for command in ("remember", "log"):
            mine = samples[f"memctl {command} (this memctl)"]
            theirs = samples[f"memctl {command} (baseline)"]
            figure = next(f for f in figures if f.name == f"memctl {command} (this memctl)")
            figure.note = benchkit.ratio_note(mine, theirs)
    return figures


if __name__ == "__main__":
    raise SystemExit(
        benchkit.main(
            __doc__,
            "write",
            bench,
            runs=15,
            options={},
            extra=[
                ("--baseline", {"help": "another memctl's console script, timed alike"}),
                ("--abroad", {"action": "store_true", "help": "facts in other languages"}),
            ],
        )
    )
