"""A rule changed by the user in everyday words ("ok new rule, …", "American spelling is fine
from now on", "Sunday mornings are fine for swimming"), and a rule broken by an act at the
very values it forbids, though no other word is shared."""

from __future__ import annotations

import pytest

from conftest import NOW, file_entry, open_lines
from memctl.gate.remember import remember


def rule(ws, text: str) -> None:
    file_entry(ws, "rules/general", text, kind="RULE")


def fact(ws, text: str) -> None:
    file_entry(ws, "life/plans", text, source="agent")


def said_beside(ws, on_file: str, said: str, source: str = "user"):
    """What the gate made of `said` from `source`, with the rule `on_file` in force."""
    rule(ws, on_file)
    return remember(ws, said, source=source, now=NOW).value


@pytest.mark.parametrize(
    ("on_file", "said"),
    [
        (
            "Always ask me before paying any invoice",
            "ok new rule, you can pay invoices under £100 without checking with me first",
        ),
        (
            "Always ask me before paying any invoice",
            "in future you can pay invoices under £50 without asking",
        ),
        (
            "Never book taxis without asking me",
            "rule change: you can book taxis under £20 without asking",
        ),
        ("Only use British spelling in my documents", "American spelling is fine from now on"),
        (
            "Only use British spelling in my documents",
            "from now on american spelling is fine for the US client's docs, keep british for"
            " everything else",
        ),
        (
            "Never book anything on Sunday mornings",
            "Sunday mornings are fine for swimming, but nothing else",
        ),
        ("Don't schedule anything on Friday evenings", "Friday evenings are fine for the pub quiz"),
    ],
)
def test_the_user_changing_their_own_rule_in_everyday_words_changes_it(ws, on_file, said):
    rule(ws, on_file)
    done = remember(ws, said, source="user", now=NOW).value
    assert done.label in ("update", "correction"), done.reason
    assert on_file not in open_lines(ws, "rules/general")
    assert len(open_lines(ws, "rules/general")) == 1  # one rule, with its exception


@pytest.mark.parametrize(
    ("on_file", "said"),
    [
        # one occasion is a clash the user settles, not a new rule
        (
            "Always ask me before paying any invoice",
            "you can pay the £40 invoice from Brightwave without asking",
        ),
        (
            "Never book anything on Sunday mornings",
            "this Sunday morning is fine for the swimming assessment",
        ),
    ],
)
def test_one_occasion_allowed_is_a_clash_to_settle(ws, on_file, said):
    rule(ws, on_file)
    done = remember(ws, said, source="user", now=NOW).value
    assert done.label == "clash", done.reason
    assert on_file in open_lines(ws, "rules/general")


@pytest.mark.parametrize(
    ("on_file", "said", "label"),
    [
        (
            "Never book anything on Sunday mornings, that's family time",
            "Booked Noah's swimming assessment for Sunday 13 December at 10:00",
            "clash",
        ),
        (
            "Never book anything on Sunday mornings",
            "booked the dentist for Sunday morning",
            "clash",
        ),
        (
            "Never book anything on Sunday mornings",
            "I'll book the car service for Sunday at 9am",
            "clash",
        ),
        (
            "Don't schedule anything on Friday evenings",
            "scheduled a call with Omar for Friday at 7pm",
            "clash",
        ),
        (
            "Only use British spelling in my documents",
            "wrote the Acme report in American spelling",
            "clash",
        ),
        # another time, another day, or no act at all: no clash
        ("Never book anything on Sunday mornings", "booked the dentist for Sunday at 3pm", "new"),
        ("Never book anything on Sunday mornings", "booked the dentist for Monday morning", "new"),
        ("Never book anything on Sunday mornings", "Sunday mornings are great for a lie-in", "new"),
        ("Only use British spelling in my documents", "Sam is American", "new"),
    ],
)
def test_the_act_a_rule_forbids_at_its_own_values_breaks_it(ws, on_file, said, label):
    done = said_beside(ws, on_file, said, "agent")
    assert done.label == label, done.reason


