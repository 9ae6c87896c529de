"""No commit memctl makes holds a secret: `init` adopting a folder, and the store under every
door (memctl.gitstore.commit, memctl.secrets.staged)."""

from __future__ import annotations

import shutil

import pytest

from conftest import NOW, Cli, git
from memctl import gitstore
from memctl.errors import Refused
from memctl.forgetting.purge import purge
from memctl.purged import REGISTRY

TOKEN = "ghp_R8xK2mQ9vL4nP7wZ3yT6bH1cF5dJ0sA2eG9u"


def committed(root) -> str:
    return git(root, "show", "--name-only", "--format=", "HEAD")


def test_init_adopts_a_folder_and_leaves_a_file_with_a_secret_uncommitted(tmp_path):
    root = tmp_path / "q"
    (root / "notes").mkdir(parents=True)
    (root / "notes/server.md").write_text(f"# Server\nThe deploy token {TOKEN}\n")
    (root / "notes/ok.md").write_text("# Other\nfine\n")
    done = Cli(None)("init", str(root))
    told = [line for line in done.stderr.splitlines() if "server.md" in line]
    assert told == [
        "left notes/server.md:2 uncommitted: it holds what looks like a secret, and memctl "
        "commits none (say where it lives instead)"
    ]
    assert "notes/ok.md" in committed(root) and "server.md" not in committed(root)
    assert TOKEN not in git(root, "log", "-p", "--all")
    assert "?? notes/server.md" in git(root, "status", "--porcelain")
    assert (root / "notes/server.md").read_text().endswith(f"{TOKEN}\n")  # theirs, as it was
    doctor = Cli(root)("doctor")
    assert "notes/server.md:2: left uncommitted: it holds what looks like a secret" in (
        doctor.stdout + doctor.stderr
    )
    Cli(root)("log", "a later write")  # commits its own file, never the held one
    assert "server.md" not in git(root, "log", "--name-only", "--format=")


def test_init_leaves_a_file_holding_a_purged_text_uncommitted(ws, tmp_path):
    (ws.root / "people/joe.md").write_text("# Joe\ncall 555-0142 about the lease\n")
    git(ws, "add", "-A")
    git(ws, "commit", "-qm", "joe")
    purge(ws, "555-0142", now=NOW, dry_run=False)
    copy = tmp_path / "copy"  # a workspace copied without its .git, as workspace-example is
    shutil.copytree(ws.root, copy, ignore=shutil.ignore_patterns(".git", "cache"))
    (copy / "people/joe.md").write_text("# Joe\ncall 555-0142 about the lease\n")
    done = Cli(None)("init", str(copy))
    assert "left people/joe.md:2 uncommitted: it holds text purged on purpose" in done.stderr
    assert REGISTRY in committed(copy) and "people/joe.md" not in committed(copy)
    assert "555-0142" not in git(copy, "log", "-p", "--all")


def test_init_leaves_out_what_the_store_refuses_in_a_file_that_is_not_utf8(tmp_path):
    root = tmp_path / "q"
    root.mkdir()
    (root / "old.md").write_bytes(f"# Caf\xe9\ntoken {TOKEN}\n".encode("latin-1"))
    (root / "fine.md").write_text("# Fine\n")
    done = Cli(None)("init", str(root))
    assert "left old.md uncommitted" in done.stderr
    assert "fine.md" in committed(root) and "old.md" not in committed(root)


def test_the_store_refuses_a_staged_secret_whatever_stages_it(ws):
    head = git(ws, "rev-parse", "HEAD")
    (ws.root / "tools").mkdir(exist_ok=True)
    (ws.root / "tools/ci.md").write_text(f"# CI\n\nfine\nthe token {TOKEN}\n")
    with pytest.raises(Refused) as refused:
        gitstore.commit(ws.root, ["tools/ci.md"], "memctl add: ci")
    assert (refused.value.path, refused.value.line) == ("tools/ci.md", 4)
    assert git(ws, "rev-parse", "HEAD") == head
    assert git(ws, "diff", "--cached", "--name-only") == ""  # nothing left staged


def test_the_store_refuses_a_secret_in_a_repository_without_a_commit(tmp_path):
    root = tmp_path / "r"
    root.mkdir()
    gitstore.init_repo(root)
    (root / "a b.md").write_text(f"{TOKEN}\n")
    with pytest.raises(Refused) as refused:
        gitstore.commit(root, ["a b.md"], "first")
    assert (refused.value.path, refused.value.line) == ("a b.md", 1)
    assert git(root, "ls-files") == ""


def test_the_store_lets_a_secret_a_person_committed_move(ws):
    (ws.root / "people/old.md").write_text(f"# Old\nthe token {TOKEN}\n")
    git(ws, "add", "-A")
    git(ws, "commit", "-qm", "by hand")
    (ws.root / ".archive/people").mkdir(parents=True)
    (ws.root / "people/old.md").rename(ws.root / ".archive/people/old.md")
    made = gitstore.commit(ws.root, ["people/old.md", ".archive/people/old.md"], "archive")
    assert made is not None and ".archive/people/old.md" in made.paths
    (ws.root / "people/old.md").write_text(f"# Old\nthe token {TOKEN}\n")
    git(ws, "add", "people/old.md")
    git(ws, "commit", "-qm", "back by hand")
    text = f"# Old\nthe token {TOKEN}, rotated yearly\n"
    (ws.root / "people/old.md").write_text(text)  # the line rewritten in place, kept
    assert gitstore.commit(ws.root, ["people/old.md"], "rewrite") is not None


@pytest.mark.parametrize(
    "line",
    [
        "log in with the card reader first --source agent --from daily/2026-11-06.md:12",
        "the login page is described in projects/portal/login.md#^k2pa",
    ],
)
def test_a_note_path_beside_a_word_for_a_login_is_no_password(line):
    """The night job's record of a lesson on logging in named the day's log it came from
    (`--from daily/2026-11-06.md:12`): read as a password, it stopped the whole night's commit."""
    from memctl.secrets.scan import scan

    assert scan(line) == []


def test_the_example_workspace_sleeps_and_commits_its_record(example_ws):
    from memctl.nightly.sleep import sleep

    sleep(example_ws, now=NOW)
    assert git(example_ws, "status", "--porcelain", ".memctl/nightly.jsonl") == ""
