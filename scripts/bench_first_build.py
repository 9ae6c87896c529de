"""The search index's first build on a big workspace: how long, what a kill at half-way saves,
and whether the recall hook answers within its time while the build is not done.

Generates a workspace of N files (generate_workspace.py), then on fresh copies of it:

- **first build**: `memctl search` with no index yet, timed (the whole process);
- **killed at 50%**: the same, `kill -9` at half the first build's time, then run again: the
  rerun's time and how many files it read (the files the killed build committed are kept);
- **hook**: `memctl recall --hook claude-code` with no index, timed, repeated until the build is
  done: each call within Claude Code's 10 s, silent until the index is whole.

    .venv/bin/python scripts/bench_first_build.py --files 20000 [--hook-only] [--hook-calls 20]
                                                  [--json]

--hook-only skips the first two (at 100,000 files each is a build of many minutes); each hook
call's figures include how many files the index held after it, so the calls a whole first
build takes can be read off the rate.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from generate_workspace import generate  # noqa: E402

MEMCTL = str(Path(sys.executable).parent / "memctl")
ENV = {**os.environ, "MEMCTL_NOW": "2026-11-30T09:00", "NO_COLOR": "1"}
ENV.pop("MEMCTL_WORKSPACE", None)
HOOK_INPUT = json.dumps(
    {"hook_event_name": "UserPromptSubmit", "prompt": "what did we decide about the deploy?"}
)


def search(root: Path) -> float:
    started = time.monotonic()
    subprocess.run(
        [MEMCTL, "-w", str(root), "search", "deploy", "--json"],
        env=ENV,
        capture_output=True,
        check=True,
    )
    return time.monotonic() - started


def indexed(root: Path) -> int:
    """Files the index holds (a build killed half-way keeps what it committed)."""
    import sqlite3

    db = sqlite3.connect(root / ".memctl/search.db")
    try:
        return db.execute("SELECT count(*) FROM files").fetchone()[0]
    except sqlite3.Error:
        return 0
    finally:
        db.close()


def copy(base: Path, name: str) -> Path:
    target = base.parent / name
    shutil.copytree(base, target, symlinks=True)
    return target


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--files", type=int, default=20_000)
    parser.add_argument("--hook-only", action="store_true", help="only the hook calls")
    parser.add_argument("--hook-calls", type=int, default=20, help="at most this many (20)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="memctl-first-build-"))
    try:
        base = work / "base"
        generate(base, args.files, 1)
        figures: dict = {"files": args.files}
        if not args.hook_only:
            builds(base, figures)
        hooked = copy(base, "hook")
        calls = []
        for _ in range(args.hook_calls):
            started = time.monotonic()
            done = subprocess.run(
                [MEMCTL, "-w", str(hooked), "recall", "--hook", "claude-code"],
                input=HOOK_INPUT,
                env=ENV,
                capture_output=True,
                text=True,
            )
            calls.append(
                {
                    "s": round(time.monotonic() - started, 2),
                    "exit": done.returncode,
                    "answered": bool(done.stdout.strip()),
                    "building": "first build is under way" in done.stderr,
                    "indexed": indexed(hooked),
                }
            )
            if not calls[-1]["building"]:
                break
        figures["hook_calls"] = calls
        figures["hook_slowest_s"] = max(c["s"] for c in calls)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    print(f"files: {figures['files']}")
    if not args.hook_only:
        print(f"first build (memctl search, no index): {figures['first_build_s']} s")
        print(
            f"killed at 50%, rerun: {figures['rerun_after_kill_at_50pct_s']} s, read "
            f"{figures['rerun_indexed']} files, the killed build had kept "
            f"{figures['kept_by_the_killed_build']} ({figures['saved_pct']}% of the time saved)"
        )
    per_call = calls[-1]["indexed"] / len(calls)
    whole = "whole" if not calls[-1]["building"] else f"not whole ({calls[-1]['indexed']} files)"
    print(
        f"recall --hook with no index: {len(calls)} call(s), the index {whole}; slowest "
        f"{figures['hook_slowest_s']} s (Claude Code's timeout: 10 s); exit codes "
        f"{sorted({c['exit'] for c in calls})}; answered while building: "
        f"{sum(c['answered'] and c['building'] for c in calls)}; {per_call:.0f} files a call"
    )


def builds(base: Path, figures: dict) -> None:
    """The first build, timed; then one killed at half its time, and its rerun."""
    first = search(copy(base, "first"))
    figures["first_build_s"] = round(first, 2)

    killed = copy(base, "killed")
    proc = subprocess.Popen(
        [MEMCTL, "-w", str(killed), "search", "deploy", "--json"],
        env=ENV,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    time.sleep(first / 2)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    kept = indexed(killed) if (killed / ".memctl/search.db").exists() else 0
    rerun = search(killed)
    figures["kept_by_the_killed_build"] = kept
    figures["rerun_after_kill_at_50pct_s"] = round(rerun, 2)
    figures["rerun_indexed"] = indexed(killed) - kept
    figures["saved_pct"] = round(100 * (1 - rerun / first))


if __name__ == "__main__":
    main()
