"""Whole-process timings and peak memory of search and recall on a generated workspace.

    python scripts/bench_search.py [--runs 15] [--files 10000] [--seed 1] [--json] [--strict]

The workspace comes from scripts/generate_workspace.py. Each figure is the median wall time of
--runs runs of the installed `memctl` after a warm-up (CPU time and peak memory of each process
are taken with os.wait4), with a plain-text search timed in the same run as the reference:
`rg -i` when ripgrep is installed, else `grep -riF` (the table says which). The runs may write
Python's bytecode cache, as an installed package has it.

- full index build: `memctl reindex` with .memctl/search.db deleted first (goal ≤ 20 s);
- `memctl search` with a current index (goal ≤ 150 ms);
- `memctl search` after one file changed: a note is edited before each run (goal ≤ 300 ms);
- `memctl recall` with a current index (goal ≤ 150 ms), and on small talk it stays silent for;
- peak memory of any one of those processes (goal ≤ 200 MB).

A missed goal is reported in the table; --strict also makes the exit code 1.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from pathlib import Path

import benchkit
from benchkit import MEMCTL, Figure
from generate_workspace import generate

QUERY = "postgres migration staging"
PROMPT = "when is the weekly Atlas call?"
SMALL_TALK = "thanks, that's all for now"


def reference(root: Path, query: str) -> tuple[str, list[str]]:
    beside = Path(sys.executable).with_name("rg")  # `pip install -e '.[bench]'` puts it there
    rg = str(beside) if beside.is_file() else shutil.which("rg")
    if rg:
        return "rg -i", [rg, "-i", "--fixed-strings", query, str(root)]
    return "grep -riF (ripgrep is not installed)", ["grep", "-riF", query, str(root)]


def bench(args: argparse.Namespace, workdir: Path) -> list[Figure]:
    runs, files = args.runs, args.files
    root = workdir / "ws"
    made = generate(root, files, args.seed)
    config = root / ".memctl" / "config.yaml"  # words alone: bench_meaning.py times meaning
    config.write_text(config.read_text().replace("semantic: true", "semantic: false"))
    os.sync()
    ws = ["-w", str(root)]
    db = root / ".memctl" / "search.db"

    def drop_index() -> None:
        for suffix in ("", "-wal", "-shm"):
            Path(f"{db}{suffix}").unlink(missing_ok=True)

    build = benchkit.measure(
        f"memctl reindex, {files:,} files, from nothing",
        [MEMCTL, *ws, "reindex"],
        max(1, min(runs, 3)),
        warmup=0,
        before=drop_index,
    ).at_most(20)
    build.note = f"{made.entries:,} entries and daily-log entries in {made.files:,} files"

    label, ref_cmd = reference(root, QUERY)
    ref = benchkit.measure(f"{label} (reference)", ref_cmd, runs, ok_codes=(0, 1))
    search = benchkit.measure(f"memctl search {QUERY!r}", [MEMCTL, *ws, "search", QUERY], runs)
    search.at_most(0.150)

    recall = benchkit.measure(f"memctl recall {PROMPT!r}", [MEMCTL, *ws, "recall", PROMPT], runs)
    recall.at_most(0.150)
    quiet = benchkit.measure(
        f"memctl recall {SMALL_TALK!r} (silent)", [MEMCTL, *ws, "recall", SMALL_TALK], runs
    ).at_most(0.150)

    victim = next((root / "projects").glob("*.md"))
    counter = iter(range(10**6))

    def edit_one() -> None:
        with open(victim, "a", encoding="utf-8") as handle:
            handle.write(f"- [🟡MED][FACT] added:2026-11-30 · benchmark edit {next(counter)}\n")

    changed = benchkit.measure(
        f"memctl search {QUERY!r}, one file changed",
        [MEMCTL, *ws, "search", QUERY],
        runs,
        before=edit_one,
    ).at_most(0.300)
    changed.note = f"{victim.relative_to(root)} edited before each run"

    figures = [build, ref, search, changed, recall, quiet]
    measured = [f for f in figures if f is not ref]
    peak = max((f.peak_mb for f in measured if f.peak_mb is not None), default=None)
    memory = Figure(
        "peak memory of any memctl process above",
        None,
        None,
        None,
        runs=sum(f.runs for f in measured),
        peak_mb=peak,
        goal="≤ 200 MB",
        ok=None if peak is None else peak <= 200,
    )
    if any(f.peak_mb is None for f in measured):
        memory.note = "not all peaks known: some were no higher than the benchmark's own"
    return [*figures, memory]


def main(argv: list[str] | None = None) -> int:
    options = {"files": (10_000, "workspace size"), "seed": (1, "generator seed")}
    return benchkit.main(__doc__, "search", bench, runs=15, options=options, argv=argv)


if __name__ == "__main__":
    sys.exit(main())
