"""What needs a person leads INDEX.md and `memctl ls`, and the morning report proposes the few
reviews that matter (read lately, high priority), not every stale note."""

from __future__ import annotations

import datetime as dt
import shlex

from test_dashboard import note, write

from conftest import NOW, TODAY, git
from memctl.dashboard import regenerate_index
from memctl.nightly.sleep import sleep


def many_stale(ws, n: int = 120) -> None:
    """A workspace gone mostly stale: n low-priority notes, two high ones, a conflict, a broken
    file, and fresh notes."""
    for i in range(n):
        write(ws, f"semantic/old-{i:03}.md", note(f"Old {i}", "low", "active", "2026-06-01"))
    write(ws, "lessons/tax-link.md", note("Tax link", "high", "active", "2026-08-01"))
    write(ws, "people/brian.md", note("Brian", "high", "active", "2026-09-15"))
    write(ws, "people/anna.md", note("Anna", "med", "conflict", "2026-11-29"))
    write(ws, "semantic/broken.md", "---\ntitle: [oops\n---\n")
    write(ws, "lessons/fresh.md", note("Fresh", "med", "active", "2026-11-28"))
    git(ws, "add", "-A")
    git(ws, "commit", "-qm", "notes by hand")


def test_index_leads_with_what_needs_a_person(ws):
    many_stale(ws)
    regenerate_index(ws, today=TODAY)
    text = ws.index_path.read_text()
    head, table = text.split("## All notes", 1)
    needs = [line for line in head.split("## Needs you", 1)[1].splitlines() if line.startswith("-")]
    assert needs[0].startswith("- semantic/broken.md: unreadable")
    assert needs[1].startswith("- people/anna.md: in conflict")
    assert needs[2].startswith(
        "- lessons/tax-link.md: stale: high priority, not verified since "
        "2026-08-01 — check it, then `memctl verify lessons/tax-link`"
    )
    assert needs[3].startswith("- people/brian.md: stale: high priority")
    assert needs[4] == (
        "- and 120 more stale note(s), less pressing: `memctl ls --status stale` "
        "lists them; `memctl verify NOTE` after a look"
    )
    assert len(needs) == 5 and "semantic/old-000.md" not in head
    assert table.count("⚠️ stale") == 122  # the seed's flag stays on every stale note


def test_ls_proposes_the_stale_notes_read_lately(ws, cli):
    many_stale(ws)
    for _ in range(3):
        cli("show", "semantic/old-042")
    cli("show", "semantic/old-007")
    out = cli("ls").stdout
    head = out.split("\n\n", 1)[0].splitlines()
    assert head[0] == "Needs you:"
    stale = [line.strip() for line in head if ": stale:" in line]
    assert stale[0].startswith("semantic/old-042.md: stale: read 3 time(s) in 30 days")
    assert stale[1].startswith("semantic/old-007.md: stale: read 1 time(s) in 30 days")
    assert stale[2].startswith("lessons/tax-link.md: stale: high priority")
    data = cli.json("ls")
    assert data["needs"]["more_stale"] == 122 - 4 and len(data["needs"]["items"]) == 6
    assert cli.json("ls", "--status", "stale")["needs"] is None  # a filtered list is just that


def test_the_morning_report_proposes_a_few_reviews_not_hundreds(ws, cli):
    many_stale(ws, n=300)
    cli("show", "semantic/old-123")
    done = sleep(ws, now=dt.datetime.combine(NOW.date(), dt.time(3, 0))).value
    section = done.text.split("## Worth a look", 1)[1]
    items = [line for line in section.splitlines() if line.startswith("- ")]
    assert items[0].startswith("- semantic/broken.md: unreadable")
    assert any(line.startswith("- semantic/old-123.md: stale: read 1 time(s)") for line in items)
    assert items[-1].startswith("- and 299 more stale note(s)")  # 302 stale, 3 proposed
    assert len(items) <= 8 and sum("semantic/old-" in line for line in done.text.splitlines()) == 1


