"""Measure finding by meaning: paraphrases that share no word with their memory, lexical
controls, and recall on turns people type, with and without the semantic path.

    python scripts/eval_meaning.py [--files 1000] [--seed 11] [--keep DIR] [--json]
                                   [--part all|first|blind|told|fresh|contact] [--failures]

The memories of scripts/meaning_cases.py (TUNE and HELD_OUT, life and work) are planted in a
workspace from scripts/generate_workspace.py (every fifth as a daily-log entry, the others as
entry lines of notes); its templated notes and logs are the distractors. Every query is asked
through memctl.search.rank.rank twice, with the semantic path and without. Reported apart for the
tuning and held-out parts: hit@1 and hit@3 of paraphrases and of controls. recall is asked the
held-out turns of RECALL_SPEAK (it must speak and point at the memory) and RECALL_SILENT (it must
stay silent), at memctl.search.recall's threshold. `--keep DIR` reuses a workspace (and its vectors)
made by an earlier run with the same options.

`--part told`: the memories of scripts/meaning_cases_told.py, each told through `memctl remember
--source user` into a fresh workspace (no generated files), asked its questions (tuning, held
out, and the late set, each apart) and the silent turns, by search and by recall.

`--part fresh`: the same for scripts/meaning_cases_fresh.py (written without sight of the code
or the other sets; its silent turns mostly on a memory's own topic), every second case held out.
`--part fresh2`: the same for scripts/meaning_cases_fresh2.py, a second set written the same
way (80 pairs, half life and half work; 40 silent turns).
`--part contact`: the same for scripts/meaning_cases_contact.py (memories holding a phone
number, an email address, a link or a reference number, asked for the way people ask; written
the same way). `--keep DIR` keeps these workspaces in DIR-told, DIR-fresh and DIR-contact.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import meaning_cases_blind as blind  # noqa: E402
import meaning_cases_contact as contact  # noqa: E402
import meaning_cases_fresh as fresh  # noqa: E402
import meaning_cases_fresh2 as fresh2  # noqa: E402
import meaning_cases_told as told  # noqa: E402
from generate_workspace import TODAY, generate  # noqa: E402
from meaning_cases import HELD_OUT, RECALL_SILENT, RECALL_SPEAK, TUNE  # noqa: E402

from memctl.daily import append_log  # noqa: E402
from memctl.longterm import add_entry, new_note  # noqa: E402
from memctl.search.index import open_index  # noqa: E402
from memctl.search.rank import Filters, rank  # noqa: E402
from memctl.workspace import Workspace, open_workspace  # noqa: E402


def plant(ws) -> dict[str, tuple[str, int]]:
    """Write every memory; the (path, line) of each, by note name."""
    where = {}
    for n, (note, text, _, _) in enumerate(TUNE + HELD_OUT):
        if n % 5 == 4:
            moment = dt.datetime.combine(TODAY - dt.timedelta(days=2 + n % 40), dt.time(8, n % 60))
            made = append_log(ws, note.split("/")[-1].replace("-", " "), text, now=moment).value
            where[note] = (made.path, made.line)
            continue
        if not (ws.root / f"{note}.md").exists():
            new_note(ws, note, title=None, today=TODAY - dt.timedelta(days=30))
        ref = add_entry(ws, note, text, today=TODAY - dt.timedelta(days=5 + n % 60)).value
        where[note] = (ref.path, ref.entry.line)
    return where


def workspace(files: int, seed: int, keep: Path | None, tmp: Path, planter=None):
    """A generated workspace with the memories planted (planter: plant or plant_blind)."""
    planter = planter or plant
    root = keep or tmp / "ws"
    planted = root / ".memctl" / "planted.json"
    if keep and planted.is_file():
        ws = open_workspace(root)
        return ws, {k: tuple(v) for k, v in json.loads(planted.read_text()).items()}
    generate(root, files, seed)
    ws = open_workspace(root)
    where = planter(ws)
    planted.write_text(json.dumps(where))
    return ws, where


def searched(ws, where, semantic: bool) -> list[dict]:
    from memctl.search.meaning import prepare

    rows = []
    with open_index(ws) as index:
        for held, cases in ((False, TUNE), (True, HELD_OUT)):
            for note, _, paraphrases, controls in cases:
                for kind, query in [("paraphrase", q) for q in paraphrases] + [
                    ("control", q) for q in controls
                ]:
                    meaning = prepare(index, query) if semantic else None
                    hits = rank(
                        index, query, limit=3, filters=Filters(), today=TODAY, meaning=meaning
                    )
                    found = [(h.path, h.line) for h in hits]
                    at = found.index(where[note]) + 1 if where[note] in found else None
                    rows.append(
                        {
                            "held_out": held,
                            "kind": kind,
                            "query": query,
                            "rank": at,
                            "top": hits[0].text[:70] if hits else None,
                        }
                    )
    return rows


def recalled(ws, where, semantic: bool) -> dict:
    speak = [(prompt, {where[note]}) for note, prompt in RECALL_SPEAK]
    return asked_recall(ws, speak, RECALL_SILENT, semantic)


def asked_recall(
    ws: Workspace,
    speak: list[tuple[str, set[tuple[str, int]]]],
    silent: list[str],
    semantic: bool,
) -> dict:
    """recall asked turns that should bring one of their answers (path, line) and turns that
    should bring nothing: how often each does, and the turns that did not."""
    from memctl.search.recall import recall

    said, misses, alarms = 0, [], []
    for prompt, answers in speak:
        result = recall(ws, prompt, today=TODAY, semantic=semantic)
        if any((p.path, p.line) in answers for p in result.pointers):
            said += 1
        else:
            misses.append(f"{prompt} ({result.confidence:.2f})")
    for prompt in silent:
        result = recall(ws, prompt, today=TODAY, semantic=semantic)
        if result.pointers:
            alarms.append(f"{prompt} ({result.confidence:.2f}: {result.pointers[0].text[:50]})")
    return {
        "speaks_when_it_should": round(said / (len(speak) or 1), 3),
        "silent_when_it_should": round(1 - len(alarms) / (len(silent) or 1), 3),
        "should_speak": len(speak),
        "should_stay_silent": len(silent),
        "misses": misses,
        "false_alarms": alarms,
    }


def plant_blind(ws) -> dict[str, tuple[str, int]]:
    """Write every memory of scripts/meaning_cases_blind.py (each text once; every fifth
    target as a daily-log entry, the rest entry lines of their notes); the (path, line) of
    each, by text."""
    where: dict[str, tuple[str, int]] = {}
    for n, case in enumerate(blind.P):
        memories = [(case["target"], n % 5 == 4)] + [(d, False) for d in case["distractors"]]
        for memory, as_log in memories:
            note, text = f"notes/{memory['note']}", memory["text"]
            if text in where:
                continue
            if as_log:
                day = TODAY - dt.timedelta(days=2 + n % 40)
                moment = dt.datetime.combine(day, dt.time(8, n % 60))
                made = append_log(ws, memory["note"], text, now=moment).value
                where[text] = (made.path, made.line)
                continue
            if not (ws.root / f"{note}.md").exists():
                new_note(ws, note, title=None, today=TODAY - dt.timedelta(days=30))
            ref = add_entry(ws, note, text, today=TODAY - dt.timedelta(days=5 + n % 60)).value
            where[text] = (ref.path, ref.entry.line)
    return where


def _holding(where: dict[str, tuple[str, int]], fragment: str) -> set[tuple[str, int]]:
    return {at for text, at in where.items() if fragment in text}


def searched_blind(ws, where, semantic: bool) -> list[dict]:
    """The blind set's paraphrases (part as the set fixes it) and its lexical controls (every
    second one held out, like its cases), each asked once."""
    from memctl.search.meaning import prepare

    asked = [
        (p["part"] == "held", "paraphrase", p["query"], {where[p["target"]["text"]]})
        for p in blind.P
    ]
    asked += [
        (i % 2 == 1, "control", q, _holding(where, fragment))
        for i, (q, fragment) in enumerate(blind.L)
    ]
    rows = []
    with open_index(ws) as index:
        for held, kind, query, targets in asked:
            meaning = prepare(index, query) if semantic else None
            hits = rank(index, query, limit=3, filters=Filters(), today=TODAY, meaning=meaning)
            found = [(h.path, h.line) for h in hits]
            at = next((i + 1 for i, a in enumerate(found) if a in targets), None)
            top = hits[0].text[:70] if hits else None
            rows.append({"held_out": held, "kind": kind, "query": query, "rank": at, "top": top})
    return rows


def recalled_blind(ws, where, semantic: bool) -> dict:
    """recall on the blind set's turns, every second one held out."""
    out = {}
    for held in (False, True):
        speak = [
            (prompt, _holding(where, fragment))
            for i, (prompt, fragment) in enumerate(blind.R_SPEAK)
            if i % 2 == held
        ]
        silent = [c for i, c in enumerate(blind.R_SILENT) if i % 2 == held]
        out["held-out" if held else "tuning"] = asked_recall(ws, speak, silent, semantic)
    return out


