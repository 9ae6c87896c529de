"""`memctl consolidate`: digest one day's log into long-term memory, NOW.md and INDEX.md.

Each item of the log (markers.py) is acted on in the order it was written:

| item | where it goes |
|---|---|
| DECISION | the projects/ note it fits or names (its log title too), else episodic/decisions.md |
| LESSON | the best-fitting note in lessons/, else lessons/inbox.md |
| FACT, #promote, any other kind | the note the write gate picks, else semantic/inbox.md |
| TODO, BLOCKED | NOW.md's In Progress (a BLOCKED that names a task there marks it blocked) |
| DONE | the task it names leaves In Progress (one it may have finished is held for a person) |

A TODO, DONE or BLOCKED line with #promote goes to long-term memory too. Every promoted item
goes through the write gate (remember.through_gate): the gate's label decides new, repeat,
update, correction, clash or injection, so nothing is duplicated and what changed is closed,
not piled up. Each carries `ref:` (its log line), `from:` (the log's day) and the time
annotations of temporal.py. Text from web pages, files or tools, and everything in a log that
was edited after it was written, is never promoted; the run says so. One run is one commit,
recorded in `.memctl/nightly.jsonl` (runs.py) so that a second run changes nothing and
`memctl consolidate --undo` can take it back.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal, overload

from ..dates import fmt_date
from ..errors import InvalidValue, NotFound, ParseError, Refused
from ..now import (  # one NOW.md format
    BLOCKED_MARK,
    IN_PROGRESS,
    NowDoc,
    line_text,
    read_now,
    task_text,
)
from ..workspace import Outcome, Workspace
from .consolidation import Consolidation, Step
from .markers import NOW_KINDS, Item, llm_items, read_items
from .replaced import replaced_since
from .withheld import edited_log, order, untrusted

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..change import Change
    from ..gate.candidates import Survey
    from ..gate.decide import Decision
    from ..gate.request import Request
    from ..longterm import EntryRef
    from .temporal import Looker

MATCH = 0.55  # an In Progress task this similar (gatetext.similarity) to a BLOCKED is its task
DECISIONS = "episodic/decisions"


@dataclass
class _Run:
    """What every step of one run shares."""

    ws: Workspace
    day: dt.date
    rel: str
    now: dt.datetime
    use_llm: bool
    change: Change | None  # None for a dry run
    doc: NowDoc | None
    looker: Looker
    untrusted: str | None
    now_changed: bool = False


@overload
def consolidate(
    ws: Workspace,
    day: dt.date,
    *,
    now: dt.datetime,
    dry_run: Literal[False] = False,
    use_llm: bool | None = None,
    rewritten: dict | None = None,
    record_empty: bool = True,
) -> Outcome[Consolidation]: ...
@overload
def consolidate(
    ws: Workspace,
    day: dt.date,
    *,
    now: dt.datetime,
    dry_run: Literal[True],
    use_llm: bool | None = None,
    rewritten: dict | None = None,
    record_empty: bool = True,
) -> Consolidation: ...
def consolidate(
    ws: Workspace,
    day: dt.date,
    *,
    now: dt.datetime,
    dry_run: bool = False,
    use_llm: bool | None = None,
    rewritten: dict | None = None,
    record_empty: bool = True,
) -> Outcome[Consolidation] | Consolidation:
    """Consolidate the lines of `day`'s log that no earlier run read, in one commit (with
    `dry_run`, only the plan: what each item would become, and why; nothing is written).

    `use_llm`: None asks the model (model.py) when one is configured. `rewritten` is
    daily.rewritten_logs(ws), when the caller (sleep) has it already. `record_empty=False`: a
    run that finds nothing writes nothing and commits nothing (its `run` is None); the caller
    records it (nightly.record_run) in a commit of its own, as `memctl sleep` does in the
    night's report, so a catch-up of quiet days is not one empty commit a day."""
    from ..daily import day_path

    path = day_path(ws, day)
    rel = ws.rel(path)
    if not path.is_file():
        raise NotFound(f"no daily log for {fmt_date(day)}", path=rel)
    if use_llm is not False:
        from ..model import configured

        model, why = configured(ws)
        if use_llm and model is None:
            raise InvalidValue(
                f"--llm: {why or 'no model is set'} (llm_model or llm_command, "
                "in .memctl/local.yaml or ~/.config/memctl/config.yaml)"
            )
        use_llm = model is not None or why is not None
    if dry_run:
        return _consolidate(ws, day, rel, now, use_llm, rewritten, None)
    with ws.change("consolidate", rel, unattended=True) as change:
        result = _consolidate(
            ws, day, rel, now, use_llm, rewritten, change, record_empty=record_empty
        )
        if not result.already and result.run is not None:
            change.what = result.summary()
            lines = [
                f"{s.item.line}: {s.item.kind or 'promote'} → {s.action} {s.label or ''} "
                f"{s.written or s.verified or s.now or ''}".rstrip()
                for s in result.steps
            ]
            change.body = "\n".join([*lines, "", f"memctl-run: {result.run}"])
    return Outcome(result, change)


