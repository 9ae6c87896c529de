"""`memctl sync`: two clones and a bare remote on this machine."""

from __future__ import annotations

import json
import subprocess

import pytest

from conftest import Cli, git, run_memctl
from memctl.workspace import open_workspace


@pytest.fixture
def machines(ws, tmp_path):
    """Machine A (the workspace), a bare remote, and machine B cloned from it."""
    remote = tmp_path / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(remote)], check=True)
    git(ws, "remote", "add", "origin", str(remote))
    a = Cli(ws.root)
    first = a.json("sync")
    assert first["sent"] >= 1 and first["received"] == 0
    b_root = tmp_path / "b"
    subprocess.run(["git", "clone", "-q", str(remote), str(b_root)], check=True)
    git(b_root, "config", "user.name", "B")
    git(b_root, "config", "user.email", "b@example.com")
    open_workspace(b_root)  # the clone is a workspace: its config came with it
    return a, Cli(b_root), ws.root, b_root


def at(minute: str) -> dict:
    return {"MEMCTL_NOW": f"2026-11-30T{minute}"}


def test_daily_logs_from_two_machines_merge_without_a_conflict(machines):
    a, b, a_root, b_root = machines
    a("log", "From A", "-m", "A's line", env=at("10:00"))
    b("log", "From B", "-m", "B's line", env=at("10:05"))
    assert a.json("sync")["sent"] == 1
    done = b.json("sync")
    assert done["received"] == 1 and done["how"] == "merge" and done["sent"] == 2
    assert a.json("sync")["received"] == 2
    day = "daily/2026-11-30.md"
    text = (a_root / day).read_text()
    assert text == (b_root / day).read_text()
    assert "### 10:00 — From A" in text and "### 10:05 — From B" in text and "<<<<<<<" not in text
    assert git(a_root, "status", "--porcelain").strip() == ""
    assert a.json("sync") == {
        "remote": "origin",
        "branch": "main",
        "received": 0,
        "sent": 0,
        "how": "none",
        "kept_purge_records": 0,
    }


def test_rebase_keeps_history_linear(machines):
    a, b, a_root, b_root = machines
    a("log", "From A", env=at("10:00"))
    a("sync")
    b("log", "From B", env=at("10:05"))
    assert b.json("sync", "--rebase")["how"] == "rebase"
    assert git(b_root, "rev-list", "--merges", "--count", "HEAD").strip() == "0"
    assert "From A" in (b_root / "daily/2026-11-30.md").read_text()


def test_a_real_conflict_is_left_for_a_person_and_reported(machines):
    a, b, a_root, b_root = machines
    a("now", "focus", "ship the archive job")
    a("sync")
    b("now", "focus", "answer Anna")
    result = b("sync", code=1)
    assert result.stderr.startswith("memctl: error: sync stopped: 1 file(s) changed on both sides")
    assert "NOW.md" in result.stderr and "git commit" in result.stderr
    now = (b_root / "NOW.md").read_text()
    assert "<<<<<<<" in now and "ship the archive job" in now and "answer Anna" in now
    again = b("sync", "--json", code=1)
    assert json.loads(again.stdout)["files"] == ["NOW.md"]
    assert "not finished" in again.stderr

    (b_root / "NOW.md").write_text(
        now.split("<<<<<<<")[0] + "- ship the archive job\n- answer Anna\n"
    )
    git(b_root, "add", "NOW.md")
    git(b_root, "commit", "-qm", "both focus items")
    assert b.json("sync")["sent"] >= 2
    assert a.json("sync")["received"] >= 2
    assert "answer Anna" in (a_root / "NOW.md").read_text()


def test_no_remote_is_an_error_that_says_what_to_do(cli):
    result = cli("sync", code=1)
    assert "no git remote" in result.stderr and "remote add origin" in result.stderr


# --- values from the command line or the repository never reach git as options ---------------


def test_a_remote_that_looks_like_an_option_runs_nothing(machines, tmp_path):
    a, _, a_root, _ = machines
    payload = tmp_path / "pwned"
    hostile = f"--upload-pack=touch {payload}; git-upload-pack"
    result = run_memctl("-w", str(a_root), "sync", "--remote", hostile)
    assert result.returncode == 1 and not payload.exists()
    assert "--remote" in result.stderr and "not a remote name" in result.stderr
    other = a("sync", "--remote", str(tmp_path / "remote.git"), code=1)
    assert "not one of this workspace's git remotes (origin)" in other.stderr
    assert "remote add NAME URL" in other.stderr


@pytest.mark.parametrize("name", ["-evil", "evil"])
def test_a_remote_named_or_pointing_like_a_command_is_refused(machines, tmp_path, name):
    a, _, a_root, _ = machines
    payload = tmp_path / "pwned"
    url = f"ext::sh -c touch% {payload}" if name == "evil" else str(tmp_path / "remote.git")
    git(a_root, "config", f"remote.{name}.url", url)
    git(a_root, "config", "--global", "protocol.allow", "always")  # the user's own, lax config
    result = run_memctl("-w", str(a_root), "sync", "--remote", name)
    assert result.returncode == 1 and not payload.exists(), result.stderr
    assert ("runs a command" if name == "evil" else "cannot start with '-'") in result.stderr
    git(a_root, "config", "branch.main.remote", name)  # the same value, as the upstream
    result = run_memctl("-w", str(a_root), "sync")
    assert result.returncode == 1 and not payload.exists()
    assert ("git remote evil" if name == "evil" else "branch.main.remote") in result.stderr


