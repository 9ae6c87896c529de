"""The one-line health summary `memctl now` prints and INDEX.md opens with."""

from __future__ import annotations

import datetime as dt
from typing import NamedTuple

from .catalog import FileFacts, is_stale, scan
from .dates import try_date
from .workspace import Workspace


class Health(NamedTuple):
    notes: int
    stale: int
    expiring: int  # open entries and files expiring within expiring_days (or already expired)
    overdue: int  # of those, already past their expires: date (the weekly archive moves them)
    expiring_days: int
    unreadable: int
    last_log: str | None  # "YYYY-MM-DD HH:MM" of the newest daily-log entry
    days_since_log: int | None

    def line(self) -> str:
        since = (
            "no daily log yet"
            if self.days_since_log is None
            else "last log today"
            if self.days_since_log == 0
            else f"last log {self.days_since_log} day{'s' if self.days_since_log != 1 else ''} ago"
        )
        overdue = f" ({self.overdue} overdue)" if self.overdue else ""
        expiring = f"{self.expiring} expiring ≤{self.expiring_days}d{overdue}"
        return (
            f"health: {self.notes} note{'s' if self.notes != 1 else ''} · {self.stale} stale · "
            f"{expiring} · "
            f"{self.unreadable} unreadable · {since}"
        )

    @property
    def ok(self) -> bool:
        return not (self.stale or self.unreadable)

    def to_dict(self) -> dict:
        return {
            "notes": self.notes,
            "stale": self.stale,
            "expiring": self.expiring,
            "overdue": self.overdue,
            "expiring_days": self.expiring_days,
            "unreadable": self.unreadable,
            "last_log": self.last_log,
            "days_since_log": self.days_since_log,
            "line": self.line(),
        }


def expiring_dates(facts: FileFacts) -> list[str]:
    return facts.expiring + ([facts.expires] if facts.expires else [])


def workspace_health(
    ws: Workspace, *, today: dt.date, facts: list[FileFacts] | None = None
) -> Health:
    facts = scan(ws) if facts is None else facts
    horizon = today + dt.timedelta(days=ws.config.expiring_days)
    notes = [f for f in facts if f.kind == "note"]
    expiring = overdue = 0
    for f in notes:
        for value in expiring_dates(f):
            day = try_date(value)
            if day is not None and day <= horizon:
                expiring += 1
                overdue += day < today
    logs = [f.last_entry for f in facts if f.kind == "daily" and f.last_entry]
    last = max(logs) if logs else None
    days = (today - dt.date.fromisoformat(last[:10])).days if last else None
    return Health(
        notes=len(notes),
        stale=sum(1 for f in notes if is_stale(f, today, ws.config.stale_days)),
        expiring=expiring,
        overdue=overdue,
        expiring_days=ws.config.expiring_days,
        unreadable=sum(1 for f in facts if f.error),
        last_log=last,
        days_since_log=days,
    )
