"""Benchmark forgetting: `memctl archive` on a 10,000-file workspace with 5% of its entries
expired, and `memctl forget --purge` on a workspace with 1,000 commits of history.

    python scripts/bench_forgetting.py [--files 10000] [--commits 1000] [--runs 3] [--json]
                                       [--strict]

Whole-process medians of the installed `memctl`, with `python -c "import typer"` timed in the
same run as the reference. Both commands change the workspace, so every run gets a fresh copy,
made untimed just before it:

- `memctl archive`, cold: one run on a copy with no catalog cache, as on a fresh clone
  (goal: ≤ 10 s);
- `memctl archive`, warm: the catalog cache filled by `memctl now` first, as in a workspace in
  use (goal: ≤ 10 s);
- `memctl forget --purge --match TEXT --yes`, the text in a few commits of the history: a
  phone number, then a name.

A missed goal is reported in the table; --strict also makes the exit code 1.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import benchkit
from benchkit import IMPORT_TYPER, IMPORT_TYPER_LABEL, MEMCTL, Figure
from generate_workspace import generate

from memctl.entry import parse_entry
from memctl.workspace import Workspace, iter_markdown


def git(root: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=root, check=True, capture_output=True, text=True
    ).stdout


def expire_share(root: Path, share: float, seed: int) -> tuple[int, int]:
    """Make `share` of the open, non-high entries expired (expires before 2026-11-30)."""
    rng = random.Random(seed)
    ws = Workspace(root)
    total = expired = 0
    candidates = []
    for path in iter_markdown(ws):
        if "daily/" in str(path) or path.name in ("NOW.md", "INDEX.md"):
            continue
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        for i, line in enumerate(lines):
            entry = parse_entry(line.rstrip("\n")) if line.startswith("- ") else None
            if entry is None or entry.closed:
                continue
            total += 1
            exp = entry.fields.get("expires")
            if exp and exp < "2026-11-30" and entry.priority != "high":
                expired += 1
            elif entry.priority != "high":
                candidates.append((path, i))
    want = int(total * share) - expired
    chosen = sorted(rng.sample(candidates, max(want, 0)))
    by_file: dict[Path, list[int]] = {}
    for path, i in chosen:
        by_file.setdefault(path, []).append(i)
    for path, rows in by_file.items():
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        for i in rows:
            entry = parse_entry(lines[i].rstrip("\n")).with_fields(expires="2026-11-01")
            lines[i] = entry.format() + "\n"
        path.write_text("".join(lines), encoding="utf-8")
    return total, expired + max(want, 0)


def fresh_copy(base: Path, copy: Path) -> None:
    """A new copy of the workspace, as a workspace in use would be: git's index current and
    everything flushed to disk (otherwise the run's own syncs pay for writing out the copy).

    The previous copy is set aside, not deleted: on ext4 without a journal, new files are slow
    to create for a minute after thousands were deleted (recently freed inodes are skipped
    one by one), which would time the benchmark's clean-up, not memctl. The temporary folder
    goes at the end.
    """
    if copy.exists():
        spent = copy.parent / "spent"
        spent.mkdir(exist_ok=True)
        copy.rename(spent / f"{copy.name}-{len(list(spent.iterdir()))}")
    shutil.copytree(base, copy, symlinks=True)
    # A copied file has a new inode and ctime, so git would re-read all 10,000 files on the
    # first status; a workspace that was not just copied has its index current.
    subprocess.run(["git", "update-index", "-q", "--refresh"], cwd=copy, capture_output=True)
    os.sync()


def bench_archive(files: int, runs: int, tmp: Path) -> list[Figure]:
    base = tmp / "archive-base"
    generate(base, files, seed=7)
    total, expired = expire_share(base, 0.05, seed=7)
    git(base, "init", "-q", "-b", "main")
    git(base, "config", "gc.auto", "0")  # no background gc racing the copies below
    # Straight into a pack: loose objects would be deleted by the gc below, just before the
    # first timed run (see fresh_copy).
    git(
        base,
        "-c",
        "user.name=bench",
        "-c",
        "user.email=bench@localhost",
        "-c",
        "core.bigFileThreshold=1",
        "add",
        "-A",
    )
    git(base, "-c", "user.name=bench", "-c", "user.email=bench@localhost", "commit", "-qm", "base")
    git(base, "config", "user.name", "bench")
    git(base, "config", "user.email", "bench@localhost")
    git(base, "gc", "-q")
    copy = tmp / "archive"
    archive = [MEMCTL, "-w", str(copy), "archive"]

    def copy_with_cache() -> None:
        fresh_copy(base, copy)
        benchkit.run_once([MEMCTL, "-w", str(copy), "now"])  # fills the catalog cache
        os.sync()

    cold = benchkit.measure(
        f"memctl archive, {files:,} files, cold",
        archive,
        1,
        warmup=0,
        before=lambda: fresh_copy(base, copy),
    ).at_most(10)
    cold.note = f"no catalog cache; {expired:,} of {total:,} entries expired"
    warm = benchkit.measure(
        f"memctl archive, {files:,} files, warm", archive, runs, warmup=0, before=copy_with_cache
    ).at_most(10)
    warm.note = "catalog cache filled by `memctl now` before each run"
    return [cold, warm]


PURGED = ("+1 555 0199", "Dana Whitfield")  # a number, and a name (its letters in more forms)


def bench_purge(commits: int, runs: int, tmp: Path) -> list[Figure]:
    base = tmp / "purge-base"
    benchkit.run_once([MEMCTL, "init", str(base)])
    git(base, "config", "gc.auto", "0")
    from memctl.daily import append_log
    from memctl.workspace import open_workspace

    ws = open_workspace(base)
    start = dt.datetime(2026, 1, 1, 8, 0)
    for i in range(commits - 1):
        text = f"worked on item {i}" + (
            " — call Dana Whitfield on +1 555 0199" if i % 97 == 0 else ""
        )
        append_log(ws, f"step {i}", text, now=start + dt.timedelta(hours=i * 3))
    git(base, "gc", "-q")
    count = int(git(base, "rev-list", "--count", "HEAD").strip())
    copy = tmp / "purge"
    figures = []
    for text in PURGED:
        figure = benchkit.measure(
            f"memctl forget --purge {text!r}, {count:,} commits",
            [MEMCTL, "-w", str(copy), "forget", "--purge", "--match", text, "--yes"],
            runs,
            warmup=0,
            before=lambda: fresh_copy(base, copy),
        )
        figure.note = f"the text was logged in {len(range(0, commits - 1, 97))} of the commits"
        figures.append(figure)
    return figures


def bench(args: argparse.Namespace, workdir: Path) -> list[Figure]:
    # the reference is cheap: at least 9 runs, so its median is steady however few --runs
    ref = benchkit.measure(IMPORT_TYPER_LABEL, IMPORT_TYPER, max(args.runs, 9))
    archive = bench_archive(args.files, args.runs, workdir)
    return [ref, *archive, *bench_purge(args.commits, args.runs, workdir)]


def main(argv: list[str] | None = None) -> int:
    options = {"files": (10_000, "files for `archive`"), "commits": (1_000, "history for purge")}
    return benchkit.main(__doc__, "forgetting", bench, runs=3, options=options, argv=argv)


if __name__ == "__main__":
    sys.exit(main())
