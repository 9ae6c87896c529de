"""What each of memctl's start-up and write tricks buys now, measured with it and without it.

    python scripts/bench_tricks.py [--runs 11] [--files 10000] [--seed 1] [--batch 2000]
                                   [--keep DIR] [--only prefetch,catalog,sync] [--json]

On a workspace from scripts/generate_workspace.py, indexed, in one run:

- the forked prefetch walk (memctl.search.prefetch): cold `memctl recall` and `memctl search`
  (no server) as the installed command runs them, which forks the freshness walk before the CLI
  is imported, against the same command line run by memctl.cli.main directly (no fork); the two
  run in turn, run by run;
- the catalog's second parser process (memctl.catalog): `memctl now` with the catalog's cache
  deleted before every run (a first scan), with the second process and without it (its
  `_can_fork` made false), in turn;
- one `os.sync()` for a batch of files (memctl.atomic.atomic_write_many, an archive run's
  rewrites) against an fsync of each file: in this process, --batch files of 2 KB, alone and
  with 256 MB of another program's unwritten data on the same disk (which `os.sync` flushes too,
  and an fsync of memctl's own files does not).

No goals: each figure says what the trick saves (a negative saving is a cost).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import time
from pathlib import Path

import benchkit
from benchkit import MEMCTL, Figure
from generate_workspace import generate

PROMPT = "what did we decide about the postgres migration"
CLI = (
    "import sys; sys.argv[0] = 'memctl'; import memctl.catalog; {patch}"
    "from memctl.cli.main import run; run()"
)


def direct(*args: str, patch: str = "") -> list[str]:
    """The command line run by memctl.cli.main in this interpreter: no launcher, no fork."""
    return [sys.executable, "-c", CLI.format(patch=patch), *args]


def workspace(args: argparse.Namespace, workdir: Path) -> Path:
    keep = Path(args.keep).resolve() if args.keep else workdir
    root, stamp = keep / "ws", keep / "bench-tricks.stamp"
    want = f"{args.files} {args.seed}\n"
    if not (root.is_dir() and stamp.is_file() and stamp.read_text() == want):
        shutil.rmtree(root, ignore_errors=True)
        keep.mkdir(parents=True, exist_ok=True)
        generate(root, args.files, args.seed)
        config = root / ".memctl" / "config.yaml"
        config.write_text(config.read_text().replace("\nsemantic: true\n", "\nsemantic: false\n"))
        benchkit.run_once([MEMCTL, "-w", str(root), "reindex"])
        stamp.write_text(want)
    benchkit.run_once([MEMCTL, "-w", str(root), "now"])
    return root


def saving(name: str, with_it: Figure, without: Figure) -> Figure:
    assert with_it.median_s is not None and without.median_s is not None
    saved = without.median_s - with_it.median_s
    with_it.note = (
        f"saves {saved * 1000:+.1f} ms of {without.median_s * 1000:.1f} ms "
        f"({saved / without.median_s:+.0%}) against {without.name}"
    )
    return with_it


def prefetch(root: Path, runs: int) -> list[Figure]:
    figures = []
    for command in (["recall", PROMPT], ["search", "postgres", "migration"]):
        args = ["-w", str(root), *command]
        name = f"cold {command[0]}"
        taken = benchkit.measure_interleaved(
            {f"{name}, prefetched walk": [MEMCTL, *args], f"{name}, no fork": direct(*args)}, runs
        )
        figures += [saving(name, taken[0], taken[1]), taken[1]]
    return figures


def catalog(root: Path, runs: int) -> list[Figure]:
    cache = root / ".memctl" / "cache"
    commands = {
        "first scan (now), second parser": direct("-w", str(root), "now"),
        "first scan (now), one process": direct(
            "-w", str(root), "now", patch="memctl.catalog._can_fork = lambda: False; "
        ),
    }
    samples: dict[str, list[benchkit.Sample]] = {name: [] for name in commands}
    for i in range(runs + 1):
        for name, cmd in commands.items():
            for stale in cache.glob("catalog*"):
                stale.unlink()
            sample = benchkit.run_once(cmd)
            if i:
                samples[name].append(sample)
    with_it, without = (benchkit.figure(name, taken) for name, taken in samples.items())
    return [saving("catalog", with_it, without), without]


def sync(workdir: Path, runs: int, batch: int) -> list[Figure]:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from memctl import atomic

    folder = workdir / "batch"
    folder.mkdir()
    files = {folder / f"note-{i}.md": "- a line of a note\n" * 100 for i in range(batch)}
    other = workdir / "other-program.bin"

    def each_fsync(todo: dict[Path, str | bytes]) -> None:
        for path, data in todo.items():
            atomic.atomic_write(path, data)

    figures = []
    for load in (False, True):
        times: dict[str, list[float]] = {"os.sync": [], "fsync each": []}
        for _ in range(runs):
            for name, write in (("os.sync", atomic.atomic_write_many), ("fsync each", each_fsync)):
                os.sync()  # nothing of the run before waits to be written
                if load:  # another program's data, written and not yet flushed
                    with open(other, "wb") as handle:
                        handle.write(os.urandom(1 << 20) * 256)
                started = time.perf_counter()
                write(files)
                times[name].append(time.perf_counter() - started)
        other.unlink(missing_ok=True)
        where = ", beside 256 MB of another program's" if load else ""
        made = [
            Figure(
                f"{batch} files, {name}{where}",
                statistics.median(taken),
                min(taken),
                max(taken),
                runs,
            )
            for name, taken in times.items()
        ]
        figures += [saving("sync", made[0], made[1]), made[1]]
    return figures


def bench(args: argparse.Namespace, workdir: Path) -> list[Figure]:
    parts = args.only.split(",") if args.only else ["prefetch", "catalog", "sync"]
    figures = []
    if "prefetch" in parts or "catalog" in parts:
        root = workspace(args, workdir)
        figures += prefetch(root, args.runs) if "prefetch" in parts else []
        figures += catalog(root, args.runs) if "catalog" in parts else []
    if "sync" in parts:
        figures += sync(workdir, args.runs, args.batch)
    return figures


def main(argv: list[str] | None = None) -> int:
    return benchkit.main(
        __doc__,
        "tricks",
        bench,
        runs=11,
        options={
            "files": (10_000, "files in the generated workspace"),
            "seed": (1, "generator seed"),
            "batch": (2_000, "files in one batch write"),
        },
        extra=[
            ("--keep", {"help": "make (or reuse) the workspace in this folder"}),
            ("--only", {"help": "some of prefetch,catalog,sync (all three)"}),
        ],
        argv=argv,
    )


if __name__ == "__main__":
    raise SystemExit(main())
