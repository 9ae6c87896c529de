"""The command line as a whole: help, docs, JSON, errors, exit codes, plain output."""

from __future__ import annotations

import json
import re

import pytest
import typer.main

from conftest import REPO, Cli, run_memctl
from memctl.cli.main import app


def all_commands():
    """(name, click command) for every command, e.g. ("now focus", cmd), loaded as a call would."""

    root = typer.main.get_command(app)
    ctx = typer.Context(root)
    found = []

    def walk(group, prefix):
        for name in group.list_commands(ctx):
            cmd = group.get_command(ctx, name)
            full = f"{prefix} {name}".strip()
            found.append((full, cmd))
            if hasattr(cmd, "list_commands"):
                walk(cmd, full)

    walk(root, "")
    return found


def test_the_command_table_matches_the_modules():
    from memctl.cli.main import COMMANDS

    names = [name for name, _ in all_commands() if " " not in name]
    assert names == list(COMMANDS) and len(names) > 10
    cli_dir = REPO / "memctl" / "cli"
    plumbing = {"__init__", "launch", "main", "context", "output", "checks", "warm", "mcptools"}
    plumbing |= {"hookcall", "reads", "flags"}
    modules = {p.stem for p in cli_dir.glob("*.py")} - plumbing
    assert modules == set(COMMANDS.values())
    for module in modules:
        holder = typer.Typer()
        __import__(f"memctl.cli.{module}", fromlist=["register"]).register(holder)
        registered = set(typer.main.get_group(holder).commands)
        assert registered == {n for n, m in COMMANDS.items() if m == module}, module


@pytest.mark.parametrize(("name", "command"), all_commands(), ids=lambda v: str(v)[:30])
def test_every_command_has_help_with_an_example_and_a_page_in_docs(name, command):
    if hasattr(command, "commands") and not command.callback:
        return
    assert command.help and "Example: memctl" in command.help, name
    pages = [p for p in (REPO / "docs").glob("*.md") if p.name != "cli.md"]  # cli.md: generated
    told = "".join(p.read_text(encoding="utf-8") for p in pages)
    assert f"memctl {name}" in told, f"no page of docs/ (but cli.md) tells of `memctl {name}`"


def test_usage_errors_exit_2(cli):
    result = cli("now", "--no-such-option", code=2)
    assert result.stderr.startswith("memctl: error: No such option: --no-such-option (see `")
    assert result.stderr.endswith(" now --help`)\n")  # the program's name, then the command's


def test_every_command_answers_a_usage_error_in_one_line_and_with_json_as_json(cli):
    """An unknown option, a missing argument, a bad number, an unknown command: one line on
    stderr and, with --json, the error's JSON document on stdout, exit 2, for every command."""
    from test_doors import leaf_commands

    calls = [[*name.split(), "--no-such-option"] for name in leaf_commands()]
    calls += [["search"], ["search", "x", "--limit", "many"], ["serach", "x"], ["graph"]]
    for argv in calls:
        for json_mode in (False, True) if argv != ["graph"] else (True,):  # else its help
            result = cli(*argv, *(["--json"] if json_mode else []), code=2)
            [line] = result.stderr.splitlines()
            assert line.startswith("memctl: error: ") and "--help`)" in line, (argv, line)
            if json_mode:
                data = json.loads(result.stdout)
                assert data["exit_code"] == 2 and data["type"] == "UsageFailure", argv
                assert line == f"memctl: error: {data['error']}"
            else:
                assert result.stdout == "", argv


def test_errors_are_one_line_without_traceback(cli):
    result = cli("show", "nope", code=1)
    assert result.stderr == "memctl: error: no note or entry 'nope'\n"
    assert result.stdout == ""


def test_errors_in_json_mode_are_json_too(cli):
    result = cli("show", "nope", "--json", code=1)
    data = json.loads(result.stdout)
    assert data["error"] == "no note or entry 'nope'" and data["exit_code"] == 1


def test_bad_input_names_file_and_line(ws, cli):
    (ws.root / "lessons/bad.md").write_text("---\ntitle: x\ntitle: y\n---\n")
    result = cli("add", "lessons/bad", "text", code=1)
    assert result.stderr.startswith("memctl: error: lessons/bad.md:3: frontmatter key 'title'")
    assert (ws.root / "lessons/bad.md").read_text() == "---\ntitle: x\ntitle: y\n---\n"


def test_refusals_exit_3(cli):
    cli("new", "lessons/api", "-p", "high")
    result = cli("add", "lessons/api", "x", "-p", "high", "--expires", "2027-01-01", code=3)
    assert "never expire" in result.stderr


