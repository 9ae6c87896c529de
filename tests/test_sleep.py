"""`memctl sleep`: generated weeks of logs consolidated, a missed night caught up, archive when
due, the morning report (committed, printed, never taken for a note), on the example workspace
too."""

from __future__ import annotations

import datetime as dt

import bench_sleep as bench
import pytest
from test_consolidate import write_log

from conftest import commit_count, git, run_memctl
from memctl.catalog import scan
from memctl.gate.remember import remember
from memctl.longterm import add_entry, new_note
from memctl.nightly import runs as nightly
from memctl.nightly.lessons import slip
from memctl.nightly.sleep import pending, sleep
from memctl.note import read_note
from memctl.search.rank import search

NIGHT = dt.datetime(2026, 11, 30, 3, 0)


def night(day: str) -> dt.datetime:
    return dt.datetime.fromisoformat(f"{day}T03:00")


def consolidation_commits(ws) -> list[str]:
    return [s for s in git(ws, "log", "--format=%s").splitlines() if "consolidate: daily" in s]


def test_a_generated_week_is_consolidated_and_reported_once(ws):
    marked = bench.write_logs(ws.root, days=7, entries=8, seed=4, today=NIGHT.date())
    git(ws, "add", "daily")
    git(ws, "commit", "-qm", "a week of logs")
    write_log(ws, "2026-11-30", ("01:00", "Today\nFACT: today's log waits for tomorrow night"))
    outcome = sleep(ws, now=NIGHT)
    done = outcome.value
    assert [d.day for d in done.days] == [f"2026-11-{n}" for n in range(23, 30)]
    assert sum(len(d.steps) for d in done.days) >= marked > 0
    assert len(consolidation_commits(ws)) == 7  # one commit per day: each can be undone alone
    report = (ws.root / "reports/2026-11-30.md").read_text()
    assert report == done.text and report.startswith("# Morning report — 2026-11-30\n")
    assert "consolidated 7 day(s) (2026-11-23 … 2026-11-29)" in report
    assert "## Promoted" in report and "src:web" in report  # two web lines, never promoted
    assert (
        git(ws, "log", "-1", "--format=%s").strip() == "memctl sleep: report reports/2026-11-30.md"
    )
    assert git(ws, "status", "--porcelain", "--untracked-files=no") == ""
    before = commit_count(ws)
    again = sleep(ws, now=NIGHT + dt.timedelta(hours=1)).value
    assert again.days == [] and commit_count(ws) == before + 1  # only the report's commit
    assert "no new log lines" in again.text
    assert (ws.root / "reports/2026-11-30.md").read_text().count("# Morning report") == 2
    assert [e["event"] for e in nightly.read_record(ws)].count("sleep") == 2


def test_a_missed_night_is_caught_up(ws):
    write_log(ws, "2026-11-26", ("09:00", "One\nFACT: the Lisbon office opens at 9"))
    sleep(ws, now=night("2026-11-27"))
    write_log(ws, "2026-11-27", ("09:00", "Two\nFACT: the Porto office opens at 10"))
    write_log(ws, "2026-11-28", ("09:00", "Three\nFACT: the Faro office opens at 11"))
    # the night of the 28th was missed; the next one catches up both days
    done = sleep(ws, now=night("2026-11-29")).value
    assert [d.day for d in done.days] == ["2026-11-27", "2026-11-28"]
    assert pending(ws, until=dt.date(2026, 11, 28)) == ([], [])
    inbox = (ws.root / "semantic/inbox.md").read_text()
    assert all(city in inbox for city in ("Lisbon", "Porto", "Faro"))


def test_the_archive_runs_when_a_week_has_passed(ws):
    new_note(ws, "lessons/tmp", title="Temporary", today=dt.date(2026, 11, 1))
    add_entry(
        ws,
        "lessons/tmp",
        "The sandbox is read-only this week",
        priority="low",
        expires="2026-11-20",
        today=dt.date(2026, 11, 1),
    )
    first = sleep(ws, now=night("2026-11-25")).value
    assert (
        first.archive == {"entries": 1, "files": 0}
        and (ws.root / ".archive/lessons/tmp.md").exists()
    )
    soon = sleep(ws, now=night("2026-11-28")).value
    assert soon.archive is None and "next on 2026-12-02" in soon.archive_note
    later = sleep(ws, now=night("2026-12-02")).value
    assert later.archive == {"entries": 0, "files": 0}


def test_reports_are_not_notes(ws):
    write_log(ws, "2026-11-29", ("09:00", "Anna\nFACT: Anna's birthday is on December 6"))
    sleep(ws, now=NIGHT)
    assert "reports/2026-11-30.md" in [f.path for f in scan(ws) if f.kind == "report"]
    assert "reports/" not in (ws.root / "INDEX.md").read_text()
    hits = search(ws, "Anna birthday December", today=NIGHT.date()).hits
    assert hits and not any(h.path.startswith("reports/") for h in hits)
    again = remember(ws, "Anna's birthday is on December 6", now=NIGHT).value
    assert again.label == "repeat" and again.verified.path == "semantic/inbox.md"


