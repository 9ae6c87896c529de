"""What memory holds, said to be otherwise ("you've got Pepper as 7 but she's 9") corrects the
entry; a round that moves to days the entry does not name updates it, where a change on some
of the entry's own days leaves the rest standing."""

from __future__ import annotations

import pytest

from memctl.gate.labeler import Known, decide
from memctl.language.cues import MIXED_UP

CLOSE = 0.7  # the semantic path's closeness for a text about the entry


def _label(entry: str, said: str) -> str:
    known = [Known("home/notes.md#^n1", entry, meaning=CLOSE)]
    return decide(said, trust="trusted", candidates=known, rules=[]).label


@pytest.mark.parametrize(
    ("entry", "said", "label"),
    [
        (
            "Pepper (our cat) is 7 years old",
            "you've got pepper as 7 but she's 9, the vet checked her teeth",
            "correction",
        ),
        (
            "The boiler is a Vaillant ecoTEC, serviced every autumn",
            "you have the boiler down as a vaillant, it's a baxi",
            "correction",
        ),
        (
            "The green bin goes out on Monday night for Tuesday collection",
            "they changed the round, its wednesday collection now so the bin goes out tues night",
            "update",
        ),
    ],
)
def test_said_otherwise_in_passing(entry, said, label):
    assert _label(entry, said) == label


def test_a_change_on_some_of_the_entrys_own_days_leaves_the_rest():
    entry = "Swimming club is Mondays and Wednesdays at 6pm"
    assert _label(entry, "swimming's 6:30 on wednesdays now") == "new"  # Mondays still hold


@pytest.mark.parametrize(
    "said",
    [
        "you've got the same taste as me, lol",
        "you have a meeting as usual, it's at 3",
        "you got it as a present, right?",
    ],
)
def test_you_have_as_without_a_contrast_says_no_mistake(said):
    assert MIXED_UP.search(said) is None
