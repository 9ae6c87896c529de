"""`memctl cron print|install|uninstall`: the unattended jobs, in a crontab or systemd timers.

The crontab program is a small shell script written here (MEMCTL_CRONTAB points at it): a real
program with crontab's interface, so no test ever touches a real user crontab.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

from conftest import MEMCTL_BIN, NOW, Cli, run_memctl
from memctl.initialize import init_workspace
from memctl.integrations.cron import on_calendar

FAKE_CRONTAB = """#!/bin/sh
# crontab's interface over one file: -l prints it (or fails like crontab), - replaces it.
store="$(dirname "$0")/crontab.txt"
case "$1" in
  -l) [ -f "$store" ] || { echo "no crontab for $(id -un)" >&2; exit 1; }; cat "$store" ;;
  -) cat > "$store" ;;
  *) echo "usage: crontab [-l | -]" >&2; exit 2 ;;
esac
"""


@pytest.fixture
def crontab(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "bin"
    folder.mkdir()
    program = folder / "crontab"
    program.write_text(FAKE_CRONTAB)
    program.chmod(program.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("MEMCTL_CRONTAB", str(program))
    return folder / "crontab.txt"


def test_memctl_cron_alone_still_prints(ws, cli):
    printed = cli("cron").stdout
    assert printed == cli("cron", "print").stdout
    assert f"{MEMCTL_BIN} -w {ws.root} archive" in printed and printed.startswith("# memctl")


def test_install_keeps_other_lines_is_idempotent_and_uninstall_removes_only_its_block(
    ws, cli, crontab
):
    crontab.write_text("MAILTO=sam\n0 * * * * /usr/bin/backup\n")
    cli("cron", "install")
    text = crontab.read_text()
    assert text.startswith("MAILTO=sam\n0 * * * * /usr/bin/backup\n")
    assert f"# >>> memctl {ws.root} >>>" in text and f"# <<< memctl {ws.root} <<<" in text
    assert f"30 3 * * 0 {MEMCTL_BIN} -w {ws.root} archive" in text
    again = cli.json("cron", "install")
    assert again["changed"] is False and crontab.read_text() == text

    other = ws.root.parent / "other"
    init_workspace(other, now=NOW)
    Cli(other)("cron", "install")
    both = crontab.read_text()
    assert both.startswith(text) and f"-w {other} archive" in both
    cli("cron", "uninstall")
    left = crontab.read_text()
    assert f"-w {ws.root} " not in left and f"-w {other} archive" in left
    assert left.startswith("MAILTO=sam\n0 * * * * /usr/bin/backup\n")
    Cli(other)("cron", "uninstall")
    assert crontab.read_text() == "MAILTO=sam\n0 * * * * /usr/bin/backup\n"
    assert cli.json("cron", "uninstall")["changed"] is False


def test_install_into_an_empty_crontab_through_a_real_process(ws, crontab):
    result = run_memctl("-w", str(ws.root), "cron", "install")
    assert result.returncode == 0, result.stderr
    assert crontab.read_text().splitlines()[0] == f"# >>> memctl {ws.root} >>>"


def test_the_chats_job_appears_when_claude_code_keeps_transcripts(ws, cli):
    assert "chats index" not in cli("cron").stdout
    projects = Path(os.environ["HOME"]) / ".claude" / "projects"
    projects.mkdir(parents=True)
    assert f"-w {ws.root} chats index {projects}" in cli("cron").stdout


def test_a_failing_crontab_is_an_error(ws, cli, tmp_path, monkeypatch):
    monkeypatch.setenv("MEMCTL_CRONTAB", str(tmp_path / "no-such-program"))
    result = cli("cron", "install", code=1)
    assert "no '" in result.stderr and "cron print" in result.stderr


def test_systemd_units(ws, cli):
    text = cli("cron", "print", "--systemd").stdout
    name = f"memctl-{ws.root.name}-archive"
    assert f"# ~/.config/systemd/user/{name}.service" in text
    assert f"ExecStart={MEMCTL_BIN} -w {ws.root} archive" in text
    assert "OnCalendar=Sun *-*-* 03:30:00" in text and "WantedBy=timers.target" in text
    assert f"systemctl --user enable --now {name}.timer" in text


@pytest.mark.parametrize(
    ("schedule", "calendar"),
    [
        ("30 3 * * 0", "Sun *-*-* 03:30:00"),
        ("5 2 * * *", "*-*-* 02:05:00"),
        ("0 4 * * 1,3", "Mon,Wed *-*-* 04:00:00"),
    ],
)
def test_on_calendar(schedule, calendar):
    assert on_calendar(schedule) == calendar


# --- hostile paths: escaped for each format, or refused --------------------------------------

ODD = 'it\'s 100% "mine" $HOME %Z'  # legal in a path; each character means something somewhere


def as_cron_runs_it(line: str) -> str:
    """What cron hands to the shell for a crontab line (crontab(5)): the five time fields off,
    and the command ends at the first % not escaped as \\% (the rest would be its stdin)."""
    command = line.split(None, 5)[5]
    out, escaped = [], False
    for ch in command:
        if escaped:
            out[-1:] = ["%"] if ch == "%" else [out[-1], ch]
            escaped = False
        elif ch == "\\":
            out.append(ch)
            escaped = True
        elif ch == "%":
            break
        else:
            out.append(ch)
    return "".join(out)


def test_a_workspace_path_with_percent_and_quotes_runs_as_itself_from_cron(tmp_path, crontab):
    root = tmp_path / ODD
    init_workspace(root, now=NOW)
    result = run_memctl("-w", str(root), "cron", "install")
    assert result.returncode == 0, result.stderr
    lines = crontab.read_text().splitlines()
    jobs = [line for line in lines if line and not line.startswith("#")]
    assert len(jobs) == 2 and all("\\%" in job for job in jobs)
    archive = next(job for job in jobs if job.endswith("archive >> " + job.split(">> ")[1]))
    ran = subprocess.run(["sh", "-c", as_cron_runs_it(archive)], capture_output=True, text=True)
    assert ran.returncode == 0, ran.stderr
    assert "archive" in (root / ".memctl/cron.log").read_text()


@pytest.mark.parametrize("tail", ["\n* * * * * touch /tmp/memctl-pwned #", "\r", "\t", "a\\%b"])
def test_a_path_no_crontab_or_unit_can_carry_is_refused(tmp_path, crontab, tail):
    root = tmp_path / f"ws{tail}"
    init_workspace(root, now=NOW)
    crontab.write_text("MAILTO=sam\n")
    for args in (["cron", "install"], ["cron", "print"], ["cron", "print", "--systemd"]):
        result = run_memctl("-w", str(root), *args)
        assert result.returncode == 1, (args, result.stdout)
        assert "the workspace path" in result.stderr and result.stdout == ""
    assert crontab.read_text() == "MAILTO=sam\n"


@pytest.mark.skipif(not shutil.which("systemd-analyze"), reason="needs systemd-analyze")
def test_systemd_units_for_hostile_paths_resolve_to_the_paths_themselves(tmp_path):
    """systemd-analyze verify reads the units as systemd would: it resolves every specifier
    (an unknown one, %Z, is an error) and checks the ExecStart program is there."""
    from memctl.errors import PathRefused
    from memctl.integrations.cron import systemd_plan
    from memctl.workspace import open_workspace

    root = tmp_path / ODD
    init_workspace(root, now=NOW)
    ws = open_workspace(root)
    folder = tmp_path / "bin 100% $HOME %Z"  # systemd runs no program from a path with quotes
    folder.mkdir()
    (folder / "memctl").symlink_to(MEMCTL_BIN)
    plan = systemd_plan(ws, memctl=folder / "memctl", home=tmp_path)
    units = tmp_path / "units"
    units.mkdir()
    for unit in plan.units:
        (units / unit.name).write_text(unit.text)
    service = next(u for u in plan.units if u.name.endswith("archive.service"))
    assert '"-w" ' not in service.text and "$$HOME" in service.text and "%%Z" in service.text
    verified = subprocess.run(
        ["systemd-analyze", "verify", *sorted(units.iterdir())], capture_output=True, text=True
    )
    assert verified.returncode == 0, verified.stderr
    with pytest.raises(PathRefused, match="quote or a backslash"):
        systemd_plan(ws, memctl=tmp_path / "it's" / "memctl", home=tmp_path)
