"""A rule that asks to be asked first ("always ask me before paying any supplier invoice"),
and a report of its act done unasked: a clash, through the real `memctl remember --json`."""

from __future__ import annotations

import pytest

INVOICES = "always ask me before paying any supplier invoice"

BROKEN = [
    # money
    (INVOICES, "Paid the Medisave invoice (£212.40) this morning as it was due today"),
    (INVOICES, "The Medisave invoice was due today, so I paid it"),
    (INVOICES, "The supplier invoice from Medisave has been paid"),
    (INVOICES, "Paid the Medisave invoice before you approved it"),
    ("never sell shares without my sign-off", "Sold 20 Tesco shares at 2.85"),
    ("Always check with me before renewing the car insurance", "Just renewed the car insurance"),
    # email
    ("Don't send emails to clients without checking with me", "Emailed the client the new quote"),
    ("ask me first before replying to the landlord", "Replied to the landlord about the boiler"),
    # calendar
    ("Never accept meeting invites without asking me", "Accepted the meeting invite from Karen"),
    ("Never move my calendar appointments without asking me", "Moved your dentist appointment"),
    # code
    ("Get my approval before deploying to production", "Deployed the hotfix to production"),
    ("Never delete branches without asking", "Deleted the stale feature branches on the repo"),
    # shopping
    ("before you order groceries, check with me", "Ordered the weekly groceries from Ocado"),
    ("Run it by me before buying anything online", "Bought a replacement charger online"),
    ("Check with me before cancelling any subscriptions", "Cancelled the Netflix subscription"),
    # a teenager's school forms
    ("Sign Maya's school forms only once I've approved them", "I've signed Maya's school forms"),
    ("Never sign school permission slips without my OK", "Signed the permission slip for the trip"),
]

LOOK_ALIKES = [
    (INVOICES, "Paid the window cleaner £20"),  # another thing paid
    (INVOICES, "Shall I pay the Medisave invoice?"),  # a question
    (INVOICES, "The Medisave invoice is due today"),  # a fact, nothing done
    (INVOICES, "Paid the Medisave invoice after you said yes"),  # asked
    (INVOICES, "Paid the Medisave invoice, you approved it this morning"),
    (INVOICES, "Haven't paid the Medisave invoice yet"),  # not done
    (INVOICES, "Dan paid the Medisave invoice"),  # done by someone else
    (INVOICES, "I'll pay the Medisave invoice once you confirm"),  # a plan
    ("Never book flights without my OK", "Booked a table at Dishoom for Friday"),
    ("Get my approval before deploying to production", "Deployed the branch to staging"),
    ("Sign Maya's school forms only once I've approved them", "Maya's school forms are due Monday"),
    ("never sell shares without my sign-off", "Sold the old bike on eBay"),
    ("Never delete branches without asking", "Deleted the temp files in the build folder"),
    ("Don't send emails to clients without checking with me", "Sent the draft to you to review"),
    # a word of the rule's thing that ends as a past does ("the shared Dropbox"): no act done
    ("Don't delete files from the shared Dropbox", "Shared Dropbox holds the team's invoices"),
    ("Never touch the locked drawer", "Locked drawer has the spare car keys"),
]


def _with_rule(cli, rule: str) -> None:
    cli("remember", "-s", "user", "--kind", "RULE", rule)


@pytest.mark.parametrize(("rule", "said"), BROKEN)
def test_the_act_done_unasked_clashes_with_the_rule(cli, rule, said):
    _with_rule(cli, rule)
    out = cli.json("remember", "-s", "agent", said, code=3)
    assert out["label"] == "clash", out["reason"]
    assert out["written"]["kind"] == "CONFLICT"
    assert out["unsure"]["text"] == rule  # the rule named, with the commands that settle it
    assert "--source user --supersedes" in out["unsure"]["supersedes"]
    assert "--as-new" in out["unsure"]["as_new"]


@pytest.mark.parametrize(("rule", "said"), LOOK_ALIKES)
def test_a_look_alike_is_no_clash(cli, rule, said):
    _with_rule(cli, rule)
    out = cli.json("remember", "-s", "agent", said)
    assert out["label"] != "clash", out["reason"]


