"""Facts closed in time: struck through with until and why; asof answers what held when."""

from __future__ import annotations

import datetime as dt

import pytest

from conftest import TODAY, git
from memctl.errors import InvalidValue, NotFound, Refused
from memctl.forgetting.closing import close_entry, closed_entries, entries_as_of
from memctl.longterm import add_entry, new_note


@pytest.fixture
def call(ws):
    new_note(ws, "episodic/calls", title="Calls", today=dt.date(2026, 3, 1))
    ref = add_entry(
        ws,
        "episodic/calls",
        "the call with Brian is on Wednesday",
        kind="FACT",
        from_date="2026-03-01",
        today=dt.date(2026, 3, 1),
    ).value
    return ref


def test_close_keeps_the_line_struck_through(ws, call):
    outcome = close_entry(
        ws, call.entry.id, reason="moved to Thursday", on=dt.date(2026, 3, 10), today=TODAY
    )
    line = (ws.root / call.path).read_text().splitlines()[call.entry.line - 1]
    assert line.startswith("- ~~[🟡MED][FACT] added:2026-03-01 from:2026-03-01 until:2026-03-10")
    assert 'why:"moved to Thursday"' in line and line.endswith(f"~~ ^{call.entry.id}")
    assert outcome.value.entry.closed
    assert git(ws, "log", "-1", "--format=%s").startswith("memctl close: episodic/calls.md#^")


def test_asof_answers_what_was_known_when(ws, call):
    close_entry(ws, call.entry.id, reason="moved", on=dt.date(2026, 3, 10), today=TODAY)
    march_5 = entries_as_of(ws, dt.date(2026, 3, 5), query="brian").entries
    assert [h.entry.id for h in march_5] == [call.entry.id]
    assert entries_as_of(ws, dt.date(2026, 3, 10)).entries == []
    assert entries_as_of(ws, dt.date(2026, 2, 1)).entries == []  # not yet recorded
    assert [h.entry.id for h in closed_entries(ws, today=TODAY).entries] == [call.entry.id]


def test_closing_twice_or_without_reason_or_before_it_held_is_refused(ws, call):
    with pytest.raises(InvalidValue, match="reason"):
        close_entry(ws, call.entry.id, reason="  ", today=TODAY)
    with pytest.raises(InvalidValue, match="holds from 2026-03-01"):
        close_entry(ws, call.entry.id, reason="x", on=dt.date(2026, 2, 1), today=TODAY)
    close_entry(ws, call.entry.id, reason="x", today=TODAY)
    with pytest.raises(Refused, match="already closed"):
        close_entry(ws, call.entry.id, reason="again", today=TODAY)
    with pytest.raises(NotFound):
        close_entry(ws, "zzzz", reason="x", today=TODAY)


def test_closed_entries_leave_now_health_and_show_in_closed(ws, call, cli):
    cli("close", call.entry.id, "--reason", "moved", "--on", "2026-03-10")
    out = cli("closed").stdout
    assert "the call with Brian" in out
    assert cli.json("asof", "2026-03-05")["entries"][0]["id"] == call.entry.id


def test_asof_and_closed_find_a_word_written_with_or_without_its_hyphen(cli):
    """`asof -q "stand-up"` found nothing where the entry said "Standup"."""
    cli("new", "semantic/work")
    cli("add", "semantic/work", "Standup is at 10 in the Café")
    cli("add", "semantic/work", "The e-mail goes out on Fridays")
    for query in ("stand-up", "STANDUP", "cafe", "email", "e-mail"):
        assert cli.json("asof", "today", "-q", query)["entries"], query
    assert not cli.json("asof", "today", "-q", "stand-down")["entries"]
