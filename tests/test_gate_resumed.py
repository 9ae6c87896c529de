"""What had stopped going on again, a span drawn out to another end, a person let go, a short
entry said again with a clause of its own: changes of what an entry on file says, in words the
gate read as something new."""

from __future__ import annotations

import pytest

from conftest import open_lines, told
from memctl.language import cues
from memctl.lexicon import one_word
from memctl.words import fold

NOTE = "semantic/me"


def _told(ws, entry: str, said: str) -> str:
    return told(ws, NOTE, entry, said).label


@pytest.mark.parametrize(
    ("entry", "said"),
    [
        # a habit or a thing allowed that goes on again
        ("I'm off alcohol for January", "I'm drinking wine again"),
        ("No sugar for me, the dentist said", "I can have sugar again"),
        # a person let go: what they did ends
        ("Our cleaner Rosa comes on Wednesdays", "We let Rosa go last week"),
        ("Jon does our bookkeeping every quarter", "We're letting Jon go after this quarter"),
    ],
)
def test_what_goes_on_again_or_a_person_let_go_updates_the_entry(ws, entry, said):
    assert _told(ws, entry, said) == "update"
    assert entry not in open_lines(ws, NOTE)


@pytest.mark.parametrize(
    ("entry", "said"),
    [
        ("Sam lives in Lisbon", "I saw Sam again last week"),
        ("The team meets on Tuesdays", "We met again yesterday"),
    ],
)
def test_an_event_done_again_leaves_the_entry_open(ws, entry, said):
    assert _told(ws, entry, said) == "new"
    assert entry in open_lines(ws, NOTE)


def test_a_span_drawn_out_to_another_end_updates_it(ws):
    assert (
        _told(ws, "Our lease runs until June 2027", "We extended the lease to December 2027")
        == "update"
    )
    changed = ("visiting got extended until 8pm", "they shortened the sprint to a week")
    assert all(cues.UPDATE.search(fold(t)) for t in changed)
    kept = ("we extended our stay in Rome", "I extended my thanks to the team")
    assert not any(cues.UPDATE.search(fold(t)) for t in kept)


def test_letting_someone_go_somewhere_ends_nothing():
    assert (
        one_word("she let her daughter go to the party") == "she let her daughter go to the party"
    )
    assert one_word("we let the plumber go, he was useless").startswith("we fired the plumber")


@pytest.mark.parametrize(
    ("said", "label"),
    [
        ("Swimming is on Tuesday, and Ella needs her own towel and goggles", "update"),
        ("Ella needs her own towel and goggles, and swimming is on Tuesday", "new"),
    ],
)
def test_a_short_entry_said_first_with_a_clause_of_its_own_gets_a_detail(ws, said, label):
    """A short entry ("Swimming is on Tuesday") said whole before a clause of its own is a
    detail added to it; said after another thing, it stays as it was."""
    assert _told(ws, "Swimming is on Tuesday", said) == label
    assert ("Swimming is on Tuesday" in open_lines(ws, NOTE)) == (label == "new")
