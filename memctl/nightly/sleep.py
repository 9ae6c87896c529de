"""`memctl sleep`: the nightly job, and the one short report it leaves for the morning.

In order:
1. consolidate each day whose log has lines no run read yet, up to yesterday (`--today`: today
   too), oldest first: a missed night is caught up. A day whose last run was undone is left to
   a person (`memctl consolidate --date DAY` runs it again);
2. archive, when ARCHIVE_EVERY days or more have passed since the last night that did (the
   weekly `memctl archive`; the date is kept in `.memctl/nightly.jsonl`);
3. bring the search index up to date, so what was promoted is found at once;
4. review the lessons that slipped (lessons.py), and sum up what the guard's checks matched
   since the last night;
5. strike through the open lines whose `until:` day has come (a change said to start on a
   later day closed them then; every reader already counts them closed), and write the
   morning report to `reports/YYYY-MM-DD.md` (committed with the night's line in the
   record; a second night on the same date adds to it) and return it: what was promoted, what
   was closed, what needs a person, which lessons slipped, and the few notes worth a look
   (attention.py: conflicts, problems, and the stale notes read lately or of high priority,
   not every stale note); and let go of Today's Focus items done on an earlier day.

Each day's consolidation is its own commit, so each can be undone alone; a day in which the
log holds nothing to act on is recorded in the report's commit instead (a catch-up of quiet
days makes no empty commits); the archive and the report are one commit each.
"""

from __future__ import annotations

import datetime as dt
import shlex
from dataclasses import dataclass, field, replace

from ..dates import fmt_date, fmt_stamp
from ..errors import ParseError
from ..kinds import REPORTS_DIR
from ..workspace import Outcome, Workspace
from .consolidation import MAY_HAVE_FINISHED, settling

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path

    from ..attention import Needs
    from .consolidation import Consolidation, Step
    from .guard import Watched
    from .lessons import Review

ARCHIVE_EVERY = 7
SHOWN = 8  # lines in each section of the report; the rest are counted
TEXT = 100  # characters of an item's text in the report


@dataclass(frozen=True)
class Night:
    date: str
    days: list[Consolidation] = field(default_factory=list)  # one per day
    held: list[str] = field(default_factory=list)  # days left to a person (undone)
    failed: list[str] = field(default_factory=list)  # days that could not be read, and why
    archive: dict | None = None  # what the archive moved, when it ran
    archive_note: str = ""
    index: dict = field(default_factory=dict)
    review: Review | None = None
    watched: list[Watched] = field(default_factory=list)
    needs: Needs | None = None  # what needs a person in the knowledge base (attention.py)
    report: str = ""  # the report's path
    text: str = ""  # the report
    struck: list[str] = field(default_factory=list)  # open lines whose until: day had come
    let_go: list[str] = field(default_factory=list)  # done focus items of an earlier day
    commits: list[dict] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {
            "date": self.date,
            "days": [d.to_dict() for d in self.days],
            "held": self.held,
            "failed": self.failed,
            "archive": self.archive,
            "archive_note": self.archive_note,
            "index": self.index,
            "review": self.review.to_dict() if self.review else None,
            "watched": [w.to_dict() for w in self.watched],
            "needs": self.needs.to_dict() if self.needs else None,
            "report": self.report,
            "text": self.text,
            "struck": self.struck,
            "let_go": self.let_go,
            "commits": self.commits,
        }


def pending(ws: Workspace, *, until: dt.date) -> tuple[list[dt.date], list[str]]:
    """The days to consolidate (oldest first), and the days held for a person."""
    from ..daily import DAY_FILE
    from ..dates import try_date
    from . import runs as nightly

    states = nightly.days(ws)
    todo, held = [], []
    folder = ws.daily_dir
    for path in sorted(folder.glob("*.md")) if folder.is_dir() else []:
        m = DAY_FILE.match(path.name)
        day = try_date(m["day"]) if m else None
        if m is None or day is None or day > until:
            continue
        state = states.get(m["day"])
        if state is not None and state.held:
            held.append(m["day"])
        elif state is None or state.fresh(_lines(path)):
            todo.append(day)
    return todo, held


def _lines(path: Path) -> list[str]:
    """The lines of a day's log, as consolidate reads them."""
    try:
        return path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return []


