"""An update changes the thing it speaks of and nothing else. An entry that says two things
keeps the other one whole ("…and atorvastatin 20mg at night", where the amlodipine goes up); a
thing moved by a week, or to a day said short ("weds", "thurs"), is written with its new date;
"only Fridays" leaves the other days; a supplier switched keeps none of the old one's contacts;
a correction's "i misremembered" is not part of the fact; an amount "/hr" is one "an hour"
replaces."""

from __future__ import annotations

import pytest

from conftest import NOW, file_entry, open_lines, told
from memctl.gate.compare import on_one_clock
from memctl.gate.reading import analyze
from memctl.gate.remember import remember
from memctl.gate.weekday import shifted


def _line(ws, note: str, on_file: str, said: str) -> str:
    done = told(ws, note, on_file, said)
    assert done.label in ("update", "correction"), done.reason
    lines = [line for line in open_lines(ws, note) if line != on_file]
    assert len(lines) == 1, lines
    return lines[0]


@pytest.mark.parametrize(
    ("on_file", "said", "holds", "not_held"),
    [
        (  # two medicines, one dose changes
            "Gran takes metformin 500mg with breakfast and ramipril 5mg at bedtime",
            "the doctor raised gran's metformin to 1000mg",
            ["ramipril 5mg at bedtime", "with breakfast"],
            ["500mg"],
        ),
        (  # two people's shifts, one changes
            "Marta walks the dogs at 7am on weekdays, Kofi takes the evening walk at 6pm",
            "Kofi does the evening dog walk at 5pm now",
            ["Marta walks the dogs at 7am"],
            ["6pm"],
        ),
        (  # a flight out and back, the way out moves
            "Flight to Lisbon on Friday 18 December, back on Monday 28 December",
            "the lisbon flight moved to Thursday 17 December",
            ["back on Monday 28 December"],
            ["Friday 18"],
        ),
        (  # two prices, one goes up
            "The gym is £40 a month and the pool is £12 extra",
            "gym membership went up to £44 a month",
            ["the pool is £12 extra"],
            ["£40"],
        ),
        (  # the second of the two, named by the word it ends in
            "Grandad takes bisoprolol 2.5mg in the morning and simvastatin 40mg at night",
            "grandad's statin got cut to 20mg",
            ["bisoprolol 2.5mg in the morning"],
            ["40mg"],
        ),
        (  # the subject said of both, the second thing named
            "Grandad takes bisoprolol 2.5mg in the morning and simvastatin 40mg at night",
            "the GP halved grandad's simvastatin to 20mg",
            ["bisoprolol 2.5mg in the morning"],
            ["40mg"],
        ),
        (
            "Mum takes Lisinopril 10mg and Dad takes Ramipril 5mg",
            "Dad's ramipril is 10mg now",
            ["Mum takes Lisinopril 10mg"],
            ["Ramipril 5mg"],
        ),
    ],
)
def test_the_other_thing_an_entry_says_is_carried_whole(ws, on_file, said, holds, not_held):
    line = _line(ws, "life/facts", on_file, said)
    assert [h for h in holds if h not in line] == [], line
    assert [h for h in not_held if h in line] == [], line


def test_a_change_to_every_day_an_entry_names_keeps_none_of_the_old_days(ws):
    line = _line(
        ws,
        "life/kids",
        "Swimming lessons on Tuesdays and Thursdays at 5pm",
        "swimming moved to wednesdays",
    )
    assert "Thursdays" not in line and "Tuesdays" not in line and "5pm" in line, line


@pytest.mark.parametrize(
    ("said", "days"),
    [
        ("the review got pushed back a week", 7),
        ("they moved it forward two days", -2),
        ("it's now a week later", 7),
        ("the hearing was postponed by a fortnight", 14),
        ("delayed by 3 days, sorry", 3),
        ("brought forward a week because of the strike", -7),
        ("pushed back to Monday", None),  # a weekday: moved_to reads that
        ("she is two weeks old", None),
        ("a week later than planned we still had no keys", 7),
    ],
)
def test_how_far_a_text_moves_a_thing(said, days):
    assert shifted(analyze(said)) == days


