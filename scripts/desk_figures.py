"""What `memctl now` puts on the desk: tokens printed, against the budget, on three workspaces.

    python scripts/desk_figures.py [--files 10000] [--rules 40] [--budget N] [--json] [--strict]

- workspace-example/ as it ships;
- a generated workspace (scripts/generate_workspace.py) of --files files with exactly --rules
  open rules in rules/, its NOW.md as generated;
- the same workspace with NOW.md grown far over the budget: 150 done focus items, 8 open ones,
  a person's own section of 80 lines, 6 tasks in progress and 9 priority rows (3 of them P0).

For each: the tokens `memctl now` prints (stdout, counted as memctl counts them: budget.py), the
budget, the rules on the desk and the ones named in the notice, and the checks that matter:
printed ≤ budget, every P0 row shown, every rule either shown or named by its id. --budget
sets now_budget_tokens (in each workspace's .memctl/local.yaml) instead of the default 1,500.
--strict exits 1 when a check fails.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from generate_workspace import generate

from memctl.budget import estimate_tokens

MEMCTL = str(Path(sys.executable).parent / "memctl")
CLOCK = "2026-11-30T09:00"
EXAMPLE = Path(__file__).resolve().parent.parent / "workspace-example"


def now(root: Path, *args: str) -> str:
    env = {**os.environ, "MEMCTL_NOW": CLOCK, "NO_COLOR": "1"}
    env.pop("MEMCTL_WORKSPACE", None)
    done = subprocess.run(
        [MEMCTL, "-w", str(root), "now", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=True,
    )
    return done.stdout


def grow_now(root: Path) -> None:
    """NOW.md far over the budget, with P0s at the end of the file."""
    path = root / "NOW.md"
    text = path.read_text(encoding="utf-8")
    head, _, rest = text.partition("## Today's Focus\n")
    done = "".join(
        f"- ✅ Finished chore {i}: sent the weekly report and filed the receipts\n"
        for i in range(150)
    )
    open_items = "".join(
        f"- Open item {i}: call the venue about the December booking\n" for i in range(8)
    )
    notes = "".join(
        f"- Note {i}: the contractor said the roof needs another look in spring\n"
        for i in range(80)
    )
    tasks = "".join(
        f"- 🔄 Task {i}: migrate the {i}th service to the new cluster\n" for i in range(6)
    )
    rows = "".join(
        f"| P{i // 3} | Priority row {i}: the quarterly plan for team {i} | todo |\n"
        for i in range(9)
    )
    table = "| Priority | Task | Status |\n|----------|------|--------|\n"
    path.write_text(
        f"{head}## Today's Focus\n{done}{open_items}\n## Notes by Sam\n{notes}\n"
        f"## In Progress\n{tasks}\n## Current Priorities\n{table}{rows}",
        encoding="utf-8",
    )


def measure(name: str, root: Path, budget: int | None) -> dict:
    if budget is not None:
        (root / ".memctl" / "local.yaml").write_text(f"now_budget_tokens: {budget}\n")
    data = json.loads(now(root, "--json"))
    out = now(root)
    printed = estimate_tokens(out)
    p0s = [
        line
        for line in (root / "NOW.md").read_text(encoding="utf-8").splitlines()
        if re.match(r"^\|\s*P0\s*\|", line)
    ]
    rules = data["rules"]
    missing = [
        r for r in rules if (f"^{r['id']}" if r["id"] else f"{r['path']}:{r['line']}") not in out
    ]
    return {
        "workspace": name,
        "printed_tokens": printed,
        "budget": data["budget_tokens"],
        "all_tokens": data["total_tokens"],
        "rules": len(rules),
        "rules_shown": data["rules_shown"],
        "rules_named": len(rules) - data["rules_shown"],
        "p0_rows": len(p0s),
        "p0_shown": sum(1 for line in p0s if line in out),
        "left_out": data["left_out"],
        "ok": printed <= data["budget_tokens"] and not missing and all(line in out for line in p0s),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=10_000)
    parser.add_argument("--rules", type=int, default=40)
    parser.add_argument("--budget", type=int, default=None, help="now_budget_tokens to use")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--strict", action="store_true")
    args = parser.parse_args(argv)
    rows = []
    with tempfile.TemporaryDirectory(prefix="memctl-desk-") as tmp:
        example = Path(tmp) / "example"
        shutil.copytree(EXAMPLE, example, ignore=shutil.ignore_patterns("cache", "lock", "*.db*"))
        rows.append(measure("workspace-example", example, args.budget))
        generated = Path(tmp) / "generated"
        generate(generated, args.files, rules=args.rules)
        label = f"generated, {args.files:,} files, {args.rules} rules"
        rows.append(measure(label, generated, args.budget))
        grow_now(generated)
        rows.append(measure(f"{label}, NOW.md over budget", generated, args.budget))
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        print(
            f"{'workspace':52} {'printed':>8} {'budget':>7} {'all':>7} {'rules':>11} "
            f"{'P0 shown':>9}  ok"
        )
        for r in rows:
            print(
                f"{r['workspace']:52} {r['printed_tokens']:>8,} {r['budget']:>7,} "
                f"{r['all_tokens']:>7,} {r['rules_shown']:>4} shown {r['p0_shown']:>4}/"
                f"{r['p0_rows']:<4} {'yes' if r['ok'] else 'NO'}"
            )
            if r["left_out"]:
                print(f"    left out: {'; '.join(r['left_out'])[:300]}")
    return 1 if args.strict and not all(r["ok"] for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