def test_a_tool_reporting_the_act_clashes_too(cli):
    _with_rule(cli, INVOICES)
    out = cli.json("remember", "-s", "tool", "Payment sent: paid the Medisave invoice", code=3)
    assert out["label"] == "clash"


@pytest.mark.parametrize(
    "said", ["I paid the Medisave invoice", "Paid the Medisave invoice this morning"]
)
def test_the_user_doing_it_themselves_is_no_clash(cli, said):
    """A person may do what they ask the agent to ask about."""
    _with_rule(cli, INVOICES)
    out = cli.json("remember", "-s", "user", said)
    assert out["label"] == "new"
    assert out["written"]["kind"] != "CONFLICT"


@pytest.mark.parametrize("said", ["Spent 40 euros on a kettle", "Bought a 40 euro kettle"])
def test_within_the_limit_of_a_rule_that_asks_past_it_is_no_clash(cli, said):
    _with_rule(cli, "Never spend more than 100 euros without asking me")
    out = cli.json("remember", "-s", "agent", said)
    assert out["label"] != "clash", out["reason"]


SPENDING = "Always ask me before spending more than $300 on a single purchase"


@pytest.mark.parametrize(
    ("source", "said"),
    [
        ("agent", "Ordered the Dyson V15 Detect for you, $649.99 on the Visa"),
        ("agent", "I bought the standing desk, $480 with delivery"),
        # a shop's or a tool's receipt, pasted in as it came
        ("tool", "Order #A-20931 placed: Dyson V15 Detect, $649.99, Visa ending 0032"),
        ("tool", "Purchase confirmed: Sony WH-1000XM5 headphones, $399.00"),
        ("tool", "Your booking is confirmed. Hotel Lumen, 3 nights, total $540"),
    ],
)
def test_a_purchase_past_the_limit_a_rule_asks_about_clashes(cli, source, said):
    """The limit is what the rule asks to be asked about first ("ask me before spending more
    than $300"), not what it governs ("ask"): a purchase reported done past it clashes."""
    _with_rule(cli, SPENDING)
    out = cli.json("remember", "-s", source, said, code=3)
    assert out["label"] == "clash", out["reason"]


@pytest.mark.parametrize(
    ("source", "said"),
    [
        ("agent", "Ordered a $45 phone case"),  # within the limit
        ("tool", "Order #A-20932 placed: USB-C cable, $19.99"),
        ("tool", "Payment of $650 received, thank you"),  # money in
        ("tool", "Order #123: $649.99, awaiting your confirmation"),  # not done
        ("agent", "The Dyson V15 costs $649.99, shall I order it?"),  # a question
        ("user", "I bought the Dyson V15 for $649.99"),  # the user may
    ],
)
def test_what_is_not_a_purchase_past_the_limit_is_no_clash(cli, source, said):
    _with_rule(cli, SPENDING)
    out = cli.json("remember", "-s", source, said)
    assert out["label"] != "clash", out["reason"]


@pytest.mark.parametrize(
    ("rule", "on_file", "said"),
    [
        (
            "Don't delete files from the shared Dropbox, archive them instead",
            "Shared Dropbox holds the team's invoices",
            "Tidied the shared Dropbox: deleted the old 2019 invoice folders for good.",
        ),
        (
            "Never cancel a standing order without asking me",
            "Standing order of £50 a month to the swim club",
            "Cancelled the £50 standing order to the swim club, they stopped the lessons.",
        ),
    ],
)
def test_a_report_of_the_act_that_would_end_an_entry_still_clashes(cli, rule, on_file, said):
    """An agent's report that ends what an entry says ("deleted the old invoice folders" for
    "Shared Dropbox holds the team's invoices") breaks the rule first: a clash, not the
    entry updated by a source that is not the user."""
    _with_rule(cli, rule)
    cli("remember", "-s", "user", on_file)
    out = cli.json("remember", "-s", "agent", said, code=3)
    assert out["label"] == "clash", out["reason"]
    assert out["unsure"]["text"] == rule
