"""Lessons that bind harder each time they slip: `memctl slip`, the review, `--apply`.

A lesson binds as hard as the place it lives: a note (read when recall or search brings it up),
a line in rules/ (read every session), a check in watch mode (guard logs what it would have
blocked), a check the user enforces (guard blocks the action).

`memctl slip ID [--note TEXT]` records that a lesson was broken: one JSON line in
`.memctl/slips.jsonl`, committed (a record that cannot be rebuilt): the lesson's id and address,
when, and the note. The lesson's own line is not changed.

The review (`memctl lessons`, and `memctl sleep` every night) takes each lesson that slipped
twice or more since it last moved and names the likely cause first, since each has its own
repair, and none of them is a lock:
- contradicted: another rule or entry says the opposite (the gate's clash test): a person
  decides which holds;
- too vague: no concrete action to take: rewrite it (what to do, when, with what);
- not loaded: it sits in a note outside rules/ with no use-when key on it or its note, so
  nothing brings it up when it matters: add a key in the words of the moment it slipped.
Only a lesson that was in view, clear and unopposed, and still broken moves up: note → a line
in rules/lessons.md → a check in watch mode → enforced, by the user. The agent may tighten on
its own (`memctl lessons --apply ID` moves the user's own words into rules/, anything else only
when the user asks, `--source user`; `--apply ID --check REGEX` gives a rule a check,
watching); nothing here loosens a rule: that is the user's, by hand or with
`memctl guard watch ID`.
"""

from __future__ import annotations

import datetime as dt
import shlex
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..dates import fmt_date
from ..errors import InvalidValue, Refused
from ..jsonlines import read_records, record_line
from ..kinds import in_rules
from ..workspace import MARKER, Outcome, Workspace

if TYPE_CHECKING:
    from ..change import Change
    from ..longterm import EntryRef

SLIPS = f"{MARKER}/slips.jsonl"
RULES_NOTE = "rules/lessons.md"
REVIEW_AT = 2  # slips since the lesson last moved that call for a review


@dataclass(frozen=True)
class Slipped:
    address: str
    id: str
    text: str
    slips: int  # since the lesson last moved
    note: str | None

    def to_dict(self) -> dict:
        return {
            "address": self.address,
            "id": self.id,
            "text": self.text,
            "slips": self.slips,
            "note": self.note,
            "review": self.slips >= REVIEW_AT,
        }


def read_events(ws: Workspace) -> list[dict]:
    return [event for event in read_records(ws.root / SLIPS) if event.get("id")]


def slips_since_move(events: list[dict]) -> dict[str, list[dict]]:
    """Each lesson id's slips since it last moved (into rules/, or got a check)."""
    found: dict[str, list[dict]] = {}
    for event in events:
        if event.get("event") == "slip":
            found.setdefault(event["id"], []).append(event)
        elif event.get("event") == "tighten":
            found[event["id"]] = []
    return found


def slip(ws: Workspace, ref: str, *, note: str | None = None, now: dt.datetime) -> Outcome[Slipped]:
    """Record that a lesson (an entry: id, FILE#^ID, FILE:LINE) was broken; one commit."""
    from ..controls import refuse_text
    from ..longterm import find_entry
    from ..naming import refuse_together

    note = " ".join((note or "").split()) or None
    if note:
        refuse_text(note, "the note", ws)
    with ws.change("slip", "") as change:
        hit = find_entry(ws, ref)
        if hit.entry.closed:
            raise InvalidValue(f"{hit.address} is closed; a closed lesson cannot slip")
        refuse_together(hit.entry.text, [("the note", note)])  # "rotate the bank password"
        if hit.entry.id is None:
            from ..longterm import rewrite_entry

            hit = _with_id(ws, hit)
            rewrite_entry(ws, change, hit, hit.entry.with_fields())
        assert hit.entry.id is not None  # a line written by hand was given one just above
        count = len(slips_since_move(read_events(ws)).get(hit.entry.id, [])) + 1
        _append(
            ws,
            change,
            {
                "event": "slip",
                "time": now.isoformat(timespec="seconds"),
                "id": hit.entry.id,
                "address": hit.address,
                "note": note,
            },
        )
        change.what = f"{hit.address} (slip {count} since it last moved)"
    return Outcome(Slipped(hit.address, hit.entry.id, hit.entry.text, count, note), change)


def _with_id(ws: Workspace, hit: EntryRef) -> EntryRef:
    """A line written by hand has no id; a lesson needs one to be counted and followed. The
    copy keeps the line as read, so the next rewrite of it finds it (and writes the id)."""
    if hit.entry.id is not None:
        return hit
    from dataclasses import replace

    from ..catalog import all_ids
    from ..entry import new_id
    from ..longterm import EntryRef

    return EntryRef(hit.path, replace(hit.entry, id=new_id(all_ids(ws))))


