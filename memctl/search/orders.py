"""Does a memory recall would point at read as orders to the agent?

What recall says goes into the agent's context unasked. A quote the write gate labelled an
injection is left out by its status; a line that came in by another door (a log line, an entry
added directly, a tool's note) holding the same orders has no label, so each pointer recall
would give is read by the gate's injection reader (memctl.language.injection) first. That reader
costs some 50 ms to load in a fresh process, so its verdicts are kept, by a keyed hash of the
text, in `.memctl/cache/orders.json`: the next turn that points at the same lines loads nothing.
"""

from __future__ import annotations

import hashlib
import json
import secrets

from ..atomic import atomic_write
from ..workspace import Workspace

CACHE = "orders.json"
MOST = 4096  # verdicts kept (a few hundred kB); past it, the oldest half goes


def gives_orders(ws: Workspace, texts: list[str]) -> list[bool]:
    """For each text, whether it reads as orders to the agent (from a source not the user)."""
    path = ws.cache_dir / CACHE
    try:
        held = json.loads(path.read_text(encoding="utf-8"))
        key, known = bytes.fromhex(held["key"]), dict(held["known"])
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        key, known = secrets.token_bytes(16), {}
    names = [hashlib.blake2b(t.encode("utf-8", "replace"), key=key).hexdigest()[:24] for t in texts]
    missing = [(name, text) for name, text in zip(names, texts, strict=True) if name not in known]
    if missing:
        from ..language.injection import injection_reason

        for name, text in missing:
            known[name] = injection_reason(text, trust="limited") is not None
        if len(known) > MOST:
            known = dict(list(known.items())[len(known) // 2 :])
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            data = json.dumps({"key": key.hex(), "known": known})
            atomic_write(path, data, sync_dir=False, durable=False)
        except OSError:
            pass  # a read-only or full disk: the verdicts hold for this call
    return [bool(known[name]) for name in names]
