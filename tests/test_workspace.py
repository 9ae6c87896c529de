"""Finding, creating and adopting workspaces; safe paths; config; the lock."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import pytest

from conftest import NOW, commit_count, git, run_memctl
from memctl.atomic import atomic_write
from memctl.config import load_config
from memctl.errors import ConfigError, LockTimeout, PathRefused, WorkspaceNotFound
from memctl.initialize import CROWDED, init_workspace, template
from memctl.workspace import find_root, open_workspace


def test_found_by_option_then_env_then_walking_up(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    init_workspace(a, now=NOW)
    init_workspace(b, now=NOW)
    deep = a / "lessons" / "deeper"
    deep.mkdir()
    assert find_root(cwd=deep, env={}) == a
    assert find_root(env={"MEMCTL_WORKSPACE": str(b)}, cwd=deep) == b
    assert find_root(str(a), env={"MEMCTL_WORKSPACE": str(b)}, cwd=deep) == a


def test_no_workspace_says_to_run_init(tmp_path):
    with pytest.raises(WorkspaceNotFound, match="memctl init"):
        find_root(cwd=tmp_path, env={})
    with pytest.raises(WorkspaceNotFound, match="not a memctl workspace"):
        find_root(str(tmp_path), env={})


def test_init_lays_out_the_workspace_and_commits(tmp_path):
    result = init_workspace(tmp_path / "w", now=NOW)
    root = tmp_path / "w"
    for name in [
        "NOW.md",
        "INDEX.md",
        "daily",
        ".archive",
        ".memctl/config.yaml",
        ".gitignore",
        "lessons",
        "people",
        "rules",
        "semantic",
        "episodic",
        "tools",
        "projects",
    ]:
        assert (root / name).exists(), name
    assert result.commit and commit_count(root) == 1
    assert git(root, "status", "--porcelain") == ""
    assert ".memctl/cache\n" in (root / ".gitignore").read_text()
    assert "daily/*.md merge=union" in (root / ".gitattributes").read_text()


def test_init_is_idempotent(tmp_path):
    init_workspace(tmp_path / "w", now=NOW)
    again = init_workspace(tmp_path / "w", now=NOW)
    assert again.created == [] and again.commit is None
    assert commit_count(tmp_path / "w") == 1


def test_init_adopts_an_openclaw_folder_without_touching_a_file(tmp_path):
    memory = tmp_path / "memory"
    files = {
        "MEMORY.md": "# Memory\n\n- Sam prefers short answers\n",
        "NOW.md": "# my own NOW\n\nworking on the boat\n",
        "2026-03-01.md": "### 09:00 — hello\n",
        "lessons/api-guide.md": "---\ntitle: API\nweird: [keep]\n---\nbody\n",
        ".gitignore": "secrets/\n",
    }
    for rel, text in files.items():
        (memory / rel).parent.mkdir(parents=True, exist_ok=True)
        (memory / rel).write_text(text)
    result = init_workspace(memory, categories=["lessons", "people"], now=NOW)
    for rel, text in files.items():
        if rel == ".gitignore":
            assert (memory / rel).read_text().startswith("secrets/\n")
        else:
            assert (memory / rel).read_text() == text, rel
    assert "MEMORY.md" in result.adopted and "NOW.md" not in result.created
    assert git(memory, "ls-files", "MEMORY.md").strip() == "MEMORY.md"
    assert not (memory / "rules").exists()
    assert load_config(memory / ".memctl" / "config.yaml").categories == ("lessons", "people")


def test_init_in_an_existing_repo_leaves_the_persons_changes_uncommitted(tmp_path):
    root = tmp_path / "w"
    root.mkdir()
    git(root, "init", "-q")
    git(root, "config", "user.email", "sam@example.com")
    git(root, "config", "user.name", "Sam")
    (root / "draft.md").write_text("unfinished\n")
    result = init_workspace(root, now=NOW)
    assert "draft.md" in git(root, "status", "--porcelain")
    assert any("uncommitted" in n for n in result.notices)
    assert "draft.md" not in git(root, "show", "--name-only", "--format=", "HEAD")


def test_paths_that_leave_the_workspace_are_refused(ws, tmp_path):
    outside = tmp_path / "outside.md"
    outside.write_text("x")
    (ws.root / "lessons" / "link.md").symlink_to(outside)
    for given in ["../outside.md", str(outside), "lessons/link.md", "lessons/../../outside.md"]:
        with pytest.raises(PathRefused, match="outside the workspace"):
            ws.resolve(given)
    with pytest.raises(PathRefused, match="does not write inside"):
        ws.resolve(".git/config", for_writing=True)
    assert ws.resolve("lessons/new.md") == ws.root.resolve() / "lessons" / "new.md"


def test_config_is_strict_and_names_the_line(tmp_path):
    path = tmp_path / ".memctl" / "config.yaml"
    path.parent.mkdir()
    path.write_text("stale_days: 30\nstale_dayz: 3\n")
    with pytest.raises(ConfigError, match=r"config.yaml:2: unknown setting 'stale_dayz'"):
        load_config(path)
    path.write_text("stale_days: thirty\n")
    with pytest.raises(ConfigError, match=r"config.yaml:1: stale_days"):
        load_config(path)
    path.write_text("stale_days: [1\n")
    with pytest.raises(ConfigError, match="broken YAML"):
        load_config(path)


def test_a_folder_setting_outside_the_workspace_says_why_naming_file_and_line(ws, cli):
    config = ws.state_dir / "config.yaml"
    kept = config.read_text()
    for setting, name in (
        ("daily_dir: ../outside", "'../outside'"),
        ("categories: [lessons, a/b]", "'a/b'"),
    ):
        config.write_text(f"stale_days: 30\n{setting}\n")
        result = cli("stats", code=1)
        assert result.stderr == (
            f"memctl: error: .memctl/config.yaml:2: {setting.split(':')[0]}: {name} must be a "
            "folder name inside the workspace: one name at its root, without '/', '\\', "
            "'..' or a leading '.'\n"
        )
        assert "expected" not in result.stderr
    config.write_text(kept)


def test_the_config_template_is_the_defaults(tmp_path):
    path = tmp_path / "config.yaml"
    path.write_text(template("config.yaml"))
    from memctl.config import Config

    assert load_config(path) == Config()


def test_every_template_ships_in_the_package():
    for name in ["NOW.md", "note.md", "config.yaml", "gitignore", "gitattributes"]:
        assert template(name).strip()


def test_atomic_write_replaces_whole_and_keeps_mode(tmp_path):
    target = tmp_path / "f.md"
    target.write_text("old")
    os.chmod(target, 0o600)
    atomic_write(target, "new")
    assert target.read_text() == "new" and (target.stat().st_mode & 0o777) == 0o600
    assert [p.name for p in tmp_path.iterdir()] == ["f.md"]


def test_lock_times_out_while_another_process_holds_it(ws):
    import subprocess
    import sys

    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import fcntl,os,sys,time;"
            f"fd=os.open({str(ws.state_dir / 'lock')!r}, os.O_RDWR|os.O_CREAT);"
            "fcntl.flock(fd, fcntl.LOCK_EX); print('held', flush=True); time.sleep(30)",
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout.readline().strip() == "held"
        slow = open_workspace(ws.root)
        object.__setattr__(slow, "config", slow.config.__class__(lock_timeout_seconds=0.2))
        with pytest.raises(LockTimeout, match="held the workspace lock"):
            with slow.lock():
                pass
    finally:
        holder.kill()
        holder.wait()
    with ws.lock(), ws.lock():  # re-entrant in one process
        pass


def test_open_workspace_reads_config(ws):
    assert open_workspace(ws.root).config.stale_days == 30
    assert isinstance(ws.root, Path)


def test_the_walk_finds_markdown_sorted_and_follows_no_link(ws, tmp_path):
    from memctl.workspace import stat_markdown

    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "secret.md").write_text("x")
    for rel in [
        "people/b.md",
        "people/a.md",
        "people/deep/c.md",
        ".archive/people/old.md",
        ".hidden/h.md",
        "people/notes.txt",
    ]:
        (ws.root / rel).parent.mkdir(parents=True, exist_ok=True)
        (ws.root / rel).write_text("- a line\n")
    (ws.root / "people/linked").symlink_to(outside, target_is_directory=True)
    (ws.root / "people/linked.md").symlink_to(outside / "secret.md")
    live = [rel for rel, _, _ in stat_markdown(ws)]
    assert [r for r in live if r.startswith("people/")] == [
        "people/a.md",
        "people/b.md",
        "people/deep/c.md",
    ]
    assert not any(r.startswith((".hidden", ".archive", ".git")) for r in live)
    every = stat_markdown(ws, archive=True)
    assert ".archive/people/old.md" in [rel for rel, _, _ in every]
    stamp = (ws.root / "people/a.md").stat()
    assert ("people/a.md", stamp.st_mtime_ns, stamp.st_size) in every


def test_excluded_files_are_not_memory(ws):
    from memctl.catalog import scan

    config = ws.state_dir / "config.yaml"
    config.write_text(config.read_text().replace("exclude: []", 'exclude: [README.md, "drafts/*"]'))
    for rel in ["README.md", "drafts/idea.md", "lessons/kept.md"]:
        (ws.root / rel).parent.mkdir(exist_ok=True)
        (ws.root / rel).write_text("- a line\n")
    paths = {f.path for f in scan(open_workspace(ws.root))}
    assert "lessons/kept.md" in paths
    assert not paths & {"README.md", "drafts/idea.md"}
    config.write_text(config.read_text().replace('exclude: [README.md, "drafts/*"]', "exclude: x"))
    with pytest.raises(ConfigError, match="exclude"):
        open_workspace(ws.root)


@pytest.mark.parametrize("pattern", ['"rules/*"', '"*"', '"**/*.md"', "[rules/general.md]"])
def test_an_exclude_never_switches_off_the_rules(ws, cli, pattern):
    """A committed `exclude: ["rules/*"]` (a peer's config, through sync) hid every rule: `now`
    showed none and the gate let the agent's clash in as a fact. The rules are read whatever
    a pattern says."""
    rule = "Never force-push to main"
    cli("remember", rule, "-s", "user", "-k", "RULE")
    config = ws.state_dir / "config.yaml"
    text = config.read_text()
    config.write_text(
        text.replace(
            "exclude: []", f"exclude: {pattern}" if "[" in pattern else f"exclude: [{pattern}]"
        )
    )
    assert rule in json.dumps(cli.json("now")["rules"])
    said = cli("remember", "Force-pushing to main is fine for hotfixes", "-s", "agent", code=3)
    assert said.stdout.startswith("clash"), said.stdout


def test_every_template_file_is_declared_as_package_data():
    """The wheel carries templates/ only through package-data: an undeclared file would be
    missing from a real install while the editable one still finds it."""
    import fnmatch
    import tomllib

    from conftest import REPO

    declared = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"][
        "package-data"
    ]["memctl.templates"]
    for path in (REPO / "templates").iterdir():
        if path.suffix != ".py" and path.is_file():
            assert any(fnmatch.fnmatch(path.name, p) for p in declared), path.name


def test_atomic_write_many_writes_every_file_whole_and_leaves_no_temp(tmp_path):
    from memctl.atomic import atomic_write_many

    old = tmp_path / "old.md"
    old.write_text("before")
    os.chmod(old, 0o600)
    atomic_write_many({old: "after", tmp_path / "new.md": "fresh"})
    assert old.read_text() == "after" and (old.stat().st_mode & 0o777) == 0o600
    assert (tmp_path / "new.md").read_text() == "fresh"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["new.md", "old.md"]


# --- init refuses a folder not meant to be a workspace -----------------------------------------


def test_init_with_two_different_folders_is_a_usage_error(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    result = run_memctl("-w", str(a), "init", str(b))
    assert result.returncode == 2 and "name two folders" in result.stderr
    assert not a.exists() and not b.exists()
    same = run_memctl("-w", str(a), "init", str(a / "." / "x" / ".."))
    assert same.returncode == 0, same.stderr
    assert (a / ".memctl/config.yaml").is_file()


def test_init_refuses_the_home_folder_and_temp_roots_without_yes(tmp_path):
    home = Path(os.environ["HOME"])  # the test's own, made by the autouse fixture
    (home / "notes.md").write_text("# a note of the person's\n")
    tries = [
        (["init"], home),
        (["init", "~"], tmp_path),
        (["init", "/"], tmp_path),
        (["init", tempfile.gettempdir()], tmp_path),
    ]
    for args, cwd in tries:
        result = run_memctl(*args, cwd=cwd)
        assert result.returncode == 3, (args, result.stderr)
        assert "pass --yes" in result.stderr and "a folder of its own" in result.stderr
    assert not (home / ".memctl").exists() and not (home / ".git").exists()
    assert not (Path(tempfile.gettempdir()) / ".memctl").exists()
    done = run_memctl("init", "--yes", cwd=home)
    assert done.returncode == 0, done.stderr
    assert git(home, "ls-files", "notes.md").strip() == "notes.md"


def test_init_refuses_a_folder_of_many_other_files_without_yes(tmp_path):
    crowded = tmp_path / "project"
    (crowded / "src").mkdir(parents=True)
    for i in range(CROWDED + 1):
        (crowded / "src" / f"m{i}.py").write_text("x = 1\n")
    (crowded / "README.md").write_text("# project\n")
    result = run_memctl("init", str(crowded))
    assert result.returncode == 3 and f"more than {CROWDED} files" in result.stderr
    assert not (crowded / ".memctl").exists() and not (crowded / ".git").exists()
    assert run_memctl("init", str(crowded), "--yes").returncode == 0
    assert git(crowded, "ls-files").split() != [] and "src/m0.py" not in git(crowded, "ls-files")
    again = run_memctl("init", str(crowded))  # a workspace already: a rerun needs no --yes
    assert again.returncode == 0, again.stderr


def test_init_in_a_folder_named_with_a_variable_makes_the_repository_there(tmp_path):
    """GitPython makes the repository; a `$HOME` in the folder's name is not expanded."""
    root = tmp_path / "notes-$HOME-x"
    init_workspace(root, now=NOW)
    assert (root / ".git").is_dir()
    assert git(root, "rev-parse", "--show-toplevel").strip() == str(root)
    assert git(root, "log", "--format=%s").strip() == "memctl init: workspace"
    assert git(root, "branch", "--show-current").strip() == "main"


def test_init_on_a_machine_with_no_git_identity_gives_the_repository_one(tmp_path, monkeypatch):
    for name in ("GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_NAME", "EMAIL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", "/dev/null")
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    root = tmp_path / "ws"
    init_workspace(root, now=NOW)
    assert git(root, "config", "--local", "user.name").strip() == "memctl"
    assert git(root, "config", "--local", "user.email").strip() == "memctl@localhost"
    assert git(root, "log", "--format=%an <%ae>").strip() == "memctl <memctl@localhost>"


def test_init_of_a_copy_with_memctls_settings_commits_them_too(tmp_path):
    """A copy of workspace-example/ (settings in .memctl/config.yaml, no .git): `memctl init`
    commits the settings with the notes, so a machine that clones it reads the same ones."""
    import shutil

    from conftest import EXAMPLE

    root = tmp_path / "copy"
    shutil.copytree(EXAMPLE, root, ignore=shutil.ignore_patterns("cache", "*.db*", "lock"))
    init_workspace(root, now=NOW)
    assert ".memctl/config.yaml" in git(root, "ls-files", ".memctl").split()
    assert ".memctl/" not in git(root, "status", "--porcelain")
