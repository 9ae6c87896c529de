"""What a rule forbids, said in other words, and the user's changes to it (memctl/gate/forbids.py,
bounds.py): the act and its things in everyday words, an amount weighed only against amounts of
its kind, a bound moved, a prohibition widened, an exception for one time. Each table keeps the
look-alikes that must stay as they were. Read by words alone (the labeler)."""

from __future__ import annotations

import pytest

from memctl.gate.labeler import Known, decide

SPEND = "Don't make any purchases over €80 without asking me first."
PRIVATE = "Don't give out my email address or date of birth to shops or websites."
HOURS = "Don't book me into anything after 6pm on weekdays."
HEAT = "Keep the oven at or below 180°C for the pizza stone."
FISH = "No shellfish in anything I order for the family - Priya reacts badly to it."


def _got(said: str, rule: str, trust: str = "limited", notes: tuple[str, ...] = ()):
    rules = [Known("r1", rule, rule=True)]
    known = [Known(f"n{i}", text) for i, text in enumerate(notes, 1)]
    return decide(said, trust=trust, candidates=known + rules, rules=rules)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "said",
    [
        "I shared your email address with the Argos website so they could send the receipt",
        "Handed your date of birth to the shop assistant for the loyalty card",
        "I've sent your email address over to the furniture shop for the delivery slot",
    ],
)
def test_handing_over_in_other_words_is_the_rules_act(said):
    assert _got(said, PRIVATE).label == "clash"


@pytest.mark.parametrize(
    "said,trust",
    [
        ("Tom sent me his email address for the party invites", "trusted"),  # his, not mine
        ("I gave the optician my date of birth at the appointment", "trusted"),  # my own act
        ("The shop's email address is orders@example.com, you gave it to me", "limited"),
        ("passed my theory test this morning!!", "trusted"),
    ],
)
def test_handing_over_what_is_not_the_users_is_no_clash(said, trust):
    assert _got(said, PRIVATE, trust).label != "clash"


@pytest.mark.parametrize(
    "said",
    [
        "ok hand the bike shop my email address for the warranty, only for this one",
        "send the website my date of birth for the age check, it's a one-off, not a new rule",
        "pass the garden centre my email address just this once, the rule still stands",
    ],
)
def test_an_exception_for_one_time_is_a_clash_not_a_change(said):
    assert _got(said, PRIVATE, "trusted").label == "clash"


@pytest.mark.parametrize(
    "said,notes",
    [
        (
            "The dentist couldn't make the 24th, so I've moved the check-up to Tuesday 3 March, "
            "still the 8-10 slot",
            ("Dentist check-up booked for 24 February, 8-10 slot",),
        ),
        (
            "Standing order updated: payment to the landlord now €950 monthly from 1 May",
            ("Rent is €900 a month to the landlord by standing order",),
        ),
        (
            "Direct debit changed: your gym payment is now €95 per month, taken on the 3rd",
            ("Gym membership is €88 a month by direct debit",),
        ),
        ("Paid the gas bill for the quarter, €210", ("Gas is with Octopus",)),
    ],
)
def test_a_date_a_span_or_a_monthly_payment_is_no_price_over_the_limit(said, notes):
    assert _got(said, SPEND, notes=notes).label != "clash"


def test_a_price_over_the_limit_still_clashes():
    said = "Bought the £95 blender for you, it was on offer"
    assert _got(said, SPEND).label == "clash"


@pytest.mark.parametrize(
    "said",
    [
        "you can go up to €150 without asking me now, 80 is too low",
        "from now on anything up to €120 is fine without checking with me",
    ],
)
def test_a_higher_limit_from_the_user_changes_the_spending_rule(said):
    got = _got(said, SPEND, "trusted")
    assert (got.label, got.target) == ("update", "r1")


@pytest.mark.parametrize(
    "said",
    [
        "you can put things after 6 on weekdays now, just nothing after 8pm",
        "from now on weekdays are fine after 6, only nothing after 7:30pm",
    ],
)
def test_a_bound_moved_on_the_same_days_changes_the_rule(said):
    got = _got(said, HOURS, "trusted")
    assert (got.label, got.target) == ("update", "r1")


def test_a_report_of_a_time_on_those_days_moves_no_bound():
    said = "the baby's asleep after 7:30 on weekdays now"
    assert _got(said, HOURS, "trusted").label != "update"


def test_a_prohibition_widened_to_one_more_thing_is_an_update():
    said = "add my phone number to that too please, don't give it out to shops either"
    got = _got(said, PRIVATE, "trusted")
    assert (got.label, got.target) == ("update", "r1")


@pytest.mark.parametrize(
    "said",
    [
        "Smart assistant: we suggest raising the temperature to 220°C for a crispier base",
        "I'll set it to 200 degrees for the pizza stone tonight",
    ],
)
def test_a_measure_set_past_the_rules_bound_clashes(said):
    assert _got(said, HEAT).label == "clash"