def test_a_clash_with_a_rule_names_the_rule_and_the_commands_until_it_is_settled(cli):
    cli("remember", "--source", "user", "--kind", "RULE", "never book clients in before 8am")
    clash = cli.json("remember", "--source", "user", "book mr okoro in at 7:15 on friday", code=3)
    assert clash["label"] == "clash", clash["reason"]
    rule = clash["target"].split("#")[-1]
    needs = cli.json("ls")["needs"]["items"]
    said = [n for n in needs if "clashes with the rule" in n["why"]]
    assert len(said) == 1 and rule in said[0]["why"], needs
    assert "--supersedes" in said[0]["action"] and "--as-new" in said[0]["action"]
    assert not [n for n in needs if "two things on file disagree" in n["why"]]
    # the first command settles it: the rule takes the booking as an exception, nothing is left
    command = shlex.split(said[0]["action"].split("`")[1])
    assert command[:2] == ["memctl", "remember"]
    cli(*command[1:])
    assert not [n for n in cli.json("ls")["needs"]["items"] if "clash" in n["why"]]


def test_a_clash_with_a_rule_changed_since_names_the_changed_rule(cli):
    """The agent booked a family shoot on a Sunday against "never book shoots on Sundays";
    the user then let elopements through. The clash still stood, but "Needs you" said the rule
    "no longer holds" and asked only for a verify: the changed rule is named, with the
    commands that settle the clash against it."""
    cli("remember", "--source", "user", "--kind", "RULE", "never book shoots on sundays")
    clash = cli.json(
        "remember", "--source", "agent", "booked the morgan family shoot for sunday", code=3
    )
    assert clash["label"] == "clash", clash["reason"]
    rule = clash["target"].split("#")[-1]
    changed = cli.json(
        "remember", "--source", "user", "sunday shoots are fine from now on if they're elopements"
    )
    assert changed["label"] in ("update", "correction") and changed["target"].endswith(rule)
    now = changed["written"]["address"].split("#")[-1]
    said = [n for n in cli.json("ls")["needs"]["items"] if "clash" in n["why"]]
    assert len(said) == 1 and rule in said[0]["why"] and now in said[0]["why"], said
    assert "no longer holds" not in said[0]["why"]
    assert "--supersedes" in said[0]["action"] and now in said[0]["action"]


def test_the_commands_listed_for_a_clash_settle_it_in_the_clashs_own_source(ws, cli):
    """A clash the agent caused was listed (`memctl ls`, INDEX.md, the morning report) with
    `--source user --as-new`: run, it recorded the user as having said the agent's words and
    left the clash open. Every place now prints what the gate printed: the rule by its full
    address, the exception on the user's word, and the text kept beside the rule in the
    clash's own source, which closes it; for the user's clash and the agent's alike."""
    from memctl.catalog import scan
    from memctl.note import read_note

    rule = cli.json(
        "remember", "-s", "user", "-k", "RULE", "never text the school about Noor's asthma"
    )["written"]["address"]
    for source, text in (
        ("agent", "texted the school office that noor's asthma flared up last night"),
        ("user", "texting the school about noor's asthma is fine"),
    ):
        said = cli.json("remember", "-s", source, text, code=3)
        assert said["label"] == "clash", said["reason"]
        written = said["written"]["address"]
        needs = [n for n in cli.json("ls")["needs"]["items"] if n["entry"] == written[-4:]]
        assert len(needs) == 1 and rule in needs[0]["why"], needs
        exception, keep = (shlex.split(c) for c in needs[0]["action"].split("`")[1::2])
        assert exception[3:] == ["--source", "user", "--supersedes", rule]
        assert keep[3:] == ["--source", source, "--as-new"]
        assert [exception, keep] == [
            shlex.split(said["unsure"][k]) for k in ("supersedes", "as_new")
        ]
        cli(*keep[1:])  # kept beside the rule: the clash is settled, in the text's own source
        lines = read_note(ws.root / written.split("#")[0]).entries()
        conflict = next(e for e in lines if e.id == written[-4:])
        kept = [e for e in lines if e.kind == "FACT" and e.text == text and not e.closed]
        assert conflict.closed and [e.fields.get("src") for e in kept] == [source]
    assert not [f.unsettled for f in scan(ws) if f.unsettled]
