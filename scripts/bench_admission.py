"""What the write layer's checks let in, and what they cost.

The matrix sends every labelled hostile input of tests/hostile/ through every door into memory
(tests/doors.py: every CLI command that stores text, every place text goes in) and counts, per
set (tune: written with the scanner in view; held, held2: written without sight of the code):
secrets stored anywhere memctl writes, purged text let in again, forgeries that added
structure, and harmless look-alikes refused. Then the cost, as whole processes: `memctl log`
with a 1 KB body (against `--baseline`, another memctl, in the same run), and a 1 MB body
against 100 purge records.

    .venv/bin/python scripts/bench_admission.py [--runs 15] [--baseline OLD/bin/memctl] [--json]
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))  # the door table and its checks, shared with the tests

from benchkit import CLOCK, MEMCTL  # noqa: E402

from doors import (  # noqa: E402
    BENIGN,
    DOORS,
    NOTE_KEYS,
    PURGED,
    PURGED_PAYLOADS,
    bench,
    leaked,
    leaked_secrets,
    load,
    shape,
    stores,
    through,
)


class CliRunner:
    """The real CLI in this process, as the tests run it (typer's CliRunner)."""

    def __init__(self, root: Path):
        from typer.testing import CliRunner as Runner

        self.root, self.runner = root, Runner()

    def __call__(self, *args: str, input: str | None = None, code: int | None = 0):
        from memctl.cli.main import app

        result = self.runner.invoke(app, ["-w", str(self.root), *args], input=input)
        if code is not None:
            assert result.exit_code == code, (args, result.stdout, result.stderr)
        return result

    def json(self, *args: str, **kwargs):
        return json.loads(self(*args, "--json", **kwargs).stdout)


def matrix(work: Path) -> dict:
    secrets_by_split = Counter()
    stored_by_split = Counter()
    admitted = Counter()
    forged = Counter()
    forgeries_by_split = Counter()
    writers = [d for d in DOORS if d.writes]
    for n, door in enumerate(writers):
        b, cli = bench(work / f"s{n}", CliRunner)
        cases = load("secrets")
        for case in cases:
            through(door, b, cli, case["text"], work)
            secrets_by_split[case["split"]] += 1
        for text in PURGED_PAYLOADS:
            codes = through(door, b, cli, text, work)
            admitted["purged tries"] += 1
            admitted["purged let in"] += int(0 in codes and not door.unattended)
        hay = stores(b)
        stored = set(leaked_secrets(hay, cases))
        for case in cases:
            if case["secret"] in stored:
                stored_by_split[case["split"]] += 1
        admitted["purged stored"] += len(leaked(hay, list(PURGED), fold=True))
        b, cli = bench(work / f"f{n}", CliRunner)
        before = _structure(b.root)
        through(door, b, cli, BENIGN, work, by_hand=False)
        allowed = _grew(before, _structure(b.root))
        for case in load("forgeries"):
            before = _structure(b.root)
            through(door, b, cli, case["text"], work, by_hand=False)
            delta = _grew(before, _structure(b.root))
            forgeries_by_split[case["split"]] += 1
            if any(v > allowed.get(k, 0) for k, v in delta.items() if v > 0):
                forged[case["split"]] += 1
        print(f"… {door.command}", file=sys.stderr)
    refused = Counter()
    alike = load("lookalikes")
    for slot in (("add", "lessons/a", "--", "{P}"), ("log", "x", "--message={P}")):
        b, cli = bench(work / f"l{slot[0]}", CliRunner)
        for case in alike:
            result = cli(*[a.replace("{P}", case["text"]) for a in slot], code=None)
            refused[case["split"]] += int(result.exit_code != 0)
    total_alike = Counter(c["split"] for c in alike)
    return {
        "secrets stored (cases x doors)": {
            s: f"{stored_by_split[s]} / {secrets_by_split[s]}" for s in sorted(secrets_by_split)
        },
        "purged text let in again / tries": (
            f"{admitted['purged let in']} / {admitted['purged tries']}"
        ),
        "purged text stored anywhere": admitted["purged stored"],
        "forgeries that added structure (cases x doors)": {
            s: f"{forged[s]} / {forgeries_by_split[s]}" for s in sorted(forgeries_by_split)
        },
        "look-alikes refused (cases x 2 doors)": {
            s: f"{refused[s]} / {2 * total_alike[s]}" for s in sorted(total_alike)
        },
        "doors": len(writers),
    }


def _structure(root: Path) -> Counter:
    found: Counter = Counter()
    for key, n in shape(root).items():
        if key.startswith("entry "):
            _, kind, source = key.split(" ")
            found["entries"] += n
            found["rule entries"] += n if kind == "RULE" else 0
            found["user entries"] += n if source == "user" else 0
        elif key != "notes" and key.removeprefix("key ") not in NOTE_KEYS:
            found[key] += n  # a note made from the template, with its keys, forges nothing
    return found


def _grew(before: Counter, after: Counter) -> dict:
    return {k: after[k] - before[k] for k in set(before) | set(after) if after[k] != before[k]}


def cost(work: Path, runs: int, baseline: str | None) -> dict:
    env = {**os.environ, "MEMCTL_NOW": CLOCK, "NO_COLOR": "1"}
    env.pop("MEMCTL_WORKSPACE", None)
    body = ("Deployed v2 to staging; the canary holds. " * 25)[:1024]
    figures = {}
    commands = {"memctl log, 1 KB body": MEMCTL}
    if baseline:
        commands["baseline log, 1 KB body"] = baseline
    roots = {}
    for n, (name, program) in enumerate(commands.items()):
        # Each its own workspace, made by itself: an older memctl may not read a newer config.
        roots[name] = work / f"cost{n}"
        subprocess.run(
            [program, "init", str(roots[name])], env=env, check=True, capture_output=True
        )
    times: dict[str, list[float]] = {name: [] for name in commands}
    # CPU time (user + system, of memctl and the git it runs): on a busy machine the wall
    # clock mostly measures the others; what a process computes is steadier.
    cpu: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):  # interleaved: both see the same machine
        for name, program in commands.items():
            used = _children_cpu()
            started = time.perf_counter()
            subprocess.run(
                [program, "-w", str(roots[name]), "log", "deploy", "-m", body],
                env=env,
                check=True,
                capture_output=True,
            )
            times[name].append(time.perf_counter() - started)
            cpu[name].append(_children_cpu() - used)
    for name, samples in times.items():
        figures[name] = (
            f"{1000 * statistics.median(samples):.1f} ms"
            f" (CPU {1000 * statistics.median(cpu[name]):.1f} ms)"
        )
    if baseline:
        added = statistics.median(times["memctl log, 1 KB body"]) - statistics.median(
            times["baseline log, 1 KB body"]
        )
        added_cpu = statistics.median(cpu["memctl log, 1 KB body"]) - statistics.median(
            cpu["baseline log, 1 KB body"]
        )
        figures["added by this memctl"] = (
            f"{1000 * added:+.1f} ms, CPU {1000 * added_cpu:+.1f} ms (goal ≤ 5 ms)"
        )
        ratio = statistics.median(times["memctl log, 1 KB body"]) / statistics.median(
            times["baseline log, 1 KB body"]
        )
        figures["this memctl / baseline"] = f"{ratio:.2f}"
    figures |= _big_body(work, env, runs=max(3, runs // 3))
    return figures


def _children_cpu() -> float:
    import resource

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _big_body(work: Path, env: dict, *, runs: int) -> dict:
    """1 MB of log text against 100 purge records (written as purges write them), and against
    none; each run on a fresh copy of its workspace, the two interleaved."""
    from memctl.purged import new_record, register
    from memctl.workspace import open_workspace

    roots = {"100 purge records": work / "big", "no purge record (reference)": work / "bare"}
    for root in roots.values():
        subprocess.run([MEMCTL, "init", str(root)], env=env, check=True, capture_output=True)
    ws = open_workspace(roots["100 purge records"])
    salt = secrets.token_hex(16)
    today = dt.date(2026, 11, 1)
    with ws.change("purge", "100 records") as change:
        for i in range(100):
            text = f"purged phrase number {i} {secrets.token_hex(3)}"
            register(ws, change, new_record(text, salt=salt, receipt=f"r{i}", today=today))
    words = [f"word{n % 5000}" for n in range(170_000)]
    body = " ".join(words)[:1_000_000]
    times: dict[str, list[float]] = {name: [] for name in roots}
    codes: dict[str, set[int]] = {name: set() for name in roots}
    for _ in range(runs):
        for name, root in roots.items():
            copy = work / "run"
            shutil.copytree(root, copy, symlinks=True)
            started = time.perf_counter()
            done = subprocess.run(
                [MEMCTL, "-w", str(copy), "log", "big", "-m", "-"],
                input=body,
                env=env,
                capture_output=True,
                text=True,
            )
            times[name].append(time.perf_counter() - started)
            codes[name].add(done.returncode)
            shutil.rmtree(copy)
    return {
        f"memctl log, 1 MB body, {name}": f"{statistics.median(samples):.2f} s median of {runs}"
        f" ({min(samples):.2f}–{max(samples):.2f}; exit {','.join(map(str, sorted(codes[name])))}"
        + ("; goal ≤ 1 s)" if name.startswith("100") else ")")
        for name, samples in times.items()
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--baseline", help="another memctl to time `log` against")
    parser.add_argument("--no-matrix", action="store_true", help="only the cost figures")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    os.environ.update({"MEMCTL_NOW": CLOCK, "NO_COLOR": "1"})
    with tempfile.TemporaryDirectory(prefix="memctl-admission-") as tmp:
        work = Path(tmp)
        figures = {} if args.no_matrix else {"matrix": matrix(work)}
        figures["cost"] = cost(work, args.runs, args.baseline)
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    for section, rows in figures.items():
        print(f"## {section}")
        for key, value in rows.items():
            print(f"  {key}: {value}")


if __name__ == "__main__":
    main()
