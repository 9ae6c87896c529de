"""A hostile world for the workspace: links out of it, a killed memctl, a full or read-only disk,
a merge half done, a detached HEAD, a clone with no git identity. Nothing is lost, nothing is
read or written through a link, and nothing needs a person to recover."""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from conftest import MEMCTL_BIN, TODAY, commit_count, git, run_memctl

SECRET = "-----BEGIN OPENSSH PRIVATE KEY----- not really, but never to be copied"


@pytest.fixture
def outside(tmp_path):
    target = tmp_path / "outside" / "id_rsa"
    target.parent.mkdir()
    target.write_text(SECRET + "\n")
    return target


def _clean_and_unchanged(ws, outside) -> None:
    assert outside.read_text() == SECRET + "\n"
    assert SECRET not in git(ws, "log", "-p", "--all")
    assert git(ws, "status", "--porcelain", "--untracked-files=no") == ""


@pytest.mark.parametrize(
    ("link", "argv"),
    [
        (f"daily/{TODAY}.md", ("log", "Deployed", "-m", "v2 is live")),
        ("NOW.md", ("now", "focus", "ship v2")),
        ("NOW.md", ("now",)),
        ("graph/relations.md", ("graph", "add", "Brian", "owns", "Atlas")),
        ("semantic/inbox.md", ("remember", "the plumber is Joe", "-t", "semantic/inbox")),
    ],
)
def test_no_command_reads_or_writes_through_a_link_out_of_the_workspace(
    ws, cli, outside, link, argv
):
    path = ws.root / link
    path.parent.mkdir(parents=True, exist_ok=True)
    path.unlink(missing_ok=True)
    path.symlink_to(outside)
    git(ws, "add", "-A")
    git(ws, "commit", "-qm", "a peer's link")
    result = cli(*argv, code=None)
    # `now` still answers with the rules and health, and says why NOW.md is not shown
    assert result.exit_code == (0 if argv == ("now",) else 1), result.stdout
    assert "leaves the workspace" in result.stderr or "outside the workspace" in result.stderr
    assert SECRET not in result.stdout
    assert path.is_symlink()
    _clean_and_unchanged(ws, outside)


@pytest.mark.parametrize(
    "link", [".memctl/cache", ".memctl/search.db", ".memctl/cache/catalog.json"]
)
def test_no_command_writes_through_a_link_a_peer_put_among_memctls_own_files(
    ws, cli, tmp_path, link
):
    """.memctl/ holds memctl's derived files; a peer can commit a link there (`git add -f`)
    and sync brings it: every command refuses the workspace, naming the link, and writes
    nothing where it points."""
    cli("search", "anything")  # the cache and the index made
    target = tmp_path / "loot"
    if link.endswith("cache"):
        target.mkdir()
    else:
        target.write_bytes(b"a database of the person's\n")
    before = sorted(p.name for p in tmp_path.iterdir())
    path = ws.root / link
    if path.is_dir():
        import shutil

        shutil.rmtree(path)
    else:
        path.unlink(missing_ok=True)
    path.symlink_to(target)
    for argv in (("log", "Kilwa", "-m", "Kilwa-5522"), ("ls",), ("search", "Kilwa"), ("now",)):
        result = cli(*argv, code=1)
        assert f"{link} is a link that leaves the workspace" in result.stderr, argv
    if target.is_dir():
        assert list(target.iterdir()) == []
    else:
        assert target.read_bytes() == b"a database of the person's\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_a_linked_daily_folder_is_not_written_into(ws, cli, tmp_path, outside):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    git(ws, "rm", "-rq", "--ignore-unmatch", "daily")
    (ws.root / "daily").mkdir(exist_ok=True)
    (ws.root / "daily").rmdir()
    (ws.root / "daily").symlink_to(elsewhere, target_is_directory=True)
    result = cli("log", "x", "-m", "y", code=1)
    assert "daily is a link that leaves the workspace" in result.stderr
    assert list(elsewhere.iterdir()) == []


def test_doctor_lists_every_link(ws, cli, outside):
    (ws.root / "lessons/alias.md").symlink_to(ws.root / "NOW.md")
    (ws.root / "people/key.md").symlink_to(outside)
    data = cli.json("doctor", code=None)
    links = {f["where"]: f for f in data["findings"] if f["code"].startswith("link")}
    assert links["people/key.md"]["severity"] == "error"
    assert links["lessons/alias.md"]["severity"] == "warning"


