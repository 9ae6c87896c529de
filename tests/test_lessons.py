"""Lessons that bind harder each time they slip: `memctl slip`, the cause named before any
move, and the ladder note → rules/ → a check in watch mode → enforced by the user."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from conftest import commit_count, git
from memctl.longterm import add_entry, find_entry, new_note
from memctl.nightly.lessons import SLIPS, review, slip, tighten
from memctl.note import read_note
from memctl.search.keys import add_key

NOW = dt.datetime(2026, 11, 30, 10, 0)


def lesson(ws, text: str, *, note: str = "lessons/testing", source: str = "agent", **meta):
    if not (ws.root / f"{note}.md").exists():
        new_note(ws, note, title=note.split("/")[1].title(), today=NOW.date(), **meta)
    return add_entry(ws, note, text, kind="LESSON", source=source, today=NOW.date()).value


def slips(ws, lesson_id: str, n: int) -> None:
    for i in range(n):
        slip(ws, lesson_id, note=f"said tests pass after one file ({i})", now=NOW)


def test_a_slip_is_one_committed_line_and_counts_since_the_lesson_last_moved(ws, cli):
    ref = lesson(ws, "Run the whole test suite before saying the tests pass")
    before = commit_count(ws)
    data = cli.json("slip", ref.entry.id, "--note", "said tests pass after running one file")
    assert (data["slips"], data["review"]) == (1, False)
    assert commit_count(ws) == before + 1 and "(slip 1 since" in git(ws, "log", "-1", "--format=%s")
    assert cli.json("slip", ref.entry.id)["slips"] == 2
    events = [json.loads(x) for x in (ws.root / SLIPS).read_text().splitlines()]
    assert [e["event"] for e in events] == ["slip", "slip"]
    assert events[0]["note"] == "said tests pass after running one file"
    assert find_entry(ws, ref.entry.id).entry.format() == ref.entry.format()  # line untouched


def test_a_hand_written_lesson_gets_an_id_to_be_counted(ws):
    new_note(ws, "lessons/misc", title="Misc", today=NOW.date())
    path = ws.root / "lessons/misc.md"
    path.write_text(path.read_text() + "- Never deploy on a Friday afternoon\n")
    git(ws, "commit", "-qam", "by hand")
    line = len(path.read_text().splitlines())
    done = slip(ws, f"lessons/misc.md:{line}", now=NOW).value
    assert done.id and find_entry(ws, done.id).entry.text == "Never deploy on a Friday afternoon"


def test_one_slip_is_not_reviewed_and_the_cause_not_loaded_comes_first(ws):
    ref = lesson(ws, "Run the whole test suite before saying the tests pass")
    slips(ws, ref.entry.id, 1)
    assert review(ws).proposals == []
    slips(ws, ref.entry.id, 1)
    (proposal,) = review(ws).proposals
    assert (proposal.place, proposal.cause, proposal.agent_may) == ("note", "not loaded", True)
    assert proposal.command == f"memctl key {ref.entry.id} 'tests pass one file'"


def test_the_key_proposed_is_the_situation_a_slip_names_and_it_brings_the_lesson_up(ws, cli):
    """Not the last slip's remark ("again …") but the words of the moment it slipped that name
    the situation; once added, recall brings the lesson up in that situation."""
    import shlex

    config = ws.root / ".memctl" / "config.yaml"
    config.write_text(config.read_text().replace("semantic: true", "semantic: false"))
    ref = lesson(ws, "Screens for the Friday deck go out as PNG at 1x", note="lessons/design")
    cli("slip", ref.entry.id, "-m", "exported 2x jpgs of the sweetpea screens for orla")
    cli("slip", ref.entry.id, "-m", "again 1x pngs in the friday deck")
    [proposal] = cli.json("lessons")["proposals"]
    key = f"memctl key {ref.entry.id} 'exported 2x jpgs sweetpea screens orla'"
    assert proposal["command"] == key and "again" not in key
    asked = "exporting the sweetpea screens for orla now"
    assert ref.entry.id not in cli("recall", asked).stdout
    cli(*shlex.split(proposal["command"])[1:])
    assert f"^{ref.entry.id}" in cli("recall", asked).stdout


def test_a_proposed_key_keeps_the_words_a_slip_shares_with_the_lesson():
    from memctl.search.keys import situation

    lesson_text = "Export the Sweetpea screens as PNG at 1x for Orla's Friday deck"
    notes = ["exported 2x jpgs of the sweetpea screens for orla", "again 1x pngs in the deck"]
    assert situation(lesson_text, notes) == "exported sweetpea screens orla"
    assert (
        situation(lesson_text, ["again", "ugh"])
        == "export sweetpea screens png 1x orla friday deck"
    )


def test_a_contradicted_lesson_is_named_before_any_move(ws):
    ref = lesson(
        ws,
        "Never run the seed script against staging",
        note="lessons/deploys",
        use_when=["seed the database"],
    )
    new_note(ws, "rules/deploys", title="Deploy rules", today=NOW.date())
    other = add_entry(
        ws,
        "rules/deploys",
        "It is fine to run the seed script against staging",
        kind="RULE",
        source="user",
        today=NOW.date(),
    ).value
    slips(ws, ref.entry.id, 2)
    (proposal,) = review(ws).proposals
    assert proposal.cause == "contradicted" and other.entry.id in proposal.why
    assert not proposal.agent_may and proposal.command is None


def test_a_vague_lesson_is_rewritten_not_moved(ws):
    ref = lesson(ws, "Be more careful", note="lessons/care", use_when=["anything"])
    slips(ws, ref.entry.id, 2)
    (proposal,) = review(ws).proposals
    assert proposal.cause == "too vague" and "--supersedes" in proposal.command


def test_the_ladder_note_rules_check_then_the_user_enforces(ws, cli):
    ref = lesson(
        ws,
        "Look in lessons/government-forms.md before searching the web for a form",
        note="lessons/forms",
        source="user",  # the user's own words: the agent may move them into rules/
        use_when=["the link we used last time"],
    )
    lesson_id = ref.entry.id
    slips(ws, lesson_id, 2)
    (proposal,) = review(ws).proposals
    assert (proposal.place, proposal.cause) == ("note", None)
    assert proposal.command == f"memctl lessons --apply {lesson_id}" and proposal.agent_may
    out = cli("lessons", "--apply", lesson_id).stdout
    assert f"→ rules/lessons.md#^{lesson_id}" in out
    moved = find_entry(ws, lesson_id)
    assert (
        moved.path == "rules/lessons.md" and moved.entry.fields["moved_from"] == "lessons/forms.md"
    )
    assert "Look in lessons" not in (ws.root / "lessons/forms.md").read_text()
    assert review(ws).proposals == []  # slips count again from the move
    slips(ws, lesson_id, 2)
    (proposal,) = review(ws).proposals
    assert proposal.place == "rule" and "--check" in proposal.command
    cli("lessons", "--apply", lesson_id, "--check", r"\bWebSearch\b.*form")
    slips(ws, lesson_id, 2)
    (proposal,) = review(ws).proposals
    assert proposal.place == "check (watch)" and not proposal.agent_may
    assert proposal.command == f"memctl guard enforce {lesson_id} --source user"
    assert "slipped 2×" in proposal.line() and "(for the user)" in proposal.line()
    text = cli("lessons").stdout
    assert text.startswith(f"- rules/lessons.md#^{lesson_id} slipped 2×")


def test_an_untrusted_lesson_never_becomes_a_rule_on_the_agents_word(ws, cli):
    ref = lesson(
        ws, "Always cite the pricing page", source="web", note="lessons/web", use_when=["pricing"]
    )
    result = cli("lessons", "--apply", ref.entry.id, code=3)
    assert "never becomes a rule on the agent's word" in result.stderr
    slips(ws, ref.entry.id, 2)
    (proposal,) = review(ws).proposals
    assert not proposal.agent_may and "user confirms it first" in proposal.repair


def test_a_lesson_the_agent_wrote_becomes_a_rule_only_when_the_user_asks(ws, cli):
    """A lesson promoted from the agent's own log is not the user's words: --apply is refused
    (exit 3, nothing moved) with the command a person runs; the review says so too."""
    import shlex

    cli("log", "Deck", "-m", "LESSON: export the Sweetpea screens as PNG at 1x for the deck")
    cli("sleep", env={"MEMCTL_NOW": "2026-12-01T03:00"})
    [hit] = [e for e in read_note(ws.root / "lessons/inbox.md").entries() if "Sweetpea" in e.text]
    assert hit.fields["src"] == "agent" and hit.id
    add_key(ws, hit.id, "export sweetpea screens")
    slips(ws, hit.id, 2)
    (proposal,) = review(ws).proposals
    approve = f"memctl lessons --apply {hit.id} --source user"
    assert proposal.command == approve and not proposal.agent_may
    before = commit_count(ws)
    refused = cli("lessons", "--apply", hit.id, code=3).stderr
    assert f"run: {approve}" in refused and "src: agent" in refused
    assert commit_count(ws) == before and not (ws.root / "rules/lessons.md").exists()
    cli(*shlex.split(approve)[1:])  # the user asked
    assert find_entry(ws, hit.id).path == "rules/lessons.md"
    events = [json.loads(x) for x in (ws.root / SLIPS).read_text().splitlines()]
    assert events[-1]["event"] == "tighten" and events[-1]["source"] == "user"


def test_a_key_repairs_not_loaded_and_a_rule_cannot_be_moved_again(ws, cli):
    ref = lesson(ws, "Run the whole test suite before saying the tests pass")
    slips(ws, ref.entry.id, 2)
    assert review(ws).proposals[0].cause == "not loaded"
    add_key(ws, ref.entry.id, "say the tests pass")
    assert review(ws).proposals[0].cause is None
    tighten(ws, ref.entry.id, now=NOW, source="user")
    result = cli("lessons", "--apply", ref.entry.id, code=1)
    assert "is a rule already" in result.stderr


@pytest.mark.parametrize("args", [("--check", "x"), ()])
def test_the_cli_review_and_usage(ws, cli, args):
    if args:
        assert "--check goes with --apply" in cli("lessons", *args, code=1).stderr
    else:
        assert cli("lessons").stdout == "no lesson slipped twice since it last moved\n"
