"""Facts closed in time: every entry knows when it was recorded and when it stopped holding.

`added:` is when memctl recorded a fact, `from:` since when it holds; closing a fact keeps its
line where it is, struck through, with `until:` and `why:`. So "what did we know in March?" has
an answer (`memctl asof`), and a closed fact never comes back as current.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace

from ..catalog import scan
from ..dates import fmt_date, try_date
from ..entry import Entry, ended
from ..errors import InvalidValue, Refused
from ..longterm import EntryRef, find_entry, rewrite_entry
from ..note import read_note
from ..words import fold
from ..workspace import ARCHIVE_DIR, Outcome, Workspace

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..change import Change


def close_entry(
    ws: Workspace,
    target: str,
    *,
    reason: str,
    on: dt.date | None = None,
    today: dt.date,
    verb: str = "close",
    source: str = "agent",
) -> Outcome[EntryRef]:
    """Strike the entry through with until:ON and why:REASON; one commit. `source`: who asked
    for it (a rule is retired only by the user)."""
    reason = " ".join(reason.split())
    if not reason:
        raise InvalidValue("closing a fact needs a reason (--reason)")
    with ws.change(verb, "") as change:
        ref = find_entry(ws, target)
        refuse_retiring_rule(ref.address, is_rule(ref.path, ref.entry), source)
        closed = close_in_place(ws, change, ref, reason=reason, on=on or today, today=today)
        change.what = f"{ref.address} ({reason})"
    return Outcome(EntryRef(ref.path, closed), change)


def is_rule(path: str, entry: Entry | None = None) -> bool:
    """A rule, or a note of rules: what only the user's words set, and only theirs retire."""
    from ..kinds import in_rules
    from ..rules import NOT_RULES

    if entry is not None and entry.kind in NOT_RULES:
        return False  # a quote or a recorded conflict: kept, never obeyed
    return in_rules(path) or (entry is not None and entry.kind == "RULE")


def refuse_retiring_rule(
    address: str, rule: bool, source: str, *, what: str = "a rule", verb: str = "retire"
) -> None:
    """A rule is the user's: closing it, forgetting it or archiving its note takes their word
    (`--source user`), as changing it does (the write gate). An agent told by a web page to
    drop a guard is refused."""
    from ..longterm import SOURCES

    if source not in SOURCES:
        raise InvalidValue(f"unknown source {source!r} (use {', '.join(SOURCES)})")
    if rule and source != "user":
        raise Refused(
            f"{address} is {what}; only the user's words {verb} it (when the user asked, "
            f"run it again with --source user; the request came from: {source})"
        )


def close_in_place(
    ws: Workspace, change: Change, ref: EntryRef, *, reason: str, on: dt.date, today: dt.date
) -> Entry:
    """Inside an open change: close one entry line (the write gate and forget use this too).

    A line closed on a later day than `today` still holds until then: it stays open (not
    struck), carrying `until:` and `why:`; every reader counts it closed from that day
    (entry.ended), and the nightly job strikes it through then."""
    entry = ref.entry
    if ended(entry, today):
        raise Refused(f"{ref.address} is already closed (until {entry.fields.get('until', '?')})")
    since = try_date(entry.fields.get("from")) or try_date(entry.fields.get("added"))
    if since and on < since:
        raise InvalidValue(
            f"cannot close on {fmt_date(on)}: {ref.address} holds from {fmt_date(since)}"
        )
    closed = entry.with_fields(until=fmt_date(on), why=reason)
    closed.closed = on <= today
    rewrite_entry(ws, change, ref, closed)
    closed.raw = None
    return closed


def strike_due(ws: Workspace, change: Change, today: dt.date) -> list[EntryRef]:
    """Inside an open change: strike through every open line whose `until:` day has come (a
    change said to start later closed it then), so the files catch up with what every reader
    already counts as closed (entry.ended). The nightly job runs it."""
    struck: list[EntryRef] = []
    for facts in scan(ws):
        day = today.isoformat()
        if facts.kind != "note" or facts.error or not any(u <= day for _, u in facts.closing):
            continue
        note = read_note(ws.root / facts.path, display=facts.path)
        for entry in note.entries():
            if entry.closed or entry.indent or not ended(entry, today):
                continue
            done = replace(entry, closed=True, raw=None)
            rewrite_entry(ws, change, EntryRef(facts.path, entry), done)
            struck.append(EntryRef(facts.path, done))
    return struck


@dataclass(frozen=True)
class HeldEntry:
    path: str
    entry: Entry
    archived: bool

    def to_dict(self) -> dict:
        return {"path": self.path, "archived": self.archived, **self.entry.to_dict()}


@dataclass(frozen=True)
class Timeline:
    day: str | None
    entries: list[HeldEntry]

    def to_dict(self) -> dict:
        return {"as_of": self.day, "entries": [e.to_dict() for e in self.entries]}


def held_on(entry: Entry, day: dt.date, *, fallback_added: dt.date | None = None) -> bool:
    """Recorded by `day`, holding from it (`from:` a later day: not yet), and not closed,
    expired or archived before it."""
    added = try_date(entry.fields.get("added")) or fallback_added
    if added and added > day:
        return False
    begins = try_date(entry.fields.get("from"))
    if begins and begins > day:
        return False
    for key in ("until", "archived"):
        stop = try_date(entry.fields.get(key))
        if stop and stop <= day:
            return False
    expires = try_date(entry.fields.get("expires"))
    return not (expires and expires < day)


def _matches(entry: Entry, words: list[str]) -> bool:
    """Does the entry hold every word of the query, as written or joined ("stand-up" finds
    "standup", "standup" finds "stand-up"), whatever its case and accents ("cafe", "Café")?"""
    haystack = _joined(entry.text)
    return all(_joined(word) in haystack for word in words)


def _joined(text: str) -> str:
    return fold(text).replace("-", "").replace("\u2010", "").replace("\u2011", "")


def entries_as_of(ws: Workspace, day: dt.date, *, query: str | None = None) -> Timeline:
    """What memctl held true on `day`, live and archived notes alike."""
    words = query.casefold().split() if query else []
    found: list[HeldEntry] = []
    for facts in scan(ws, archive=True):
        if facts.kind != "note" or facts.error or not facts.entries:
            continue
        note = read_note(ws.root / facts.path, display=facts.path)
        created = try_date(note.meta.get("date"))
        for entry in note.entries():
            if held_on(entry, day, fallback_added=created) and _matches(entry, words):
                found.append(HeldEntry(facts.path, entry, facts.path.startswith(ARCHIVE_DIR)))
    return Timeline(fmt_date(day), found)


def closed_entries(ws: Workspace, *, today: dt.date, query: str | None = None) -> Timeline:
    """Every closed entry, with when and why it closed: struck through, or open until a day
    that has come (entry.ended)."""
    words = query.casefold().split() if query else []
    found: list[HeldEntry] = []
    for facts in scan(ws, archive=True):
        if facts.kind != "note" or not (facts.closed or facts.closing):
            continue
        note = read_note(ws.root / facts.path, display=facts.path)
        for entry in note.entries():
            if ended(entry, today) and _matches(entry, words):
                found.append(HeldEntry(facts.path, entry, facts.path.startswith(ARCHIVE_DIR)))
    return Timeline(None, found)