def _consolidate(
    ws: Workspace,
    day: dt.date,
    rel: str,
    now: dt.datetime,
    use_llm: bool,
    rewritten: dict | None,
    change: Change | None,
    *,
    record_empty: bool = True,
) -> Consolidation:
    from . import runs as nightly
    from .temporal import Looker

    state = nightly.days(ws).get(fmt_date(day)) or nightly.DayState(fmt_date(day))
    after = state.through
    try:
        text = ws.read_text(ws.root / rel)
    except ParseError as exc:  # not UTF-8: named at the line of its first such byte
        what = exc.message.split(";", 1)[0]
        raise ParseError(
            f"{what}; nothing in it was consolidated (`memctl doctor` lists every such line)",
            path=rel,
            line=exc.line,
        ) from None
    lines = text.splitlines()
    fresh = state.fresh(lines)
    read = tuple(dict.fromkeys(nightly.line_key(lines[n - 1]) for n in fresh))
    base = Consolidation(
        fmt_date(day), rel, after=after, through=len(lines), read=read, dry_run=change is None
    )
    if state.runs and not fresh:
        return replace(base, already=True)
    unread = set(fresh)
    items = [i for i in read_items(rel, text, after=state.before) if i.line in unread]
    untrusted = edited_log(ws, rel, rewritten)
    llm = None
    if use_llm and not untrusted:
        from ..model import configured

        model, problem = configured(ws)
        more: list[Item] = []
        if model is None:
            problem = f"{problem}; used the markers only"
        else:
            more, problem = llm_items(model, rel, text, items, after=state.before)
            more = [i for i in more if i.line in unread]
        llm = problem or "used"
        items = sorted(items + more, key=lambda i: i.line)
    doc = NowDoc.parse(read_now(ws)) if ws.now_path.exists() else None
    with Looker(ws, day) as looker:
        run = _Run(ws, day, rel, now, use_llm, change, doc, looker, untrusted)
        steps = [step for item in items for step in _steps(run, item)]
    result = replace(base, steps=tuple(steps), untrusted=untrusted, llm=llm)
    if change is None or not (steps or record_empty):
        return result
    from ..dashboard import refresh_index

    if run.now_changed:
        assert doc is not None  # only a NOW.md that was read can have changed
        doc.stamp(now)
        change.write(ws.now_path, doc.render())
    refresh_index(ws, change, today=now.date())
    return nightly.record_run(ws, change, result, now)


def _steps(run: _Run, item: Item) -> list[Step]:
    if run.untrusted:
        return [Step(item, "skipped", f"{item.how}; untrusted: {run.untrusted}")]
    why = untrusted(item.source)
    if why:
        return [Step(item, "skipped", f"{item.how}; {why}")]
    steps = []
    if item.kind in NOW_KINDS:
        said = order(item.source, item.text)
        steps.append(Step(item, "skipped", f"{item.how}; {said}") if said else _now_step(run, item))
        if not item.promote:
            return steps
    steps.append(_promote(run, item))
    return steps


def _topic(ws: Workspace, kind: str, found: Survey, text: str, context: str) -> str | None:
    """Where a kind of item goes unless the gate ties it to an entry on file (see the table)."""
    from ..gate.routing import ROUTE, fits

    if kind == "DECISION":
        fit = any(
            score >= ROUTE and status != "superseded"
            for _, score, status in fits(ws, found, text, context, "projects")
        )
        return "projects" if fit else DECISIONS
    if kind == "LESSON" and ("lessons" in ws.config.categories or (ws.root / "lessons").is_dir()):
        return "lessons"
    return None


