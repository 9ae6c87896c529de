"""The jobs that keep a workspace tidy without a person, for cron or systemd timers.

The jobs (JOBS: the weekly archive, the nightly job; plus the nightly catalogue of past Claude
Code chats when ~/.claude/projects exists) run the installed memctl by its absolute path with
`-w WORKSPACE`, so cron's bare environment works. `memctl cron install` puts them in the user's
crontab as one block between marker lines per workspace (`crontab -l`, then `crontab -`), and
only ever replaces or removes that block; `uninstall` removes it. `--systemd` prints a service
and a timer unit per job instead. The crontab program is a parameter (MEMCTL_CRONTAB in the
CLI), so tests run a fake one and never touch a real crontab.

Each format has its own escaping, and a path either fits every one or is refused: in a crontab
an unescaped `%` ends the command (the rest becomes its stdin), so it is written `\\%`; in a
unit, `%` starts a specifier and `$` a variable, so they are written `%%` and `$$` (the
program's path is not expanded: there `$` stays), and a word is double-quoted. A line break
(or any control character) in the workspace's path or memctl's cannot be carried by either
format, and would start a line of its own: such a path is refused.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import MemctlError, PathRefused
from ..workspace import Workspace

MARK = "# memctl"
CLAUDE_PROJECTS = Path(".claude") / "projects"


@dataclass(frozen=True)
class CronJob:
    name: str
    schedule: str
    args: tuple[str, ...]
    what: str


JOBS = (
    CronJob("archive", "30 3 * * 0", ("archive",), "weekly archive, Sundays at 03:30"),
    CronJob(
        "sleep",
        "0 3 * * *",
        ("sleep",),
        "nightly job: consolidate, review lessons, morning report, at 03:00",
    ),
)


def installed_memctl(argv0: str) -> Path:
    """The memctl a job or a hook should run: this one, by its absolute path."""
    given = Path(argv0)
    if given.name == "memctl" and given.exists():
        return given.resolve()
    beside = Path(sys.executable).with_name("memctl")  # the console script of this interpreter
    if beside.exists():
        return beside
    import shutil

    found = shutil.which("memctl")
    return Path(found).resolve() if found else Path("memctl")


def jobs(*, home: Path | None = None) -> list[CronJob]:
    """JOBS, and the nightly catalogue of past chats when this user has Claude Code's."""
    found = list(JOBS)
    projects = (home or Path.home()) / CLAUDE_PROJECTS
    if projects.is_dir():
        found.append(
            CronJob(
                "chats",
                "45 2 * * *",
                ("chats", "index", str(projects)),
                "nightly catalogue of past Claude Code chats, at 02:45",
            )
        )
    return found


@dataclass(frozen=True)
class CronPlan:
    workspace: str
    memctl: str
    lines: list[str]
    jobs: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {
            "workspace": self.workspace,
            "memctl": self.memctl,
            "lines": self.lines,
            "jobs": self.jobs,
        }

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


def cron_plan(ws: Workspace, *, memctl: Path, home: Path | None = None) -> CronPlan:
    root = ws.root.resolve()
    planned = jobs(home=home)
    _check_paths(memctl, root, planned)
    log = shlex.quote(str(root / ".memctl" / "cron.log"))
    lines = [f"{MARK} — workspace {root}"]
    for job in planned:
        command = f"{_command(memctl, root, job)} >> {log} 2>&1"
        lines += [f"{MARK}: {job.what}", f"{job.schedule} {_cron_escape(command)}"]
    return CronPlan(str(root), str(memctl), lines, [job.name for job in planned])


def _command(memctl: Path, root: Path, job: CronJob) -> str:
    return " ".join(shlex.quote(part) for part in (str(memctl), "-w", str(root), *job.args))


def _check_paths(memctl: Path, root: Path, planned: list[CronJob]) -> None:
    """Refuse a path no crontab line or unit file can carry as it is."""
    words = [("memctl's path", str(memctl)), ("the workspace path", str(root))]
    words += [("a job's argument", arg) for job in planned for arg in job.args]
    for what, word in words:
        if not word.isprintable():
            raise PathRefused(
                f"{what} {word!r} holds a line break or control character, which "
                "would start a line of its own in a crontab or a unit file; "
                "move it to a path without one"
            )
        if "\\%" in word:
            raise PathRefused(
                f"{what} {word!r} holds a backslash before %, which a crontab "
                "cannot carry (cron reads \\% as %); rename it"
            )


def _cron_escape(command: str) -> str:
    """The command as a crontab line carries it: cron turns an unescaped % into a line break."""
    return command.replace("%", "\\%")


# --- the crontab ------------------------------------------------------------------------------


def block_marks(root: Path) -> tuple[str, str]:
    return f"# >>> memctl {root} >>>", f"# <<< memctl {root} <<<"


@dataclass(frozen=True)
class CronChange:
    action: str  # install | uninstall
    workspace: str
    changed: bool
    lines: list[str]  # the block installed (or removed)

    def to_dict(self) -> dict:
        return {
            "action": self.action,
            "workspace": self.workspace,
            "changed": self.changed,
            "lines": self.lines,
        }


def install(ws: Workspace, *, memctl: Path, crontab: str, home: Path | None = None) -> CronChange:
    """Put this workspace's jobs into the user's crontab, replacing its earlier block."""
    root = ws.root.resolve()
    begin, end = block_marks(root)
    block = [begin, *cron_plan(ws, memctl=memctl, home=home).lines, end]
    current = read_crontab(crontab)
    kept, _ = _without_block(current, root)
    new = kept + ([""] if kept and kept[-1].strip() else []) + block
    changed = new != current
    if changed:
        write_crontab(crontab, new)
    return CronChange("install", str(root), changed, block)


