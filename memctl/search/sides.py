"""The two sides of an open question on recall's desk together: a line that may replace an
entry beside it, and a change from a later day after the entry that holds until then."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .rank import Hit


def beside_what_it_may_replace(
    picked: list[Hit], hits: list[Hit], limit: int, fields: dict[str, dict | None]
) -> list[Hit]:
    """The pointers, each side of an open question next to the other: a line written beside an
    entry it may replace (`may_replace:`: the agent's "Actually Noor isn't lactose intolerant"
    beside the user's "Noor is lactose intolerant"), and that entry, when search found both;
    a change from a later day (status upcoming) after the entry it replaces, which holds until
    then ("rent up to £700 from February" after "rent is £675").
    A side takes the place of the last other pointer, and with `limit` 1 goes past it: one
    side alone would answer a question nobody has settled."""
    by_id = {h.id: h for h in hits if h.id}
    sides: dict[str, Hit] = {}  # address → the other side search ranks first
    later: set[str] = set()  # a change from a later day, shown after what holds until then
    for hit in hits:
        f = fields.get(hit.address)
        other = by_id.get(str(f["may_replace"])) if f and f.get("may_replace") else None
        if f and f.get("supersedes") and hit.status == "upcoming":
            other = by_id.get(str(f["supersedes"]))  # "rent up to £700 from feb": £675 holds
            later.add(hit.address)
        if other is not None:
            sides.setdefault(hit.address, other)
            sides.setdefault(other.address, hit)
    if not sides:
        return picked
    out: list[Hit] = []
    for hit in picked:
        pair = (
            (sides.get(hit.address), hit) if hit.address in later else (hit, sides.get(hit.address))
        )
        for one in pair:
            if one is not None and one not in out:
                out.append(one)
    while len(out) > limit:  # drop the last pointer that is no side of an open question
        rest = [h for h in out if h.address not in sides]
        if not rest:
            break
        out.remove(rest[-1])
    return out
