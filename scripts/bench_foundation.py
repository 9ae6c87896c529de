"""Whole-process timings of the commands an agent runs most, on this machine, in one run.

    python scripts/bench_foundation.py [--runs 15] [--files 10000] [--json] [--strict]

Each figure is the median of --runs runs of the installed `memctl` (the console script next to
this interpreter), after a warm-up, with the reference timed in the same run:

- `memctl now` on a copy of workspace-example/ against `python -c "import typer"`
  (goal: ratio ≤ 1.3, so `now` imports little beyond what any Typer CLI pays);
- `memctl log` with its git commit, on a copy of workspace-example/ adopted by `memctl init`
  (goal: ≤ 150 ms);
- `memctl index` on a generated 10,000-file git workspace (goal: ≤ 5 s): the first run (it
  marks overdue notes stale and commits), then cold runs (.memctl/cache deleted before each)
  and warm runs (cache kept, nothing changed).

A missed goal is reported in the table; --strict also makes the exit code 1.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import benchkit
from benchkit import IMPORT_TYPER, IMPORT_TYPER_LABEL, MEMCTL, Figure
from generate_workspace import generate

EXAMPLE = Path(__file__).resolve().parent.parent / "workspace-example"


def copy_example(dest: Path) -> Path:
    shutil.copytree(EXAMPLE, dest, ignore=shutil.ignore_patterns("cache", "lock", "*.db*"))
    return dest


def bench(args: argparse.Namespace, workdir: Path) -> list[Figure]:
    runs, files = args.runs, args.files
    figures: list[Figure] = []

    example = copy_example(workdir / "now")
    ref, now = benchkit.measure_interleaved(
        {
            IMPORT_TYPER_LABEL: IMPORT_TYPER,
            "memctl now (workspace-example)": [MEMCTL, "-w", str(example), "now"],
        },
        runs,
    )
    ratio = now.median_s / ref.median_s
    now.goal, now.ok, now.note = "≤ 1.3× reference", ratio <= 1.3, f"{ratio:.2f}× reference"
    figures += [ref, now]

    logws = copy_example(workdir / "log")
    benchkit.run_once([MEMCTL, "init", str(logws)])  # adopts the copy and makes the first commit
    commits_before = _commit_count(logws)
    log_cmd = [MEMCTL, "-w", str(logws), "log", "Benchmark entry", "-m", "timed by bench"]
    log = benchkit.measure("memctl log (+ git commit)", log_cmd, runs)
    made = _commit_count(logws) - commits_before
    log.at_most(0.150)
    log.note = f"{made} commits for {runs + 2} runs"
    figures.append(log)

    big = workdir / "big"
    started = time.perf_counter()
    made_ws = generate(big, files, args.seed, git=True)
    gen_s = time.perf_counter() - started
    index = [MEMCTL, "-w", str(big), "index"]
    os.sync()  # the generator's writes go to disk now, not during the timed fsyncs of `index`
    first = benchkit.figure(f"memctl index, {files:,} files, first run", [benchkit.run_once(index)])
    marked = len(_git(big, "diff", "--name-only", "HEAD~1", "HEAD").split()) - 1  # - INDEX.md
    first.note = (
        f"set status: stale in {marked} overdue notes and committed; generating and committing "
        f"the workspace ({made_ws.entries:,} entries) took {gen_s:.1f}s"
    )
    cache = big / ".memctl" / "cache"
    cold = benchkit.measure(
        f"memctl index, {files:,} files, cold",
        index,
        runs,
        warmup=1,
        before=lambda: shutil.rmtree(cache, ignore_errors=True),
    )
    cold.note = ".memctl/cache deleted before each run"
    warm = benchkit.measure(f"memctl index, {files:,} files, warm", index, runs)
    warm.note = "cache kept, no file changed"
    cold.at_most(5.0)
    warm.at_most(5.0)
    figures += [first, cold, warm]
    return figures


def _git(root: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=root, capture_output=True, text=True, check=True
    ).stdout


def _commit_count(root: Path) -> int:
    return int(_git(root, "rev-list", "--count", "HEAD").strip())


def main(argv: list[str] | None = None) -> int:
    options = {"files": (10_000, "files for `index`"), "seed": (1, "generator seed")}
    return benchkit.main(__doc__, "foundation", bench, runs=15, options=options, argv=argv)


if __name__ == "__main__":
    sys.exit(main())
