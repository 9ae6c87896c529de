"""A log line the user has taken back since: "DECISION: staging moves to Hetzner" in Monday's
log, where on Thursday the user said "Scratch Hetzner, we're putting staging on OVH" and the gate
closed the Hetzner entry. Consolidated on the next night, the line found no open entry to repeat
and was written again as a new decision, beside the OVH one that replaced it.

A line is replaced when it says nothing new against an entry that was closed after the line's
day (struck, or superseded): what it says was on file, and was given up since. A line written on
the day of the close, or after it, is read by the gate as any other: the user may go back.
"""

from __future__ import annotations

import datetime as dt

from ..dates import try_date
from ..errors import NotFound, ParseError
from ..workspace import Workspace

LOOKED_AT = 5  # the closed entries nearest in words that are compared


def replaced_since(ws: Workspace, text: str, day: dt.date, today: dt.date) -> str | None:
    """Why the line `text`, logged on `day`, is already given up, or None."""
    from ..gate.labeler import says_nothing_new
    from ..gate.reading import analyze, compare
    from ..longterm import find_entry
    from ..search.rank import Filters, search

    hits = search(
        ws, text, limit=LOOKED_AT, filters=Filters(closed=True), today=today, semantic=False
    ).hits
    said = analyze(text)
    if len(said.words) < 2:
        return None
    for hit in hits:
        if hit.status not in ("closed", "superseded") or hit.kind != "entry" or not hit.id:
            continue
        try:
            found = find_entry(ws, f"{hit.path}#^{hit.id}")
        except (NotFound, ParseError):  # a line gone since the index read it: not this one
            continue
        ended = try_date(found.entry.fields.get("until"))
        if ended is None or ended <= day:
            continue
        diff = compare(said, analyze(found.entry.text))
        if not diff.apart and says_nothing_new(said, diff):
            by = found.entry.fields.get("superseded_by")
            since = f", replaced by ^{by}" if by else ""
            return f"already given up: {found.address} said it and was closed on {ended}{since}"
    return None
