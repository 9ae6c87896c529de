"""What the write gate writes once it has the label right: a correction of one word keeps the
rest of the entry, a new number closes only the entry of the same person, a change to one norm
of a rule keeps its others, a new weekday drops the old calendar date, and a repeat in other
words restates nothing. Each through `remember` on a real workspace."""

from __future__ import annotations

import pytest

from conftest import NOW
from memctl.gate.remember import remember
from memctl.note import read_note


def open_texts(ws) -> list[str]:
    return [
        e.text
        for path in sorted(ws.root.rglob("*.md"))
        if ".git" not in path.parts and path.parent != ws.root
        for e in read_note(path).entries()
        if not e.closed
    ]


@pytest.mark.parametrize(
    ("other", "said"),
    [
        ("Marco's number is 0176 5550 1234", "Joe the plumber's number is 0612 334 455"),
        ("Jan's number is 0176 5550 1234", "The babysitter's number is 0612 334 455"),
        ("Jun's number is 0176 5550 1234", "Sven the electrician's number is 0612 334 455"),
        ("May's email is may@posteo.de", "The landlord's email is rent@hausverwaltung.de"),
    ],
)
def test_a_number_of_someone_else_never_closes_a_persons_number(ws, other, said):
    """ "Joe the plumber's number is …" closed "Marco's number is …": Marco (Portuguese March),
    Jan and May were read as months that name no date, and dropped, so nothing on file named
    the person whose number it was."""
    remember(ws, "Our plumber is Jim from FlowRight", source="user", now=NOW)
    remember(ws, other, source="user", now=NOW)
    done = remember(ws, said, source="user", now=NOW).value
    assert done.closed is None or other not in done.closed.entry.text, done.reason
    assert other in open_texts(ws)


def test_a_month_said_as_a_date_is_still_a_date(ws):
    remember(ws, "The Lisbon trip starts on 3 Jan", source="user", now=NOW)
    moved = remember(ws, "The Lisbon trip got moved to 5 Jan", source="user", now=NOW).value
    assert moved.label == "update", moved.reason
