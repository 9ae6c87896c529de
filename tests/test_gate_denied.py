"""A text that opens by saying no to what is on file ("Nah, it's due in March") says the entry
was wrong, as "actually" does; beside a change said in words ("No, it moved"), or where no "no"
opens it, it is read as before. Read by words alone (the labeler, without the semantic path)."""

from __future__ import annotations

import pytest

from memctl.gate.labeler import Known, decide

BOILER = "The boiler service is due in February"


def _label(said: str, entry: str = BOILER) -> str:
    return decide(said, trust="trusted", candidates=[Known("n1", entry)], rules=[]).label


@pytest.mark.parametrize(
    "said",
    [
        "Nah, the boiler service is due in March",
        "nope - the boiler service is due in March",
        "No! The boiler service is due in March",
    ],
)
def test_saying_no_first_corrects_the_entry(said):
    """Each was read as the world changed (an update)."""
    assert _label(said) == "correction"


@pytest.mark.parametrize(
    ("said", "label"),
    [
        ("No, the boiler service moved to March", "update"),  # a change said in words
        ("the boiler service is due in March now", "update"),
        ("Nobody told me, but the boiler service is due in March now", "update"),
    ],
)
def test_a_no_that_opens_a_change_or_the_statement_is_read_as_before(said, label):
    assert _label(said) == label
