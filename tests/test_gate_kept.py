"""Opposite choices of one thing: keeping it is the other side of selling it ("we'll keep the
caravan" for "planning to sell the caravan"). Close in meaning to two entries alike, the text
changes the one whose side it turns. The closeness in meaning is given (as the semantic path
would), the labeler reads the rest."""

from __future__ import annotations

import pytest

from memctl.gate.labeler import Known, decide


def _label(said: str, *entries: tuple[str, float]) -> tuple[str, str | None]:
    known = [Known(f"n{i}", text, meaning=m) for i, (text, m) in enumerate(entries, 1)]
    got = decide(said, trust="trusted", candidates=known, rules=[])
    return got.label, got.target


CARAVAN = (("Planning to sell the caravan next year", 0.6), ("The caravan is at Hill Farm", 0.6))


@pytest.mark.parametrize(
    "said",
    [
        "We'll keep the caravan another summer",
        "Holding on to the caravan, we'll keep it one more season",
        "decided we're keeping the caravan",
    ],
)
def test_keeping_what_was_to_be_sold_changes_the_plan(said):
    """Each was new: as close in meaning to where the caravan is kept."""
    assert _label(said, *CARAVAN) == ("update", "n1")


@pytest.mark.parametrize(
    ("said", "entries"),
    [
        ("We'll paint the caravan another summer", CARAVAN),  # no side turned
        # the side of both turned: which one it changes, nothing tells
        (
            "We'll keep the caravan another summer",
            (("Planning to sell the caravan next year", 0.6), ("Planning to sell the boat", 0.6)),
        ),
    ],
)
def test_no_side_turned_or_both_leaves_it_new(said, entries):
    assert _label(said, *entries)[0] == "new"
