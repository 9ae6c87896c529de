"""A rule the user loosens for one case keeps holding for every other: the exception is written
into it, and what falls inside the exception is no longer a clash, what falls outside still is
(memctl/gate/excepted.py)."""

from __future__ import annotations

import pytest

from conftest import TODAY
from memctl.gate.candidates import Candidate
from memctl.gate.carry import forward
from memctl.gate.labeler import Known, decide
from memctl.gate.reading import analyze
from memctl.longterm import make_entry

LOOSENED = [
    # an allowance under an amount, for a kind of thing, on one day, for one person
    (
        "Always ask me before paying any invoice for the Newport flat",
        "ok from now on you can pay flat invoices under £100 without asking me",
        True,
    ),
    (
        "Never order anything online without asking me",
        "from now on you can order groceries up to 80 euros without asking",
        True,
    ),
    (
        "Never sell shares without my OK",
        "going forward you can sell shares under 500 pounds without my OK",
        True,
    ),
    (
        "Don't share anything about my health in the family group",
        "from now on you can share health stuff with my sister in the family group",
        True,
    ),
    # look-alikes: the rule lifted or given another value of its own, for every case
    (
        "Always ask me before paying any invoice",
        "from now on you don't need to ask me before paying invoices",
        False,
    ),
    (
        "Never spend more than 50 euros without asking me",
        "From now on you can spend up to 120 euros without asking",
        False,
    ),
]


@pytest.mark.parametrize(("rule", "said", "kept"), LOOSENED)
def test_an_allowance_for_one_case_keeps_the_rule_with_the_exception(rule, said, kept):
    """ "you can pay flat invoices under £100 without asking me" closed "always ask me before
    paying any invoice for the newport flat" and put the user's words alone in its place: the
    rule for £250 was gone. A bound or a value of a kind the rule does not set (an amount, a
    day) names a case as a kind of thing or a person does: the rule is kept, the case excepted."""
    done = decide(said, trust="trusted", candidates=[], rules=[Known("r", rule, rule=True)])
    assert done.label == "update", done.reason
    entry = make_entry(rule, kind="RULE", source="user", today=TODAY)
    line = forward(said, Candidate("rules/general.md", entry, 1.0, True, "trusted", analyze(rule)))
    assert line.startswith(f"{rule}; except: ") is kept, line


EXCEPTED = [
    (
        "Always ask me before paying any invoice for the Newport flat; except: ok from now on "
        "you can pay flat invoices under £100 without asking me",
        {
            "paid the harris lettings invoice for the newport flat, £250": True,
            "paid the harris lettings invoice for the newport flat, £60": False,
            "paid the invoice for the newport flat this morning": True,  # under £100? unsaid
        },
    ),
    (
        "Never order anything online without asking me; except: from now on you can order "
        "groceries up to 80 euros without asking",
        {
            "ordered the weekly groceries online, 65 euros": False,
            "ordered the groceries online, 95 euros": True,
            "ordered a 40 euro kettle online": True,
        },
    ),
    (
        "Never push directly to main; except: From now on it's fine to push hotfixes straight "
        "to main",
        {"pushed the login hotfix straight to main": False, "pushed the refactor to main": True},
    ),
    (
        "Don't book me client calls before 10am; except: from now on calls with Priya are fine "
        "from 8am",
        {
            "booked a client call with Priya for 8:30am": False,
            "booked a client call with Priya for 7:30am": True,
            "booked a client call with Tom for 8:30am": True,
        },
    ),
    (
        "Never book anything for me on Sunday mornings; except: from now on swimming on sunday "
        "mornings is fine",
        {
            "booked Noah's swimming for Sunday at 10am": False,
            "booked the dentist for Sunday at 10am": True,
        },
    ),
]


@pytest.mark.parametrize(("rule", "reports"), EXCEPTED)
def test_what_falls_inside_an_exception_is_allowed_and_the_rest_still_clashes(rule, reports):
    """The rule was read with its exception as one text: the agent's £60 flat invoice clashed
    (another number than the rule's £100), its £250 one did not. The rule is read without its
    exceptions, and a report inside one (its case named, its values held, its amounts and
    times within its bounds) is allowed; one that does not say it is inside still clashes."""
    rules = [Known("rules/general.md#^r1", rule, rule=True)]
    got = {
        said: decide(said, trust="limited", candidates=[], rules=rules).label == "clash"
        for said in reports
    }
    assert got == reports
