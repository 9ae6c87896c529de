#!/usr/bin/env python3
"""Fit recall's confidence on labelled prompts, and check it on prompts it was not fitted on.

    python scripts/calibrate_recall.py [--keep DIR] [--json] [--refresh]

recall must decide, for each turn, whether any memory is worth the desk, and which. Each
labelled prompt is searched as recall searches (memctl.search.recall.candidates) and each
candidate it ranks gets the parts of its score (memctl.search.recall.features) and a label:
does it answer the prompt? The prompts come from five sets written apart:

- scripts/convo_cases.json (multi-session conversations logged a turn an entry; questions with
  the turns that answer them, and turns no memory answers): c1 and c4 tune, c2, c3, c5 held out;
- scripts/meaning_cases_blind.py R_SPEAK / R_SILENT, in the generated workspace of
  scripts/eval_meaning.py: even cases tune, odd cases held out;
- scripts/meaning_cases.py RECALL_SPEAK / RECALL_SILENT, the same way: held out whole;
- scripts/meaning_cases_told.py (memories told through `memctl remember` to a fresh workspace,
  questions that share no word with them): the first question of each tunes, the second and
  the late set are held out, and every second silent turn;
- scripts/meaning_cases_fresh.py (told the same way, written without sight of the code, its
  silent turns mostly on a memory's own topic): every second question and silent turn held out.

A logistic model is fitted on the tuning candidates, with and without the semantic path, and
the threshold on its probability chosen on the tuning prompts (the most right pointers while
silence on turns no memory answers stays at 95 % or more). Reported for each part: how often
recall points at an answer when one is stored (right), speaks at all, and stays silent when
nothing is, with the model in use (memctl.search.recall) and with the fitted one. `--keep DIR`
reuses eval_meaning's workspaces (DIR, DIR-blind, DIR-told and DIR-fresh; made if missing,
which takes minutes).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import math
import sys
import tempfile
from pathlib import Path

from memctl.search.recall import confident, pick

sys.path.insert(0, str(Path(__file__).resolve().parent))

REPO = Path(__file__).resolve().parents[1]
CACHE = Path(tempfile.gettempdir()) / "memctl-calibrate-recall.json"
SILENCE = 0.95  # the least share of silent turns recall must keep silent


def convo_records(meaning: bool) -> list[dict]:
    import eval_convo

    from memctl.search.index import open_index

    data = eval_convo.load()
    out: list[dict] = []
    with tempfile.TemporaryDirectory(prefix="memctl-calib-") as tmp:
        built = []
        for convo in data["conversations"]:
            ws, where = eval_convo.build(Path(tmp) / convo["id"], convo, "turn", meaning)
            built.append(ws)
            part = "tune" if convo["split"] == "tune" else "held"
            with open_index(ws) as index:
                for q in convo["questions"]:
                    evidence = {where[t] for t in q["evidence"]}
                    out.append(_record("convo", part, q["q"], index, evidence, meaning))
        for turn in data["silent"]:
            part = "tune" if turn["split"] == "tune" else "held"
            for ws in built:  # silent in every conversation's workspace
                with open_index(ws) as index:
                    out.append(_record("convo", part, turn["q"], index, None, meaning))
    return out


def generated_records(keep: Path, meaning: bool) -> list[dict]:
    import eval_meaning
    import meaning_cases as first
    import meaning_cases_blind as blind

    from memctl.search.index import open_index

    out: list[dict] = []
    with tempfile.TemporaryDirectory(prefix="memctl-calib-") as tmp:
        ws, where = eval_meaning.workspace(1000, 11, keep, Path(tmp))
        eval_meaning.embed_whole(ws)  # every unit: recall on part of them is another recall
        with open_index(ws) as index:
            for note, prompt in first.RECALL_SPEAK:
                out.append(_record("first", "held", prompt, index, {where[note]}, meaning))
            for prompt in first.RECALL_SILENT:
                out.append(_record("first", "held", prompt, index, None, meaning))
        keep_blind = keep.with_name(f"{keep.name}-blind")
        ws, where = eval_meaning.workspace(
            1000, 11, keep_blind, Path(tmp) / "blind", eval_meaning.plant_blind
        )
        eval_meaning.embed_whole(ws)
        with open_index(ws) as index:
            for i, (prompt, fragment) in enumerate(blind.R_SPEAK):
                answers = eval_meaning._holding(where, fragment)
                part = "held" if i % 2 else "tune"
                out.append(_record("blind", part, prompt, index, answers, meaning))
            for i, prompt in enumerate(blind.R_SILENT):
                part = "held" if i % 2 else "tune"
                out.append(_record("blind", part, prompt, index, None, meaning))
    return out


def told_records(keep: Path, meaning: bool) -> list[dict]:
    import eval_meaning
    import meaning_cases_told as told

    asked = [(tune, "tune", text) for text, tune, _ in told.TOLD]
    asked += [(held, "held", text) for text, _, held in told.TOLD]
    asked += [(query, "held", text) for text, query in told.LATE]
    with tempfile.TemporaryDirectory(prefix="memctl-calib-") as tmp:
        ws, where = eval_meaning.told_workspace(keep.with_name(f"{keep.name}-told"), Path(tmp))
        return _told_records("told", ws, where, asked, told.SILENT, meaning)


def fresh_records(keep: Path, meaning: bool) -> list[dict]:
    import eval_meaning
    import meaning_cases_fresh as fresh

    asked = [(q, ("tune", "held")[i % 2], text) for i, (text, q) in enumerate(fresh.FRESH)]
    memories = [text for text, _ in fresh.FRESH]
    with tempfile.TemporaryDirectory(prefix="memctl-calib-") as tmp:
        kept = keep.with_name(f"{keep.name}-fresh")
        ws, where = eval_meaning.told_workspace(kept, Path(tmp), memories)
        return _told_records("fresh", ws, where, asked, fresh.SILENT, meaning)


def _told_records(
    source: str,
    ws,
    where: dict[str, tuple[str, int]],
    asked: list[tuple[str, str, str]],
    silent: list[str],
    meaning: bool,
) -> list[dict]:
    """The records of a workspace told its memories: each (prompt, part, memory) the gate
    stored, and the silent turns, every second one held out."""
    from memctl.search.index import open_index

    out: list[dict] = []
    with open_index(ws) as index:
        for prompt, part, text in asked:
            if text in where:
                out.append(_record(source, part, prompt, index, {where[text]}, meaning))
        for i, prompt in enumerate(silent):
            part = "held" if i % 2 else "tune"
            out.append(_record(source, part, prompt, index, None, meaning))
    return out


def _record(source, part, prompt, index, answers, meaning: bool) -> dict:
    from memctl.search.recall import candidates, small_talk

    hits: list = []
    if not small_talk(prompt):
        hits, _ = candidates(index, prompt, today=TODAY, semantic=meaning, prune=False)
    return {
        "source": source,
        "part": part,
        "prompt": prompt,
        "should": answers is not None,
        "meaning": meaning,
        "candidates": [
            {
                "x": features(hit, hits),
                "right": answers is not None and (hit.path, hit.line) in answers,
                "path": hit.path,
                "text": hit.text[:300],
                "kind": hit.kind,
                "cosine": hit.components.get("cosine", 0.0),
                "lead": hit.components.get("lead", 0.0),
                "bm25": hit.components.get("bm25", 0.0),
                "recency": hit.components.get("recency", 0.0),
            }
            for hit in hits
        ],
    }


TODAY = dt.date(2026, 11, 30)


def collect(keep: Path) -> list[dict]:
    records = []
    for meaning in (True, False):
        records += convo_records(meaning)
        records += generated_records(keep, meaning)
        records += told_records(keep, meaning)
        records += fresh_records(keep, meaning)
    return records


FEATURES = (
    "confidence",
    "relevance",
    "evidence_share",
    "coverage",
    "fuzzy",
    "use_when",
    "closeness",
    "dense",
    "share_of_best",
    "lead",
)


def features(hit, hits: list) -> list[float]:
    """The parts of a candidate's standing the model is fitted on, in FEATURES order: recall's
    confidence, its score's parts, and where it stands among the candidates (its share of the
    best score, its lead over the next)."""
    parts = hit.components
    best = max((h.score for h in hits), default=0.0) or 1.0
    others = [h.score for h in hits if h is not hit]
    after = max((s for s in others if s <= hit.score), default=0.0)
    return [
        confident(hit),  # memctl.search.recall's confidence
        min(1.0, parts.get("relevance", 0.0)),
        parts.get("evidence_share", 0.0),
        parts.get("coverage", 0.0),
        parts.get("fuzzy", 0.0),
        parts.get("use_when", 0.0),
        parts.get("closeness", 0.0),
        parts.get("dense", 0.0),
        hit.score / best,
        (hit.score - after) / best,
    ]


# ---------------------------------------------------------------- fitting


def fit(rows: list[tuple[list[float], bool]], l2: float = 1.0, steps: int = 3000) -> list[float]:
    """Logistic regression by gradient descent (weights, then the bias), L2 on the weights;
    positives weighed up to balance the classes."""
    n = len(rows[0][0])
    w = [0.0] * (n + 1)
    pos = sum(1 for _, y in rows if y) or 1
    neg = len(rows) - pos or 1
    weigh = {True: len(rows) / (2 * pos), False: len(rows) / (2 * neg)}
    rate = 0.5
    for _ in range(steps):
        grad = [0.0] * (n + 1)
        for x, y in rows:
            p = _sigmoid(sum(wi * xi for wi, xi in zip(w, x, strict=False)) + w[n])
            g = (p - y) * weigh[y]
            for i in range(n):
                grad[i] += g * x[i]
            grad[n] += g
        for i in range(n):
            grad[i] = grad[i] / len(rows) + l2 * w[i] / len(rows)
        grad[n] /= len(rows)
        w = [wi - rate * gi for wi, gi in zip(w, grad, strict=True)]
    return w


def _sigmoid(z: float) -> float:
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def probability(w: list[float], x: list[float]) -> float:
    return _sigmoid(sum(wi * xi for wi, xi in zip(w, x, strict=False)) + w[-1])


def decide(record: dict, score, threshold: float) -> tuple[bool, bool]:
    """(speaks, right) as recall decides (memctl.search.recall.pick): in the order search
    ranked the candidates, at most three."""
    sure = [(score(c), c["path"], c) for c in record["candidates"]]
    picked = pick(sure, threshold, 3)
    return bool(picked), any(c["right"] for c in picked)


def figures(records: list[dict], score, threshold: float) -> dict:
    speak = [r for r in records if r["should"]]
    quiet: dict[str, list[bool]] = {}
    for r in records:
        if not r["should"]:
            quiet.setdefault(r["source"] + r["prompt"], []).append(decide(r, score, threshold)[0])
    said = [decide(r, score, threshold) for r in speak]
    return {
        "asked": len(speak),
        "right": round(sum(1 for _, ok in said if ok) / (len(speak) or 1), 3),
        "speaks": round(sum(1 for s, _ in said if s) / (len(speak) or 1), 3),
        "silent_turns": len(quiet),
        "silent": round(sum(1 for v in quiet.values() if not any(v)) / (len(quiet) or 1), 3),
    }


def choose(records: list[dict], score) -> float:
    """The threshold with the most right pointers on these records while silence holds."""
    grid = [round(0.02 * i, 2) for i in range(1, 50)]
    fine = [t for t in grid if figures(records, score, t)["silent"] >= SILENCE] or [grid[-1]]
    return max(fine, key=lambda t: (figures(records, score, t)["right"], -t))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keep", type=Path, default=Path(tempfile.gettempdir()) / "memctl-ws")
    parser.add_argument("--refresh", action="store_true", help="search again, not the cache")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    from memctl.search.recall import THRESHOLD, THRESHOLD_MEANING

    if args.refresh or not CACHE.is_file():
        CACHE.write_text(json.dumps(collect(args.keep)))
    records = json.loads(CACHE.read_text())
    report: dict = {}
    for meaning in (True, False):
        mine = [r for r in records if r["meaning"] == meaning]
        tune = [r for r in mine if r["part"] == "tune"]
        rows = [(c["x"], c["right"]) for r in tune for c in r["candidates"]]
        w = fit(rows)
        fitted = lambda c, w=w: probability(w, c["x"])  # noqa: E731
        chosen = choose(tune, fitted)
        in_use = lambda c: c["x"][0]  # noqa: E731  (today's confidence)
        t_use = THRESHOLD_MEANING if meaning else THRESHOLD
        name = "meaning" if meaning else "words"
        again = choose(tune, in_use)
        report[name] = {
            "weights": [round(v, 3) for v in w],
            "threshold": chosen,
            "in_use_rechosen": again,
            "parts": {},
        }
        for source in ("convo", "blind", "first", "told", "fresh", "all"):
            for part in ("tune", "held"):
                these = [r for r in mine if r["part"] == part and source in ("all", r["source"])]
                if not these:
                    continue
                report[name]["parts"][f"{source} {part}"] = {
                    "in use": figures(these, in_use, t_use),
                    "fitted": figures(these, fitted, chosen),
                    "in use, rechosen": figures(these, in_use, again),
                    "ceiling": round(
                        sum(1 for r in these if any(c["right"] for c in r["candidates"]))
                        / (sum(1 for r in these if r["should"]) or 1),
                        3,
                    ),
                }
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    for name, r in report.items():
        print(
            f"\n{name}: fitted threshold {r['threshold']} (in use, chosen the same way: "
            f"{r['in_use_rechosen']}), weights {r['weights']}"
        )
        for label, both in r["parts"].items():
            line = (
                f"  {label:<11} n={both['in use']['asked']:>3}/{both['in use']['silent_turns']:<3}"
            )
            for how in ("in use", "in use, rechosen", "fitted"):
                f = both[how]
                line += f" | {f['right']:.0%} {f['speaks']:.0%} {f['silent']:.0%}"
            print(f"{line} | ceiling {both['ceiling']:.0%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
