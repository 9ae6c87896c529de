"""A purged name comes back in none of the ways someone typing ASCII writes it: without its
accents ("Jose Nunez" for "José Núñez"), with German's umlauts spelled out or dropped ("Joerg
Muellerstrasse", "Jorg Mullerstrasse" for "Jörg Müllerstraße"), accents added ("Wilhelmína"),
and, for a name of two words, surname first, after a comma or not ("Crabtree, Wilhelmina",
"Crabtree Wilhelmina"). Every door
refuses them (the registry's one reading, memctl.secrets.letters); the purge itself finds them
in the notes and in history; a peer's note named so does not come in through sync. Other
names go in."""

from __future__ import annotations

import datetime as dt

import pytest
from test_purge_spellings import read_alike
from test_sync import machines  # noqa: F401 (a fixture)

from conftest import Cli, git, made
from memctl.purged import Registry, new_records

PURGED = ("José Núñez", "Jörg Müllerstraße", "Wilhelmina Crabtree")
COMES_BACK = [
    "Jose Nunez", "JOSE NUNEZ", "josenunez", "José Nuñez", "Jose Núñez", "jose.nunez",
    "Nunez, Jose", "Núñez, José",
    "Joerg Muellerstrasse", "Jorg Mullerstrasse", "Jorg Muellerstrasse", "Jörg Mullerstrasse",
    "Joerg Müllerstraße", "joergmuellerstrasse",
    "Wilhelmína Crabtree", "Crabtree, Wilhelmina", "Crabtree,  Wilhelmina",
    "Crabtrée, Wilhelmina", "Crabtree Wilhelmina",
]  # fmt: skip
# Other names, and the words of a purged one apart or otherwise joined.
GOES_IN = [
    "Joseph Nunez", "Jose Garcia", "Jorge Muller", "Muellerstrasse 5", "Jo Smith",
    "Wilhelmina Crabb", "Crabtree; Wilhelmina", "Crabtree, Wilma",
]  # fmt: skip
TODAY = dt.date(2026, 12, 5)


def _purge(cli) -> None:
    cli("new", "people/contacts")
    for name in PURGED:
        cli("add", "people/contacts", f"{name} is a contact")
        cli("forget", "--purge", "--match", name, "--yes")


@pytest.fixture
def purged(tmp_path):
    return Cli(made("purged-ascii", _purge, tmp_path).root)


def _doors(text: str) -> list[tuple[str, ...]]:
    return [
        ("log", "t", "-m", f"{text} called"),
        ("add", "people/other", f"{text} called"),
        ("remember", f"{text} called back", "--topic", "people/other", "-s", "user"),
        ("graph", "add", text, "knows", "Ann", "--as-new"),  # one workspace for every form
        ("new", f"people/{text}"),
    ]


def test_every_door_refuses_a_purged_name_as_ascii_writes_it(purged):
    purged("new", "people/other")
    for form in COMES_BACK:
        for argv in _doors(form):
            done = purged(*argv, code=None)
            assert done.exit_code != 0, (argv, done.stdout)
            assert "purged on purpose" in done.stderr + done.stdout, argv


def test_other_names_go_in(purged):
    purged("new", "people/other")
    for form in GOES_IN:
        for argv in _doors(form):
            if argv[0] == "new" and ("," in form or ";" in form):
                continue
            purged(*argv)


def test_the_registry_and_the_purge_read_the_same_forms():
    """Each form the registry refuses, the purge's own patterns find, in str and in bytes."""
    read_alike(tuple(PURGED), COMES_BACK, [])
    registry = Registry(
        [r for t in PURGED for r in new_records(t, salt="00" * 16, receipt="r", today=TODAY)]
    )
    for form in GOES_IN:
        assert registry.match(f"met {form} today") is None, form


def test_the_purge_takes_the_ascii_copies_from_the_notes_and_history(ws, cli):
    cli("new", "people/contacts")
    cli("add", "people/contacts", "José Núñez is the landlord")
    cli("add", "people/contacts", "email jose.nunez@example.com")
    cli("log", "Call", "-m", "rang Joerg Muellerstrasse, then Crabtree, Wilhelmina")
    for name in PURGED:
        cli("forget", "--purge", "--match", name, "--yes")
    kept = (ws.root / "people/contacts.md").read_text()
    assert "email [purged]@example.com" in kept
    history = git(ws, "log", "--all", "-p", "--format=%B")
    for copy in ("jose.nunez", "Muellerstrasse", "Crabtree, Wilhelmina"):
        assert copy.lower() not in history.lower(), copy
    assert git(ws, "status", "--porcelain") == ""


@pytest.mark.parametrize("rel", ["people/wilhelmína crabtree.md", "people/Crabtree, Wilhelmina.md"])
def test_sync_refuses_a_peers_note_named_as_ascii_writes_a_purged_name(machines, rel):  # noqa: F811
    a, b, a_root, b_root = machines
    a("forget", "--purge", "--match", "Wilhelmina Crabtree", "--yes")
    a("sync")
    b("sync")
    (b_root / rel).write_text("# Contact\n\n- [FACT] the landlord ^ab12\n")
    git(b_root, "add", "-A")
    git(b_root, "commit", "-qm", "a contact")
    git(b_root, "push", "-q", "origin", "main")
    head = git(a_root, "rev-parse", "HEAD")
    refused = a("sync", code=3)
    assert "purged" in refused.stderr
    assert git(a_root, "rev-parse", "HEAD") == head and not (a_root / rel).exists()