def test_the_ext_transport_stays_off_even_where_the_user_allows_it(machines, tmp_path):
    """The second wall: a fetch memctl makes never runs `ext::`, whatever the config says."""
    from memctl.errors import MemctlError
    from memctl.integrations.sync import _fetch

    _, _, a_root, _ = machines
    payload = tmp_path / "pwned"
    git(a_root, "config", "remote.evil.url", f"ext::sh -c touch% {payload}")
    git(a_root, "config", "--global", "protocol.ext.allow", "always")
    with pytest.raises(MemctlError, match="git fetch from evil failed"):
        _fetch(a_root, "evil", "main")
    assert not payload.exists()


def test_every_line_two_machines_logged_is_consolidated_once(machines):
    """A merge of two machines' logs of one day puts the other machine's lines among those a
    run already read: each line is consolidated once, whichever machine runs and wherever the
    merge put it (a run records the lines it read by their text, not by their place)."""
    a, b, a_root, b_root = machines
    a("log", "A item", "-m", "FACT: the boiler was serviced in November src:user", env=at("10:00"))
    a("consolidate", "--date", "2026-11-30", env=at("12:00"))
    a("sync")
    b("log", "B item", "-m", "FACT: the car insurance renews in March src:user", env=at("10:05"))
    b("sync")  # B's day and A's merge: the union puts one machine's lines above the other's
    a("sync")
    a("log", "A again", "-m", "FACT: the gutters were cleared in October src:user", env=at("13:00"))
    first = a.json("consolidate", "--date", "2026-11-30", env=at("23:30"))
    promoted = sorted(s["text"] for s in first["steps"] if s["action"] == "promoted")
    assert promoted == [
        "the car insurance renews in March",
        "the gutters were cleared in October",
    ], first["steps"]
    again = a.json("consolidate", "--date", "2026-11-30", env=at("23:45"))
    assert again["already"] and again["steps"] == []
    a("sync")
    b("sync")
    assert b.json("consolidate", "--date", "2026-11-30", env=at("23:50"))["already"]
    notes = "".join(p.read_text() for p in b_root.rglob("*.md") if "daily" not in p.parts)
    for fact in ("boiler was serviced", "insurance renews", "gutters were cleared"):
        assert notes.count(fact) == 1, fact


def test_two_machines_that_each_remember_into_one_note_merge_without_a_conflict(machines):
    """Both machines add an entry at the end of the same note (made on both sides the same
    day, or there before) and each write's audit line: the merge keeps both entries, ours
    first, and both audit lines, with no conflict for a person."""
    a, b, a_root, b_root = machines
    a("remember", "The dentist is Dr. Smith", "-s", "user", env=at("10:00"))
    b("remember", "The plumber is Mario", "-s", "user", env=at("10:05"))
    a("sync")
    done = b.json("sync")
    assert done["how"] == "merge" and done["sent"] >= 2
    a("add", "semantic/inbox", "The bins go out on Tuesday", env=at("11:00"))
    b("add", "semantic/inbox", "The gas meter is in the cellar", env=at("11:05"))
    a("sync")
    b("sync")
    a("sync")
    inbox = (a_root / "semantic/inbox.md").read_text()
    assert inbox == (b_root / "semantic/inbox.md").read_text() and "<<<<<<<" not in inbox
    for fact in ("Dr. Smith", "Mario", "bins go out", "gas meter"):
        assert inbox.count(fact) == 1, fact
    assert len((a_root / ".memctl/gate.jsonl").read_text().splitlines()) == 2
    assert git(b_root, "status", "--porcelain") == ""
    assert "no problems" in b("doctor").stdout


def test_a_peers_gitattributes_that_change_what_git_writes_are_refused(machines):
    """A peer's .gitattributes line that re-encodes a note on checkout (past the purge's check
    of the history) or names a program is refused, naming the file and line, and nothing is
    merged; a line that says how files merge is taken."""
    a, b, a_root, b_root = machines
    attributes = a_root / ".gitattributes"
    attributes.write_text(attributes.read_text() + "notes/*.md merge=union\n")
    git(a_root, "commit", "-qam", "one more union")
    a("sync")
    assert b.json("sync")["received"] == 1
    taken = git(a_root, "rev-parse", "HEAD").strip()
    for line in ("people/*.md working-tree-encoding=UTF-16LE", "*.md filter=lfs diff=lfs"):
        git(a_root, "reset", "-q", "--hard", taken)
        attributes.write_text(attributes.read_text() + line + "\n")
        git(a_root, "commit", "-qam", "attributes")
        git(a_root, "push", "-q", "--force", "origin", "HEAD:main")
        head = git(b_root, "rev-parse", "HEAD")
        refused = b("sync", code=3)
        number = attributes.read_text().splitlines().index(line) + 1
        assert f".gitattributes:{number} as the remote has it sets" in refused.stderr
        assert git(b_root, "rev-parse", "HEAD") == head
