"""The same thing said in other words is a repeat (an hour with its part of the day, the noun of
an act for its verb, a reminder said first); another person's or another role's thing is not
the entry's; a thing on again after it ended says so."""

from __future__ import annotations

import pytest

from conftest import NOW, file_entry, open_lines, told
from memctl.gate.reading import analyze
from memctl.gate.remember import remember


@pytest.mark.parametrize(
    ("said", "time"),
    [
        ("pills at nine at night", "t:21:00"),
        ("back at 9 in the evening", "t:21:00"),
        ("the alarm is at seven in the morning", "t:07:00"),
        ("ten o'clock at night", "t:22:00"),
        ("the feed is at two at night", "t:02:00"),
        ("lunch at noon", "t:12:00"),
        ("the ferry leaves at midnight", "t:00:00"),
        ("the train is at 4 in the afternoon", "t:16:00"),
    ],
)
def test_an_hour_with_its_part_of_the_day_is_a_time(said, time):
    assert time in analyze(said).values


@pytest.mark.parametrize(
    ("on_file", "said"),
    [
        (
            "Mum takes her blood pressure tablets at 9pm",
            "mum has her blood pressure pills at nine at night",
        ),
        (
            "The school bus comes at 7:30am",
            "the school bus comes at half past seven in the morning",
        ),
        (
            "The car insurance with Admiral renews on 2 August",
            "admiral insurance renewal is aug 2nd",
        ),
        ("The Ocado order arrives on Fridays", "Ocado arrival is on Fridays"),
        ("Luna is allergic to chicken", "reminder Luna can't have chicken"),
        ("Sam is vegan", "remember Sam is vegan"),
    ],
)
def test_the_same_said_in_other_words_is_a_repeat(ws, on_file, said):
    done = told(ws, "life/facts", on_file, said)
    assert done.label == "repeat", done.reason
    assert on_file in open_lines(ws, "life/facts")


@pytest.mark.parametrize(
    ("on_file", "said"),
    [
        ("Priya's birthday is 14 May", "Priya's husband Dev has his birthday on 2 June"),
        ("Tom's anniversary is in March", "Tom's sister Ana has her anniversary in July"),
        (
            "The landlord is Mr Okoro, his number is 07700 900123",
            "the letting agent is Foxtons in Clapham, they deal with repairs not the landlord",
        ),
        (
            "Our accountant is Priya Shah at Ledger & Co",
            "our lawyer is Dan Moss at Moss & Co, not the accountant",
        ),
    ],
)
def test_another_persons_or_another_roles_thing_leaves_the_entry_open(ws, on_file, said):
    """ "Priya's husband Dev has his birthday on 2 June" closed Priya's birthday as a correction
    ("his" was read as Priya's); the letting agent closed the landlord."""
    done = told(ws, "life/people", on_file, said)
    assert done.label == "new", done.reason
    assert on_file in open_lines(ws, "life/people")


@pytest.mark.parametrize(
    ("on_file", "said"),
    [
        ("Grandpa's doctor switched his pills to Ramipril", "Grandpa's pills are Ramipril 5mg"),
        ("Our plumber is Jim Hardy", "our new plumber is Joe Rossi"),
    ],
)
def test_the_same_persons_thing_is_still_read_against_the_entry(ws, on_file, said):
    done = told(ws, "life/people", on_file, said)
    assert done.label != "new" or done.unsure is not None, done.reason


@pytest.mark.parametrize(
    ("on_file", "said"),
    [
        ("We cancelled the newspaper delivery", "We get the newspaper delivered again"),
        ("We stopped the veg box in March", "the veg box is coming again"),
        (
            "We cancelled the Guardian delivery on 3 May, too dear",
            "we get the Guardian delivered again",
        ),
        ("I quit the Tuesday choir", "I'm singing in the Tuesday choir once more"),
    ],
)
def test_a_thing_on_again_after_it_ended_replaces_the_ending(ws, on_file, said):
    """ "delivery" read as "deliver" made "We get the newspaper delivered again" a repeat of
    "We cancelled the newspaper delivery": the new content was dropped."""
    done = told(ws, "life/home", on_file, said)
    assert done.label in ("update", "correction"), done.reason
    assert on_file not in open_lines(ws, "life/home")
    # when and why it stopped were the ending's, not the thing's
    assert "as before" not in open_lines(ws, "life/home")[0]


@pytest.mark.parametrize(
    ("on_file", "said"),
    [
        (
            "The Corsa's MOT is due on 14 March at Halfords in Kingston",
            "halfords rang, they've pushed the MOT back to the 21st cos the tester's off sick",
        ),
        (
            "The Corsa's MOT is due on 14 March at Halfords in Kingston",
            "the garage rang, they moved the MOT to the 21st because the ramp is broken",
        ),
        ("Leo's party is on Saturday at 3", "we moved the party to Sunday"),
        (
            "The piano recital is on 9 May at 18:00",
            "school emailed, they brought the recital forward to the 2nd",
        ),
        (
            "Dad's eye test is on 12 June at Specsavers",
            "Specsavers texted me, dad's eye test got moved to the 19th",
        ),
    ],
)
def test_a_change_told_with_who_brought_it_and_why_replaces_the_entry(ws, on_file, said):
    """Who rang and why ("cos the tester's off sick") are no details of the thing, and a verb
    of change with its object between ("pushed the MOT back to") is a word of change."""
    done = told(ws, "life/dates", on_file, said)
    assert done.label in ("update", "correction"), done.reason
    assert on_file not in open_lines(ws, "life/dates")


