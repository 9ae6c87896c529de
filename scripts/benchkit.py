"""The timing harness the benchmark scripts share.

A figure is the median, fastest and slowest of a number of timed runs. Most runs are one whole
process of the installed `memctl` (the console script next to this interpreter), timed from the
outside, its CPU time and peak memory read with os.wait4; each process gets MEMCTL_NOW fixed,
NO_COLOR set and MEMCTL_WORKSPACE removed, so it works on the workspace named with `-w`.

On Linux a process's peak resident set starts at that of the process that started it, so each
command is started by a small launcher process rather than by the benchmark itself: the peak
reported is the command's own.

A benchmark script builds its workload, measures its figures and sets their goals in a `bench`
function that it hands to `main`, which gives it the command line and prints the figures as a
table with notes, or as JSON with --json; --strict makes a missed goal exit 1.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import NamedTuple

MEMCTL = str(Path(sys.executable).parent / "memctl")
CLOCK = "2026-11-30T09:00"  # "now" of workspace-example/ and of generated workspaces
IMPORT_TYPER = [sys.executable, "-c", "import typer"]  # what any Typer CLI pays to start
IMPORT_TYPER_LABEL = 'python -c "import typer" (reference)'


class Sample(NamedTuple):
    """One timed run: wall seconds and, for a process, its CPU seconds and peak resident MB
    (None when unknown)."""

    wall_s: float
    cpu_s: float | None = None
    peak_mb: float | None = None


@dataclass
class Figure:
    """One row of a benchmark table. A row with no times (median_s None) reports memory only."""

    name: str
    median_s: float | None
    min_s: float | None
    max_s: float | None
    runs: int
    cpu_s: float | None = None  # median user + system time of the process
    peak_mb: float | None = None  # the largest peak resident set of the runs, if all are known
    goal: str = ""
    ok: bool | None = None
    note: str = ""

    def at_most(self, limit_s: float) -> Figure:
        """Set the goal "median ≤ limit_s" and whether it is met."""
        limit = f"{limit_s * 1000:g} ms" if limit_s < 1 else f"{limit_s:g} s"
        self.goal, self.ok = f"≤ {limit}", self.median_s <= limit_s
        return self

    def to_dict(self) -> dict:
        return asdict(self)


def programs(baseline: str | None) -> dict[str, str]:
    """The memctls a benchmark runs in turn: this one, and `--baseline`'s when given."""
    found = {"this memctl": MEMCTL}
    if baseline:
        found["baseline"] = str(Path(baseline).resolve())
    return found


def ratio_note(mine: list[Sample], theirs: list[Sample]) -> str:
    """How this memctl's runs compare with the baseline's, taken run by run in turn."""
    ratio = statistics.median(a.wall_s / b.wall_s for a, b in zip(mine, theirs, strict=True))
    return f"{ratio:.2f}× the baseline (median of the run-by-run ratios)"


def figure(name: str, samples: list[Sample]) -> Figure:
    walls = [s.wall_s for s in samples]
    cpus = [s.cpu_s for s in samples]
    peaks = [s.peak_mb for s in samples]
    return Figure(
        name,
        statistics.median(walls),
        min(walls),
        max(walls),
        len(walls),
        cpu_s=None if None in cpus else statistics.median(cpus),
        peak_mb=None if None in peaks else max(peaks),
    )


def environment() -> dict[str, str]:
    # PYTHONDONTWRITEBYTECODE would make every run compile memctl from source: an installed
    # package has its bytecode cached, so the warm-up runs are allowed to write it.
    drop = ("MEMCTL_WORKSPACE", "PYTHONDONTWRITEBYTECODE")
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env.update(MEMCTL_NOW=CLOCK, NO_COLOR="1")
    return env


# A small launcher that starts the measured command and reports its wall time, CPU time, peak
# resident set and exit code. A child's peak starts at its parent's resident set (until the
# exec), so the command is started from this few-megabyte process, not from the benchmark.
# The first argument is the file the command reads as its stdin ("" for the null device).
LAUNCHER = """
import os, sys, time
start = time.perf_counter()
stdin = sys.argv[1] or os.devnull
pid = os.posix_spawnp(sys.argv[2], sys.argv[2:], os.environ,
                      file_actions=[(os.POSIX_SPAWN_OPEN, 0, stdin, os.O_RDONLY, 0),
                                    (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0)])
_, status, usage = os.wait4(pid, 0)
elapsed = time.perf_counter() - start
code = os.waitstatus_to_exitcode(status)
print(elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, code)
"""


def run_once(
    cmd: list[str], *, ok_codes: tuple[int, ...] = (0,), stdin: Path | None = None
) -> Sample:
    """One whole process, timed by the launcher around it, reading `stdin` (a file) if given.
    An exit code outside `ok_codes` stops the benchmark with the process's stderr."""
    proc = subprocess.run(
        [sys.executable, "-S", "-c", LAUNCHER, str(stdin or ""), *cmd],
        capture_output=True,
        text=True,
        env=environment(),
    )
    if proc.returncode != 0 or not proc.stdout.strip():
        raise SystemExit(f"bench: could not run {' '.join(cmd)}: {proc.stderr.strip()}")
    elapsed, cpu, maxrss_kb, code = proc.stdout.split()
    if int(code) not in ok_codes:
        raise SystemExit(f"bench: {' '.join(cmd)} failed ({code}): {proc.stderr.strip()}")
    return Sample(float(elapsed), float(cpu), int(maxrss_kb) / 1024)


