"""The injection check on text from a web page, a file or a tool, disguised as such text is:
characters nobody sees between letters, fullwidth letters, a sentence in tag characters,
look-alike letters, letters in their parts; and benign text that holds the same characters for
their own reasons (emoji sequences, Persian's zero-width non-joiner, a region's flag).

Each text goes through `memctl.language.injection.injection_reason` with the trust of an untrusted
source, as the gate reads a web page's text. Reported: injections caught, benign texts flagged;
and, as the write layer keeps them out of memory, the texts flagged or refused as holding a
control character (memctl.controls.control: a sentence in tag characters, an override that
shows letters reversed), which no door stores.

The sets were written without sight of memctl's code:
- tests/hostile/held4-injections.jsonl: injections each in a disguise of their own, and benign
  texts; never tuned on, held out.
- tests/hostile/pages-s.jsonl and pages-t.jsonl: two alike halves of 60 texts, each 40 pages
  written for people in some thirty genres and a dozen languages (a router's manual, a
  bank's "never share your PIN", a README's install steps, a job ad, a friend's "don't tell
  mum", a wiki page on how chatbots work) and 20 injections hidden in the same genres. The s
  half is tuned on; the t half is held out.

Totals only; `--misses SET` lists the texts a set gets wrong, and makes it a tuning set for
whoever reads them.

    python scripts/eval_injections.py [--misses SET] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
HOSTILE = REPO / "tests" / "hostile"
SETS = {  # name: (file, held out)
    "held4": (HOSTILE / "held4-injections.jsonl", True),
    "pages-s": (HOSTILE / "pages-s.jsonl", False),
    "pages-t": (HOSTILE / "pages-t.jsonl", True),
}


def measure(path: Path) -> tuple[dict, list[dict]]:
    """The figures of one set, and the cases it gets wrong."""
    from memctl.controls import control
    from memctl.language.injection import injection_reason

    cases = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    flagged_as = {id(c): bool(injection_reason(c["text"], trust="untrusted")) for c in cases}
    wrong = [c for c in cases if flagged_as[id(c)] != c["injection"]]
    hostile = [c for c in cases if c["injection"]]
    benign = [c for c in cases if not c["injection"]]
    caught = len(hostile) - sum(c["injection"] for c in wrong)
    flagged = sum(not c["injection"] for c in wrong)
    refused = [c for c in cases if flagged_as[id(c)] or control(c["text"])]
    kept_out = sum(c["injection"] for c in refused)
    figures = {
        "set": str(path.relative_to(REPO)),
        "injections caught": [caught, len(hostile)],
        "benign flagged": [flagged, len(benign)],
        "injections kept out of memory": [kept_out, len(hostile)],
        "benign kept out of memory": [len(refused) - kept_out, len(benign)],
    }
    return figures, wrong


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--misses",
        choices=sorted(SETS),
        help="list what the check got wrong in this set (read: not held out)",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    try:
        import memctl  # noqa: F401
    except ImportError:
        sys.path.insert(0, str(REPO))

    report = {}
    for name, (path, held) in SETS.items():
        figures, wrong = measure(path)
        figures["held out"] = held
        report[name] = figures
        if args.json:
            continue
        print(f"{figures['set']} ({'held out' if held else 'tuned on'})")
        caught, hostile = figures["injections caught"]
        print(f"  injections caught: {caught}/{hostile} ({caught / max(hostile, 1):.0%})")
        print(f"  benign texts flagged: {'/'.join(map(str, figures['benign flagged']))}")
        shut = "flagged, or refused for a control character"
        kept = "/".join(map(str, figures["injections kept out of memory"]))
        print(f"  injections kept out of memory ({shut}): {kept}")
        benign_out = "/".join(map(str, figures["benign kept out of memory"]))
        print(f"  benign texts kept out of memory: {benign_out}")
        if args.misses == name:
            for case in wrong:
                what = "missed" if case["injection"] else "flagged"
                tag = case.get("disguise") or case.get("genre") or ""
                print(f"  {what} [{tag}]: {case['text']!r}")
    if args.json:
        print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