def test_workspace_errors_say_to_run_init(tmp_path):
    result = Cli(None)("now", code=1, env={"MEMCTL_WORKSPACE": str(tmp_path)})
    assert "run `memctl init" in result.stderr


def test_every_command_answers_json(ws, cli):
    cli("new", "lessons/api", "-t", "API")
    added = cli.json("add", "lessons/api", "Use v2", "-k", "LESSON")
    entry_id = added["id"]
    for args in [
        ("now",),
        ("ls",),
        ("show", entry_id),
        ("show", "lessons/api"),
        ("index",),
        ("doctor",),
        ("verify", entry_id),
        ("log", "t", "-m", "x"),
    ]:
        assert isinstance(cli.json(*args), dict), args


def test_plain_output_without_tty_or_with_no_color(ws, cli):
    out = cli("ls").stdout
    assert "\x1b[" not in out
    assert re.search(r"File\s+Pri\s+Status", out)


def test_a_real_subprocess_run_uses_cwd_discovery(ws):
    result = run_memctl("now", cwd=ws.root / "lessons")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("# NOW.md")
    assert result.stdout.rstrip().splitlines()[-1].startswith("health:")
    assert run_memctl("--json", "now", cwd=ws.root).stdout.lstrip().startswith("{")


def test_a_full_stdout_under_json_is_one_line_of_error(ws):
    """`memctl now --json > /dev/full`: the answer cannot be written, nor can the JSON error:
    one line on stderr, exit 1, as without --json (it was two tracebacks)."""
    import subprocess

    from conftest import MEMCTL_BIN

    for json_mode in ([], ["--json"]):
        with open("/dev/full", "w") as full:
            done = subprocess.run(
                [str(MEMCTL_BIN), "-w", str(ws.root), "now", *json_mode],
                stdout=full,
                stderr=subprocess.PIPE,
                text=True,
                timeout=60,
            )
        assert done.returncode == 1 and done.stderr.count("\n") == 1, done.stderr
        assert done.stderr.startswith("memctl: error: the disk is full")


def test_a_date_before_1900_is_refused_and_every_date_is_written_with_four_digits(ws, cli):
    import datetime as dt

    from memctl.dates import fmt_date, fmt_stamp

    cli("new", "projects/atlas")
    before = (ws.root / "projects/atlas.md").read_text()
    for option, day in (("--expires", "0226-03-01"), ("--from-date", "0001-01-01")):
        result = cli("add", "projects/atlas", "Atlas desk is C4", option, day, code=2)
        assert result.stderr.count("\n") == 1 and f"{option} {day}" in result.stderr
        result = cli("remember", "Atlas desk is C4", "-s", "user", option, day, code=2)
    assert (ws.root / "projects/atlas.md").read_text() == before
    assert fmt_date(dt.date(226, 3, 1)) == "0226-03-01"
    assert fmt_stamp(dt.datetime(9, 1, 2, 3, 4)) == "0009-01-02 03:04"


def test_remember_names_each_entry_it_looked_at_once(cli):
    cli("remember", "Never deploy on Fridays", "--kind", "RULE", "-s", "user")
    out = cli("remember", "Do not deploy on Friday afternoons", "-s", "user", "--explain").stdout
    looked = out.split("  looked at:\n", 1)[1].split("  labeler:", 1)[0].splitlines()
    addresses = [line.split()[1] for line in looked]
    assert addresses and len(addresses) == len(set(addresses)), out


def test_a_source_is_read_in_any_case(ws, cli):
    """`--source User`, as a person types it, is the user: every command that takes one."""
    cli("new", "people/anna", "-t", "Anna")
    said = cli.json("remember", "Anna is allergic to hazelnuts", "--source", "User")
    assert said["label"] == "new"
    cli("add", "people/anna", "Anna likes tea", "--source", " AGENT ")
    cli("graph", "add", "Anna", "knows", "Brian", "-s", "User")
    text = (ws.root / "people/anna.md").read_text() + (ws.root / "graph/relations.md").read_text()
    assert "src:user" in text and "src:agent" in text and "src:User" not in text
    cli("add", "people/anna", "Never call Anna before 9am", "-k", "RULE", "-s", "user")
    rule = next(x for x in (ws.root / "people/anna.md").read_text().splitlines() if "9am" in x)
    cli("forget", rule.rsplit("^", 1)[1], "--reason", "she asked", "--source", "USER")


def test_an_entry_is_found_by_hash_caret_id_alone(ws, cli):
    """`#^k3x9`, as a note links to an entry, is the id alone: show and forget find it."""
    cli("new", "people/anna", "-t", "Anna")
    ident = cli.json("add", "people/anna", "Anna likes tea")["id"]
    assert cli.json("show", f"#^{ident}")["entry"]["id"] == ident
