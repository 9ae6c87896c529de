"""What was purged stays purged: a registry of salted hashes, never the texts themselves.

`memctl forget --purge` adds the purged text's salted hash (and its length) to
`.memctl/purged.json`, committed so every clone shares it. Every door that writes a memory
(`add`, `log`, `remember`, imports, the nightly job) asks `refuse_purged` first.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json

from .dates import fmt_date
from .errors import ParseError, Refused
from .workspace import Workspace

REGISTRY = ".memctl/purged.json"


def _load_registry(ws: Workspace) -> dict:
    path = ws.root / REGISTRY
    if not path.exists():
        return {"salt": None, "purged": []}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(data.get("purged"), list) and "salt" in data:
            return data
    except (ValueError, UnicodeDecodeError, AttributeError):
        pass
    raise ParseError(
        "the purge registry is damaged; restore it from git "
        "(memctl refuses to guess what was purged)",
        path=REGISTRY,
    )


def purged_hash(salt: str, text: str) -> str:
    return hashlib.blake2b(text.casefold().encode("utf-8"), key=bytes.fromhex(salt),
                           digest_size=32).hexdigest()  # fmt: skip


def workspace_salt(ws: Workspace) -> str | None:
    """The registry's salt (None before the first purge, which makes and commits one).

    A salted hash identifies a purged text without spelling it out, but a short, guessable text
    (a phone number) can still be found by trying every candidate against it: the registry is a
    guard against bringing a text back, not a vault.
    """
    return _load_registry(ws)["salt"]


def registry_with(ws: Workspace, pattern: str, *, salt: str, receipt_id: str,
                  today: dt.date) -> str:  # fmt: skip
    """The registry file's new text with this pattern's salted hash added (never the text)."""
    data = _load_registry(ws)
    data["salt"] = data["salt"] or salt
    digest = purged_hash(data["salt"], pattern)
    if not any(p["hash"] == digest for p in data["purged"]):
        data["purged"].append(
            {
                "receipt": receipt_id,
                "hash": digest,
                "length": len(pattern.casefold()),
                "date": fmt_date(today),
            }
        )
    return json.dumps(data, indent=2) + "\n"


def purged_match(ws: Workspace, text: str) -> str | None:
    """The receipt id of a purged text that `text` contains (case-insensitive), else None."""
    data = _load_registry(ws)
    if not data["purged"]:
        return None
    folded = text.casefold()
    for record in data["purged"]:
        size = record["length"]
        for start in range(0, max(len(folded) - size + 1, 0)):
            if purged_hash(data["salt"], folded[start : start + size]) == record["hash"]:
                return record["receipt"]
    return None


def refuse_purged(ws: Workspace, text: str) -> None:
    receipt = purged_match(ws, text)
    if receipt:
        raise Refused(f"this text contains something purged on purpose (receipt {receipt}); "
                      "memctl will not store it again")  # fmt: skip