@pytest.mark.parametrize(
    ("on_file", "said", "holds", "not_held"),
    [
        (
            "The school play is on Thursday 10 December at 18:30 in the main hall",
            "school play got pushed back a week",
            ["Thursday 17 December", "18:30", "main hall"],
            ["10 December"],
        ),
        (
            "Boiler service on Tuesday 15 December at 8am",
            "boiler service brought forward a week",
            ["Tuesday 8 December", "8am"],
            ["15 December"],
        ),
        (  # a date said short, moved to a weekday said short
            "Vet appt for Mochi is Tues 15 Dec 10:40 with Dr Ruiz",
            "mochi's vet appt moved to thurs",
            ["Thursday 17 December", "10:40", "Dr Ruiz"],
            ["15 Dec"],
        ),
        (
            "Choir practice tues 7pm at the church hall",
            "choir practice moved to weds",
            ["7pm", "church hall"],
            ["tues"],
        ),
    ],
)
def test_a_thing_moved_is_written_with_its_new_date(ws, on_file, said, holds, not_held):
    line = _line(ws, "life/diary", on_file, said)
    assert [h for h in holds if h not in line] == [], line
    assert [h for h in not_held if h in line] == [], line


def test_only_some_of_the_days_now_leaves_the_others_out(ws):
    line = _line(
        ws,
        "work/team",
        "Jonas (part-time designer) works Monday and Tuesday mornings",
        "jonas is dropping to just tuesdays from february",
    )
    assert "Monday" not in line and "mornings" in line and "designer" in line, line
    assert " and mornings" not in line, line


def test_a_switch_to_another_supplier_keeps_none_of_the_old_ones_contacts(ws):
    line = _line(
        ws,
        "home/services",
        "We get our heating oil from Brennan Fuels, driver is Declan",
        "switched the heating oil to Oakline Energy, brennan got too dear",
    )
    assert "Declan" not in line, line


def test_the_name_and_address_beside_an_amount_that_changes_are_carried(ws):
    line = _line(
        ws,
        "home/flat",
        "Letting agent is Ms Varga, k.varga@ridgeway-lets.co.uk, rent £980/month paid on the 3rd",
        "the letting agent emailed, rent going up to £1,020 from march",
    )
    for held in ("Ms Varga", "k.varga@ridgeway-lets.co.uk", "on the 3rd"):
        assert held in line, line
    assert "£980" not in line, line


@pytest.mark.parametrize(
    ("on_file", "said", "gone"),
    [
        ("Lena the tutor charges £35/hr", "actually lena's £38 an hour, i misremembered", "£35"),
        ("The cleaner comes Fridays, £14/hr", "cleaner is £15 an hour, my bad", "£14"),
    ],
)
def test_a_correction_replaces_the_rate_and_leaves_its_slip_out(ws, on_file, said, gone):
    line = _line(ws, "home/help", on_file, said)
    assert gone not in line, line
    assert "misremembered" not in line and "my bad" not in line, line


def test_a_slip_said_in_a_new_memory_stays_as_written(ws):
    said = "the boiler manual is in the blue folder, sorry"
    done = remember(ws, said, source="user", now=NOW).value
    assert done.label == "new", done.reason
    assert any(line.endswith("blue folder, sorry") for line in open_lines(ws, "semantic/inbox"))


@pytest.mark.parametrize(
    ("on_file", "said"),
    [
        ("Dad is allergic to penicillin", "remember dad's penicillin allergy"),
        ("Nina is allergic to latex", "nina's latex allergy, remember"),
        ("Tomas is allergic to shellfish", "tomas has a shellfish allergy"),
    ],
)
def test_a_word_and_its_adjective_say_the_same(ws, on_file, said):
    done = told(ws, "life/facts", on_file, said)
    assert done.label == "repeat", done.reason


def test_the_other_days_of_a_weekday_said_short_are_read(ws):
    file_entry(ws, "life/kids", "Football training tues 6pm at the rec")
    done = remember(ws, "football training moved to weds", source="user", now=NOW).value
    assert done.label == "update", done.reason


@pytest.mark.parametrize(
    ("said", "on_file", "read"),
    [
        ("sunil comes at 6, not 7", "Sunil comes at 7pm for the evening visit", "t:18:00"),
        ("the standup is at 9 from monday", "The standup is at 14:00", "t:09:00"),  # morning
        ("pickup is at 5 now", "Pickup is at 17:30", "t:17:00"),
        ("dinner at 7 instead", "Dinner is at 8pm at Rosa's", "t:19:00"),
        ("the call is at 10 tomorrow", "The call is at 15:00", "t:10:00"),
    ],
)
def test_a_bare_hour_is_read_in_the_half_of_the_day_the_entry_says(said, on_file, read):
    new, _ = on_one_clock(analyze(said), analyze(on_file))
    assert read in new.values, new.values
