"""A purge and a sync never undo each other: two real clones and a bare remote on this machine."""

from __future__ import annotations

import json
import subprocess

import pytest
from test_sync import at, machines  # noqa: F401  (the fixture)

from conftest import git
from memctl.purged import LEGACY, REGISTRY, purged_hash

PHONE = "+1 555 0134"
OTHER = "+44 20 7946 0321"


def objects(root) -> bytes:
    return subprocess.run(
        ["git", "cat-file", "--batch-all-objects", "--batch"],
        cwd=root,
        capture_output=True,
        check=True,
    ).stdout


def holds(root, text: str) -> list[str]:
    """Where a repository still holds `text`: its objects, and its files (under .git too)."""
    found = ["objects"] if text.encode() in objects(root) else []
    grep = subprocess.run(
        ["grep", "-rIl", "--exclude-dir=objects", text, str(root)], capture_output=True, text=True
    )
    return found + grep.stdout.split()


def reachable(root) -> str:
    """Every commit's message and content that a ref of `root` reaches."""
    return git(root, "log", "--all", "-p", "--format=%B")


def fresh_clone(remote, where):
    subprocess.run(["git", "clone", "-q", "--no-local", str(remote), str(where)], check=True)
    return where


def test_after_a_purge_neither_machine_brings_the_text_back(machines, tmp_path):  # noqa: F811
    a, b, a_root, b_root = machines
    remote = tmp_path / "remote.git"
    a("new", "people/anna", "-t", "Anna")
    a("add", "people/anna", f"Anna's phone is {PHONE}")
    a("sync")
    b("sync")
    assert PHONE in (b_root / "people/anna.md").read_text()

    a("forget", "--purge", "--match", PHONE, "--yes")
    assert holds(a_root, PHONE) == []
    refused = a("sync", code=3)
    assert "holds text purged on purpose" in refused.stderr and "push --force" in refused.stderr
    assert holds(a_root, PHONE) == []  # nothing merged, and what was fetched is gone again
    assert PHONE.encode() in objects(remote)  # the remote is as it was

    git(a_root, "push", "-q", "--force", "origin", "main")  # what the refusal says to do
    assert a.json("sync")["received"] == 0

    b("log", "From B", "-m", "written before B heard of the purge", env=at("10:05"))
    refused = b("sync", code=3)
    assert "this workspace's history holds text purged" in refused.stderr
    assert PHONE not in reachable(remote)  # B pushed nothing

    b("forget", "--purge", "--match", PHONE, "--yes")  # the same purge, run there
    done = b.json("sync")
    assert done["how"] == "merge" and done["sent"] >= 1
    assert "<<<<<<<" not in (b_root / REGISTRY).read_text()
    assert holds(b_root, PHONE) == []
    assert a.json("sync")["received"] >= 1
    assert "written before B heard" in (a_root / "daily/2026-11-30.md").read_text()
    assert holds(fresh_clone(remote, tmp_path / "c"), PHONE) == []
    assert holds(a_root, PHONE) == [] and PHONE not in reachable(remote)
    refused = a("add", "people/anna", f"new phone {PHONE}", code=3)
    assert "purged on purpose" in refused.stderr


def purged_and_cloned_again(two: tuple, text: str):
    """A logs the text, both machines sync, A purges it and force-pushes; a fresh clone of the
    remote, as the purge tells B to make."""
    a, b, a_root, _ = two
    a("log", "Note", "-m", f"it is {text}", env=at("10:00"))
    a("sync")
    b("sync")
    a("forget", "--purge", "--match", text, "--yes")
    git(a_root, "push", "-q", "--force", "origin", "main")
    return fresh_clone(a_root.parent / "remote.git", a_root.parent / "b2")


def test_a_machine_that_never_heard_of_a_purge_cannot_push_the_text_again(machines):  # noqa: F811
    a, b, a_root, b_root = machines
    # B re-clones as told, then someone writes the text again there, by hand, in git
    b_root2 = purged_and_cloned_again(machines, PHONE)
    (b_root2 / "NOW.md").write_text((b_root2 / "NOW.md").read_text() + f"\n- ring {PHONE}\n")
    git(b_root2, "-c", "user.name=B", "-c", "user.email=b@x", "commit", "-qam", "by hand")
    from conftest import Cli

    refused = Cli(b_root2)("sync", code=3)
    assert "this workspace's history holds text purged" in refused.stderr
    assert a.json("sync")["received"] == 0


def legacy_registry(text: str, salt: str = "ab" * 16) -> str:
    """The purge registry as earlier versions wrote it: one salt for every record."""
    record = {
        "receipt": "20260101-0900-legacy",
        "hash": purged_hash(salt, text),
        "length": len(text.casefold()),
        "date": "2026-01-01",
    }
    return json.dumps({"salt": salt, "purged": [record]}, indent=2) + "\n"