def test_the_report_names_slipped_lessons_and_what_checks_watched(ws, cli):
    new_note(ws, "rules/git", title="Git rules", today=NIGHT.date())
    rule = add_entry(
        ws, "rules/git", "Never force-push to main", kind="RULE", source="user", today=NIGHT.date()
    ).value.entry.id
    cli("lessons", "--apply", rule, "--check", "push --force")
    cli("guard", "git push --force origin main")
    slip(ws, rule, note="force-pushed after a rebase", now=NIGHT)
    slip(ws, rule, note="again", now=NIGHT)
    text = cli("sleep", env={"MEMCTL_NOW": "2026-11-30T04:00"}).stdout
    assert "## Lessons that slipped" in text and f"rules/git.md#^{rule} slipped 2×" in text
    assert f"memctl guard enforce {rule} --source user" in text
    assert "## Checks" in text and "1 action(s)" in text and '"push --force"' in text


def test_what_the_night_could_not_settle_is_in_the_report_with_the_commands(ws, cli):
    """A day's fact the gate cannot tell from a change of an entry is written as new beside it
    (nothing lost); the morning report names both and the exact commands, and the one that
    supersedes, run in the morning, closes the old entry."""
    import shlex

    new_note(ws, "people/anna", title="Anna", today=NIGHT.date())
    nuts = add_entry(ws, "people/anna", "Anna is allergic to nuts", today=NIGHT.date()).value
    write_log(ws, "2026-11-29", ("10:00", "dinner\nFACT: Anna is allergic to sesame src:user"))
    text = cli("sleep", env={"MEMCTL_NOW": "2026-11-30T04:00"}).stdout
    near = f"may replace people/anna.md#^{nuts.entry.id}"
    line = next(row for row in text.split("## To settle")[1].splitlines() if near in row)
    supersedes = line.split("`")[1]
    assert shlex.split(supersedes)[:3] == ["memctl", "remember", "Anna is allergic to sesame"]
    assert "--as-new" in line
    assert text.count(" may replace ") == 1  # listed once, under To settle, not again
    assert cli.json(*shlex.split(supersedes)[1:])["label"] == "update"
    anna = [e.text for e in read_note(ws.root / "people/anna.md").entries() if not e.closed]
    assert anna == ["Anna is allergic to sesame"]


def listed(text: str, section: str) -> int:
    """How many items a section of the report lists (0 when it has none)."""
    if f"## {section}" not in text:
        return 0
    body = text.split(f"## {section}", 1)[1].split("\n## ", 1)[0]
    return sum(1 for row in body.splitlines() if row.startswith("- "))


def test_the_report_summary_counts_what_its_lists_show(ws, cli):
    """Two facts written beside the ones they may replace: the summary says 2 to settle, as the
    "To settle" list shows, and 0 for a person, as there is no "Needs a person"."""
    write_log(
        ws,
        "2026-11-29",
        ("09:00", "Anna\nFACT: Anna is allergic to nuts"),
        ("09:30", "Bob\nFACT: Bob's car is a blue Volvo"),
        ("10:00", "Anna again\nFACT: Anna is allergic to sesame"),
        ("10:30", "Bob again\nFACT: Bob's car is a red Fiat"),
    )
    text = cli("sleep", env={"MEMCTL_NOW": "2026-11-30T04:00"}).stdout
    summary = text.splitlines()[2]
    assert listed(text, "To settle") == 2 and "2 to settle, 0 for a person" in summary
    assert listed(text, "Needs a person") == 0
    [day] = consolidation_commits(ws)
    assert day.endswith("0 closed, 2 to settle, 0 for a person")


def test_the_example_workspace_sleeps_in_a_real_process(example_ws):
    proc = run_memctl("-w", str(example_ws.root), "sleep", env={"MEMCTL_NOW": "2026-11-30T03:00"})
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert out.startswith("# Morning report — 2026-11-30")
    assert "consolidated 22 day(s) (2026-10-26 … 2026-11-29)" in out
    assert "committed" in proc.stderr and "memctl sleep: report" in proc.stderr
    assert "staging first, then prod one week later" in out  # held: the user's entry stands
    now_md = (example_ws.root / "NOW.md").read_text()
    assert "slides by December 1" in now_md
    # "DONE: sent Brian the … plan with the rollback section" does not name the task whole (it
    # never says "add"): the task stays, and the report names it with the command that ticks it
    task = "add a rollback section before sending it to Brian"
    assert f"- 🔄 {task}\n" in now_md
    assert f"may have finished \"{task}\": `memctl now done '{task}'` ticks it" in out
    assert "Updated: 2026-11-30 03:00" in now_md
    again = run_memctl(
        "-w", str(example_ws.root), "--json", "sleep", env={"MEMCTL_NOW": "2026-11-30T03:30"}
    )
    assert again.returncode == 0 and '"days": []' in again.stdout


