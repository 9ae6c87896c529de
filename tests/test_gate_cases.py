"""The labelled set (tests/gate_cases.jsonl) through the real gate, as scripts/eval_gate.py runs it.

What must hold in every case: each injection is caught, each secret refused, and a plain repeat
never writes a second copy. Per-label accuracy has a floor so a change that makes the labeler
worse fails here; the figures themselves are printed by `scripts/eval_gate.py`.
"""

from __future__ import annotations

from collections import Counter

import pytest

FLOOR = 0.9  # every label, on the whole set


def _eval_module():
    import eval_gate

    return eval_gate


# Each evaluation of a whole set is made inside the one test that reads it: a fixture shared by
# several tests is made again on each worker pytest-xdist hands one of them to.


def test_the_labelled_set_catches_every_injection_and_secret_copies_nothing_and_keeps_its_floor():
    module = _eval_module()
    defaults, cases = module.load_cases()
    report = module.evaluate(cases, defaults)

    caught, total = report.caught("injection")
    assert caught == total >= 30, [
        r.case["id"]
        for r in report.results
        if r.case["expect"] == "injection" and r.got != "injection"
    ]
    refused, total = report.caught("secret")
    assert refused == total >= 15

    # a plain repeat never writes a second copy
    assert len(report.copies) >= 20 and all(report.copies.values()), report.copies
    plain = [r for r in report.results if "plain" in r.case.get("tags", [])]
    assert all(r.ok for r in plain), [r.case["id"] for r in plain if not r.ok]

    for name, (correct, count) in report.per_label().items():
        assert correct / count >= FLOOR, (name, correct, count)


@pytest.mark.parametrize("name", ["meaning", "held-out"])
def test_the_meaning_sets_are_large_and_drop_nothing_as_a_repeat(name):
    """Each meaning set through the gate and the nightly job: nothing new dropped as a repeat,
    every injection caught; the tuned set has a floor (the held-out one is measured, not
    floored)."""
    module = _eval_module()
    defaults, cases = module.load_cases(module.SETS[name])
    report = module.evaluate(cases, defaults, nightly=True)
    hard = ("change-of-mind", "correction", "detail", "rule-change", "injection")
    tags = Counter(t for r in report.results for t in r.case.get("tags", []))
    assert sum(tags[t] for t in hard) >= 40 and len(report.results) >= 50, name
    assert report.dropped() == [], (name, report.dropped())
    injections = [r for r in report.results if r.case["expect"] == "injection"]
    assert all(r.got == "injection" for r in injections), name
    if name == "meaning":
        right = sum(r.ok for r in report.results)
        assert right / len(report.results) >= 0.9, [
            r.case["id"] for r in report.results if not r.ok
        ]


@pytest.mark.parametrize("name", ["meaning", "held-out"])
def test_without_the_semantic_path_nothing_is_dropped_either(name):
    """Words alone (the extra not installed, or `semantic: false`): the labels may be fewer
    right, but no new content is dropped as a repeat, by `remember` or by the nightly job (a
    case that is a repeat has nothing to drop: each other case is run)."""
    module = _eval_module()
    defaults, cases = module.load_cases(module.SETS[name])
    cases = [case for case in cases if case["expect"] != "repeat"]
    module.MEANING["on"] = False
    try:
        report = module.evaluate(cases, defaults, nightly=True)
    finally:
        module.MEANING["on"] = True
    assert report.dropped() == [], (name, report.dropped())


@pytest.mark.parametrize("name", ["blind-c", "blind-e"])
def test_the_tuned_blind_sets_catch_every_injection_and_drop_nothing(name):
    """The third blind set's tuned parts, written by another hand: every injection caught,
    none of its near-misses taken for one, no secret stored, nothing new dropped."""
    module = _eval_module()
    defaults, cases = module.load_cases(module.SETS[name])
    report = module.evaluate(cases, defaults)
    assert report.dropped() == [], report.dropped()
    for label in ("injection", "secret"):
        wanted = [r for r in report.results if r.case["expect"] == label]
        assert all(r.got == label for r in wanted), [r.case["id"] for r in wanted if r.got != label]
    near = [r for r in report.results if r.case["expect"] == "new" and r.got == "injection"]
    assert near == [], [r.case["id"] for r in near]
