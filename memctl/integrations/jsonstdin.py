"""The MCP server's standard input, its JSON lines made readable by the SDK's parser.

JSON may name half of a surrogate pair ("\\ud83d": a harness written in JavaScript cut a
prompt inside an emoji). The MCP SDK's parser refuses such a line, and the SDK then answers
nothing: the harness waits for ever. So the server reads its standard input through a pipe
that this module fills, a line at a time, with each unpaired surrogate escape written as
"\\ufffd" (the replacement character), before the SDK reads it.
"""

from __future__ import annotations

import os
import re
import threading

# A \\uD800-\\uDFFF escape that is no escaped backslash's text: a high one, with the low one that
# completes it if any, or a low one alone.
_ESCAPE = re.compile(
    rb"(?<!\\)((?:\\\\)*)\\u(d[89ab][0-9a-f]{2})(\\ud[c-f][0-9a-f]{2})?"
    rb"|(?<!\\)((?:\\\\)*)\\u(d[c-f][0-9a-f]{2})",
    re.IGNORECASE,
)


def paired(line: bytes) -> bytes:
    """The JSON line with each unpaired surrogate escape replaced by \\ufffd."""
    if b"\\ud" not in line.lower():
        return line

    def one(m: re.Match[bytes]) -> bytes:
        if m[2] is not None:
            return m[0] if m[3] else m[1] + b"\\ufffd"
        return m[4] + b"\\ufffd"

    return _ESCAPE.sub(one, line)


def mend_stdin() -> None:
    """Put a pipe in place of file descriptor 0, fed by a thread that reads the real standard
    input and writes each line through `paired`; the pipe closes when the input does."""
    source = os.dup(0)
    read_end, write_end = os.pipe()
    os.dup2(read_end, 0)
    os.close(read_end)

    def feed() -> None:
        with os.fdopen(source, "rb") as given, os.fdopen(write_end, "wb") as out:
            for line in iter(given.readline, b""):
                out.write(paired(line))
                out.flush()

    threading.Thread(target=feed, name="memctl-mcp-stdin", daemon=True).start()
