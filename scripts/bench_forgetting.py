"""Benchmark forgetting: `memctl archive` on a 10,000-file workspace with 5% of its entries
expired, and `memctl forget --purge` on a workspace with 1,000 commits of history.

    python scripts/bench_forgetting.py [--files 10000] [--commits 1000] [--runs 3] [--json]

Whole-process wall times of the installed `memctl` (each run on a fresh copy, since both
commands change the workspace), with `python -c "import typer"` timed in the same run as the
reference. Prints a table; --json prints the figures.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from generate_workspace import generate  # noqa: E402

from memctl.entry import parse_entry  # noqa: E402
from memctl.workspace import Workspace, iter_markdown  # noqa: E402

BIN = Path(sys.executable).with_name("memctl")
ENV = {"MEMCTL_NOW": "2026-11-30T09:00", "PATH": "/usr/bin:/bin", "NO_COLOR": "1"}


def timed(cmd: list[str], cwd: Path | None = None) -> float:
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=cwd, env=ENV, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed: {proc.stderr.strip()}")
    return elapsed


def git(root: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=root, check=True, capture_output=True)


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


def bench_archive(files: int, runs: int, tmp: Path) -> dict:
    base = tmp / "archive-base"
    generate(base, files, seed=7)
    total, expired = expire_share(base, 0.05, seed=7)
    git(base, "init", "-q", "-b", "main")
    git(base, "config", "gc.auto", "0")  # no background gc racing the copies below
    git(base, "-c", "user.name=bench", "-c", "user.email=bench@localhost", "add", "-A")
    git(base, "-c", "user.name=bench", "-c", "user.email=bench@localhost", "commit", "-qm", "base")
    git(base, "config", "user.name", "bench")
    git(base, "config", "user.email", "bench@localhost")
    git(base, "gc", "-q")
    times, cold = [], []
    for n in range(runs):
        copy = tmp / f"archive-{n}"
        shutil.copytree(base, copy, symlinks=True)
        if n == 0:  # one run with no catalog cache at all, as on a fresh clone
            cold.append(timed([str(BIN), "-w", str(copy), "archive"]))
            continue
        timed([str(BIN), "-w", str(copy), "now"])  # warm the catalog cache, as a live workspace is
        times.append(timed([str(BIN), "-w", str(copy), "archive"]))
        shutil.rmtree(copy)
    return {
        "files": files,
        "entries": total,
        "expired_entries": expired,
        "archive_cold_s": cold[0],
        "archive_warm_median_s": statistics.median(times),
    }


def bench_purge(commits: int, runs: int, tmp: Path) -> dict:
    base = tmp / "purge-base"
    subprocess.run([str(BIN), "init", str(base)], env=ENV, check=True, capture_output=True)
    git(base, "config", "gc.auto", "0")
    from memctl.daily import append_log
    from memctl.workspace import open_workspace

    ws = open_workspace(base)
    start = dt.datetime(2026, 1, 1, 8, 0)
    for i in range(commits - 1):
        text = f"worked on item {i}" + (" — call Dana on +1 555 0199" if i % 97 == 0 else "")
        append_log(ws, f"step {i}", text, now=start + dt.timedelta(hours=i * 3))
    git(base, "gc", "-q")
    count = subprocess.run(["git", "rev-list", "--count", "HEAD"], cwd=base, capture_output=True,
                           text=True, check=True).stdout.strip()  # fmt: skip
    times = []
    for n in range(runs):
        copy = tmp / f"purge-{n}"
        shutil.copytree(base, copy, symlinks=True)
        times.append(timed([str(BIN), "-w", str(copy), "forget", "--purge", "--match",
                            "+1 555 0199", "--yes"]))  # fmt: skip
        shutil.rmtree(copy)
    return {"commits": int(count), "purge_median_s": statistics.median(times),
            "purge_runs_s": times}  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=10_000)
    parser.add_argument("--commits", type=int, default=1_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="memctl-bench-") as tmp_name:
        tmp = Path(tmp_name)
        ref = statistics.median(timed([sys.executable, "-c", "import typer"]) for _ in range(9))
        figures = {"reference_import_typer_s": ref}
        figures.update(bench_archive(args.files, max(args.runs, 2), tmp))
        figures.update(bench_purge(args.commits, args.runs, tmp))
    if args.json:
        print(json.dumps(figures, indent=2))
        return 0
    ref_ms = figures["reference_import_typer_s"] * 1000
    print(f"reference: python -c 'import typer'      {ref_ms:8.0f} ms")
    print(
        f"archive, {figures['files']:,} files, {figures['expired_entries']:,} of "
        f"{figures['entries']:,} entries expired"
    )
    print(
        f"  cold (no cache)                       {figures['archive_cold_s']:8.2f} s   goal ≤ 10 s"
    )
    warm = figures["archive_warm_median_s"]
    print(f"  warm catalog, median                  {warm:8.2f} s   goal ≤ 10 s")
    print(
        f"purge, {figures['commits']:,} commits of history, median     "
        f"{figures['purge_median_s']:8.2f} s"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
