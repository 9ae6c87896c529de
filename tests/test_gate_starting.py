"""A change said to start on a later day ("Starting January my gym membership costs 45 euros"):
until that day the old value is the current one and the new one is upcoming; from that day
on the new one holds and the old one is closed, with no command run on the day. Every reader
keeps it: the files, search, recall, asof, the gate's own candidates, `now`'s rules, and the
nightly job, which strikes the old line through once its day has come."""

from __future__ import annotations

from conftest import git

DECEMBER = {"MEMCTL_NOW": "2026-12-05T09:00"}
JANUARY = {"MEMCTL_NOW": "2027-01-02T09:00"}
OLD = "My gym membership costs 40 euros a month"
NEW = "Starting January my gym membership costs 45 euros a month"


def _told(cli) -> tuple[str, str]:
    old = cli.json("remember", OLD, "-s", "user", env=DECEMBER)["written"]["id"]
    done = cli.json("remember", NEW, "-s", "user", env=DECEMBER)
    assert done["label"] == "update"
    return old, done["written"]["id"]


def _line(ws, entry_id: str) -> str:
    text = (ws.root / "semantic/inbox.md").read_text(encoding="utf-8")
    return next(line for line in text.splitlines() if line.endswith(f"^{entry_id}"))


def _asked(cli, env: dict) -> dict:
    """What the gate looks at for a later word about the gym (nothing is written)."""
    said = "My gym membership costs 50 euros a month"
    return cli.json("remember", said, "-s", "user", "--explain", env=env)


def _found(cli, env, *more: str) -> dict[str, str]:
    hits = cli.json("search", "gym membership cost", *more, env=env)["results"]
    return {hit["id"]: hit["status"] for hit in hits}


def test_before_the_day_the_old_value_holds_and_the_new_one_is_upcoming(ws, cli):
    old, new = _told(cli)
    line = _line(ws, old)
    assert not line.startswith("- ~~"), line  # still true in December: not struck
    assert "until:2027-01-01" in line and f"superseded_by:{new}" in line and "why:" in line
    assert "from:2027-01-01" in _line(ws, new)

    hits = cli.json("search", "gym membership cost", env=DECEMBER)["results"]
    assert [(h["id"], h["status"]) for h in hits[:2]] == [(old, "active"), (new, "upcoming")]
    assert hits[1]["date"] == "2027-01-01"
    shown = cli("search", "gym membership cost", env=DECEMBER).stdout
    assert "upcoming · from 2027-01-01" in shown

    told = cli.json("recall", "how much does my gym membership cost?", env=DECEMBER)
    assert [p["id"] for p in told["pointers"]][:1] == [old]
    assert "40 euros" in told["text"]
    assert "upcoming, from 2027-01-01" in told["text"] or new not in told["text"]

    december = cli.json("asof", "2026-12-20", "-q", "gym", env=DECEMBER)["entries"]
    assert [e["id"] for e in december] == [old]
    assert cli.json("closed", env=DECEMBER)["entries"] == []

    # a later word about the gym still finds both lines
    assert {old, new} <= {c["id"] for c in _asked(cli, DECEMBER)["candidates"]}


def test_the_gate_says_the_old_line_closes_on_the_day(ws, cli):
    cli("remember", OLD, "-s", "user", env=DECEMBER)
    out = cli("remember", NEW, "-s", "user", env=DECEMBER).stdout
    assert "closes on 2027-01-01" in out
    assert "(closes ^" in git(ws, "log", "-1", "--format=%s") and "on 2027-01-01" in git(
        ws, "log", "-1", "--format=%s"
    )
    data = cli.json("remember", "The gym's sauna opens at 7", "-s", "user", env=DECEMBER)
    assert data["closed"] is None


