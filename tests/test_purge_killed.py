"""A purge killed (`kill -9`, its whole process group) at a chosen moment: in `git reflog
expire`, while it cleans files, in the history rewrite. The next command puts the workspace
right on its own and says the purge was cut short; the purge's rerun finishes it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

from test_purge import PHONE, history, traces

from conftest import MEMCTL_BIN, TODAY, git, run_memctl
from memctl.longterm import add_entry, new_note

PURGE = ("forget", "--purge", "--match", PHONE, "--yes")


def prepared(ws) -> Path:
    """History that holds the text, and the text in two live notes."""
    history(ws.root, 600)
    for name in ("anna", "sam"):
        new_note(ws, f"people/{name}", title=name.title(), today=TODAY)
        add_entry(ws, f"people/{name}", f"{name.title()}'s number is {PHONE}", today=TODAY)
    return ws.root


def kill_when(root: Path, ready: Callable[[], bool]) -> None:
    """Start the purge, kill its process group the moment `ready()` holds, wait until it is gone."""
    proc = subprocess.Popen(
        [str(MEMCTL_BIN), "-w", str(root), *PURGE],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    deadline = time.monotonic() + 120
    while not ready() and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.0005)
    assert proc.poll() is None, "the purge ended before the moment to kill it"
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    while True:
        try:
            os.killpg(proc.pid, 0)
            time.sleep(0.01)
        except ProcessLookupError:
            return


def running(root: Path, program: str) -> Callable[[], bool]:
    """True while a `git <program>` works in `root` (read from /proc)."""
    real = str(root.resolve())

    def check() -> bool:
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as handle:
                    argv = handle.read().split(b"\0")
                cwd = os.readlink(f"/proc/{entry}/cwd")
            except OSError:
                continue
            verb = argv[1:]
            while verb[:1] == [b"-c"]:  # the settings before it (gitstore.SAFE, -c core.…)
                verb = verb[2:]
            if cwd == real and argv[:1] == [b"git"] and verb[:1] == [program.encode()]:
                return True
        return False

    return check


def the_next_command(root: Path) -> subprocess.CompletedProcess:
    done = run_memctl("-w", str(root), "log", "after the kill", "-m", "the next command")
    assert done.returncode == 0, done.stderr
    return done


def uncommitted(root: Path) -> list[str]:
    return git(root, "status", "--porcelain", "--untracked-files=no").splitlines()


def finished_by_its_rerun(root: Path) -> None:
    done = run_memctl("-w", str(root), *PURGE)
    assert done.returncode == 0, done.stderr
    assert "finishing a purge" in done.stderr
    assert traces(root) == []
    assert uncommitted(root) == []
    assert not list((root / ".memctl/cache").glob("purging-*"))
    assert len(git(root, "ls-tree", "--name-only", "HEAD", ".memctl/receipts/").split()) == 1
    quiet = the_next_command(root)  # done: nothing more to say about it
    assert "purge" not in quiet.stderr
    subprocess.run(["git", "fsck", "--no-progress"], cwd=root, check=True, capture_output=True)


def test_killed_in_reflog_expire_its_locks_go_and_the_rerun_finishes(ws):
    root = prepared(ws)
    head = git(root, "rev-parse", "HEAD").strip()
    entry = f"{head} {head} T <t@e> 1700000000 +0000\tcommit: work\n" * 200_000
    for log in (root / ".git/logs/HEAD", root / ".git/logs/refs/heads/main"):
        with open(log, "a", encoding="utf-8") as handle:  # a long-lived repository's reflogs
            handle.write(entry)
    locks = [root / ".git/logs/HEAD.lock", root / ".git/logs/refs/heads/main.lock"]
    kill_when(root, lambda: any(lock.exists() for lock in locks))
    assert any(lock.exists() for lock in locks)  # what a killed `git reflog expire` leaves

    after = the_next_command(root)
    assert "removed .git/logs/" in after.stderr
    assert "was cut short" in after.stderr and "forget --purge" in after.stderr
    assert not any(lock.exists() for lock in locks)
    assert uncommitted(root) == []
    finished_by_its_rerun(root)


def test_killed_while_cleaning_files_the_next_command_says_so_and_commits_them_as_memctls(ws):
    root = prepared(ws)
    anna = root / "people/anna.md"
    kill_when(root, lambda: "[purged]" in anna.read_text(encoding="utf-8"))
    assert PHONE in git(root, "show", "HEAD:people/anna.md")  # history not rewritten yet
    assert uncommitted(root)  # the files it cleaned, as it left them
    # doctor and ls, which write nothing, say it too: doctor names it and how to finish it
    told = json.loads(run_memctl("-w", str(root), "doctor", "--json").stdout)["findings"]
    cut = [f for f in told if f["code"] == "purge-cut-short"]
    assert len(cut) == 1 and "forget --purge --match TEXT --yes" in cut[0]["fix"], told

    after = the_next_command(root)
    assert "of yours" not in after.stderr  # the purge's own writes are never a person's edit
    assert "was cut short" in after.stderr and "forget --purge --match TEXT --yes" in after.stderr
    assert uncommitted(root) == []
    assert PHONE not in git(root, "show", "HEAD:people/anna.md")
    subjects = git(root, "log", "-3", "--format=%s")
    assert "had cleaned when it was cut short" in subjects
    again = the_next_command(root)  # said every time until it is finished
    assert "was cut short" in again.stderr and "file(s) it had cleaned" not in again.stderr
    finished_by_its_rerun(root)
    told = json.loads(run_memctl("-w", str(root), "doctor", "--json").stdout)["findings"]
    assert not [f for f in told if f["code"] == "purge-cut-short"]


def test_killed_in_the_history_rewrite_the_next_command_recovers_and_the_rerun_finishes(ws):
    root = prepared(ws)
    kill_when(root, running(root, "fast-import"))

    after = the_next_command(root)
    assert "of yours" not in after.stderr
    assert "was cut short" in after.stderr
    assert uncommitted(root) == []
    finished_by_its_rerun(root)


def test_a_person_who_edits_a_cleaned_file_after_the_kill_keeps_the_edit_as_theirs(ws):
    root = prepared(ws)
    sam = root / "people/sam.md"
    kill_when(root, lambda: "[purged]" in sam.read_text(encoding="utf-8"))
    with open(sam, "a", encoding="utf-8") as handle:
        handle.write("- a line of my own\n")

    after = the_next_command(root)
    assert "people/sam.md" in after.stderr and "of yours alone" in after.stderr
    assert "a line of my own" not in git(root, "show", "HEAD:people/sam.md")
    assert "a line of my own" in sam.read_text(encoding="utf-8")


def test_killed_in_git_gc_the_next_command_recovers_and_the_rerun_finishes(ws):
    root = prepared(ws)
    kill_when(root, running(root, "gc"))

    after = the_next_command(root)
    assert "was cut short" in after.stderr
    assert uncommitted(root) == [] and not list((root / ".git").rglob("*.lock"))
    finished_by_its_rerun(root)


def test_a_gc_pid_file_left_by_a_killed_gc_does_not_stop_the_rerun(ws):
    """A killed `git gc` leaves .git/gc.pid; once its pid is reused by a live process on this
    machine, git would refuse every later gc ("gc is already running") and the purge could not
    finish. Recovery removes it when no git process works in the repository."""
    import os
    import socket

    root = prepared(ws)
    kill_when(root, running(root, "gc"))
    (root / ".git" / "gc.pid").write_text(f"{os.getpid()} {socket.gethostname()}")

    after = the_next_command(root)
    assert "removed .git/gc.pid" in after.stderr
    finished_by_its_rerun(root)


def test_a_packed_refs_file_half_written_by_a_killed_gc_does_not_stop_the_rerun(ws):
    """`git pack-refs` (the first step of `git gc`) writes .git/packed-refs.new, then renames
    it; killed in between, it leaves the file, and every later pack-refs fails on it."""
    root = prepared(ws)
    kill_when(root, running(root, "gc"))
    (root / ".git" / "packed-refs.new").write_text("# pack-refs with: peeled fully-peeled \n")

    after = the_next_command(root)
    assert "removed .git/packed-refs.new" in after.stderr
    finished_by_its_rerun(root)
