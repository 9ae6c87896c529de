"""What a person says of a thing on file without changing it yet (a maybe, a question, advice),
and a change made to one's own things by someone else ("Dr Shah upped my dose")."""

from __future__ import annotations

import pytest

from conftest import NOW, file_entry, open_lines, told
from memctl.gate.remember import remember

HEDGED = [
    ("We're going to Lisbon on 3 June for a week", "we might cancel the Lisbon trip"),
    ("We're going to Lisbon on 3 June for a week", "thinking of cancelling the Lisbon trip"),
    ("We're going to Lisbon on 3 June for a week", "should we cancel the Lisbon trip?"),
    ("Piano lessons are on Tuesdays at 17:00 with Mrs Berg", "maybe we move piano to Thursdays"),
    ("I take 20mg of citalopram every morning", "Dr Shah says I should come off citalopram"),
    ("Book club meets at Clara's on the first Tuesday", "not sure book club is still at Clara's"),
    ("The plumber comes on Thursday at 8", "the plumber might come on Friday instead"),
]


@pytest.mark.parametrize(("on_file", "said"), HEDGED)
def test_a_maybe_a_question_or_advice_leaves_the_entry_open_and_names_it(ws, on_file, said):
    """ "we might cancel the Lisbon trip" closed the trip; so did a question and a doctor's
    advice. The entry stays open, and the new line names it for the caller to settle."""
    done = told(ws, "life/plans", on_file, said)
    assert done.label == "new"
    assert on_file in open_lines(ws, "life/plans")
    assert done.unsure is not None  # the entry it may replace, and the commands that decide


@pytest.mark.parametrize(
    ("on_file", "said"),
    [
        ("We're going to Lisbon on 3 June for a week", "we cancelled the Lisbon trip"),
        ("Piano lessons are on Tuesdays at 17:00", "piano lessons moved to Thursdays"),
        # a past "thinking of" is a mix-up, and "from now on" makes a change firm
        ("The cabin sleeps six", "The cabin only sleeps four, I was thinking of the other one"),
        (
            "Standup is at 9:30 every weekday",
            "maybe it's obvious, but standup is at 10 from now on",
        ),
    ],
)
def test_a_change_said_outright_still_replaces_the_entry(ws, on_file, said):
    done = told(ws, "life/plans", on_file, said)
    assert done.label in ("update", "correction")
    assert on_file not in open_lines(ws, "life/plans")


@pytest.mark.parametrize(
    ("on_file", "said"),
    [
        ("I take 20mg of citalopram every morning", "Dr Shah has upped my citalopram to 30mg"),
        ("I take 20mg of citalopram every morning", "the GP increased my citalopram to 30mg"),
        ("Our rent is £1,450 a month", "the landlord has raised our rent to £1,600"),
        ("My gym membership is £35 a month", "PureGym cut my membership to £25 a month"),
    ],
)
def test_someone_else_changing_my_own_thing_updates_it(ws, on_file, said):
    """ "Dr Shah has increased my citalopram to 30mg" was about Dr Shah, not about me (a name
    opening one text, "I" the other), and "my citalopram" was taken for words of the change."""
    done = told(ws, "life/me", on_file, said)
    assert done.label in ("update", "correction")
    assert on_file not in open_lines(ws, "life/me")


def test_a_named_person_of_their_own_is_still_someone_else(ws):
    file_entry(ws, "life/me", "I prefer tea in the morning")
    done = remember(ws, "Dmitri prefers coffee in the morning", source="user", now=NOW).value
    assert done.label == "new"
    assert "I prefer tea in the morning" in open_lines(ws, "life/me")


@pytest.mark.parametrize(
    ("on_file", "said"),
    [
        ("Sam lives in Munich", "Sam moved to Berlin, might visit us in May"),
        (
            "Piano lessons are on Tuesdays at 17:00",
            "piano moved to Thursdays, not sure about the time yet",
        ),
    ],
)
def test_a_maybe_in_another_clause_leaves_the_change_sure(ws, on_file, said):
    """Only the clause that says the change is read for a maybe: "might visit us in May" does
    not make "Sam moved to Berlin" a maybe."""
    done = told(ws, "life/plans", on_file, said)
    assert done.label in ("update", "correction"), done.reason
    assert on_file not in open_lines(ws, "life/plans")


@pytest.mark.parametrize(
    ("on_file", "said"),
    [
        ("Sam lives in Munich", "is Sam still in Munich?"),
        ("The gym opens at 6", "does the gym open at 6?"),
    ],
)
def test_a_question_about_an_entry_confirms_nothing(ws, on_file, said):
    """ "is Sam still in Munich?" was a repeat: it re-verified the entry it asks about."""
    done = told(ws, "life/plans", on_file, said)
    assert done.label == "new", done.reason
    assert done.verified is None
