"""Values said the way people type them in chat: an hour in words ("at nine", "ten thirty"), a
number past twelve in words ("twenty five bucks"), a short weekday before a part of the day
("sun mornings"), and a part of the day said beside a clock time that already says it."""

from __future__ import annotations

import pytest

from conftest import NOW, file_entry
from memctl.gate.reading import analyze
from memctl.gate.remember import remember


@pytest.mark.parametrize(
    ("said", "values"),
    [
        ("squash at seven", {"t:07:00"}),
        ("dinner at seven pm", {"t:19:00"}),
        ("the call is around ten thirty", {"t:10:30"}),
        ("pickup until twelve, then the shop shuts", {"t:12:00"}),
        ("bump the mugs to twenty five bucks", {"n:25"}),
        ("forty-two people signed up", {"n:42"}),
        ("she's nineteen", {"n:19"}),
        # a price said pounds then pence, where its currency or what it pays for follows
        ("netflix is twelve ninety-nine a month", {"n:12.99"}),
        ("twenty five fifty quid for the lot", {"n:25.5"}),
        ("it's twelve fifty", {"n:12", "n:50"}),  # no price said: two numbers, as before
        ("tennis w marcus sun mornings at nine", {"t:09:00", "wd:7"}),
        ("plumber coming wed aft", {"wd:3"}),
        # no hour: a number of things after "at", "by"; the sun; the morning with no clock time
        ("look at one of them first", set()),
        ("we met at one point", set()),
        ("done by nine people", {"n:9"}),
        ("the sun was out this morning", {"t:morning"}),
    ],
)
def test_values_said_in_words_are_read_as_values(said, values):
    assert set(analyze(said).values) == values


@pytest.mark.parametrize(
    ("on_file", "said"),
    [
        # "at seven" says no half of the day: beside "7pm" on file it is 19:00
        ("Squash with Dev is Thursdays at 7pm", "squash w dev thurs evenings at seven"),
        # the morning, said again by the clock time
        ("Yoga with Priya is Saturdays at 8am", "yoga w priya sat mornings at eight"),
        ("Yoga with Priya is Saturdays at 8am", "yoga with priya saturdays at eight"),
        (
            "Netflix standard plan is £12.99 a month",
            "netflix standard is twelve ninety-nine a month",
        ),
        # a verb of price beside the same amount says nothing new
        ("Yoga studio membership is £48 a month", "the yoga studio charges £48 a month"),
        ("Yoga studio membership is £48 a month", "yoga studio membership costs forty eight quid"),
    ],
)
def test_a_value_said_again_in_words_is_a_repeat(ws, on_file, said):
    entry = file_entry(ws, "semantic/home", on_file)
    result = remember(ws, said, source="user", now=NOW).value
    assert (result.label, result.verified.entry.id) == ("repeat", entry), result.reason


@pytest.mark.parametrize(
    ("said", "label"),
    [
        ("raising the lesson fee to forty five from next term", "update"),
        ("decided to bump the lessons up to fifty quid", "update"),
        # another number of the same thing, said to be another one
        ("the group lessons are also forty five", "new"),
    ],
)
def test_an_amount_in_words_after_a_word_of_change_changes_it(ws, said, label):
    file_entry(ws, "semantic/home", "Piano lessons with Ana cost £40 an hour")
    file_entry(ws, "semantic/home", "Piano lessons are on Wednesdays after school")
    result = remember(ws, said, source="user", now=NOW).value
    assert result.label == label, result.reason