def test_from_the_day_on_the_new_value_holds_and_the_old_is_closed(ws, cli):
    old, new = _told(cli)
    assert _found(cli, JANUARY) == {new: "active"}  # no file changed: the day came
    assert _found(cli, JANUARY, "--closed")[old] == "closed"
    told = cli.json("recall", "how much does my gym membership cost?", env=JANUARY)
    assert [p["id"] for p in told["pointers"]] == [new]
    january = cli.json("asof", "2027-01-05", "-q", "gym", env=JANUARY)["entries"]
    assert [e["id"] for e in january] == [new]
    assert [e["id"] for e in cli.json("closed", env=JANUARY)["entries"]] == [old]
    asked = _asked(cli, JANUARY)
    ids = {c["id"] for c in asked["candidates"]}
    assert new in ids and old not in ids
    assert asked["target"].endswith(f"^{new}")

    # the nightly job strikes it through, in its own commit
    assert not _line(ws, old).startswith("- ~~")
    night = cli.json("sleep", env={"MEMCTL_NOW": "2027-01-02T03:00"})
    assert night["struck"] == [f"semantic/inbox.md#^{old} (until 2027-01-01)"]
    assert _line(ws, old).startswith("- ~~") and "until:2027-01-01" in _line(ws, old)
    assert "semantic/inbox.md" in git(ws, "show", "--name-only", "--format=", "HEAD")
    assert f"semantic/inbox.md#^{old}" in (ws.root / "reports/2027-01-02.md").read_text()
    assert _found(cli, JANUARY) == {new: "active"}
    again = cli.json("sleep", env={"MEMCTL_NOW": "2027-01-03T03:00"})
    assert again["struck"] == []


def test_an_immediate_update_closes_the_old_line_today_as_before(ws, cli):
    old = cli.json("remember", OLD, "-s", "user", env=DECEMBER)["written"]["id"]
    done = cli.json(
        "remember", "My gym membership now costs 45 euros a month", "-s", "user", env=DECEMBER
    )
    assert done["label"] == "update" and done["closed"]["id"] == old
    assert done["closed"]["closed"] is True
    line = _line(ws, old)
    assert line.startswith("- ~~") and "until:2026-12-05" in line
    assert old not in _found(cli, DECEMBER)


def test_close_on_a_later_day_leaves_the_line_open_until_then(ws, cli):
    old = cli.json("remember", OLD, "-s", "user", env=DECEMBER)["written"]["id"]
    out = cli("close", old, "--reason", "cancelling it", "--on", "2027-01-01", env=DECEMBER)
    assert f"closes semantic/inbox.md#^{old} on 2027-01-01" in out.stdout
    assert not _line(ws, old).startswith("- ~~")
    assert _found(cli, DECEMBER) == {old: "active"}
    assert _found(cli, JANUARY) == {}
    cli("close", old, "--reason", "again", env=JANUARY, code=3)  # already closed by then


def test_a_rule_that_starts_later_is_not_in_force_until_its_day(ws, cli):
    cli("new", "rules/deploy")
    cli(
        "add",
        "rules/deploy",
        "Never deploy on Fridays",
        "-k",
        "RULE",
        "-s",
        "user",
        "--from-date",
        "2027-01-01",
    )
    cli("add", "rules/deploy", "Always tag releases", "-k", "RULE", "-s", "user")
    before = [r["text"] for r in cli.json("now", "--full", env=DECEMBER)["rules"]]
    assert before == ["Always tag releases"]
    after = [r["text"] for r in cli.json("now", "--full", env=JANUARY)["rules"]]
    assert after == ["Never deploy on Fridays", "Always tag releases"]
    # and one closed on a later day binds until then
    tag = next(
        r["id"] for r in cli.json("now", "--full", env=JANUARY)["rules"] if "tag" in r["text"]
    )
    cli("close", tag, "--reason", "CI tags now", "--on", "2027-01-01", "-s", "user", env=DECEMBER)
    assert [r["id"] for r in cli.json("now", "--full", env=DECEMBER)["rules"]] == [tag]
    assert tag not in [r["id"] for r in cli.json("now", "--full", env=JANUARY)["rules"]]
