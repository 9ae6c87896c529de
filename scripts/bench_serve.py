"""Whole-process timings of the warm path, in-process times of the MCP tools, server memory.

    python scripts/bench_serve.py [--runs 15] [--files 10000] [--seed 1] [--keep DIR] [--json]
                                  [--baseline OLD/bin/memctl] [--cold-only] [--strict]

The workspace comes from scripts/generate_workspace.py. In one run, interleaved run by run
(benchkit.measure_interleaved), on the same files:

- `rg -i -l -F WORD` over the workspace and `python -c pass` (references);
- warm `memctl recall --hook claude-code` (the hook's JSON on stdin) while `memctl serve
  --no-mcp` runs: goal ≤ 0.75 × the rg scan and ≤ 35 ms; once with the same prompt every run,
  once with a prompt the server has not seen before in each run (as turns come: nothing the
  server keeps from an earlier answer is that prompt's own), timed once the server's idle work
  is done (`memctl serve status` no longer says it is ahead of questions), as after a while;
- warm `memctl guard check --hook claude-code` (a Bash tool call's JSON): the same goal;
- then, one after another, a note written as an editor writes it, a few seconds' quiet (the
  agent's turn) and a new prompt: what the first question after a write pays, unless the
  server's idle time paid it first;
- then, with the server stopped, cold `memctl recall --hook claude-code` (no server: the
  command's own process; compare with bench_search.py's recall), and with `--baseline MEMCTL`
  another memctl's (an older install) on its own copy of the workspace, run by run in turn
  (this interpreter has the mcp extra, whose packages make every import search a longer
  site-packages: to compare memctl alone, run `--cold-only` from a base install, which
  times only that, beside `python -c pass`);
- the MCP `recall` and `search` tools called through the SDK's in-process client on a server
  built in this process: median time per call (goal ≤ 10 ms), recall also with a new prompt
  each call;
- the server's resident memory after all of that, at --files files (goal ≤ 150 MB).

--semantic 0 sets `semantic: false` in the generated workspace (search and recall on words
alone, no vectors to build). --keep DIR generates and indexes the workspace in DIR once (at
10,000 files, with the semantic extra's vectors, that takes minutes) and reuses it in later runs
with the same --files, --seed and --semantic.

The console script is the one installed beside this interpreter; an editable install's
import finder makes Python's own start slower than a regular install's (some 10 ms of every
process here): `python -c pass` is timed with the same interpreter so that the difference shows,
and the report's second line says which install it is. What a user's turn pays is timed from a
regular install, as the README's `pip install .` makes:

    python3 -m venv /tmp/memctl-bench && /tmp/memctl-bench/bin/pip install '.[semantic,mcp,bench]'
    /tmp/memctl-bench/bin/python scripts/bench_serve.py --files 10000 --keep /tmp/bs10k
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

import benchkit
from benchkit import MEMCTL, Figure
from generate_workspace import generate

WORD = "atlas"
PROMPT = "when is the weekly Atlas call?"
# Turns as they come, one per run: none is PROMPT, none repeats within a run of ≤ 2 + 20.
TURNS = (
    "what did we decide about the postgres migration",
    "remind me what the dentist said last time",
    "is the staging deploy still broken?",
    "which hotel did we book for the Lisbon trip",
    "what's the wifi password at the cabin",
    "how do I rotate the API keys again",
    "did Maria send the budget numbers",
    "what's the plan for the kitchen renovation",
    "when does the car insurance renew",
    "what were the action items from the design review",
    "which flag turns on the new billing flow",
    "what's my running pace goal this month",
    "who owns the on-call rotation next week",
    "what did the vet say about the dog's diet",
    "where did we leave the onboarding doc",
    "how much did the conference tickets cost",
    "what was wrong with the backup job",
    "what's the deadline for the grant application",
    "did we pick a name for the newsletter",
    "what do I need to bring to the tax appointment",
    "which laptop model did IT recommend",
    "what's blocking the mobile release",
)
ACTION = "git push --force origin main"
BASELINE = "cold recall, --baseline memctl"


def rg() -> str:
    beside = Path(sys.executable).with_name("rg")
    found = str(beside) if beside.is_file() else shutil.which("rg")
    if not found:
        raise SystemExit("bench: ripgrep is needed (pip install -e '.[bench]')")
    return found


def server_status(root: Path) -> dict | None:
    from memctl.cli.launch import ask

    answer = ask(str(root), ("status",), wait_s=2.0)
    return None if answer is None else answer[1]


IDLE_WORK_S = 1800.0  # the longest wait for a server's idle work before timing it anyway


def start_server(root: Path) -> tuple[subprocess.Popen, float]:
    """A server for `root`, warmed up and done with its idle work; and the seconds that took."""
    proc = subprocess.Popen(
        [MEMCTL, "-w", str(root), "serve", "--no-mcp"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        env=benchkit.environment(),
    )
    started = time.monotonic()
    deadline = started + 120
    while (server_status(root) or {}).get("served", 0) < 2:  # watching, and warmed up
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            proc.wait()
            raise SystemExit("bench: the server did not start")
        time.sleep(0.1)
    # As a server that has run for a while: its idle work (embedding what waits, the headings
    # a store lacks, every unit's crowding) done before the first timed request.
    deadline = time.monotonic() + IDLE_WORK_S
    while (server_status(root) or {}).get("ahead") and time.monotonic() < deadline:
        time.sleep(0.5)
    return proc, time.monotonic() - started


def mcp_calls(root: Path, runs: int) -> dict[str, list[tuple[float, float]]]:
    """Seconds per MCP tool call, wall and CPU (this process's, all threads), through the SDK's
    in-process client."""
    from mcp import Client

    from memctl.cli import mcptools
    from memctl.cli.warm import Worker
    from memctl.integrations import watch
    from memctl.workspace import open_workspace

    os.environ["MEMCTL_NOW"] = benchkit.CLOCK
    worker = Worker()
    watcher = worker.call(lambda: watch.Watcher(open_workspace(root)).start())
    watch.register(watcher)
    server = mcptools.build(root, worker)

    async def timed() -> dict[str, list[tuple[float, float]]]:
        times: dict[str, list[tuple[float, float]]] = {"recall": [], "new prompt": [], "search": []}
        async with Client(server) as client:
            for i in range(runs + 2):
                for label, name, args in (
                    ("recall", "recall", {"prompt": PROMPT}),
                    ("new prompt", "recall", {"prompt": TURNS[-1 - i % len(TURNS)]}),
                    ("search", "search", {"query": "postgres migration staging"}),
                ):
                    started, cpu = time.perf_counter(), time.process_time()
                    result = await client.call_tool(name, args)
                    took = (time.perf_counter() - started, time.process_time() - cpu)
                    assert not result.is_error, result.content
                    if i >= 2:
                        times[label].append(took)
        return times

    try:
        return asyncio.run(timed())
    finally:
        worker.shutdown()
        watch.unregister(watcher)


def workspace(args: argparse.Namespace, workdir: Path) -> Path:
    """The generated workspace, indexed: built in the run's folder, or kept in --keep."""
    if not args.keep:
        return build(workdir / "ws", args)
    keep = Path(args.keep).resolve()
    root, stamp = keep / "ws", keep / "bench-serve.stamp"
    want = f"{args.files} {args.seed} {args.semantic}\n"
    if root.is_dir() and stamp.is_file() and stamp.read_text() == want:
        return build(root, args, generated=True)
    shutil.rmtree(root, ignore_errors=True)
    keep.mkdir(parents=True, exist_ok=True)
    build(root, args)
    stamp.write_text(want)
    return root


def build(root: Path, args: argparse.Namespace, *, generated: bool = False) -> Path:
    if not generated:
        generate(root, args.files, args.seed)
        if not args.semantic:  # words alone: no vectors to build
            config = root / ".memctl" / "config.yaml"
            config.write_text(
                config.read_text().replace("\nsemantic: true\n", "\nsemantic: false\n")
            )
    rules = root / "rules" / "git-safety.md"
    text = (
        '# Git safety\n\n- [🔴HIGH][RULE] src:user check:"push --force" '
        "guard:enforce · Never force-push to main ^gf01\n"
    )
    if not rules.is_file() or rules.read_text() != text:
        rules.write_text(text)
    if not generated:  # a kept index is brought up to date by the server's first answer
        benchkit.run_once([MEMCTL, "-w", str(root), "reindex"])
    os.sync()
    return root


def interleaved(
    commands: dict[str, list[str]],
    runs: int,
    stdin: dict[str, list[Path]],
    *,
    server: Path | None = None,
    warmup: int = 2,
) -> tuple[list[Figure], dict[str, float]]:
    """benchkit.measure_interleaved, with a command's stdin taken in turn from a list of files
    (run i reads file i mod their number); and, for the commands that read stdin while the
    server of the workspace at `server` runs, the median CPU seconds the server spent on one
    (its process time before and after the run: what a loaded machine's wall time hides)."""
    samples: dict[str, list] = {name: [] for name in commands}
    spent: dict[str, list[float]] = {name: [] for name in stdin}
    for i in range(warmup + runs):
        for name, cmd in commands.items():
            files = stdin.get(name)
            before = server_cpu(server) if server and files else None
            sample = benchkit.run_once(cmd, stdin=files[i % len(files)] if files else None)
            if i >= warmup:
                samples[name].append(sample)
                if before is not None:
                    spent[name].append(server_cpu(server) - before)
    figures = [benchkit.figure(name, taken) for name, taken in samples.items()]
    return figures, {name: statistics.median(taken) for name, taken in spent.items() if taken}


def server_cpu(root: Path) -> float:
    return (server_status(root) or {}).get("cpu_s", 0.0)


def bench(args: argparse.Namespace, workdir: Path) -> list[Figure]:
    runs, files = args.runs, args.files
    root = workspace(args, workdir)
    prompt = workdir / "prompt.json"
    prompt.write_text(json.dumps({"hook_event_name": "UserPromptSubmit", "prompt": PROMPT}))
    if args.cold_only:
        return cold_only(args, root, workdir, prompt)
    turns = []
    for i, text in enumerate(TURNS):
        turns.append(workdir / f"turn{i}.json")
        turns[-1].write_text(json.dumps({"hook_event_name": "UserPromptSubmit", "prompt": text}))
    tool = workdir / "tool.json"
    tool.write_text(
        json.dumps(
            {
                "hook_event_name": "PreToolUse",
                "tool_name": "Bash",
                "tool_input": {"command": ACTION},
            }
        )
    )
    w = [MEMCTL, "-w", str(root)]
    recall = [*w, "recall", "--hook", "claude-code"]
    guard = [*w, "guard", "check", "--hook", "claude-code"]
    ref = f"rg -i -l -F {WORD} (reference)"
    names = {
        "pass": "python -c pass (reference)",
        "warm recall": "warm recall --hook claude-code",
        "new prompt": "warm recall --hook claude-code, a new prompt each run",
        "warm guard": "warm guard check --hook claude-code",
    }
    proc, ready_s = start_server(root)
    try:
        figures, served_cpu = interleaved(
            {
                ref: [rg(), "-i", "-l", "-F", WORD, str(root)],
                names["pass"]: [sys.executable, "-c", "pass"],
                names["warm recall"]: recall,
                names["new prompt"]: recall,
                names["warm guard"]: guard,
            },
            runs,
            {
                names["warm recall"]: [prompt],
                names["new prompt"]: turns,
                names["warm guard"]: [tool],
            },
            server=root,
        )
        after_write, after_cpu = written_then_asked(root, recall, turns, runs)
        status = server_status(root)
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=60)
    scan, floor, warm_recall, new_prompt, warm_guard = figures
    for figure in (warm_recall, new_prompt, warm_guard):
        limit = min(0.035, 0.75 * scan.median_s)
        figure.at_most(limit)
        figure.goal = f"≤ 0.75× rg ({0.75 * scan.median_s * 1000:.0f} ms) and ≤ 35 ms"
        figure.note = (
            f"{figure.median_s / scan.median_s:.2f}× rg, "
            f"{(figure.median_s - floor.median_s) * 1000:+.1f} ms over python -c pass"
        )
        if figure.name in served_cpu:
            figure.note += f"; the server's CPU per answer {served_cpu[figure.name] * 1000:.1f} ms"
    after_write.note = (
        f"{after_write.median_s / new_prompt.median_s:.2f}× a new prompt without a write; "
        f"the server's CPU per answer {after_cpu * 1000:.1f} ms"
    )
    served = status["served"] if status else 0
    warm_recall.note += (
        f"; {served} requests answered by the server, timed once its idle work was done "
        f"({ready_s:.0f} s after it started)"
    )
    cold_name = "cold recall --hook claude-code (no server)"
    commands = {cold_name: recall}
    if args.baseline:  # another memctl on its own copy (it may index differently), in turn
        commands[BASELINE] = baseline_recall(root, workdir, args.baseline)
    colds = benchkit.measure_interleaved(commands, runs, stdin={name: prompt for name in commands})
    cold = colds[0]
    cold.note = f"{cold.median_s / scan.median_s:.2f}× rg (bench_search.py times it too)"
    if args.baseline:
        assert cold.median_s is not None and colds[1].median_s is not None
        cold.note += f"; {cold.median_s / colds[1].median_s:.2f}× the baseline's"
    calls = mcp_calls(root, runs)
    tools = []
    for name, taken in (
        ("MCP recall tool, per call (in-process)", calls["recall"]),
        ("MCP recall tool, a new prompt each call", calls["new prompt"]),
        ("MCP search tool, per call (in-process)", calls["search"]),
    ):
        walls = [wall for wall, _ in taken]
        cpu = statistics.median(c for _, c in taken)
        tools.append(
            Figure(name, statistics.median(walls), min(walls), max(walls), len(walls), cpu).at_most(
                0.010
            )
        )
    rss = status.get("rss_mb") if status else None
    memory = Figure(
        f"server memory at {files:,} files (resident)",
        None,
        None,
        None,
        runs=1,
        peak_mb=rss,
        goal="≤ 150 MB",
        ok=None if rss is None else rss <= 150,
    )
    if status and "peak_mb" in status:
        memory.note = f"peak {status['peak_mb']:.0f} MB"
    return [scan, floor, warm_recall, new_prompt, after_write, warm_guard, *colds, *tools, memory]


