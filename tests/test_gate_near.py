"""An entry close in meaning is named as one a text may replace only when the text could
replace it: a weekday or a date of another event of the same person is no other value of that
entry, and the day of the same thing said anew still is. Through the real command line on a
real workspace, told by the agent and read from a day's log at night."""

from __future__ import annotations

import pytest

NIGHT = {"MEMCTL_NOW": "2026-12-01T03:00"}

SWIMMING = "Priya's swimming lessons moved to Thursdays from next month, 6pm at the leisure centre"
REHEARSAL = "Tom's band rehearsal is on Tuesdays at 7pm in the church hall"


@pytest.mark.parametrize(
    ("on_file", "said"),
    [
        (SWIMMING, "Priya's school trip is on Friday"),
        (SWIMMING, "Priya's class assembly is on Friday 11 December"),
        (SWIMMING, "Priya's ballet class is on Saturdays"),
        (REHEARSAL, "Tom's office party is on Friday 18 December"),
    ],
)
def test_another_event_of_the_same_person_on_another_day_may_replace_nothing(cli, on_file, said):
    cli.tell(on_file)
    told = cli.json("remember", said, "-s", "agent")
    assert (told["label"], told["unsure"]) == ("new", None)
    assert "may_replace" not in told["written"]["fields"]
    assert not [i for i in cli.json("ls")["needs"]["items"] if "may replace" in i["why"]]


@pytest.mark.parametrize(
    ("on_file", "said"),
    [
        (SWIMMING, "Priya's swimming is on Mondays now"),
        (SWIMMING, "Priya's lessons are on Mondays"),
        (REHEARSAL, "Tom's band practice is on Thursdays"),
    ],
)
def test_another_day_for_the_same_thing_still_names_what_it_may_replace(cli, on_file, said):
    old = cli.json("remember", on_file, "-s", "user")["written"]
    told = cli.json("remember", said, "-s", "agent")
    assert told["label"] == "new" and told["unsure"]["near"] == f"{old['path']}#^{old['id']}"


def test_the_nightly_job_names_no_other_event_of_the_same_person(cli):
    cli.tell(SWIMMING)
    cli("log", "Day notes", "-m", "FACT: Priya's school trip is on Friday 11 December")
    data = cli.json("consolidate", "--date", "2026-11-30", env=NIGHT)
    [step] = data["steps"]
    assert (step["action"], step["label"], step["unsure"]) == ("promoted", "new", None)
    assert not [i for i in cli.json("ls")["needs"]["items"] if "may replace" in i["why"]]
