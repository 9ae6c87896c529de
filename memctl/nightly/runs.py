"""The record of the nightly job, `.memctl/nightly.jsonl`, and `memctl consolidate --undo`.

One JSON line per event, committed with the change it describes (it cannot be rebuilt from the
Markdown): a consolidation run (`run`: the day, the lines it read, each item's outcome and what
undoing it takes), an undo (`undo`), a night (`sleep`: the days, the archive, the report). From
it memctl knows which lines of each day were consolidated, so a second run changes nothing and
`memctl sleep` catches up from where it stopped. A run's commit is found by the run id in its
message body.

Undo is an inverse change, not `git revert`: later commits (another run, a hand edit, NOW.md
rewritten by `memctl now`) often touch the same lines, and a textual revert would conflict. The
entries the run wrote are removed (by id, wherever they are now); the entries it closed or
re-verified get their old line back when nobody changed them since (else they are left and the
result says so); NOW.md loses the tasks it added and gets back the ones it took out; INDEX.md is
regenerated. The day is then held: `memctl sleep` leaves it alone until `memctl consolidate
--date DAY` runs it again.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets
from dataclasses import dataclass, field, replace

from ..dates import fmt_date
from ..errors import NotFound
from ..jsonlines import read_records, record_line
from ..workspace import MARKER, Outcome, Workspace
from .provenance import Diff, what_run_did

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..change import Change
    from ..longterm import EntryRef
    from ..now import NowDoc
    from .consolidation import Consolidation

RECORD = f"{MARKER}/nightly.jsonl"


@dataclass
class DayState:
    day: str
    through: int = 0  # the last line of the log that a run (not undone) read
    held: bool = False  # the last thing done to this day was an undo
    runs: list[dict] = field(default_factory=list)  # runs not undone, oldest first
    read: set[str] = field(default_factory=set)  # line_key of each line those runs read
    before: int = 0  # lines read by runs that recorded only how far they read (older memctl)

    def fresh(self, lines: list[str]) -> list[int]:
        """The numbers of the log's lines no run read: not by their place, which a merge of
        two machines' logs moves, but by their text."""
        return [
            number
            for number, line in enumerate(lines, start=1)
            if number > self.before and line.strip() and line_key(line) not in self.read
        ]


def line_key(line: str) -> str:
    """What a run records of a line it read (the text itself stays in the log)."""
    return hashlib.blake2b(line.rstrip().encode("utf-8"), digest_size=6).hexdigest()


def read_record(ws: Workspace) -> list[dict]:
    return read_records(ws.root / RECORD)


def days(ws: Workspace, events: list[dict] | None = None) -> dict[str, DayState]:
    """What has been consolidated of each day."""
    found: dict[str, DayState] = {}
    for event in read_record(ws) if events is None else events:
        kind, day = event.get("event"), event.get("day")
        if kind not in ("run", "undo") or not isinstance(day, str):
            continue
        state = found.setdefault(day, DayState(day))
        if kind == "run":
            state.runs.append(event)
            state.held = False
        else:
            state.runs = [r for r in state.runs if r.get("run") != event.get("run")]
            state.held = True
        state.through = max((r.get("through", 0) for r in state.runs), default=0)
        state.read = {key for r in state.runs for key in r.get("read", ())}
        state.before = max((r.get("through", 0) for r in state.runs if "read" not in r), default=0)
    return found


def append(ws: Workspace, change: Change, event: dict) -> None:
    change.append(ws.root / RECORD, record_line(event))


def record_run(
    ws: Workspace, change: Change, result: Consolidation, now: dt.datetime
) -> Consolidation:
    """Inside the run's change: its line in the record; the result gets the run's id."""
    run = f"{now:%Y%m%d-%H%M}-{secrets.token_hex(3)}"
    append(
        ws,
        change,
        {
            "event": "run",
            "run": run,
            "day": result.day,
            "log": result.log,
            "time": now.isoformat(timespec="seconds"),
            "after": result.after,
            "through": result.through,
            "read": list(result.read),
            "llm": result.llm,
            "untrusted": result.untrusted,
            "steps": [s.record() for s in result.steps],
        },
    )
    return replace(result, run=run)


