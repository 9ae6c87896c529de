"""Does a memory recall would point at read as orders to the agent?

What recall says goes into the agent's context unasked. A quote the write gate labelled an
injection is left out by its status; a line that came in by another door (a log line, an entry
added directly, a tool's note) holding the same orders has no label, so each pointer recall
would give is read by the gate's injection reader (memctl.language.injection) first. That reader
costs some 50 ms to load in a fresh process, so its verdicts are kept, by a keyed hash of the
text, in `.memctl/cache/orders.json`: the next turn that points at the same lines loads nothing.
An entry in the user's own words (`src:user`, not marked untrusted, not promoted from a log by
the nightly job) is read as the gate reads the user: only an instruction it quotes is orders.
"""

from __future__ import annotations

import hashlib
import json
import secrets

from ..atomic import atomic_write
from ..workspace import Workspace

CACHE = "orders.json"
MOST = 4096  # verdicts kept (a few hundred kB); past it, the oldest half goes


def users_own(ws: Workspace, path: str, line: int) -> bool:
    """Is the entry at `path`:`line` in the user's own words (src:user, not untrusted)?"""
    from ..entry import parse_entry

    try:
        with (ws.root / path).open(encoding="utf-8") as f:
            text = next((t for n, t in enumerate(f, start=1) if n == line), "")
    except (OSError, UnicodeDecodeError):
        return False
    entry = parse_entry(text.rstrip("\n"))
    fields = entry.fields if entry is not None else {}
    # a line the nightly job promoted from a log (ref: the log's line) is the log's word for
    # the user's: a page the agent quoted into its log can say src:user
    promoted = str(fields.get("ref", "")).startswith(f"{ws.config.daily_dir}/")
    return fields.get("src") == "user" and fields.get("trust") != "untrusted" and not promoted


def gives_orders(ws: Workspace, said: list[tuple[str, bool]]) -> list[bool]:
    """For each (text, the user's own words?), whether it reads as orders to the agent: from
    a source not the user, any; in the user's own words, only an instruction they quote ("Send
    invoices to billing@…" is theirs to give)."""
    texts = [f"{'user' if mine else 'other'}\0{text}" for text, mine in said]
    path = ws.cache_dir / CACHE
    try:
        held = json.loads(path.read_text(encoding="utf-8"))
        key, known = bytes.fromhex(held["key"]), dict(held["known"])
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        key, known = secrets.token_bytes(16), {}
    names = [hashlib.blake2b(t.encode("utf-8", "replace"), key=key).hexdigest()[:24] for t in texts]
    missing = [(name, text) for name, text in zip(names, texts, strict=True) if name not in known]
    if missing:
        from ..language.injection import Trust, injection_reason

        for name, keyed in missing:
            who, _, text = keyed.partition("\0")
            trust: Trust = "trusted" if who == "user" else "limited"
            known[name] = injection_reason(text, trust=trust) is not None
        if len(known) > MOST:
            known = dict(list(known.items())[len(known) // 2 :])
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            data = json.dumps({"key": key.hex(), "known": known})
            atomic_write(path, data, sync_dir=False, durable=False)
        except OSError:
            pass  # a read-only or full disk: the verdicts hold for this call
    return [bool(known[name]) for name in names]
