"""The MCP server's standard input, its JSON lines made readable by the SDK's parser.

The MCP SDK answers nothing to a line it cannot read as a JSON-RPC message: the harness that
sent it waits for ever. So the server reads its standard input through a pipe that this module
fills, a line at a time:
- JSON may name half of a surrogate pair ("\\ud83d": a harness written in JavaScript cut a
  prompt inside an emoji). Each unpaired surrogate escape is written as "\\ufffd" (the
  replacement character).
- A line the SDK would still refuse (cut short, a bad escape, no "jsonrpc") that names its
  request's id becomes a request the SDK answers with an error for that id ("Method not found",
  the reason in its data), so the harness gets an answer. One that names no id is passed on:
  there is no request to answer.
"""

from __future__ import annotations

import json
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


# The request id a line names (its first "id" key: a harness writes it before the params)
_ID = re.compile(rb'"id"\s*:\s*(-?\d{1,18}(?![\d.eE])|"(?:[^"\\]|\\.){0,200}")')


def answerable(line: bytes) -> bytes:
    """The line as the SDK will read it, or, when the SDK would refuse it and it names its
    request's id, a request for a method no server has, which the SDK answers for that id."""
    import mcp_types

    text = line.decode("utf-8", errors="replace")  # as the SDK's reader decodes it
    if not text.strip():
        return line
    try:
        mcp_types.jsonrpc_message_adapter.validate_json(text, by_name=False)
        return line
    except ValueError as exc:  # pydantic's ValidationError: not JSON, or no JSON-RPC message
        found = _ID.search(line)
        if found is None:
            return line
        # pydantic's first error: "Invalid JSON: EOF while parsing …" or "….jsonrpc Field
        # required", without the input it quotes
        why = " ".join(" ".join(str(exc).splitlines()[1:3]).split("[type=")[0].split())[:200]
    try:
        given = json.loads(found[1])
    except ValueError:  # an id string with a bad escape: no id to answer
        return line
    request = {
        "jsonrpc": "2.0",
        "id": given,
        "method": f"memctl: an unreadable JSON-RPC message ({why})",
    }
    return json.dumps(request).encode() + b"\n"


def mend_stdin() -> None:
    """Put a pipe in place of file descriptor 0, fed by a thread that reads the real standard
    input and writes each line through `paired` and `answerable`; the pipe closes when the
    input does."""
    source = os.dup(0)
    read_end, write_end = os.pipe()
    os.dup2(read_end, 0)
    os.close(read_end)

    def feed() -> None:
        with os.fdopen(source, "rb") as given, os.fdopen(write_end, "wb") as out:
            for line in iter(given.readline, b""):
                try:
                    mended = answerable(paired(line))
                except Exception:  # never the thread's end: the line goes on as it came
                    mended = line
                out.write(mended)
                out.flush()

    threading.Thread(target=feed, name="memctl-mcp-stdin", daemon=True).start()