@pytest.mark.parametrize(
    ("on_file", "said"),
    [
        # a reason given for a new fact is part of it; someone else's thing moved is not mine
        ("Sam is allergic to cats", "Sam is off dairy because of his eczema"),
        ("Leo's party is on Saturday at 3", "Dmitri moved his party to Sunday"),
    ],
)
def test_a_reason_or_another_persons_move_still_leaves_the_entry(ws, on_file, said):
    done = told(ws, "life/dates", on_file, said)
    assert done.label == "new", done.reason
    assert on_file in open_lines(ws, "life/dates")


@pytest.mark.parametrize(
    ("said", "values"),
    [
        ("switching my gym days to mon and wed", {"wd:1", "wd:3"}),
        ("yoga is tue/thu", {"wd:2", "wd:4"}),
        ("bins go out on wed", {"wd:3"}),
        ("the pharmacy's open 8 to 8", {"t:08:00", "t:20:00"}),
        ("the engineer comes between 8 and 12", {"t:08:00", "t:12:00"}),
        ("open 9-5 weekdays", {"t:09:00", "t:17:00"}),
    ],
)
def test_short_weekdays_in_a_list_and_spans_of_hours_are_values(said, values):
    assert values <= analyze(said).values


@pytest.mark.parametrize(
    "said",
    ["on thursdays at 7 it's choir", "at 6 we eat", "tea at 5 for the kids", "at 8 there's a quiz"],
)
def test_an_hour_before_a_clause_of_its_own_is_a_time(said):
    """ "on Thursdays at 7 it's choir for Hannah" over "Hannah has choir on Thursdays at 7" was
    an update: the 7 before "it's" was read as a count, the one at the end as the hour."""
    hours = {v for v in analyze(said).values if v.startswith("t:")}
    assert len(hours) == 1 and not {v for v in analyze(said).values if v.startswith("n:")}


@pytest.mark.parametrize(
    ("on_file", "said"),
    [
        # a day of every month, said with "each" or "every", with or without "the"
        ("Council tax is paid on the 15th of every month", "15th of each month = council tax"),
        # signed up is registered, enrolled
        ("Signed up for the Cardiff 10k on 5 October", "I'm registered for the Cardiff 10k, Oct 5"),
        (
            "Enrolled Mia in swimming lessons at the leisure centre",
            "signed mia up for swimming lessons at the leisure centre",
        ),
    ],
)
def test_a_day_of_each_month_and_a_sign_up_said_again_are_repeats(ws, on_file, said):
    file_entry(ws, "life/dates", on_file)
    assert remember(ws, said, source="user", now=NOW).value.label == "repeat"


@pytest.mark.parametrize(
    "said",
    [
        "don't forget Omar can't eat sesame, he's allergic",
        "dont forget that Omar is allergic to sesame",
    ],
)
def test_a_reminder_s_dont_forget_turns_nothing_around(ws, said):
    """ "dont forget lena cant have peanuts, shes allergic" over "Lena is allergic to peanuts
    …" read as the opposite of the entry: the reminder's "don't" was counted as a "not"."""
    file_entry(ws, "people/omar", "Omar is allergic to sesame")
    assert remember(ws, said, source="user", now=NOW).value.label == "repeat"


def test_a_schedule_said_again_in_another_order_is_a_repeat(ws):
    file_entry(ws, "people/hannah", "Hannah has choir on Thursdays at 7")
    said = "on Thursdays at 7 it's choir for Hannah"
    assert remember(ws, said, source="user", now=NOW).value.label == "repeat"


@pytest.mark.parametrize(
    "said", ["we got wed in June", "sat on the bench all day", "from 3 to 5 people", "ages 3 to 5"]
)
def test_words_that_only_look_like_days_or_hours_are_not(said):
    found = analyze(said).values
    assert not {v for v in found if v.startswith(("wd:", "t:"))}, found


def test_days_switched_with_the_same_time_and_place_update_the_schedule(ws):
    on_file = "Gym sessions are Tuesday and Thursday at 6:30am at PureGym Leeds"
    file_entry(ws, "life/gym", on_file)
    said = "switching my gym days to mon and wed, same time same place"
    done = remember(ws, said, source="user", now=NOW).value
    assert done.label == "update", done.reason
    written = open_lines(ws, "life/gym")
    assert on_file not in written and "6:30am" in written[0] and "PureGym" in written[0]
