"""An amount changed in the words people say it in: a number in words ("one and a half
scoops"), after a word of change ("cut him down to …"), for the entry that counts the same thing
even when another entry shares more of the text's words (the vet's, for the vet's advice); and
a value said to be the only one after it ("fridays only")."""

from __future__ import annotations

import pytest

from conftest import NOW, file_entry
from memctl.gate.meant import measures
from memctl.gate.reading import analyze
from memctl.gate.remember import remember

BISCUIT = (
    "Biscuit eats 2 scoops of the salmon kibble, morning and night",
    "Biscuit's vet is Dr. Lindqvist at Paws & Co",
    "Biscuit is due for boosters in May",
)
SCREENS = ("Kids get 2 hours of screen time on weekdays", "Kids' bedtime is 8pm on school nights")
PHYSIO = (
    "Dad's physio is Tuesdays and Fridays at 11 at the leisure centre",
    "Dad's cardiologist is Dr. Feld at St Mary's",
)


def _file(ws, entries: tuple[str, ...]) -> list[str]:
    return [file_entry(ws, "semantic/home", text) for text in entries]


@pytest.mark.parametrize(
    ("values", "said"),
    [
        ({"n:1.5"}, "one and a half scoops"),
        ({"n:2.5"}, "two and a half hours"),
        ({"n:4.5"}, "4 and a half miles"),
        ({"t:01:30"}, "half past one"),  # a time, as before
    ],
)
def test_a_number_and_a_half_is_read_as_one_value(values, said):
    assert analyze(said).values == frozenset(values)


def test_what_a_number_counts_is_the_word_after_it():
    assert measures("biscuit eats 2 scoops of the salmon kibble") == {"scoop"}
    assert measures("cut down to one and a half scoops") == {"scoop"}
    assert measures("apoquel 16mg daily") == {"mg"}
    # what stands after a number that counts nothing
    assert measures("at 11 at the leisure centre") == frozenset()
    assert measures("one of the kids") == frozenset()


@pytest.mark.parametrize(
    ("on_file", "said", "target"),
    [
        # the vet's entry shares more words ("vet", "biscuit"); the scoops' entry counts the same
        (BISCUIT, "vet wants biscuit cut down to one and a half scoops, he's getting chunky", 0),
        (BISCUIT, "vet said cut biscuit back to one and a half scoops, hes a bit chonky", 0),
        (SCREENS, "we cut the kids' screen time down to one hour on weekdays", 0),
        (SCREENS, "kids are down to one and a half hours of screens on weekdays", 0),
        (PHYSIO, "physio is down to fridays only", 0),
        (PHYSIO, "dad does his physio on fridays only", 0),
    ],
)
def test_an_amount_or_a_day_changed_in_words_updates_the_entry_that_counts_it(
    ws, on_file, said, target
):
    ids = _file(ws, on_file)
    result = remember(ws, said, source="user", now=NOW).value
    assert result.label == "update", result.reason
    assert result.closed.entry.id == ids[target]


@pytest.mark.parametrize(
    "said",
    [
        "Miso eats one and a half scoops of the renal food",  # another pet counts scoops too
        "buy a bag of salmon kibble, we're down to 2 scoops",  # what is left in the bag
        "the vet's fee went up to 60 pounds",
    ],
)
def test_the_same_count_of_another_thing_is_new(ws, said):
    _file(ws, BISCUIT)
    result = remember(ws, said, source="user", now=NOW).value
    assert result.label == "new", result.reason
    assert result.closed is None
