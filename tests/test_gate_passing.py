"""Changes said in passing, as people say them: a dose set by a doctor, a reason clause with a
"not" in it, a typo in the word of change, a rule's act said in other words. Each table holds
the turns that must still be labelled otherwise."""

from __future__ import annotations

import pytest

from conftest import NOW, file_entry, open_lines
from memctl.gate.remember import explain, remember
from memctl.language.typos import mend
from memctl.note import read_note

MEDS = "I take 50mg of sertraline every morning."


@pytest.mark.parametrize(
    "said",
    [
        "the doctor put me on 100mg of sertraline",
        "doc doubled my sertraline",
        "they halved my sertraline dose",
        "changed my sertraline to 100mg last Monday",
        "since Monday I take 100mg of sertraline",
        "I've been taken off sertraline",
        "came off the sertraline in October",
    ],
)
def test_a_dose_set_by_someone_else_or_stopped_changes_the_one_on_file(ws, said):
    """ "doc doubled my sertraline" and "the doctor put me on 100mg …" were new, kept beside the
    50mg; "… to 100mg last Monday" was one occasion of a daily dose; "I've been taken off
    sertraline" was dropped as a repeat."""
    file_entry(ws, "health/meds", MEDS)
    done = remember(ws, said, source="user", now=NOW).value
    assert done.label in ("update", "correction")
    assert MEDS not in open_lines(ws, "health/meds")


@pytest.mark.parametrize(
    "said", ["last Monday's standup was cancelled", "next Monday's standup moves to 11"]
)
def test_one_day_of_a_schedule_still_leaves_the_schedule_open(ws, said):
    file_entry(ws, "work/team", "Team standup is every weekday at 10:00 on Zoom.")
    remember(ws, said, source="user", now=NOW)
    assert "Team standup is every weekday at 10:00 on Zoom." in open_lines(ws, "work/team")


@pytest.mark.parametrize(
    ("said", "label"),
    [
        ("keep peanuts away from Ethan", "repeat"),
        ("Ethan has to steer clear of peanuts", "repeat"),
        ("Ethan must stay away from peanuts", "repeat"),
        ("Ethan can have peanuts now, he outgrew it", "update"),
    ],
)
def test_keeping_a_thing_away_from_someone_says_what_their_allergy_says(ws, said, label):
    """ "keep peanuts away from Ethan" closed the allergy: an update that "adds a detail: away"."""
    file_entry(ws, "health/allergies", "Ethan is allergic to peanuts.")
    assert remember(ws, said, source="user", now=NOW).value.label == label


@pytest.mark.parametrize(
    ("on_file", "said", "label"),
    [
        ("Tom hates olives.", "Tom really can't stand olives", "repeat"),
        ("Tom loves olives.", "Tom can't stand olives", "correction"),
        (
            "Our car insurance is with Aviva, renewing until March 2027.",
            "Car insurance: Aviva, renewing till March 2027",
            "repeat",
        ),
    ],
)
def test_a_not_inside_a_word_of_dislike_and_till_for_until_say_nothing_new(
    ws, on_file, said, label
):
    """ "can't stand" was read as a "not" that turns "hates", and "till" as a detail."""
    file_entry(ws, "family/notes", on_file)
    assert remember(ws, said, source="user", now=NOW).value.label == label


@pytest.mark.parametrize(
    "said",
    [
        "actualy the Halifax rate is 3.9%",
        "acutally it's 3.9% with Halifax",
        "the Halifax rate is 3.9% insted",
    ],
)
def test_a_word_of_change_typed_one_letter_off_still_says_the_change(ws, said):
    file_entry(ws, "money/home", "Our Halifax fixed mortgage rate is 4.2% until 2028.")
    done = remember(ws, said, source="user", now=NOW).value
    assert done.label in ("update", "correction")
    assert "until 2028" in done.written.entry.text


def test_only_long_cue_words_are_mended_never_a_word_of_their_own():
    assert mend("actualy insted anymroe cancelld") == "actually instead anymore cancelled"
    for word in ("charged", "actual", "instant", "posted", "correct", "nowhere"):
        assert mend(word) == word


