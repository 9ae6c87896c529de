"""What people write in chat, read as it is meant: a time with a dot ("7.30pm", as in Britain),
"via" and "thru" that say how, not what; a number that "goes up to" another (the world changed
though no one changed it by hand); "as well" naming one more thing beside the entry's, not it
changed."""

from __future__ import annotations

import pytest

from conftest import NOW, file_entry
from memctl.gate.reading import analyze
from memctl.gate.remember import explain
from memctl.language import cues
from memctl.search import semantic


@pytest.mark.parametrize(
    ("text", "time"),
    [
        ("choir practice is at 7.30pm", "t:19:30"),
        ("the bin lorry comes at 6.45 am", "t:06:45"),
        ("last train 11.15 p.m.", "t:23:15"),
        ("feed at 12.30am", "t:00:30"),
    ],
)
def test_a_time_written_with_a_dot_and_its_half_of_the_day_is_a_time(text, time):
    assert time in analyze(text).values


@pytest.mark.parametrize("text", ["the tickets were 7.30 each", "he scored 7.30 on the test"])
def test_a_number_with_a_dot_alone_stays_a_number(text):
    assert not {v for v in analyze(text).values if v.startswith("t:")}


@pytest.mark.parametrize(
    "text",
    [
        "council tax goes up to £180 in april",
        "the bus fare went up to 2.50",
        "his dose is going down to 5mg",
        "the gym fee rose to 42",
        "interest dropped to 4.1%",
        "season tickets jumped to £600",
    ],
)
def test_a_number_that_moves_to_another_is_a_word_of_change(text):
    assert cues.UPDATE.search(text)


@pytest.mark.parametrize(
    "text",
    [
        "you can spend up to £100 without asking",
        "the minibus takes up to 16",
        "groceries up to 120 euros are fine",
        "the hall holds up to 80 people",
    ],
)
def test_a_bound_said_with_up_to_is_no_change(text):
    assert cues.UPDATE.search(text) is None


def _label(ws, entry: str, said: str) -> tuple[str, str | None]:
    file_entry(ws, "semantic/home", entry)
    value = explain(ws, said, source="user", now=NOW, use_llm=False)
    target = value.decision.target.entry.text if value.decision.target else None
    return value.label, target


@pytest.mark.parametrize(
    ("entry", "said", "label"),
    [
        # one more of its kind beside the entry's, said with "as well" / "too" / "also"
        (
            "Noah has piano lessons with Mrs Ellis on Mondays at 5pm",
            "noah's starting guitar lessons as well, with mr okoro on wednesdays",
            "new",
        ),
        (
            "The cleaner comes every Tuesday morning",
            "we've got a window cleaner coming on fridays too.",
            "new",
        ),
        # a leading "also" opens the sentence: the change is the entry's
        ("Dentist appointment is Friday at 2pm", "also the dentist got moved to 3pm", "update"),
        ("Spin class is on Tuesdays at 6pm", "ok so also, spin class moved to 7pm", "update"),
        # a number that goes up: the entry's amount changed
        (
            "The Leeds flat's rent is £800 a month",
            "rent on the leeds flat goes up to £850",
            "update",
        ),
    ],
)
def test_one_more_of_its_kind_and_a_number_that_moves(ws, entry, said, label):
    assert _label(ws, entry, said)[0] == label


@pytest.mark.skipif(not semantic.available(), reason="the semantic extra")
@pytest.mark.parametrize(
    ("entry", "said"),
    [
        (
            "Choir practice is every Wednesday at 7.30pm at St Mark's hall",
            "choir weds 7.30 at st marks hall",
        ),
        (
            "The allotment fee is £45 a year, paid in March via the council",
            "allotment fee's 45 a year thru the council, paid in march",
        ),
    ],
)
def test_the_same_time_or_way_in_chat_is_a_repeat(ws, entry, said):
    assert _label(ws, entry, said)[0] == "repeat"