THINKING_S = 3.0  # between a write and the next prompt: the agent's own turn


def written_then_asked(
    root: Path, recall: list[str], turns: list[Path], runs: int
) -> tuple[Figure, float]:
    """A note written as an editor writes it (a line appended), THINKING_S of quiet, then a
    new prompt through the server, `runs` times: what the first question after a write pays
    (the vectors of the changed file, a new view of the store, its crowding), unless the
    server's idle time paid it first. The figure, and the server's median CPU per answer."""
    note = root / "people" / "bench-written.md"
    note.write_text("---\ntitle: Written\n---\n# Written\n\n", encoding="utf-8")
    samples, spent = [], []
    try:
        for i in range(runs):
            with note.open("a", encoding="utf-8") as out:
                out.write(f"- [🟡MED][FACT] added:2026-11-30 src:user · Written {i} ^bw{i:02d}\n")
            time.sleep(THINKING_S)
            before = server_cpu(root)
            samples.append(benchkit.run_once(recall, stdin=turns[(i + 7) % len(turns)]))
            spent.append(server_cpu(root) - before)
    finally:
        note.unlink()  # a kept workspace stays as it was generated
    name = f"warm recall, a new prompt {THINKING_S:g} s after a note was written"
    return benchkit.figure(name, samples), statistics.median(spent)


