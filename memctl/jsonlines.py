"""Append-only JSON-lines records under `.memctl/`: the gate's audit, the nightly runs, slips,
guard hits and reads. One object per line; a line cut short by a crash is skipped, not fatal."""

from __future__ import annotations

import json
from pathlib import Path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator


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


def strings_in(value: object, found: list[str]) -> None:
    """Every string a JSON value holds, in order, appended to `found`."""
    if isinstance(value, str):
        found.append(value)
    elif isinstance(value, dict):
        for item in value.values():
            strings_in(item, found)
    elif isinstance(value, list):
        for item in value:
            strings_in(item, found)


def with_strings(value: object, checked: Iterator[str]) -> object:
    """The JSON value with its strings (as strings_in lists them) taken from `checked`."""
    if isinstance(value, str):
        return next(checked)
    if isinstance(value, dict):
        return {key: with_strings(item, checked) for key, item in value.items()}
    if isinstance(value, list):
        return [with_strings(item, checked) for item in value]
    return value
