"""Is memory used? A local log of every read, and what it says per day.

Memory that exists and is never read is the failure that looks like success: the logs grow, the
notes pile up, and the agent answers from scratch. So every read command (`now`, `search`,
`recall`, `show`) appends one JSON line to USAGE_LOG: when, which command, how many results,
and the addresses it returned or opened (never the query: the log must not become a copy of
what a purge removes). It is local to the machine and never committed (.gitignore). `memctl
stats` reads it per day; `memctl doctor` warns when the reading stopped while the writing
goes on.

Appending is one open-write-close of a short line, well under a millisecond, with nothing
imported beyond json and os (jsonlines.append_line): it runs at every session start and before
every turn. So it does not go through the write layer, as the logs that keep outside text do
(jsonlines.append_local, some 60 ms the first time in a process): a line holds a command's
name, a count and the addresses of files the search index holds too, no text of a memory, and a
purge cleans it as it cleans the index. A log that is a link is not followed.
"""

from __future__ import annotations

import os
from collections import Counter

from .jsonlines import append_line, read_records, record_line

TYPE_CHECKING = False
if TYPE_CHECKING:
    import datetime as dt
    from pathlib import Path

    from .workspace import Workspace

USAGE_LOG = ".memctl/usage.jsonl"
QUIET_DAYS = 7  # doctor warns after this many days without a `now`, search or recall
SHOWN = 5  # addresses kept per search


def record(
    root: Path,
    command: str,
    *,
    at: dt.datetime,
    results: int | None = None,
    addresses: list[str] | tuple[str, ...] = (),
) -> None:
    """Append one read to the usage log; never fails the read (a read-only workspace)."""
    item: dict[str, str | int | list[str]] = {"t": at.isoformat(timespec="minutes"), "cmd": command}
    if results is not None:
        item["n"] = results
    if addresses:
        item["read"] = list(addresses[:SHOWN])
    append_line(os.path.join(root, USAGE_LOG), record_line(item))


def events(root: Path) -> list[dict]:
    """Every recorded read, oldest first; a damaged line is skipped."""
    from pathlib import Path

    return [item for item in read_records(Path(root) / USAGE_LOG) if isinstance(item.get("t"), str)]


def last_read(root: Path) -> str | None:
    """The day (YYYY-MM-DD) of the latest `now`, search or recall, if any."""
    days = [e["t"][:10] for e in events(root) if e.get("cmd") in ("now", "search", "recall")]
    return max(days) if days else None


# Plain classes, not dataclasses: this module is imported on every `now` and `recall`, and
# building a dataclass costs a millisecond of start-up each.
class Day:
    """One day of reads and writes."""

    def __init__(self, day: dt.date) -> None:
        self.day = day
        self.sessions = 0  # `memctl now` calls (the SessionStart hook runs it)
        self.searches = 0
        self.recalls = 0
        self.recalls_found = 0  # recalls that put at least one pointer on the desk
        self.shows = 0
        self.logged = 0  # daily-log entries written that day
        self.read: Counter = Counter()  # addresses recalled or shown

    def to_dict(self) -> dict:
        return {
            "day": self.day.isoformat(),
            "sessions": self.sessions,
            "searches": self.searches,
            "recalls": self.recalls,
            "recalls_found": self.recalls_found,
            "shows": self.shows,
            "logged": self.logged,
            "read": dict(self.read.most_common()),
        }


class Stats:
    """Reads per day over a window, the most read memories, and the last read ever."""

    def __init__(
        self,
        first: dt.date,
        last: dt.date,
        days: list[Day],
        most_read: list[tuple[str, int]],
        last_read: str | None,
    ) -> None:
        self.first, self.last, self.days = first, last, days
        self.most_read = most_read
        self.last_read = last_read  # the latest day with a `now`, search or recall

    def to_dict(self) -> dict:
        return {
            "from": self.first.isoformat(),
            "to": self.last.isoformat(),
            "days": [d.to_dict() for d in self.days],
            "most_read": [{"address": a, "times": n} for a, n in self.most_read],
            "last_read": self.last_read,
        }


MOST_DAYS = 3660  # ten years of rows


def stats(ws: Workspace, *, today: dt.date, days: int = 7) -> Stats:
    """Per day of the last `days`: sessions started with `now`, searches, recalls (and how many
    returned something), shows, the daily-log entries written, and the memories read."""
    import datetime as dt

    from .controls import count

    count(days, "--days", low=1, high=MOST_DAYS)  # a row a day
    first = today - dt.timedelta(days=days - 1)
    rows = {first + dt.timedelta(days=i): Day(first + dt.timedelta(days=i)) for i in range(days)}
    for item in events(ws.root):
        try:
            day = dt.date.fromisoformat(item["t"][:10])
        except ValueError:
            continue
        row = rows.get(day)
        if row is None:
            continue
        command = item.get("cmd")
        found = item.get("n") or 0
        if command == "now":
            row.sessions += 1
        elif command == "search":
            row.searches += 1
        elif command == "recall":
            row.recalls += 1
            row.recalls_found += 1 if found else 0
        elif command == "show":
            row.shows += 1
        if command in ("recall", "show"):
            row.read.update(str(a) for a in item.get("read", []))
    for day, row in rows.items():
        row.logged = _log_entries(ws, day)
    total: Counter = Counter()
    for row in rows.values():
        total.update(row.read)
    return Stats(
        first, today, [rows[d] for d in sorted(rows)], total.most_common(10), last_read(ws.root)
    )


def _log_entries(ws: Workspace, day: dt.date) -> int:
    from .daily import day_path, parse_log
    from .errors import ParseError, PathRefused

    path = day_path(ws, day)
    try:
        text = ws.read_text(path)
    except (OSError, ParseError, PathRefused):
        return 0
    return len(parse_log(ws.rel(path), text))
