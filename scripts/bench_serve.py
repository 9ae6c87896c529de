"""Whole-process timings of the warm path, in-process times of the MCP tools, server memory.

    python scripts/bench_serve.py [--runs 15] [--files 10000] [--seed 1] [--json] [--strict]

The workspace comes from scripts/generate_workspace.py. In one run, interleaved run by run
(benchkit.measure_interleaved), on the same files:

- `rg -i -l -F WORD` over the workspace and `python -c pass` (references);
- warm `memctl recall --hook claude-code` (the hook's JSON on stdin) while `memctl serve
  --no-mcp` runs: goal ≤ 0.75 × the rg scan and ≤ 35 ms;
- warm `memctl guard check --hook claude-code` (a Bash tool call's JSON): the same goal;
- then, with the server stopped, cold `memctl recall --hook claude-code` (no server: the
  command's own process; compare with bench_search.py's recall);
- the MCP `recall` and `search` tools called through the SDK's in-process client on a server
  built in this process: median time per call (goal ≤ 10 ms);
- the server's resident memory after all of that, at --files files (goal ≤ 150 MB).

The console script is the one installed beside this interpreter; an editable install's
import finder makes Python's own start slower than a regular install's: `python -c pass` is
timed with the same interpreter so that the difference shows.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
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
ACTION = "git push --force origin main"


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


def start_server(root: Path) -> subprocess.Popen:
    proc = subprocess.Popen(
        [MEMCTL, "-w", str(root), "serve", "--no-mcp"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        env=benchkit.environment(),
    )
    deadline = time.monotonic() + 120
    while (server_status(root) or {}).get("served", 0) < 2:  # watching, and warmed up
        if proc.poll() is not None or time.monotonic() > deadline:
            raise SystemExit("bench: the server did not start")
        time.sleep(0.1)
    return proc


def mcp_calls(root: Path, runs: int) -> tuple[list[float], list[float]]:
    """Seconds per MCP tool call, through the SDK's in-process client."""
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

    async def timed() -> tuple[list[float], list[float]]:
        times: dict[str, list[float]] = {"recall": [], "search": []}
        async with Client(server) as client:
            for i in range(runs + 2):
                for name, args in (
                    ("recall", {"prompt": PROMPT}),
                    ("search", {"query": "postgres migration staging"}),
                ):
                    started = time.perf_counter()
                    result = await client.call_tool(name, args)
                    took = time.perf_counter() - started
                    assert not result.is_error, result.content
                    if i >= 2:
                        times[name].append(took)
        return times["recall"], times["search"]

    try:
        return asyncio.run(timed())
    finally:
        worker.shutdown()
        watch.unregister(watcher)


def bench(args: argparse.Namespace, workdir: Path) -> list[Figure]:
    runs, files = args.runs, args.files
    root = workdir / "ws"
    generate(root, files, args.seed)
    rules = root / "rules" / "git-safety.md"
    rules.write_text(
        '# Git safety\n\n- [🔴HIGH][RULE] src:user check:"push --force" '
        "guard:enforce · Never force-push to main ^gf01\n"
    )
    benchkit.run_once([MEMCTL, "-w", str(root), "reindex"])
    os.sync()
    prompt = workdir / "prompt.json"
    prompt.write_text(json.dumps({"hook_event_name": "UserPromptSubmit", "prompt": PROMPT}))
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
        "warm guard": "warm guard check --hook claude-code",
    }
    proc = start_server(root)
    try:
        figures = benchkit.measure_interleaved(
            {
                ref: [rg(), "-i", "-l", "-F", WORD, str(root)],
                names["pass"]: [sys.executable, "-c", "pass"],
                names["warm recall"]: recall,
                names["warm guard"]: guard,
            },
            runs,
            stdin={names["warm recall"]: prompt, names["warm guard"]: tool},
        )
        status = server_status(root)
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=60)
    scan, floor, warm_recall, warm_guard = figures
    for figure in (warm_recall, warm_guard):
        limit = min(0.035, 0.75 * scan.median_s)
        figure.at_most(limit)
        figure.goal = f"≤ 0.75× rg ({0.75 * scan.median_s * 1000:.0f} ms) and ≤ 35 ms"
        figure.note = (
            f"{figure.median_s / scan.median_s:.2f}× rg, "
            f"{(figure.median_s - floor.median_s) * 1000:+.1f} ms over python -c pass"
        )
    served = status["served"] if status else 0
    warm_recall.note += f"; {served} requests answered by the server"
    cold = benchkit.measure_interleaved(
        {"cold recall --hook claude-code (no server)": recall},
        runs,
        stdin={"cold recall --hook claude-code (no server)": prompt},
    )[0]
    cold.note = f"{cold.median_s / scan.median_s:.2f}× rg (bench_search.py times it too)"
    recall_s, search_s = mcp_calls(root, runs)
    tools = []
    for name, taken in (
        ("MCP recall tool, per call (in-process)", recall_s),
        ("MCP search tool, per call (in-process)", search_s),
    ):
        tools.append(
            Figure(name, statistics.median(taken), min(taken), max(taken), len(taken)).at_most(
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
    return [scan, floor, warm_recall, warm_guard, cold, *tools, memory]


def main(argv: list[str] | None = None) -> int:
    options = {"files": (10_000, "workspace size"), "seed": (1, "generator seed")}
    return benchkit.main(__doc__, "serve", bench, runs=15, options=options, argv=argv)


if __name__ == "__main__":
    sys.exit(main())
