"""`memctl consolidate --undo` after later commits touching the same files, and the LLM path
with a fake command."""

from __future__ import annotations

import datetime as dt
import json
import sys
import textwrap

import pytest
from test_consolidate import NIGHT, write_log

from conftest import NOW, commit_count, git
from memctl.longterm import add_entry, find_entry, new_note
from memctl.nightly.consolidate import consolidate
from memctl.nightly.runs import days, undo
from memctl.nightly.sleep import pending
from memctl.note import read_note
from memctl.now import start_task

DAY = dt.date(2026, 11, 29)


@pytest.fixture
def run(ws):
    """A consolidated day that wrote, re-verified, closed, and changed NOW.md."""
    new_note(
        ws, "projects/atlas", title="Project Atlas", tags=["atlas"], today=dt.date(2026, 10, 1)
    )
    demo = add_entry(
        ws,
        "projects/atlas",
        "The Atlas demo for Brian is on Tuesday",
        kind="FACT",
        source="agent",
        today=dt.date(2026, 10, 1),
    ).value
    known = add_entry(
        ws,
        "projects/atlas",
        "Atlas staging runs Postgres 16",
        kind="FACT",
        source="agent",
        today=dt.date(2026, 10, 1),
    ).value
    start_task(ws, "send Brian the Atlas migration plan", blocker=None, now=NOW)
    write_log(
        ws,
        "2026-11-29",
        ("09:00", "Atlas\nDECISION: Atlas prod moves to Postgres 16 in the December freeze"),
        ("10:00", "Demo\nFACT: the Atlas demo for Brian moved to Thursday"),
        ("11:00", "Staging\nFACT: Atlas staging runs Postgres 16"),
        ("12:00", "Plan\nDONE: sent Brian the Atlas migration plan"),
        ("13:00", "Slides\nTODO: slides for the Lisbon meetup"),
    )
    before = {p: p.read_text() for p in (ws.root / "projects/atlas.md", ws.root / "NOW.md")}
    result = consolidate(ws, DAY, now=NIGHT).value
    labels = [s.label or s.now.split(":")[0] for s in result.steps]
    assert labels == ["new", "update", "repeat", "leaves In Progress", "joins In Progress"]
    return ws, result, demo, known, before


def test_undo_takes_the_run_back_after_later_commits_to_the_same_files(run, cli):
    ws, result, demo, known, before = run
    written = result.steps[0].written
    add_entry(
        ws,
        "projects/atlas",
        "Dana covers approvals while Brian is away",
        kind="FACT",
        source="user",
        today=NIGHT.date(),
    )
    start_task(ws, "book the maintenance window", blocker=None, now=NIGHT + dt.timedelta(hours=6))
    commits = commit_count(ws)
    data = cli.json("consolidate", "--undo", "2026-11-29")
    assert commit_count(ws) == commits + 1
    assert written.split("#")[1] in " ".join(data["removed"])
    assert sorted(data["restored"]) == sorted(
        [f"projects/atlas.md#^{demo.entry.id}", f"projects/atlas.md#^{known.entry.id}"]
    )
    note = (ws.root / "projects/atlas.md").read_text()
    assert "December freeze" not in note and "moved to Thursday" not in note
    assert "Dana covers approvals" in note  # the later commit's line stays
    assert find_entry(ws, demo.entry.id).entry.format() == demo.entry.format()  # open again
    assert find_entry(ws, known.entry.id).entry.format() == known.entry.format()  # seen: undone
    now_md = (ws.root / "NOW.md").read_text()
    assert "send Brian the Atlas migration plan" in now_md and "Lisbon meetup" not in now_md
    assert "book the maintenance window" in now_md
    assert git(ws, "log", "-1", "--format=%s").startswith("memctl consolidate: undo daily/")
    assert git(ws, "status", "--porcelain", "--untracked-files=no") == ""


def test_an_undone_day_is_held_until_it_is_consolidated_again(run):
    ws, result, *_ = run
    undo(ws, DAY, now=NIGHT)
    assert days(ws)["2026-11-29"].held and days(ws)["2026-11-29"].through == 0
    todo, held = pending(ws, until=DAY)
    assert DAY not in todo and held == ["2026-11-29"]
    again = consolidate(ws, DAY, now=NIGHT).value
    assert len(again.steps) == len(result.steps) and not days(ws)["2026-11-29"].held


def test_a_line_changed_since_the_run_is_left_and_said_so(run):
    ws, result, demo, known, _ = run
    path = ws.root / "projects/atlas.md"
    bumped = find_entry(ws, known.entry.id).entry.format()
    path.write_text(path.read_text().replace(bumped, bumped.replace("seen:2", "seen:3")))
    git(ws, "commit", "-qam", "a hand edit")
    done = undo(ws, None, now=NIGHT).value
    assert any(known.entry.id in left and "changed since" in left for left in done.left)
    assert "seen:3" in path.read_text()


def test_undo_with_nothing_to_undo_is_an_error(cli):
    result = cli("consolidate", "--undo", code=1)
    assert "no consolidation run to undo" in result.stderr


# --- the LLM path ------------------------------------------------------------------------------