def test_cron_schedules_the_nightly_job(ws, cli):
    cron = cli("cron").stdout
    assert f"-w {ws.root} sleep" in cron and "0 3 * * *" in cron


@pytest.mark.parametrize("flag", ["--llm"])
def test_sleep_with_llm_and_no_command_is_an_error(ws, cli, flag):
    write_log(ws, "2026-11-29", ("09:00", "One\nFACT: x y z"))
    assert "no model is set" in cli("sleep", flag, code=1).stderr


def test_an_unreadable_log_is_reported_and_the_night_goes_on(ws):
    write_log(ws, "2026-11-28", ("09:00", "One\nFACT: the Lisbon office opens at 9"))
    (ws.daily_dir / "2026-11-29.md").write_bytes(b"# 2026-11-29\n\n### 09:00 \xff\xfe broken\n")
    done = sleep(ws, now=NIGHT).value
    assert [d.day for d in done.days] == ["2026-11-28"]
    assert done.failed == [
        "daily/2026-11-29.md:3: not UTF-8 text; nothing in it was consolidated (`memctl doctor` "
        "lists every such line)"
    ]
    assert "not consolidated: daily/2026-11-29.md" in done.text


def test_a_catch_up_makes_no_commit_for_a_day_with_nothing_to_act_on(ws):
    for day in ("2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29"):
        facts = {
            "2026-11-26": "FACT: the Lisbon office opens at 9",
            "2026-11-29": "FACT: Anna's dentist is Dr. Costa",
        }
        body = facts.get(day, "Read the news, nothing to keep")
        write_log(ws, day, ("09:00", f"Morning\n{body}"))
    before = commit_count(ws)
    done = sleep(ws, now=NIGHT).value
    assert len(done.days) == 5
    made = git(ws, "log", "--format=%s", f"-{commit_count(ws) - before}").splitlines()
    assert [s for s in made if "consolidate" in s] == [
        "memctl consolidate: daily/2026-11-29.md: 1 item(s), 1 promoted, 0 repeat(s), 0 closed, "
        "0 for a person",
        "memctl consolidate: daily/2026-11-26.md: 1 item(s), 1 promoted, 0 repeat(s), 0 closed, "
        "0 for a person",
    ]
    assert git(ws, "show", "--stat", "--format=", "HEAD").count("nightly.jsonl") == 1
    assert set(nightly.days(ws)) == {
        "2026-11-25",
        "2026-11-26",
        "2026-11-27",
        "2026-11-28",
        "2026-11-29",
    }  # every day is recorded as read
    assert pending(ws, until=NIGHT.date())[0] == []
    before = commit_count(ws)
    assert sleep(ws, now=NIGHT + dt.timedelta(hours=1)).value.days == []
    assert commit_count(ws) == before + 1  # the second night: only its report


def test_the_night_lets_go_of_the_focus_items_done_on_an_earlier_day(ws, cli):
    """Today's Focus belongs to a day: the night after, what was done (✅) leaves it (the
    report says so; the day's commit keeps it), and what is not done yet stays the focus."""
    day = {"MEMCTL_NOW": "2026-12-07T08:00"}
    cli("now", "focus", "Call Acme about the Q1 contract", env=day)
    cli("now", "start", "Draft the report", env=day)
    cli("now", "done", "1", env=day)
    cli("log", "worked", "-m", "on the report", env=day)
    night = cli.json("sleep", env={"MEMCTL_NOW": "2026-12-08T03:00"})
    assert night["let_go"] == ["Draft the report"]
    assert "## Done, out of Today's Focus\n\n- Draft the report" in night["text"]
    focus = cli.json("now", env={"MEMCTL_NOW": "2026-12-08T09:00"})["now"]
    assert "Call Acme about the Q1 contract" in focus and "Draft the report" not in focus
    again = cli.json("sleep", env={"MEMCTL_NOW": "2026-12-08T03:30"})
    assert again["let_go"] == []


def test_a_log_line_that_clashes_with_a_rule_needs_a_person_with_the_commands(ws, cli):
    """The agent's log books what the user's rule forbids: listed once, under "Needs a person",
    with the two commands that settle it, and counted there."""
    cli("remember", "Never book me client calls before 10am", "--kind", "RULE", "-s", "user")
    write_log(ws, "2026-11-29", ("09:00", "Calls\nFACT: Booked a call with Orla for 9am Monday"))
    text = cli("sleep", env={"MEMCTL_NOW": "2026-11-30T04:00"}).stdout
    assert listed(text, "Needs a person") == 1 and listed(text, "To settle") == 0
    assert "1 for a person" in text.splitlines()[2]
    needs = text.split("## Needs a person", 1)[1]
    assert "--source user --from daily/2026-11-29.md:5 --kind FACT --supersedes 'rules/" in needs
    assert "--source agent --from daily/2026-11-29.md:5 --kind FACT --as-new" in needs
