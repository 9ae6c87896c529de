"""A repeat said as people say things again: around words that carry nothing ("honestly", "like
I said", "reminder"), typed fast ("alergic"), short ("wfh", "rvi" for the Royal Victoria
Infirmary, "2hrs"), with a time on the other clock ("19:00-20:30" for "7-8:30pm"), or with the
name the note gives the thing elsewhere ("the transit" where the note says the van is a Ford
Transit). A text that says anything of its own (another day, time or place, a word that is a
word of its own, "every other", a "not") stays new or changes the entry."""

from __future__ import annotations

import pytest

from memctl.gate.labeler import Known, decide
from memctl.gate.reading import analyze
from memctl.language.typos import mend


def _label(entry: str, said: str, *, meaning: float | None = None, kin: tuple[str, ...] = ()):
    known = Known("home/things.md#^n1", entry, meaning=meaning)
    known.kin = tuple(analyze(text) for text in kin)
    return decide(said, trust="trusted", candidates=[known], rules=[])


@pytest.mark.parametrize(
    ("entry", "said", "meaning"),
    [
        # an acronym of the entry's capitalised words
        ("Dad is treated at the Royal Victoria Infirmary", "dad's treated at the rvi", None),
        # typed one letter off, words that are no words
        ("Our daughter is allergic to strawberries", "our daughter is alergic to strawbries", None),
        # chat shorthand for a phrase and for days
        ("Works from home on Tuesdays and Thursdays", "wfh tue + thu", None),
        # the same times on the other clock, with the words of a calendar around them
        (
            "Yoga is on Thursdays 7-8:30pm at the church hall",
            "Calendar: recurring event 'Yoga', Thursday 19:00-20:30, church hall",
            None,
        ),
        # a unit against its number and a month said short, after a word of when
        ("Swim 2 hours every Sunday in June", "swim 2hrs every sunday in jun", None),
        # an acronym of the entry spelt out, two words of it closed up, an ordinal in figures
        ("Mum is treated at the RVI", "mum is treated at the royal victoria infirmary", None),
        ("Swim club is at Fairfield on Saturdays", "swimclub is at fairfield on saturdays", None),
        (
            "Quiz night is the second Tuesday of the month at the Crown",
            "quiz night 2nd tues of the month at the crown",
            None,
        ),
        # the label a record opens with, and chat's "w" and "like always"
        (
            "Dr Omar Farouk, GP, 0117 496 0321",
            "Contact card: Dr Omar Farouk (GP) - 0117 496 0321",
            None,
        ),
        (
            "Guitar lessons with Mr Jones every Friday at 5pm",
            "guitar fridays 5pm w mr jones, like always",
            0.6,
        ),
        # chat's word for a thing, and a span of hours on the other clock
        (
            "Ben's football training is on Wednesdays 5-6pm",
            "bens footy training weds 17:00-18:00",
            None,
        ),
        # where someone lives, where the entry says where they are based
        ("Brother is based in Glasgow", "my brother lives in glasgow", None),
        # the working week or the weekend, as a span of days or in a word
        ("Works in the office on weekdays", "in the office mon-fri", None),
        ("Goes to the gym at weekends", "gym sat + sun", None),
        # a date with slashes, a month's rent said short
        ("The boiler service is due on 22 September", "boiler service due 22/09", None),
        ("Rent is £700 a month", "rent's 700 pcm", None),
        # how many times, and a cost shared in two, in chat
        ("Feed the rabbit twice a day", "feed the rabbit 2x a day", None),
        (
            "The gas bill is split 50/50 with my brother",
            "me and my brother go halves on the gas bill",
            None,
        ),
        # words around it that say nothing, and how often beside the day it gives
        (
            "The bins go out every Thursday night",
            "so yeah honestly like i said the bins go out thursday night, every week, "
            "thats just the routine",
            0.6,
        ),
    ],
)
def test_the_entry_said_again_in_chat_is_a_repeat(entry, said, meaning):
    got = _label(entry, said, meaning=meaning)
    assert got.label == "repeat", got.reason