def uninstall(ws: Workspace, *, crontab: str) -> CronChange:
    """Remove this workspace's block from the user's crontab; nothing else is touched."""
    root = ws.root.resolve()
    current = read_crontab(crontab)
    kept, removed = _without_block(current, root)
    while kept and not kept[-1].strip() and removed:
        kept.pop()
    if removed:
        write_crontab(crontab, kept)
    return CronChange("uninstall", str(root), bool(removed), removed)


def read_crontab(crontab: str) -> list[str]:
    """The user's crontab lines ([] when there is none yet)."""
    proc = _run([*shlex.split(crontab), "-l"])
    if proc.returncode != 0:
        if re.search(r"no crontab", proc.stderr, re.IGNORECASE):
            return []
        raise MemctlError(f"`{crontab} -l` failed: {_last(proc)}")
    return proc.stdout.splitlines()


def write_crontab(crontab: str, lines: list[str]) -> None:
    text = "\n".join(lines) + "\n" if lines else ""
    proc = _run([*shlex.split(crontab), "-"], stdin=text)
    if proc.returncode != 0:
        raise MemctlError(f"`{crontab} -` refused the new crontab: {_last(proc)}")


def _without_block(lines: list[str], root: Path) -> tuple[list[str], list[str]]:
    begin, end = block_marks(root)
    kept, removed, inside = [], [], False
    for line in lines:
        if line.strip() == begin:
            inside = True
        if inside:
            removed.append(line)
        else:
            kept.append(line)
        if inside and line.strip() == end:
            inside = False
    return kept, removed


def _run(argv: list[str], stdin: str | None = None) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(
            argv,
            input=stdin,
            capture_output=True,
            text=True,
            timeout=30,
            env={**os.environ, "LC_ALL": "C"},
        )
    except FileNotFoundError:
        raise MemctlError(
            f"no {argv[0]!r} program here; `memctl cron print` shows the lines to "
            "add by hand, `memctl cron print --systemd` the timer units"
        ) from None


def _last(proc: subprocess.CompletedProcess) -> str:
    lines = (proc.stderr or proc.stdout).strip().splitlines()
    return lines[-1] if lines else f"exit code {proc.returncode}"


# --- systemd --------------------------------------------------------------------------------


@dataclass(frozen=True)
class UnitFile:
    name: str
    text: str

    def to_dict(self) -> dict:
        return {"name": self.name, "text": self.text}


@dataclass(frozen=True)
class SystemdPlan:
    workspace: str
    units: list[UnitFile]

    def to_dict(self) -> dict:
        return {"workspace": self.workspace, "units": [u.to_dict() for u in self.units]}

    def text(self) -> str:
        timers = " ".join(u.name for u in self.units if u.name.endswith(".timer"))
        parts = [
            "# Save each unit under ~/.config/systemd/user/, then run:",
            f"#   systemctl --user daemon-reload && systemctl --user enable --now {timers}",
        ]
        for unit in self.units:
            parts += ["", f"# ~/.config/systemd/user/{unit.name}", unit.text.rstrip("\n")]
        return "\n".join(parts) + "\n"


def systemd_plan(ws: Workspace, *, memctl: Path, home: Path | None = None) -> SystemdPlan:
    root = ws.root.resolve()
    planned = jobs(home=home)
    _check_paths(memctl, root, planned)
    if re.search(r"[\\'\"]", str(memctl)):
        raise PathRefused(
            f"memctl's path {str(memctl)!r} holds a quote or a backslash: systemd "
            "runs no program from such a path; install memctl elsewhere"
        )
    slug = re.sub(r"[^A-Za-z0-9]+", "-", root.name).strip("-").lower() or "workspace"
    where = str(root).replace("%", "%%")  # a Description expands specifiers too
    units = []
    for job in planned:
        name = f"memctl-{slug}-{job.name}"
        words = [_systemd_quote(str(memctl), program=True)]
        command = " ".join(words + [_systemd_quote(p) for p in ("-w", str(root), *job.args)])
        units.append(
            UnitFile(
                f"{name}.service",
                (
                    f"[Unit]\nDescription=memctl {job.what} ({where})\n\n"
                    f"[Service]\nType=oneshot\nExecStart={command}\n"
                ),
            )
        )
        units.append(
            UnitFile(
                f"{name}.timer",
                (
                    f"[Unit]\nDescription=memctl {job.what} ({where})\n\n"
                    f"[Timer]\nOnCalendar={on_calendar(job.schedule)}\nPersistent=true\n\n"
                    "[Install]\nWantedBy=timers.target\n"
                ),
            )
        )
    return SystemdPlan(str(root), units)


_DAYS = ("Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat")


def on_calendar(schedule: str) -> str:
    """A cron schedule of the form memctl uses (`M H * * D|*`) as a systemd OnCalendar value."""
    minute, hour, dom, month, dow = schedule.split()
    if dom != "*" or month != "*" or not minute.isdigit() or not hour.isdigit():
        raise ValueError(f"unsupported schedule {schedule!r}")
    days = "" if dow == "*" else ",".join(_DAYS[int(d) % 7] for d in dow.split(",")) + " "
    return f"{days}*-*-* {int(hour):02d}:{int(minute):02d}:00"


def _systemd_quote(word: str, *, program: bool = False) -> str:
    """One word of an ExecStart= line: `%` doubled (a specifier), `$` doubled in an argument (a
    variable; the program's own path is not expanded), and double-quoted with C escapes unless
    it is plain."""
    word = word.replace("%", "%%") if program else word.replace("%", "%%").replace("$", "$$")
    if re.fullmatch(r"[\w@+=:,./-]+", word):
        return word
    return '"' + word.replace("\\", "\\\\").replace('"', '\\"') + '"'
