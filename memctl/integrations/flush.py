"""`memctl flush`: before a harness compacts or ends a session, say so in the daily log.

A compaction squeezes the older part of a chat into a summary that keeps neither file paths nor
the person's own words; an ended chat leaves the desk whole. The transcript still holds all of
it, so flush writes a pointer to it into today's daily log, with what the session was about (its
first ask and last few asks, the files it changed, never the transcript itself) and the command
that wakes it. Search and recall find the pointer later like any log entry: the detail is one
call away. When the session ended, the chat also joins the catalogue of past chats (chats.py),
in the same commit. Every value from the transcript or the hook is one line of inert text
(outside.py): it cannot start a heading, a marker line or an entry of its own, nor say `src:user`.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path

from ..chats import Chat, read_transcript, wake_span
from ..daily import LogEntry, add_log_entry
from ..errors import InvalidValue, NotFound
from ..outside import inert, inert_path
from ..workspace import Outcome, Workspace
from .hookinput import JsonValue

EVENTS = {"PreCompact": "compacted", "SessionEnd": "ended"}
SHOWN_FILES = 8


@dataclass(frozen=True)
class Flushed:
    event: str  # compacted | ended
    log: LogEntry
    chat: Chat | None  # what was read from the transcript
    catalogued: bool = False  # added to the catalogue of past chats
    shown: JsonValue = None  # the chat as reported: scrubbed like what the log stores

    def to_dict(self) -> dict:
        return {
            "event": self.event,
            "log": self.log.to_dict(),
            "chat": self.shown,
            "catalogued": self.catalogued,
        }


def flush(
    ws: Workspace,
    *,
    event: str,
    transcript: Path | None = None,
    session: str | None = None,
    detail: str | None = None,
    harness: str = "Claude Code",
    now: dt.datetime,
) -> Outcome[Flushed]:
    """Log that a session was compacted or ended, with a pointer to its transcript."""
    from ..admission import scrub
    from ..purged import purged_match

    if event not in EVENTS.values():
        raise InvalidValue(f"event {event!r}: use {' or '.join(EVENTS.values())}")
    chat, missing = None, None
    if transcript is not None:
        try:
            chat = read_transcript(transcript.expanduser())
        except NotFound as exc:
            missing = exc.message
    detail = inert(detail) if detail else None
    session = inert(session) if session else None
    how = f"{event} ({detail})" if detail else event
    about = inert(chat.about) if chat else None
    if about and purged_match(ws, about):
        about = None
    title = f"{harness} session {how}" + (f": {_short(about, 70)}" if about else "")
    lines = [_line(ws, text) for text in _body(chat, transcript, session, missing, event)]
    body = "\n".join(line for line in lines if line)
    # Redacted here, not only by the write layer, so the report and --json show what is stored
    title, body = scrub(ws, title)[0], scrub(ws, body)[0]
    catalogued = False
    with ws.change(
        "flush", f"{harness} session {how}", unattended=True
    ) as change:  # log and catalogue: one commit
        entry = add_log_entry(ws, change, title, body, now=now)
        if event == "ended" and chat is not None:
            from ..chats import add_to_catalogue, known_sessions

            if chat.session not in known_sessions(ws):
                add_to_catalogue(ws, change, [chat], today=now.date())
                catalogued = True
    shown = _scrubbed(ws, chat.to_dict()) if chat else None
    return Outcome(Flushed(event, entry, chat, catalogued, shown), change)


def _body(
    chat: Chat | None, transcript: Path | None, session: str | None, missing: str | None, event: str
) -> list[str]:
    if chat is None:
        lines = [f"Session: {session}" if session else ""]
        if transcript is not None:
            lines.append(
                f"Transcript: {inert_path(str(transcript))}"
                + (f" ({inert(missing)})" if missing else " (no conversation in it)")
            )
        return lines
    where = f"compacted up to line {chat.lines}" if event == "compacted" else f"{chat.lines} lines"
    if chat.partial:  # transcript.py: only its start and its end were read
        where = f"{event}; a long one, only its start and end were read"
    wake = (
        wake_span(chat.wake) if chat.wake else "(none: its session id or folder cannot go in one)"
    )
    lines = [
        f"Wake it: {wake}",
        f"Transcript: {inert_path(chat.transcript)} ({where})",
        f"First ask: “{_short(chat.first_ask, 200)}”",
    ]
    later = [a for a in chat.last_asks if a != chat.first_ask]
    if later:
        lines.append("Last asks: " + " · ".join(f"“{_short(a, 120)}”" for a in later))
    if chat.files:
        more = len(chat.files) - SHOWN_FILES
        lines.append(
            "Files: "
            + ", ".join(inert_path(f) for f in chat.files[:SHOWN_FILES])
            + (f" and {more} more" if more > 0 else "")
        )
    lines.append(f"Last answer: “{_short(chat.end, 200)}”")
    return lines


def _scrubbed(ws: Workspace, value: JsonValue) -> JsonValue:
    """A report's strings scrubbed as the write layer scrubs what it stores (secrets, purged
    text, control characters): what a session said is shown as the log keeps it, never raw."""
    from ..admission import scrub

    if isinstance(value, str):
        return scrub(ws, value)[0]
    if isinstance(value, dict):
        return {key: _scrubbed(ws, item) for key, item in value.items()}
    if isinstance(value, list):
        return [_scrubbed(ws, item) for item in value]
    return value


def _line(ws: Workspace, text: str) -> str:
    """A line of the log entry, withheld when it contains purged text (the log refuses it)."""
    from ..purged import purged_match

    if text and purged_match(ws, text):
        return f"{text.split(':', 1)[0]}: (withheld: it contains purged text)"
    return text


def _short(text: str, width: int) -> str:
    """The text cut to `width`, its secrets redacted first: a cut inside a token written with a
    space after every character ("A K I A I O S F …") leaves a part no longer read as one."""
    from ..budget import shorten
    from ..secrets.scan import redact

    return shorten(redact(inert(text)), width)
