"""A change said by what stays: "same time, same link" tells that another detail of a thing on
file changed, and ties the text to it; "same room as the piano lessons" likens another thing to
it, and changes nothing."""

from __future__ import annotations

import pytest

from conftest import NOW
from memctl.gate.reading import analyze
from memctl.gate.remains import kept_by_kind
from memctl.gate.remember import remember
from memctl.longterm import add_entry, new_note


def entry(ws, text: str):
    if not (ws.root / "semantic/plans.md").exists():
        new_note(ws, "semantic/plans", title="Plans", today=NOW.date())
    return add_entry(ws, "semantic/plans", text, kind="FACT", source="user", today=NOW.date())


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("swim's on fridays from january, same slot same pool", True),
        ("Sprint-Review ab Mai donnerstags, gleiche Uhrzeit, gleicher Raum", True),
        ("le cours passe au mercredi, même heure", True),
        ("she left, her replacement has the same title", True),
        ("moved to the 3rd, same time as before", True),
        ("the concert is in the same room as the piano lessons", False),
        ("same here, I'd go for the fish", False),
        ("the same again please", False),
    ],
)
def test_a_detail_kept_by_its_kind_is_read_in_any_language(said, kept):
    assert kept_by_kind(analyze(said)) is kept


def test_what_stays_ties_a_change_to_the_thing_it_changes(ws):
    """ "board's first tuesday from q2, same time same link" shares only "board" and "first"
    with the call on file: it was filed beside it as new, both open."""
    call = entry(ws, "Monthly board call is the first Monday at 16:00 on Zoom")
    entry(ws, "Board pack goes out a week before")
    result = remember(
        ws, "board's first tuesday from q2, same time same link", source="user", now=NOW
    )
    assert result.value.label == "update", result.value.reason
    assert result.value.closed.entry.id == call.value.entry.id


def test_the_same_room_as_another_thing_changes_nothing(ws):
    """ "same room as piano" likens the concert to the lessons: it was read as the lessons'
    room still holding, and the lessons' entry was closed for the concert's day."""
    entry(ws, "Mia's piano lesson is Mondays at 4:30 in room 12 at the music school")
    result = remember(
        ws, "the school concert is on thursday, same room as piano", source="user", now=NOW
    )
    assert result.value.label != "update", result.value.reason
    assert result.value.closed is None  # the lessons' entry stays open


@pytest.mark.parametrize(
    ("said", "kinds"),
    [
        ("moved to sunday mornings, same time", {"t"}),
        ("at the usual hour", {"t"}),
        ("Sprint-Review ab Mai donnerstags, gleiche Uhrzeit", {"t"}),
        ("same day next week", {"wd"}),
        ("the concert is at the same time as the piano lessons", set()),
    ],
)
def test_the_values_said_to_stay_are_read_from_the_same_kinds(said, kinds):
    """What an update carries (valued.said_same) reads the kinds said to stay from the one
    list that ties a change to a thing on file (remains.kept_kinds)."""
    from memctl.gate.valued import said_same

    assert said_same(analyze(said)) == kinds
