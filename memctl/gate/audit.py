"""The write gate's audit log, `.memctl/gate.jsonl`: one line per decision, committed.

A line names entries by address and the text by a hash and a length, never spelling it out: the
memory's words live in one place only, so forgetting them stays simple (docs/gate.md).
"""

from __future__ import annotations

import datetime as dt
import hashlib
from typing import TYPE_CHECKING

from ..errors import Refused
from ..jsonlines import record_line
from ..workspace import MARKER, Workspace

if TYPE_CHECKING:
    from ..change import Change
    from .request import Given, Remembered, Request

AUDIT_LOG = f"{MARKER}/gate.jsonl"


def _digest(text: str) -> str:
    return hashlib.sha256(" ".join(text.split()).encode("utf-8")).hexdigest()[:16]


def audit_line(result: Remembered, now: dt.datetime) -> dict:
    """One audit line. It names entries by address and the text by a hash, never spelling it
    out: the memory's words live in one place only, so forgetting them stays simple."""
    d = result.decision
    return {
        "time": now.isoformat(timespec="seconds"),
        "label": result.label,
        "labeler": d.labeler,
        "fallback": d.fallback,
        "override": result.override,
        "reason": result.reason,
        **_provenance(result.request),
        "text_sha256": _digest(result.request.text),
        "chars": len(result.request.text),
        "note": result.note,
        "target": d.target.address if d.target else None,
        "written": result.written.address if result.written else None,
        "closed": result.closed.address if result.closed else None,
        "verified": result.verified.address if result.verified else None,
        "near": d.near.address if d.near else None,
        "candidates": [[c.address, c.score] for c in d.candidates],
    }


def _provenance(request: Request) -> dict:
    """Who said it and from where, each value the text names as a secret redacted: the
    request was refused for one (gate.remember.check), and a line of the log never holds one
    whatever reaches it (memctl.naming.named_together)."""
    from ..naming import named_together

    said = request.provenance()
    keys = [key for key, value in said.items() if isinstance(value, str) and value]
    for i, found in named_together([request.text, *(said[key] for key in keys)]):
        if i:
            said[keys[i - 1]] = f"[redacted:{found.kind}]"
    return said


def log_refusal(ws: Workspace, text: str, exc: Refused, given: Given, now: dt.datetime) -> None:
    with ws.change("remember", "refused") as change:
        audit_refusal(ws, change, text, exc, source=given.get("source", "agent"), now=now)


def audit_refusal(
    ws: Workspace, change: Change, text: str, exc: Refused, *, source: str, now: dt.datetime
) -> None:
    """Inside an open change: a refused memory's audit line (the reason and a hash, never the
    text)."""
    record = {
        "time": now.isoformat(timespec="seconds"),
        "label": "refused",
        "reason": exc.message,
        "source": source,
        "text_sha256": _digest(text),
        "chars": len(" ".join(text.split())),
    }
    change.append(ws.root / AUDIT_LOG, record_line(record))
