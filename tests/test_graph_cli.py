"""`memctl graph …` through the real CLI: output, JSON, exit codes, stdout vs stderr."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from conftest import REPO, run_memctl
from memctl.graph.text import RELATIONS_FILE

COMMANDS = ("add", "query", "neighbors", "path", "close", "asof", "entities", "export", "import")


@pytest.fixture
def brian(cli):
    cli("graph", "add", "Brian", "responsible for", "Project X", "-c", "0.9", "-s", "user")
    cli("graph", "add", "Project X", "depends on", "Tool Y")
    cli("graph", "add", "Tool Y", "requires", "API key")
    cli("graph", "add", "API key", "stored in", "secrets/")
    cli("graph", "add", "Anna", "manages", "Brian")
    return cli


def test_add_answers_on_stdout_and_reports_the_commit_on_stderr(cli):
    result = cli("graph", "add", "Brian", "responsible for", "Project X")
    assert result.stdout.startswith("added ^") and "Brian → responsible for → Project X" in (
        result.stdout
    )
    assert "committed" in result.stderr and "memctl graph add:" in result.stderr
    again = cli("graph", "add", "brian", "Responsible For", "project x")
    assert again.stdout.startswith("already in the graph: ^")


def test_neighbors_prints_a_tree(brian):
    out = brian("graph", "neighbors", "Brian", "--depth", "3").stdout
    lines = [line.split("  ^")[0] for line in out.splitlines()]
    assert lines == [
        "Brian",
        "├── ← manages ← Anna",
        "└── → responsible for → Project X",
        "    └── → depends on → Tool Y",
        "        └── → requires → API key",
        "4 entities within 3 hops",
    ]
    limited = brian("graph", "neighbors", "Brian", "-d", "3", "-n", "2").stdout
    assert "(showing 2; raise --limit for more)" in limited


def test_path_prints_every_hop_with_its_predicate(brian):
    out = brian("graph", "path", "Anna", "API key").stdout.splitlines()
    assert out == [
        "Anna → manages → Brian → responsible for → Project X → depends on → Tool Y → requires → "
        "API key",
        "1 shortest path of 4 hops",
    ]
    back = brian("graph", "path", "Tool Y", "Brian").stdout.splitlines()[0]
    assert back == "Tool Y ← depends on ← Project X ← responsible for ← Brian"


def test_query_close_and_asof_as_tables(brian):
    out = brian("graph", "query", "-s", "brian").stdout
    assert out.splitlines()[0].split() == [
        "Id",
        "Subject",
        "Predicate",
        "Object",
        "Conf",
        "Src",
        "Since",
    ]
    ident = out.splitlines()[1].split()[0].lstrip("^")
    closed = brian("graph", "close", ident, "--reason", "moved on", "--until", "2026-11-30")
    assert closed.stdout.startswith(f"closed ^{ident}")
    assert brian("graph", "query", "-s", "Brian").stdout.strip() == "0 relations"
    every = brian("graph", "query", "-s", "Brian", "--all").stdout
    assert "Until" in every and "moved on" in every
    assert "0 relations on 2026-11-30" in brian("graph", "asof", "2026-11-30", "-s", "Brian").stdout


def test_a_relation_closed_on_a_later_day_holds_until_that_day_comes(brian, ws, monkeypatch):
    """`graph close --until` a later day ("Brian leaves at month end") leaves the relation in
    every question, recall's too, until that day; then it is closed, the line as written."""
    ident = brian.json("graph", "query", "-s", "Anna")["relations"][0]["id"]
    said = brian("graph", "close", ident, "--reason", "Anna leaves", "--until", "2026-12-10")
    assert said.stdout.startswith(f"^{ident} holds until 2026-12-10")
    line = next(x for x in (ws.root / RELATIONS_FILE).read_text().splitlines() if ident in x)
    assert not line.startswith("- ~~") and "until:2026-12-10" in line
    assert brian.json("graph", "query", "-s", "Anna")["total"] == 1
    assert "Anna" in brian("graph", "neighbors", "Brian").stdout
    assert brian.json("graph", "asof", "2026-12-09", "-s", "Anna")["total"] == 1
    assert brian.json("graph", "asof", "2026-12-10", "-s", "Anna")["total"] == 0
    monkeypatch.setenv("MEMCTL_NOW", "2026-12-10T08:00")
    assert brian.json("graph", "query", "-s", "Anna")["total"] == 0
    assert "Anna" not in brian("graph", "neighbors", "Brian").stdout
    assert brian.json("graph", "query", "-s", "Anna", "--all")["total"] == 1
    again = brian("graph", "close", ident, "--reason", "gone", code=None)
    assert again.exit_code != 0 and "already closed" in again.stderr
    monkeypatch.setenv("MEMCTL_NOW", "2026-12-09T08:00")  # a clock set back: open again
    assert brian.json("graph", "query", "-s", "Anna")["total"] == 1