def _append(ws: Workspace, change: Change, event: dict) -> None:
    change.append(ws.root / SLIPS, record_line(event))


# --- the review ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Proposal:
    id: str
    address: str
    text: str
    slips: int
    dates: list[str]
    place: str  # note | rule | check (watch) | check (enforce)
    cause: str | None  # contradicted | too vague | not loaded | None: in view and still broken
    why: str  # the evidence for the cause, or that there is none
    repair: str  # what to do next
    command: str | None = None
    agent_may: bool = False  # the agent may do it on its own (tightening); else the user
    notes: list[str] = field(default_factory=list)

    def line(self) -> str:
        cause = f"likely cause: {self.cause} ({self.why})" if self.cause else self.why
        who = "the agent may do it" if self.agent_may else "for the user"
        run = f": `{self.command}`" if self.command else ""
        return (
            f"{self.address} slipped {self.slips}× ({', '.join(self.dates)}): "
            f'"{self.text}" — in a {self.place}; {cause}. Next: {self.repair}{run} '
            f"({who})"
        )

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "address": self.address,
            "text": self.text,
            "slips": self.slips,
            "dates": self.dates,
            "place": self.place,
            "cause": self.cause,
            "why": self.why,
            "repair": self.repair,
            "command": self.command,
            "agent_may": self.agent_may,
            "notes": self.notes,
            "line": self.line(),
        }


@dataclass(frozen=True)
class Review:
    proposals: list[Proposal]
    gone: list[str] = field(default_factory=list)  # slipped lessons no longer in the workspace

    def to_dict(self) -> dict:
        return {"proposals": [p.to_dict() for p in self.proposals], "gone": self.gone}


def review(ws: Workspace) -> Review:
    """A proposal for each lesson that slipped REVIEW_AT times or more since it last moved."""
    from ..errors import MemctlError
    from ..longterm import find_entry

    proposals, gone = [], []
    for lesson_id, slipped in sorted(slips_since_move(read_events(ws)).items()):
        if len(slipped) < REVIEW_AT:
            continue
        try:
            hit = find_entry(ws, lesson_id)
        except MemctlError as exc:  # forgotten, archived, or its id is no longer unique
            gone.append(f"^{lesson_id} ({slipped[-1].get('address')}): {exc.message}")
            continue
        proposals.append(_propose(ws, hit, slipped))
    return Review(proposals, gone)


def _propose(ws: Workspace, hit: EntryRef, slipped: list[dict]) -> Proposal:
    from ..gate.candidates import may_promote, trust_of
    from ..search.keys import situation
    from .causes import contradiction, keyed, place_of
    from .causes import vague as vague_words

    entry = hit.entry
    base: dict[str, Any] = {  # the Proposal fields every cause shares
        "id": entry.id,
        "address": hit.address,
        "text": entry.text,
        "slips": len(slipped),
        "dates": [str(s.get("time", ""))[:10] for s in slipped],
        "notes": [s["note"] for s in slipped if s.get("note")],
    }
    place = place_of(hit)
    other = contradiction(ws, hit)
    if other:
        return Proposal(
            **base,
            place=place,
            cause="contradicted",
            why=other,
            repair="a person decides which line holds and closes the other "
            "(`memctl close ID --reason …`)",
        )
    vague = vague_words(entry.text)
    if vague:
        return Proposal(
            **base,
            place=place,
            cause="too vague",
            why=vague,
            repair="rewrite it as a concrete action: what to do, when, with what",
            command=f'memctl remember "…" --supersedes {entry.id}',
            agent_may=True,
        )
    if place == "note" and not keyed(ws, hit):
        phrase = situation(entry.text, base["notes"]) or "the words of the moment it slipped"
        return Proposal(
            **base,
            place=place,
            cause="not loaded",
            why="it sits in a note with no use-when key, outside rules/, so nothing "
            "brings it up when it matters",
            repair="add a use-when key",
            command=f"memctl key {entry.id} {shlex.quote(phrase)}",
            agent_may=True,
        )
    base["why"] = "it was in view, clear and unopposed, and still broken"
    if place == "note":
        if not may_promote(entry):
            return Proposal(
                **base,
                place=place,
                cause=None,
                repair="it is not trusted enough "
                "to become a rule: the user confirms it first (`memctl remember … "
                "--source user`)",
            )
        users = trust_of(entry) == "trusted"  # the user's own words: the agent may move them
        return Proposal(
            **base,
            place=place,
            cause=None,
            repair=f"move it into {RULES_NOTE}, read every session"
            + ("" if users else ", if the user wants it a rule (not their own words)"),
            command=f"memctl lessons --apply {entry.id}" + ("" if users else " --source user"),
            agent_may=users,
        )
    if place == "rule":
        return Proposal(
            **base,
            place=place,
            cause=None,
            repair="give it a check in watch mode (a pattern of the action it forbids)",
            command=f'memctl lessons --apply {entry.id} --check "REGEX"',
            agent_may=True,
        )
    if place == "check (watch)":
        return Proposal(
            **base,
            place=place,
            cause=None,
            repair="switch its check to enforce, if what it watched is right",
            command=f"memctl guard enforce {entry.id} --source user",
        )
    return Proposal(
        **base,
        place=place,
        cause=None,
        repair="its check does not catch the slip: widen the pattern (the user's call)",
    )