@pytest.mark.parametrize("target", ["../.git/config", "../.git", "../.memctl/local.yaml"])
def test_doctor_calls_a_link_into_git_or_memctls_own_folder_an_error(ws, cli, target):
    """doctor warned of `daily/<day>.md -> ../.git/config` that memctl never read through it,
    and exited 0: memctl read through it. It is an error now, as a link out is."""
    (ws.root / DAY_LOG).unlink(missing_ok=True)
    (ws.root / DAY_LOG).symlink_to(target)
    data = cli.json("doctor", code=1)
    found = {f["where"]: f for f in data["findings"] if f["code"].startswith("link")}
    assert found[DAY_LOG]["severity"] == "error"
    assert "into ." in found[DAY_LOG]["message"]
    assert "never through it" not in json.dumps(data)


TOKEN = "glpat-AbCdEfGhIjKlMnOpQrSt"  # in .git/config, where a remote's token lives
DAY_LOG = f"daily/{TODAY}.md"
YESTERDAY_LOG = f"daily/{TODAY - dt.timedelta(days=1)}.md"

# Every door that reads a memory file by its name, with a link a peer committed there into
# git's or memctl's own folder: the command refuses (exit 1, one line naming the link) or, for
# `now` and `doctor`, says so; nothing it read there is shown, committed or indexed.
INTO_OWN_FOLDER = [
    (DAY_LOG, ("log", "Standup", "-m", "all good"), 1),
    (DAY_LOG, ("show", f"{DAY_LOG}:1"), 1),
    (DAY_LOG, ("consolidate", str(TODAY)), 1),
    (DAY_LOG, ("doctor",), 1),
    (YESTERDAY_LOG, ("sleep",), None),
    ("NOW.md", ("now",), 0),
    ("NOW.md", ("now", "focus", "ship v2")),
    ("lessons/beta.md", ("add", "lessons/beta", "a new line")),
    ("lessons/beta.md", ("show", "lessons/beta")),
    ("semantic/inbox.md", ("remember", "the plumber is Joe", "-t", "semantic/inbox")),
    ("graph/relations.md", ("graph", "add", "Brian", "owns", "Atlas")),
    ("lessons/beta.md", ("search", "repositoryformatversion"), 0),
    ("lessons/beta.md", ("recall", "what is the user token"), 0),
    ("lessons/beta.md", ("reindex",), 0),
]


@pytest.mark.parametrize("target", [".git/config", ".memctl/local.yaml"])
@pytest.mark.parametrize(
    ("link", "argv", "code"),
    [(*row, 1) if len(row) == 2 else row for row in INTO_OWN_FOLDER],
    ids=lambda v: " ".join(v) if isinstance(v, tuple) else str(v),
)
def test_no_door_reads_through_a_link_into_git_or_memctls_own_folder(
    ws, cli, link, argv, code, target
):
    """A link inside the workspace into .git/ (`daily/<today>.md -> ../.git/config`, whose
    settings hold a remote's token) was taken for memory: `log` committed the settings as the
    day's log (and sync sent them on), `now` printed them into the agent's context, and doctor
    said memctl never read through it. Every door refuses it now, naming the link."""
    git(ws, "config", "user.token", TOKEN)
    (ws.root / ".memctl/local.yaml").write_text(f"# {TOKEN}\n")  # kept to this machine
    path = ws.root / link
    path.parent.mkdir(parents=True, exist_ok=True)
    path.unlink(missing_ok=True)
    path.symlink_to(os.path.relpath(ws.root / target, path.parent))
    git(ws, "add", "-A")
    git(ws, "commit", "-qm", "a peer's link")
    head = git(ws, "rev-parse", "HEAD")
    result = cli(*argv, code=code)
    shown = result.stdout + result.stderr
    assert TOKEN not in shown and "repositoryformatversion" not in shown
    history = git(ws, "log", "-p", "--all")
    assert TOKEN not in history and "repositoryformatversion" not in history
    if argv[0] not in ("search", "recall", "reindex", "sleep"):
        where = target.split("/")[0]
        assert f"{link} is a link into {where}/" in shown, shown
    if code == 1 and argv[0] != "doctor":
        assert git(ws, "rev-parse", "HEAD") == head
    assert path.is_symlink()


