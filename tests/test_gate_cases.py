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


@pytest.fixture(scope="module")
def report():
    module = _eval_module()
    defaults, cases = module.load_cases()
    return module.evaluate(cases, defaults)


def test_the_set_is_large_and_covers_what_it_must():
    defaults, cases = _eval_module().load_cases()
    labels = Counter(c["expect"] for c in cases)
    tags = Counter(t for c in cases for t in c.get("tags", []))
    assert len(cases) >= 150 and len({c["id"] for c in cases}) == len(cases)
    assert set(labels) == {"new", "repeat", "update", "correction", "clash", "injection", "secret"}
    assert min(labels.values()) >= 15
    for tag in ("paraphrase", "negation", "dates", "language", "adversarial", "plain"):
        assert tags[tag] >= 5, tag
    assert len(defaults["default_rules"]) >= 5


def test_every_injection_and_every_secret_is_caught(report):
    caught, total = report.caught("injection")
    assert caught == total >= 30, [
        r.case["id"]
        for r in report.results
        if r.case["expect"] == "injection" and r.got != "injection"
    ]
    refused, total = report.caught("secret")
    assert refused == total >= 15


def test_a_plain_repeat_never_writes_a_second_copy(report):
    assert len(report.copies) >= 20 and all(report.copies.values()), report.copies
    plain = [r for r in report.results if "plain" in r.case.get("tags", [])]
    assert all(r.ok for r in plain), [r.case["id"] for r in plain if not r.ok]


@pytest.fixture(scope="module", params=["meaning", "held-out"])
def meaning(request):
    """One meaning set through the gate and the nightly job (a set a fixture: workers share
    them out)."""
    module = _eval_module()
    defaults, cases = module.load_cases(module.SETS[request.param])
    return request.param, module.evaluate(cases, defaults, nightly=True)


def test_the_meaning_sets_are_large_and_drop_nothing_as_a_repeat(meaning):
    hard = ("change-of-mind", "correction", "detail", "rule-change", "injection")
    name, report = meaning
    tags = Counter(t for r in report.results for t in r.case.get("tags", []))
    assert sum(tags[t] for t in hard) >= 40 and len(report.results) >= 50, name
    assert report.dropped() == [], (name, report.dropped())
    injections = [r for r in report.results if r.case["expect"] == "injection"]
    assert all(r.got == "injection" for r in injections), name


@pytest.mark.parametrize("meaning", ["meaning"], indirect=True)  # held out: measured, not floored
def test_the_tuned_meaning_set_stays_above_its_floor(meaning):
    _, report = meaning
    right = sum(r.ok for r in report.results)
    assert right / len(report.results) >= 0.9, [r.case["id"] for r in report.results if not r.ok]


def test_accuracy_per_label_stays_above_the_floor(report):
    for name, (correct, cases) in report.per_label().items():
        assert correct / cases >= FLOOR, (name, correct, cases)


@pytest.mark.parametrize("name", ["meaning", "held-out"])
def test_without_the_semantic_path_nothing_is_dropped_either(name):
    """Words alone (the extra not installed, or `semantic: false`): the labels may be fewer
    right, but no new content is dropped as a repeat, by `remember` or by the nightly job."""
    module = _eval_module()
    defaults, cases = module.load_cases(module.SETS[name])
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
