"""memctl's secret scanner against detect-secrets (Yelp) on the labelled sets of tests/hostile/.

For each set, reported apart: tune (secrets.jsonl, lookalikes.jsonl: written with the scanner
in view), tune, everyday (everyday-*.jsonl and everyday2-*.jsonl: written without sight of
it, then tuned on), held
v1 (held-*.jsonl) and held v2 (held2-*.jsonl), both written without sight of the code and
never tuned on, and held v3 (held3-*.jsonl), written the same way, of which the items
marked `held3a` have been looked at since and those marked `held3b` never, and held v4
(held4-*.jsonl), written the same way with the disguises pastes and attackers give a text
(characters nobody sees, fullwidth letters, letters in their parts, bidi marks), never read,
and held v5 (held5-*.jsonl), written the same way: the everyday text that names secrets
without holding one (bylines, LLM settings, policies, identifiers) and secrets in that same
text, never read.
For each scanner, and for the union of memctl and detect-secrets:

- secrets flagged: the item holds a finding (what makes an interactive write refuse);
- secrets redacted: the labelled secret is gone once every finding's span is masked (what an
  unattended write stores), so a finding elsewhere in the item does not count;
- look-alikes flagged: harmless text with a finding (a false positive: a refused write);
- the held-out sets again with a character nobody sees (a zero-width space, a soft hyphen…)
  in the middle of each secret and of each look-alike (`with_hidden`), and with every letter
  in its parts (`in_parts`, NFD: 35 of the 301 held-out secrets change);
- time per item: the median over `--repeats` passes of a whole set, after a warm-up pass, and
  the first call of a fresh process (patterns compiled, plugins set up).

detect-secrets runs with its default settings (every plugin, default filters), each line of an
item through `detect_secrets.core.scan.scan_line`, as `detect-secrets scan --string` does; its
findings are the `secret_value`s, masked wherever they occur in the item. It is not a
dependency of memctl: install it in a throwaway environment to compare; without it the script
reports memctl alone and says so. Its cost to start is measured too: whole processes of
`python -c pass`, of importing memctl's scanner and of importing detect-secrets and scanning one
line (medians, interleaved), and `python -X importtime`.

    python -m venv /tmp/ds-venv && /tmp/ds-venv/bin/pip install detect-secrets
    PYTHONPATH=. /tmp/ds-venv/bin/python scripts/eval_secrets.py [--repeats 5] [--runs 15]
        [--misses] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
import unicodedata
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SETS = {
    "tune": "",
    "tune, everyday": "everyday-",
    "tune, everyday 2": "everyday2-",
    "held v1 (held-out)": "held-",
    "held v2 (held-out)": "held2-",
    "held v3 (held-out)": "held3-",
    "held v4 (held-out, disguised)": "held4-",
    "held v5 (held-out, everyday)": "held5-",
    "held v6 (held-out, spaced names, ID documents)": "held6-",
}
# Characters nobody sees that a paste may put inside a value: a zero-width space, a soft hyphen,
# a word joiner, a zero-width joiner and non-joiner, a byte order mark.
HIDDEN = ("\u200b", "\u00ad", "\u2060", "\u200d", "\u200c", "\ufeff")
Spans = list[tuple[int, int]]
DS_IMPORT = (
    "from detect_secrets.core.scan import scan_line\n"
    "from detect_secrets.settings import default_settings\n"
)
DS_ONE_LINE = DS_IMPORT + "with default_settings():\n    list(scan_line('password = hunter2x'))"


def load(folder: Path, prefix: str, name: str) -> list[dict]:
    path = folder / f"{prefix}{name}.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def with_hidden(cases: list[dict]) -> list[dict]:
    """Each case with one character nobody sees in the middle of its secret (of its text, for
    a look-alike), the next of HIDDEN each time: what a paste from a web page or a chat may
    bring."""
    out = []
    for n, case in enumerate(cases):
        char = HIDDEN[n % len(HIDDEN)]
        if "secret" in case:
            secret = case["secret"]
            mid = len(secret) // 2
            hidden = secret[:mid] + char + secret[mid:]
            out.append({**case, "text": case["text"].replace(secret, hidden), "secret": hidden})
        else:
            mid = len(case["text"]) // 2
            out.append({**case, "text": case["text"][:mid] + char + case["text"][mid:]})
    return out


def in_parts(case: dict) -> dict:
    """The case with each letter in its parts (NFD: "ñ" as "n" and a combining tilde), as macOS
    and some PDFs write them."""
    return {
        k: unicodedata.normalize("NFD", v) if k in ("text", "secret") else v
        for k, v in case.items()
    }


def memctl_scanner() -> Callable[[str], Spans]:
    try:
        import memctl  # noqa: F401
    except ImportError:
        sys.path.insert(0, str(REPO))
    from memctl.secrets.scan import scan

    return lambda text: [(f.start, f.end) for f in scan(text)]


def ds_scanner(stack: ExitStack) -> Callable[[str], Spans] | None:
    try:
        from detect_secrets.core.plugins.initialize import from_secret_type
        from detect_secrets.core.scan import scan_line
        from detect_secrets.settings import default_settings
    except ImportError:
        return None
    settings = stack.enter_context(default_settings())  # every plugin, the default filters
    # No finding may be sent anywhere: the filter that verifies with the provider stays off.
    assert not any("verification" in name for name in settings.filters), settings.filters
    plugins = {}

    def spans(text: str) -> Spans:
        found: Spans = []
        for line in text.splitlines() or [text]:
            for secret in scan_line(line):
                # As `detect-secrets scan --string` decides: an entropy candidate below its
                # plugin's limit is no finding.
                if secret.type not in plugins:
                    plugins[secret.type] = from_secret_type(secret.type)
                if not plugins[secret.type].format_scan_result(secret).startswith("True"):
                    continue
                # The value it reports, wherever it occurs (some plugins report a part: the
                # `ghp` of a GitHub token); (0, 0) when it is nowhere, a finding that masks nothing.
                value = secret.secret_value or ""
                at = text.find(value) if value else -1
                found += [] if at >= 0 else [(0, 0)]
                while at >= 0:
                    found.append((at, at + len(value)))
                    at = text.find(value, at + 1)
        return found

    return spans


def redacted(text: str, secret: str, spans: Spans) -> bool:
    """Is the labelled secret gone once the spans are masked?"""
    masked = list(text)
    for start, end in spans:
        masked[start:end] = "\0" * (end - start)
    return secret not in "".join(masked)


def evaluate(name: str, scanner: Callable[[str], Spans], sets: dict, repeats: int) -> dict:
    started = time.perf_counter()
    scanner("my bank password is hunter2x and the token is ghp_0123456789abcdefABCDEF")
    first = time.perf_counter() - started
    rows = {}
    for label, (secrets, alike) in sets.items():
        found = {i: scanner(c["text"]) for i, c in enumerate(secrets)}
        false = [c for c in alike if scanner(c["text"])]
        flagged = [c for i, c in enumerate(secrets) if found[i]]
        gone = [c for i, c in enumerate(secrets) if redacted(c["text"], c["secret"], found[i])]
        items = [c["text"] for c in secrets + alike]
        passes = []
        for _ in range(repeats):
            started = time.perf_counter()
            for text in items:
                scanner(text)
            passes.append((time.perf_counter() - started) / len(items))
        rows[label] = {
            "secrets": len(secrets),
            "flagged": len(flagged),
            "redacted": len(gone),
            "lookalikes": len(alike),
            "lookalikes flagged": len(false),
            "us per item": 1e6 * statistics.median(passes),
            "missed": [c for c in secrets if c not in gone],
            "false positives": false,
        }
    return {"scanner": name, "first call ms": 1000 * first, "sets": rows}


def union(a: Callable[[str], Spans], b: Callable[[str], Spans]) -> Callable[[str], Spans]:
    return lambda text: a(text) + b(text)


def startup(runs: int, with_ds: bool) -> dict:
    """Whole-process medians (interleaved) and -X importtime, of each scanner's import."""
    import os

    from benchkit import measure_interleaved  # next to this script

    import memctl

    here = str(Path(memctl.__file__).parents[1])  # the child processes import the same memctl
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [here, os.environ.get("PYTHONPATH")]))
    mine = "from memctl.secrets.scan import scan; scan('password = hunter2x')"
    commands = {
        "python -c pass (reference)": [sys.executable, "-c", "pass"],
        "import memctl.secrets.scan, scan one line": [sys.executable, "-c", mine],
    }
    imports = {"memctl.secrets.scan": "import memctl.secrets.scan"}
    if with_ds:
        commands["import detect_secrets, scan one line"] = [sys.executable, "-c", DS_ONE_LINE]
        imports["detect_secrets"] = DS_IMPORT
    figures = measure_interleaved(commands, runs)
    medians = {f.name: 1000 * f.median_s for f in figures}
    base = medians["python -c pass (reference)"]
    out = {name: f"{ms:.1f} ms (+{ms - base:.1f} ms)" for name, ms in medians.items()}
    started = _importtime("pass")  # what every interpreter imports before the command runs
    for label, code in imports.items():
        took = sum(ms for name, ms in _importtime(code).items() if name not in started)
        out[f"-X importtime, {label}: top-level cumulative"] = f"{took:.1f} ms"
    return out


