"""Random `kill -9` over every command that writes: is anything lost, does anything need a person?

Each trial copies one prepared workspace, starts one write command on it (picked at random),
and kills its whole process group with SIGKILL at a random moment of the command's measured
run time. Then it checks four things:

- **entries lost**: every entry id, log heading and relation of the prepared workspace's last
  commit is still in the last commit after recovery (a command may add or close, never lose);
- **needed a person**: the next command (`memctl log`) fails: the workspace did not recover
  on its own;
- **leftovers**: after that next command, anything a dead process left: uncommitted changes
  to tracked files, temp files (`.NAME.PID.tmp`), git lock files, memctl's change journal;
- **a purge cut short**: running the purge again finishes it (exit 0) and leaves its text in
  no file and no git object, reachable or not.

    .venv/bin/python scripts/bench_crash.py --kills 300 [--seed 7] [--json] [--keep DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

MEMCTL = str(Path(sys.executable).parent / "memctl")
ENV = {**os.environ, "MEMCTL_NOW": "2026-11-30T09:00", "NO_COLOR": "1"}
ENV.pop("MEMCTL_WORKSPACE", None)
PHONE = "555-0142"
TRANSCRIPT = [
    {
        "type": "user",
        "sessionId": "s-1",
        "cwd": "/home/sam/app",
        "uuid": "u1",
        "timestamp": "2026-11-29T09:00:00.000Z",
        "message": {"role": "user", "content": "fix the flaky deploy test"},
    },
    {
        "type": "assistant",
        "sessionId": "s-1",
        "cwd": "/home/sam/app",
        "uuid": "a1",
        "timestamp": "2026-11-29T09:01:00.000Z",
        "message": {"role": "assistant", "content": [{"type": "text", "text": "fixed it"}]},
    },
]
# Every command that writes, as it would be run; {T} is the transcript, {I} an entry id.
COMMANDS = {
    "log": ["log", "Deployed", "-m", "v2 is live; DECISION: keep the canary"],
    "add": ["add", "lessons/deploy", "the canary runs for an hour", "-k", "LESSON"],
    "new": ["new", "projects/n{R}", "-t", "New project"],
    "remember": ["remember", "the plumber is Joe now", "-s", "user"],
    "now focus": ["now", "focus", "ship v2", "--add"],
    "now start": ["now", "start", "write the migration"],
    "now priority": ["now", "priority", "billing", "-p", "P1", "-s", "started"],
    "key": ["key", "{I}", "the deploy lesson"],
    "verify": ["verify", "lessons/deploy"],
    "close": ["close", "{I}", "--reason", "replaced"],
    "forget": ["forget", "{I}", "--reason", "wrong"],
    "graph add": ["graph", "add", "Brian", "runs", "Project {R}"],
    "index": ["index"],
    "archive": ["archive"],
    "consolidate": ["consolidate", "--date", "2026-11-29"],
    "sleep": ["sleep"],
    "slip": ["slip", "{I}", "--note", "slipped"],
    "flush": ["flush", "{T}", "--event", "ended"],
    "chats index": ["chats", "index", "{T}"],
    "forget --purge": ["forget", "--purge", "--match", PHONE, "--yes"],
}


def memctl(root: Path, *args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run(
        [MEMCTL, "-w", str(root), *args], env=ENV, capture_output=True, text=True, timeout=timeout
    )


def prepare(base: Path) -> dict:
    """A small workspace with something for every command to work on."""
    done = subprocess.run([MEMCTL, "init", str(base)], env=ENV, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    steps = [
        ["new", "lessons/deploy", "-t", "Deploy"],
        ["add", "lessons/deploy", "deploys go out on Tuesdays", "-k", "LESSON"],
        ["add", "lessons/deploy", "old fact", "-p", "low", "--expires", "2026-11-01"],
        ["new", "people/sam", "-t", "Sam"],
        ["add", "people/sam", f"Sam's old number is {PHONE}"],
        ["graph", "add", "Brian", "owns", "Atlas"],
        ["now", "start", "fix billing"],
    ]
    for argv in steps:
        result = memctl(base, *argv)
        assert result.returncode == 0, (argv, result.stderr)
    day = base / "daily" / "2026-11-29.md"
    day.write_text("# 2026-11-29\n\n### 09:00 — call\nDECISION: staging first\nTODO: book it\n")
    subprocess.run(["git", "add", "-A"], cwd=base, check=True)
    subprocess.run(["git", "commit", "-qm", "a day by hand"], cwd=base, check=True)
    ids = re.findall(r"\^([a-z0-9]{4,})$", (base / "lessons/deploy.md").read_text(), re.M)
    transcript = base.parent / "t.jsonl"
    transcript.write_text("".join(json.dumps(line) + "\n" for line in TRANSCRIPT))
    return {"I": ids[0], "T": str(transcript)}


def committed_facts(root: Path) -> set[str]:
    """Entry ids, log headings and relation ids of the last commit."""
    listing = subprocess.run(
        ["git", "ls-tree", "-r", "--name-only", "HEAD"], cwd=root, capture_output=True, text=True
    ).stdout.split()
    facts = set()
    for rel in listing:
        if not rel.endswith(".md") or rel.startswith(".archive/"):
            continue
        text = subprocess.run(
            ["git", "show", f"HEAD:{rel}"], cwd=root, capture_output=True, text=True
        ).stdout
        facts |= {f"{rel}#^{m}" for m in re.findall(r"\^([a-z0-9]{4,})$", text, re.M)}
        facts |= {f"{rel}:{h}" for h in re.findall(r"^### .*$", text, re.M)}
    return facts


def archived_ids(root: Path) -> set[str]:
    """Ids of the last commit's archive: an entry archived or purged is moved, not lost."""
    out = subprocess.run(
        ["git", "grep", "-ho", r"\^[a-z0-9]\{4,\}$", "HEAD", "--", ".archive"],
        cwd=root,
        capture_output=True,
        text=True,
    ).stdout
    return {line.strip().lstrip("^") for line in out.splitlines()}


