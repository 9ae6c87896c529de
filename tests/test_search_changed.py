"""A later line that says something changed ranks above the earlier line it changes (raw logs
and notes keep both sides of a change; the question asked of them is what holds now)."""

from __future__ import annotations

import datetime as dt

import pytest

from conftest import TODAY
from memctl.daily import append_log
from memctl.search.rank import search


def first(ws, query: str) -> str:
    return search(ws, query, today=TODAY, semantic=False).hits[0].text


def logged(ws, *lines: tuple[str, str, str]) -> None:
    for day, title, text in lines:
        append_log(ws, title, text, now=dt.datetime.fromisoformat(f"{day}T09:00"))


CLUB = ("2026-03-02", "Book club", "Book club meets at the Crown pub on the first Thursday")
ON_CALL = ("2026-09-07", "Rota", "Dev is on call for the payments service this week")
PHYSIO = ("2026-04-03", "Oma", "Oma's physio day at the Lindenhof clinic is Tuesday")

CHANGES = [
    (
        CLUB,
        ("2026-06-11", "Book club", "Book club moves to Maya's flat from July, same Thursdays"),
        "where does book club meet on Thursdays?",
        "Maya's flat",
    ),
    (
        ON_CALL,
        ("2026-09-08", "Rota", "Priya took over the payments on-call from Dev this week"),
        "who is on call for the payments service this week?",
        "Priya",
    ),
    (
        PHYSIO,
        ("2026-05-19", "Oma", "The Lindenhof clinic switched Oma's physio to Fridays"),
        "which day is Oma's physio at the Lindenhof clinic?",
        "Fridays",
    ),
]


@pytest.mark.parametrize(("before", "after", "query", "answer"), CHANGES)
def test_the_later_change_comes_first(ws, before, after, query, answer):
    logged(ws, before, after)
    assert answer in first(ws, query)


@pytest.mark.parametrize(
    "after",
    [
        "Book club at the Crown on Thursday was lovely, we read Piranesi",
        "Book club met at the Crown on Thursday, we read Piranesi",
    ],
)
def test_a_later_line_without_words_of_change_keeps_its_place(ws, after):
    logged(ws, CLUB, ("2026-06-11", "Book club", after))
    assert "first Thursday" in first(ws, "where does book club meet on Thursdays?")


def test_a_change_from_an_earlier_day_does_not_go_above_a_later_line(ws):
    logged(ws, ("2026-09-01", "Rota", "Priya took over the payments on-call from Dev"), ON_CALL)
    assert first(ws, "who is on call for the payments service this week?").endswith(ON_CALL[2])


def test_a_change_to_something_else_of_the_same_place_stays_below(ws):
    logged(ws, PHYSIO, ("2026-05-19", "Oma", "Oma's physio clinic moved its car park"))
    assert "Tuesday" in first(ws, "which day is Oma's physio at the Lindenhof clinic?")


def test_a_long_entry_that_mentions_a_change_somewhere_keeps_its_place(ws):
    # a meeting's notes or a whole chat in one entry: some change is said in it, of something
    notes = (
        "Residents' meeting notes. The bins moved to Wednesdays. Book club still meets on "
        "Thursdays, numbers are up and we might need a bigger room. The summer fete needs "
        "volunteers for the cake stall and the raffle, and Tom offered to run the barbecue "
        "again. Parking on the close is getting worse; someone will write to the council. "
        "The hedge by the playground needs cutting before the fete, and the noticeboard "
        "wants a new lock."
    )
    assert len(notes.split()) > 60
    logged(ws, CLUB, ("2026-06-11", "Residents", notes))
    assert "first Thursday" in first(ws, "where does book club meet on Thursdays?")
