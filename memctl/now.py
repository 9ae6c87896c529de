"""NOW.md, "where did I leave off": read at every session start, the one file memctl overwrites.

Sections memctl edits: ``## Today's Focus``, ``## In Progress`` (blockers after "— blocked:")
and ``## Current Priorities`` (a Priority | Task | Status table). Any other section a person
adds is kept as written. Every rewrite is one git commit, so each earlier version can be found.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field

from .dates import fmt_date, fmt_stamp
from .errors import InvalidValue, MemctlError, NotFound, PathRefused
from .textstyle import without_bom
from .words import small_number
from .workspace import Outcome, Workspace

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from .change import Change

FOCUS = "Today's Focus"
IN_PROGRESS = "In Progress"
PRIORITIES = "Current Priorities"
_UPDATED = re.compile(r"^Updated:\s*(?P<stamp>.*)$")
BLOCKED_MARK = " — blocked: "
_TABLE_HEAD = ["| Priority | Task | Status |", "|----------|------|--------|"]


@dataclass
class NowDoc:
    head: list[str] = field(default_factory=list)  # lines before the first "## "
    sections: list[tuple[str, list[str]]] = field(default_factory=list)

    @classmethod
    def parse(cls, text: str) -> NowDoc:
        doc = cls()
        current: list[str] = doc.head
        for line in text.splitlines():
            if line.startswith("## "):
                current = []
                doc.sections.append((line[3:].strip(), current))
            else:
                current.append(line)
        return doc

    def render(self) -> str:
        out = list(self.head)
        for name, lines in self.sections:
            out.append(f"## {name}")
            out.extend(lines)
        return "\n".join(out).rstrip("\n") + "\n"

    def section(self, name: str) -> list[str]:
        for existing, lines in self.sections:
            if existing.lower() == name.lower():
                return lines
        fresh = [""]
        self.sections.append((name, fresh))
        return fresh

    def items(self, name: str) -> list[str]:
        return [line[2:] for line in self.section(name) if line.startswith(("- ", "* "))]

    def set_items(self, name: str, items: list[str]) -> None:
        lines = self.section(name)
        kept = [line for line in lines if not line.startswith(("- ", "* ")) and line.strip()]
        lines[:] = kept + [f"- {item}" for item in items] + [""]

    def stamp(self, moment: dt.datetime) -> None:
        for i, line in enumerate(self.head):
            if _UPDATED.match(line):
                self.head[i] = f"Updated: {fmt_stamp(moment)}"
                return
        self.head.insert(1 if self.head else 0, f"Updated: {fmt_stamp(moment)}")

    def updated(self) -> str | None:
        for line in self.head:
            if m := _UPDATED.match(line):
                return m["stamp"].strip()
        return None

    def priorities(self) -> list[list[str]]:
        rows = []
        for line in self.section(PRIORITIES):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if line.strip().startswith("|") and len(cells) == 3 and not _is_header(cells):
                rows.append(cells)
        return rows

    def set_priorities(self, rows: list[list[str]]) -> None:
        lines = self.section(PRIORITIES)
        kept = [line for line in lines if line.strip() and not line.strip().startswith("|")]
        table = _TABLE_HEAD + [f"| {p} | {t} | {s} |" for p, t, s in rows]
        lines[:] = kept + table + [""]

    def to_dict(self) -> dict:
        return {
            "updated": self.updated(),
            "focus": self.items(FOCUS),
            "in_progress": self.items(IN_PROGRESS),
            "priorities": [
                dict(zip(("priority", "task", "status"), r, strict=True)) for r in self.priorities()
            ],
        }


def _is_header(cells: list[str]) -> bool:
    return cells[0].lower() == "priority" or set("".join(cells)) <= set("-: ")


def line_text(text: str) -> str:
    """A NOW.md line as it shows: on one line, no `|` to split a row, no `<!--` hiding what
    follows (escaped: `\\<!--`). Written again, it is unchanged."""
    text = " ".join(text.replace("|", "/").split())
    return re.sub(r"(?<!\\)<!--", r"\\<!--", text)


def cell_text(text: str) -> str:
    """A NOW.md table cell as it shows: a line (line_text), and no backslash at its end escaping
    the row's closing pipe (doubled). Written again, it is unchanged."""
    text = line_text(text)
    trailing = len(text) - len(text.rstrip("\\"))
    return text + "\\" if trailing % 2 else text