def _promote(run: _Run, item: Item) -> Step:
    from ..admission import scrub
    from ..gate.decide import survey
    from ..gate.remember import audit_refusal, check, through_gate

    ws = run.ws
    text, scrubbed = scrub(ws, item.text)
    redacted = f"; redacted {', '.join(scrubbed)} (nobody to ask at night)" if scrubbed else ""
    item = replace(item, text=text)
    timeline = run.looker.timeline(item.text)
    try:
        request = check(
            ws,
            item.text,
            source=item.source,
            by=item.by,
            kind=item.kind or None,
            priority=item.priority,
            from_date=fmt_date(run.day),
            extra=timeline.fields(),
        )
    except Refused as exc:
        if run.change is not None:
            audit_refusal(ws, run.change, item.text, exc, source=item.source, now=run.now)
        return Step(item, "refused", f"{item.how}; refused: {exc.message}")
    given_up = replaced_since(ws, request.text, run.day, run.now.date())
    if given_up:
        return Step(item, "skipped", f"{item.how}; {given_up}")
    found = survey(ws, request.text, today=run.now.date())
    read_as: dict[str, str] = {}  # the gate's label, for an item the review writes beside
    request = replace(
        request,
        ref=f"{run.rel}:{item.line}",
        context=item.title,
        topic=_topic(ws, item.kind, found, request.text, item.title),
    )
    result = through_gate(
        ws,
        request,
        now=run.now,
        use_llm=run.use_llm,
        found=found,
        change=run.change,
        review=_review(request, read_as),
    )
    reason = f"{item.how}; the gate says {result.label}: {result.reason}{redacted}"
    step = Step(
        item,
        "planned" if result.explain else "promoted",
        reason,
        result.label,  # what was written: new beside what it would retire, not what it read
        result.note,
        preview=result.preview,
        first=timeline.first,
        timeline=timeline.annotation(),
        unsure=result.unsure,
        read_as=read_as.get("label"),
    )
    if result.held:
        why = f"the gate said {result.label}: {result.reason}"
        return replace(
            step,
            action="held",
            preview=None,
            reason=f"{item.how}; held for a person: {result.held} ({why})",
        )
    if result.explain:
        return step
    target = result.decision.target
    undo: dict = {}
    if result.written:
        undo["written"] = _line(result.written)
        if result.created:
            undo["created"] = result.note
    before = target.entry.raw if target is not None else None  # what was closed or verified
    if result.closed:
        undo["closed"] = {**_line(result.closed), "before": before}
    if result.verified:
        undo["verified"] = {**_line(result.verified), "before": before}
    if result.label == "clash":
        undo["conflict"] = result.note
    return replace(
        step,
        written=result.written.address if result.written else None,
        closed=result.closed.address if result.closed else None,
        verified=result.verified.address if result.verified else None,
        undo=undo,
    )


