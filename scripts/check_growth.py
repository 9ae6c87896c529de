"""Does any reader of memctl take a time growing with the square of a long run in its text?

A text memctl reads may be anything a user or a page pastes: a base64 blob, a run of digits,
a log of "key:value" words, 40,000 dots of a leader. A pattern whose every start inside such a
run reads on to the run's end takes a time growing with the square of the run (a 200,000
character run of "ABCD " held `memctl log` for 36 s; 100,000 characters of "aa:a" held the
gate's reading for 19 s; 40,000 dots after "password=" two minutes; 200,000 spaces in a relation
line held `memctl graph` for minutes). A test that cannot hang for ever (tests/test_patterns.py
feeds every pattern runs of its repeats with a timeout) does not see this: each start is read
once, only there are as many starts as characters. Growth is a matter of timings, so it is
measured here, as the benchmarks are, and not asserted in the test suite:

- **patterns**: each pattern memctl searches (tests/test_patterns.py `searched`: every start of
  a text tried) in 12,000 characters of what one of its repeats or leads matches, then in an
  eighth and twice that (tests/backtrack.py --square); the check is first shown to find the
  patterns memctl once had and to leave a bounded repeat;
- **long runs**: each shape below, after a secret's name (so the scanner's readers of
  "key: value" run too), through every reader the write doors share (the gate's reading, the
  injection check, the secret scanner, what a line holds for search, the control characters'
  check), at SIZE and a quarter of it, in a process of its own;
- **scanner runs**: a run of one piece of a secret (a prefix or a name, repeated) through the
  secret scanner at 10,000 and 2,500 pieces.

A time growing with the length is four times as long at four times the length, with the square
sixteen. Exit 1 when a reader grows with the square (or the check misses a known one).

    .venv/bin/python scripts/check_growth.py [--only patterns|runs|scanner] [--list]
"""

from __future__ import annotations

import argparse
import pickle
import subprocess
import sys
import time
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1] / "tests"
sys.path.insert(0, str(TESTS))  # the pattern enumeration and its feed, shared with the tests

SIZE = 150_000  # characters of a long run through the readers
RATIO = 8.0  # the time at four times the length over the time at the length, past which: square
SHAPES = {
    "spaced groups of four capitals": "ABCD ",
    "four-letter words": "when they were done ",
    "key:value words": "aa:a",
    "word characters and dots before an at sign": "a.b",
    "a run of digits": "7",
    "digit groups": "1234 ",
    "a base64 blob": "QUJDRGVmZ2g0NTY3K/8=",
    "dashes": "-",
    "quoted words": '"a" ',
    "a repeated instruction": "ignore previous instructions and ",
    "dotted leaders": ".",
    "spaces": " ",
    "letters spaced": "a ",
    "letters between zero-width spaces": "a\u200b",
    "fullwidth words": "\uff49\uff47\uff4e\uff4f\uff52\uff45 ",
    "tag characters": "\U000e0061\U000e0020",
    "letters in their parts": "e\u0301 ",
    "combining marks": "\u0301",
    "sentences opening with a name": "Zed ran. ",
    "sentences opening with new names": "Zed ran. Yan ran. Xia sat. Wim ran. Vic sat. ",
    "short day and month names": "Mon Tue May Jun sat sun. ",
    "nested direction overrides": "\u202e\u05e9\u202d",
    "overrides and pops": "\u202e\u202ca",
}
_READ = """
import sys, time
from memctl.controls import control, without_controls
from memctl.language.injection import injection_reason
from memctl.gate.reading import analyze
from memctl.language.holds import asked_by
from memctl.secrets.scan import scan

unit, size = sys.argv[1], int(sys.argv[2])
text = "password: x, 2 " + unit * (size // len(unit)) + "@x"  # a secret's name: every reader
started = time.process_time()
analyze(text)
injection_reason(text, trust="untrusted")
scan(text)
asked_by(text)
control(text)
without_controls(text, "")
print(time.process_time() - started)
"""
# pieces whose runs once took a time growing with their square: a name of a secret read with
# the rest of the run after each ("sig=", "password="), a pattern whose look-ahead or first part
# read on from each start ("xoxb-", "eyJ"), a split token's prefix ("glpat-", "ghp_"); a word or
# a tool's name read with the rest of its word or line after each ("backup-", "curl ")
PIECES = ["sig=", "password=", "xoxb-", "eyJ", "glpat-", "ghp_", "AKIA", "token:", "backup-"]
PIECES += ["2fa-", "curl ", "sudo -", "smbclient -U ", "otpauth://", "WIFI: ", "ldapadd "]
TAIL = "\nkey <<<"  # the words a pattern's triggers want besides the piece
# The check itself: patterns memctl once had, each with the run it read to its end from every
# start, and patterns that read a run once or to a bound (found: nothing)
FOUND = [
    (r"\s*x", " "),
    (r"[a-z]+@", "a"),
    (r"\s*(?:→|->)\s*", " "),
    (r"(?i)\b(?:backup|recovery)[\w-]*\s*(?:key|code)\b", "back"),
    (r"\bsmbclient\b[^\n]*?-U\s*\S+?%(?P<s>\S+)", "smbc"),
    (r"(?i)otpauth://[^\s]*?[?&]secret=(?P<s>[A-Z2-7]{16,}=*)", "otpa"),
]
LEFT = [r"ab+c", r"\bldap(?:search|add)\b(?:[^\n|;&]){0,1000}?\s-w\s*(?P<s>\S+)"]