def test_every_command_answers_json(brian, tmp_path):
    ident = brian.json("graph", "query", "-s", "Anna")["relations"][0]["id"]
    assert set(brian.json("graph", "query")) >= {"total", "shown", "relations", "notices"}
    hood = brian.json("graph", "neighbors", "Brian", "-d", "2")
    assert hood["total"] == 3 and hood["neighbors"][0]["path"][0]["direction"] == "backward"
    paths = brian.json("graph", "path", "Brian", "API key")
    assert paths["hops"] == 3 and [h["predicate"] for h in paths["paths"][0]] == [
        "responsible for",
        "depends on",
        "requires",
    ]
    assert {"name": "Brian", "relations": 2, "label": None} in brian.json("graph", "entities")[
        "entities"
    ]
    assert brian.json("graph", "asof", "2026-12-01")["total"] == 5
    assert brian.json("graph", "export")["count"] == 5
    added = brian.json("graph", "add", "Eve", "knows", "Anna")
    assert added["created"] and added["change"]["commits"]
    closed = brian.json("graph", "close", ident, "-r", "left")
    assert closed["relation"]["closed"] and closed["relation"]["until"] == "2026-11-30"
    source = tmp_path / "rel.json"
    source.write_text(json.dumps([{"subject": "Eve", "predicate": "likes", "object": "Tea"}]))
    imported = brian.json("graph", "import", str(source))
    assert len(imported["added"]) == 1 and imported["updated"] == []


def test_export_and_import_through_stdin(brian):
    exported = brian("graph", "export", "-f", "tsv").stdout
    assert exported.startswith("id\tsubject\tpredicate\tobject\t")
    edited = exported.replace("\tmanages\t", "\tcoaches\t")
    result = brian("graph", "import", "-", input=edited)
    assert result.stdout.strip() == "imported: 0 added, 1 updated, 4 unchanged"
    assert "coaches" in brian("graph", "export", "-f", "md").stdout


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (("graph", "neighbors", "Brain"), 1, "did you mean 'Brian'"),
        (("graph", "add", "Brain", "knows", "Eve"), 3, "pass --as-new"),
        (("graph", "add", "", "knows", "Eve"), 1, "the subject is empty"),
        (("graph", "add", "Eve", "knows", "eve"), 1, "self-loops are refused"),
        (("graph", "neighbors", "Brian", "--depth", "9"), 2, "--depth 9 is out of range"),
        (("graph", "path", "Brian", "Nobody"), 1, "no entity 'Nobody'"),
        (("graph", "close", "zzzz", "-r", "x"), 1, "no relation ^zzzz"),
        (("graph", "export", "-f", "xml"), 1, "unknown format 'xml'"),
        (("graph", "import", "missing.tsv"), 1, "no such file"),
    ],
)
def test_errors_are_one_line_with_their_exit_code(brian, args, code, message):
    result = brian(*args, code=code)
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("memctl: error: ")
    assert message in result.stderr and result.stdout == ""


def test_usage_errors_exit_2(brian):
    brian("graph", "neighbors", "Brian", "--depth", "three", code=2)
    brian("graph", "close", "abcd", code=2)  # --reason is required


def test_damaged_lines_go_to_stderr_and_the_answer_to_stdout(brian, ws):
    with (ws.root / RELATIONS_FILE).open("a") as f:
        f.write("- nothing to read here\n")
    result = brian("graph", "entities")
    assert "not a relation" in result.stderr and ":11:" in result.stderr
    assert "not a relation" not in result.stdout and "Brian" in result.stdout
    as_json = brian.json("graph", "entities")
    assert as_json["notices"][0].startswith(f"{RELATIONS_FILE}:11:")


