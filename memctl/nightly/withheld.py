"""What a day's log holds that the nightly job never promotes, nor lets steer NOW.md: a log
edited after it was written, text from an untrusted source, and an order to the agent.

A log comes in through the agent, whoever a line says spoke: a page it pasted may say
`src:user` (memctl defuses that where it writes a log, daily.defused, but a log written by hand
or by an older memctl may hold one). So a line is read for orders as the agent's words, and what
reads as one waits for a person, who may `memctl remember` it.
"""

from __future__ import annotations

from ..workspace import Workspace


def edited_log(ws: Workspace, rel: str, rewritten: dict | None) -> str | None:
    """Why nothing in the log `rel` is promoted: it was edited after it was written."""
    if rewritten is None:
        from ..daily import rewritten_logs

        rewritten = rewritten_logs(ws, [rel])
    changed = rewritten.get(rel)
    if changed is None:
        return None
    where = "in an uncommitted edit" if changed == "uncommitted" else f"in commit {changed[:8]}"
    return f"{rel} was edited after it was written ({where}): nothing in it is promoted"


def withheld(source: str, text: str) -> str | None:
    """Why an item of a log is never promoted, nor steers NOW.md: its source is untrusted, or
    it reads as an order to the agent (read as the agent's words)."""
    from ..language.injection import injection_reason
    from ..language.trust import SOURCE_TRUST

    after = "never promoted, nor steering NOW.md (a person may `memctl remember` it)"
    if SOURCE_TRUST[source] == "untrusted":
        return f"untrusted (src:{source}): {after}"
    why = injection_reason(text, trust="limited")
    return f"reads as an order to the agent ({why}): {after}" if why else None
