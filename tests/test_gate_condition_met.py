"""A rule that waits for something ("never merge a PR unless CI is green", "don't send the
invoice until the client signs the contract", "never publish before legal signs off") is not
broken by the act reported done once that held; done before it, while it did not hold, or with
no word of it, it still is."""

from __future__ import annotations

import pytest

from memctl.gate.labeler import Known, decide

WAITS = [
    "Never release a build unless the smoke tests pass",
    "Don't book the venue until the deposit clears",
    "Never post the newsletter before the editor signs off",
]


@pytest.mark.parametrize(
    ("rule", "said", "label"),
    [
        (WAITS[0], "released build 4.2 once the smoke tests passed", "new"),
        (WAITS[0], "released build 4.2 as soon as the smoke tests passed", "new"),
        (WAITS[0], "released build 4.2 before the smoke tests passed", "clash"),
        (WAITS[0], "released build 4.2 when the smoke tests failed", "clash"),
        (WAITS[0], "released build 4.2", "clash"),
        (WAITS[1], "booked the venue after the deposit cleared on Tuesday", "new"),
        (WAITS[1], "booked the venue before the deposit cleared", "clash"),
        (WAITS[2], "posted the newsletter once the editor signed off", "new"),
        (WAITS[2], "posted the newsletter before the editor signed off", "clash"),
    ],
)
def test_an_act_done_once_what_the_rule_waits_for_held_breaks_no_rule(rule, said, label):
    rules = [Known("rules/general.md#^r1", rule, rule=True)]
    done = decide(said, trust="limited", candidates=rules, rules=rules)
    assert done.label == label, done.reason


ONLY_AFTER = [
    "Only water the seedlings after sunset",
    "Only send the invoice after the job is signed off",
]


@pytest.mark.parametrize(
    ("rule", "said"),
    [
        (ONLY_AFTER[0], "watered the seedlings before sunset"),
        (ONLY_AFTER[1], "sent the invoice before the job was signed off"),
    ],
)
def test_an_act_done_before_what_the_rule_waits_for_is_a_clash_never_a_repeat(rule, said):
    """The same words with "before" for the rule's "after" report the rule broken: dropped as a
    repeat of the rule, the breach would be lost."""
    rules = [Known("rules/general.md#^r1", rule, rule=True)]
    done = decide(said, trust="limited", candidates=rules, rules=rules)
    assert done.label == "clash", done.reason


@pytest.mark.parametrize(
    ("rule", "said"),
    [
        (ONLY_AFTER[0], "watered the seedlings after sunset"),
        (ONLY_AFTER[1], "sent the invoice once the job was signed off"),
    ],
)
def test_the_act_done_after_it_is_no_clash(rule, said):
    rules = [Known("rules/general.md#^r1", rule, rule=True)]
    assert decide(said, trust="limited", candidates=rules, rules=rules).label != "clash"
