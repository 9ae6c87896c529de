#!/usr/bin/env python3
"""Measure the write gate's deterministic labeler on the labelled set tests/gate_cases.jsonl.

Each case is a small workspace (its notes, its rules), a new text with its source, and the label
a person gave it. Every case runs through the real gate (`remember.explain`: notes read from
disk, candidates scored, rules checked); secrets must be refused. Every plain repeat is then
written for real (`remember.remember`) to check that no second copy appears.

    .venv/bin/python scripts/eval_gate.py            # the table
    .venv/bin/python scripts/eval_gate.py --misses   # and every case it got wrong
    .venv/bin/python scripts/eval_gate.py --json     # the figures as JSON
"""

from __future__ import annotations

import datetime as dt
import json
import sys
import tempfile
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CASES = REPO / "tests" / "gate_cases.jsonl"
NOW = dt.datetime(2026, 11, 30, 9, 0)
ORDER = ("new", "repeat", "update", "correction", "clash", "injection", "secret")


def load_cases(path: Path = CASES) -> tuple[dict, list[dict]]:
    """(defaults, cases): the first line holds the default rules; one case per line after."""
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.startswith("//")]  # fmt: skip
    return lines[0], lines[1:]


def build(root: Path, case: dict, defaults: dict):
    """Write the case's notes and rules into a fresh folder and open it as a workspace."""
    from memctl.config import Config
    from memctl.workspace import Workspace

    (root / ".memctl").mkdir(parents=True)
    n = 0
    for rel, items in case.get("notes", {}).items():
        body = []
        for item in items:
            n += 1
            body.append(_line(item, f"n{n}", "FACT"))
        _note(root / rel, body)
    rules = case.get("rules", defaults["default_rules"])
    if rules:
        _note(root / "rules" / "house.md",
              [_line(text, f"r{i}", "RULE") for i, text in enumerate(rules, 1)])  # fmt: skip
    return Workspace(root, Config(auto_commit=False))


def _line(item: str | dict, entry_id: str, kind: str) -> str:
    if isinstance(item, dict):
        fields = f"added:2026-10-01 src:{item.get('src', 'user')}"
        return f"- [🟡MED][{item.get('kind', kind)}] {fields} · {item['text']} ^{entry_id}"
    if item.startswith("- "):
        return item if " ^" in item else f"{item} ^{entry_id}"
    return f"- [🟡MED][{kind}] added:2026-10-01 src:user · {item} ^{entry_id}"


def _note(path: Path, lines: list[str]) -> None:
    title = path.stem.replace("-", " ").capitalize()
    category = path.parent.name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"---\ntitle: {title}\ndate: 2026-10-01\ncategory: {category}\n"
                    "priority: med\nstatus: active\nlast_verified: 2026-11-20\ntags: []\n---\n"
                    f"# {title}\n\n" + "\n".join(lines) + "\n", encoding="utf-8")  # fmt: skip


@dataclass
class Result:
    case: dict
    got: str
    target: str | None = None
    reason: str = ""

    @property
    def ok(self) -> bool:
        want = self.case.get("target")
        return self.got == self.case["expect"] and (want is None or want == self.target)


def run_case(root: Path, case: dict, defaults: dict) -> Result:
    from memctl.errors import Refused
    from memctl.remember import explain

    ws = build(root, case, defaults)
    try:
        value = explain(ws, case["text"], source=case.get("source", "user"), now=NOW,
                        use_llm=False, ref=case.get("ref"))  # fmt: skip
    except Refused as exc:
        got = "secret" if "secret" in exc.message else "refused"
        return Result(case, got, reason=exc.message)
    target = value.decision.target.entry.id if value.decision.target else None
    return Result(case, value.label, target, value.reason)


def no_second_copy(root: Path, case: dict, defaults: dict) -> bool:
    """Write a plain repeat for real: the entry count stays, the entry on file is re-verified."""
    from memctl.note import read_note
    from memctl.remember import remember
    from memctl.workspace import iter_markdown

    ws = build(root, case, defaults)

    def entries() -> int:
        return sum(len(read_note(p).entries()) for p in iter_markdown(ws))

    before = entries()
    outcome = remember(ws, case["text"], source=case.get("source", "user"), now=NOW,
                       use_llm=False)  # fmt: skip
    return entries() == before and outcome.value.verified is not None


