"""No git hook, and no other program a git config names, runs under a memctl command.

Real repositories, real `memctl` processes: every command that runs git (init, init --from,
log, new, add, remember, consolidate, archive, sleep, sync pulling and pushing, forget
--purge) with a hooks folder whose every hook writes its name to a marker file."""

from __future__ import annotations

import stat
import subprocess
from pathlib import Path

import pytest

from conftest import git, run_memctl

# githooks(5): every hook a client-side git command can run. The server's own (pre-receive,
# update, post-receive…) run in the remote, which is the remote's business, not this machine's.
CLIENT_HOOKS = (
    "applypatch-msg pre-applypatch post-applypatch pre-commit pre-merge-commit "
    "prepare-commit-msg commit-msg post-commit pre-rebase post-checkout post-merge pre-push "
    "reference-transaction pre-auto-gc post-rewrite post-index-change fsmonitor-watchman"
).split()


def _hooks(folder: Path, marker: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name in CLIENT_HOOKS:
        hook = folder / name
        hook.write_text(f'#!/bin/sh\necho "hook {name} $PWD" >> "{marker}"\n')
        hook.chmod(hook.stat().st_mode | stat.S_IXUSR)
    return folder


def _ran(marker: Path) -> list[str]:
    return sorted(set(marker.read_text().splitlines())) if marker.exists() else []


def _memctl(*args: str, env: dict | None = None) -> None:
    result = run_memctl(*args, env=env)
    assert result.returncode == 0, (args, result.stderr)


def test_no_hook_or_fsmonitor_of_the_users_config_runs_under_any_command(tmp_path):
    """The user's own config names a hooks folder and a file-system monitor: memctl's git
    commands run neither (husky, pre-commit and the like are for the person's commits)."""
    marker = tmp_path / "ran.txt"
    hooks = _hooks(tmp_path / "hooks", marker)
    monitor = tmp_path / "monitor.sh"
    monitor.write_text(f'#!/bin/sh\necho fsmonitor >> "{marker}"\n')
    monitor.chmod(0o755)
    git(tmp_path, "config", "--global", "core.hooksPath", str(hooks))
    git(tmp_path, "config", "--global", "core.fsmonitor", str(monitor))
    remote = tmp_path / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(remote)], check=True)
    git(remote, "config", "core.hooksPath", str(tmp_path / "none"))  # the remote's own hooks
    a, b = tmp_path / "a", tmp_path / "b"
    day = {"MEMCTL_NOW": "2026-11-29T10:00"}
    _memctl("init", str(a), env=day)
    git(a, "remote", "add", "origin", str(remote))
    _memctl("-w", str(a), "new", "projects/atlas", env=day)
    _memctl("-w", str(a), "add", "projects/atlas", "Atlas runs on Postgres 14", "-k", "FACT")
    _memctl(
        "-w", str(a), "add", "projects/atlas", "sprint ends", "-p", "low", "--expires", "2026-11-30"
    )
    _memctl(
        "-w", str(a), "log", "Atlas call", "-m", "DECISION: Atlas moves to Postgres 16", env=day
    )
    _memctl("-w", str(a), "remember", "Anna's birthday is December 6", "--source", "user")
    _memctl("-w", str(a), "sync")  # the first push
    _memctl("init", "--from", str(remote), str(b))
    _memctl("-w", str(b), "log", "from b", "-m", "a line from the other machine")
    _memctl("-w", str(b), "sync")  # a push
    _memctl("-w", str(a), "log", "from a", "-m", "a line from this machine")
    _memctl("-w", str(a), "sync")  # a pull that merges, then a push
    _memctl("-w", str(a), "consolidate", "--date", "2026-11-29")
    _memctl("-w", str(a), "archive", "--today", "2026-12-15")
    _memctl("-w", str(a), "sleep")
    _memctl("-w", str(a), "forget", "--purge", "--match", "Postgres 16", "--yes")
    assert git(a, "log", "--format=%s").count("\n") > 8  # every command committed
    assert _ran(marker) == []


def test_hooks_a_peer_commits_into_a_tracked_hooks_folder_never_run(tmp_path):
    """`core.hooksPath` names a tracked folder: a peer's commit puts programs there, sync
    brings them in, and no later command of memctl's runs them. (Sync refuses `.githooks/` and
    `.husky/` as a harness's files, kinds.py; any other folder can hold hooks.)"""
    marker = tmp_path / "ran.txt"
    remote = tmp_path / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(remote)], check=True)
    a, b = tmp_path / "a", tmp_path / "b"
    _memctl("init", str(a))
    git(a, "remote", "add", "origin", str(remote))
    _memctl("-w", str(a), "sync")
    _memctl("init", "--from", str(remote), str(b))
    git(b, "config", "core.hooksPath", "tools/hooks")
    _hooks(a / "tools/hooks", marker)
    git(a, "add", "tools/hooks")
    git(a, "commit", "-qm", "tooling")
    _memctl("-w", str(a), "sync")
    assert _ran(marker) == []  # A's own hooks folder is .git/hooks, empty
    _memctl("-w", str(b), "sync")  # the peer's hooks come in, by a fast-forward
    assert (b / "tools/hooks/post-merge").exists()
    _memctl("-w", str(b), "log", "hi", "-m", "there")
    _memctl("-w", str(b), "remember", "Sam's office is on floor 3", "--source", "user")
    _memctl("-w", str(b), "forget", "--purge", "--match", "there", "--yes")
    _memctl("-w", str(b), "sync")  # a push
    assert _ran(marker) == []


@pytest.mark.parametrize(
    "url", ["fd::3", "fd::0", "ext::sh -c touch% /tmp/memctl-pwned", "gcrypt::rsync://host/x"]
)
def test_init_from_refuses_every_remote_helper_url(tmp_path, url):
    """`<transport>::` hands the URL to `git-remote-<transport>`: `fd::` waited for ever on
    the terminal's descriptors, `ext::` runs a command; memctl takes none of them."""
    result = run_memctl("init", "--from", url, str(tmp_path / "c"), timeout=20)
    assert result.returncode == 1, result.stderr
    assert "uses a transport that runs a command" in result.stderr
    assert not (tmp_path / "c").exists()


def test_sync_refuses_a_remote_helper_url_of_the_workspaces_remote(ws):
    git(ws, "remote", "add", "origin", "hg::https://example.com/memory")
    result = run_memctl("-w", str(ws.root), "sync", timeout=20)
    assert result.returncode == 1 and "git remote origin" in result.stderr
    assert "uses a transport that runs a command" in result.stderr
