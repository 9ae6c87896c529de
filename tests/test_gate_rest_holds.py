"""A change said with what stays the same ("thursdays now, still with Mr Pike"), an ending said
as people say it ("done for good", "packed in"), and a change from a term on ("from next
semester") update the entry they are about; the same words without a change do not."""

from __future__ import annotations

import pytest

from memctl.gate.labeler import Known, decide
from memctl.gate.reading import analyze
from memctl.gate.remains import rest_holds

CLOSE = 0.7  # the semantic path's closeness for a text about the entry


def _label(entry: str, said: str) -> str:
    known = [Known("people/family.md#^n1", entry, meaning=CLOSE)]
    return decide(said, trust="trusted", candidates=known, rules=[]).label


@pytest.mark.parametrize(
    ("entry", "said"),
    [
        (
            "Noah's football training is on Tuesdays after school at Oakfield Park",
            "got a text from the coach, noah's football is thursdays, still oakfield",
        ),
        (
            "Sofia's ballet class is Saturday mornings at the Queen Street studio",
            "mum says sofia's ballet is sunday mornings, still queen street",
        ),
        (
            "The quarterly review is held in March with the finance team in room 4",
            "had a note from hr, the quarterly review's in may, still room 4",
        ),
        (
            "The running club meets on Tuesdays at 7pm at the lido",
            "running club's done for good, hardly anyone was turning up",
        ),
        (
            "Omar works nights as a porter at the Grand Hotel",
            "omar packed in the porter job at the grand",
        ),
        (
            "Lena's piano lessons are on Wednesdays at 5pm",
            "lena's piano is on fridays from next semester",
        ),
    ],
)
def test_a_change_said_in_passing_updates_the_entry(entry, said):
    assert _label(entry, said) == "update"


@pytest.mark.parametrize(
    ("entry", "said"),
    [
        # the same thing said to still hold: nothing changed
        ("Our dentist is Dr Moss at Harbour Dental", "still going to dr moss at harbour dental"),
        # "still" of something the entry does not hold
        ("Yoga is on Mondays at the studio", "still thinking about a saturday class at the gym"),
    ],
)
def test_still_without_a_change_of_the_entry_updates_nothing(entry, said):
    assert _label(entry, said) != "update"


def test_what_is_said_to_still_hold_must_be_of_the_entry():
    entry = analyze("Theo's guitar lesson is on Mondays with Mr Pike")
    assert rest_holds(analyze("thursdays now, still with mr pike"), entry)
    assert not rest_holds(analyze("thursdays now, still no idea why"), entry)
    assert not rest_holds(analyze("mr pike is on thursdays now"), entry)


def test_an_entry_with_no_value_of_the_kind_changed_is_no_rival():
    """Another entry about as close in meaning leaves it unsure which one a change is of;
    not when it holds no value of the kind that changed (the day here)."""
    said = "got an email from the leisure centre, ella's swimming is fridays, still fairfield"
    lessons = Known(
        "kids.md#^n1", "Ella's swimming lessons are Wednesdays at Fairfield", meaning=0.62
    )
    friend = Known("kids.md#^n2", "Ella's best friend from swimming is Ruby", meaning=0.58)
    verdict = decide(said, trust="trusted", candidates=[lessons, friend], rules=[])
    assert (verdict.label, verdict.target) == ("update", lessons.key)
