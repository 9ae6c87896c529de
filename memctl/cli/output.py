"""How results reach the terminal: JSON for agents, rich for people, plain text for pipes.

stdout carries the answer; stderr carries notices and errors. Rich is imported only when a
person is watching (a TTY, and NO_COLOR unset), so agents' calls stay fast.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from . import flags

TYPE_CHECKING = False
if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress as Bar
    from rich.progress import TaskID

    from ..change import Change
    from ..errors import MemctlError

# A stored text is printed, never obeyed: a control character shows as its picture (ESC as ␛),
# so `\x1b[2J` in a note cannot clear the terminal of whoever reads it. In JSON, the few that
# json.dumps leaves raw (DEL, C1, the Unicode line separators) are escaped.
_PICTURES = {c: chr(0x2400 + c) for c in range(0x20) if c not in (0x09, 0x0A)}
_PICTURES |= {0x7F: "\u2421", **{c: "\ufffd" for c in range(0x80, 0xA0)}}
_JSON_ESCAPES = {c: f"\\u{c:04x}" for c in (0x7F, *range(0x80, 0xA0), 0x2028, 0x2029)}


def clean(text: str) -> str:
    """Text safe to print on a terminal: control characters as their pictures, and each secret
    in it or in a file's name it holds (a file made by hand or synced) redacted, whichever
    command prints it (memctl.secrets.shown)."""
    from ..secrets.shown import shown_text

    return shown_text(text.translate(_PICTURES))


def write(text: str) -> None:
    """Write text to stdout as it is, but for its control characters (see clean)."""
    sys.stdout.write(clean(text))


def write_json(text: str) -> None:
    """Write a JSON document (a hook's answer) with every control character escaped, and each
    secret in its strings redacted (see clean): read as JSON, so a redaction keeps it JSON."""
    from ..secrets.shown import shown_data

    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if data is not None:
        shown = shown_data(data)
        if shown is not data:
            indent = 2 if "\n" in text.strip() else None
            text = json.dumps(shown, ensure_ascii=False, indent=indent, default=str) + "\n"
    sys.stdout.write(text.translate(_JSON_ESCAPES))


def fancy() -> bool:
    return sys.stdout.isatty() and not os.environ.get("NO_COLOR") and not flags.options.json


def _console(stderr: bool = False) -> Console:
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, soft_wrap=True)


def emit_json(data: object) -> None:
    from ..secrets.shown import shown_data

    shown = json.dumps(shown_data(data), ensure_ascii=False, indent=2, default=str)
    sys.stdout.write((shown + "\n").translate(_JSON_ESCAPES))


R = TypeVar("R")


def result(value: R, render: Callable[[R], None]) -> None:
    """Print a result: its to_dict() as JSON, or through `render(value)` for people."""
    if flags.options.json:
        emit_json(value.to_dict() if hasattr(value, "to_dict") else value)
    else:
        render(value)


def text(line: str = "", *, style: str | None = None) -> None:
    line = clean(line)
    if fancy() and style:
        _console().print(line, style=style, markup=False)
    else:
        sys.stdout.write(line + "\n")


def highlighted(head: str, body: str) -> None:
    """One line: `head` in cyan, then `body` with its **marked** parts in bold yellow (a search
    hit's snippet); plain text without the marks when not on a terminal (piped, NO_COLOR)."""
    if not fancy():
        text(head + body.replace("**", ""))
        return
    from rich.text import Text

    line = Text(clean(head), style="cyan")
    for i, part in enumerate(clean(body).split("**")):
        line.append(part, style="bold yellow" if i % 2 else None)
    _console().print(line)


def markdown(source: str) -> None:
    source = clean(source)
    if fancy():
        from rich.markdown import Markdown

        _console().print(Markdown(source))
    else:
        sys.stdout.write(source if source.endswith("\n") else source + "\n")


def table(
    headers: list[str], rows: Iterable[Sequence[object]], *, title: str | None = None
) -> None:
    cells = [[clean(str(c)) for c in row] for row in rows]
    if fancy():
        from rich.table import Table

        grid = Table(title=title, show_lines=False)
        for header in headers:
            grid.add_column(header, overflow="fold")
        for row in cells:
            grid.add_row(*row, end_section=False)
        _console().print(grid)
        return
    if title:
        sys.stdout.write(title + "\n")
    widths = [max([len(h)] + [len(r[i]) for r in cells]) for i, h in enumerate(headers)]
    for row in [headers, *cells]:
        sys.stdout.write("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip())
        sys.stdout.write("\n")


def one_line(message: str) -> str:
    """A line for stderr as a person reads it: a control character or a line break that a
    name brings (a file `people/a\nmemctl: error: …`) written as its escape (controls.shown),
    so no name forges a line of its own, and each secret redacted. Notices, the config's
    warnings and the write gate's word go through here; an error's line is escaped alike."""
    from ..controls import shown
    from ..secrets.shown import shown_text

    return shown_text(shown(message))


def say(message: str) -> None:
    """One line on stderr (see one_line)."""
    sys.stderr.write(one_line(message) + "\n")


def notice(message: str) -> None:
    """Chatter for the person (commits made, edits left alone): stderr, never in the answer."""
    message = one_line(message)
    if fancy():
        _console(stderr=True).print(f"[dim]{message}[/dim]", markup=True, highlight=False)
    else:
        sys.stderr.write(message + "\n")


def change_notices(change: Change) -> None:
    for line in change.notices:
        notice(line)
    for commit in change.commits:
        notice(f"committed {commit.sha[:8]} {commit.message}")


def error(exc: MemctlError) -> None:
    """One line on stderr; in --json mode the error is also a JSON document on stdout, unless
    stdout itself is what failed (a full disk under a redirect, a closed pipe): then the line."""
    if flags.options.json:
        try:
            emit_json(exc.to_dict())
            sys.stdout.flush()
        except OSError:
            with contextlib.suppress(OSError):  # what is buffered for it can never be written
                sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    from ..controls import shown  # escaped as one_line escapes (redacted by MemctlError already)

    sys.stderr.write(shown(f"memctl: error: {exc}") + "\n")


class Progress:
    """A progress bar on stderr for long work, shown only when a person is watching and the
    work has taken more than half a second (or at once when `eager`).

    Used as `with Progress("label") as progress:`; the core calls `progress(done, total)`.
    """

    def __init__(self, label: str, *, eager: bool = False) -> None:
        self.label = label
        self.started = time.monotonic()
        self.eager = eager
        self.bar: Bar | None = None
        self.task: TaskID | None = None

    def __enter__(self) -> Progress | None:
        return self if sys.stderr.isatty() and not flags.options.json else None

    def __call__(self, done: int, total: int) -> None:
        if self.bar is None or self.task is None:
            if done >= total or not (self.eager or time.monotonic() - self.started > 0.5):
                return
            from rich.console import Console
            from rich.progress import Progress as Bar

            self.bar = Bar(console=Console(stderr=True), transient=True)
            self.bar.start()
            self.task = self.bar.add_task(self.label, total=total)
        self.bar.update(self.task, completed=done, total=total)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()
