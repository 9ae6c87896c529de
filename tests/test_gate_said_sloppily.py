"""What people type in chat says what it says: shorthand ("w/", "r", "n", "cant", "hes"), two
letters swapped ("perfers"), a time written with a dot ("9.15"), where a thing "lives". An
update carries the details it leaves unsaid, never the value it replaces (another date, another
amount), keeps a host and who is named after "at", and carries no bare "We're going". A
correction the agent makes of the user's fact waits for the user, unless the slip was its own.
A user loosening a rule in everyday words ("calls from 9 are fine") changes the rule."""

from __future__ import annotations

import pytest

from conftest import NOW, file_entry, open_lines, told
from memctl.gate.compare import typed_for
from memctl.gate.remember import remember
from memctl.language.typos import mend


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("piano w/ mrs okafor", "piano with  mrs okafor"),
        ("tea w/o sugar", "tea without sugar"),
        ("bins r out n the box is full", "bins are out and the box is full"),
        ("shes off, cant come, dont wait", "she's off, can't come, don't wait"),
        ("plan b", "plan b"),  # a letter alone that names something
        ("size n", "size n"),
    ],
)
def test_chat_shorthand_is_read_as_the_words_it_stands_for(typed, read):
    assert mend(typed) == read


@pytest.mark.parametrize(
    ("on_file", "said"),
    [
        (
            "The Wi-Fi router is in the cupboard under the stairs",
            "the wifi router lives in the under-stairs cupboard",
        ),
        ("The spare bike lock is in the shed", "spare bike lock lives in the shed"),
        ("Mum prefers a phone call to texts", "my mum perfers a phone call over texts"),
        ("Dad prefers tea to coffee", "dad perfers tea over coffee"),
        ("Rafi is allergic to penicillin", "reminder rafi cant have penicillin, hes allergic"),
        ("Ellie is allergic to peanuts", "reminder ellie cant have peanuts, shes allergic"),
        (
            "The boiler service is booked with Kowal Heating for 11 January",
            "boiler service w/ kowal heating - jan 11th, booked",
        ),
        (
            "Piano lessons are with Mrs Okafor on Tuesdays",
            "piano lessons w/ mrs okafor on tuesdays",
        ),
        (
            "Standup with the Pennant team is at 9:15 every weekday on Google Meet",
            "pennant standup 9.15 weekdays, on google meet",
        ),
        ("The team retro is at 16:30 on Fridays", "team retro 16.30 on fridays"),
        (
            "Dentist appointment with Dr Shah on 14 March",
            "dentist appt w/ dr shah on the 14th of march",
        ),
        (
            "Grandma's care home visiting hours are 2pm to 5pm",
            "grandmas care home visiting is 2 til 5",
        ),
        ("The pharmacy is open 9am to 6pm", "pharmacy open 9 to 6"),
        ("Sophie's allergic to cats", "reminder sophie cant be around cats, shes allergic"),
    ],
)
def test_the_same_typed_sloppily_is_a_repeat(ws, on_file, said):
    done = told(ws, "life/facts", on_file, said)
    assert done.label == "repeat", done.reason
    assert open_lines(ws, "life/facts") == [on_file]


@pytest.mark.parametrize(
    ("on_file", "said"),
    [
        ("The team retro is at 16:30 on Fridays", "team retro 16.45 on fridays"),
        ("The parking permit costs £9.15 a day", "the parking permit costs £9.50 a day"),
        (
            "Grandma's care home visiting hours are 2pm to 5pm",
            "grandmas care home visiting is 3 til 6 now",
        ),
        ("Sophie's allergic to cats", "sophie can be around cats now, the allergy's gone"),
    ],
)
def test_another_value_typed_sloppily_is_no_repeat(ws, on_file, said):
    done = told(ws, "life/facts", on_file, said)
    assert done.label != "repeat", done.reason


def _written(ws, note: str) -> str:
    """The line the gate wrote last (a change from a later date leaves the old one open until
    then)."""
    return open_lines(ws, note)[-1]


