"""How the user changes a rule: loosened for one case, it keeps holding for every other (the
exception written into it: what falls inside is no longer a clash, what falls outside still is,
memctl/gate/excepted.py); given another value in place of its own, it is its own words with the
new value (memctl/gate/swapped.py); and a rule the user states is written as one
(memctl/gate/stated.py)."""

from __future__ import annotations

import pytest

from conftest import NOW, TODAY
from memctl.gate.candidates import Candidate
from memctl.gate.carry import forward
from memctl.gate.labeler import Known, decide
from memctl.gate.reading import analyze
from memctl.gate.remember import explain
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
    # a year that names the thing the case is, in a change said to last: no one-time date
    (
        "Don't delete files from the shared Dropbox, archive them instead",
        "going forward the 2019 clients folder in dropbox can be deleted, no need to archive it",
        True,
    ),
    (
        "Never throw away paper bank statements",
        "from now on you can throw away the 2015 bank statements, they're scanned",
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
    label, line = changed(rule, said)
    assert label == "update" and line.startswith(f"{rule}; except: ") is kept, line


@pytest.mark.parametrize(
    "said",
    [
        "delete the 2019 invoices folder from the dropbox",  # no word that it lasts
        "you can delete the old 2019 folder in dropbox today",
        "from now on delete whatever you like in dropbox on 3 March 2027",  # a day: one time
    ],
)
def test_a_year_in_an_act_said_once_is_a_clash_with_the_rule(said):
    label, _ = changed("Don't delete files from the shared Dropbox, archive them instead.", said)
    assert label == "clash"


def changed(rule: str, said: str) -> tuple[str, str | None]:
    """The user's `said` over `rule`: its label, and the rule's new line when it changes it."""
    done = decide(said, trust="trusted", candidates=[], rules=[Known("r", rule, rule=True)])
    if done.label not in ("update", "correction"):
        return done.label, None
    entry = make_entry(rule, kind="RULE", source="user", today=TODAY)
    target = Candidate("rules/general.md", entry, 1.0, True, "trusted", analyze(rule))
    return done.label, forward(said, target)


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


@pytest.mark.parametrize(
    ("rule", "said", "now"),
    [
        (
            "Never book anything for me on Tuesday evenings",
            "ok new rule: wednesday evenings are the ones to keep clear now, not tuesdays",
            "Never book anything for me on Wednesday evenings",
        ),
        (
            "Never schedule meetings for me on Fridays",
            "new rule: thursdays are my no-meeting day now, not fridays",
            "Never schedule meetings for me on Thursdays",
        ),
        (
            "Don't plan any holidays for us in August",
            "from now on never plan holidays in july instead of august",
            "Don't plan any holidays for us in July",
        ),
        # said of something else, not as a norm: no rule changes
        (
            "Never book anything for me on Tuesday evenings",
            "band practice is on wednesday evenings now, not tuesdays",
            None,
        ),
        ("Never schedule meetings for me on Fridays", "the team lunch is on thursdays now", None),
    ],
)
def test_a_rule_given_another_value_in_place_of_its_own_is_its_own_words_with_it(rule, said, now):
    """ "ok new rule: wednesday evenings are the ones to keep clear now, not tuesdays" over
    "Never book anything for me on Tuesday evenings" was filed as a fact (it shares no word with
    the rule): a norm or an announced rule that gives up a value the rule sets and gives another
    of its kind changes the rule, an update (the rule was not wrong), to the rule's own words
    with the new value."""
    label, line = changed(rule, said)
    assert (label, line) == (("update", now) if now else ("new", None))


STATED = {
    "ok new rule: dont book me anything on wednesday evenings, band's moving there": True,
    "from now on always cc Leo on anything about the mortgage": True,
    "going forward, don't reply to the landlord before I've seen the draft": True,
    "in future please check with me before booking flights": True,
    "from now on reply to me in Welsh": True,
    "from now on Sam never eats meat": False,  # a norm of someone else's
    "going forward we always meet on Zoom": False,
    "the bins go out on wednesday from now on": False,
    "should we always book the 9am slot from now on?": False,
}


def test_a_rule_the_user_states_is_written_as_a_rule_in_rules(ws):
    """ "ok new rule: dont book me anything on wednesday evenings" with no rule on file went to
    semantic/inbox.md as a FACT: a user who announces a rule, or tells the agent always, never
    or don't from now on, gives a rule, `--kind RULE` or not."""
    from memctl.gate.stated import states_a_rule

    assert {said: states_a_rule(said) for said in STATED} == STATED
    for said in (
        "ok new rule: dont book me anything on wednesday evenings",
        "from now on I'm vegan",
    ):
        done = explain(ws, said, source="user", now=NOW)
        ruled = "[RULE]" in (done.preview or "") and done.note == "rules/general.md"
        assert done.label == "new" and ruled is said.startswith("ok new rule"), done.preview


@pytest.mark.parametrize(
    ("rule", "said", "label"),
    [
        ("Always answer in Spanish", "from today, answers in English please", "update"),
        ("Always answer in Spanish", "starting tomorrow, reply in English", "update"),
        ("Always answer in Spanish", "from this week on, reply in English", "update"),
        ("Never deploy on Fridays", "as of today Friday deploys are fine", "update"),
        # a day of its own, said once: the rule holds and this breaks it
        ("Always answer in Spanish", "reply in English today, my boss is reading", "clash"),
        ("Never deploy on Fridays", "deploying friday is fine today, it's an emergency", "clash"),
    ],
)
def test_a_change_said_to_start_on_a_day_lasts(rule, said, label):
    """ "from today, answers in English please" over "Always answer in Spanish" was a clash:
    the day it names read as the one time the rule is broken. A change said to start on a day
    ("from today", "starting tomorrow", "as of this week") lasts, and changes the rule."""
    assert changed(rule, said)[0] == label


@pytest.mark.parametrize(
    ("said", "label"),
    [
        ("you can put meetings in from 9, i'm up early with the dog anyway", "update"),
        ("you can schedule calls from 9, i am up anyway", "update"),
        # the permission said in other words than "you can"
        ("calls from 9 are fine", "update"),
        ("calls after 9 are ok", "update"),
        ("feel free to put meetings in from 9", "update"),
        ("calls from 9 are fine today", "clash"),
        # a day or a date of its own, or said once: the rule holds and this breaks it
        ("you can put the meeting with Lars in from 9 on friday", "clash"),
        ("you can book meetings from 9 tomorrow, just this once", "clash"),
        ("you can put the call in after 9 on the 14th", "clash"),
    ],
)
def test_an_hour_allowed_with_no_day_named_lasts(said, label):
    """ "you can put calls on my calendar from 8" over "No calls before 9:30 am" was a clash:
    no word said it lasts. An hour the user allows the act from, for no day or date, is of every
    day, however the permission is said ("… are fine", "feel free to"): the rule changes."""
    assert changed("No calls or meetings before 10am", said)[0] == label


LETTING = "Never reply to the letting agent without checking with me first"
ACCOUNTANT = "Never send anything to the accountant without checking with me first"


@pytest.mark.parametrize(
    ("rule", "said", "source", "on_file", "label", "names_rule"),
    [
        (
            LETTING,
            "from now on you can answer harris lettings about repairs without asking me",
            "user",
            "Harris Lettings is our letting agent for the Newport flat",
            "update",
            False,
        ),
        (  # a business named by the trade of the rule's role ("Lettings": the letting agent)
            LETTING,
            "from now on you can answer harris lettings about repairs without asking me",
            "user",
            "The Newport flat rent is £675 a month, paid on the 3rd via Harris Lettings",
            "update",
            False,
        ),
        (
            LETTING,
            "replied to harris lettings about the boiler",
            "agent",
            "The Newport flat rent is £675 a month, paid on the 3rd via Harris Lettings",
            "clash",
            False,
        ),
        (  # nothing on file says who the letting agent is: the rule it may loosen is named
            LETTING,
            "from now on you can answer harris estates about repairs without asking me",
            "user",
            "The Newport flat rent is £675 a month, paid on the 3rd via Harris Estates",
            "new",
            True,
        ),
        (
            LETTING,
            "replied to harris lettings about the rent increase",
            "agent",
            "Our letting agent is Harris Lettings, they manage the Newport flat",
            "clash",
            False,
        ),
        (
            ACCOUNTANT,
            "from now on you can send priya shah the receipts without asking",
            "user",
            "Our accountant is Priya Shah, her number is 0612 334 455",
            "update",
            False,
        ),
        (  # a permission turns no fact about Priya around: it may loosen the rule
            ACCOUNTANT,
            "from now on you can send priya shah the receipts without asking",
            "user",
            "Priya Shah sent the tax forms back",
            "new",
            True,
        ),
        (
            ACCOUNTANT,
            "sent priya shah the receipts for march",
            "agent",
            "Priya Shah sent the tax forms back",
            "new",
            False,
        ),
        (  # an ask-first rule that names no thing, loosened for one day
            "Never book anything for me without checking with me first",
            "from now on you can book things on Fridays without asking",
            "user",
            "The dentist is on Friday 4 December",
            "update",
            False,
        ),
    ],
)
def test_a_rule_is_read_of_whoever_a_note_says_holds_its_role(
    rule, said, source, on_file, label, names_rule
):
    """ "from now on you can answer harris lettings about repairs without asking me" for "Never
    reply to the letting agent without checking with me first" was new, naming nothing: a name a
    note says holds a role is read as that role against a rule (the agent's reply to them breaks
    it, the user's word loosens it), and without such a note a user's word that lets the agent
    do the rule's act unasked names the rule it may loosen, with the commands that settle it."""
    trust = "trusted" if source == "user" else "limited"
    rules = [Known("rules/general.md#^r1", rule, rule=True)]
    known = [Known("semantic/inbox.md#^n1", on_file), *rules]
    done = decide(said, trust=trust, candidates=known, rules=rules)
    ruled = done.target == rules[0].key or done.near == rules[0].key
    assert (done.label, ruled) == (label, label != "new" or names_rule), done.reason


def test_through_remember_a_change_from_today_retires_the_rule(cli):
    cli.json("remember", "Always answer in Spanish", "--kind", "RULE", "-s", "user")
    said = cli.json("remember", "from today, answers in English please", "-s", "user")
    assert (said["label"], said["target"][:6]) == ("update", "rules/")
