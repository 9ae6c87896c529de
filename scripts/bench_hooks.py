"""Whole-process timings and peak memory of the Claude Code hooks on hostile input.

    python scripts/bench_hooks.py [--runs 5] [--json] [--strict]

On a git-versioned copy of workspace-example/, interleaved run by run with `python -c "import
typer"` (what any Typer CLI pays to start) as the reference:

- `recall --hook claude-code` with an ordinary prompt (the turn as it usually is);
- `flush --hook claude-code` whose transcript_path is /dev/zero, a FIFO nobody writes to, and a
  40 MB transcript (read at its two ends only);
- `guard check --hook claude-code` given JSON nested 100,000 deep, and 9 MB of JSON;
- `recall --hook claude-code` given 8 MB of JSON: 99,000 small lists (of the 100,000 arrays
  and objects a hook input may hold) and 4 million numbers, the slowest input that is read.

Each goal is the hook's timeout as `memctl hooks install` sets it (10 s for recall and guard,
30 s for flush); the peak resident memory shows that nothing is read beyond the bounds.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import benchkit
from benchkit import MEMCTL, Figure

REPO = Path(__file__).resolve().parents[1]
SESSION = "7d0e5b1c-1111-2222-3333-444455556666"


def workspace(tmp: Path) -> Path:
    root = tmp / "example"
    shutil.copytree(
        REPO / "workspace-example", root, ignore=shutil.ignore_patterns("cache", "*.db")
    )
    subprocess.run(
        [MEMCTL, "init", str(root)], env=benchkit.environment(), check=True, capture_output=True
    )
    return root


def long_transcript(path: Path) -> Path:
    def user(text: str) -> str:
        return (
            json.dumps(
                {
                    "type": "user",
                    "sessionId": SESSION,
                    "cwd": "/home/sam/app",
                    "message": {"role": "user", "content": text},
                }
            )
            + "\n"
        )

    filler = json.dumps({"type": "progress", "data": "x" * 1000}) + "\n"
    half = filler * (20_000_000 // len(filler))
    path.write_text(user("the first ask") + half + user("a middle ask") + half + user("last"))
    return path


def stdin_files(tmp: Path) -> dict[str, Path]:
    fifo = tmp / "fifo.jsonl"
    os.mkfifo(fifo)

    def flush(transcript: str) -> str:
        return json.dumps(
            {
                "session_id": SESSION,
                "transcript_path": transcript,
                "hook_event_name": "PreCompact",
                "trigger": "auto",
            }
        )

    lists = "[1]," * 99_000 + "1," * ((8 << 20) // 2 - 200_000)  # as many lists as are read
    given = {
        "recall": json.dumps(
            {
                "hook_event_name": "UserPromptSubmit",
                "prompt": "when is the Q4 estimated tax payment due?",
            }
        ),
        "flush /dev/zero": flush("/dev/zero"),
        "flush FIFO": flush(str(fifo)),
        "flush 40 MB": flush(str(long_transcript(tmp / "long.jsonl"))),
        "guard deep": "[" * 100_000 + "]" * 100_000,
        "guard 9 MB": json.dumps({"tool_name": "Bash", "tool_input": {"command": "x" * (9 << 20)}}),
        "recall 8 MB of JSON": '{"prompt": "the tax form", "a": [' + lists + "1]}",
    }
    files = {}
    for name, text in given.items():
        files[name] = tmp / f"{name.replace(' ', '_').replace('/', '')}.json"
        files[name].write_text(text)
    return files


def bench(args, tmp: Path) -> list[Figure]:
    root = workspace(tmp)
    files = stdin_files(tmp)
    hook = {
        "recall": ["recall", "--hook", "claude-code"],
        "flush": ["flush", "--hook", "claude-code"],
        "guard": ["guard", "check", "--hook", "claude-code"],
    }
    commands = {benchkit.IMPORT_TYPER_LABEL: benchkit.IMPORT_TYPER}
    labels = {}
    for name in files:
        command, _, case = name.partition(" ")
        label = f"{command} --hook: {case or 'a prompt'}"
        labels[label] = name
        commands[label] = [MEMCTL, "-w", str(root), *hook[command]]
    stdin = {label: files[name] for label, name in labels.items()}
    figures = benchkit.measure_interleaved(
        commands, args.runs, warmup=1, stdin=stdin, ok_codes=(0, 1)
    )
    for f in figures[1:]:
        budget = 30 if f.name.startswith("flush") else 10
        f.at_most(budget)
    return figures


if __name__ == "__main__":
    raise SystemExit(benchkit.main(__doc__, "hooks", bench, runs=5, options={}))
