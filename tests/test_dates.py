"""Dates typed on the command line: YYYY-MM-DD, or a day said as people say one."""

from __future__ import annotations

import datetime as dt

import pytest

from memctl.dates import given_date, parse_date, said_day
from memctl.errors import InvalidValue

MONDAY = dt.date(2026, 11, 30)  # the tests' clock (conftest.NOW)


@pytest.mark.parametrize(
    ("said", "ahead", "back"),
    [
        ("today", "2026-11-30", "2026-11-30"),
        ("Tomorrow", "2026-12-01", "2026-12-01"),
        ("yesterday", "2026-11-29", "2026-11-29"),
        ("friday", "2026-12-04", "2026-11-27"),
        ("Fri", "2026-12-04", "2026-11-27"),
        ("next friday", "2026-12-04", "2026-12-04"),
        ("last friday", "2026-11-27", "2026-11-27"),
        ("monday", "2026-12-07", "2026-11-23"),  # today is a Monday: the next one, or the last
        ("this monday", "2026-11-30", "2026-11-30"),
        ("on  Wednesday", "2026-12-02", "2026-11-25"),
        ("3d", "2026-12-03", "2026-11-27"),
        ("2w", "2026-12-14", "2026-11-16"),
        ("2 weeks", "2026-12-14", "2026-11-16"),
        ("in 2 weeks", "2026-12-14", "2026-12-14"),
        ("in a month", "2026-12-30", "2026-12-30"),
        ("+1m", "2026-12-30", "2026-12-30"),
        ("-2d", "2026-11-28", "2026-11-28"),
        ("3 days ago", "2026-11-27", "2026-11-27"),
        ("2 weeks from now", "2026-12-14", "2026-12-14"),
        ("next month", "2026-12-30", "2026-12-30"),
        ("1y", "2027-11-30", "2025-11-30"),
    ],
)
def test_days_said_as_people_say_them(said, ahead, back):
    assert str(said_day(said, MONDAY)) == ahead
    assert str(said_day(said, MONDAY, ahead=False)) == back
    assert str(given_date(said, what="--expires", today=MONDAY)) == ahead


def test_a_month_on_from_a_long_month_is_the_short_months_last_day():
    assert said_day("1m", dt.date(2026, 1, 31)) == dt.date(2026, 2, 28)
    assert said_day("1y", dt.date(2028, 2, 29)) == dt.date(2029, 2, 28)
    assert said_day("-1m", dt.date(2026, 3, 31)) == dt.date(2026, 2, 28)


@pytest.mark.parametrize("said", ["someday", "in 2 fortnights", "friday week", "3", "2026-02-30"])
def test_anything_else_is_refused_naming_the_option(said):
    with pytest.raises(InvalidValue, match=r"^--expires .* is not a date: give YYYY-MM-DD"):
        given_date(said, what="--expires", today=MONDAY)


def test_a_file_s_dates_stay_dates_in_full():
    """Only what is typed is read as said: a note's `expires: tomorrow` is an error, as ever,
    or its meaning would move every day."""
    with pytest.raises(InvalidValue, match="not a real date"):
        parse_date("tomorrow")


def test_every_door_that_takes_a_day_reads_one_said(cli, ws):
    """remember, add, new, graph add/close, search, asof, close --on: the clock is Monday
    2026-11-30."""
    cli("remember", "The parking permit runs out", "--source", "user", "--expires", "in 2 weeks")
    cli("add", "semantic/inbox.md", "The depot gate code is at the office", "--expires", "friday")
    cli("new", "semantic/bins.md", "--expires", "next month")
    cli("add", "semantic/inbox.md", "Lena started at the bakery", "--from-date", "last monday")
    inbox = (ws.root / "semantic" / "inbox.md").read_text(encoding="utf-8")
    assert "expires:2026-12-14" in inbox and "expires:2026-12-04" in inbox
    assert "from:2026-11-23" in inbox
    assert "expires: 2026-12-30" in (ws.root / "semantic" / "bins.md").read_text(encoding="utf-8")
    added = cli.json("graph", "add", "Lena", "works at", "Bakery", "--from", "2w")
    assert added["relation"]["fields"]["from"] == "2026-11-16"
    closed = cli.json(
        "graph", "close", added["relation"]["id"], "--reason", "moves", "--until", "in 3 days"
    )
    assert closed["relation"]["fields"]["until"] == "2026-12-03"
    assert cli.json("search", "parking permit", "--since", "7d")["results"]
    assert not cli.json("search", "parking permit", "--until", "3 days ago")["results"]
    assert "parking permit" in cli("asof", "today").stdout
    error = cli("search", "parking", "--since", "a while back", code=1).stderr
    assert error.count("\n") == 1 and "--since 'a while back' is not a date" in error
