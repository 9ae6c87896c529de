"""Benchmark the nightly job: `memctl sleep` over 30 days of logs of 50 entries each.

    python scripts/bench_sleep.py [--days 30] [--entries 50] [--notes 300] [--runs 3] [--json]

The workspace: --notes generated notes in every category (scripts/generate_workspace.py, its
own logs removed), then --days daily logs of exactly --entries entries each, written from the
generator's templates: about a third of the entries carry a marker (DECISION:, LESSON:, FACT:,
TODO:, DONE:, BLOCKED:), some with #promote, a few from a web page (`src:web`, never promoted).
All of it committed, nothing consolidated yet. Each run times the installed `memctl sleep` as a
whole process on a fresh copy (it consolidates every day, archives, reindexes, reviews and
reports), with `python -c "import typer"` and `memctl now` timed in the same run as references,
and `memctl guard ACTION` (which runs before every tool call) beside them. Prints the median and
each run; --json prints the figures.
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

import generate_workspace as gen  # noqa: E402

BIN = Path(sys.executable).with_name("memctl")
TODAY = dt.date(2026, 11, 30)
ENV = {"MEMCTL_NOW": f"{TODAY}T03:00", "PATH": "/usr/bin:/bin", "NO_COLOR": "1"}
MARKED = 0.35  # the generator's share of entries with a marker
PROMOTE = 0.15
WEB = 0.05


def write_logs(
    root: Path, *, days: int, entries: int, seed: int = 1, today: dt.date = TODAY
) -> int:
    """`days` logs, the last one yesterday, of `entries` entries each; the number of markers."""
    rng = gen._Dice(seed)
    writer = gen._Writer(rng, today, days)
    folder = root / "daily"
    folder.mkdir(exist_ok=True)
    marked = 0
    for ago in range(days, 0, -1):
        day = today - dt.timedelta(days=ago)
        minutes = sorted(random.Random(seed * 1000 + ago).sample(range(7 * 60, 24 * 60), entries))
        parts = [f"# {day.isoformat()}\n"]
        for minute in minutes:
            slots = gen._Slots(rng, {})
            body = [f"{writer.fill(gen.FACTS + gen.CONTEXT, slots)}."]
            if rng.random() < MARKED:
                marker, templates = rng.choice(gen.MARKERS)
                line = f"{marker}: {writer.fill(templates, slots)}."
                if rng.random() < PROMOTE:
                    line += " #promote"
                if rng.random() < WEB:
                    line += " src:web"
                body.append(line)
                marked += 1
            title = writer.fill(gen.TITLES, slots)
            head = f"\n### {minute // 60:02d}:{minute % 60:02d} — {title}\n\n"
            parts.append(head + "\n".join(body) + "\n")
        (folder / f"{day.isoformat()}.md").write_text("".join(parts), encoding="utf-8")
    return marked


def build(root: Path, *, days: int, entries: int, notes: int, seed: int) -> int:
    gen.generate(root, notes, seed, days=days, today=TODAY)
    shutil.rmtree(root / "daily")
    marked = write_logs(root, days=days, entries=entries, seed=seed)
    from memctl import gitstore

    gitstore.init_repo(root)
    for key, value in zip(("user.name", "user.email"), gitstore.FALLBACK_IDENTITY, strict=True):
        gitstore.run(root, "config", key, value)  # the timed runs see no HOME
    gitstore.run(root, "add", "-A")
    gitstore.run(root, "commit", "-q", "--no-verify", "-m", "generated workspace and logs")
    return marked


def timed(cmd: list[str], cwd: Path | None = None) -> tuple[float, str]:
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=cwd, env=ENV, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(map(str, cmd))} failed: {proc.stderr.strip()[-500:]}")
    return elapsed, proc.stdout


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--days", type=int, default=30)
    parser.add_argument("--entries", type=int, default=50)
    parser.add_argument("--notes", type=int, default=300, help="generated files besides logs")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base"
        marked = build(base, days=args.days, entries=args.entries, notes=args.notes, seed=args.seed)
        ref = [timed([sys.executable, "-c", "import typer"])[0] for _ in range(9)]
        now = [timed([str(BIN), "-w", str(base), "now"])[0] for _ in range(9)]
        guard = [
            timed([str(BIN), "-w", str(base), "guard", "git push --force"])[0] for _ in range(9)
        ]
        runs, summary = [], ""
        for i in range(args.runs):
            copy = Path(tmp) / f"run{i}"
            shutil.copytree(base, copy, symlinks=True)
            seconds, out = timed([str(BIN), "-w", str(copy), "sleep"])
            runs.append(seconds)
            summary = out.splitlines()[2] if len(out.splitlines()) > 2 else out
            shutil.rmtree(copy)
    figures = {
        "days": args.days,
        "entries_per_day": args.entries,
        "markers": marked,
        "notes": args.notes,
        "runs": [round(r, 2) for r in runs],
        "sleep_median_s": round(statistics.median(runs), 2),
        "per_day_s": round(statistics.median(runs) / args.days, 3),
        "reference_import_typer_s": round(statistics.median(ref), 3),
        "reference_memctl_now_s": round(statistics.median(now), 3),
        "guard_s": round(statistics.median(guard), 3),
        "report": summary,
    }
    if args.json:
        print(json.dumps(figures, indent=2, ensure_ascii=False))
        return 0
    print(
        f"memctl sleep over {args.days} days × {args.entries} entries ({marked} markers), "
        f"{args.notes} generated notes"
    )
    print(
        f"  median {figures['sleep_median_s']} s ({figures['per_day_s']} s a day); runs "
        f"{figures['runs']}"
    )
    print(
        f"  reference: python -c 'import typer' {figures['reference_import_typer_s']} s, "
        f"memctl now {figures['reference_memctl_now_s']} s"
    )
    print(f"  memctl guard (before every tool call): {figures['guard_s']} s")
    print(f"  report: {summary}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