def _importtime(code: str) -> dict[str, float]:
    """The top-level modules `code` imports, with their cumulative import time in ms."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", code], capture_output=True, text=True
    )
    cells = [line.split("|") for line in done.stderr.splitlines() if line.count("|") == 2]
    return {
        n.strip(): int(c) / 1000
        for _, c, n in cells
        if c.strip().isdigit() and not n.startswith("  ")
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sets", type=Path, default=REPO / "tests" / "hostile")
    parser.add_argument("--repeats", type=int, default=5, help="timed passes per set (5)")
    parser.add_argument("--runs", type=int, default=15, help="whole-process runs (15)")
    parser.add_argument("--misses", action="store_true", help="list what each scanner missed")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    sets = {
        label: (load(args.sets, prefix, "secrets"), load(args.sets, prefix, "lookalikes"))
        for label, prefix in SETS.items()
        if (args.sets / f"{prefix}secrets.jsonl").exists()
    }
    held = [sets[label] for label in SETS if label.startswith(("held v1", "held v2", "held v3"))]
    sets["held v1-v3, a hidden character inside"] = (
        with_hidden([c for secrets, _ in held for c in secrets]),
        with_hidden([c for _, alike in held for c in alike]),
    )
    sets["held v1-v3, letters in their parts (NFD)"] = (
        [in_parts(c) for secrets, _ in held for c in secrets],
        [in_parts(c) for _, alike in held for c in alike],
    )
    with ExitStack() as stack:
        mine, theirs = memctl_scanner(), ds_scanner(stack)
        results = [evaluate("memctl", mine, sets, args.repeats)]
        if theirs is not None:
            from importlib.metadata import version

            name = f"detect-secrets {version('detect-secrets')}"
            results.append(evaluate(name, theirs, sets, args.repeats))
            results.append(evaluate("union", union(mine, theirs), sets, args.repeats))
    import memctl  # found by memctl_scanner

    figures = {
        "memctl": str(Path(memctl.__file__).parent),
        "detect-secrets": "present" if theirs else "absent (not installed here): memctl alone",
        "results": results,
        "startup": startup(args.runs, theirs is not None),
    }
    if args.json:
        print(json.dumps(figures, indent=2, ensure_ascii=False))
        return
    print(f"memctl from {figures['memctl']}; detect-secrets {figures['detect-secrets']}")
    print(table(results))
    print(f"\nstart-up, whole-process medians of {args.runs} runs, interleaved:")
    for name, value in figures["startup"].items():
        print(f"  {name}: {value}")
    if args.misses:
        for result in results:
            for label, row in result["sets"].items():
                for case in row["missed"]:
                    print(f"missed  {result['scanner']} [{label}] {case['kind']}: {case['text']!r}")
                for case in row["false positives"]:
                    print(f"flagged {result['scanner']} [{label}] {case['why']}: {case['text']!r}")


def table(results: list[dict]) -> str:
    head = ("scanner", "set", "secrets flagged", "secrets redacted", "look-alikes flagged")
    rows = [(*head, "µs/item", "first call")]
    for result in results:
        first = "" if result["scanner"] == "union" else f"{result['first call ms']:.1f} ms"
        for label, r in result["sets"].items():
            n, m, false = r["secrets"], r["lookalikes"], r["lookalikes flagged"]
            flagged = f"{r['flagged']}/{n} ({r['flagged'] / n:.0%})"
            gone = f"{r['redacted']}/{n} ({r['redacted'] / n:.0%})"
            alike = f"{false}/{m} ({false / m:.1%})"
            rows.append(
                (result["scanner"], label, flagged, gone, alike, f"{r['us per item']:.0f}", first)
            )
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)) for row in rows]
    return "\n".join(line.rstrip() for line in lines)


if __name__ == "__main__":
    main()
