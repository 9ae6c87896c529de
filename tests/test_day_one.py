"""What a user meets on day one: typos, help, the version, `python -m memctl`, init's notice,
and `log` with an agent's stdin."""

from __future__ import annotations

import re
import subprocess
import sys

from conftest import MEMCTL_BIN, REPO, Cli, run_memctl

BOXES = re.compile("[╭╮╰╯│─]")


def test_a_mistyped_command_gets_a_did_you_mean(ws, cli):
    result = cli("serach", "the link", code=2)
    assert "No such command 'serach'. Did you mean 'search'?" in result.stderr
    assert "Did you mean 'query'?" in cli("graph", "qurey", code=2).stderr
    assert "Did you mean" not in cli("zzzzzz", code=2).stderr


def test_a_mistyped_note_gets_a_did_you_mean(example_ws):
    cli = Cli(example_ws.root)
    result = cli("show", "lessons/goverment-forms", code=1)
    assert result.stderr == (
        "memctl: error: no note or entry 'lessons/goverment-forms'; did you "
        "mean lessons/government-forms?\n"
    )
    assert "did you mean lessons/government-forms?" in cli("show", "goverment-forms", code=1).stderr


def test_help_in_a_pipe_is_plain_and_lists_the_shared_options(ws):
    for args in ([], ["now"], ["now", "focus"], ["graph"], ["graph", "path"], ["search"]):
        result = run_memctl(*args, "--help")
        assert result.returncode == 0, args
        assert not BOXES.search(result.stdout), args
        options = result.stdout.split("Options:", 1)[1]
        for shown in ("--json", "-w, --workspace PATH", "--debug", "-h, --help"):
            assert shown in options, (args, shown)


def test_version_from_the_script_and_from_python_m():
    from importlib.metadata import version as installed

    version = installed("memctl")  # what the build read from memctl.__version__
    assert run_memctl("--version").stdout == f"memctl {version}\n"
    module = subprocess.run(
        [sys.executable, "-m", "memctl", "--version"], capture_output=True, text=True, timeout=60
    )
    assert module.returncode == 0 and module.stdout == f"memctl {version}\n"
    assert (
        "Usage: memctl"
        in subprocess.run(
            [sys.executable, "-m", "memctl", "--help"], capture_output=True, text=True
        ).stdout
    )


def test_init_names_the_commit_it_made(tmp_path):
    for args in (["init", str(tmp_path / "a")], ["init", "--openclaw", str(tmp_path / "b")]):
        result = run_memctl(*args)
        assert result.returncode == 0
        assert re.search(r"^committed [0-9a-f]{8} memctl init: workspace", result.stderr, re.M)


def test_log_never_waits_on_an_open_empty_stdin(ws):
    """An agent's stdin is often a pipe that stays open with nothing in it."""
    proc = subprocess.Popen(
        [str(MEMCTL_BIN), "-w", str(ws.root), "log", "Checked the backups"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        proc.wait(timeout=20)  # stdin is still open: nothing was written, nothing closed
    finally:
        proc.stdin.close()
    assert proc.returncode == 0
    text = (ws.root / "daily/2026-11-30.md").read_text()
    assert text.endswith("### 09:00 — Checked the backups\n")


def test_log_reads_stdin_with_dash_and_text_already_piped(ws):
    done = run_memctl("-w", str(ws.root), "log", "Dash", "-m", "-", input="from stdin\n")
    assert done.returncode == 0
    piped = run_memctl("-w", str(ws.root), "log", "Piped", input="already there\n")
    assert piped.returncode == 0
    text = (ws.root / "daily/2026-11-30.md").read_text()
    assert "### 09:00 — Dash\n\nfrom stdin\n" in text
    assert "### 09:00 — Piped\n\nalready there\n" in text


def test_the_readme_says_how_to_install_where_system_pip_is_blocked():
    readme = (REPO / "README.md").read_text()
    assert "pipx install ." in readme and "uv tool install ." in readme
    assert "memctl init --from URL" in readme and "python -m memctl" in readme