def cold_only(args: argparse.Namespace, root: Path, workdir: Path, prompt: Path) -> list[Figure]:
    """Cold `recall --hook claude-code` (no server) beside `python -c pass` and, with
    --baseline, another memctl's: for two base installs, which have no ripgrep or MCP SDK."""
    recall = [MEMCTL, "-w", str(root), "recall", "--hook", "claude-code"]
    commands = {"python -c pass (reference)": [sys.executable, "-c", "pass"]}
    commands["cold recall --hook claude-code (no server)"] = recall
    if args.baseline:
        commands[BASELINE] = baseline_recall(root, workdir, args.baseline)
    stdin = {name: prompt for name in commands if "recall" in name}
    figures = benchkit.measure_interleaved(commands, args.runs, stdin=stdin)
    if args.baseline:
        mine, theirs = figures[1], figures[2]
        assert mine.median_s is not None and theirs.median_s is not None
        mine.note = f"{mine.median_s / theirs.median_s:.2f}× the baseline's"
    return figures


def baseline_recall(root: Path, workdir: Path, baseline: str) -> list[str]:
    """The baseline memctl's cold recall hook, on its own copy of the workspace."""
    other = baseline_copy(root, workdir, baseline)
    return [baseline, "-w", str(other), "recall", "--hook", "claude-code"]


