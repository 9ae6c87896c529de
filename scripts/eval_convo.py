#!/usr/bin/env python3
"""Measure recall and search on multi-session conversations, as LoCoMo and LongMemEval ask.

    python scripts/eval_convo.py [--json] [--failures] [--sweep] [--words-only]
                                 [--granularity turn|session]

scripts/convo_cases.json holds five conversations written for this evaluation (three between
two people, asked about in the third person; two between a user and an assistant, asked about
in the first person), each over six sessions on different days, with the questions an annotator
would ask of them (single-hop, multi-hop, temporal, knowledge-update, open-domain) and the turns
that hold each answer; and turns that no conversation answers (greetings, general knowledge,
tasks). Conversations and silent turns are split into a tuning part and a held-out part:
report them apart.

Each conversation is logged into a workspace of its own through memctl's daily log
(memctl.daily.append_log, as `memctl log` does): one entry a turn, its speaker the title, at
the session's time plus a minute a turn (`--granularity session`: one entry a session). Each
question is asked of its conversation's workspace, through `recall` (it must speak and point at
an evidence turn: `speaks` counts any pointer, `right` a pointer at the evidence) and through
search (`rank`: the evidence in the top 1, 3, 10). Each silent turn is asked of every
workspace, and must get silence from each. `--sweep` gives, for thresholds from 0.20 to 0.50,
what recall would do on each part (the threshold it uses is marked).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CASES = REPO / "scripts" / "convo_cases.json"
TODAY = dt.date(2026, 11, 30)
SWEEP = [round(0.20 + 0.02 * i, 2) for i in range(16)]


def load(path: Path = CASES) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def build(root: Path, convo: dict, granularity: str, meaning: bool):
    """A workspace holding the conversation as daily-log entries; (ws, turn id → address)."""
    from memctl.config import Config
    from memctl.daily import append_log
    from memctl.workspace import Workspace

    (root / ".memctl").mkdir(parents=True)
    ws = Workspace(root, Config(auto_commit=False, semantic=meaning))
    where: dict[str, tuple[str, int]] = {}
    for session in convo["sessions"]:
        day = dt.date.fromisoformat(session["date"])
        hour, minute = (int(x) for x in session.get("time", "12:00").split(":"))
        start = dt.datetime.combine(day, dt.time(hour, minute))
        if granularity == "session":
            text = "\n".join(f"{t['speaker']}: {t['text']}" for t in session["turns"])
            title = f"Conversation: {' and '.join(convo['speakers'])}"
            made = append_log(ws, title, text, now=start).value
            for turn in session["turns"]:
                where[turn["id"]] = (made.path, made.line)
            continue
        for i, turn in enumerate(session["turns"]):
            moment = start + dt.timedelta(minutes=i)
            made = append_log(ws, turn["speaker"], turn["text"], now=moment).value
            where[turn["id"]] = (made.path, made.line)
    return ws, where


def ask(ws, where: dict, convo: dict, meaning: bool, thresholds: list[float] | None) -> list[dict]:
    from memctl.search.index import open_index
    from memctl.search.meaning import prepare
    from memctl.search.rank import Filters, rank
    from memctl.search.recall import recall

    rows = []
    with open_index(ws) as index:
        for q in convo["questions"]:
            evidence = {where[t] for t in q["evidence"]}
            used = prepare(index, q["q"]) if meaning else None
            hits = rank(index, q["q"], limit=10, filters=Filters(), today=TODAY, meaning=used)
            found = [(h.path, h.line) for h in hits]
            at = next((i + 1 for i, f in enumerate(found) if f in evidence), None)
            said = recall(ws, q["q"], today=TODAY, semantic=meaning)
            row = {
                "id": q["id"],
                "q": q["q"],
                "category": q["category"],
                "split": convo["split"],
                "rank": at,
                "confidence": round(said.confidence, 3),
                "speaks": bool(said.pointers),
                "right": any((p.path, p.line) in evidence for p in said.pointers),
                "top": hits[0].text[:80] if hits else None,
            }
            if thresholds:
                row["sweep"] = {}
                for t in thresholds:
                    r = recall(ws, q["q"], today=TODAY, semantic=meaning, threshold=t)
                    row["sweep"][t] = [
                        bool(r.pointers),
                        any((p.path, p.line) in evidence for p in r.pointers),
                    ]
            rows.append(row)
    return rows


def silent(workspaces: list, turns: list[dict], meaning: bool, thresholds: list[float] | None):
    from memctl.search.recall import recall

    rows = []
    for turn in turns:
        said = [recall(ws, turn["q"], today=TODAY, semantic=meaning) for ws in workspaces]
        row = {
            "id": turn["id"],
            "q": turn["q"],
            "split": turn["split"],
            "silent": not any(r.pointers for r in said),
            "confidence": round(max(r.confidence for r in said), 3),
            "top": next((r.pointers[0].text[:80] for r in said if r.pointers), None),
        }
        if thresholds:
            row["sweep"] = {
                t: not any(
                    recall(ws, turn["q"], today=TODAY, semantic=meaning, threshold=t).pointers
                    for ws in workspaces
                )
                for t in thresholds
            }
        rows.append(row)
    return rows


def _share(rows: list[dict], ok) -> float:
    return round(sum(1 for r in rows if ok(r)) / len(rows), 3) if rows else 0.0


def summarise(questions: list[dict], quiet: list[dict]) -> dict:
    out: dict = {}
    for split in ("tune", "held-out"):
        qs = [r for r in questions if r["split"] == split]
        ss = [r for r in quiet if r["split"] == split]
        part: dict = {
            "questions": len(qs),
            "recall_speaks": _share(qs, lambda r: r["speaks"]),
            "recall_right": _share(qs, lambda r: r["right"]),
            "search_hit@1": _share(qs, lambda r: r["rank"] == 1),
            "search_hit@3": _share(qs, lambda r: r["rank"] is not None and r["rank"] <= 3),
            "search_hit@10": _share(qs, lambda r: r["rank"] is not None),
            "silent_turns": len(ss),
            "recall_silent": _share(ss, lambda r: r["silent"]),
            "silent_but_top3_held_it": _share(
                qs, lambda r: not r["speaks"] and r["rank"] is not None and r["rank"] <= 3
            ),
            "by_category": {},
        }
        for cat in sorted({r["category"] for r in qs}):
            mine = [r for r in qs if r["category"] == cat]
            part["by_category"][cat] = {
                "n": len(mine),
                "speaks": _share(mine, lambda r: r["speaks"]),
                "right": _share(mine, lambda r: r["right"]),
                "hit@3": _share(mine, lambda r: r["rank"] is not None and r["rank"] <= 3),
            }
        if qs and "sweep" in qs[0]:
            part["sweep"] = {
                str(t): {
                    "speaks": _share(qs, lambda r, t=t: r["sweep"][t][0]),
                    "right": _share(qs, lambda r, t=t: r["sweep"][t][1]),
                    "silent": _share(ss, lambda r, t=t: r["sweep"][t]),
                }
                for t in SWEEP
            }
        out[split] = part
    return out


def run(granularity: str, meaning: bool, sweep: bool, path: Path = CASES) -> dict:
    data = load(path)
    thresholds = SWEEP if sweep else None
    questions: list[dict] = []
    with tempfile.TemporaryDirectory(prefix="memctl-convo-") as tmp:
        built = []
        for convo in data["conversations"]:
            ws, where = build(Path(tmp) / convo["id"], convo, granularity, meaning)
            built.append(ws)
            questions += ask(ws, where, convo, meaning, thresholds)
        quiet = silent(built, data["silent"], meaning, thresholds)
    return {"summary": summarise(questions, quiet), "questions": questions, "silent": quiet}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--failures", action="store_true", help="list every miss")
    parser.add_argument("--sweep", action="store_true", help="recall at other thresholds")
    parser.add_argument("--words-only", action="store_true", help="without the semantic path")
    parser.add_argument("--granularity", choices=("turn", "session"), default="turn")
    parser.add_argument("--cases", type=Path, default=CASES)
    args = parser.parse_args(argv)
    sys.path.insert(0, str(REPO))
    from memctl.search import semantic
    from memctl.search.recall import THRESHOLD, THRESHOLD_MEANING

    meaning = not args.words_only and semantic.available()
    report = run(args.granularity, meaning, args.sweep, args.cases)
    report["meaning"] = meaning
    report["threshold"] = THRESHOLD_MEANING if meaning else THRESHOLD
    if args.json:
        print(json.dumps(report if args.failures else report["summary"], indent=1))
        return 0
    print(f"semantic path: {'on' if meaning else 'off'}; granularity: {args.granularity}")
    for split, part in report["summary"].items():
        print(f"\n== {split}: {part['questions']} questions, {part['silent_turns']} silent turns")
        for key in (
            "recall_speaks",
            "recall_right",
            "recall_silent",
            "silent_but_top3_held_it",
            "search_hit@1",
            "search_hit@3",
            "search_hit@10",
        ):
            print(f"  {key:26} {part[key]:.0%}")
        for cat, c in part["by_category"].items():
            print(
                f"  {cat:18} n={c['n']:3}  speaks {c['speaks']:.0%}  right {c['right']:.0%}"
                f"  search hit@3 {c['hit@3']:.0%}"
            )
        for t, s in part.get("sweep", {}).items():
            mark = " <" if float(t) == report["threshold"] else ""
            print(
                f"  threshold {t}: speaks {s['speaks']:.0%} right {s['right']:.0%}"
                f" silent {s['silent']:.0%}{mark}"
            )
    if args.failures:
        for r in report["questions"]:
            if not r["right"]:
                print(
                    f"MISS {r['split']:8} {r['category']:16} rank={r['rank']} "
                    f"conf={r['confidence']:.2f} {r['q']}\n      top: {r['top']}"
                )
        for r in report["silent"]:
            if not r["silent"]:
                print(f"ALARM {r['split']:8} conf={r['confidence']:.2f} {r['q']} -> {r['top']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