def test_an_exception_to_a_rule_leaves_what_was_booked_open(ws):
    """ "ok Sunday mornings are fine for Noah's swimming stuff, just nothing else" closed the
    swimming booking as a correction and left the rule as it was."""
    rule(ws, "Never book anything on Sunday mornings, that's family time")
    booked = "Booked Noah's swimming assessment for Sunday 13 December at 10:00"
    fact(ws, booked)
    said = "ok Sunday mornings are fine for Noah's swimming stuff, just nothing else"
    done = remember(ws, said, source="user", now=NOW).value
    assert done.label == "update", done.reason
    assert booked in open_lines(ws, "life/plans")
    assert "except" in open_lines(ws, "rules/general")[0]


@pytest.mark.parametrize(
    ("on_file", "said"),
    [
        # the act allowed from (or up to) the very time the rule allows it from: the rule again
        ("No calls before 9am", "calls from 9 are ok"),
        ("Don't call me before 9am", "you can call me from 9"),
        ("No meetings before 10am", "meetings from 10 are fine"),
        ("No meetings before 10am", "meetings from 10 are fine from now on"),
        ("Never send emails after 8pm", "emails up to 8pm are fine"),
        ("Never send emails after 8pm", "emails until 8pm are fine"),
        ("No deploys after 4pm", "deploys before 4pm are fine"),
        # another thing at the rule's time, where the rule is not of anything at all
        ("No calls before 9am", "the train from 9 is fine"),
        ("No meetings on Sunday mornings", "Sunday mornings are fine for swimming"),
    ],
)
def test_the_rules_own_bound_or_another_thing_at_its_time_leaves_the_rule_be(ws, on_file, said):
    """ "calls from 9 are ok" was a clash with "No calls before 9am" (the act, at the rule's
    own time), and "Sunday mornings are fine for swimming" retired "No meetings on Sunday
    mornings" (read as the rule of "never book anything on Sunday mornings")."""
    done = said_beside(ws, on_file, said)
    assert done.label not in ("clash", "update", "correction"), done.reason
    assert on_file in open_lines(ws, "rules/general")


@pytest.mark.parametrize(
    ("on_file", "said", "label"),
    [
        ("No calls before 9am", "calls before 9 are fine", "update"),
        ("No calls before 9am", "calls before 9 are fine tomorrow", "clash"),
        ("No calls before 9am", "call mum at 8", "clash"),
        ("No calls before 9am", "calls from 8 are ok from now on", "update"),
        ("No meetings before 10am", "meetings from 9 are fine from now on", "update"),
        ("Never send emails after 8pm", "emails until 10pm are fine", "update"),
        ("Never send emails after 8pm", "emails until 10pm are fine tonight", "clash"),
        # a number of things up to a bound is no hour: allowed once, not of every day
        ("Keep summaries under 10 lines", "summaries up to 20 lines are fine", "clash"),
    ],
)
def test_another_bound_than_the_rules_still_changes_it_or_clashes(ws, on_file, said, label):
    assert said_beside(ws, on_file, said).label == label


AMAZON = "Never order from Amazon for me, I'd rather shop locally"


@pytest.mark.parametrize(
    ("on_file", "said", "source", "label"),
    [
        # bought from the shop the rule names, in other words than the rule's
        (
            AMAZON,
            "just this once, get the toner off Amazon, the shop in town is out",
            "user",
            "clash",
        ),
        (AMAZON, "I bought the toner on Amazon", "agent", "clash"),
        (AMAZON, "purchased a kettle from Amazon, arrives Tuesday", "agent", "clash"),
        ("Never buy from Temu", "ordered the phone case from Temu", "agent", "clash"),
        (AMAZON, "you can buy from Amazon from now on", "user", "update"),
        # the shop named, nothing bought from it
        (AMAZON, "Amazon is buying a drone company", "agent", "new"),
        (AMAZON, "got the parcel from the Amazon locker", "agent", "new"),
        (AMAZON, "got the toner from the shop in town", "agent", "new"),
        ("Never buy from Temu", "Temu ads are everywhere", "agent", "new"),
    ],
)
def test_buying_from_the_shop_a_rule_names_is_its_act_however_it_is_said(
    ws, on_file, said, source, label
):
    """ "get the toner off Amazon" was new beside "Never order from Amazon": "order" and "buy"
    were two acts, and "get … off" none."""
    done = said_beside(ws, on_file, said, source)
    assert done.label == label, done.reason
