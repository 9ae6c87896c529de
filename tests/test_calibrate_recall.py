"""scripts/calibrate_recall.py: the fitted model, the decisions it is judged by and the choice
of its threshold, on records made by hand (the search they come from is recall's own,
recall.candidates, which tests/test_recall.py covers)."""

from __future__ import annotations

import itertools

import calibrate_recall as cr

_asked = itertools.count()


def record(should: bool, *candidates: tuple[float, bool, str], part: str = "tune") -> dict:
    return {
        "source": "convo",
        "part": part,
        "prompt": f"prompt {next(_asked)}",
        "should": should,
        "meaning": True,
        "candidates": [{"x": [x], "right": right, "path": path} for x, right, path in candidates],
    }


def test_the_model_learns_what_separates_answers_from_the_rest():
    rows = [([0.9], True), ([0.8], True), ([0.2], False), ([0.1], False), ([0.3], False)]
    w = cr.fit(rows, steps=500)
    assert w[0] > 0
    assert cr.probability(w, [0.85]) > 0.5 > cr.probability(w, [0.15])


def test_recall_is_judged_as_it_decides_three_pointers_two_a_file():
    r = record(True, (0.9, False, "a.md"), (0.8, False, "a.md"), (0.7, True, "a.md"))
    score = lambda c: c["x"][0]  # noqa: E731
    assert cr.decide(r, score, 0.5) == (True, False)  # the third from a.md is never shown
    r = record(True, (0.9, False, "a.md"), (0.8, False, "a.md"), (0.7, True, "b.md"))
    assert cr.decide(r, score, 0.5) == (True, True)
    assert cr.decide(r, score, 0.95) == (False, False)


def test_the_threshold_keeps_silence_first():
    records = [record(True, (0.6, True, "a.md")), record(True, (0.4, True, "b.md"))]
    records += [record(False, (0.5, False, "c.md")) for _ in range(3)]
    t = cr.choose(records, lambda c: c["x"][0])
    shown = cr.figures(records, lambda c: c["x"][0], t)
    assert shown["silent"] == 1.0 and shown["right"] == 0.5 and 0.5 < t <= 0.6
