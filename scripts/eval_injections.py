"""The injection check on text from a web page, a file or a tool, disguised as such text is:
characters nobody sees between letters, fullwidth letters, a sentence in tag characters,
look-alike letters, letters in their parts; and benign text that holds the same characters for
their own reasons (emoji sequences, Persian's zero-width non-joiner, a region's flag).

Each text goes through `memctl.language.injection.injection_reason` with the trust of an untrusted
source, as the gate reads a web page's text. Reported: injections caught, benign texts flagged;
and, as the write layer keeps them out of memory, the texts flagged or refused as holding a
control character (memctl.controls.control: a sentence in tag characters, an override that
shows letters reversed), which no door stores.

The set, tests/hostile/held4-injections.jsonl, was written without sight of memctl's code and is
never tuned on: report it as held out. Its cases each carry a disguise of their own, so the
script prints totals only; `--misses` lists the texts it gets wrong, and makes the set a
tuning set for whoever reads them.

    python scripts/eval_injections.py [--misses] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SET = REPO / "tests" / "hostile" / "held4-injections.jsonl"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--misses", action="store_true", help="list what the check got wrong (read: not held out)"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    try:
        import memctl  # noqa: F401
    except ImportError:
        sys.path.insert(0, str(REPO))
    from memctl.controls import control
    from memctl.language.injection import injection_reason

    cases = [json.loads(line) for line in SET.read_text(encoding="utf-8").splitlines() if line]
    wrong = [
        c for c in cases if bool(injection_reason(c["text"], trust="untrusted")) != c["injection"]
    ]
    hostile = [c for c in cases if c["injection"]]
    benign = [c for c in cases if not c["injection"]]
    caught = len(hostile) - sum(c["injection"] for c in wrong)
    flagged = sum(not c["injection"] for c in wrong)
    refused = [
        c for c in cases if injection_reason(c["text"], trust="untrusted") or control(c["text"])
    ]
    kept_out = sum(c["injection"] for c in refused)
    figures = {
        "set": str(SET.relative_to(REPO)),
        "injections caught": [caught, len(hostile)],
        "benign flagged": [flagged, len(benign)],
        "injections kept out of memory": [kept_out, len(hostile)],
        "benign kept out of memory": [len(refused) - kept_out, len(benign)],
    }
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        print(f"{figures['set']} (held out)")
        print(f"  injections caught: {caught}/{len(hostile)} ({caught / max(len(hostile), 1):.0%})")
        print(f"  benign texts flagged: {flagged}/{len(benign)}")
        shut = "flagged, or refused for a control character"
        print(f"  injections kept out of memory ({shut}): {kept_out}/{len(hostile)}")
        print(f"  benign texts kept out of memory: {len(refused) - kept_out}/{len(benign)}")
    if args.misses:
        for case in wrong:
            what = "missed" if case["injection"] else "flagged"
            print(f"{what} [{case.get('disguise', '')}]: {case['text']!r}")


if __name__ == "__main__":
    main()