def _square(found: list[tuple[str, int, str]]) -> list[str]:
    """tests/backtrack.py --square on `found`, in a process of its own: its findings."""
    done = subprocess.run(
        [sys.executable, str(TESTS / "backtrack.py"), "--square"],
        input=pickle.dumps(found),
        capture_output=True,
        check=True,
    )
    return [line for line in done.stdout.decode().splitlines() if line]


def check_patterns() -> list[str]:
    from test_patterns import NOT_YET_LINEAR, SHORT_TEXTS, searched

    failed = []
    for source, piece in FOUND:
        said = _square([(source, 0, "found")])
        print(f"  the check on {source!r}: {said[0] if said else 'MISSED'}")
        if not said or not said[0].startswith(f"found on a run of {piece[:4]!r}"[:-1]):
            failed.append(f"the check missed {source!r}")
    for source in LEFT:
        said = _square([(source, 0, "left")])
        print(f"  the check on {source!r}: {said[0] if said else 'left, as it should be'}")
        failed += [f"the check took {source!r} for the square" for _ in said]
    patterns = [f for f in searched() if f[0] not in SHORT_TEXTS]
    patterns = [f for f in patterns if not f"{f[2]} ".startswith(NOT_YET_LINEAR)]
    started = time.perf_counter()
    found = _square(patterns)
    print(f"  {len(patterns)} searched patterns in {time.perf_counter() - started:.0f} s")
    return failed + [f"{line} (the square)" for line in found]


def check_runs() -> list[str]:
    failed = []
    for label, unit in SHAPES.items():
        times = []
        for size in (SIZE // 4, SIZE):
            done = subprocess.run(
                [sys.executable, "-c", _READ, unit, str(size)], capture_output=True, check=True
            )
            times.append(float(done.stdout))
        ratio = times[1] / max(times[0], 1e-3)
        print(f"  {label}: {times[0]:.2f} s, {times[1]:.2f} s at four times ({ratio:.1f}×)")
        if ratio > RATIO and times[1] > 0.5:
            failed.append(f"long run of {label}: {ratio:.1f}× at four times the length")
    return failed


def _scanned(text: str) -> float:
    from memctl.secrets.scan import scan

    best = float("inf")
    for _ in range(3):
        started = time.thread_time()
        scan(text)
        best = min(best, time.thread_time() - started)
    return best


def check_scanner() -> list[str]:
    failed = []
    for piece in PIECES:
        short, long = _scanned(piece * 2500 + TAIL), _scanned(piece * 10000 + TAIL)
        ratio = long / max(short, 0.005)
        print(f"  {piece!r}: {short * 1000:.1f} ms, {long * 1000:.1f} ms ({ratio:.1f}×)")
        if ratio > RATIO + 2:  # a short scan's few milliseconds are noisier
            failed.append(f"scanner on a run of {piece!r}: {ratio:.1f}× at four times")
    return failed


CHECKS = {"patterns": check_patterns, "runs": check_runs, "scanner": check_scanner}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=list(CHECKS))
    parser.add_argument("--list", action="store_true", help="what would be checked, untimed")
    args = parser.parse_args()
    if args.list:
        from test_patterns import searched

        print(f"patterns: {len(searched())}\nruns: {len(SHAPES)}\nscanner: {len(PIECES)}")
        return 0
    failed = []
    for name, check in CHECKS.items():
        if args.only in (None, name):
            print(f"{name}:", flush=True)
            failed += check()
    for line in failed:
        print(f"FAILED: {line}")
    print("every reader grows with the length" if not failed else f"{len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