def sleep(
    ws: Workspace, *, now: dt.datetime, include_today: bool = False, use_llm: bool | None = None
) -> Outcome[Night]:
    """The nightly job: catch up, archive when due, reindex, review, report. Several commits."""
    from ..daily import rewritten_logs
    from ..forgetting.archive import run_archive
    from ..search.index import open_index
    from . import runs as nightly
    from .consolidate import consolidate
    from .guard import watched
    from .lessons import review

    today = now.date()
    events = nightly.read_record(ws)
    todo, held = pending(ws, until=today if include_today else today - dt.timedelta(days=1))
    commits: list[dict] = []
    days = []
    rewritten = rewritten_logs(ws) if todo else {}
    failed = []
    quiet = []  # days with nothing to act on: recorded in the report's commit, not one each
    for day in todo:
        try:
            done = consolidate(
                ws, day, now=now, use_llm=use_llm, rewritten=rewritten, record_empty=False
            )
        except ParseError as exc:  # one unreadable log does not stop the night
            failed.append(str(exc))
            continue
        if done.value.run is None and not done.value.already:
            quiet.append(done.value)
        days.append(done.value)
        commits += [c.to_dict() for c in done.change.commits]
    last = nightly.last_archive(events)
    archive, archive_note = None, ""
    if last is None or (today - last).days >= ARCHIVE_EVERY:
        moved = run_archive(ws, today=today)
        entries = sum(1 for m in moved.value.moves if m.kind == "entry")
        archive = {"entries": entries, "files": len(moved.value.moves) - entries}
        commits += [c.to_dict() for c in moved.change.commits]
    else:
        archive_note = (
            f"not due (last {fmt_date(last)}; next on "
            f"{fmt_date(last + dt.timedelta(days=ARCHIVE_EVERY))})"
        )
    with open_index(ws) as index:
        fresh = index.freshness.to_dict()
    from ..search import semantic

    if semantic.available(ws):  # the night embeds what ordinary calls left for later
        fresh["embedded"] = semantic.embed_all(ws).embedded
    since = max((e.get("time", "") for e in events if e.get("event") == "sleep"), default=None)
    from ..attention import needs_a_person, recent_reads
    from ..catalog import scan

    needs = needs_a_person(
        scan(ws),
        today=today,
        stale_days=ws.config.stale_days,
        reads=recent_reads(ws.root, today=today),
    )
    night = Night(
        fmt_date(today),
        days,
        held,
        failed,
        archive,
        archive_note,
        fresh,
        review(ws),
        watched(ws, since=since),
        needs,
    )
    rel = f"{REPORTS_DIR}/{fmt_date(today)}.md"
    with ws.change("sleep", f"report {rel}", unattended=True) as change:
        from ..forgetting.closing import strike_due

        # a change said to start on a day closed the old line then: struck through now
        struck = [
            f"{r.address} (until {r.entry.fields['until']})" for r in strike_due(ws, change, today)
        ]
        from ..now import a_new_day

        # a new day's focus: what was done on an earlier one leaves Today's Focus
        night = replace(night, struck=struck, let_go=a_new_day(ws, change, now))
        text = report(night, now)
        path = ws.root / rel
        old = path.read_text(encoding="utf-8") if path.exists() else ""
        change.write(path, f"{old.rstrip()}\n\n---\n\n{text}" if old.strip() else text)
        for result in quiet:
            nightly.record_run(ws, change, result, now)
        nightly.append(
            ws,
            change,
            {
                "event": "sleep",
                "time": now.isoformat(timespec="seconds"),
                "days": [d.day for d in days],
                "held": held,
                "archive": fmt_date(today) if archive is not None else None,
                "report": rel,
            },
        )
    commits += [c.to_dict() for c in change.commits]
    night = replace(night, report=rel, text=text, commits=commits)
    return Outcome(night, change)


# --- the report --------------------------------------------------------------------------------


