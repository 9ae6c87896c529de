"""What a person says in passing around what they tell: that it still holds ("…, nothing's
changed there"), the day of the month after a weekday ("sat 15th"), a plan's details left to
be confirmed ("details TBC"), the days given up by their short names ("not tue/wed") and a word
whose stem is another's ("planning" is no flight)."""

from __future__ import annotations

import pytest

from conftest import told
from memctl.gate.reading import analyze, content_word


@pytest.mark.parametrize(
    "said",
    [
        "pilates is still 6:15 on mondays, nothing's changed there",
        "pilates still mondays at 6:15pm - same as ever",
        "pilates is on mondays at 6:15pm, no change",
    ],
)
def test_what_says_it_still_holds_repeats_the_entry(ws, said):
    result = told(ws, "health/fitness", "Pilates is on Mondays at 6:15pm", said)
    assert result.label == "repeat", result.reason


def test_a_change_beside_what_else_still_holds_is_an_update(ws):
    said = "pilates moved to 7pm on mondays, nothing else has changed"
    result = told(ws, "health/fitness", "Pilates is on Mondays at 6:15pm", said)
    assert result.label == "update", result.reason


@pytest.mark.parametrize(
    ("text", "day"),
    [("the audit is sat 15th", "d:15"), ("dentist tuesday 3rd at 9", "d:3")],
)
def test_an_ordinal_after_a_weekday_is_a_day_of_the_month(text, day):
    assert day in analyze(text).values


@pytest.mark.parametrize("text", ["it's on the 3rd floor", "my 40th birthday party"])
def test_an_ordinal_that_counts_a_thing_is_a_number(text):
    assert not any(v.startswith("d:") for v in analyze(text).values)


def test_a_plan_whose_details_were_to_be_confirmed_is_filled_in(ws):
    on_file = "Going to the design summit in Lisbon in the autumn, details TBC"
    said = "summit's booked: lisbon 4-7 october, staying at the hotel avenida"
    result = told(ws, "work/travel", on_file, said)
    assert result.label == "update", result.reason


def test_days_given_up_by_their_short_names_are_changed_not_corrected(ws):
    said = "my gym days are mon + fri now, not tue/wed"
    result = told(ws, "health/fitness", "I go to the gym on Tuesdays and Wednesdays", said)
    assert result.label == "update", result.reason


def test_a_word_is_not_read_as_another_that_shares_its_stem():
    assert content_word("planning") != content_word("flight")
    assert content_word("plane") == content_word("flight")


def test_every_class_word_whose_stem_is_another_word_is_read_whole():
    """A word of a class whose light stem is a word of its own outside the class ("plane":
    "plan") would read that other word as the class: each such word is read whole. A class word
    whose stem is the class's own act ("meeting": "meet") may stay."""
    from memctl.lexicon import _SAME, READ_WHOLE
    from memctl.words import fold, is_word, stem

    clashing = set()
    for line in _SAME:
        words = [fold(w) for w in line.split()]
        for word in words:
            root = stem(word)
            if root != word and is_word(root) and root not in words:
                clashing.add(word)
    assert clashing - READ_WHOLE == {"meeting", "meetings"}