# --- tightening --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Tightened:
    id: str
    step: str  # rule | check
    before: str  # the address before
    after: str
    line: str

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "step": self.step,
            "before": self.before,
            "after": self.after,
            "line": self.line,
        }


def tighten(
    ws: Workspace,
    ref: str,
    *,
    check: str | None = None,
    now: dt.datetime,
    source: str = "agent",
) -> Outcome[Tightened]:
    """Tighten a lesson: into rules/lessons.md, or (`check`) a check in watch mode on a rule.
    The agent may give a rule a check on its own, and move the user's own words (src:user)
    into rules/; a lesson in anyone else's words becomes a rule only on the user's (`source`
    "user"), as `memctl remember --kind RULE` takes only the user's words. One commit; the move
    is recorded in the slips record."""
    from ..gate.candidates import may_promote, trust_of
    from ..longterm import SOURCES, find_entry
    from .guard import add_check

    if source not in SOURCES:
        raise InvalidValue(f"unknown source {source!r} (use {', '.join(SOURCES)})")
    with ws.change("lessons", "") as change:
        hit = _with_id(ws, find_entry(ws, ref))  # nothing is written before every check passed
        assert hit.entry.id is not None  # _with_id gave a line written by hand one
        if hit.entry.closed:
            raise InvalidValue(f"{hit.address} is closed")
        ruled = in_rules(hit.path)
        if check is not None:
            if not ruled:
                first = f"`memctl lessons --apply {ref}` first"
                raise InvalidValue(
                    f"{hit.address} is not in rules/ yet: a check goes on a rule ({first})"
                )
            made = add_check(ws, change, hit, check)
            done = Tightened(hit.entry.id, "check", hit.address, made.address, made.line)
        else:
            if ruled:
                raise InvalidValue(
                    f"{hit.address} is a rule already; give --check REGEX to "
                    "add a check in watch mode"
                )
            if not may_promote(hit.entry):
                raise Refused(
                    f"{hit.address} is untrusted, a quote or a conflict: it never "
                    "becomes a rule on the agent's word"
                )
            if trust_of(hit.entry) != "trusted" and source != "user":
                said = hit.entry.fields.get("src") or "no one named"
                raise Refused(
                    f"{hit.address} is not the user's own words (src: {said}): rules are the "
                    "user's, so it becomes one only when the user asks. When they do, run: "
                    f"memctl lessons --apply {hit.entry.id} --source user"
                )
            done = _into_rules(ws, change, hit, now.date())
        _append(
            ws,
            change,
            {
                "event": "tighten",
                "time": now.isoformat(timespec="seconds"),
                "id": done.id,
                "step": done.step,
                "from": done.before,
                "to": done.after,
                "source": source,
            },
        )
        change.what = f"{done.before} → {done.step}" + (
            f" {done.after}" if done.step == "rule" else " (watch)"
        )
    return Outcome(done, change)


def _into_rules(ws: Workspace, change: Change, hit: EntryRef, today: dt.date) -> Tightened:
    from ..longterm import append_entry, note_text
    from ..note import read_note

    source = ws.root / hit.path
    lines = read_note(source, display=hit.path).text.splitlines(keepends=True)
    assert hit.entry.line is not None  # an entry read from its file knows its line
    del lines[hit.entry.line - 1]
    change.write(source, "".join(lines))
    target = ws.root / RULES_NOTE
    if not target.exists():
        _, text = note_text(
            ws,
            target,
            title="Lessons that became rules",
            today=today,
            description="Lessons moved here after they slipped (memctl lessons --apply)",
        )
        change.write(target, text)
    entry = hit.entry.with_fields(moved_from=hit.path, lifted=fmt_date(today))
    written = append_entry(ws, change, target, entry)
    assert entry.id is not None  # the lesson's id, or the one append_entry gave it
    return Tightened(entry.id, "rule", hit.address, written.address, written.entry.format())