def last_archive(events: list[dict]) -> dt.date | None:
    """When `memctl sleep` last ran the archive."""
    days_run = [e["archive"] for e in events if e.get("event") == "sleep" and e.get("archive")]
    return dt.date.fromisoformat(max(days_run)) if days_run else None


@dataclass(frozen=True)
class Undone:
    day: str
    run: str
    removed: list[str] = field(default_factory=list)  # entries the run wrote, now gone
    restored: list[str] = field(default_factory=list)  # entries given their old line back
    left: list[str] = field(default_factory=list)  # changed since the run: left as they are
    now: list[str] = field(default_factory=list)  # what changed back in NOW.md
    deleted_notes: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {
            "day": self.day,
            "run": self.run,
            "removed": self.removed,
            "restored": self.restored,
            "left": self.left,
            "now": self.now,
            "deleted_notes": self.deleted_notes,
        }


def undo(ws: Workspace, day: dt.date | None = None, *, now: dt.datetime) -> Outcome[Undone]:
    """Take back the last consolidation run of `day` (default: the last run of any day) in
    one commit, whatever was committed after it."""
    with ws.change("consolidate", "undo") as change:
        run = _last_run(ws, day)
        done = Undone(run["day"], run["run"])
        doc = _now_doc(ws)
        made = what_run_did(ws, run) if run.get("steps") else None
        for step in reversed(run.get("steps", [])):
            undo = step.get("undo") or {}
            if made is not None and not _backed_safely(undo, made):
                done.left.append(f"{_what(undo)} (not what run {run['run']}'s commit did)")
                continue
            _undo_step(ws, change, undo, done, doc)
        if doc is not None and done.now:
            doc.stamp(now)
            change.write(ws.now_path, doc.render())
        from ..dashboard import refresh_index

        refresh_index(ws, change, today=now.date())
        append(
            ws,
            change,
            {
                "event": "undo",
                "run": run["run"],
                "day": run["day"],
                "time": now.isoformat(timespec="seconds"),
            },
        )
        change.what = f"undo {run.get('log', run['day'])} (run {run['run']})"
        change.body = "\n".join(
            [
                *(f"removed {a}" for a in done.removed),
                *(f"restored {a}" for a in done.restored),
                *(f"left {a}" for a in done.left),
                *done.now,
            ]
        )
    return Outcome(done, change)


def _last_run(ws: Workspace, day: dt.date | None) -> dict:
    states = days(ws)
    if day is not None:
        state = states.get(fmt_date(day))
        if state is None or not state.runs:
            raise NotFound(f"no consolidation run of {fmt_date(day)} to undo")
        return state.runs[-1]
    runs = [r for s in states.values() for r in s.runs]
    if not runs:
        raise NotFound("no consolidation run to undo")
    return max(runs, key=lambda r: (r.get("time", ""), r.get("day", "")))


def _backed_safely(undo: dict, made: Diff) -> bool:
    try:
        return _backed(undo, made)
    except (KeyError, TypeError, AttributeError, IndexError):  # a record not memctl's shape
        return False


def _backed(undo: dict, made: Diff) -> bool:
    """Did the run's commit do what this step's undo takes back?"""
    for key in ("verified", "closed"):
        info = undo.get(key)
        if info is not None and not (
            made.adds(info["path"], info["line"]) and made.takes_out(info["path"], info["before"])
        ):
            return False
    written = undo.get("written")
    if written is not None and not made.adds(written["path"], written["line"]):
        return False
    if undo.get("created") is not None and undo["created"] not in made.created:
        return False
    if "conflict" in undo and not made.touches(undo["conflict"]):
        return False
    shown = [(undo[k], True) for k in ("now_added",) if k in undo]
    shown += [(undo[k], False) for k in ("now_removed",) if k in undo]
    if "now_changed" in undo:
        shown += [(undo["now_changed"][1], True), (undo["now_changed"][0], False)]
    return all(made.mentions("NOW.md", task, added=added) for task, added in shown)