def measure(
    name: str,
    cmd: list[str],
    runs: int,
    *,
    warmup: int = 2,
    before: Callable[[], None] | None = None,
    ok_codes: tuple[int, ...] = (0,),
) -> Figure:
    """`runs` timed runs of `cmd` after `warmup` untimed ones; `before` runs, untimed, ahead of
    every run."""
    samples = []
    for i in range(warmup + runs):
        if before:
            before()
        sample = run_once(cmd, ok_codes=ok_codes)
        if i >= warmup:
            samples.append(sample)
    return figure(name, samples)


def measure_interleaved(
    commands: dict[str, list[str]],
    runs: int,
    *,
    warmup: int = 2,
    stdin: dict[str, Path] | None = None,
    ok_codes: tuple[int, ...] = (0,),
) -> list[Figure]:
    """The commands run in turn, run by run, so drift in the machine affects each alike: how a
    reference is timed next to the commands compared with it. One figure per command, in order;
    `stdin` names the file a command reads as its standard input."""
    samples: dict[str, list[Sample]] = {name: [] for name in commands}
    for i in range(warmup + runs):
        for name, cmd in commands.items():
            sample = run_once(cmd, ok_codes=ok_codes, stdin=(stdin or {}).get(name))
            if i >= warmup:
                samples[name].append(sample)
    return [figure(name, taken) for name, taken in samples.items()]


def installed() -> str:
    """How memctl is installed beside this interpreter: "regular" (`pip install .`, as users
    install it) or "editable" (`pip install -e`, a developer's: its import finder runs at every
    Python start, some 10 ms of each process here, memctl's and the `python -c pass`
    reference's alike)."""
    finders = [name for name in sys.modules if name.startswith("__editable__")]
    return "editable" if any("memctl" in name for name in finders) else "regular"


def machine() -> dict:
    return {
        "platform": platform.platform(),
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "memctl": MEMCTL,
        "install": installed(),
    }


def shown(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def render(title: str, figures: list[Figure]) -> str:
    m = machine()
    lines = [
        title,
        f"{m['platform']}, Python {m['python']}, {m['cpus']} CPUs, memctl: {m['install']} install",
        "",
    ]
    rows = [("command", "median", "min–max", "cpu", "peak", "goal", "result")]
    for f in figures:
        if f.median_s is None:
            median = spread = ""
        else:
            median = shown(f.median_s)
            spread = f"{shown(f.min_s)}–{shown(f.max_s)}" if f.runs > 1 else "one run"
        cpu = "" if f.cpu_s is None else shown(f.cpu_s)
        peak = "" if f.peak_mb is None else f"{f.peak_mb:.0f} MB"
        result = "" if f.ok is None else ("ok" if f.ok else "MISSED")
        rows.append((f.name, median, spread, cpu, peak, f.goal, result))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        lines.append("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip())
    lines.append("")
    lines += [f"{f.name}: {f.note}" for f in figures if f.note]
    return "\n".join(lines)


def main(
    doc: str,
    name: str,
    bench: Callable[[argparse.Namespace, Path], list[Figure]],
    *,
    runs: int,
    options: dict[str, tuple[int, str]],
    argv: list[str] | None = None,
    extra: list[tuple[str, dict]] = (),
) -> int:
    """The command line of a benchmark: --runs, --json, --strict and the script's own whole-number
    `options` ({"files": (10_000, "files in the workspace")}); `bench(args, workdir)` runs in a
    temporary directory. Prints a table with the figures' notes, or JSON; returns the exit code,
    1 under --strict when a goal is missed."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=runs, help=f"timed runs per figure ({runs})")
    for option, (default, about) in options.items():
        parser.add_argument(f"--{option}", type=int, default=default, help=f"{about} ({default})")
    for flag, settings in extra:  # other options: (flag, argparse keywords)
        parser.add_argument(flag, **settings)
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--strict", action="store_true", help="exit 1 if a goal is missed")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    if not Path(MEMCTL).exists():
        parser.error(f"no memctl console script next to {sys.executable}; install memctl first")
    with tempfile.TemporaryDirectory(prefix=f"memctl-bench-{name}-") as tmp:
        figures = bench(args, Path(tmp))
    if args.json:
        print(
            json.dumps(
                {
                    "machine": machine(),
                    "runs": args.runs,
                    "figures": [f.to_dict() for f in figures],
                },
                indent=2,
            )
        )
    else:
        print(render(f"memctl {name} benchmark: medians of {args.runs} runs", figures))
    return 1 if args.strict and any(f.ok is False for f in figures) else 0
