"""Past chats as experts: a catalogue of an agent's past sessions, one entry line per chat.

The chat that did the work still holds everything it read and tried, and Claude Code can wake it
(`claude --resume SESSION_ID` from the folder it ran in). `memctl chats index PATHS…` reads
Claude Code's JSONL transcripts (one JSON object a line: `type` user/assistant/summary/system,
`sessionId`, `cwd`, `timestamp`, `message.content` with text and `tool_use` blocks) and keeps
one entry per chat in CHATS_NOTE:

    - [🟡MED][CHAT] added:2026-11-24 src:tool session:4f1c… when:"Fix the flaky deploy test" · `cd
      /home/sam/app && claude --resume 4f1c…` — 2026-11-24 09:12, 6 prompts: “the deploy test
      is flaky, can you look” — files: tests/test_deploy.py — ended: “Pushed the fix.” ^q2wx

(one line in the file). The wake command comes first, so search and recall show it with the
chat as a pointer. A rerun adds only chats whose session is not catalogued yet; only a few
prompts are ever copied, never the transcript. Every value read from a transcript is one line of
text (outside.py); the wake command quotes each value, and there is none for a session id that
is not shaped like one or a folder a command line cannot carry.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import shlex
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

from .errors import NotFound
from .outside import inert, inert_path, is_clean, session_id
from .transcript import Transcript
from .workspace import Outcome, Workspace

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .change import Change
    from .entry import Entry

CHATS_NOTE = "episodic/chats.md"
KIND = "CHAT"
FILE_TOOLS = {
    "Edit": "file_path",
    "MultiEdit": "file_path",
    "Write": "file_path",
    "NotebookEdit": "notebook_path",
    "Read": "file_path",
}
WRITING_TOOLS = ("Edit", "MultiEdit", "Write", "NotebookEdit")
SHOWN_FILES = 6
_NOT_PROMPTS = ("<command-", "<local-command-", "Caveat:", "<system-reminder>", "<bash-")
_INTERRUPTED = "[Request interrupted"


@dataclass(frozen=True)
class Chat:
    """What memctl keeps of one past session: enough to recognise it and wake it."""

    session: str
    transcript: str  # the JSONL file, absolute
    cwd: str | None
    started: dt.datetime | None  # local time
    ended: dt.datetime | None
    title: str | None  # the harness's own summary line, when it wrote one
    first_ask: str
    last_asks: list[str] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    end: str = ""  # how it ended: the last answer, or "interrupted by the user"
    prompts: int = 0
    lines: int = 0
    partial: bool = False  # a long transcript: only its start and its end were read
    wakeable: bool = True  # False when the transcript's folder could not be kept as it is

    @property
    def wake(self) -> str | None:
        """The shell command that resumes the chat where it ran (wake_command); None when the
        session id is not shaped like one or the folder cannot go into a command line."""
        return wake_command(self.session, self.cwd) if self.wakeable else None

    @property
    def about(self) -> str:
        return self.title or self.first_ask or "(no prompt)"

    def to_dict(self) -> dict:
        return {
            "session": self.session,
            "transcript": self.transcript,
            "cwd": self.cwd,
            "started": _stamp(self.started),
            "ended": _stamp(self.ended),
            "title": self.title,
            "first_ask": self.first_ask,
            "last_asks": self.last_asks,
            "files": self.files,
            "end": self.end,
            "prompts": self.prompts,
            "lines": self.lines,
            "wake": self.wake,
        }


def read_transcript(path: Path) -> Chat | None:
    """One Claude Code transcript; None when it holds no conversation (a subagent's, an empty
    one). Lines that are not JSON (a session still being written) are skipped."""
    session = cwd = title = None
    started = ended = None
    prompts: list[str] = []
    files: dict[str, bool] = {}  # path → written (True) or only read
    last_answer = ""
    interrupted = False
    transcript = Transcript(path)  # a regular file, read within bounds (transcript.py)
    for raw in transcript:
        try:
            item = json.loads(raw)
        except (ValueError, RecursionError):  # not JSON, or nested past Python's limit
            continue
        if not isinstance(item, dict):
            continue
        kind = item.get("type")
        if kind == "summary" and isinstance(item.get("summary"), str):
            title = title or inert(item["summary"])
            continue
        if kind not in ("user", "assistant") or item.get("isSidechain"):
            continue
        session = session or _text(item.get("sessionId"))
        cwd = cwd or _text(item.get("cwd"))
        moment = _moment(item.get("timestamp"))
        if moment:
            started = started or moment
            ended = moment
        message = item.get("message")
        content = message.get("content") if isinstance(message, dict) else None
        if kind == "user":
            if item.get("isMeta") or item.get("isCompactSummary"):
                continue
            prompt = _prompt(content)
            if prompt and prompt.startswith(_INTERRUPTED):
                interrupted = True
            elif prompt:
                prompts.append(prompt)
                interrupted = False
            continue
        for block in content if isinstance(content, list) else []:
            if not isinstance(block, dict):
                continue
            if block.get("type") == "text" and str(block.get("text", "")).strip():
                last_answer = inert(str(block["text"]))
                interrupted = False
            elif block.get("type") == "tool_use" and _text(block.get("name")) in FILE_TOOLS:
                tool, given = block["name"], block.get("input")
                target = given.get(FILE_TOOLS[tool]) if isinstance(given, dict) else None
                if isinstance(target, str) and target:
                    files[target] = files.get(target, False) or tool in WRITING_TOOLS
    if not prompts or path.name.startswith("agent-"):
        return None
    end = "interrupted by the user" if interrupted else (last_answer or "no answer")
    written = [f for f, w in files.items() if w] or list(files)
    shown = [inert_path(_short_path(f, cwd)) for f in written]
    return Chat(
        session=inert(session or path.stem),
        transcript=inert_path(str(path.resolve())),
        cwd=inert_path(cwd) if cwd else None,
        started=started,
        ended=ended,
        title=title,
        first_ask=prompts[0],
        last_asks=prompts[-3:],
        files=shown,
        end=end,
        prompts=len(prompts),
        lines=transcript.count,
        partial=transcript.partial,
        wakeable=cwd is None or inert_path(cwd) == cwd,
    )


def transcripts(paths: list[Path]) -> list[Path]:
    """The .jsonl files named, and those under the folders named (sorted, each once)."""
    found: dict[Path, None] = {}
    for given in paths:
        path = given.expanduser()
        if path.is_dir():
            found.update((p, None) for p in sorted(path.rglob("*.jsonl")) if p.is_file())
        elif path.is_file():
            found[path] = None
        else:
            raise NotFound("no such file or folder of transcripts", path=str(given))
    return list(found)


@dataclass(frozen=True)
class Indexed:
    note: str
    added: list[Chat]
    known: int  # chats that were catalogued already
    skipped: list[str]  # transcripts without a conversation

    def to_dict(self) -> dict:
        return {
            "note": self.note,
            "added": [c.to_dict() for c in self.added],
            "known": self.known,
            "skipped": self.skipped,
        }


def index_chats(ws: Workspace, paths: list[Path], *, now: dt.datetime) -> Outcome[Indexed]:
    """Catalogue every chat under `paths` not catalogued yet, in one commit."""
    files = transcripts(paths)
    known = known_sessions(ws)
    fresh: list[Chat] = []
    skipped: list[str] = []
    seen = 0
    for path in files:
        if path.stem in known:  # Claude Code names each transcript after its session
            seen += 1
            continue
        try:
            chat = read_transcript(path)
        except NotFound:  # gone or unreadable since it was listed
            chat = None
        if chat is None:
            skipped.append(str(path))
        elif chat.session in known:
            seen += 1
        else:
            known.add(chat.session)
            fresh.append(chat)
    fresh.sort(key=lambda c: (c.started or dt.datetime.min, c.session))
    with ws.change("chats", f"{len(fresh)} new chat(s) in {CHATS_NOTE}", unattended=True) as change:
        if fresh:
            add_to_catalogue(ws, change, fresh, today=now.date())
    shown = [_scrubbed(ws, chat) for chat in fresh]  # as the catalogue stores them
    return Outcome(Indexed(CHATS_NOTE, shown, seen, skipped), change)


def _scrubbed(ws: Workspace, chat: Chat) -> Chat:
    """The chat's words as the write layer stores them: no secret, no purged text."""
    from .admission import scrub

    def clean(text: str) -> str:
        return scrub(ws, text)[0]

    return replace(
        chat,
        title=clean(chat.title) if chat.title else chat.title,
        first_ask=clean(chat.first_ask),
        last_asks=[clean(ask) for ask in chat.last_asks],
        files=[clean(name) for name in chat.files],
        end=clean(chat.end),
    )


