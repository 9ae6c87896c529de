"""The first question after one note gained many entries at once, whole process, against another
memctl in the same run.

    python scripts/bench_big_note.py [--runs 5] [--entries 1000] [--baseline OLD/bin/memctl]
                                     [--json]

A workspace made by `memctl init`, searched once (its vectors embedded), then given a note of
--entries entry lines in one write (as a catalogue of past chats or an import makes one). Each
run copies it afresh and times `memctl search` on it: the first question that finds the note
changed embeds at most a call's budget of its units and answers with what is ready. With
--baseline, the other memctl does the same on its own copies, run by run in turn; `python -c
pass` is the reference. Needs the semantic extra: without it there is nothing to embed.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

import benchkit
from benchkit import Figure, Sample

QUESTION = "who grows tomatoes on the balcony?"


def big_note(root: Path, entries: int) -> None:
    lines = ["---", "title: Chats", "---", "# Chats", ""]
    lines += [
        f"- [🟡MED][CHAT] added:2026-11-24 src:tool · chat {i}: the garden plan and "
        f"tomato variety number {i} ^c{i:04d}"
        for i in range(entries)
    ]
    (root / "semantic" / "chats.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


def bench(args: argparse.Namespace, workdir: Path) -> list[Figure]:
    memctls = benchkit.programs(args.baseline)
    bases = {}
    for name, program in memctls.items():
        base = workdir / f"{name.replace(' ', '-')}-base"
        benchkit.run_once([program, "init", str(base)])
        benchkit.run_once([program, "-w", str(base), "search", "anything"])  # embedded
        big_note(base, args.entries)
        bases[name] = base
    reference = "python -c pass (reference)"
    samples: dict[str, list[Sample]] = {reference: []}
    for name in memctls:
        samples[f"first search after the note ({name})"] = []
    for run in range(args.runs):
        samples[reference].append(benchkit.run_once([sys.executable, "-c", "pass"]))
        for name, program in memctls.items():
            copy = workdir / f"run{run}-{name.replace(' ', '-')}"
            shutil.copytree(bases[name], copy, symlinks=True)
            taken = benchkit.run_once([program, "-w", str(copy), "search", QUESTION])
            samples[f"first search after the note ({name})"].append(taken)
            shutil.rmtree(copy)
    figures = [benchkit.figure(name, taken) for name, taken in samples.items()]
    if args.baseline:
        figures[1].note = benchkit.ratio_note(
            samples["first search after the note (this memctl)"],
            samples["first search after the note (baseline)"],
        )
    return figures


if __name__ == "__main__":
    raise SystemExit(
        benchkit.main(
            __doc__,
            "big-note",
            bench,
            runs=5,
            options={"entries": (1000, "entry lines in the note")},
            extra=[("--baseline", {"help": "another memctl's console script, timed alike"})],
        )
    )
