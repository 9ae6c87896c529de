"""The crontab lines that keep a workspace tidy without a person: weekly archive (and the
nightly job once it is configured), with absolute paths so cron's bare environment works."""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from pathlib import Path

from .workspace import Workspace

MARK = "# memctl"


@dataclass(frozen=True)
class CronJob:
    name: str
    schedule: str
    args: tuple[str, ...]
    what: str


JOBS = (CronJob("archive", "30 3 * * 0", ("archive",), "weekly archive, Sundays at 03:30"),)


@dataclass(frozen=True)
class CronPlan:
    workspace: str
    memctl: str
    lines: list[str]

    def to_dict(self) -> dict:
        return {"workspace": self.workspace, "memctl": self.memctl, "lines": self.lines}

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


def cron_plan(ws: Workspace, *, memctl: Path) -> CronPlan:
    root = ws.root.resolve()
    log = shlex.quote(str(root / ".memctl" / "cron.log"))
    lines = [f"{MARK} — workspace {root}"]
    for job in JOBS:
        command = " ".join(shlex.quote(part) for part in
                           (str(memctl), "-w", str(root), *job.args))  # fmt: skip
        lines += [f"{MARK}: {job.what}", f"{job.schedule} {command} >> {log} 2>&1"]
    return CronPlan(str(root), str(memctl), lines)
