"""A long pasted run is read in a time that grows with its length, not with its square.

A text the gate reads may be anything a user or a page pastes: a base64 blob, a run of digits,
a log of "key:value" words, a seed-like run of four-letter groups. A pattern whose every start
inside such a run reads on to the run's end takes a time growing with the square of the run
(a 200,000-character run of "ABCD " held `memctl log` for 36 s; 100,000 characters of
"aa:a" held the gate's reading for 19 s). The backtracking feed of tests/test_patterns.py
cannot see this: each start is read once, only there are as many starts as characters.

So each shape below, 150,000 characters of it, after a secret's name (so that the scanner's
readers of "key: value" run too; 40,000 dots after "password=" once took two minutes), goes
through every reader the write doors share (the gate's reading of a text, the injection check,
the secret scanner, what a line holds for search, the control characters' check), in a
process of its own, with a bound far above what a reading in a time growing with the length
takes (about 1.5 s here) and far below what the square takes (the runs above: 20 s and more
at this length).
"""

from __future__ import annotations

import subprocess
import sys

import pytest

SIZE = 150_000
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
import sys
from memctl.controls import control, without_controls
from memctl.language.injection import injection_reason
from memctl.gate.reading import analyze
from memctl.search.holds import asked_by
from memctl.secrets.scan import scan

unit, size = sys.argv[1], int(sys.argv[2])
text = "password: x, 2 " + unit * (size // len(unit)) + "@x"  # a secret's name: every reader
analyze(text)
injection_reason(text, trust="untrusted")
scan(text)
asked_by(text)
control(text)
without_controls(text, "")
"""


@pytest.mark.parametrize("unit", list(SHAPES.values()), ids=list(SHAPES))
def test_a_long_run_is_read_in_a_time_growing_with_its_length(unit):
    done = subprocess.run(
        [sys.executable, "-c", _READ, unit, str(SIZE)], timeout=15, capture_output=True
    )
    assert done.returncode == 0, done.stderr.decode()[-2000:]