def _what(undo: dict) -> str:
    for key in ("written", "verified", "closed"):
        info = undo.get(key)
        if isinstance(info, dict):
            return f"{info.get('path')}#^{info.get('id')}"
    return "NOW.md"


def _now_doc(ws: Workspace) -> NowDoc | None:
    from ..now import NowDoc, read_now

    return NowDoc.parse(read_now(ws)) if ws.now_path.exists() else None


def _undo_step(ws: Workspace, change: Change, undo: dict, done: Undone, doc: NowDoc | None) -> None:
    for key in ("verified", "closed"):
        if key in undo:
            _restore(ws, change, undo[key], done)
    if "written" in undo:
        _remove(ws, change, undo["written"], undo.get("created"), done)
    if "conflict" in undo:
        from ..longterm import clear_conflict

        clear_conflict(ws, change, undo["conflict"])
    if doc is not None:
        _undo_now(doc, undo, done)


def _find(ws: Workspace, info: dict) -> EntryRef | None:
    from ..longterm import find_entry

    try:
        return find_entry(ws, f"{info['path']}#^{info['id']}")
    except NotFound:
        return None


def _restore(ws: Workspace, change: Change, info: dict, done: Undone) -> None:
    from ..note import read_note, replace_line

    ref = _find(ws, info)
    if ref is None or ref.entry.raw != info["line"] or not info.get("before"):
        done.left.append(f"{info['path']}#^{info['id']} (changed since the run)")
        return
    assert ref.entry.line is not None  # an entry read from its file knows its line
    path = ws.root / ref.path
    text = read_note(path, display=ref.path).text
    change.write(path, replace_line(text, ref.entry.line, info["before"]))
    done.restored.append(ref.address)


def _remove(ws: Workspace, change: Change, info: dict, created: str | None, done: Undone) -> None:
    from ..forgetting.memoryonly import not_forgettable
    from ..note import parse_note, read_note

    ref = _find(ws, info)
    if ref is None:
        done.left.append(f"{info['path']}#^{info['id']} (already gone)")
        return
    path = ws.root / ref.path
    note = read_note(path, display=ref.path)
    lines = note.text.splitlines(keepends=True)
    assert ref.entry.line is not None  # an entry read from its file knows its line
    del lines[ref.entry.line - 1]
    rest = parse_note("".join(lines), path=path, display=ref.path)
    if created == ref.path and not rest.entries() and not_forgettable(ws, ref.path) is None:
        change.remove(path)  # the note the run made, and nothing else (never CLAUDE.md…)
        done.deleted_notes.append(ref.path)
    else:
        change.write(path, "".join(lines))
    changed = "" if ref.entry.raw == info["line"] else " (it had changed since the run)"
    done.removed.append(f"{ref.address}{changed}")


def _undo_now(doc: NowDoc, undo: dict, done: Undone) -> None:
    from ..now import IN_PROGRESS

    tasks = doc.items(IN_PROGRESS)
    before = list(tasks)
    if undo.get("now_added") in tasks:
        tasks.remove(undo["now_added"])
        done.now.append(f"NOW.md: took out {undo['now_added']}")
    if "now_removed" in undo and undo["now_removed"] not in tasks:
        tasks.insert(min(undo.get("at", len(tasks)), len(tasks)), undo["now_removed"])
        done.now.append(f"NOW.md: put back {undo['now_removed']}")
    if "now_changed" in undo:
        old, new = undo["now_changed"]
        if new in tasks:
            tasks[tasks.index(new)] = old
            done.now.append(f"NOW.md: back to {old}")
    if tasks != before:
        doc.set_items(IN_PROGRESS, tasks)
