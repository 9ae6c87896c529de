"""A text that says what an entry says, in other words, is a repeat of it: the same thing with a
verb that says little ("goes to" for "'s school is"), or a word written short ("rd" for
"road", "appt" for "appointment"), or an amount with its currency's word ("25 quid" for
"£25"), adds nothing to keep twice. A word of its own, a value of its own, a "no longer" or
another person is still news. Read by meaning, so only with the semantic path installed;
without it such a text stays new (a copy is kept, nothing is lost)."""

from __future__ import annotations

import pytest

from conftest import open_lines, told
from memctl.gate.compare import short_for
from memctl.search import semantic

pytestmark = pytest.mark.skipif(not semantic.available(), reason="the semantic extra")


@pytest.mark.parametrize(
    ("on_file", "said"),
    [
        ("The recycling is collected every other Monday", "recycling goes out every other monday"),
        (
            "Maya's swimming lessons are at the leisure centre on Saturdays",
            "maya has swimming at the leisure centre on saturdays",
        ),
        ("Dad's physiotherapy appointment is on Wednesday at 2pm", "dads physio appt weds 2pm"),
        (
            "The boiler is serviced by Kowalski Heating every October",
            "kowalski heating do the boiler service in october",
        ),
        ("Leo's nursery is Little Acorns on Park Road", "leo goes to little acorns on park rd"),
        # an amount said with its currency's word: the amount is what is compared
        ("The window cleaner charges £25 a visit", "window cleaner is 25 quid a visit"),
        ("Parking at the station costs $12 a day", "parking at the station is 12 bucks a day"),
    ],
)
def test_the_same_thing_in_other_words_is_a_repeat(ws, on_file, said):
    done = told(ws, "semantic/home", on_file, said)
    assert done.label == "repeat", done.reason
    assert open_lines(ws, "semantic/home") == [on_file]


@pytest.mark.parametrize(
    ("on_file", "said", "labels"),
    [
        # a verb of its own: another thing done there
        ("Tom's school is Ashfield Academy", "tom teaches at ashfield academy", {"new"}),
        # days of its own: a detail the entry lacks
        (
            "Leo's nursery is Little Acorns on Park Road",
            "leo goes to little acorns on tuesdays and thursdays",
            {"new", "update"},
        ),
        # it no longer holds
        ("Leo's nursery is Little Acorns", "leo doesn't go to little acorns anymore", {"update"}),
        # a word of its own: the gym, not the pool
        (
            "Maya's swimming lessons are at the leisure centre on Saturdays",
            "maya goes to the leisure centre gym on saturdays",
            {"new"},
        ),
        # another month
        (
            "The boiler is serviced by Kowalski Heating every October",
            "kowalski heating do the boiler service in november now",
            {"update"},
        ),
        # another person
        ("Tom's school is Ashfield Academy", "mia goes to ashfield academy", {"new"}),
        # another amount, said with its currency's word
        (
            "The window cleaner charges £25 a visit",
            "window cleaner is 30 quid a visit now",
            {"update"},
        ),
    ],
)
def test_a_word_value_or_person_of_its_own_is_not_a_repeat(ws, on_file, said, labels):
    done = told(ws, "semantic/home", on_file, said)
    assert done.label in labels, (done.label, done.reason)


@pytest.mark.parametrize(
    ("short", "word", "is_short"),
    [
        ("st", "street", True),
        ("appt", "appointment", True),
        ("mgr", "manager", True),
        ("tues", "tuesday", True),
        ("te", "team", False),  # two opening letters, not its last one
        ("rd", "road", True),
        ("rd", "red", True),  # letters alone: the meaning and the entry's other words decide
        ("ts", "street", False),  # not its first letter
        ("sr", "street", False),  # neither its opening nor its last letter
        ("street", "street", False),  # the word itself is no short form
    ],
)
def test_a_short_form_keeps_the_words_first_letter_and_order(short, word, is_short):
    assert short_for(short, word) is is_short