@pytest.mark.parametrize(
    ("on_file", "said", "holds", "not_held"),
    [
        (
            "Biscuit has her booster at Riverside Vets on Tuesday 15 December at 4:15pm",
            "Biscuit's booster moved to Wednesday 16 December",
            ["Riverside Vets", "4:15pm"],
            ["Tuesday", "on 15", ", 15"],
        ),
        (
            "Ava's check-up is at Smile Clinic on Monday 7 December at 10:30",
            "ava's check-up got moved to thursday 10 december",
            ["Smile Clinic", "10:30"],
            ["Monday", " 7 "],
        ),
        (
            "My day rate for Fenwick Logistics is £450, invoiced monthly",
            "fenwick agreed to bump me to £500/day from january, finally!!",
            ["Fenwick Logistics", "invoiced monthly"],
            ["£450"],
        ),
        (
            "My day rate for Fenwick Logistics is £450, invoiced on the last working day of the "
            "month",
            "fenwick agreed to bump me to £500/day from january, finally!!",
            ["Fenwick Logistics", "last working day of the month"],
            ["£450"],
        ),
        (
            "Invoices to Brightwave go out on the first Monday of the month, hourly rate £60",
            "brightwave's hourly rate is £65 from march",
            ["first Monday of the month"],
            ["£60"],
        ),
        (
            "Our window cleaner for the Elm Street flat is £20 a visit, paid in cash",
            "window cleaner's going up to £25 a visit from march",
            ["Elm Street", "in cash"],
            ["£20"],
        ),
        (
            "The staging API for the Pennant app runs at staging.pennant.dev on port 8443",
            "fyi we moved pennant staging to port 9443 last night",
            ["staging.pennant.dev"],
            ["8443"],
        ),
        (
            "The Grafana dashboard is served from grafana.ops.example.io on port 3000",
            "grafana moved to port 3100 this morning",
            ["grafana.ops.example.io"],
            ["3000"],
        ),
        (
            "Orla at Sweetpea Florist pays invoices net 30",
            "actually orla's terms are net 14 not net 30, i misread the contract",
            ["Sweetpea Florist"],
            ["pays invoices"],
        ),
        (
            "Tom at Lakeside Garage charges £60 for a service",
            "tom's service is £65 now, not £60",
            ["Lakeside Garage"],
            ["£60)", "£60,"],
        ),
        (
            "We're going with the sage green paint for the hallway",
            "nah scrap the sage green, hallway's gonna be off-white after all",
            [],
            ["We're going", "as before"],
        ),
        (
            "We're going with the oak flooring for the lounge",
            "scrap the oak, the lounge is getting carpet after all",
            [],
            ["We're going", "as before"],
        ),
    ],
)
def test_an_update_carries_what_it_leaves_unsaid_and_not_the_value_it_replaces(
    ws, on_file, said, holds, not_held
):
    done = told(ws, "life/facts", on_file, said)
    assert done.label in ("update", "correction"), done.reason
    line = _written(ws, "life/facts")
    assert [h for h in holds if h not in line] == [], line
    assert [h for h in not_held if h in line] == [], line


@pytest.mark.parametrize(
    ("on_file", "said"),
    [
        (
            "Our car is a 2017 Skoda Fabia estate, reg KN17 XRT",
            "Actually the car reg is KN17 XRF, not XRT",
        ),
        ("Priya's flight lands at 14:20", "correction: Priya's flight lands at 15:20, not 14:20"),
        (
            "Our allotment is plot 44 on Brook Lane",
            "the allotment is plot 47 actually, the note had it wrong",
        ),
    ],
)
def test_the_agent_saying_the_user_was_wrong_is_kept_beside_the_users_fact(ws, on_file, said):
    done = told(ws, "life/facts", on_file, said, source="agent")
    assert done.label == "new", done.reason
    assert on_file in open_lines(ws, "life/facts")
    assert done.unsure is not None and "--source user" in done.unsure["supersedes"]


def test_the_agent_correcting_its_own_slip_corrects(ws):
    file_entry(ws, "tools/api", "Rate limit on the partner API is 100 requests/minute")
    said = "I misread the docs earlier: the API limit is 100 requests per second, not per minute."
    done = remember(ws, said, source="agent", now=NOW).value
    assert done.label == "correction", done.reason


