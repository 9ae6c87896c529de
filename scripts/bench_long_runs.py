"""Whole-process timings of a long pasted text through the doors that read any text, at two
lengths: the time should grow with the length, not with its square.

    python scripts/bench_long_runs.py [--runs 3] [--chars 100000] [--json]

Each shape of scripts/check_growth.py (a run of spaced four-letter groups, "key:value" words, a
base64 blob, a run of digits, …) is written `--chars` and four times `--chars` long, and goes
through `memctl log -` (the day's log, the secret scanner; a fresh copy of workspace-example/
each run, indexed and embedded
once, so the log does not grow between runs), `memctl remember` (the write gate reads the
whole text; a quarter of the length, since it is an argument) and `memctl recall -` (a prompt
pasted whole). `python -c "import typer"` is timed in the same runs as the reference. A note
gives each door's ratio of the longer time over the shorter: about 4 when the time grows with
the length, about 16 when it grows with its square. The goal is a ratio under 8.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
from pathlib import Path

import benchkit
from bench_foundation import copy_example
from benchkit import IMPORT_TYPER, IMPORT_TYPER_LABEL, MEMCTL, Figure, Sample
from check_growth import SHAPES

GOAL = 8.0  # the longer run's time over the shorter's, at four times the length


def bench(args: argparse.Namespace, workdir: Path) -> list[Figure]:
    example = copy_example(workdir / "example")
    benchkit.run_once([MEMCTL, "init", str(example)])
    benchkit.run_once([MEMCTL, "-w", str(example), "reindex"])  # indexed and embedded once
    figures: list[Figure] = []
    reference: list[Sample] = []
    for label, unit in SHAPES.items():
        samples: dict[str, list[Sample]] = {}
        for size in (args.chars, 4 * args.chars):
            text = "2 " + unit * (size // len(unit)) + "@x"
            pasted = workdir / f"pasted-{size}.txt"
            pasted.write_text(text, encoding="utf-8")
            said = text[: size // 4]
            for _ in range(args.runs):
                ws = workdir / "ws"
                shutil.rmtree(ws, ignore_errors=True)
                shutil.copytree(example, ws)
                w = ["-w", str(ws)]
                reference.append(benchkit.run_once(IMPORT_TYPER))
                timed = {
                    "log -": benchkit.run_once([MEMCTL, *w, "log", "-"], stdin=pasted),
                    "remember": benchkit.run_once(
                        [MEMCTL, *w, "remember", "--explain", "--", said], ok_codes=(0, 3)
                    ),
                    "recall -": benchkit.run_once([MEMCTL, *w, "recall", "-"], stdin=pasted),
                }
                for door, sample in timed.items():
                    samples.setdefault(f"{door} {size:,}", []).append(sample)
        for door in ("log -", "remember", "recall -"):
            short, long = (samples[f"{door} {n:,}"] for n in (args.chars, 4 * args.chars))
            ratio = statistics.median(s.wall_s for s in long) / statistics.median(
                s.wall_s for s in short
            )
            figure = benchkit.figure(f"memctl {door}, {label}, 4× the length", long)
            figure.goal = f"× {GOAL:.0f} at most"
            figure.ok = ratio <= GOAL
            figure.note = f"{ratio:.1f}× the time at the length ({door} of {label})"
            figures.append(figure)
    figures.insert(0, benchkit.figure(IMPORT_TYPER_LABEL, reference))
    return figures


if __name__ == "__main__":
    raise SystemExit(
        benchkit.main(
            __doc__,
            "long-runs",
            bench,
            runs=3,
            options={"chars": (100_000, "the shorter text's characters")},
        )
    )