def test_a_name_the_note_gives_the_thing_elsewhere_is_the_things_word():
    entry, beside = "The van's insurance renews on 3 March", "The van is a Ford Transit"
    got = _label(entry, "the transit's insurance renews on 3 march", meaning=0.6, kin=(beside,))
    assert got.label == "repeat", got.reason
    # a line that names someone beside the thing does not make them the thing
    other = "Jake drives the van to work"
    got = _label(entry, "jake's insurance renews on 3 march", meaning=0.6, kin=(other,))
    assert got.label != "repeat", got.reason


@pytest.mark.parametrize(
    ("entry", "said", "meaning"),
    [
        # an acronym beside a day of its own
        (
            "Dad is treated at the Royal Victoria Infirmary",
            "dad's treated at the rvi on fridays",
            0.6,
        ),
        # one letter off a word of its own ("ladder" is a word, not "larder" mistyped)
        ("The flour is kept in the larder", "the flour is kept in the ladder", 0.6),
        # another day in shorthand
        ("Works from home on Tuesdays and Thursdays", "wfh tue + fri", 0.6),
        # other times on the other clock
        ("Yoga is on Thursdays 7-8:30pm at the church hall", "yoga thursdays 19:00-21:00", 0.6),
        # another hospital spelt out, another week of the month
        ("Mum is treated at the RVI", "mum is treated at the royal free hospital", 0.6),
        (
            "Quiz night is the second Tuesday of the month at the Crown",
            "quiz night 3rd tues of the month at the crown",
            0.6,
        ),
        # another city
        ("Brother is based in Glasgow", "my brother lives in edinburgh", 0.6),
        # fewer days than the working week
        ("Works in the office on weekdays", "in the office mon-thu", 0.6),
        # another day, with slashes
        ("The boiler service is due on 22 September", "boiler service due 23/09", 0.6),
        # another number of times, another share
        ("Feed the rabbit twice a day", "feed the rabbit 3x a day", 0.6),
        (
            "The gas bill is split 50/50 with my brother",
            "my brother and i split the gas bill 60/40",
            0.6,
        ),
        # a side of its own, or fewer days than the entry's
        (
            "Fairfield Leisure Centre pool on Mondays",
            "honestly fairfield leisure centre pool is closed on mondays",
            0.6,
        ),
        ("Works from home on Mondays and Fridays", "wfh only on mondays", 0.6),
        # every other week is not every week
        (
            "The bins go out every other Thursday",
            "like i said the bins go out thursdays, every week",
            0.6,
        ),
        # a "not" inside the filler's words
        ("Works from home on Fridays", "honestly i dont wfh on fridays", 0.6),
        # a verb that says little is no repeat by words alone
        ("Allergic to penicillin - gets a rash", "alergic to penicilin, brings on a rash", None),
    ],
)
def test_a_text_with_something_of_its_own_is_no_repeat(entry, said, meaning):
    got = _label(entry, said, meaning=meaning)
    assert got.label != "repeat", got.reason


def test_chat_short_forms_are_read_as_what_they_say():
    assert mend("wfh weds, 45mins each way") == "work from home weds, 45 minutes each way"
    assert {"wd:1", "wd:5"} <= analyze("in the office mon + fri").values
    assert {"t:18:00", "t:19:30"} <= analyze("brownies 6-7:30pm").values
    assert {"t:11:00", "t:13:00"} <= analyze("lunch cover 11-1pm").values
    assert "mo:9" in analyze("the half marathon in sept").values
    assert {"d:22", "mo:9"} <= analyze("passport renewal due 22/09").values
    assert {"d:22", "mo:9", "y:2027"} <= analyze("lease ends on 9/22/27").values
    assert not {"d:3", "mo:4", "d:4", "mo:3"} & analyze("due 3/4").values  # either way round
    assert mend("rent 700 pcm, she's 3yo") == "rent 700 a month, she's 3 years old"