def baseline_copy(root: Path, workdir: Path, baseline: str) -> Path:
    """A copy of the workspace without memctl's derived files, indexed by the baseline."""
    other = workdir / "baseline-ws"
    shutil.copytree(root, other, ignore=shutil.ignore_patterns("*.db", "*.db-*", "cache"))
    # An older memctl refuses the settings it does not know (the semantic path's: it searches
    # by words alone, as this one does with --semantic 0; compare the two that way).
    config = other / ".memctl" / "config.yaml"
    for _ in range(20):
        done = subprocess.run(
            [baseline, "-w", str(other), "reindex"], capture_output=True, text=True
        )
        unknown = re.search(r"unknown setting '([\w-]+)'", done.stderr)
        if done.returncode == 0 or unknown is None:
            break
        lines = config.read_text().splitlines(keepends=True)
        config.write_text("".join(x for x in lines if not x.startswith(f"{unknown[1]}:")))
    if done.returncode != 0:
        raise SystemExit(f"bench: the baseline cannot index its copy: {done.stderr.strip()}")
    return other


def main(argv: list[str] | None = None) -> int:
    options = {
        "files": (10_000, "workspace size"),
        "seed": (1, "generator seed"),
        "semantic": (1, "1: by meaning too, when memctl[semantic] is installed; 0: words only"),
    }
    keep = ("--keep", {"metavar": "DIR", "help": "build the workspace here once and reuse it"})
    baseline = (
        "--baseline",
        {"metavar": "MEMCTL", "help": "another memctl's command, timed cold beside this one"},
    )
    cold = ("--cold-only", {"action": "store_true", "help": "only the cold recall (and baseline)"})
    return benchkit.main(
        __doc__, "serve", bench, runs=15, options=options, argv=argv, extra=[keep, baseline, cold]
    )


if __name__ == "__main__":
    sys.exit(main())