# (on file, said, details the update must carry)
CARRIED = [
    (  # a "not" in the reason clause, before ", so"
        "Dad's retirement dinner is on Friday 9 May at 19:30 at the Crown in Bath",
        "The Crown was fully booked, so Dad's retirement dinner is now at the Red Lion",
        ["9 May", "19:30"],
    ),
    (  # "… because …" gives the reason after the change
        "Dad's retirement dinner is on Friday 9 May at 19:30 at the Crown in Bath",
        "Dad's retirement dinner moved to the Red Lion because the Crown couldn't seat us",
        ["9 May", "19:30"],
    ),
    (  # "up to 20 mcg" is an amount, not an hour
        "Mum takes 10 mcg of levothyroxine every morning before breakfast",
        "The GP bumped Mum's levothyroxine up to 20 mcg",
        ["every morning", "before breakfast"],
    ),
    (  # "the 4th after all": a day of the month; the second clause holds
        "The Apollo launch is Thursday 4 June, and Tom writes the announcement",
        "We're not launching Apollo on the 4th after all, it moved to Monday 8 June",
        ["Tom writes the announcement"],
    ),
    (  # a clause after "and" is a detail of its own
        "We arrive in Naxos on 11 May and take the bus to Chora the same night",
        "Turns out the ferry reaches Naxos on the 12th of May, a day later than I thought",
        ["bus to Chora"],
    ),
    (  # what is said of the one named again by name alone
        "Luna the cat eats wet food twice a day, 50 g each meal",
        "The vet wants Luna down to 40 g per meal",
        ["twice a day"],
    ),
    (  # "parent-teacher" is no parent of Leo's
        "Leo's parent-teacher meeting is Wednesday at 17:00 with Mr. Grant in room 4",
        "the parent-teacher thing for Leo got pushed to 18:00",
        ["Wednesday", "Grant", "room 4"],
    ),
    (  # the day of the month a monthly payment leaves on, said not to be so
        "The rent of 950 pounds leaves the current account on the 28th of each month",
        "Rent goes out on the 5th now, not the 28th",
        ["each month"],
    ),
]


@pytest.mark.parametrize(("on_file", "said", "holds"), CARRIED)
def test_an_update_said_in_passing_carries_the_details_it_leaves_unsaid(ws, on_file, said, holds):
    """Each lost its unchanged details (or was not read as an update at all): the reason
    clause's "not" read as the change's, "up to 75" as an hour, "the 4th" as a count, the
    clause after "and" cut with the changed date, the first phrase dropped with its subject."""
    file_entry(ws, "life/plans", on_file)
    done = remember(ws, said, source="user", now=NOW).value
    assert done.label in ("update", "correction")
    line = done.written.entry.text
    assert [h for h in holds if h not in line] == []
    assert on_file not in open_lines(ws, "life/plans")


def test_carried_phrases_that_stood_together_are_written_together(ws):
    file_entry(ws, "life/plans", CARRIED[3][0])
    line = remember(ws, CARRIED[3][1], source="user", now=NOW).value.written.entry.text
    assert line.endswith("(as before: Tom writes the announcement)")


DEPLOYS = "Never deploy Atlas to production on Fridays"
MEETINGS = "Never schedule meetings for me on Friday afternoons"


