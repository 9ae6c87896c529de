"""Append-only JSON-lines records under `.memctl/`: the gate's audit, the nightly runs, slips,
guard hits and reads. One object per line; a line cut short by a crash is skipped, not fatal.

Every line of every such log that keeps outside text is written through the write layer
(admission.py): a committed log by the change that writes it (`change.append(path,
record_line(record))`), a local one (never committed: guard hits) by `append_local`; the reads
log, which holds no text of a memory, by `append_line` alone (memctl/usage.py). Each string a
record holds is read decoded, and stored with a secret in it as `[redacted:KIND]` and a text
purged on purpose as `[purged]` (docs/safety.md); tests/test_logs.py holds every log memctl
names to it."""

from __future__ import annotations

import json
import os
from pathlib import Path


def read_records(path: Path) -> list[dict]:
    """Every JSON object in the file, oldest first; [] when there is no file yet. Lines end
    at "\n" only: a string may hold what str.splitlines also breaks at (U+2028, U+0085), which
    JSON writes as it is."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    found = []
    for line in text.split("\n"):
        try:
            record = json.loads(line)
        except ValueError:
            continue
        if isinstance(record, dict):
            found.append(record)
    return found


def record_line(record: dict) -> str:
    """One record as the line appended to such a file."""
    return json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"


def append_local(root: Path, rel: str, records: list[dict]) -> None:
    """Append records to a local log of the workspace at `root` (`rel`, under `.memctl/`,
    never committed), each line through the write layer as a change's append goes, unattended
    (admission.Admission): what nobody can be asked about is replaced, never stored. One
    O_APPEND write, no lock and no commit: guard writes here before a tool call, the reads
    before a turn. A log that is a link (O_NOFOLLOW), a workspace that cannot be written, or
    one whose purge registry cannot be read (what it holds unknown, the line is not written) is
    left alone: the command's answer stands."""
    from .admission import Admission
    from .errors import ParseError
    from .workspace import Workspace

    if not records:
        return
    added = "".join(record_line(record) for record in records)
    try:
        text = Admission(Workspace(Path(root)), unattended=True).appended(rel, added)
    except ParseError:
        return
    append_line(Path(root) / rel, text)


def append_line(path: Path | str, text: str) -> None:
    """One O_APPEND write of `text`, never through a link and never failing the command (a
    read-only workspace, a full disk: the answer stands)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags, 0o644)
    except OSError:
        return
    try:
        os.write(fd, text.encode("utf-8", "replace"))  # a lone surrogate a text held: "?"
    except OSError:
        pass
    finally:
        os.close(fd)