def leftovers(root: Path) -> list[str]:
    found = []
    status = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=no"],
        cwd=root,
        capture_output=True,
        text=True,
    ).stdout
    found += [f"uncommitted: {line[3:]}" for line in status.splitlines()]
    for path in root.rglob("*"):
        rel = path.relative_to(root).as_posix()
        if path.name.endswith(".tmp") and path.name.startswith("."):
            found.append(f"temp file: {rel}")
        if rel.startswith(".git/") and path.name.endswith(".lock"):
            found.append(f"git lock: {rel}")
    if (root / ".memctl/cache/journal").exists():
        found.append("journal")
    return found


def trial(
    base: Path,
    work: Path,
    name: str,
    argv: list[str],
    duration: float,
    rnd: random.Random,
    keep: Path | None = None,
) -> dict:
    target = work / f"t{rnd.randrange(10**9)}"
    shutil.copytree(base, target, symlinks=True)
    before = committed_facts(target)
    proc = subprocess.Popen(
        [MEMCTL, "-w", str(target), *argv],
        env=ENV,
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    fraction = rnd.uniform(0.0, 1.1)
    time.sleep(duration * fraction)
    killed = proc.poll() is None
    with _suppress():
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    after_kill = memctl(target, "log", "after the kill", "-m", "the next command")
    after = committed_facts(target)
    moved = archived_ids(target)
    lost = sorted(f for f in before - after if f.split("#^")[-1] not in moved)
    if name == "forget --purge":  # the purge removes its text on purpose: its entry goes
        lost = [f for f in lost if not f.startswith("people/sam.md#^")]
    left = leftovers(target)
    snapshot = work / f"{target.name}.next"  # the workspace as the next command left it
    if keep is not None:
        shutil.copytree(target, snapshot, symlinks=True)
    rerun = None
    if name == "forget --purge":  # a purge cut short is finished by running it again
        rerun = memctl(target, *argv)
        left_text = holding(target, PHONE)
    failed = bool(lost or left or after_kill.returncode != 0)
    failed |= rerun is not None and (rerun.returncode != 0 or bool(left_text))
    if failed and keep is not None:
        shutil.move(snapshot, keep / target.name)
    shutil.rmtree(snapshot, ignore_errors=True)
    shutil.rmtree(target, ignore_errors=True)
    result = {
        "command": name,
        "argv": argv,
        "at": f"{duration * fraction:.3f}s ({fraction:.0%} of {duration:.3f}s)",
        "killed": killed,
        "lost": lost,
        "person": after_kill.returncode != 0,
        "person_why": after_kill.stderr.strip()[-200:],
        "leftovers": left,
    }
    if rerun is not None:
        result["purge_rerun_failed"] = rerun.returncode != 0
        result["purge_rerun_why"] = rerun.stderr.strip()[-200:] if rerun.returncode else ""
        result["purged_text_left"] = left_text
    return result


def holding(root: Path, text: str) -> list[str]:
    """Where `text` still is after a purge: files of the workspace, and git objects (all of
    them, reachable or not, read uncompressed)."""
    found = []
    needle = text.encode()
    for path in root.rglob("*"):
        rel = path.relative_to(root).as_posix()
        if path.is_file() and not rel.startswith(".git/objects/") and needle in path.read_bytes():
            found.append(rel)
    objects = subprocess.run(
        ["git", "cat-file", "--batch-all-objects", "--batch"], cwd=root, capture_output=True
    ).stdout
    if needle in objects:
        found.append("git objects")
    return found


class _suppress:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return exc[0] is not None and issubclass(exc[0], ProcessLookupError)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kills", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--keep", type=Path, help="move failed trials' workspaces into this folder")
    args = parser.parse_args()
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
    rnd = random.Random(args.seed)
    work = Path(tempfile.mkdtemp(prefix="memctl-crash-"))
    base = work / "base"
    marks = prepare(base)
    durations = {}
    for name, argv in COMMANDS.items():
        filled = [a.replace("{I}", marks["I"]).replace("{T}", marks["T"]) for a in argv]
        copy = work / "timing"
        shutil.copytree(base, copy, symlinks=True)
        started = time.monotonic()
        result = memctl(copy, *[a.replace("{R}", "0") for a in filled])
        durations[name] = (time.monotonic() - started, filled, result.returncode)
        shutil.rmtree(copy)
    results = []
    names = list(COMMANDS)
    for i in range(args.kills):
        name = names[i % len(names)] if i < len(names) * 2 else rnd.choice(names)
        duration, filled, _ = durations[name]
        argv = [a.replace("{R}", str(i)) for a in filled]
        results.append(trial(base, work, name, argv, duration, rnd, args.keep))
        if not args.json and (i + 1) % 50 == 0:
            print(f"… {i + 1} kills", file=sys.stderr)
    shutil.rmtree(work, ignore_errors=True)
    report(results, durations, as_json=args.json)


