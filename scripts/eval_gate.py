#!/usr/bin/env python3
"""Measure the write gate's deterministic labeler on its labelled sets.

Each case is a small workspace (its notes, its rules), a new text with its source, and the label
a person gave it. Every case runs through the real gate (`remember.explain`: notes read from
disk, candidates scored, rules checked); secrets must be refused. Every plain repeat is then
written for real (`remember.remember`) to check that no second copy appears.

The sets (tests/gate_cases*.jsonl):
- `labelled`: the first set, most of it tuned on;
- `meaning`: changes of mind, corrections, added details, rule changes, injections in many
  languages, the user's words after a quote, routing; tuned on;
- `held-out`: the same classes in other phrasings, never tuned on: report it on its own;
- `blind-a`, `blind-b`: a second set in the same classes (and secrets), written without the
  gate's code or the other sets in view, split in two halves of each class. Part A is tuned on
  (its misses were read); part B never is: report it on its own.
- `blind-c`, `blind-d`: a third set, written the same way by another hand: C is tuned on, D
  is never read (its totals only);
- `blind-e`, `blind-f`: injections in many forms and languages, and near-misses, written the
  same way: E is tuned on, F is never read.
- `fresh-g`, `fresh-h`: every class again (changes of mind, corrections, details, repeats,
  near-misses, rule changes, injections in many languages and forms, secrets) in phrasings of
  their own, written together in two halves: G is tuned on, H is never read (its totals only).
- `fresh-i`, `fresh-j`: a fourth such set, written later in two halves of each class: I is
  tuned on, J is never read (its totals only).
- `fresh-k`, `fresh-l`: a fifth, weighted to changes of mind, corrections and repeats in many
  phrasings: K is tuned on, L is never read (its totals only).
- `story`: cases a user wrote while trying memctl end to end in stories of their own, run
  through the CLI first; its misses were read (tuned on).
- `fresh-m`, `fresh-n`: a sixth, every class in two halves, written without the gate's code or
  the other sets in view; neither half is read (their totals only).
- `story-2`: 40 cases another user wrote in stories of their own; held out (its totals only).
- `user-3`: 38 cases a person wrote while living a month with memctl from the outside, each
  before trying it; held out (its totals only).
- `user-4`: 40 cases another person wrote before trying memctl from the outside, across home
  and work; held out (its totals and the writer's own report of its misses only).
- `user-5`: 40 cases a fifth person wrote before trying memctl from the outside, as people
  talk (lead-ins, synonyms, one detail of several changing); held out (its totals and the
  writer's own report of its misses only).
- `user-6`: 40 cases a sixth person wrote before trying memctl from the outside, weighted to
  changes said in passing, repeats in other words and rules loosened in everyday words; held
  out (its totals and the writer's own report of its misses only). Scored as its writer scored
  it: a web or tool text that orders an agent is an injection, an update may be a correction.
- `user-7`: 40 cases a seventh person wrote before trying memctl from the outside, weighted to
  changes said in passing where one detail of several changes, look-alikes that say something
  new, and rules broken in other words; held out (its totals and the writer's own report of its
  misses only), scored as `user-6` is.
- `user-8`: 40 cases an eighth person wrote before trying memctl from the outside, in chat as
  people type it (abbreviations, typos, second-hand news, run-on sentences); held out (its
  totals and the writer's own report of its misses only), scored as `user-6` is.
- `user-9`: 40 cases a ninth person wrote before trying memctl from the outside, weighted to
  repeats said sloppily (shorthand, typos, filler), changes of one detail of several, and
  rules loosened in chat; held out (its totals and the writer's own report of its misses
  only), scored as `user-6` is.

- `user-10`, `user-11`, `user-12`: 40 cases each that three more people wrote before trying
  memctl from the outside (a clinic manager, a wedding photographer, a teacher who lets a flat
  and cares for her father), in chat as people type it; each scored first as its writer's own
  runner scored it (the first-run figure is the held-out one), then read, scored as `user-6` is.
- `fresh-o`, `fresh-p`: a seventh, written without the gate's code or the other sets in view,
  weighted to changes said in passing and in other words, repeats in other words and rules
  broken in other words; two alike halves: O is tuned on, P is never read (its totals only).
- `fresh-q`, `fresh-r`: injections in 22 languages and many disguises, and pages full of
  instructions for people, written the same way; Q is tuned on, R is never read (its totals
  only).
- `fresh-s`, `fresh-t`: an eighth, every class written the same way in two alike halves of 62
  (changes of mind said in passing, with the details an update must keep; added details,
  corrections, repeats, look-alikes, rules broken in other words and changed for good,
  injections hidden in pages and files, the user's own texts in Spanish, German and French):
  S is tuned on, T is never read (its totals only).
- `fresh-u`, `fresh-v`: a ninth, written the same way in two alike halves of 62 and in the same
  classes, by another hand, in chat as people type it (lead-ins, second-hand news, the change
  said without a word of change, numbers in words, texts in seven other languages): U is tuned
  on, V is never read (its totals only).
- `fresh-w`, `fresh-x`: a tenth, written the same way in two alike halves of 62 by a hand that
  had not seen the gate's code or the other sets: W is tuned on, X is never read (its totals
  only).
- `fresh-y`, `fresh-z`: an eleventh, written the same way in two alike halves of 62 by a hand
  that had not seen the gate's code or the other sets: Y is tuned on, Z is never read (its
  totals only).
A case may also say what the written line must hold (`holds`: the unchanged details an update
carries forward), where it must go (`goes_to`, with `topic` as `--topic`), and other labels that
count as right (`accept`). A case whose text says something new (any label but repeat) and that
the gate labels repeat (through `remember` or the nightly job) is counted as *dropped*. Cases
from the user or the agent also run through the nightly job (`consolidate --dry-run` over a
day's log holding the text as a `FACT:` line) and must get a right label there too.

    .venv/bin/python scripts/eval_gate.py               # every set, one table each
    .venv/bin/python scripts/eval_gate.py --set meaning # one set
    .venv/bin/python scripts/eval_gate.py --misses      # and every case it got wrong
    .venv/bin/python scripts/eval_gate.py --json        # the figures as JSON
    .venv/bin/python scripts/eval_gate.py --words-only  # without the semantic path
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
SETS = {
    "labelled": CASES,
    "meaning": REPO / "tests" / "gate_cases_meaning.jsonl",
    "held-out": REPO / "tests" / "gate_cases_heldout.jsonl",
    "blind-a": REPO / "tests" / "gate_cases_blind_a.jsonl",
    "blind-b": REPO / "tests" / "gate_cases_blind_b.jsonl",
    "blind-c": REPO / "tests" / "gate_cases_blind_c.jsonl",
    "blind-d": REPO / "tests" / "gate_cases_blind_d.jsonl",
    "blind-e": REPO / "tests" / "gate_cases_blind_e.jsonl",
    "blind-f": REPO / "tests" / "gate_cases_blind_f.jsonl",
    "fresh-g": REPO / "tests" / "gate_cases_fresh_g.jsonl",
    "fresh-h": REPO / "tests" / "gate_cases_fresh_h.jsonl",
    "fresh-i": REPO / "tests" / "gate_cases_fresh_i.jsonl",
    "fresh-j": REPO / "tests" / "gate_cases_fresh_j.jsonl",
    "fresh-k": REPO / "tests" / "gate_cases_fresh_k.jsonl",
    "fresh-l": REPO / "tests" / "gate_cases_fresh_l.jsonl",
    "story": REPO / "tests" / "gate_cases_story.jsonl",
    "fresh-m": REPO / "tests" / "gate_cases_fresh_m.jsonl",
    "fresh-n": REPO / "tests" / "gate_cases_fresh_n.jsonl",
    "story-2": REPO / "tests" / "gate_cases_story2.jsonl",
    "user-3": REPO / "tests" / "gate_cases_user3.jsonl",
    "user-4": REPO / "tests" / "gate_cases_user4.jsonl",
    "user-5": REPO / "tests" / "gate_cases_user5.jsonl",
    "user-6": REPO / "tests" / "gate_cases_user6.jsonl",
    "user-7": REPO / "tests" / "gate_cases_user7.jsonl",
    "user-8": REPO / "tests" / "gate_cases_user8.jsonl",
    "user-9": REPO / "tests" / "gate_cases_user9.jsonl",
    "user-10": REPO / "tests" / "gate_cases_user10.jsonl",
    "user-11": REPO / "tests" / "gate_cases_user11.jsonl",
    "user-12": REPO / "tests" / "gate_cases_user12.jsonl",
    "fresh-o": REPO / "tests" / "gate_cases_fresh_o.jsonl",
    "fresh-p": REPO / "tests" / "gate_cases_fresh_p.jsonl",
    "fresh-q": REPO / "tests" / "gate_cases_fresh_q.jsonl",
    "fresh-r": REPO / "tests" / "gate_cases_fresh_r.jsonl",
    "fresh-s": REPO / "tests" / "gate_cases_fresh_s.jsonl",
    "fresh-t": REPO / "tests" / "gate_cases_fresh_t.jsonl",
    "fresh-u": REPO / "tests" / "gate_cases_fresh_u.jsonl",
    "fresh-v": REPO / "tests" / "gate_cases_fresh_v.jsonl",
    "fresh-w": REPO / "tests" / "gate_cases_fresh_w.jsonl",
    "fresh-x": REPO / "tests" / "gate_cases_fresh_x.jsonl",
    "fresh-y": REPO / "tests" / "gate_cases_fresh_y.jsonl",
    "fresh-z": REPO / "tests" / "gate_cases_fresh_z.jsonl",
}
NOW = dt.datetime(2026, 11, 30, 9, 0)
MEANING = {"on": True}  # --words-only: the semantic path off even where it is installed
ORDER = ("new", "repeat", "update", "correction", "clash", "injection", "secret")


def load_cases(path: Path = CASES) -> tuple[dict, list[dict]]:
    """(defaults, cases): the first line holds the default rules; one case per line after."""
    lines = [
        json.loads(line)
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("//")
    ]
    return lines[0], lines[1:]


def build(root: Path, case: dict, defaults: dict, *, again: bool = False):
    """Write the case's notes and rules into a fresh folder and open it as a workspace;
    `again`: the folder may hold them already (the gate only read them), and is opened as it is
    (its search index and vectors are brought up to date, not made anew)."""
    from memctl.config import Config
    from memctl.workspace import Workspace

    if again and (root / ".memctl").is_dir():
        return Workspace(root, Config(auto_commit=False, semantic=MEANING["on"]))
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
        _note(
            root / "rules" / "house.md",
            [_line(text, f"r{i}", "RULE") for i, text in enumerate(rules, 1)],
        )
    return Workspace(root, Config(auto_commit=False, semantic=MEANING["on"]))


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
    path.write_text(
        f"---\ntitle: {title}\ndate: 2026-10-01\ncategory: {category}\n"
        "priority: med\nstatus: active\nlast_verified: 2026-11-20\ntags: []\n---\n"
        f"# {title}\n\n" + "\n".join(lines) + "\n",
        encoding="utf-8",
    )


@dataclass
class Result:
    case: dict
    got: str
    target: str | None = None
    reason: str = ""
    preview: str | None = None  # the line the gate would write
    note: str | None = None  # where it would go
    nightly: str | None = None  # the label through the nightly job, when run there
    near: str | None = None  # labelled new, the entry the gate says the text may replace

    @property
    def deferred(self) -> bool:
        """Wrong, but left to the caller with the right entry named: labelled new, and the
        entry the case changes (or repeats) named as the one the text may replace, with the
        command that settles it."""
        want = self.case.get("target")
        return not self.ok and self.got == "new" and want is not None and self.near == want

    @property
    def label_ok(self) -> bool:
        if self.got == self.case["expect"]:
            want = self.case.get("target")
            return want is None or want == self.target
        return self.got in self.case.get("accept", ())

    @property
    def holds_ok(self) -> bool:
        want = self.case.get("holds")
        if not want:
            return True
        line = (self.preview or "").casefold()
        return self.preview is not None and all(w.casefold() in line for w in want)

    @property
    def route_ok(self) -> bool:
        return self.case.get("goes_to") in (None, self.note)

    @property
    def nightly_ok(self) -> bool:
        if self.nightly is None:
            return True
        return self.nightly == self.case["expect"] or self.nightly in self.case.get("accept", ())

    @property
    def ok(self) -> bool:
        return self.label_ok and self.holds_ok and self.route_ok and self.nightly_ok

    @property
    def dropped(self) -> bool:
        """New content the gate would throw away as a repeat, through `remember` or the nightly
        job."""
        return "repeat" in (self.got, self.nightly) and self.case["expect"] != "repeat"


def run_case(root: Path, case: dict, defaults: dict) -> Result:
    from memctl.errors import Refused
    from memctl.gate.remember import explain

    ws = build(root, case, defaults)
    try:
        value = explain(
            ws,
            case["text"],
            source=case.get("source", "user"),
            now=NOW,
            use_llm=False,
            ref=case.get("ref"),
            topic=case.get("topic"),
        )
    except Refused as exc:
        got = "secret" if "secret" in exc.message else "refused"
        return Result(case, got, reason=exc.message)
    decision = value.decision
    target = decision.target.entry.id if decision.target else None
    near = decision.near.entry.id if decision.near else None
    return Result(case, value.label, target, value.reason, value.preview, value.note, near=near)


def run_nightly(root: Path, case: dict, defaults: dict) -> str | None:
    """The case's text as a FACT: line of a day's log, through `consolidate --dry-run`: the
    label the nightly job gives it (None when the job does not promote it)."""
    from memctl.nightly.consolidate import consolidate

    ws = build(root, case, defaults, again=True)
    (root / "daily").mkdir(exist_ok=True)
    who = case.get("source", "user")
    (root / "daily" / f"{NOW.date()}.md").write_text(
        f"# {NOW.date()}\n\n### 10:00 — note\nFACT: {case['text']} src:{who}\n", encoding="utf-8"
    )
    result = consolidate(ws, NOW.date(), now=NOW, dry_run=True, use_llm=False, rewritten={})
    labels = [s.read_as or s.label for s in result.steps if s.label]  # the gate's reading
    return labels[0] if labels else None


def no_second_copy(root: Path, case: dict, defaults: dict) -> bool:
    """Write a plain repeat for real: the entry count stays, the entry on file is re-verified."""
    from memctl.gate.remember import remember
    from memctl.note import read_note
    from memctl.workspace import iter_markdown

    ws = build(root, case, defaults)

    def entries() -> int:
        return sum(len(read_note(p).entries()) for p in iter_markdown(ws))

    before = entries()
    outcome = remember(ws, case["text"], source=case.get("source", "user"), now=NOW, use_llm=False)
    return entries() == before and outcome.value.verified is not None


@dataclass
class Report:
    results: list[Result] = field(default_factory=list)
    copies: dict[str, bool] = field(default_factory=dict)  # plain repeat case id → no copy made

    def dropped(self) -> list[str]:
        return [r.case["id"] for r in self.results if r.dropped]

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
            "per_label": {
                k: {"correct": c, "cases": n, "accuracy": round(c / n, 3)}
                for k, (c, n) in labels.items()
            },
            "per_tag": {k: {"correct": c, "cases": n} for k, (c, n) in self.per_tag().items()},
            "injections_caught": self.caught("injection"),
            "secrets_caught": self.caught("secret"),
            "plain_repeats_without_copy": [sum(self.copies.values()), len(self.copies)],
            "dropped_as_repeat": self.dropped(),
            "deferred_with_right_entry": sum(r.deferred for r in self.results),
            "carried_forward": _count(self.results, "holds", lambda r: r.holds_ok),
            "routed": _count(self.results, "goes_to", lambda r: r.route_ok),
            "nightly": [
                sum(r.nightly_ok for r in self.results if r.nightly is not None),
                sum(1 for r in self.results if r.nightly is not None),
            ],
            "confusion": {f"{a}->{b}": n for (a, b), n in sorted(confusion.items()) if a != b},
        }


def _count(results: list[Result], key: str, ok) -> list[int]:
    mine = [r for r in results if r.case.get(key)]
    return [sum(ok(r) for r in mine), len(mine)]


def evaluate(cases: list[dict], defaults: dict, *, nightly: bool = False) -> Report:
    """Every case through the gate; with `nightly`, the user's and the agent's through the
    nightly job too."""
    report = Report()
    with tempfile.TemporaryDirectory(prefix="memctl-gate-eval-") as tmp:
        for i, case in enumerate(cases):
            result = run_case(Path(tmp) / f"c{i}", case, defaults)
            if (
                nightly
                and case.get("source", "user") in ("user", "agent")
                and case["expect"] != "secret"
            ):
                # the gate only read the case's folder: the nightly job runs in it
                result.nightly = run_nightly(Path(tmp) / f"c{i}", case, defaults) or "none"
            report.results.append(result)
            if case["expect"] == "repeat" and "plain" in case.get("tags", []):
                report.copies[case["id"]] = no_second_copy(Path(tmp) / f"w{i}", case, defaults)
    return report


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(REPO))
    from memctl.search import semantic

    MEANING["on"] = "--words-only" not in argv
    meaning = "on" if MEANING["on"] and semantic.available() else "off"
    names = [argv[argv.index("--set") + 1]] if "--set" in argv else list(SETS)
    out = {}
    for name in names:
        defaults, cases = load_cases(SETS[name])
        report = evaluate(cases, defaults, nightly=name != "labelled")
        out[name] = (report, report.to_dict())
    if "--json" in argv:
        print(json.dumps({name: data for name, (_, data) in out.items()}, indent=2))
        return 0
    print(
        f"semantic path: {meaning}"
        + ("" if meaning == "on" else f" ({semantic.unavailable_reason() or '--words-only'})")
        + "\n"
    )
    for name, (report, data) in out.items():
        _table(name, report, data, misses="--misses" in argv)
    return 0


def _table(name: str, report: Report, data: dict, *, misses: bool) -> None:
    share = data["correct"] / data["cases"]
    print(
        f"== {name}: {data['correct']}/{data['cases']} cases ({share:.1%}), deterministic labeler\n"
    )
    print(f"{'label':<12}{'cases':>6}{'correct':>9}{'accuracy':>10}")
    for label, row in data["per_label"].items():
        print(f"{label:<12}{row['cases']:>6}{row['correct']:>9}{row['accuracy']:>10.1%}")
    inj, sec, rep = (
        data["injections_caught"],
        data["secrets_caught"],
        data["plain_repeats_without_copy"],
    )
    print(
        f"\ninjections caught: {inj[0]}/{inj[1]}   secrets refused: {sec[0]}/{sec[1]}   "
        f"plain repeats written without a second copy: {rep[0]}/{rep[1]}"
    )
    dropped = data["dropped_as_repeat"]
    print(
        f"new content dropped as a repeat: {len(dropped)}"
        + (f" ({', '.join(dropped)})" if dropped else "")
    )
    deferred = data["deferred_with_right_entry"]
    if deferred:
        print(
            f"wrong, but left to the caller with the right entry named (--supersedes / --as-new): "
            f"{deferred}"
        )
    for key, what in (
        ("carried_forward", "updates carrying the unchanged details"),
        ("routed", "memories routed to the right note"),
        ("nightly", "right through the nightly job too"),
    ):
        got, total = data[key]
        if total:
            print(f"{what}: {got}/{total}")
    print(
        "by tag: "
        + ", ".join(f"{k} {v['correct']}/{v['cases']}" for k, v in data["per_tag"].items())
    )
    if data["confusion"]:
        print("confusions: " + ", ".join(f"{k} ×{n}" for k, n in data["confusion"].items()))
    if misses:
        for r in report.results:
            if r.ok:
                continue
            why = [] if r.label_ok else [f"got {r.got}{' ^' + r.target if r.target else ''}"]
            why += [] if r.holds_ok else [f"the line misses {r.case['holds']}: {r.preview}"]
            why += [] if r.route_ok else [f"went to {r.note}"]
            why += [] if r.nightly_ok else [f"nightly job: {r.nightly}"]
            print(
                f"\n✗ {r.case['id']}: expected {r.case['expect']}"
                f"{' ^' + r.case['target'] if r.case.get('target') else ''}; {'; '.join(why)}"
                f"\n  {r.case['text']}\n  {r.reason}"
            )
    print()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
