"""A rule's act done in the words of a trade: a change "landed" is merged, a release "pushed" or
"shipped" is deployed. Each table holds the look-alikes that do no such act (a plane lands, a
release is pushed back). Read by words alone (the labeler, without the semantic path)."""

from __future__ import annotations

import pytest

from memctl.gate.labeler import Known, decide


def _label(said: str, rule: str, trust: str = "limited") -> str:
    got = decide(said, trust=trust, candidates=[], rules=[Known("r1", rule, rule=True)])
    return got.label


MERGE = "Don't merge anything into main while the build is failing"
DEPLOY = "No deploys on Fridays"


@pytest.mark.parametrize(
    "said",
    [
        "the build is failing but I landed the auth fix into main anyway",
        "Landing PR 77 into main now, the build is failing on an unrelated test",
        "I'll land #311 into main while the build is failing, it's urgent",
    ],
)
def test_a_change_landed_is_merged(said):
    assert _label(said, MERGE) == "clash"


@pytest.mark.parametrize(
    "said",
    [
        "Ship the hotfix release this Friday evening",
        "pushing out the release this Friday afternoon",
    ],
)
def test_a_release_pushed_or_shipped_is_deployed(said):
    assert _label(said, DEPLOY, "trusted") == "clash"


@pytest.mark.parametrize(
    "said",
    [
        "the plane landed at main terminal while the build is failing",  # a plane lands
        "we pushed the release back to Monday, it's Friday",  # put off, not done
        "push the release to next week since it's Friday",
        "the film's release is on Friday",
    ],
)
def test_a_landing_or_a_release_put_off_does_no_act(said):
    assert _label(said, MERGE) != "clash" and _label(said, DEPLOY, "trusted") != "clash"


FUND = "Don't spend anything from the emergency fund"


@pytest.mark.parametrize(
    "said",
    [
        "Paid the car repair from the emergency fund",
        "Paying the builder's deposit out of the emergency fund",
    ],
)
def test_paying_from_a_fund_spends_from_it(said):
    assert _label(said, FUND) == "clash"


@pytest.mark.parametrize(
    "said", ["Put £50 into the emergency fund", "The emergency fund is at Monzo"]
)
def test_what_spends_nothing_from_it_is_no_clash(said):
    assert _label(said, FUND) != "clash"