def told_workspace(
    keep: Path | None, tmp: Path, memories: list[str] | None = None
) -> tuple[Workspace, dict[str, tuple[str, int]]]:
    """A fresh workspace told every memory (of meaning_cases_told unless given) through `memctl
    remember` (the real command, in this process); the (path, line) of each memory the gate
    stored."""
    from typer.testing import CliRunner

    from memctl.cli.main import app
    from memctl.initialize import init_workspace

    if memories is None:
        memories = [text for text, *_ in told.TOLD + told.LATE]
    root = keep or tmp / "told"
    if not (root / ".memctl").is_dir():
        init_workspace(root, now=dt.datetime.combine(TODAY, dt.time(9)))
        runner = CliRunner()
        for text in memories:
            said = ["-w", str(root), "remember", text, "--source", "user"]
            runner.invoke(app, said, catch_exceptions=False)
    ws = open_workspace(root)
    where: dict[str, tuple[str, int]] = {}
    with open_index(ws) as index:
        units = index.db.execute("SELECT path, line, text FROM units").fetchall()
    for text in memories:
        found = [(path, line) for path, line, unit in units if text in unit]
        if found:
            where[text] = found[0]
    return ws, where


def searched_told(ws, where, semantic: bool) -> list[dict]:
    """Each question of meaning_cases_told (part tuning, held out or late) and its controls,
    asked of search once."""
    asked = []
    for text, tune, held in told.TOLD:
        asked += [("tuning", "paraphrase", tune, text), ("held-out", "paraphrase", held, text)]
    asked += [("late", "paraphrase", query, text) for text, query in told.LATE]
    asked += [
        (("tuning", "held-out")[i % 2], "control", q, told.TOLD[n][0])
        for i, (q, n) in enumerate(told.CONTROLS)
    ]
    return asked_search(ws, where, semantic, asked)