def test_a_link_to_a_file_git_does_not_hold_is_checked_as_new_text(ws, cli):
    """A link to memory inside the workspace is followed (doctor warns), but what it leads to
    is not the text git holds for it: a file git ignores, copied into the day's log through a
    link, was committed without its lines read for secrets. Every line of it is checked now."""
    scratch = ws.root / "scratch.md"
    scratch.write_text("deploy with TOKEN=glpat-AbCdEfGhIjKlMnOpQrSt\n")
    with (ws.root / ".git/info/exclude").open("a") as exclude:
        exclude.write("scratch.md\n")
    (ws.root / DAY_LOG).unlink(missing_ok=True)
    (ws.root / DAY_LOG).symlink_to("../scratch.md")
    git(ws, "add", "-A")
    git(ws, "commit", "-qm", "a link to a scratch file")
    head = git(ws, "rev-parse", "HEAD")
    refused = cli("log", "Standup", "-m", "all good", code=3)
    assert "looks like it holds a secret" in refused.stderr
    assert git(ws, "rev-parse", "HEAD") == head
    assert "glpat" not in git(ws, "log", "-p", "--all")
    assert (ws.root / DAY_LOG).is_symlink()
    # what the link leads to, with nothing secret in it, is kept as the day's log
    scratch.write_text("# notes from the scratch file\n")
    cli("log", "Standup", "-m", "all good")
    assert not (ws.root / DAY_LOG).is_symlink()
    assert "notes from the scratch file" in (ws.root / DAY_LOG).read_text()


def test_a_lock_a_dead_git_left_is_removed_by_the_next_command(ws, cli):
    lock = ws.root / ".git" / "index.lock"
    lock.write_text("")
    result = cli("log", "after the crash", "-m", "still fine")
    assert "removed .git/index.lock" in result.stderr
    assert not lock.exists() and "after the crash" in git(ws, "log", "-1", "--format=%s")


def test_a_change_killed_half_way_is_put_back_by_the_next_command(ws, cli):
    note = ws.root / "lessons" / "half.md"
    cli("new", "lessons/half", "-t", "Half")
    before = note.read_bytes()
    script = textwrap.dedent(
        f"""
        import os, pathlib
        from memctl.workspace import open_workspace
        ws = open_workspace({str(ws.root)!r})
        with ws.change("test", "killed") as change:
            change.write(ws.root / "lessons/half.md", "half written\\n")
            change.write(ws.root / ".archive/lessons/half.md", "moved half way\\n")
            os._exit(9)  # as a kill -9 would: no rollback, no commit
        """
    )
    subprocess.run([sys.executable, "-c", script], check=False)
    assert note.read_bytes() != before and (ws.root / ".archive/lessons/half.md").exists()
    result = run_memctl("-w", str(ws.root), "now")  # even a command that only reads
    assert result.returncode == 0, result.stderr
    assert "put back 2 file(s)" in result.stderr
    assert note.read_bytes() == before and not (ws.root / ".archive/lessons/half.md").exists()
    assert git(ws, "status", "--porcelain") == ""


def test_a_journal_a_peer_sent_puts_back_nothing_outside_the_workspace(ws, cli, tmp_path):
    """The crash journal is memctl's own, but a peer can commit one (`git add -f`) and sync
    brings it: a path in it that leaves the workspace (absolute, through `..`, through a link,
    or into .git) is never put back, that is, never deleted or overwritten."""
    from memctl.recovery import JOURNAL, digest

    victims = [tmp_path / f"victim{n}.txt" for n in range(3)]
    for victim in victims:
        victim.write_text("precious data\n")
    (ws.root / "out").symlink_to(tmp_path)
    named = [str(victims[0]), f"../{victims[1].name}", f"out/{victims[2].name}", ".git/HEAD"]
    lines = ["journal"]
    for rel in named:
        lines.append(f"W\t{rel}\t{digest(Path(ws.root, rel).read_bytes())}")
    journal = ws.cache_dir / JOURNAL
    journal.parent.mkdir(parents=True, exist_ok=True)
    journal.write_text("\n".join(lines) + "\n")
    head = (ws.root / ".git/HEAD").read_bytes()
    result = run_memctl("-w", str(ws.root), "now")
    assert result.returncode == 0 and "put back" not in result.stderr, result.stderr
    assert [v.read_text() for v in victims] == ["precious data\n"] * 3
    assert (ws.root / ".git/HEAD").read_bytes() == head and not journal.exists()


def test_a_person_edit_after_a_crash_is_kept(ws, cli):
    cli("new", "lessons/mine", "-t", "Mine")
    script = textwrap.dedent(
        f"""
        import os
        from memctl.workspace import open_workspace
        ws = open_workspace({str(ws.root)!r})
        with ws.change("test", "killed") as change:
            change.write(ws.root / "lessons/mine.md", "memctl's half\\n")
            os._exit(9)
        """
    )
    subprocess.run([sys.executable, "-c", script], check=False)
    (ws.root / "lessons/mine.md").write_text("my own words, written after the crash\n")
    result = cli("log", "x", "-m", "y")
    assert "left your edits of lessons/mine.md" in result.stderr
    assert (ws.root / "lessons/mine.md").read_text().startswith("my own words")


