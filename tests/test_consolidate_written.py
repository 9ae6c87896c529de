"""The nightly job says what it wrote: a log line written beside the entry it may replace is
reported as new with that entry named, not as the update the gate read it as. Through the real
command line on a real workspace."""

from __future__ import annotations

NIGHT = {"MEMCTL_NOW": "2026-12-01T03:00"}


def test_a_log_line_written_beside_the_users_entry_is_reported_as_new_and_what_it_may_replace(
    cli,
):
    said = cli.json(
        "remember", "Piano lesson for Maya on Tuesday 8 December at 16:00", "-s", "user"
    )
    old = said["written"]
    address = f"{old['path']}#^{old['id']}"
    cli("log", "Day notes", "-m", "FACT: piano lesson moved to wednesday 9 December at 17:00")
    text = cli("consolidate", "--date", "2026-11-30", env=NIGHT).stdout
    [line] = [x for x in text.splitlines() if "promoted" in x and "#^" in x]
    assert " promoted new " in line and line.endswith(f"(may replace {address})")
    assert "the gate said update" in text  # what it read it as, in the reason
    needs = cli.json("ls")["needs"]["items"]
    assert [i["path"] for i in needs if "may replace" in i["why"]] == [old["path"]]


def test_the_morning_report_promotes_it_as_new_and_names_what_it_may_replace_once(cli):
    said = cli.json(
        "remember", "Piano lesson for Maya on Tuesday 8 December at 16:00", "-s", "user"
    )
    old = said["written"]
    cli("log", "Day notes", "-m", "FACT: piano lesson moved to wednesday 9 December at 17:00")
    report = cli("sleep", env=NIGHT).stdout
    promoted = report.split("## Promoted", 1)[1].split("##", 1)[0]
    assert "piano lesson moved" in promoted and "(update)" not in promoted
    settle = report.split("## To settle", 1)[1].split("##", 1)[0]
    assert f"may replace {old['path']}#^{old['id']}" in settle
