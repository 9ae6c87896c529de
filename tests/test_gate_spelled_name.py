"""A name spelled anew on its own ("typo: her name is Szymanski"): the text shares no word with
the entry that holds the name ("The piano teacher is Mrs Szymanska"), so the survey of the
workspace found nothing to correct and the text was filed as new. A text that says it corrects
something now finds the entry that holds one of its names spelled another way, and the entry
is written again with the name as the user spells it."""

from __future__ import annotations

import pytest

from conftest import NOW, file_entry
from memctl.gate.remember import remember

ON_FILE = (
    "The kids' piano teacher is Mrs Szymanska, Tuesdays at 4",
    "Our plumber is Gary Whitmore, 07700 900456",
    "Piano lessons cost 30 a session",
)


def _file(ws) -> list[str]:
    return [file_entry(ws, "semantic/home", text) for text in ON_FILE]


@pytest.mark.parametrize(
    ("said", "at", "written"),
    [
        (
            "typo: her name is Szymanski",
            0,
            "The kids' piano teacher is Mrs Szymanski, Tuesdays at 4",
        ),
        (
            "sorry, I misspelled her name, it's Szymanski",
            0,
            "The kids' piano teacher is Mrs Szymanski, Tuesdays at 4",
        ),
        ("typo earlier, it's Whittmore", 1, "Our plumber is Gary Whittmore, 07700 900456"),
    ],
)
def test_a_name_spelled_anew_alone_corrects_the_entry_that_holds_it(ws, said, at, written):
    ids = _file(ws)
    result = remember(ws, said, source="user", now=NOW).value
    assert result.label == "correction", result.reason
    assert result.closed.entry.id == ids[at]
    # the entry as it was, the name as the user spells it now
    assert result.written.entry.text == written


@pytest.mark.parametrize(
    "said",
    [
        "Szymanski from the music school called about the recital",  # no word of correction
        "Whitman's van is blocking the drive",
    ],
)
def test_a_like_name_without_a_word_of_correction_is_someone_else(ws, said):
    _file(ws)
    result = remember(ws, said, source="user", now=NOW).value
    assert result.label == "new", result.reason
    assert result.closed is None
