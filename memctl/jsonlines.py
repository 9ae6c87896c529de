"""Append-only JSON-lines records under `.memctl/`: the gate's audit, the nightly runs, slips,
guard hits and reads. One object per line; a line cut short by a crash is skipped, not fatal."""

from __future__ import annotations

import json
from pathlib import Path

from .secrets.shown import strings_in, with_strings  # noqa: F401  (the write layer's JSON)


def read_records(path: Path) -> list[dict]:
    """Every JSON object in the file, oldest first; [] when there is no file yet."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    found = []
    for line in text.splitlines():
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