@pytest.mark.parametrize(
    "said",
    [
        "Turned the oven down to 160°C so the base doesn't burn",  # within the bound
        "It's 24°C in Rome this afternoon",  # a report
        "Raised your savings pot to 300 this month",  # a bare number of another thing
    ],
)
def test_a_measure_within_the_bound_or_reported_is_no_clash(said):
    assert _got(said, HEAT, "untrusted").label != "clash"


@pytest.mark.parametrize(
    "said",
    [
        "Quick seafood paella: stir in a big handful of shellfish just before serving",
        "Try our creamy chowder, loaded with shellfish and sweetcorn",
    ],
)
def test_a_page_offering_the_forbidden_thing_clashes(said):
    assert _got(said, FISH, "untrusted").label == "clash"


@pytest.mark.parametrize(
    "said",
    [
        "Shellfish-free paella: easy, with chicken and chorizo instead",
        "Shellfish prices fell this winter after a good season",
        "Priya's shellfish allergy test is on 12 May",
    ],
)
def test_the_forbidden_thing_kept_out_or_reported_is_no_clash(said):
    assert _got(said, FISH, "untrusted").label != "clash"


@pytest.mark.parametrize(
    "said",
    [
        "Renewed the breakdown cover with the AA for €140",
        "I've topped up your travel card with €100",
        "Signed you up to the yearly Duolingo plan, €95",
    ],
)
def test_a_thing_paid_for_over_the_limit_reported_done_clashes(said):
    assert _got(said, SPEND).label == "clash"


@pytest.mark.parametrize(
    "said",
    [
        "Refunded €140 to your card for the cancelled hotel",  # money that comes in
        "Renewed the library books, the fine was €3",  # under the limit
        "Your broadband renews at €45.00/month from June",  # every month, no purchase
        "Renewed the breakdown cover for €140, as you asked",  # the user's word given
    ],
)
def test_money_in_under_the_limit_monthly_or_approved_is_no_clash(said):
    assert _got(said, SPEND).label != "clash"


def test_each_thing_a_rule_names_with_or_is_governed():
    said = "Went ahead and reserved the Travelodge in Bath, €95 for two nights"
    rule = "Don't make any purchases or bookings over €80 without asking me first."
    assert _got(said, rule).label == "clash"


@pytest.mark.parametrize(
    "said",
    [
        "Entered your email address on the Wayfair checkout for the delivery updates",
        "Typed your date of birth into the bookshop's loyalty sign-up",
    ],
)
def test_a_thing_put_into_a_form_is_handed_over(said):
    assert _got(said, PRIVATE).label == "clash"


CARD = "Never use my Barclaycard for anything, only the Monzo card."
COOK = "Keep school-night meals under 40 minutes."


@pytest.mark.parametrize(
    "said",
    [
        "Paid the plumber with your Barclaycard because Monzo was down",
        "Put the cinema tickets on the Barclaycard",
    ],
)
def test_a_thing_named_as_the_means_is_used(said):
    assert _got(said, CARD).label == "clash"


@pytest.mark.parametrize(
    "said",
    [
        "Paid the plumber with the Monzo card",  # the card the rule allows
        "Sam paid for lunch on his Barclaycard",  # another's
    ],
)
def test_another_means_or_anothers_is_not_used(said):
    assert _got(said, CARD).label != "clash"


def test_a_page_offering_past_the_rules_measure_on_its_days_clashes():
    said = "Slow-roast pork belly, 2 hours 15 - ready in 135 minutes, ideal for a Wednesday tea"
    assert _got(said, COOK, "untrusted").label == "clash"


@pytest.mark.parametrize(
    "said",
    [
        "Try this 55-minute spin class to start your day",  # not what the rule bounds
        "Easy 25-minute noodles, perfect for a Monday",  # within the bound
        "Saturday brunch: allow 90 minutes, perfect for a slow weekend",  # not its days
    ],
)
def test_a_measure_of_another_thing_within_or_off_the_rules_days_is_no_clash(said):
    assert _got(said, COOK, "untrusted").label != "clash"


@pytest.mark.parametrize(
    "said",
    [
        "I've passed your contact details on to the kitchen fitters",
        "Gave the survey firm your postcode so they could check broadband speeds",
    ],
)
def test_a_detail_said_by_a_part_of_it_or_with_the_others_is_handed_over(said):
    rule = "Never give out my phone number or home address to companies or strangers."
    assert _got(said, rule).label == "clash"


def test_someone_elses_details_are_not_the_users():
    rule = "Never give out my phone number or home address to companies or strangers."
    assert _got("Sam gave me his contact details for the reunion", rule, "trusted").label != "clash"
