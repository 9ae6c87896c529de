"""Is memory used? The local usage log, `memctl stats`, and doctor's warning when reading stops."""

from __future__ import annotations

from conftest import git
from memctl.usage import USAGE_LOG, events, record


def day(d: int, hour: str = "09:00") -> dict:
    return {"MEMCTL_NOW": f"2026-11-{d:02d}T{hour}"}


def fill(cli) -> str:
    cli("new", "lessons/forms", "-t", "Forms")
    added = cli.json(
        "add",
        "lessons/forms",
        "The tax form is at https://tax.example.gov/f7",
        "--when",
        "the link we used last time",
    )
    return added["id"]


def test_every_read_is_one_line_and_never_committed(ws, cli):
    entry = fill(cli)
    cli("now")
    cli("search", "tax form")
    cli("recall", "get me the link we used last time")
    cli("recall", "thanks")
    cli("show", entry)
    log = events(ws.root)
    assert [e["cmd"] for e in log] == ["now", "search", "recall", "recall", "show"]
    assert all(e["t"] == "2026-11-30T09:00" for e in log)
    assert log[2]["n"] >= 1 and log[2]["read"][0].startswith("lessons/forms.md:")
    assert log[3]["n"] == 0 and "read" not in log[3]
    assert log[4]["read"] == [f"lessons/forms.md:{log[2]['read'][0].split(':')[1]}"]
    text = (ws.root / USAGE_LOG).read_text()
    assert "tax form" not in text and "link we used" not in text  # no query is kept
    assert git(ws, "status", "--porcelain", "--ignored", USAGE_LOG).startswith("!!")
    assert USAGE_LOG not in git(ws, "ls-files")


def test_stats_per_day(ws, cli):
    fill(cli)
    cli("now", env=day(28))
    cli("recall", "get me the link we used last time", env=day(28, "09:01"))
    cli("log", "Worked on forms", env=day(28, "10:00"))
    cli("now", env=day(29))
    cli("now", env=day(29, "14:00"))
    cli("search", "forms", env=day(29))
    cli("recall", "good morning", env=day(29))
    found = cli.json("stats", "--days", "3", env=day(30))
    by_day = {d["day"]: d for d in found["days"]}
    assert list(by_day) == ["2026-11-28", "2026-11-29", "2026-11-30"]
    assert by_day["2026-11-28"] | {"read": None} == {
        "day": "2026-11-28",
        "sessions": 1,
        "searches": 0,
        "recalls": 1,
        "recalls_found": 1,
        "shows": 0,
        "logged": 1,
        "read": None,
    }
    assert (by_day["2026-11-29"]["sessions"], by_day["2026-11-29"]["searches"]) == (2, 1)
    assert (by_day["2026-11-29"]["recalls"], by_day["2026-11-29"]["recalls_found"]) == (1, 0)
    assert found["most_read"][0]["address"].startswith("lessons/forms.md:")
    assert found["last_read"] == "2026-11-29"
    table = cli("stats", "--days", "3", env=day(30)).stdout
    assert table.splitlines()[0].split()[:4] == ["Day", "Sessions", "Searches", "Recalls"]
    assert "read most: lessons/forms.md:" in table


def test_doctor_warns_when_the_agent_stopped_reading(ws, cli):
    cli("now", env=day(10))
    cli("log", "Day one", env=day(10, "10:00"))
    for d in (16, 20, 24):
        cli("log", "Still writing", env=day(d))
    report = cli.json("doctor", env=day(24))
    [warning] = [f for f in report["findings"] if f["code"] == "memory-unread"]
    assert "since 2026-11-10" in warning["message"] and "3 daily log(s)" in warning["message"]
    assert "hooks install" in warning["fix"]
    cli("search", "writing", env=day(24, "11:00"))
    codes = [f["code"] for f in cli.json("doctor", env=day(24))["findings"]]
    assert "memory-unread" not in codes


def test_recording_never_fails_the_read(tmp_path):
    import datetime as dt

    record(tmp_path / "no-such-workspace", "now", at=dt.datetime(2026, 11, 30, 9))
    assert events(tmp_path / "no-such-workspace") == []