def report(night: Night, now: dt.datetime) -> str:
    """One short Markdown report: a summary line, then only the sections with something."""
    steps = [(d, s) for d in night.days for s in d.steps]
    promoted = [
        (d, s) for d, s in steps if s.written and s.label in ("new", "update", "correction")
    ]
    closed = [(d, s) for d, s in steps if s.closed or (s.now or "").startswith("leaves")]
    person = [(d, s) for d in night.days for s in d.conflicts]
    settle = [s for d in night.days for s in d.to_settle]
    proposals = night.review.proposals if night.review else []
    repeats = sum(1 for _, s in steps if s.label == "repeat")
    days = [d.day for d in night.days]
    span = (
        f"{len(days)} day(s) ({days[0]}{' … ' + days[-1] if len(days) > 1 else ''})"
        if days
        else "no new log lines"
    )
    archive = (
        f"archive moved {night.archive['entries']} "
        f"{'entry' if night.archive['entries'] == 1 else 'entries'} and "
        f"{night.archive['files']} file(s)"
        if night.archive is not None
        else f"archive {night.archive_note}"
    )
    lines = [
        f"# Morning report — {night.date}",
        "",
        f"Night of {fmt_stamp(now)}: consolidated {span}; {len(promoted)} promoted, "
        f"{repeats} repeat(s) re-verified, {len(closed) + len(night.struck)} closed, "
        f"{settling(len(settle))}{len(person)} for a person; {archive}; "
        f"{len(proposals)} lesson(s) to review.",
    ]
    _section(lines, "Promoted", [_promoted(s) for _, s in promoted])
    _section(lines, "Closed", [_closed(d, s) for d, s in closed] + night.struck)
    _section(lines, "Done, out of Today's Focus", night.let_go)
    _section(lines, "To settle", [_unsure(s) for s in settle])
    _section(
        lines,
        "Needs a person",
        [_person(d, s) for d, s in person]
        + [
            f"{day}: its last consolidation was undone; `memctl consolidate --date {day}` "
            "runs it again"
            for day in night.held
        ]
        + [f"not consolidated: {why}" for why in night.failed],
    )
    gone = night.review.gone if night.review else []
    _section(
        lines,
        "Lessons that slipped",
        [p.line() for p in proposals] + [f"{g}: slipped, and is gone" for g in gone],
    )
    _section(lines, "Checks", [_watched(w) for w in night.watched])
    told = tuple(s.written.rsplit("^", 1)[-1] for s in settle if s.written)
    _section(lines, "Worth a look", night.needs.lines(told) if night.needs else [])
    return "\n".join(lines) + "\n"


def _section(lines: list[str], title: str, items: list[str]) -> None:
    if not items:
        return
    lines += ["", f"## {title}", ""]
    lines += [f"- {item}" for item in items[:SHOWN]]
    if len(items) > SHOWN:
        lines.append(
            f"- … and {len(items) - SHOWN} more (`memctl --json consolidate --dry-run` "
            "shows a day; `.memctl/nightly.jsonl` holds every step)"
        )


def _short(text: str) -> str:
    return text if len(text) <= TEXT else text[: TEXT - 1].rstrip() + "…"


def _promoted(step: Step) -> str:
    kind = step.item.kind or "FACT"
    label = "" if step.label == "new" else f" ({step.label})"
    when = f" — {step.timeline}" if step.timeline else ""
    return f"{kind}{label} → {step.written}: {_short(step.item.text)}{when}"


def _unsure(step: Step) -> str:
    """A memory written as new that may replace an entry: the gate could not tell. Either
    command settles it and loses nothing (memctl.gate.remember.unsure)."""
    from ..settling import span

    assert step.unsure is not None
    near = step.unsure["near"]
    keep = f" or {span(step.unsure['as_new'])}" if "as_new" in step.unsure else ""
    return (
        f'{step.written} may replace {near} ("{_short(step.unsure["text"])}"): '
        f"{span(step.unsure['supersedes'])}{keep}"
    )


def _closed(day: Consolidation, step: Step) -> str:
    where = f"{day.log}:{step.item.line}"
    if step.closed:
        return f"{step.closed} ({step.label}, by {where}: {_short(step.item.text)})"
    assert step.now is not None  # a DONE that closed no entry took a task out of NOW.md
    return f"NOW.md: {step.now.removeprefix('leaves In Progress: ')} — done ({where})"


def _person(day: Consolidation, step: Step) -> str:
    where = f"{day.log}:{step.item.line}"
    if step.now and step.now.startswith(MAY_HAVE_FINISHED):  # the command in full
        task = step.now.removeprefix(MAY_HAVE_FINISHED)
        return (
            f'held: {where} "{_short(step.item.text)}" — it may have finished "{_short(task)}": '
            f"`memctl now done {shlex.quote(task)}` ticks it"
        )
    what = step.label if step.label in ("clash", "injection") else step.action
    why = step.reason.split("; ", 1)[-1]
    settle = ""
    if step.label == "clash" and step.unsure:  # the rule with the exception, or both kept
        from ..settling import span

        settle = f": {span(step.unsure['supersedes'])} or {span(step.unsure['as_new'])}"
    return f'{what}: {where} "{_short(step.item.text)}" — {_short(why)}{settle}'


def _watched(w: Watched) -> str:
    verb = "blocked" if w.mode == "enforce" else "would have blocked"
    seen = ", ".join(f'"{m}"' for m in w.matches)
    return f"{w.check} ({w.mode}) {verb} {w.hits} action(s), last {w.last[:16]}: {seen}"