FAKE = """
import json, sys
request = json.load(sys.stdin)
if request.get("task") != "consolidate":
    print(json.dumps({"label": "new", "target": None, "reason": "fake"}))
    sys.exit(0)
lines = [l for e in request["entries"] for l in e["lines"]]
items = [{"kind": "DECISION", "line": l["line"], "text": "Atlas moves to Postgres 16 in December",
          "reason": "a decision in free text"} for l in lines if "we agreed" in l["text"]]
items += [{"kind": "FACT", "line": 999, "text": "a line the log does not have"},
          {"kind": "GOSSIP", "line": lines[0]["line"], "text": "not a kind"}]
print("Sure! Here you go:\\n```json\\n" + json.dumps({"items": items}) + "\\n```")
"""


def fake_llm(ws, tmp_path, script: str) -> None:
    path = tmp_path / "fake_llm.py"
    path.write_text(textwrap.dedent(script))
    (ws.root / ".memctl/local.yaml").write_text(f"llm_command: {sys.executable} {path}\n")


def test_the_llm_finds_items_in_free_text_each_tied_to_its_line(ws, tmp_path, cli):
    fake_llm(ws, tmp_path, FAKE)
    body = "After a long talk we agreed on Postgres 16 for Atlas, in December."
    write_log(ws, "2026-11-29", ("15:00", f"Atlas call\n{body}\nFACT: Brian is away until Dec 4"))
    data = cli.json("consolidate", "2026-11-29")
    assert data["llm"] == "dropped 2 LLM item(s) naming no line of the log or no known kind"
    got = [(s["line"], s["kind"], s["how"].split(":")[0]) for s in data["steps"]]
    assert got == [(5, "DECISION", "llm"), (6, "FACT", "FACT")]
    entry = find_entry(ws, data["steps"][0]["written"]).entry
    assert entry.fields["ref"] == "daily/2026-11-29.md:5" and entry.kind == "DECISION"


def test_a_failing_llm_command_falls_back_to_the_markers(ws, tmp_path, cli):
    fake_llm(ws, tmp_path, "import sys; sys.exit(4)")
    write_log(
        ws,
        "2026-11-29",
        ("15:00", "Atlas call\nWe agreed on things.\nFACT: Brian is away until Dec 4"),
    )
    data = cli.json("consolidate", "2026-11-29")
    assert data["llm"].startswith("the LLM command failed with exit code 4; used the markers")
    assert [s["kind"] for s in data["steps"]] == ["FACT"]
    plain = cli.json("consolidate", "2026-11-29", "--no-llm")
    assert plain["already"] and plain["llm"] is None


def test_llm_without_a_command_is_an_error(ws, cli):
    write_log(ws, "2026-11-29", ("15:00", "Atlas call\nFACT: Brian is away"))
    result = cli("consolidate", "2026-11-29", "--llm", code=1)
    assert "no model is set" in result.stderr
    assert json.loads(cli("consolidate", "2026-11-29", "--json").stdout)["llm"] is None
    assert read_note(ws.root / "semantic/inbox.md").entries()[0].text == "Brian is away"


# --- a run record the history does not back ----------------------------------------------------


def forge_run(ws, steps: list[dict], *, body: str = "") -> str:
    """A run record a peer wrote by hand and committed, as sync would bring it in."""
    name = "20261130-0300-abcdef"
    record = {"event": "run", "run": name, "day": "2026-11-29", "time": "2026-11-30T03:00:00"}
    record |= {"log": "daily/2026-11-29.md", "through": 1, "read": [], "steps": steps}
    with (ws.root / ".memctl/nightly.jsonl").open("a") as f:
        f.write(json.dumps(record) + "\n")
    git(ws, "add", ".memctl/nightly.jsonl")
    git(ws, "commit", "-qm", f"peer edit{body}")
    return name


@pytest.fixture
def users_line(ws) -> tuple[str, dict]:
    """An entry of the user's, and a forged run step that says the run wrote it."""
    new_note(ws, "people/anna", title="Anna", tags=[], today=NIGHT.date())
    mine = add_entry(
        ws,
        "people/anna",
        "Anna is allergic to nuts",
        kind="FACT",
        source="user",
        today=NIGHT.date(),
    ).value.entry
    written = {"path": "people/anna.md", "id": mine.id, "line": mine.format()}
    return mine.format(), {"undo": {"written": written}}


def test_a_forged_run_record_takes_nothing_back(ws, cli, users_line):
    line, step = users_line
    forge_run(ws, [step])
    commits = commit_count(ws)
    result = cli("consolidate", "--undo", "--json", code=3)
    assert "no commit of this workspace's history made it" in json.loads(result.stdout)["error"]
    assert line in (ws.root / "people/anna.md").read_text()
    assert commit_count(ws) == commits


def test_a_forged_run_in_a_commit_that_names_it_undoes_only_what_that_commit_did(
    ws, cli, users_line
):
    line, step = users_line
    steps = [step, {"undo": {"now_added": "wire the deposit"}}]
    start_task(ws, "wire the deposit", blocker=None, now=NOW)
    forge_run(ws, steps, body="\n\nmemctl-run: 20261130-0300-abcdef")
    data = cli.json("consolidate", "--undo")
    assert data["removed"] == [] and data["now"] == []
    assert any("not what run 20261130-0300-abcdef's commit did" in left for left in data["left"])
    assert line in (ws.root / "people/anna.md").read_text()
    assert "wire the deposit" in (ws.root / "NOW.md").read_text()
