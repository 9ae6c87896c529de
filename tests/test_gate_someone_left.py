"""Someone an entry names left, said with who is there now in words other than "replacement":
"dr okafor retired so i'm seeing dr patel now", "keith's gone from brennan, our contact there is
aisha rahman". The entry is updated and the role carried without the one who left."""

from __future__ import annotations

import pytest

from conftest import NOW, file_entry
from memctl.gate.remember import remember


@pytest.mark.parametrize(
    ("on_file", "said", "kept"),
    [
        (
            "Accountant is Mr. Jenkins at Jenkins & Co",
            "mr jenkins retired, so we're seeing mrs ali now for the accounts",
            "Jenkins & Co",
        ),
        (
            "Main contact at Halden Freight is Tom Price",
            "tom's gone from halden, our contact there is sara lind",
            "Halden Freight",
        ),
        (
            "GP is Dr. Moreau at the Elm Street surgery",
            "dr moreau has moved on, i'm seeing dr shah now",
            "Elm Street surgery",
        ),
    ],
)
def test_someone_gone_with_another_there_now_updates_the_entry(ws, on_file, said, kept):
    entry = file_entry(ws, "people/contacts", on_file)
    file_entry(ws, "people/contacts", "Halden Freight pays on 60-day terms")
    result = remember(ws, said, source="user", now=NOW).value
    assert result.label == "update", result.reason
    assert result.closed.entry.id == entry
    assert kept in result.written.entry.text


@pytest.mark.parametrize(
    "said",
    [
        "tom left early so sara took the notes",  # left a place, not the role
        "tom's gone from halden's office for the day, back tomorrow",
        "is tom leaving halden? sara says so",  # a question
    ],
)
def test_someone_leaving_a_place_or_asked_about_is_no_successor(ws, said):
    file_entry(ws, "people/contacts", "Main contact at Halden Freight is Tom Price")
    result = remember(ws, said, source="user", now=NOW).value
    assert result.label == "new", result.reason


@pytest.mark.parametrize(
    ("on_file", "said"),
    [
        ("Our contact at Brennan is Keith Moreno", "keith retired, he lives in Spain now"),
        (
            "Dentist is Dr Okafor at Bright Smile Dental",
            "dr okafor retired, she's seeing more of her grandkids now",
        ),
        ("Our contact at Brennan is Keith Moreno", "keith's gone from brennan, he's happier now"),
    ],
)
def test_someone_gone_with_no_one_named_in_their_place_has_no_successor(ws, on_file, said):
    """A "now" or a "seeing" alone named a successor: "keith retired, he lives in Spain now"
    was read as Spain in Keith's place, and its line carried "Our contact at Brennan"."""
    file_entry(ws, "people/contacts", on_file)
    result = remember(ws, said, source="user", now=NOW).value
    assert "in their place" not in result.reason
