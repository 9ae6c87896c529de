"""Daily logs: ``daily/YYYY-MM-DD.md``, append-only, one ``### HH:MM — title`` entry at a time.

memctl never rewrites a past day, so ``daily/2026-02-01.md:14`` stays a stable address.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from .dates import fmt_date
from .errors import InvalidValue
from .kinds import DAILY_DIR
from .textstyle import without_bom
from .workspace import Outcome, Workspace

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path

    from .change import Change

HEADING = re.compile(r"^###\s+(?P<time>\d{1,2}:\d{2})\s*(?:[—–-]+\s*(?P<title>.*))?$")
DAY_FILE = re.compile(r"^(?P<day>\d{4}-\d{2}-\d{2})\.md$")


@dataclass(frozen=True)
class LogEntry:
    path: str
    line: int  # the heading's 1-based line: the entry's address
    day: str
    time: str
    title: str
    text: str

    def to_dict(self) -> dict:
        return {
            "path": self.path,
            "line": self.line,
            "day": self.day,
            "time": self.time,
            "title": self.title,
            "text": self.text,
        }


def day_path(ws: Workspace, day: dt.date) -> Path:
    return ws.daily_dir / f"{fmt_date(day)}.md"


def append_log(ws: Workspace, title: str, text: str, *, now: dt.datetime) -> Outcome[LogEntry]:
    """Add one entry at the end of today's log (created with a `# date` heading if new)."""
    title = " ".join(title.split())
    rel = ws.rel(day_path(ws, now.date()))
    with ws.change("log", f"{rel} {now:%H:%M} {title}") as change:
        entry = add_log_entry(ws, change, title, text, now=now)
    return Outcome(entry, change)


def add_log_entry(
    ws: Workspace, change: Change, title: str, text: str, *, now: dt.datetime
) -> LogEntry:
    """Inside an open change: append one entry to today's log (what append_log commits alone;
    a command that writes more than the log puts it in its own commit with this)."""
    title = defused(" ".join(title.split()))
    if not title:
        raise InvalidValue("a log entry needs a title")
    body = escape_body(text.rstrip("\n"))
    path = day_path(ws, now.date())
    wrong = ws.not_a_file(path)
    if wrong is not None:
        raise InvalidValue(f"{wrong[1]}; memctl appends nothing there", path=wrong[0])
    existing = ws.read_text(path) if path.exists() or path.is_symlink() else ""
    if existing and not existing.endswith("\n"):
        existing += "\n"  # change.append ends the file's last line first
    prefix = "" if existing else f"# {fmt_date(now.date())}\n"
    gap = "\n" if (existing + prefix) and not (existing + prefix).endswith("\n\n") else ""
    block = f"{prefix}{gap}### {now:%H:%M} — {title}\n" + (f"\n{body}\n" if body else "")
    line = (existing + prefix + gap).count("\n") + 1
    change.append(path, block)
    return LogEntry(ws.rel(path), line, fmt_date(now.date()), f"{now:%H:%M}", title, body)


def parse_log(rel: str, text: str) -> list[LogEntry]:
    """The entries of one day's log, each with its heading line and the text under it."""
    m = DAY_FILE.match(rel.rsplit("/", 1)[-1])
    day = m["day"] if m else ""
    entries: list[LogEntry] = []
    current: dict | None = None
    for number, line in enumerate(without_bom(text).splitlines(), start=1):
        h = HEADING.match(line)
        if h:
            if current:
                entries.append(_close(current))
            current = {
                "path": rel,
                "line": number,
                "day": day,
                "time": h["time"],
                "title": (h["title"] or "").strip(),
                "lines": [],
            }
        elif current is not None:
            current["lines"].append(line)
    if current:
        entries.append(_close(current))
    return entries


def _close(current: dict) -> LogEntry:
    text = "\n".join(unescape_line(line) for line in current.pop("lines")).strip("\n")
    current["title"] = claimed(current["title"])
    return LogEntry(text=claimed(text), **current)


def _structure(line: str) -> bool:
    """Would this line of a log entry's text be read as memctl structure: a heading that
    starts an entry, or an entry line with a priority, kind or fields?"""
    bare = line.lstrip("\\")
    if HEADING.match(bare):
        return True
    if bare[1:3] != " [" or bare[:1] not in "-*+":
        return False
    from .entry import parse_entry

    entry = parse_entry(bare)
    return entry is not None and bool(entry.kind or entry.priority or entry.fields)