@dataclass
class Report:
    results: list[Result] = field(default_factory=list)
    copies: dict[str, bool] = field(default_factory=dict)  # plain repeat case id → no copy made

    def per_label(self) -> dict[str, tuple[int, int]]:
        counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for r in self.results:
            counts[r.case["expect"]][1] += 1
            counts[r.case["expect"]][0] += r.ok
        return {k: tuple(counts[k]) for k in ORDER if k in counts}

    def caught(self, label: str) -> tuple[int, int]:
        cases = [r for r in self.results if r.case["expect"] == label]
        return sum(r.got == label for r in cases), len(cases)

    def per_tag(self) -> dict[str, tuple[int, int]]:
        counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for r in self.results:
            for tag in r.case.get("tags", []):
                counts[tag][1] += 1
                counts[tag][0] += r.ok
        return {k: tuple(v) for k, v in sorted(counts.items())}

    def to_dict(self) -> dict:
        labels = self.per_label()
        confusion = Counter((r.case["expect"], r.got) for r in self.results)
        return {
            "cases": len(self.results),
            "correct": sum(r.ok for r in self.results),
            "per_label": {k: {"correct": c, "cases": n, "accuracy": round(c / n, 3)}
                          for k, (c, n) in labels.items()},
            "per_tag": {k: {"correct": c, "cases": n} for k, (c, n) in self.per_tag().items()},
            "injections_caught": self.caught("injection"),
            "secrets_caught": self.caught("secret"),
            "plain_repeats_without_copy": [sum(self.copies.values()), len(self.copies)],
            "confusion": {f"{a}->{b}": n for (a, b), n in sorted(confusion.items()) if a != b},
        }  # fmt: skip


def evaluate(cases: list[dict], defaults: dict) -> Report:
    report = Report()
    with tempfile.TemporaryDirectory(prefix="memctl-gate-eval-") as tmp:
        for i, case in enumerate(cases):
            report.results.append(run_case(Path(tmp) / f"c{i}", case, defaults))
            if case["expect"] == "repeat" and "plain" in case.get("tags", []):
                report.copies[case["id"]] = no_second_copy(Path(tmp) / f"w{i}", case, defaults)
    return report


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(REPO))
    defaults, cases = load_cases()
    report = evaluate(cases, defaults)
    data = report.to_dict()
    if "--json" in argv:
        print(json.dumps(data, indent=2))
        return 0
    print(f"write gate, deterministic labeler: {data['correct']}/{data['cases']} cases "
          f"({data['correct'] / data['cases']:.1%})\n")  # fmt: skip
    print(f"{'label':<12}{'cases':>6}{'correct':>9}{'accuracy':>10}")
    for name, row in data["per_label"].items():
        print(f"{name:<12}{row['cases']:>6}{row['correct']:>9}{row['accuracy']:>10.1%}")
    inj, sec, rep = (
        data["injections_caught"],
        data["secrets_caught"],
        data["plain_repeats_without_copy"],
    )
    print(f"\ninjections caught: {inj[0]}/{inj[1]}   secrets refused: {sec[0]}/{sec[1]}   "
          f"plain repeats written without a second copy: {rep[0]}/{rep[1]}")  # fmt: skip
    print("by tag: " + ", ".join(f"{k} {v['correct']}/{v['cases']}"
                                 for k, v in data["per_tag"].items()))  # fmt: skip
    if data["confusion"]:
        print("confusions: " + ", ".join(f"{k} ×{n}" for k, n in data["confusion"].items()))
    if "--misses" in argv:
        for r in report.results:
            if not r.ok:
                print(
                    f"\n✗ {r.case['id']}: expected {r.case['expect']}"
                    f"{' ^' + r.case['target'] if r.case.get('target') else ''}, got {r.got}"
                    f"{' ^' + r.target if r.target else ''}\n  {r.case['text']}\n  {r.reason}"
                )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