def test_a_conflicted_note_is_never_marked_resolved(ws, cli):
    cli("new", "people/sam", "-t", "Sam")
    base = git(ws, "rev-parse", "--abbrev-ref", "HEAD").strip()
    git(ws, "checkout", "-qb", "other")
    (ws.root / "people/sam.md").write_text("other side\n")
    git(ws, "commit", "-qam", "other")
    git(ws, "checkout", "-q", base)
    (ws.root / "people/sam.md").write_text("this side\n")
    git(ws, "commit", "-qam", "this")
    subprocess.run(["git", "merge", "-q", "other"], cwd=ws.root, capture_output=True)
    assert git(ws, "status", "--porcelain").startswith("UU people/sam.md")
    result = cli("add", "people/sam", "likes tea", code=1)
    assert "middle of a merge" in result.stderr
    assert git(ws, "status", "--porcelain").startswith("UU people/sam.md")


def test_a_detached_head_is_not_committed_on(ws, cli):
    git(ws, "checkout", "-q", "--detach")
    before = commit_count(ws)
    result = cli("log", "x", "-m", "y", code=1)
    assert "HEAD is detached" in result.stderr and commit_count(ws) == before
    assert git(ws, "status", "--porcelain") == ""


def test_a_clone_with_no_git_identity_commits_as_memctl_and_says_so(ws, tmp_path, monkeypatch):
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", str(ws.root), str(clone))
    for key in ("user.name", "user.email"):
        subprocess.run(["git", "config", "--unset", key], cwd=clone, capture_output=True)
    env = {"HOME": str(tmp_path / "nohome"), "EMAIL": "", "GIT_AUTHOR_NAME": "", "USER": ""}
    env |= {"GIT_CONFIG_GLOBAL": "/dev/null", "GIT_COMMITTER_NAME": "", "GIT_AUTHOR_EMAIL": ""}
    (tmp_path / "nohome").mkdir()
    result = run_memctl("-w", str(clone), "log", "from the clone", "-m", "x", env=env)
    assert result.returncode == 0, result.stderr
    assert "committed as memctl" in result.stderr
    assert git(clone, "log", "-1", "--format=%an <%ae>").strip() == "memctl <memctl@localhost>"
    assert git(clone, "status", "--porcelain") == ""


@pytest.fixture
def small_disk(tmp_path):
    mount = tmp_path / "disk"
    mount.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(mount)], capture_output=True
    )
    if done.returncode != 0:
        pytest.skip(f"no tmpfs here: {done.stderr.decode().strip()}")
    yield mount
    subprocess.run(["umount", "-l", str(mount)], capture_output=True)


def test_a_full_disk_gives_one_line_and_leaves_nothing_half_done(small_disk):
    root = small_disk / "ws"
    assert run_memctl("init", str(root)).returncode == 0
    with open(small_disk / "filler", "wb") as handle:  # the rest of the disk, to the last block
        try:
            while True:
                handle.write(b"\0" * 65536)
                handle.flush()
        except OSError:
            pass
    for argv in (("log", "x", "-m", "y" * 100_000), ("now", "focus", "z" * 100_000)):
        result = run_memctl("-w", str(root), *argv)
        assert result.returncode == 1, result.stderr
        assert "Traceback" not in result.stderr and result.stderr.count("\n") == 1
        assert "disk is full" in result.stderr
        assert _status(root) in ("", "?? .memctl/cache/\n")
    os.remove(small_disk / "filler")
    assert run_memctl("-w", str(root), "log", "room again", "-m", "ok").returncode == 0
    assert _status(root, "--untracked-files=no") == ""


def test_a_disk_full_at_any_step_of_a_write_gives_the_same_one_line(small_disk):
    """With a few KB left, the write may fail in memctl or in one of git's steps, and git
    says so in words of its own ("couldn't write '.git/refs/heads/main.lock'"): either way
    it is the one line a full disk gives, never git's error."""
    import shutil

    root = small_disk / "ws"
    assert run_memctl("init", str(root)).returncode == 0
    failed = 0
    for kb in (2, 4, 8, 12, 16, 20, 24):
        (small_disk / "filler").unlink(missing_ok=True)
        room = shutil.disk_usage(small_disk).free - kb * 1024
        (small_disk / "filler").write_bytes(b"\0" * max(room, 0))
        result = run_memctl("-w", str(root), "log", f"at {kb} KB", "-m", "a line")
        if result.returncode != 0:
            failed += 1
            *before, line = result.stderr.splitlines()
            assert result.returncode == 1 and "the disk is full" in line, result.stderr
            assert all("was cut short: put back" in said for said in before), result.stderr
    assert failed
    (small_disk / "filler").unlink()
    assert run_memctl("-w", str(root), "log", "room again", "-m", "ok").returncode == 0