def known_sessions(ws: Workspace) -> set[str]:
    from .note import read_note

    path = ws.root / CHATS_NOTE
    if not path.exists():
        return set()
    note = read_note(path, display=CHATS_NOTE)
    return {e.fields["session"] for e in note.entries() if e.fields.get("session")}


def add_to_catalogue(ws: Workspace, change: Change, chats: list[Chat], *, today: dt.date) -> None:
    """Inside an open change: append one entry per chat (creating the note if needed) and mark
    the note verified today, since a machine keeps it current."""
    from .catalog import all_ids
    from .entry import new_id
    from .longterm import note_text
    from .note import parse_note, set_meta
    from .purged import purged_match

    path = ws.root / CHATS_NOTE
    if path.exists():
        note = parse_note(path.read_bytes(), path=path, display=CHATS_NOTE)
        text = set_meta(note, last_verified=today).render()
    else:
        text = note_text(
            ws,
            path,
            title="Past chats",
            priority="med",
            tags=["chats"],
            use_when=["ask the chat that did it", "which chat worked on this"],
            description="One line per past agent session and how to wake it",
            source="tool",
            today=today,
        )[1]
    taken = all_ids(ws)
    if not text.endswith("\n"):
        text += "\n"
    for chat in chats:
        entry = chat_entry(chat, today=today)
        if purged_match(ws, entry.text + " " + entry.fields.get("when", "")):
            wake = wake_span(chat.wake) if chat.wake else "(no wake command)"
            entry.text = f"{wake} — (its prompts contain purged text; not copied)"
            entry.fields.pop("when", None)
        entry.id = new_id(taken)
        taken.add(entry.id)
        text += entry.format() + "\n"
    change.write(path, text)