def escape_body(text: str) -> str:
    """An entry's text as written: a line that would read as structure (a `### 09:00 — …`
    heading, a `- [RULE] src:user · …` entry line) gets a backslash in front, Markdown's own
    escape, so pasted text can never pose as an entry; parse_log reads it back as given. A
    `src:user` in it is written `src\\:user` (see defused)."""
    text = defused(text)
    if "###" not in text and " [" not in text:
        return text
    return "\n".join("\\" + line if _structure(line) else line for line in text.split("\n"))


# "src:user" as the nightly job reads who said a line (nightly/markers.py), quoted or not
_USER_CLAIM = re.compile(r'(?<!\S)src:(?="user"|user(?=[.,;:!?]*(?:\s|$)))')


def defused(text: str) -> str:
    """The text with each `src:user` written `src\\:user`, which no reader takes for who said
    it. What a log entry holds came through the agent (a page it pasted may say `src:user`):
    the user's own words come in through `memctl remember --source user`."""
    return _USER_CLAIM.sub(r"src\\:", text) if "src:" in text else text


_DEFUSED = re.compile(r'(?<!\S)src\\:(?="user"|user(?=[.,;:!?]*(?:\s|$)))')


def claimed(text: str) -> str:
    """The text as it was given, a claim memctl defused read back (what `memctl show` and every
    reader of an entry's text see; the nightly job reads the lines as written)."""
    return _DEFUSED.sub("src:", text) if "src\\:" in text else text


def unescape_line(line: str) -> str:
    return line[1:] if line[:1] == "\\" and _structure(line) else line


def last_heading(rel: str, text: str) -> str | None:
    """'YYYY-MM-DD HH:MM' of the newest entry in a day's log, if it has one."""
    m = DAY_FILE.match(rel.rsplit("/", 1)[-1])
    if not m:
        return None
    lines = without_bom(text).splitlines()
    times = [h["time"].zfill(5) for line in lines if (h := HEADING.match(line))]
    return f"{m['day']} {max(times)}" if times else None


def is_day_file(rel: str, daily_dir: str = DAILY_DIR) -> bool:
    return rel.startswith(f"{daily_dir}/") and DAY_FILE.match(rel.rsplit("/", 1)[-1]) is not None


def rewritten_logs(ws: Workspace, paths: list[str] | None = None) -> dict[str, str]:
    """Past daily logs whose earlier lines were changed or removed: path → the first commit
    that did it ("uncommitted" for an edit not committed yet). Daily logs are append-only, so
    what such a log says counts as untrusted from then on (doctor reports it; the write gate
    marks memories made from it untrusted). `paths`: only these logs (default: all).

    A merge counts as each of its sides: a line that one of its parents had and the merge
    does not was removed by it (`-m`, with every side walked: `--full-history`). Two
    machines' appended logs merged as a union only add to either side, so such a merge is no
    finding. Only the counts of lines are read (`--numstat`), whatever the logs hold."""
    from . import gitstore

    if not gitstore.is_repo(ws.root) or not gitstore.has_head(ws.root):
        return {}
    if paths == []:
        return {}
    where = ["--", *(paths if paths is not None else [f"{ws.config.daily_dir}/"])]
    out = gitstore.run(
        ws.root,
        "--literal-pathspecs",
        "log",
        "--reverse",
        "--format=@@commit %H",
        "-m",
        "--full-history",
        "--no-follow",
        *_COUNTS,
        *where,
    )
    found: dict[str, str] = {}
    for sha, path in _removing(out):
        found.setdefault(path, sha)
    working = gitstore.run(ws.root, "--literal-pathspecs", "diff", *_COUNTS, "HEAD", *where)
    for _, path in _removing(working):
        found.setdefault(path, "uncommitted")
    return found


# Counts of lines added and removed per file, NUL-separated: each file's diff as text (-a, a
# NUL byte in a log does not hide it), the smallest diff (a line is never counted removed and
# added again, whatever diff.algorithm the user's git config names), no renames (a log moved
# away is removed).
_COUNTS = ("--numstat", "-z", "-a", "--no-renames", "--diff-algorithm=minimal", "--no-ext-diff")


def _removing(out: str) -> Iterator[tuple[str, str]]:
    """(commit, path) for each file a commit removed lines from, in a `--numstat -z` listing
    whose commits each begin with an "@@commit SHA" line (commit "" where there is none)."""
    sha = ""
    for token in out.split("\0"):
        token = token.lstrip("\n")
        if token.startswith("@@commit "):
            sha = token.split()[1]
            continue
        added, _, rest = token.partition("\t")
        removed, _, path = rest.partition("\t")
        if path and removed != "0" and added:
            yield sha, path