def asked_search(
    ws: Workspace,
    where: dict[str, tuple[str, int]],
    semantic: bool,
    asked: list[tuple[str, str, str, str]],
) -> list[dict]:
    """Each (part, kind, query, memory) asked of search once, and where the memory ranked; a
    memory the gate refused is left out."""
    from memctl.search.meaning import prepare

    rows = []
    with open_index(ws) as index:
        for part, kind, query, text in asked:
            if text not in where:
                continue
            meaning = prepare(index, query) if semantic else None
            hits = rank(index, query, limit=3, filters=Filters(), today=TODAY, meaning=meaning)
            found = [(h.path, h.line) for h in hits]
            at = found.index(where[text]) + 1 if where[text] in found else None
            top = hits[0].text[:70] if hits else None
            rows.append({"part": part, "kind": kind, "query": query, "rank": at, "top": top})
    return rows


def recalled_told(ws, where, semantic: bool) -> dict:
    """recall on meaning_cases_told's questions (it must point at the memory) and its silent
    turns, by part."""
    stored = [case for case in told.TOLD if case[0] in where]
    parts = {
        "tuning": [(tune, {where[text]}) for text, tune, _ in stored],
        "held-out": [(held, {where[text]}) for text, _, held in stored],
        "late": [(query, {where[text]}) for text, query in told.LATE if text in where],
    }
    silent = {"tuning": told.SILENT[::2], "held-out": told.SILENT[1::2], "late": []}
    return {part: asked_recall(ws, speak, silent[part], semantic) for part, speak in parts.items()}