def read_now(ws: Workspace) -> str:
    link = ws.link_out(ws.now_path)
    if link is not None:
        raise PathRefused(
            f"{link}; memctl never reads or writes through it (`memctl doctor` lists links)"
        )
    wrong = ws.not_a_file(ws.now_path)
    if wrong is not None:
        raise InvalidValue(
            f"{wrong[1]}; memctl reads and writes nothing there (`memctl doctor` names it)",
            path=wrong[0],
        )
    try:
        return without_bom(ws.now_path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise NotFound(
            "NOW.md is missing; `memctl init` writes a fresh one", path=ws.rel(ws.now_path)
        ) from None
    except UnicodeDecodeError:
        raise InvalidValue(
            "NOW.md is not UTF-8 text; fix it by hand", path=ws.rel(ws.now_path)
        ) from None


def _rewrite(
    ws: Workspace, what: str, edit: Callable[[NowDoc], None], now: dt.datetime
) -> Outcome[NowDoc]:
    with ws.change("now", what) as change:
        doc = NowDoc.parse(read_now(ws))
        edit(doc)
        doc.stamp(now)
        change.write(ws.now_path, doc.render())
    return Outcome(doc, change)


def a_new_day(ws: Workspace, change: Change, now: dt.datetime) -> list[str]:
    """Inside the nightly job's change: Today's Focus of an earlier day, its done items (✅) let
    go (the day's commit keeps them); what is not done yet stays the focus. The items let go; a
    NOW.md that cannot be read, or was updated today, is left as it is."""
    try:
        doc = NowDoc.parse(read_now(ws))
    except MemctlError:
        return []
    day = (doc.updated() or "")[:10]
    if not day or day >= fmt_date(now.date()):
        return []
    focus = doc.items(FOCUS)
    done = [item for item in focus if item.startswith("✅")]
    if done:
        doc.set_items(FOCUS, [item for item in focus if not item.startswith("✅")])
        doc.stamp(now)
        change.write(ws.now_path, doc.render())
    return [item.removeprefix("✅").strip() for item in done]


def set_focus(ws: Workspace, items: list[str], *, add: bool, now: dt.datetime) -> Outcome[NowDoc]:
    def edit(doc: NowDoc) -> None:
        doc.set_items(FOCUS, (doc.items(FOCUS) if add else []) + [line_text(i) for i in items])

    return _rewrite(ws, f"focus {'+' if add else ''}{'; '.join(items)}", edit, now)


def start_task(
    ws: Workspace, task: str, *, blocker: str | None, now: dt.datetime
) -> Outcome[NowDoc]:
    task = line_text(task)  # a list item: a backslash at its end escapes nothing there
    if not task:
        raise InvalidValue("the task is empty")

    def edit(doc: NowDoc) -> None:
        item = f"🔄 {task}" + (f"{BLOCKED_MARK}{line_text(blocker)}" if blocker else "")
        doc.set_items(IN_PROGRESS, doc.items(IN_PROGRESS) + [item])

    return _rewrite(ws, f"start {task}", edit, now)


def _find(items: list[str], ref: str) -> int:
    number = small_number(ref)
    if number is not None and 1 <= number <= len(items):
        return number - 1
    listing = "; ".join(f"{n}. {item}" for n, item in enumerate(items, start=1)) or "none"
    if ref.strip().isdigit():  # a number past the list is not a text to look for ("done 9")
        raise NotFound(f"there is no In Progress item {ref.strip()}: {listing}")
    hits = [i for i, item in enumerate(items) if ref.lower() in item.lower()]
    if len(hits) == 1:
        return hits[0]
    kind = "matches several" if hits else "matches no"
    raise NotFound(f"{ref!r} {kind} In Progress item (give its number): {listing}")


def task_text(item: str) -> str:
    return item.removeprefix("🔄 ").split(BLOCKED_MARK)[0].strip()


def finish_task(ws: Workspace, ref: str, *, now: dt.datetime) -> Outcome[NowDoc]:
    done: list[str] = []

    def edit(doc: NowDoc) -> None:
        items = doc.items(IN_PROGRESS)
        task = task_text(items.pop(_find(items, ref)))
        done.append(task)
        doc.set_items(IN_PROGRESS, items)
        doc.set_items(FOCUS, doc.items(FOCUS) + [f"✅ {task}"])

    return _rewrite(ws, f"done {ref}", edit, now)


def block_task(ws: Workspace, ref: str, reason: str | None, *, now: dt.datetime) -> Outcome[NowDoc]:
    def edit(doc: NowDoc) -> None:
        items = doc.items(IN_PROGRESS)
        i = _find(items, ref)
        items[i] = f"🔄 {task_text(items[i])}" + (
            f"{BLOCKED_MARK}{line_text(reason)}" if reason else ""
        )
        doc.set_items(IN_PROGRESS, items)

    return _rewrite(ws, f"{'block' if reason else 'unblock'} {ref}", edit, now)


def set_priority(
    ws: Workspace, priority: str, task: str, status: str, *, remove: bool, now: dt.datetime
) -> Outcome[NowDoc]:
    def edit(doc: NowDoc) -> None:
        rows = [r for r in doc.priorities() if r[1].lower() != cell_text(task).lower()]
        if remove and len(rows) == len(doc.priorities()):
            raise NotFound(f"no priority row for task {task!r}")
        if not remove:
            rows.append([cell_text(priority), cell_text(task), cell_text(status)])
        rows.sort(key=lambda r: r[0])
        doc.set_priorities(rows)

    return _rewrite(ws, f"priority {'-' if remove else ''}{task}", edit, now)