@pytest.mark.parametrize(
    ("rule", "said", "label"),
    [
        (DEPLOYS, "Rolling out the Atlas patch to production this Friday", "clash"),
        (DEPLOYS, "Pushing the Atlas patch live on Friday", "clash"),
        (DEPLOYS, "Shipping the Atlas patch to prod on Friday", "clash"),
        (DEPLOYS, "Rolled the Atlas patch out to prod on Tuesday", "new"),
        (DEPLOYS, "Going to deploy the Atlas patch to prod on Friday", "clash"),
        (DEPLOYS, "Will deploy the Atlas patch to prod on Friday", "clash"),
        (DEPLOYS, "Friday deploys to production will break Atlas", "new"),
        (MEETINGS, "Let's set up the hiring workshop for Friday at 15:00", "clash"),
        (MEETINGS, "Put an interview with Omar in for Friday at 14:00", "clash"),
        (MEETINGS, "Arranged a catch-up with Omar for Friday at 16:00", "clash"),
        (MEETINGS, "Arranged a catch-up with Omar for Thursday at 16:00", "new"),
        (MEETINGS, "Set up the new printer on Friday afternoon", "new"),
    ],
)
def test_a_rules_act_said_in_other_words_breaks_it(ws, rule, said, label):
    """ "Pushing the … hotfix live to prod on Friday afternoon" and "Let's set up the … retro
    for Friday at 15:00" were new beside rules that forbid them: an act said in a verb and a
    particle ("roll out", "push live", "set up", "put in") is the act of its class."""
    file_entry(ws, "rules/general", rule, kind="RULE")
    assert explain(ws, said, source="agent", now=NOW).label == label


@pytest.mark.parametrize(
    "said",
    [
        "From now on Friday afternoon meetings are fine if they're with Omar",
        "Friday afternoon meetings with Omar are ok from now on",
    ],
)
def test_the_thing_a_rule_forbids_allowed_at_its_own_time_changes_the_rule(ws, said):
    """ "From now on Friday afternoon meetings are fine if they're with Hanna" was filed as a
    fact that "may replace" the weekly 1:1, the rule left as it was."""
    file_entry(ws, "work/team", "Weekly 1:1 with my manager Omar is every Tuesday at 11:00")
    file_entry(ws, "rules/general", MEETINGS, kind="RULE")
    done = remember(ws, said, source="user", now=NOW).value
    assert (done.label, done.closed.path) == ("update", "rules/general.md")
    [rule] = open_lines(ws, "rules/general")
    assert rule.startswith(MEETINGS) and "Omar" in rule


@pytest.mark.parametrize(
    ("said", "label"),
    [
        ("Actually Noor is fine with lactose now, she outgrew it", "update"),
        ("actually Noor can have dairy now", "update"),
        ("Actually Noor isn't lactose intolerant", "correction"),
    ],
)
def test_actually_beside_now_says_the_world_changed_not_a_mistake(ws, said, label):
    file_entry(ws, "people/noor", "Noor is lactose intolerant")
    assert remember(ws, said, source="user", now=NOW).value.label == label


def test_a_nights_lines_may_replace_only_what_they_could_replace(ws):
    """A night's log put questions on "To settle" that were none: a fact read in passing that
    "may replace" a decision, a lesson that may replace a fact, and what someone did that may
    replace who they are."""
    import datetime as dt

    from memctl.nightly.consolidate import consolidate

    day = dt.date(2026, 11, 29)
    (ws.daily_dir).mkdir(exist_ok=True)
    (ws.daily_dir / f"{day}.md").write_text(
        f"# {day}\n\n### 10:00 — planning\n"
        "DECISION: Orion goes to staging first, production a week later\n"
        "FACT: Our accountant is Priya Shah, her number is 0612 334 455\n\n"
        "### 16:00 — later\n"
        "FACT: the staging cluster for Orion is called orion-stg-2\n"
        "LESSON: always check the staging cluster before a go-live\n"
        "FACT: Priya Shah sent the tax forms back\n"
    )
    consolidate(ws, day, now=NOW)
    marked = [
        e.text
        for path in ws.root.rglob("*.md")
        if ".git" not in path.parts and path.parent != ws.daily_dir
        for e in read_note(path).entries()
        if "may_replace" in e.fields
    ]
    assert marked == []


def test_a_word_put_for_another_still_asks_which_holds(ws):
    file_entry(ws, "people/anna", "Anna is allergic to nuts")
    said = remember(ws, "Anna is allergic to sesame", source="user", now=NOW).value
    assert said.label == "new" and said.unsure is not None
