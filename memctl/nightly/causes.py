"""Why a lesson that slipped may have slipped, as the review (memctl.nightly.lessons) reads it:
where it lives, another line that contradicts it, too few words naming an act, no use-when key.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..kinds import in_rules

if TYPE_CHECKING:
    from ..longterm import EntryRef
    from ..workspace import Workspace

_VAGUE = frozenset(
    "careful attention better properly correctly mindful aware good bad thing stuff right wrong "
    "care more less try remember think best carefully".split()
)


def place_of(hit: EntryRef) -> str:
    if not in_rules(hit.path):
        return "note"
    if not hit.entry.fields.get("check"):
        return "rule"
    return f"check ({'enforce' if hit.entry.fields.get('guard') == 'enforce' else 'watch'})"


def contradiction(ws: Workspace, hit: EntryRef) -> str | None:
    """Another open rule or entry the gate's clash test says contradicts the lesson."""
    from ..gate.decide import survey
    from ..gate.labeler import RELATED_CUED, clash
    from ..gate.reading import analyze

    mine = analyze(hit.entry.text)
    for cand in survey(ws, hit.entry.text).entries:
        if cand.entry.id == hit.entry.id and cand.path == hit.path:
            continue
        if not (cand.rule or cand.score >= RELATED_CUED) or cand.entry.kind in ("QUOTE",):
            continue
        why = clash(mine, cand.info) or clash(cand.info, mine)
        if why:
            return f'{cand.address} says "{cand.entry.text}": {why}'
    return None


def vague(text: str) -> str | None:
    """Why a lesson gives no concrete action: too few words that name a thing or an act."""
    from ..gate.reading import analyze
    from ..words import stem

    info = analyze(text)
    concrete = {w for w in info.words if w not in {stem(v) for v in _VAGUE}}
    if info.values or info.names or len(concrete) >= 3:
        return None
    named = ", ".join(sorted(concrete)) or "—"
    return f"only {len(concrete)} word(s) name a thing or an act ({named})"


def keyed(ws: Workspace, hit: EntryRef) -> bool:
    from ..note import read_note
    from ..search.units import note_keys

    if hit.entry.fields.get("when"):
        return True
    return bool(note_keys(read_note(ws.root / hit.path, display=hit.path).meta.get("use_when")))