def _review(
    request: Request, read_as: dict[str, str]
) -> Callable[[Decision], tuple[Decision, str | None]]:
    """What the nightly job, with nobody watching, decides beyond the gate: a shorter line of
    what an entry already says is a repeat of it (every content word there, no value changed);
    retiring a memory of a more trusted source is held for a person, and so is retiring a rule
    (a log line says who said it in its own words: a quoted page can say "src:user"); one kind
    of memory does not retire another (a FACT about the weekly call does not end a LESSON:
    written as new), but a line that says a choice was made is a decision, however marked
    ("FACT: changed our minds, the site goes on Pages" retires the DECISION it changes)."""
    from ..gate.candidates import SOURCE_TRUST
    from ..gate.labeler import TRUST_RANK, says_nothing_new
    from ..gate.reading import analyze, compare
    from ..language.cues import DECIDED
    from ..words import fold

    def review(decision: Decision) -> tuple[Decision, str | None]:
        target = decision.target
        if decision.label == "new":
            said = analyze(request.text)
            # a shorter line, not one that says something changed or was wrong ("on second
            # thought, let's keep the old sofa" has no word the entry lacks, and is news)
            plain = len(said.words) >= 2 and not (said.update or said.correction)
            for cand in decision.candidates if plain else ():
                if TRUST_RANK[cand.trust] < TRUST_RANK[SOURCE_TRUST[request.source]]:
                    continue  # the user's own words for what a web page said are the user's
                diff = compare(said, cand.info)
                # the gate's own test of nothing new: an ending ("we sold the Golf") is news
                if not diff.apart and says_nothing_new(said, diff):
                    why = f"every word of it is in {cand.address} already (the gate said new)"
                    return replace(decision, label="repeat", target=cand, reason=why), None
        if decision.label not in ("update", "correction") or target is None:
            return decision, None
        if target.rule:  # a log line's "src:user" is its writer's word, with nobody to ask
            return decision, (
                f"it would retire the rule {target.address}; a rule changes only on the "
                "user's word, said to `memctl remember … --source user`, not on a log line's"
            )
        if TRUST_RANK[target.trust] > TRUST_RANK[SOURCE_TRUST[request.source]]:
            # written beside what it would retire, marked for a person (INDEX.md's "Needs
            # you" lists it with the commands that settle it until one is run)
            read_as["label"] = decision.label  # the step says what the gate read it as too
            why = (
                f"it would retire {target.address}, which a more trusted source "
                f"({target.trust}) said: written beside it for a person to settle (the gate "
                f"said {decision.label}: {decision.reason})"
            )
            return replace(decision, label="new", target=None, near=target, reason=why), None
        theirs, mine = target.entry.kind, request.kind or "FACT"
        if theirs == "DECISION" and mine == "FACT" and DECIDED.search(fold(request.text)):
            mine = theirs  # "changed our minds: Tidewater goes on Pages": a decision, said so
        if theirs and theirs != mine and not (theirs == "FACT" and request.kind is None):
            why = f"a {mine} does not retire a {theirs} ({target.address}): kept as new"
            return replace(
                decision, label="new", target=None, reason=f"{why} (the gate said {decision.label})"
            ), None
        return decision, None

    return review


def _line(ref: EntryRef) -> dict:
    return {"path": ref.path, "id": ref.entry.id, "line": ref.entry.format()}


def _now_step(run: _Run, item: Item) -> Step:
    """TODO and BLOCKED join In Progress (or mark the task they name blocked); DONE takes out
    the task it names (tasks.py). A dry run edits a copy."""
    from .tasks import closest_task, finished_task, same_task, unfinished

    if run.doc is None:
        return Step(item, "skipped", f"{item.how}; NOW.md is missing (`memctl init` writes one)")
    tasks = run.doc.items(IN_PROGRESS)
    text = line_text(item.text)
    what = f"{item.how}"
    undo: dict = {}
    if item.kind == "DONE":
        found = finished_task(tasks, text)
        if not found.named:
            return unfinished(item, tasks, found)
        gone = tasks.pop(found.index)
        undo = {"now_removed": gone, "at": found.index}
        shown = f"leaves In Progress: {task_text(gone)}"
    elif item.kind == "BLOCKED" and (best := closest_task(tasks, text))[0] >= MATCH:
        before = tasks[best[1]]
        tasks[best[1]] = f"🔄 {task_text(before)}{BLOCKED_MARK}{text}"
        undo = {"now_changed": [before, tasks[best[1]]]}
        shown = f"marked blocked: {task_text(before)}"
    else:
        if item.kind == "TODO":
            found = same_task(tasks, text)
            if found.named:
                already = f"already: {tasks[found.index]}"
                return Step(item, "now", f"{what}; already in In Progress", now=already)
            if found.near:
                near = task_text(tasks[found.index])
                what = f'{what}; not the same task as "{near}" ({found.apart})'
        task = line_text(item.title) if item.kind == "BLOCKED" and item.title else text
        added = f"🔄 {task}" + (f"{BLOCKED_MARK}{text}" if item.kind == "BLOCKED" else "")
        tasks.append(added)
        undo = {"now_added": added}
        shown = f"joins In Progress: {added}"
    run.doc.set_items(IN_PROGRESS, tasks)
    run.now_changed = True
    return Step(item, "now", what, now=shown, undo=undo)