@pytest.mark.parametrize(
    ("rule", "said"),
    [
        (
            "Never book me any client calls before 10am",
            "ok from now on calls from 9 are fine, i'm up earlier since the baby lol",
        ),
        ("Never book me any client calls before 10am", "calls from 9 are fine now"),
        (
            "Don't schedule any team meetings after 4pm",
            "from now on team meetings until 5 are fine",
        ),
    ],
)
def test_a_rule_loosened_in_everyday_words_changes_the_rule(ws, rule, said):
    file_entry(ws, "rules/general", rule, kind="RULE")
    done = remember(ws, said, source="user", now=NOW).value
    assert done.label == "update", done.reason
    assert rule not in open_lines(ws, "rules/general")


@pytest.mark.parametrize(
    ("on_file", "said", "holds"),
    [
        (
            "Dariusz the plumber's number is 07700 900412, he does the boiler too",
            "sorry dariusz the plumber is 07700 900421 not 900412, i fat fingered it",
            "boiler",
        ),
        (
            "Kofi's mobile is 07700 900555, texts only",
            "kofi is 07700 900565 not 900555, typo'd it",
            "texts only",
        ),
    ],
)
def test_a_number_fat_fingered_is_corrected_with_the_rest_kept(ws, on_file, said, holds):
    done = told(ws, "life/facts", on_file, said)
    assert done.label == "correction", done.reason
    assert holds in _written(ws, "life/facts")


@pytest.mark.parametrize(
    ("on_file", "said"),
    [
        (
            "Rafi's nursery pickup is at 5:45pm at Little Acorns on Merton Road, mon to thurs",
            "rafi's nursery pickup is 6pm now on thursdays, they've extended hours",
        ),
        ("Gym is every weekday at 7am", "gym's at 8am on fridays now"),
        (
            "The cleaner comes Monday to Friday at 9",
            "the cleaner comes at 11 on wednesdays from now on",
        ),
        ("Swimming is on Mondays and Thursdays at 5pm", "swimming moved to 6pm on mondays"),
    ],
)
def test_a_change_on_some_of_its_days_keeps_the_entry_for_the_others(ws, on_file, said):
    done = told(ws, "life/facts", on_file, said)
    assert done.label == "new", done.reason
    assert on_file in open_lines(ws, "life/facts")
    assert done.unsure is not None and done.unsure["near"] in done.unsure["supersedes"]


@pytest.mark.parametrize(
    "said", ["swimming is only on thursdays now", "swimming is at 6pm now", "swimming moved to 6pm"]
)
def test_a_change_of_the_days_themselves_or_of_every_day_updates(ws, said):
    done = told(ws, "life/facts", "Swimming is on Mondays and Thursdays at 5pm", said)
    assert done.label == "update", done.reason


@pytest.mark.parametrize(
    ("rule", "said", "now"),
    [
        (
            "Never book me any client calls before 10am",
            "ok new rule: client calls from 9am are fine from now on, im up with the baby anyway",
            "Never book me any client calls before 9am",
        ),
        (
            "Never book me any client calls before 10am",
            "ok from now on calls from 9 are fine, i'm up earlier since the baby lol",
            "Never book me any client calls before 9am",
        ),
        (
            "Deploy to production only on weekdays before 16:00",
            "deploys up to 18:00 are fine from now on",
            "Deploy to production only on weekdays before 18:00",
        ),
        (
            "No piano practice after 7:30pm, the neighbours complain",
            "from now on piano is fine until 8pm, they've moved out",
            "No piano practice after 8pm, the neighbours complain",
        ),
    ],
)
def test_a_rule_given_another_time_keeps_its_words_and_its_limit(ws, rule, said, now):
    file_entry(ws, "rules/general", rule, kind="RULE")
    done = remember(ws, said, source="user", now=NOW).value
    assert done.label == "update", done.reason
    assert open_lines(ws, "rules/general") == [now]


def test_two_letters_swapped_are_a_slip_and_another_letter_is_not():
    words = frozenset({"prefer", "journey", "planet"})
    assert typed_for({"perfer", "jounrey", "plaent"}, words) == {"perfer", "jounrey", "plaent"}
    # a letter put for another beside a second (not the two swapped) is another word
    assert typed_for({"plnxet", "prfxer", "planer", "plant"}, words) == set()
