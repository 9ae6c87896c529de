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
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
EXAMPLE = HERE.parent / "workspace-example"
BIN = Path(sys.executable).parent
MEMCTL = str(BIN / "memctl")
CLOCK = "2026-11-30T09:00"  # the example workspace's "now"


@dataclass
class Figure:
    name: str
    median_s: float
    min_s: float
    max_s: float
    runs: int
    goal: str = ""
    ok: bool | None = None
    note: str = ""

    def to_dict(self) -> dict:
        return asdict(self)


def _env() -> dict:
    env = {k: v for k, v in os.environ.items() if k != "MEMCTL_WORKSPACE"}
    env.update(MEMCTL_NOW=CLOCK, NO_COLOR="1")
    return env


def run_once(cmd: list[str], *, before: Callable[[], None] | None = None) -> float:
    """Wall time of one whole process; `before` runs untimed first. A failure stops the bench."""
    if before:
        before()
    start = time.perf_counter()
    proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=_env())
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"bench: {' '.join(cmd)} failed ({proc.returncode}): {proc.stderr}")
    return elapsed


def measure(name: str, cmd: list[str], runs: int, *, warmup: int = 2,
            before: Callable[[], None] | None = None) -> Figure:  # fmt: skip
    for _ in range(warmup):
        run_once(cmd, before=before)
    times = [run_once(cmd, before=before) for _ in range(runs)]
    return _figure(name, times)


def measure_pair(names: tuple[str, str], cmds: tuple[list[str], list[str]], runs: int,
                 *, warmup: int = 2) -> tuple[Figure, Figure]:  # fmt: skip
    """Two commands interleaved run by run, so drift in the machine affects both alike."""
    for _ in range(warmup):
        for cmd in cmds:
            run_once(cmd)
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(runs):
        for i, cmd in enumerate(cmds):
            times[i].append(run_once(cmd))
    return _figure(names[0], times[0]), _figure(names[1], times[1])


def _figure(name: str, times: list[float]) -> Figure:
    return Figure(name, statistics.median(times), min(times), max(times), len(times))


def copy_example(dest: Path) -> Path:
    shutil.copytree(EXAMPLE, dest, ignore=shutil.ignore_patterns("cache", "lock", "*.db*"))
    return dest


def bench(runs: int, files: int, seed: int, workdir: Path) -> list[Figure]:
    sys.path.insert(0, str(HERE))
    from generate_workspace import generate

    figures: list[Figure] = []

    example = copy_example(workdir / "now")
    ref, now = measure_pair(
        ('python -c "import typer" (reference)', "memctl now (workspace-example)"),
        ([sys.executable, "-c", "import typer"], [MEMCTL, "-w", str(example), "now"]),
        runs,
    )
    ratio = now.median_s / ref.median_s
    now.goal, now.ok, now.note = "≤ 1.3× reference", ratio <= 1.3, f"{ratio:.2f}× reference"
    figures += [ref, now]

    logws = copy_example(workdir / "log")
    run_once([MEMCTL, "init", str(logws)])  # adopts the copy and makes the first commit
    commits_before = _commit_count(logws)
    log = measure("memctl log (+ git commit)",
                  [MEMCTL, "-w", str(logws), "log", "Benchmark entry", "-m", "timed by bench"],
                  runs)  # fmt: skip
    made = _commit_count(logws) - commits_before
    log.goal, log.ok = "≤ 150 ms", log.median_s <= 0.150
    log.note = f"{made} commits for {runs + 2} runs"
    figures.append(log)

    big = workdir / "big"
    started = time.perf_counter()
    made_ws = generate(big, files, seed, git=True)
    gen_s = time.perf_counter() - started
    index = [MEMCTL, "-w", str(big), "index"]
    os.sync()  # the generator's writes go to disk now, not during the timed fsyncs of `index`
    first = _figure(f"memctl index, {files:,} files, first run", [run_once(index)])
    marked = len(_git(big, "diff", "--name-only", "HEAD~1", "HEAD").split()) - 1  # - INDEX.md
    first.note = (
        f"set status: stale in {marked} overdue notes and committed; generating and committing "
        f"the workspace ({made_ws.entries:,} entries) took {gen_s:.1f}s"
    )
    cache = big / ".memctl" / "cache"
    cold = measure(f"memctl index, {files:,} files, cold", index, runs, warmup=1,
                   before=lambda: shutil.rmtree(cache, ignore_errors=True))  # fmt: skip
    cold.note = ".memctl/cache deleted before each run"
    warm = measure(f"memctl index, {files:,} files, warm", index, runs)
    warm.note = "cache kept, no file changed"
    for fig in (cold, warm):
        fig.goal, fig.ok = "≤ 5 s", fig.median_s <= 5.0
    figures += [first, cold, warm]
    return figures


def _git(root: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=root, capture_output=True, text=True,
                          check=True).stdout  # fmt: skip


def _commit_count(root: Path) -> int:
    return int(_git(root, "rev-list", "--count", "HEAD").strip())


def _shown(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def machine() -> dict:
    return {"platform": platform.platform(), "python": platform.python_version(),
            "cpus": os.cpu_count(), "memctl": MEMCTL}  # fmt: skip


def render(figures: list[Figure], runs: int) -> str:
    m = machine()
    lines = [f"memctl foundation benchmark: medians of {runs} runs after a warm-up",
             f"{m['platform']}, Python {m['python']}, {m['cpus']} CPUs", ""]  # fmt: skip
    rows = [("command", "median", "min–max", "goal", "result")]
    for f in figures:
        result = "" if f.ok is None else ("ok" if f.ok else "MISSED")
        spread = f"{_shown(f.min_s)}–{_shown(f.max_s)}" if f.runs > 1 else "one run"
        rows.append((f.name, _shown(f.median_s), spread, f.goal, result))
    widths = [max(len(r[i]) for r in rows) for i in range(5)]
    for row in rows:
        lines.append("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip())
    lines.append("")
    lines += [f"{f.name}: {f.note}" for f in figures if f.note]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="timed runs per figure (15)")
    parser.add_argument("--files", type=int, default=10_000, help="files for `index` (10000)")
    parser.add_argument("--seed", type=int, default=1, help="generator seed (1)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--strict", action="store_true", help="exit 1 if a goal is missed")
    args = parser.parse_args(argv)
    if not Path(MEMCTL).exists():
        parser.error(f"no memctl console script next to {sys.executable}; install memctl first")
    with tempfile.TemporaryDirectory(prefix="memctl-bench-") as tmp:
        figures = bench(args.runs, args.files, args.seed, Path(tmp))
    if args.json:
        print(json.dumps({"machine": machine(), "runs": args.runs,
                          "figures": [f.to_dict() for f in figures]}, indent=2))  # fmt: skip
    else:
        print(render(figures, args.runs))
    missed = [f for f in figures if f.ok is False]
    return 1 if missed and args.strict else 0


if __name__ == "__main__":
    sys.exit(main())
