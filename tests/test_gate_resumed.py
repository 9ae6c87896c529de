"""A person let go: a change of what an entry on file says, in words the gate read as something
new."""

from __future__ import annotations

import pytest

from conftest import NOW, file_entry, open_lines
from memctl.gate.remember import remember
from memctl.lexicon import one_word


def _told(ws, entry: str, said: str) -> str:
    file_entry(ws, "semantic/me", entry)
    return remember(ws, said, source="user", now=NOW).value.label


@pytest.mark.parametrize(
    ("entry", "said"),
    [
        ("Our cleaner Rosa comes on Wednesdays", "We let Rosa go last week"),
        ("Jon does our bookkeeping every quarter", "We're letting Jon go after this quarter"),
    ],
)
def test_a_person_let_go_ends_what_they_did(ws, entry, said):
    assert _told(ws, entry, said) == "update"
    assert entry not in open_lines(ws, "semantic/me")


def test_letting_someone_go_somewhere_ends_nothing():
    assert (
        one_word("she let her daughter go to the party") == "she let her daughter go to the party"
    )
    assert one_word("we let the plumber go, he was useless").startswith("we fired the plumber")
