"""The write gate's candidates by meaning, when the semantic path is installed
(memctl.search.semantic).

The words find an entry a text repeats, changes or corrects when the two share a word. An entry
said in other words ("Brian prefers calls after 14:00" for "Brian likes being called in the
afternoon") shares too few to be compared at all. With the `semantic` extra, the entries
closest in meaning join the candidates, each with its cosine (`meaning`). Closeness alone
decides nothing: the label comes from what differs between the texts (labeler.py). An entry
found by meaning is named as one the text may replace, with the commands that settle it, or,
for the user's text clearly closest to it that says something else of it (another value, the
other side, an ending, a word of change), updated. Every rule gets its closeness, near or
not. Without the extra (or with `semantic: false`), nothing here runs.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

from ..entry import ended, unquoted
from ..kinds import kind_of
from ..workspace import Workspace
from .candidates import Candidate, Survey, _read, is_rule_note, trust_of
from .labeler import MEANING_CUED, says_change
from .reading import Analysis, analyze, similarity

MEANING = 0.5  # a neighbour at least this close in meaning joins the candidates
NEIGHBOURS = 8


def _a_note(ws: Workspace, rel: str) -> bool:
    """A live note's entries are memories; NOW.md's tasks, a day's log, a report, INDEX.md and
    the archive are not (the words' survey reads notes alone too)."""
    return kind_of(rel, ws.config.daily_dir) == "note" and not rel.startswith(".archive/")


def add_meaning(
    ws: Workspace, text: str, new: Analysis, found: Survey, today: dt.date | None = None
) -> None:
    """Give the candidates their closeness in meaning and add the close ones words missed."""
    from ..search import semantic

    if not semantic.available(ws):
        return
    try:
        near = semantic.nearest(ws, text, limit=NEIGHBOURS)
    except Exception:  # noqa: BLE001  (an optional path: the words alone still decide)
        return
    known = {(c.path, c.entry.id or c.entry.line): i for i, c in enumerate(found.entries)}
    floor = MEANING_CUED if says_change(new) else MEANING
    for hit in near:
        at = known.get((hit.path, hit.id or hit.line))
        if at is not None:
            was = found.entries[at]
            found.entries[at] = replace(was, meaning=round(hit.similarity, 3))
            # a rule is in both lists: one candidate, shown once, with its closeness
            found.rules = [found.entries[at] if r is was else r for r in found.rules]
            continue
        if hit.similarity < floor or not _a_note(ws, hit.path):
            continue
        read = _read(ws.root / hit.path, hit.path)
        row = (
            next((r for r in read.entries if (r[0].id or r[0].line) == (hit.id or hit.line)), None)
            if read
            else None
        )
        if row is None:
            continue
        entry = row[0]
        if today is not None and ended(entry, today):
            continue
        info = row[2] = row[2] or analyze(unquoted(entry.text))
        rule = (is_rule_note(hit.path) or entry.kind == "RULE") and entry.kind not in (
            "QUOTE",
            "CONFLICT",
        )
        cand = Candidate(
            hit.path,
            entry,
            similarity(new, info),
            rule,
            trust_of(entry),
            info,
            meaning=round(hit.similarity, 3),
        )
        found.entries.append(cand)
        if rule and cand not in found.rules:
            found.rules.append(cand)
    _rules_closeness(ws, text, found)


def _rules_closeness(ws: Workspace, text: str, found: Survey) -> None:
    """Every rule's closeness in meaning, not only the nearest units': in a workspace of many
    notes, entries on the same subject stand nearer a text than the rule it breaks (a food
    diary's lines before "no sugary snacks for the kids before dinner")."""
    from ..search import semantic

    missing = [(c, c.entry.line) for c in found.rules if c.meaning is None]
    where = [(c.path, line) for c, line in missing if line is not None]
    if not where:
        return
    try:  # the text's vector is the one nearest() just made (the model's memo)
        query = semantic.embed([text], ws)[0]
        closeness = semantic.warm(ws).similarity(query, where)
    except Exception:  # noqa: BLE001  (an optional path: the words alone still decide)
        return
    lined = [c for c, line in missing if line is not None]
    for was, cosine in zip(lined, closeness, strict=True):
        if cosine is None:
            continue
        now = replace(was, meaning=round(cosine, 3))
        found.rules = [now if r is was else r for r in found.rules]
        found.entries = [now if e is was else e for e in found.entries]
