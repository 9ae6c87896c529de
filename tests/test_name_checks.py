"""A file's name is memory text too: the write layer (memctl/change.py, memctl/admission.py)
checks every path a change adds as it checks every line, and a person's uncommitted edit that
memctl would commit first is held to the same checks for purged text as for secrets.

The doors that make files from a name they are given are enumerated in tests/doors.py
(NAME_DOORS) and driven in tests/test_doors.py; these are the layer's own cases."""

from __future__ import annotations

import pytest

from conftest import git
from memctl.errors import Refused

TOKEN = "ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5"
NAME = "Mara Quillfeather"


def _purge(cli, text: str = NAME) -> None:
    cli("new", "people/c", "-t", "Contacts")
    cli("add", "people/c", f"{text} likes tea")
    cli("forget", "--purge", "--match", text, "--yes")


@pytest.mark.parametrize("unattended", [False, True], ids=["asked", "unattended"])
@pytest.mark.parametrize(
    "rel",
    [f"tools/{TOKEN}.md", f"people/{NAME}.md", "people/mara_quillfeather.md"],
    ids=["secret", "purged", "purged-as-a-title-reads-it"],
)
def test_a_change_refuses_a_path_it_adds_and_writes_nothing(ws, cli, rel, unattended):
    _purge(cli)
    head = git(ws, "rev-parse", "HEAD")
    with pytest.raises(Refused) as refused:
        with ws.change("test", unattended=unattended) as change:
            change.write(ws.root / "NOW.md", (ws.root / "NOW.md").read_text() + "\n")
            change.write(ws.root / rel, "- the gate is blue\n")
    shown = str(refused.value)
    assert TOKEN not in shown and "quillfeather" not in shown.casefold()
    assert ("[redacted:github-token]" if TOKEN in rel else "[purged]") in shown
    assert not (ws.root / rel).exists()
    assert git(ws, "rev-parse", "HEAD") == head
    assert git(ws, "status", "--porcelain") == ""


def test_a_move_to_a_new_path_is_checked_and_a_name_the_file_had_is_not_new(ws, cli):
    """A file named by hand keeps its name when memctl moves it into .archive/ (the name was
    there before); a move to a name that holds purged text is refused."""
    _purge(cli)
    (ws.root / "people/hand-made.md").write_text("---\ntitle: By hand\n---\n# By hand\n")
    git(ws, "add", "-A")
    git(ws, "commit", "-qm", "by hand")
    with pytest.raises(Refused):
        with ws.change("test") as change:
            change.move(ws.root / "people/hand-made.md", ws.root / f"people/{NAME}.md")
    assert (ws.root / "people/hand-made.md").exists()
    # a name the person gave before the purge: archived under the name it has
    held = ws.root / "people" / f"{TOKEN[:4]}-{NAME.replace(' ', '-')}.md"
    held.write_text("---\ntitle: Old\n---\n# Old\n")
    git(ws, "add", "-A")
    git(ws, "commit", "-qm", "by hand, before")
    # (the command line refuses the purged name as an argument: the move itself is tried)
    with ws.change("test") as change:
        change.move(held, ws.root / ".archive" / ws.rel(held))
    assert (ws.root / ".archive" / ws.rel(held)).exists()


def test_a_hand_made_file_whose_name_holds_purged_text_is_not_committed_first(ws, cli):
    """A file the person made, that memctl is about to write, is committed first as theirs:
    its name is added to git then, and is checked as a name memctl adds."""
    _purge(cli)
    made = ws.root / f"people/{NAME}.md"
    made.write_text("---\ntitle: Friend\n---\n# Friend\n\n- [FACT] the shed is green ^ab12\n")
    head = git(ws, "rev-parse", "HEAD")
    refused = cli("close", "ab12", "--reason", "painted", code=3)
    assert "people/[purged].md" in refused.stderr and NAME not in refused.stderr
    assert git(ws, "rev-parse", "HEAD") == head
    assert NAME not in git(ws, "log", "--all", "--name-only", "--format=")
    assert made.read_text().endswith("^ab12\n")  # the person's file, as they wrote it


def test_a_hand_edit_holding_purged_text_is_refused_not_committed_first(ws, cli):
    """After a purge, a line typed by hand that holds the purged text was committed by memctl
    itself ("committed your uncommitted edit … first"), and the next sync refused the history.
    It is refused as a secret is: exit 3, the file and line named, nothing committed, the file
    left as the person wrote it."""
    _purge(cli, "Quillfeather")
    path = ws.root / "people/c.md"
    typed = f"- [🟡MED] added:2026-12-05 · {NAME} moved to Leeds ^hh12\n"
    path.write_text(path.read_text() + typed)
    edited = path.read_text()
    line = edited.splitlines().index(typed.rstrip("\n")) + 1
    head = git(ws, "rev-parse", "HEAD")
    refused = cli("add", "people/c", "the garden is watered Mondays", code=3)
    assert f"people/c.md:{line}:" in refused.stderr and "purged on purpose" in refused.stderr
    assert "committed your uncommitted edit" not in refused.stdout + refused.stderr
    assert git(ws, "rev-parse", "HEAD") == head
    assert path.read_text() == edited
    assert "quillfeather" not in git(ws, "log", "-p", "--all").casefold()


def test_a_hand_edit_splitting_purged_text_over_two_lines_is_refused_too(ws, cli):
    _purge(cli)
    path = ws.root / "people/c.md"
    path.write_text(path.read_text() + "- met Mara\n  Quillfeather at the market\n")
    head = git(ws, "rev-parse", "HEAD")
    refused = cli("add", "people/c", "the garden is watered Mondays", code=3)
    assert "purged on purpose" in refused.stderr
    assert git(ws, "rev-parse", "HEAD") == head
