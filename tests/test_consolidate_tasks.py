"""Which In Progress task of NOW.md a TODO or DONE of a day's log is (nightly/tasks.py): a TODO
that shares a topic with a task but says another act, person or object joins In Progress as a
task of its own; a DONE ticks off only a task it names whole, and one it may have finished is
held for a person, named with the command that ticks it."""

from __future__ import annotations

import pytest

from conftest import run_memctl

DAY = {"MEMCTL_NOW": "2026-12-02T10:00"}
NEXT = {"MEMCTL_NOW": "2026-12-03T03:00"}


def in_progress(root) -> list[str]:
    text = (root / "NOW.md").read_text()
    section = text.split("## In Progress\n", 1)[1].split("\n## ", 1)[0]
    return [line.removeprefix("- 🔄 ") for line in section.splitlines() if line.startswith("- ")]


def night(cli, task: str, log: str) -> dict:
    """`task` started, `log` logged, then the day consolidated: its --json answer."""
    cli("now", "start", task, env=DAY)
    cli("log", "Day", "-m", log, env=DAY)
    return cli.json("consolidate", env=DAY)


def test_the_users_repro_two_new_tasks_on_the_same_topic_join_in_progress(tmp_path):
    ws, env = str(tmp_path / "ws"), {**DAY}

    def memctl(*args: str) -> str:
        done = run_memctl(*args, env=env)
        assert done.returncode == 0, done.stderr
        return done.stdout

    memctl("init", ws)
    memctl("-w", ws, "now", "start", "Atlas migration plan")
    todo = "TODO: send Brian the migration plan\nTODO: review the migration plan with Priya"
    memctl("-w", ws, "log", "Call", "-m", todo)
    out = memctl("-w", ws, "consolidate")
    assert "already" not in out, out
    assert out.count("joins In Progress") == 2
    assert 'not the same task as "Atlas migration plan" (it says send, Brian; the task ' in out
    assert in_progress(tmp_path / "ws") == [
        "Atlas migration plan",
        "send Brian the migration plan",
        "review the migration plan with Priya",
    ]


def test_a_done_that_may_have_finished_a_task_leaves_it_for_a_person(ws, cli):
    data = night(cli, "Atlas migration plan", "DONE: sent the migration plan link to Brian")
    assert in_progress(ws.root) == ["Atlas migration plan"]
    step = data["steps"][0]
    assert step["action"] == "held" and step["now"] == "may have finished: Atlas migration plan"
    assert "the task says Atlas" in step["reason"]
    assert "`memctl now done 'Atlas migration plan'` ticks it" in step["reason"]
    assert data["summary"].endswith("0 closed, 1 for a person")
    cli("now", "done", "Atlas migration plan", env=DAY)  # the command it names works
    assert in_progress(ws.root) == []


def test_the_morning_report_names_the_task_a_done_may_have_finished(ws, cli):
    cli("now", "start", "Atlas migration plan", env=DAY)
    cli("log", "Call", "-m", "DONE: sent the migration plan link to Brian", env=DAY)
    report = cli("sleep", env=NEXT).stdout
    person = report.split("## Needs a person\n", 1)[1]
    said = '"sent the migration plan link to Brian" — it may have finished "Atlas migration plan"'
    assert (
        f"- held: daily/2026-12-02.md:5 {said}: `memctl now done 'Atlas migration plan'` " in person
    )
    assert "1 for a person" in report
    assert in_progress(ws.root) == ["Atlas migration plan"]


@pytest.mark.parametrize(
    "log",
    [
        "TODO: Atlas migration plan",
        "TODO: finish the Atlas migration plan",
        "TODO: work on the Atlas migration plan today",
    ],
)
def test_a_todo_that_says_the_same_task_is_already_in_progress(ws, cli, log):
    data = night(cli, "Atlas migration plan", log)
    assert data["steps"][0]["now"] == "already: 🔄 Atlas migration plan"
    assert in_progress(ws.root) == ["Atlas migration plan"]


@pytest.mark.parametrize(
    ("task", "log"),
    [
        ("Atlas migration plan", "DONE: finished the Atlas migration plan"),
        ("Atlas migration plan for Brian", "DONE: sent Brian the Atlas migration plan"),
        ("send Brian the Atlas migration plan", "DONE: sent Brian the Atlas migration plan"),
        ("Tax return", "DONE: filed the tax return"),
        ("Fix the login bug on staging", "DONE: fixed the login bug on staging"),
        (  # what comes before " — " names a task; a note on it follows
            "Q4 estimated tax payment — collect the 1099-INT from the bank first",
            "DONE: paid the Q4 estimated tax payment",
        ),
    ],
)
def test_a_done_that_names_its_task_ticks_it_off(ws, cli, task, log):
    data = night(cli, task, log)
    assert data["steps"][0]["now"] == f"leaves In Progress: {task}"
    assert in_progress(ws.root) == []


@pytest.mark.parametrize(
    ("task", "log"),
    [
        ("Book the dentist appointment for Mia", "TODO: cancel the dentist appointment for Mia"),
        ("Renew the car insurance", "TODO: renew the home insurance"),
        ("Fix the login bug on staging", "TODO: write a test for the login bug on staging"),
        ("Review PR 412", "TODO: review PR 413"),
        ("Book the dentist for Mia", "TODO: book the dentist for Leo"),
    ],
)
def test_a_todo_with_another_act_person_or_object_is_a_task_of_its_own(ws, cli, task, log):
    data = night(cli, task, log)
    new = log.removeprefix("TODO: ")
    assert data["steps"][0]["now"] == f"joins In Progress: 🔄 {new}"
    assert in_progress(ws.root) == [task, new]


@pytest.mark.parametrize(
    ("task", "log", "apart"),
    [
        ("Book the dentist for Mia and Leo", "DONE: booked the dentist for Leo", "task says Mia"),
        ("Renew the car insurance", "DONE: renewed the home insurance", "it says home"),
        ("Renew the car insurance", "DONE: paid the car insurance", "task says Renew"),
        ("Fix the login bug on staging", "DONE: fixed the login bug on prod", "says prod"),
        ("Plan the team offsite", "DONE: booked the venue for the team offsite", "says Plan"),
    ],
)
def test_a_done_that_does_not_name_its_task_whole_ticks_nothing_off(ws, cli, task, log, apart):
    data = night(cli, task, log)
    step = data["steps"][0]
    assert step["action"] == "held" and step["now"] == f"may have finished: {task}"
    assert apart in step["reason"]
    assert in_progress(ws.root) == [task]