def chat_entry(chat: Chat, *, today: dt.date) -> Entry:
    """The entry line of one chat (no id yet)."""
    from .budget import shorten
    from .entry import Entry

    day = chat.started.date() if chat.started else today
    fields = {"added": day.isoformat(), "src": "tool", "session": chat.session}
    key = shorten(chat.about, 80).replace("|", "/")
    if key:
        fields["when"] = key
    wake = chat.wake
    parts = [
        wake_span(wake)
        if wake
        else "(no command wakes it: its session id or folder cannot go into one)"
    ]
    when = f"{_stamp(chat.started)}, " if chat.started else ""
    parts.append(
        f"{when}{chat.prompts} prompt{'s' if chat.prompts != 1 else ''}: "
        f"“{shorten(chat.first_ask, 160)}”"
    )
    if chat.title and chat.title != chat.first_ask:
        parts.append(f"about: {shorten(chat.title, 80)}")
    if chat.files:
        more = len(chat.files) - SHOWN_FILES
        shown = ", ".join(chat.files[:SHOWN_FILES]) + (f" and {more} more" if more > 0 else "")
        parts.append(f"files: {shown}")
    parts.append(f"ended: “{shorten(chat.end, 120)}”")
    return Entry(text=" — ".join(parts), priority="med", kind=KIND, fields=fields)


