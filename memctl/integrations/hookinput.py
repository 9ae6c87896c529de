"""What a Claude Code hook receives on stdin, read within bounds: one reader for every hook.

A hook command (`recall`, `flush`, `guard check` with `--hook claude-code`) gets one JSON object
on stdin: `session_id`, `transcript_path`, `cwd`, `hook_event_name`, and per event `source`
(SessionStart), `prompt` (UserPromptSubmit), `trigger` and `custom_instructions` (PreCompact),
`reason` (SessionEnd), `tool_name` and `tool_input` (PreToolUse).

A hook runs before every turn, so whatever arrives on stdin is read within bounds: at most
MAX_BYTES, within WAIT_SECONDS, as UTF-8 JSON nested at most MAX_DEPTH deep and holding at most
MAX_NODES arrays and objects (checked on the text, before it is parsed). Input that breaks
a bound, is not JSON, or is for another event is a HookInputError; the CLI (cli/hookcall.py)
then answers nothing, says why in one line on stderr and in `.memctl/hooks.log`, and exits 1.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, NamedTuple, cast

from ..controls import valid_text
from ..errors import InvalidValue

if TYPE_CHECKING:
    from typing import IO

MAX_BYTES = 8 << 20  # 8 MB: Claude Code's largest input (a Write's content) is far smaller
MAX_DEPTH = 64  # levels of nested arrays and objects
MAX_NODES = 100_000  # arrays and objects in all (a MultiEdit's list of edits holds dozens)
WAIT_SECONDS = 5.0  # for stdin to be complete: Claude Code writes it at once, then closes it
LOG = ".memctl/hooks.log"  # why a hook could not answer: local, never committed
LOG_BYTES = 256 << 10  # past this the log starts again (the previous one is kept as .1)
JsonValue = dict | list | str | int | float | bool | None
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_PAIRS = str.maketrans("[{]}", "(())")


class HookInputError(InvalidValue):
    """Hook input memctl cannot read: too big, too deep, too slow, not JSON, another event."""


class HookInput(NamedTuple):  # a record on every hook's path: NamedTuple (docs/performance.md)
    event: str
    session_id: str | None = None
    transcript_path: str | None = None
    cwd: str | None = None
    detail: str | None = None  # SessionStart source, PreCompact trigger, SessionEnd reason
    prompt: str | None = None  # UserPromptSubmit
    tool_name: str | None = None  # PreToolUse
    tool_input: JsonValue = None  # PreToolUse: the tool's arguments, as JSON gave them

    def to_dict(self) -> dict:
        return self._asdict()


def read_payload(
    stream: IO[str] | IO[bytes] | None,
    *,
    limit: int = MAX_BYTES,
    seconds: float = WAIT_SECONDS,
) -> bytes:
    """What a hook was given on `stream` (stdin): at most `limit` bytes, arrived within
    `seconds`; more, or later, is a HookInputError. Never waits longer than `seconds`."""
    if stream is None:  # Python's stdin when descriptor 0 is closed
        raise HookInputError("hook input: stdin is closed")
    raw = cast(BinaryIO, getattr(stream, "buffer", stream))  # a text stream's bytes, or the stream
    try:
        fd = raw.fileno()
    except (AttributeError, OSError, ValueError):  # an in-memory stream: all there already
        data = raw.read(limit + 1)
    else:
        if os.isatty(fd):
            raise HookInputError("hook input: stdin is a terminal (a harness pipes the JSON in)")
        data = _read_fd(fd, limit, seconds)
    if len(data) > limit:
        raise HookInputError(f"hook input is over {limit >> 20} MB; none of it was read")
    return data


def _read_fd(fd: int, limit: int, seconds: float) -> bytes:
    import select
    import time

    deadline = time.monotonic() + seconds
    chunks: list[bytes] = []
    size = 0
    while size <= limit:
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            raise HookInputError(f"hook input did not end within {seconds:g} s (stdin left open)")
        try:
            chunk = os.read(fd, min(1 << 16, limit + 1 - size))
        except BlockingIOError:
            continue
        except OSError as exc:
            raise HookInputError(f"hook input: cannot read stdin: {exc.strerror}") from None
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def parse_hook_input(
    payload: bytes | str, *, events: tuple[str, ...], default: str | None = None
) -> HookInput:
    """Claude Code's hook input for one of `events`. `default`: the event assumed when the
    input names none (a command that answers one event only)."""
    if isinstance(payload, bytes):
        try:
            payload = payload.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise HookInputError(f"hook input is not UTF-8 (byte {exc.start})") from None
    if not payload.strip():
        raise HookInputError("hook input is empty (expected one JSON object on stdin)")
    _check_shape(payload)  # before parsing: a parse of 8 MB of lists costs seconds and 500 MB
    try:
        data = json.loads(payload)
    except RecursionError:  # _check_shape misread a text that is not JSON
        raise HookInputError(f"hook input is nested deeper than {MAX_DEPTH} levels") from None
    except ValueError as exc:
        raise HookInputError(f"hook input is not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise HookInputError("hook input is not a JSON object")
    event = data.get("hook_event_name", default)
    if event not in events:
        answers = " and ".join(events)
        if event is None:
            raise HookInputError(
                f"hook input names no hook_event_name; this command answers {answers}"
            )
        raise HookInputError(f"hook input is for {_short(event)!r}; this command answers {answers}")

    def text(key: str) -> str | None:
        value = data.get(key)
        return valid_text(value) if isinstance(value, str) and value else None

    prompt = data.get("prompt")
    prompt = valid_text(prompt) if isinstance(prompt, str) else None  # a cut emoji: "\ud83d"
    given = HookInput(
        event,
        session_id=text("session_id"),
        transcript_path=text("transcript_path"),
        cwd=text("cwd"),
        detail=text("source") or text("trigger") or text("reason"),
        prompt=prompt,
        tool_name=text("tool_name"),
        tool_input=data.get("tool_input"),
    )
    if event == "UserPromptSubmit" and given.prompt is None:
        raise HookInputError('hook input has no "prompt" string (expected UserPromptSubmit JSON)')
    if event == "PreToolUse" and given.tool_name is None:
        raise HookInputError('hook input has no "tool_name" (expected PreToolUse JSON)')
    return given


def _check_shape(text: str) -> None:
    """Refuse a JSON text with more than MAX_NODES arrays and objects, or nested deeper than
    MAX_DEPTH: read from the text's brackets (strings taken out) at the speed of str.replace,
    each round removing the innermost pairs."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text)).translate(_PAIRS)
    if len(brackets) > 2 * MAX_NODES:
        raise HookInputError(f"hook input holds more than {MAX_NODES:,} arrays and objects")
    for _ in range(MAX_DEPTH):
        inner = brackets.replace("()", "")
        if inner == brackets:  # all pairs gone, or brackets that never close: json.loads says
            return
        brackets = inner
    if brackets:
        raise HookInputError(f"hook input is nested deeper than {MAX_DEPTH} levels")


def _short(value: JsonValue) -> str:
    text = value if isinstance(value, str) else json.dumps(value)
    return text[:40] + ("…" if len(text) > 40 else "")


def log_failure(root: Path, command: str, reason: str, *, at: str) -> None:
    """One line in `.memctl/hooks.log` saying why a hook did not answer (never committed; a
    log past LOG_BYTES starts again), through the write layer as every local log goes,
    unattended (admission.Admission): a secret or a purged text the input held is replaced.
    A workspace that cannot be written, or whose purge registry cannot be read, is left
    alone."""
    from ..admission import Admission
    from ..errors import ParseError, redacted
    from ..jsonlines import append_line
    from ..workspace import Workspace

    reason = redacted(" ".join(reason.split()))
    try:
        text = Admission(Workspace(root), unattended=True).appended(
            LOG, f"{at} {command}: {reason[:500]}\n"
        )
    except (ParseError, OSError):
        return
    path = root / LOG
    try:
        if path.stat().st_size > LOG_BYTES:
            os.replace(path, path.with_name(path.name + ".1"))
    except OSError:
        pass
    append_line(path, text)
