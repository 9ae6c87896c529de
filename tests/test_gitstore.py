"""gitstore.commit on its plumbing path: a large commit stores its blobs as one pack."""

from __future__ import annotations

import pytest

from conftest import git
from memctl import gitstore


def objects(ws) -> dict[str, int]:
    counts = dict(line.split(": ") for line in git(ws, "count-objects", "-v").splitlines())
    return {"loose": int(counts["count"]), "packed": int(counts["in-pack"])}


def test_a_large_commit_stores_its_blobs_in_one_pack_and_records_exactly_its_paths(ws):
    (ws.root / "lessons/gone.md").write_text("- soon removed\n")
    (ws.root / "lessons/same.md").write_text("- unchanged\n")
    gitstore.commit(ws.root, ["lessons/gone.md", "lessons/same.md"], "memctl test: before")
    (ws.root / "lessons/gone.md").unlink()
    paths = [f"lessons/n{i}.md" for i in range(300)]
    for i, rel in enumerate(paths):
        (ws.root / rel).write_text(f"- note {i}\n")
    (ws.root / "lessons/link.md").symlink_to("n1.md")
    before = objects(ws)
    listed = [*paths, "lessons/gone.md", "lessons/same.md", "lessons/link.md", "lessons/ghost.md"]
    made = gitstore.commit(ws.root, listed, "memctl test: many")

    assert sorted(made.paths) == sorted([*paths, "lessons/gone.md", "lessons/link.md"])
    after = objects(ws)
    assert after["packed"] - before["packed"] >= 300  # the blobs, packed
    assert after["loose"] - before["loose"] < 10  # trees and the commit only
    assert git(ws, "show", "HEAD:lessons/n7.md") == "- note 7\n"
    assert git(ws, "cat-file", "-t", "HEAD:lessons/link.md").strip() == "blob"
    assert git(ws, "ls-tree", "HEAD", "lessons/link.md").startswith("120000")  # still a link
    assert git(ws, "status", "--porcelain") == ""  # the index knows each file as it is
    assert gitstore.commit(ws.root, listed, "memctl test: again") is None


def test_a_note_whose_name_looks_like_a_glob_commits_only_itself(ws):
    """With a change of the person's staged, the commit goes through pathspecs: literal ones,
    or the removal of `people/[ab].md` would match (and commit) people/a.md and people/b.md."""
    (ws.root / "people/[ab].md").write_text("- the note\n")
    gitstore.commit(ws.root, ["people/[ab].md"], "memctl test: odd name")
    (ws.root / "people/a.md").write_text("- a\n")
    (ws.root / "people/b.md").write_text("- b\n")
    (ws.root / "semantic/staged.md").write_text("- the person's own, staged\n")
    git(ws, "add", "semantic/staged.md")
    (ws.root / "people/[ab].md").unlink()
    made = gitstore.commit(ws.root, ["people/[ab].md"], "memctl test: removed")
    assert made.paths == ("people/[ab].md",)
    assert git(ws, "show", "--name-only", "--format=", "HEAD").split() == ["people/[ab].md"]
    status = git(ws, "status", "--porcelain")
    assert "A  semantic/staged.md" in status and "?? people/a.md" in status


def test_a_git_failure_names_the_cause_not_the_summary_of_a_command_that_ran_others(ws):
    """`git gc` runs pack-refs and ends on "failed to run pack-refs"; the line before it names
    the file in the way, and that is the one the error gives."""
    (ws.root / ".git" / "packed-refs.lock").write_text("")
    with pytest.raises(gitstore.GitError) as failed:
        gitstore.run(ws.root, "gc", "--quiet")
    assert "packed-refs.lock" in str(failed.value) and "File exists" in str(failed.value)
    assert gitstore.cause("hint: one\nhint: two\n", 1) == "hint: two"
    assert gitstore.cause("", 128) == "128"


def test_a_commit_leaves_no_file_behind_in_the_temporary_folder(ws, tmp_path, monkeypatch):
    """The message goes to git through stdin: while git writes the commit (where a kill -9
    would stop memctl) there is no message file in the temporary folder to leave behind. The
    message arrives whole, a long one (every move of an archive run) included."""
    import os
    import shutil
    import tempfile

    temporary, seen, bin_dir = tmp_path / "tmp", tmp_path / "seen", tmp_path / "bin"
    temporary.mkdir()
    bin_dir.mkdir()
    wrapper = bin_dir / "git"  # the real git, after a look at the temporary folder
    wrapper.write_text(f'#!/bin/sh\nls -A "$TMPDIR" >> "$SEEN"\nexec {shutil.which("git")} "$@"\n')
    wrapper.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("SEEN", str(seen))
    monkeypatch.setenv("TMPDIR", str(temporary))
    monkeypatch.setattr(tempfile, "tempdir", None)  # read TMPDIR again
    (ws.root / "lessons/one.md").write_text("- one\n")
    body = "\n".join(f"moved lessons/n{i}.md to .archive/lessons/n{i}.md" for i in range(3000))
    made = gitstore.commit(ws.root, ["lessons/one.md"], f"memctl test: one\n\n{body}\n")
    assert made is not None and seen.exists()
    assert seen.read_text() == ""  # git ran each time with nothing of memctl's there
    assert list(temporary.iterdir()) == []
    assert git(ws, "log", "-1", "--format=%B") == f"memctl test: one\n\n{body}\n\n"