def report(results: list[dict], durations: dict, *, as_json: bool) -> None:
    person = [r for r in results if r["person"]]
    left = [r for r in results if r["leftovers"]]
    purges = [r for r in results if "purge_rerun_failed" in r]
    figures = {
        "kills": len(results),
        "killed_while_running": sum(r["killed"] for r in results),
        "entries_lost": sum(len(r["lost"]) for r in results),
        "needed_a_person": len(person),
        "with_leftovers": len(left),
        "per_command": dict(Counter(r["command"] for r in results)),
        "commands_ok_unkilled": {n: d[2] == 0 for n, d in durations.items()},
        "purges": len(purges),
        "purge_rerun_failed": sum(r["purge_rerun_failed"] for r in purges),
        "purged_text_left_after_rerun": sum(bool(r["purged_text_left"]) for r in purges),
        "failures": [r for r in results if _failed(r)][:20],
    }
    if as_json:
        print(json.dumps(figures, indent=2))
        return
    print(f"kills: {figures['kills']} ({figures['killed_while_running']} while the command ran)")
    print(f"entries lost: {figures['entries_lost']} (goal 0)")
    print(f"workspaces that needed a person: {figures['needed_a_person']} (goal 0)")
    print(f"workspaces with leftovers: {figures['with_leftovers']} (goal 0)")
    print(
        f"purges whose rerun failed: {figures['purge_rerun_failed']} of {figures['purges']}, "
        f"with the purged text left after the rerun: {figures['purged_text_left_after_rerun']}"
        " (goal 0, 0)"
    )
    broken = [n for n, ok in figures["commands_ok_unkilled"].items() if not ok]
    if broken:
        print(f"commands that failed even unkilled (check the script): {', '.join(broken)}")
    for failure in figures["failures"]:
        print(
            f"  {failure['command']} killed at {failure['at']}: lost {failure['lost'][:3]} "
            f"person={failure['person']} "
            f"{failure['person_why'][:120]!r} leftovers {failure['leftovers'][:3]}"
        )
        if failure.get("purge_rerun_failed") or failure.get("purged_text_left"):
            print(
                f"    rerun of the purge: failed={failure['purge_rerun_failed']} "
                f"{failure['purge_rerun_why'][:120]!r} text left in {failure['purged_text_left']}"
            )


def _failed(r: dict) -> bool:
    return bool(
        r["lost"]
        or r["person"]
        or r["leftovers"]
        or r.get("purge_rerun_failed")
        or r.get("purged_text_left")
    )


if __name__ == "__main__":
    main()
