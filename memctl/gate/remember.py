"""`memctl remember`: the one door into memory, with provenance, trust and an audit log.

A new memory carries who said it (`src:`, `by:`), what it was made from (`ref:`), when it was
recorded (`added:`) and since when it holds (`from:`). Its source sets its trust: the user's own
words are trusted, the agent's limited, web pages, files and tool output untrusted (and so is a
line of a daily log that was edited after it was written). Secrets and purged text are refused
before anything is read. The gate (decide.py) gives one label, and each label has one outcome,
written in one commit with a line in the audit log `.memctl/gate.jsonl`.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Unpack, cast

from ..dates import fmt_date, try_date
from ..entry import Entry, quoted
from ..errors import InvalidValue, Refused
from ..jsonlines import record_line
from ..longterm import SOURCES, EntryRef, make_entry, note_text
from ..outside import check_ref
from ..words import small_number
from ..workspace import Outcome, Workspace
from .audit import AUDIT_LOG, audit_line, audit_refusal, log_refusal  # noqa: F401
from .caller import decided, same_words
from .candidates import SOURCE_TRUST, Candidate, Survey, is_rule_note
from .decide import Decision, survey
from .labeler import TRUST_RANK, Trust
from .request import Given, Remembered, Request, Said
from .routing import ROUTE, destination  # noqa: F401  (ROUTE: the nightly job reads it)
from .stated import stated, states_a_rule

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..change import Change

PROVENANCE = ("by", "ref", "when", "reason")  # what is said of a memory: checked like its text


def check(ws: Workspace, text: str, *, source: str = "agent", **given: Unpack[Said]) -> Request:
    """Validate a memory before the gate reads anything: source, secrets, purged text, trust."""
    from ..controls import refuse_text
    from ..naming import refuse_together
    from ..purged import purged_match

    text = " ".join(text.split())
    if not text:
        raise InvalidValue("nothing to remember: the text is empty")
    if source not in SOURCES:
        raise InvalidValue(f"source {source!r}: use one of {', '.join(SOURCES)}")
    if given.get("supersedes") and given.get("as_new"):
        raise InvalidValue("--supersedes and --as-new contradict each other; give one")
    named = [(k, given.get(k)) for k in PROVENANCE]
    for what, value in (("the text", text), *named):
        if value:  # refused with the redacted form shown, as every other door does
            refuse_text(str(value), what)
    refuse_together(text, [(what, str(value)) for what, value in named if value])
    receipt = purged_match(ws, " ".join(str(value or "") for _, value in named) + " " + text)
    if receipt:
        raise Refused(
            f"this text contains something purged on purpose (receipt {receipt}); "
            "memctl will not store it again"
        )
    trust, note = _trust(ws, source, given.get("ref"))
    kind = given.get("kind")
    if kind and kind.upper() == "RULE" and trust != "trusted":
        raise Refused("only the user's own words can become a rule (give --source user)")
    return Request(
        text=text,
        source=source,
        trust=trust,
        trust_note=note,
        **cast(Said, {k: v for k, v in given.items() if v is not None}),  # fewer keys: Said
    )


def _trust(ws: Workspace, source: str, ref: str | None) -> tuple[Trust, str | None]:
    trust = SOURCE_TRUST[source]
    check_ref(ws, ref, what="--from")
    if not ref or not ref.startswith(f"{ws.config.daily_dir}/"):
        return trust, None
    from ..daily import rewritten_logs

    path = ws.resolve(ref.split("#")[0].partition(":")[0])
    changed = rewritten_logs(ws, [ws.rel(path)]).get(ws.rel(path))
    if changed is None:
        return trust, None
    where = "in an uncommitted edit" if changed == "uncommitted" else f"in commit {changed[:8]}"
    return "untrusted", (
        f"{ws.rel(path)} was edited after it was written ({where}); what is "
        "made from it counts as untrusted"
    )


def explain(
    ws: Workspace, text: str, *, now: dt.datetime, use_llm: bool = True, **given: Unpack[Given]
) -> Remembered:
    """The decision the gate would make, and where it would write; nothing is written."""
    return through_gate(ws, check(ws, text, **given), now=now, use_llm=use_llm)


def remember(
    ws: Workspace, text: str, *, now: dt.datetime, use_llm: bool = True, **given: Unpack[Given]
) -> Outcome[Remembered]:
    """Label one memory and write its outcome, with the audit line, in one commit."""
    try:
        request = check(ws, text, **given)
        with ws.change("remember", "") as change:
            result = through_gate(ws, request, now=now, use_llm=use_llm, change=change)
            change.what = _summary(result)
            change.body = f"{result.reason}\nsource: {request.source} ({request.trust})"
    except Refused as exc:  # nothing was written; the refusal is recorded on its own
        log_refusal(ws, text, exc, given, now)
        raise
    return Outcome(result, change)


def through_gate(
    ws: Workspace,
    request: Request,
    *,
    now: dt.datetime,
    use_llm: bool = True,
    found: Survey | None = None,
    change: Change | None = None,
    review: Callable[[Decision], tuple[Decision, str | None]] | None = None,
) -> Remembered:
    """One checked request through the gate: its label and destination and, inside an open
    `change`, that label's outcome written with its audit line. Without a change nothing is
    written and the result says what would be (as `explain` does). The nightly job writes a
    whole day this way, in one commit; `found` spares a second survey when it has one, and
    `review(decision)` gives back the decision to write and, to write nothing, why."""
    found = survey(ws, request.text, today=now.date()) if found is None else found
    decision, override = decided(ws, request, found, use_llm=use_llm)
    if decision.label == "new" and not request.kind and request.trust == "trusted":
        request = replace(request, kind="RULE" if states_a_rule(request.text) else None)
    held = None
    if review is not None:
        decision, held = review(decision)
    path, notice = destination(ws, request, found, decision)
    created = not path.exists()
    if change is None or held:
        bumps = _bumps(decision)
        entry = None if bumps else _new_entry(request, decision, ws.rel(path), now.date())
        return Remembered(
            decision.label,
            decision.reason,
            decision,
            request,
            ws.rel(path),
            override=override,
            explain=True,
            notices=notice,
            preview=entry.format() if entry else None,
            created=created and not bumps,
            held=held,
            unsure=unsure(request, decision),
        )
    result = _write(ws, change, request, decision, path, now.date(), found)
    result = replace(
        result,
        override=override,
        notices=(*notice, *result.notices),
        created=created and path.exists(),
        unsure=unsure(request, result.decision),  # the entry it names, with its id now
    )
    change.append(ws.root / AUDIT_LOG, record_line(audit_line(result, now)))
    return result


def unsure(request: Request, decision: Decision) -> dict | None:
    """When the gate could not tell whether the text replaces an entry (or, from the user,
    changes a rule): that entry and the exact commands that settle it. What was written loses
    nothing either way: `--supersedes` turns the entry just written into the replacement,
    `--as-new` keeps both as they are. A clash with a rule from anyone but the user names the
    rule too, with the commands a person runs: the exception written into the rule on their
    word, or the text kept beside the rule as it is, the clash settled."""
    near = unsure_of(request, decision)
    target = decision.target
    if near is None and _clashed_rule(request, decision) and target is not None:
        near = target
    if near is None:
        return None
    from ..settling import commands, for_clash

    said = {"by": request.by, "ref": request.ref, "topic": request.topic, "kind": request.kind}
    if decision.label == "clash" and near.rule:  # the rule, or the text kept beside it
        settling = for_clash(request.text, near.address, source=request.source, **said)
    else:
        settling = commands(
            request.text,
            near.address,
            source=request.source,
            # what a more trusted source said is retired on its word ("Actually Noor isn't …")
            settled_by="user" if TRUST_RANK[near.trust] > TRUST_RANK[request.trust] else None,
            as_new=decision.label in ("new", "clash"),
            **said,
        )
    return {"near": near.address, "text": near.entry.text, "rule": near.rule, **settling}


def _clashed_rule(request: Request, decision: Decision) -> bool:
    """A clash with a rule the caller has not settled (the user's names its rule as `near`)."""
    settled = request.supersedes or request.as_new
    return (
        decision.label == "clash" and not settled and bool(decision.target and decision.target.rule)
    )


def unsure_of(request: Request, decision: Decision) -> Candidate | None:
    """The entry the gate could not tell the text replaces, unless the caller settled it."""
    if request.supersedes or request.as_new or decision.label not in ("new", "clash"):
        return None
    return decision.near


def _new_entry(request: Request, decision: Decision, rel: str, today: dt.date) -> Entry:
    """The entry line a label writes, with its provenance fields (no id yet)."""
    old = decision.target.entry if decision.target else None
    kind = request.kind or (
        old.kind
        if old and decision.label in ("update", "correction") and old.kind != "CONFLICT"
        else None  # a kept conflict changed is what the user says now, not a conflict
    )
    text = request.text
    if decision.label != "injection" and request.trust != "untrusted":
        text = stated(text, decision.label)
    if decision.label in ("update", "correction") and decision.target is not None:
        from .carry import forward

        text = forward(text, decision.target, today)
    if decision.label == "clash":
        kind = "CONFLICT"
    elif decision.label == "injection" or request.trust == "untrusted":
        kind = "QUOTE"
        who = (
            request.by
            or request.ref
            or {"web": "a web page", "file": "a file", "tool": "a tool"}.get(
                request.source, request.source
            )
        )
        text = quoted(text, who)
    elif not kind:
        kind = "RULE" if is_rule_note(rel) else "FACT"
    priority = (
        request.priority
        or (old.priority if old and decision.label in ("update", "correction") else None)
        or "med"
    )
    entry = make_entry(
        text,
        priority=priority,
        kind=kind,
        expires=request.expires,
        source=request.source,
        by=request.by,
        when=request.when,
        from_date=request.from_date,
        today=today,
    )
    extra: dict[str, str | None] = {"ref": request.ref}
    if request.trust != SOURCE_TRUST[request.source]:
        extra["trust"] = request.trust
    if decision.label in ("update", "correction") and old is not None:
        extra["supersedes"] = old.id
    if decision.label == "clash" and decision.target:
        extra["clashes"] = decision.target.entry.id or decision.target.address
    if decision.label in ("update", "correction", "clash", "injection"):
        extra["label"] = decision.label
    near = unsure_of(request, decision)
    if near is not None and decision.label == "new":
        from ..settling import FIELD

        extra[FIELD] = near.entry.id or near.address
    extra.update(request.extra)
    return entry.with_fields(**{k: v for k, v in extra.items() if v})


def _write(
    ws: Workspace,
    change: Change,
    request: Request,
    decision: Decision,
    path: Path,
    today: dt.date,
    found: Survey,
) -> Remembered:
    from ..forgetting.closing import close_in_place
    from ..longterm import append_entry, rewrite_entry
    from ..note import read_note, set_meta

    rel = ws.rel(path)
    if decision.label == "update" and not request.from_date:
        from .starting import starts_on

        start = starts_on(request.text, today)  # "… starting January": not true yet
        if start is not None:
            request = replace(request, from_date=fmt_date(start))
    changes_target = decision.label in ("repeat", "update", "correction")
    if changes_target and decision.target and decision.target.entry.id is None:
        decision = replace(decision, target=_with_id(ws, decision.target))
    near = unsure_of(request, decision)
    if near is not None and near.entry.id is None:
        named = _with_id(ws, near)  # what may_replace names: an id, where a line number shifts
        rewrite_entry(ws, change, EntryRef(near.path, near.entry), named.entry)
        decision = replace(decision, near=named)
    result = Remembered(decision.label, decision.reason, decision, request, rel)
    target = decision.target
    if _bumps(decision):
        assert target is not None  # a repeat names the entry it repeats
        seen = (small_number(target.entry.fields.get("seen", "1")) or 1) + 1
        bumped = target.entry.with_fields(verified=fmt_date(today), seen=str(seen))
        if request.as_new:  # the caller settled it: both hold
            from ..settling import FIELD

            bumped = bumped.with_fields(**{FIELD: None})
        rewrite_entry(ws, change, EntryRef(target.path, target.entry), bumped)
        return replace(result, verified=EntryRef(target.path, bumped))
    entry = _new_entry(request, decision, rel, today)  # checked before anything is written
    if decision.label == "injection":
        kept = _kept_quote(entry, decision, found)
        if kept is not None:  # its source said it before: kept as that quote, nothing written
            return replace(result, kept=kept)
    earlier = same_words(request, found) if request.supersedes else None
    if earlier is not None and earlier.path == rel:  # the same words, written when unsure
        entry = replace(entry, id=earlier.entry.id, line=earlier.entry.line)
        rewrite_entry(ws, change, EntryRef(earlier.path, earlier.entry), entry)
        written = EntryRef(earlier.path, entry)
    else:
        if not path.exists():
            _, text = note_text(ws, path, title=None, today=today)
            change.write(path, text)
        written = append_entry(ws, change, path, entry)
        if earlier is not None:  # kept elsewhere (a clash beside the rule): settled now
            assert target is not None  # what it was unsure about replacing
            close_in_place(
                ws,
                change,
                EntryRef(earlier.path, earlier.entry),
                on=today,
                today=today,
                reason=f"settled: {written.address} replaces {target.address}",
            )
        clash = same_words(request, found) if request.as_new else None
        if clash is not None and clash.entry.kind == "CONFLICT":  # kept both: settled now
            close_in_place(
                ws,
                change,
                EntryRef(clash.path, clash.entry),  # an append leaves its line where it was
                on=today,
                today=today,
                reason=f"settled: kept as a new memory, {written.address}",
            )
    result = replace(result, written=written)
    if decision.label in ("update", "correction"):
        assert target is not None  # an update or a correction names what it changes
        old = target.entry
        since = try_date(old.fields.get("from")) or try_date(old.fields.get("added")) or today
        on = today
        if decision.label == "update" and request.from_date:
            on = max(try_date(request.from_date) or today, since)
        why = f"{decision.label}: {request.reason or request.text}"
        why = why if len(why) <= 120 else why[:119] + "…"
        closed = close_in_place(
            ws, change, EntryRef(target.path, old), reason=why, on=max(on, since), today=today
        )
        closed = replace(closed, raw=closed.format(), line=old.line)
        linked = closed.with_fields(superseded_by=written.entry.id)
        rewrite_entry(ws, change, EntryRef(target.path, closed), linked)
        result = replace(result, closed=EntryRef(target.path, linked))
    if decision.label == "clash":
        note = read_note(path, display=rel)
        if note.has_frontmatter and note.meta.get("status") != "conflict":
            change.write(path, set_meta(note, status="conflict").render())
            notice = f"{rel} is marked status: conflict until resolved (memctl verify clears it)"
            result = replace(result, notices=(notice,))
    return result


def _bumps(decision: Decision) -> bool:
    """Does the label re-verify an entry on file rather than write one: a repeat, or a clash
    already kept as a conflict? An injection never does: an entry it repeats (the user's own
    words, a quote of another source) is left as it is, seen and verified unchanged."""
    target = decision.target
    if decision.label == "repeat":
        return True
    if target is None:
        return False
    # an update or a correction of a kept conflict says something new: it is written
    return decision.label == "clash" and target.entry.kind == "CONFLICT"


def _kept_quote(quote: Entry, decision: Decision, found: Survey) -> EntryRef | None:
    """The open quote on file that already keeps this injection as said by the same source,
    if there is one: the text again adds nothing, and it bumps nothing."""
    target = decision.target
    known = [*found.entries, *([target] if target is not None else [])]
    for c in known:
        entry = c.entry
        if (
            entry.kind == "QUOTE"
            and not entry.closed
            and entry.fields.get("src") == quote.fields.get("src")
            and entry.fields.get("label") == "injection"
            and entry.text == quote.text
        ):
            return EntryRef(c.path, entry)
    return None


def _with_id(ws: Workspace, target: Candidate) -> Candidate:
    """A line written by hand has no block id; the entries the gate changes get one."""
    from ..catalog import all_ids
    from ..entry import new_id

    return replace(target, entry=replace(target.entry, id=new_id(all_ids(ws))))


def _summary(result: Remembered) -> str:
    if result.verified:
        return f"{result.label} {result.verified.address}"
    if result.kept:
        return f"{result.label} {result.kept.address} (kept already)"
    closes = ""
    if result.closed:
        ends = result.closed.entry
        when = "" if ends.closed else f" on {ends.fields.get('until')}"  # a later day
        closes = f" (closes ^{ends.id}{when})"
    assert result.written is not None  # a memory not verified again was written
    return f"{result.label} {result.written.address}{closes}"
