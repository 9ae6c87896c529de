"""What memctl prints, as it may be printed: every secret in it redacted.

A secret reaches a read command's answer only from a file memctl did not write it into (by
hand, or by a peer's sync: memctl refuses to write one). `show`, `search` and `recall` redact
what they read; the output layers of the CLI (memctl.cli.output) and of the MCP server run
every answer through `shown_text` or `shown_data` besides, so no reader prints one: `closed`,
`asof`, the graph's readers and any reader added later. A path's name is read as
memctl.secrets.paths reads it. A text without a secret's trigger costs one scan.
"""

from __future__ import annotations

from .paths import redact_paths

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator


def shown_text(text: str) -> str:
    """`text` with each secret in it, and in each path it names, `[redacted:KIND]`."""
    from .scan import redact, scan

    found = scan(text) if text else []
    return redact_paths(redact(text, found) if found else text)


def shown_data(data: object) -> object:
    """A JSON value with each of its strings as `shown_text` shows it: the strings are read
    together in one scan first, and only a value holding a secret or a path is rebuilt."""
    from .scan import scan

    strings: list[str] = []
    strings_in(data, strings)
    joined = "\n".join(strings)
    if not strings or (not scan(joined) and redact_paths(joined) == joined):
        return data
    return with_strings(data, iter([shown_text(s) for s in strings]))


def strings_in(value: object, found: list[str]) -> None:
    """Every string a JSON value holds (dicts, lists and tuples walked), in order, appended to
    `found`."""
    if isinstance(value, str):
        found.append(value)
    elif isinstance(value, dict):
        for item in value.values():
            strings_in(item, found)
    elif isinstance(value, list | tuple):
        for item in value:
            strings_in(item, found)


def with_strings(value: object, checked: Iterator[str]) -> object:
    """The JSON value with its strings (as strings_in lists them) taken from `checked`."""
    if isinstance(value, str):
        return next(checked)
    if isinstance(value, dict):
        return {key: with_strings(item, checked) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [with_strings(item, checked) for item in value]
    return value
