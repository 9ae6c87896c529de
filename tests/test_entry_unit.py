"""An entry line is one unit to the secret check: its text and the values said of it.

A password given in an option (`--by`, `--when`, `--reason`…) while the entry's own text names
a secret ("Sam's password for the billing portal") is that password, as it is when the text
holds it: every door that puts an option's value beside a text refuses it, and nothing memctl
keeps (the note, the commit, `.memctl/gate.jsonl`) holds it. Names, models and references
said of such an entry stay ("claude-opus-4", "JIRA-1234", "daily/2026-12-01.md:12").
"""

from __future__ import annotations

import pytest

from conftest import Cli
from doors import DOORS, P, bench, fill, git, leaked, stores


def git_log(root) -> str:
    return git(root, "log", "-p", "--all")


PASSWORDS = ("Tr0ub4dor&3x", "Xk7#pLq2vR9m")
NAMING = "Sam's password for the billing portal"
# the texts the door table's slots give beside an option, each made to name a secret
TEXTS = {
    "text": NAMING,
    "a fact": NAMING,
    "a fact about {N}": f"{NAMING} {{N}}",
    "task": NAMING,
    "title": NAMING,
}
NAMED = ("{ID}", "{LESSON}", "{RULE}", "{REL}", "1")  # made below to name a secret
# every slot of the door table whose text goes in as an option's value beside a text
OPTION_SLOTS = [
    (door.command, slot)
    for door in DOORS
    for slot in door.slots
    if any(arg.startswith("--") and arg.endswith(f"={P}") for arg in slot)
    and any(arg in TEXTS or arg in NAMED for arg in slot)
]


def _named_bench(tmp_path):
    """The doors' workspace, with the entry, the lesson, the rule, the relation and the task the
    slots name each naming a secret."""
    b, cli = bench(tmp_path, Cli)
    b.ids["ID"] = cli.json("add", "lessons/a", f"{NAMING} is in 1Password")["id"]
    b.ids["LESSON"] = cli.json("add", "lessons/a", f"rotate {NAMING}", "-k", "LESSON")["id"]
    rule = cli.json("add", "rules/house", f"never paste {NAMING}", "-s", "user")
    b.ids["RULE"] = rule["id"]
    relation = cli.json("graph", "add", "billing portal", "password kept in", "1Password")
    b.ids["REL"] = relation["relation"]["id"]
    cli("now", "done", "1")
    cli("now", "start", NAMING)  # task 1 of the slots
    return b, cli


def test_the_slots_cover_every_option_the_door_table_names():
    commands = {command for command, _ in OPTION_SLOTS}
    assert {"add", "remember", "close", "graph close", "now block", "log"} <= commands


@pytest.mark.parametrize("password", PASSWORDS)
def test_no_door_stores_a_password_given_in_an_option_beside_a_text_naming_it(password, tmp_path):
    b, cli = _named_bench(tmp_path)
    let_in = []
    for command, slot in OPTION_SLOTS:
        argv = [TEXTS.get(arg, arg) for arg in slot]
        code = cli(*fill(tuple(argv), b, password), code=None).exit_code
        if code == 0:
            let_in.append(command)
    assert leaked(stores(b), [password]) == [], let_in


def test_a_value_named_by_its_entry_is_refused_naming_the_option(cli, ws):
    r = cli("remember", NAMING, "-s", "user", "--by", "Tr0ub4dor&3x", code=3)
    assert "by looks like it holds a secret" in r.stderr and "Tr0ub4dor" not in r.stderr
    cli("new", "tools/db", "-t", "Database")
    r = cli("add", "tools/db", "the prod db password is below", "--when", "Xk7#pLq2vR9m", code=3)
    assert "[redacted:password]" in r.stderr and "Xk7#" not in r.stdout + r.stderr
    cli("add", "tools/db", "Xk7#pLq2vR9m", "--when", "the prod db password", code=3)
    log = (ws.root / ".memctl" / "gate.jsonl").read_text()
    assert "Tr0ub4dor" not in log and "Xk7#" not in log
    assert "Tr0ub4dor" not in git_log(ws.root) and "Xk7#" not in git_log(ws.root)


@pytest.mark.parametrize("value", ["claude-opus-4", "gpt4o-mini", "JIRA-1234", "ops-bot2"])
def test_names_and_references_said_of_an_entry_naming_a_secret_stay(value, cli, ws):
    cli("new", "tools/db", "-t", "Database")
    cli("add", "tools/db", "the wifi password is on the router sticker", "--by", value)
    cli("remember", "the billing portal password is in 1Password", "-s", "user", "--by", value)
    assert value in (ws.root / "tools" / "db.md").read_text()
    assert value in (ws.root / ".memctl" / "gate.jsonl").read_text()


def test_an_audit_line_never_holds_a_value_its_text_names():
    from memctl.gate.audit import _provenance
    from memctl.gate.request import Request

    request = Request(text=NAMING, source="user", trust="trusted", by="Tr0ub4dor&3x")
    assert _provenance(request)["by"] == "[redacted:password]"
