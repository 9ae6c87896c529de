"""What a day's log holds that the nightly job never promotes, nor lets steer NOW.md: a log
edited after it was written, text from an untrusted source; and a task that reads as an order
to the agent, which never joins NOW.md (what is promoted goes through the write gate, which
keeps such a line only as a quote).

A log comes in through the agent, whoever a line says spoke: a page it pasted may say
`src:user`, so where memctl writes a log it writes that as a claim (daily.defused), and the
line is read as the agent's.
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


def untrusted(source: str) -> str | None:
    """Why an item of a log is never promoted, nor steers NOW.md: its source is untrusted."""
    from ..language.trust import SOURCE_TRUST

    if SOURCE_TRUST[source] != "untrusted":
        return None
    return (
        f"untrusted (src:{source}): never promoted, nor steering NOW.md (a person may "
        "`memctl remember` it)"
    )


def order(source: str, text: str) -> str | None:
    """Why a task of a log never joins NOW.md, which every session reads first: it reads as an
    order to the agent, at the trust of who the line says spoke (a log memctl wrote says the
    agent: daily.defused). What is promoted goes through the write gate, which reads it so."""
    from ..language.injection import injection_reason
    from ..language.trust import SOURCE_TRUST

    why = injection_reason(text, trust=SOURCE_TRUST[source])
    if why is None:
        return None
    return f"reads as an order to the agent ({why}): never put in NOW.md"