def test_two_machines_that_each_purge_merge_their_registries(machines):  # noqa: F811
    a, b, a_root, b_root = machines
    (a_root / LEGACY).write_text(legacy_registry("the old secret"))
    git(a_root, "add", LEGACY)
    git(a_root, "commit", "-qm", "a registry of an earlier version")
    a("sync")
    b("sync")
    a("log", "Call", "-m", f"Anna: {PHONE}", env=at("10:00"))  # only ever on A
    b("log", "Call", "-m", f"Bob: {OTHER}", env=at("10:05"))  # only ever on B
    a("forget", "--purge", "--match", PHONE, "--yes")
    b("forget", "--purge", "--match", OTHER, "--yes")
    assert not (a_root / LEGACY).exists() and not (b_root / LEGACY).exists()  # moved in

    a("sync")
    done = b.json("sync")  # both added the new registry and removed the old one
    assert done["how"] == "merge" and git(b_root, "status", "--porcelain") == ""
    a("sync")
    for root in (a_root, b_root):
        lines = (root / REGISTRY).read_text().splitlines()
        assert "<<<<<<<" not in "".join(lines)
        assert len([line for line in lines if '"salt"' in line]) >= 3
    for cli, text in ((a, OTHER), (b, PHONE), (a, "the OLD secret"), (b, "the old secret")):
        cli("add", "semantic/inbox", f"again: {text}", code=3)
    b("log", "After", "-m", "later writes still work", env=at("11:00"))
    assert b.json("sync")["sent"] == 1


@pytest.mark.parametrize("rebase", [False, True])
def test_an_ordinary_sync_with_a_registry_still_merges(machines, rebase):  # noqa: F811
    a, b, _, b_root = machines
    a("log", "Call", "-m", f"Anna: {PHONE}", env=at("10:00"))
    a("forget", "--purge", "--match", PHONE, "--yes")  # never pushed: nothing to refuse
    a("sync")
    b("log", "From B", env=at("10:05"))
    args = ["sync", "--rebase"] if rebase else ["sync"]
    assert b.json(*args)["received"] >= 2
    b("add", "semantic/inbox", f"call {PHONE}", code=3)


def test_a_peer_that_empties_the_registry_does_not_bring_a_purged_text_back(machines):  # noqa: F811
    """The registry only grows: a peer's commit that empties it (a fast-forward here) does
    not take the records a purge made here away, so the text stays refused at every door,
    and the peer's later copy of it is refused by the next sync."""
    a, b, a_root, b_root = machines
    b("log", "trip", "-m", f"call {PHONE}", env=at("10:00"))
    b("forget", "--purge", "--match", PHONE, "--yes")
    b("sync")
    registered = (b_root / REGISTRY).read_text()
    a("sync")
    (a_root / REGISTRY).write_text("")
    git(a_root, "commit", "-qam", "tidy")
    a("sync")
    done = b.json("sync")
    assert done["received"] == 1 and done["kept_purge_records"] == len(registered.splitlines())
    assert (b_root / REGISTRY).read_text() == registered
    assert git(b_root, "status", "--porcelain") == ""
    refused = b("log", "again", "-m", f"call {PHONE} again", code=3, env=at("10:10"))
    assert "purged on purpose" in refused.stderr
    a("sync")  # the record comes back to A too
    assert (a_root / REGISTRY).read_text().strip()
    (a_root / "NOW.md").write_text((a_root / "NOW.md").read_text() + f"- {PHONE} via peer\n")
    git(a_root, "commit", "-qam", "add")
    git(a_root, "push", "-q", "origin", "main")
    assert "holds text purged on purpose" in b("sync", code=3).stderr
    assert holds(b_root, PHONE) == []


def test_a_purged_address_does_not_come_back_as_who_made_a_commit(machines):  # noqa: F811
    """The purge rewrites authors too, but sync read only the messages, names and lines that
    commits bring: a peer whose user.email is the purged address brought it back."""
    a, b, a_root, b_root = machines
    address = "dana.k@privmail.example"
    b_root2 = purged_and_cloned_again(machines, address)
    (b_root2 / "NOW.md").write_text((b_root2 / "NOW.md").read_text() + "\n- water the plants\n")
    git(b_root2, "-c", "user.name=Dana", "-c", f"user.email={address}", "commit", "-qam", "plants")
    git(b_root2, "push", "-q", "origin", "main")  # plain git, past memctl's outgoing check
    refused = a("sync", code=3)
    assert "purged" in refused.stderr
    assert address not in git(a_root, "log", "--all", "--format=%ae %ce")