def _status(root, *more: str) -> str:
    """`git status` that writes nothing (a full disk refuses even git's index refresh)."""
    env = {**os.environ, "GIT_OPTIONAL_LOCKS": "0"}
    return subprocess.run(
        ["git", "status", "--porcelain", *more],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout


def _file_size_limit(kb: int):
    """A preexec_fn: no file of the child's may grow past `kb` KB (`ulimit -f`). Python ignores
    SIGXFSZ, so the write past it fails with EFBIG instead of killing the process."""
    import resource

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (kb * 1024, kb * 1024))

    return limit


@pytest.mark.parametrize(
    ("argv", "rel"),
    [
        (("log", "big", "-m", "word " * 8000), f"daily/{TODAY}.md"),
        (("add", "projects/big", "word " * 8000), "projects/big.md"),
    ],
)
def test_a_file_size_limit_gives_one_line_naming_the_file(ws, cli, argv, rel):
    cli("new", "projects/big")
    before = commit_count(ws)
    result = subprocess.run(
        [str(MEMCTL_BIN), "-w", str(ws.root), *argv],
        preexec_fn=_file_size_limit(16),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    assert result.stderr.count("\n") == 1 and "(ulimit -f)" in result.stderr
    assert f"{ws.root / rel}: the file would be larger than" in result.stderr
    assert commit_count(ws) == before
    assert git(ws, "status", "--porcelain", "--untracked-files=no") == ""


def test_a_read_only_workspace_gives_one_line(small_disk):
    root = small_disk / "ws"
    assert run_memctl("init", str(root)).returncode == 0
    subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)
    try:
        result = run_memctl("-w", str(root), "log", "x", "-m", "y")
        assert result.returncode == 1 and "Traceback" not in result.stderr
        assert "read-only" in result.stderr and result.stderr.count("\n") == 1
        assert run_memctl("-w", str(root), "now").returncode == 0  # reading still works
    finally:
        subprocess.run(["mount", "-o", "remount,rw", str(small_disk)], check=True)


def test_a_reindex_on_a_full_disk_keeps_the_index_there(small_disk):
    root = small_disk / "ws"
    assert run_memctl("init", str(root)).returncode == 0
    for n in range(30):
        (root / f"notes-{n}.md").write_text(f"# Note {n}\n\n- the heron nests by the mill {n}\n")
    assert run_memctl("-w", str(root), "reindex").returncode == 0
    db = root / ".memctl/search.db"
    fill(small_disk / "filler")
    kept = db.read_bytes()
    result = run_memctl("-w", str(root), "reindex")
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr and result.stderr.count("\n") == 1
    assert "disk is full" in result.stderr and "kept as it was" in result.stderr
    assert db.read_bytes() == kept  # never replaced by an empty or a partial one
    assert not [p.name for p in db.parent.iterdir() if p.name.endswith(".tmp")]
    found = run_memctl("-w", str(root), "search", "heron", "--json")
    assert found.returncode == 0 and "notes-" in found.stdout
    os.remove(small_disk / "filler")
    assert run_memctl("-w", str(root), "reindex").returncode == 0


def fill(path) -> None:
    """The rest of the disk, to the last block."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o644)
    try:
        for size in (1 << 16, 4096, 512, 1):
            with contextlib.suppress(OSError):
                while True:
                    os.write(fd, b"\0" * size)
    finally:
        os.close(fd)


@pytest.mark.parametrize("rel", ["lessons/.git/x.md", "lessons/.GIT/x.md", "a/.git./b.md"])
def test_nothing_is_written_into_a_folder_named_git(ws, cli, rel):
    """git never tracks what lies under a .git folder: a note written there was reported
    saved, and was never committed, synced or found. The write layer refuses it for every
    command; `new` is one of them."""
    from memctl.errors import PathRefused

    head = git(ws, "rev-parse", "HEAD")
    refused = cli("new", rel.removesuffix(".md"), code=3)  # a note's folder never starts with "."
    assert "starts with a dot" in refused.stderr
    with pytest.raises(PathRefused), ws.change("test", "") as change:
        change.write(ws.root / rel, "# x\n")
    assert not (ws.root / rel).exists()
    assert git(ws, "rev-parse", "HEAD") == head