def test_graph_commands_have_help_with_examples_and_a_docs_entry():
    docs = (REPO / "docs" / "graph.md").read_text(encoding="utf-8")
    for name in COMMANDS:
        out = run_memctl("graph", name, "--help")
        assert out.returncode == 0 and "Example: memctl graph " + name in out.stdout
        assert f"memctl graph {name}" in docs


def test_a_real_run_answers_the_api_key_question(brian, ws):
    out = run_memctl("graph", "path", "Brian", "API key", cwd=ws.root)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[0] == (
        "Brian → responsible for → Project X → depends on → Tool Y → requires → API key"
    )


def test_concurrent_writers_are_serialized_by_the_workspace_lock(ws):
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                "-c",
                (
                    "import sys\nfrom memctl.cli.main import run\n"
                    "for n in range(2):\n"
                    f"    sys.argv = ['memctl', '-w', {str(ws.root)!r}, 'graph', 'add', "
                    f"'Writer{w}', 'wrote', f'Page {w}-{{n}}']\n"
                    "    try:\n        run()\n    except SystemExit as e:\n"
                    "        assert not e.code, e.code\n"
                ),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        for w in range(3)
    ]
    assert all(p.wait(timeout=60) == 0 for p in procs), [p.stderr.read() for p in procs]
    lines = [x for x in (ws.root / RELATIONS_FILE).read_text().splitlines() if x.startswith("- ")]
    assert len(lines) == 6
    out = run_memctl("-w", str(ws.root), "graph", "query", "--json")
    assert json.loads(out.stdout)["total"] == 6
    log = subprocess.run(
        ["git", "log", "--format=%s"], cwd=ws.root, capture_output=True, text=True, check=True
    ).stdout
    assert log.count("memctl graph add:") == 6


def test_the_docs_first_example_runs_as_written(cli):
    import re
    import shlex

    page = (REPO / "docs" / "graph.md").read_text(encoding="utf-8")
    block = re.search(r"```console\n(.*?)```", page, re.S)[1]
    steps: list[tuple[list[str], list[str]]] = []
    for line in block.splitlines():
        if line.startswith("$ "):
            steps.append((shlex.split(line[2:]), []))
        else:
            steps[-1][1].append(line)
    assert len(steps) == 5
    for argv, expected in steps:
        assert argv[0] == "memctl"
        out = cli(*argv[1:]).stdout
        if expected:
            assert out.splitlines() == expected


def test_forget_close_and_restore_of_an_id_work_on_relations_too(brian):
    ids = {r["object"]: r["id"] for r in brian.json("graph", "query")["relations"]}
    brian("close", ids["Brian"], "--reason", "Anna left")
    brian("forget", ids["secrets/"], "--reason", "moved to the vault")
    assert brian.json("graph", "query", "-s", "Anna")["total"] == 0
    closed = brian.json("graph", "query", "--all", "-s", "Anna")["relations"][0]
    assert closed["closed"] and closed["why"] == "Anna left" and closed["object"] == "Brian"
    assert brian.json("graph", "neighbors", "API key")["total"] == 1  # only Tool Y is left
    brian("restore", ids["secrets/"])
    assert brian.json("graph", "neighbors", "API key")["total"] == 2


def test_a_purge_leaves_a_readable_graph_without_the_text(brian, ws):
    brian("forget", "--purge", "--match", "Tool Y", "--yes")
    assert "Tool Y" not in (ws.root / RELATIONS_FILE).read_text()
    found = brian.json("graph", "query")
    assert found["total"] == 5 and found["notices"] == []
    assert "Tool Y" not in json.dumps(found)


def test_query_takes_an_entity_from_either_side(brian):
    """`memctl graph query Brian`, as a person types it: relations from Brian and to him."""
    found = brian.json("graph", "query", "brian")
    assert {(r["subject"], r["object"]) for r in found["relations"]} == {
        ("Brian", "Project X"),
        ("Anna", "Brian"),
    }
    assert brian.json("graph", "query", "Brian", "-p", "manages")["total"] == 1
    missing = brian("graph", "query", "Brain", code=1)
    assert "did you mean 'Brian'" in missing.stderr