def _prompt(content: object) -> str:
    """The words the person typed: a string, or the text blocks of a list (tool results and
    harness notes are not prompts)."""
    if isinstance(content, str):
        text = content
    elif isinstance(content, list):
        text = " ".join(
            str(b.get("text", ""))
            for b in content
            if isinstance(b, dict) and b.get("type") == "text"
        )
    else:
        return ""
    text = inert(text)
    return "" if text.startswith(_NOT_PROMPTS) else text


def _moment(value: object) -> dt.datetime | None:
    if not isinstance(value, str):
        return None
    try:
        moment = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    if moment.tzinfo is not None:
        moment = moment.astimezone().replace(tzinfo=None)
    return moment.replace(microsecond=0)


def _stamp(moment: dt.datetime | None) -> str | None:
    return moment.strftime("%Y-%m-%d %H:%M") if moment else None


def _short_path(path: str, cwd: str | None) -> str:
    if cwd and path.startswith(cwd.rstrip("/") + "/"):
        return path[len(cwd.rstrip("/")) + 1 :]
    return path


def _text(value: object) -> str | None:
    return value if isinstance(value, str) and value else None


# The wake command: its folder and session id come from a transcript and may hold any character.
# Each is quoted, and the span's fence is longer than any backtick run inside (wake_span). Read
# back (wake_in), a span is one only if it is exactly what wake_command builds from the folder and
# id it names: a span cut short (an older entry whose folder held a backtick) gives none.
_RUN = re.compile(r"`+")


def wake_command(session: str, folder: str | None) -> str | None:
    """The shell command that resumes `session` in `folder`; None for a session id not shaped like
    one or a folder a command line cannot carry as it is (a control character, a leading `-`)."""
    if session_id(session) is None:
        return None
    resume = f"claude --resume {shlex.quote(session)}"
    if folder is not None and (not folder or folder.startswith("-") or not is_clean(folder)):
        return None
    return resume if folder is None else f"cd {shlex.quote(folder)} && {resume}"


def wake_span(wake: str) -> str:
    """`wake` as a Markdown code span that holds it whole, whatever backticks it contains."""
    longest = max((len(run) for run in _RUN.findall(wake)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if wake[:1] in ("`", " ") or wake[-1:] in ("`", " ") else ""
    return f"{fence}{pad}{wake}{pad}{fence}"


def wake_in(text: str) -> str | None:
    """The wake command a text carries (a chat's entry, a flushed session's log entry): its
    first code span naming `claude --resume` if that is a whole one, else None."""
    if "--resume" not in text:
        return None
    for span in _spans(text):
        if "claude --resume" in span:
            return span if _whole(span) else None
    return None


def _whole(wake: str) -> bool:
    try:
        words = shlex.split(wake)
    except ValueError:  # an unclosed quote: a command cut short
        return False
    if len(words) == 6 and words[0] == "cd" and words[2:5] == ["&&", "claude", "--resume"]:
        folder: str | None = words[1]
    elif len(words) == 3 and words[:2] == ["claude", "--resume"]:
        folder = None
    else:
        return False
    return wake_command(words[-1], folder) == wake


def _spans(text: str) -> Iterator[str]:
    """The code spans of a Markdown text, as CommonMark reads them: a run of backticks opens one
    that the next run of exactly as many closes; a run that nothing closes is plain text."""
    runs = list(_RUN.finditer(text))
    later: dict[int, list[int]] = {}  # a run's length → the runs of that length, last first
    for k in reversed(range(len(runs))):
        later.setdefault(len(runs[k][0]), []).append(k)
    n = 0
    while n < len(runs):
        same = later[len(runs[n][0])]
        while same and same[-1] <= n:
            same.pop()
        if not same:
            n += 1
            continue
        closing = same[-1]
        inside = text[runs[n].end() : runs[closing].start()].replace("\n", " ")
        if len(inside) > 1 and inside[0] == " " and inside[-1] == " " and inside.strip():
            inside = inside[1:-1]
        yield inside
        n = closing + 1