# Sets of (memory, question) pairs and silent turns, every second one held out.
PAIRS = {
    "fresh": (fresh.FRESH, fresh.SILENT),
    "fresh2": (fresh2.FRESH, fresh2.SILENT),
    "contact": (contact.CONTACT, contact.SILENT),
}


def searched_pairs(name: str) -> Callable[[Workspace, dict, bool], list[dict]]:
    """Each question of the set `name` (every second one held out), asked of search once."""
    pairs, _ = PAIRS[name]

    def searched(ws, where, semantic: bool) -> list[dict]:
        asked = [
            (("tuning", "held-out")[i % 2], "paraphrase", query, text)
            for i, (text, query) in enumerate(pairs)
        ]
        return asked_search(ws, where, semantic, asked)

    return searched


def recalled_pairs(name: str) -> Callable[[Workspace, dict, bool], dict]:
    """recall on the set `name`'s questions and silent turns, every second one held out."""
    pairs, silent_turns = PAIRS[name]

    def recalled(ws, where, semantic: bool) -> dict:
        out = {}
        for held, part in enumerate(("tuning", "held-out")):
            speak = [
                (query, {where[text]})
                for i, (text, query) in enumerate(pairs)
                if i % 2 == held and text in where
            ]
            silent = [turn for i, turn in enumerate(silent_turns) if i % 2 == held]
            out[part] = asked_recall(ws, speak, silent, semantic)
        return out

    return recalled


def summary(rows: list[dict]) -> dict:
    out = {}
    for part in ("tuning", "held-out", "late"):
        for kind in ("paraphrase", "control"):
            picked = [r["rank"] for r in rows if _part(r) == part and r["kind"] == kind]
            if not picked:
                continue
            out[f"{kind} {part}"] = {
                "n": len(picked),
                "hit@1": round(sum(1 for p in picked if p == 1) / len(picked), 3),
                "hit@3": round(sum(1 for p in picked if p) / len(picked), 3),
            }
    return out


def _part(row: dict) -> str:
    return row.get("part") or ("held-out" if row["held_out"] else "tuning")


def embed_whole(ws) -> tuple[float, float | None]:
    """Bring the workspace's index and vectors up to date, every unit embedded (a search asks
    only what a budget allows): the seconds each took, None for the vectors without meaning."""
    from memctl.search import semantic
    from memctl.search.semantic import warm

    started = time.perf_counter()
    with open_index(ws) as index:
        indexed = time.perf_counter() - started
        embedded = None
        if semantic.available(ws):
            started = time.perf_counter()
            warm(ws).sync(index, budget=None)
            embedded = time.perf_counter() - started
    return indexed, embedded


def run(files: int, seed: int, keep: Path | None, part: str = "all") -> dict:
    import tempfile

    with tempfile.TemporaryDirectory(prefix="memctl-meaning-") as tmp:
        report = {}
        if part in ("all", "first"):
            ws, where = workspace(files, seed, keep, Path(tmp))
            indexed, embedded = embed_whole(ws)
            report["workspace"] = {
                "files": files,
                "seed": seed,
                "index_seconds": round(indexed, 2),
                "embed_seconds": embedded and round(embedded, 2),
            }
            report |= _both(ws, where, "", searched, recalled)
        if part == "told":
            told_keep = keep.with_name(f"{keep.name}-told") if keep else None
            ws, where = told_workspace(told_keep, Path(tmp))
            report["told stored"] = {
                "memories": len(told.TOLD) + len(told.LATE),
                "stored": len(where),
            }
            return report | _both(ws, where, "told ", searched_told, recalled_told)
        if part in PAIRS:
            pairs_keep = keep.with_name(f"{keep.name}-{part}") if keep else None
            memories = [text for text, _ in PAIRS[part][0]]
            ws, where = told_workspace(pairs_keep, Path(tmp), memories)
            report[f"{part} stored"] = {"memories": len(memories), "stored": len(where)}
            searcher, recaller = searched_pairs(part), recalled_pairs(part)
            return report | _both(ws, where, f"{part} ", searcher, recaller)
        if part == "first":
            return report
        # The blind set in a workspace of its own, generated alike: its figures stand apart.
        blind_keep = keep.with_name(f"{keep.name}-blind") if keep else None
        ws, where = workspace(files, seed, blind_keep, Path(tmp) / "blind", plant_blind)
        embed_whole(ws)
        report |= _both(ws, where, "blind ", searched_blind, recalled_blind)
    return report


def _both(
    ws: Workspace,
    where: dict[str, tuple[str, int]],
    prefix: str,
    searcher: Callable[[Workspace, dict, bool], list[dict]],
    recaller: Callable[[Workspace, dict, bool], dict],
) -> dict:
    """A set's figures with words alone and with meaning, under "PREFIXwords[+meaning]"."""
    from memctl.search import semantic

    out: dict = {}
    for label, on in ((f"{prefix}words", False), (f"{prefix}words+meaning", True)):
        if on and not semantic.available(ws):
            out[label] = {"skipped": semantic.unavailable_reason(ws)}
            continue
        rows = searcher(ws, where, on)
        out[label] = {
            "search": summary(rows),
            "recall": recaller(ws, where, on),
            "failures": [r for r in rows if r["rank"] != 1],
        }
    return out


def _print_part(label: str, part: dict, failures: bool) -> None:
    if "skipped" in part:
        print(f"\n{label}: skipped ({part['skipped']})")
        return
    print(f"\n{label}")
    for name, m in part["search"].items():
        print(f"  {name:<22} n={m['n']:<3} hit@1 {m['hit@1']:.2f}  hit@3 {m['hit@3']:.2f}")
    recalls = part["recall"]
    if "speaks_when_it_should" in recalls:
        recalls = {"held-out": recalls}
    for name, r in recalls.items():
        print(
            f"  recall ({name}): speaks when it should {r['speaks_when_it_should']:.0%} of "
            f"{r['should_speak']}, silent when it should {r['silent_when_it_should']:.0%} of "
            f"{r['should_stay_silent']}"
        )
    if not failures:
        return
    for row in part["failures"]:
        print(
            f"    miss {row['kind']} ({_part(row)}): "
            f"{row['query']!r} rank {row['rank']} top {row['top']!r}"
        )
    for name, r in recalls.items():
        for line in r["misses"]:
            print(f"    recall silent ({name}): {line}")
        for line in r["false_alarms"]:
            print(f"    recall spoke ({name}): {line}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--keep", type=Path, help="reuse (or make) the workspace here")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--failures", action="store_true", help="list the queries missed at 1")
    parser.add_argument(
        "--part",
        choices=("all", "first", "blind", "told", *PAIRS),
        default="all",
        help="the first two sets (default), only meaning_cases.py, only meaning_cases_blind.py, "
        "only meaning_cases_told.py, only meaning_cases_fresh.py, meaning_cases_fresh2.py or "
        "meaning_cases_contact.py",
    )
    args = parser.parse_args(argv)
    report = run(args.files, args.seed, args.keep, args.part)
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
        return 0
    if "workspace" in report:
        w = report["workspace"]
        print(
            f"workspace: {w['files']} generated files (seed {w['seed']}) and "
            f"{len(TUNE) + len(HELD_OUT)} memories; indexed in {w['index_seconds']}s, "
            f"embedded in {w['embed_seconds']}s"
        )
    if "told stored" in report:
        t = report["told stored"]
        print(f"told: {t['stored']} of {t['memories']} memories stored by the gate")
    for name in PAIRS:
        if f"{name} stored" in report:
            t = report[f"{name} stored"]
            print(f"{name}: {t['stored']} of {t['memories']} memories stored by the gate")
    labels = ["words", "words+meaning", "blind words", "blind words+meaning", "told words"]
    labels += ["told words+meaning"]
    labels += [f"{name} {how}" for name in PAIRS for how in ("words", "words+meaning")]
    for label in labels:
        if label in report:
            _print_part(label, report[label], args.failures)
    return 0


if __name__ == "__main__":
    sys.exit(main())
