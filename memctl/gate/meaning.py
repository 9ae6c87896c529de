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
from .candidates import Candidate, Survey, _read, is_rule_note, scored
from .labeler import MEANING_CUED, says_change
from .reading import Analysis, analyze

MEANING = 0.5  # a neighbour at least this close in meaning joins the candidates
NEIGHBOURS = 8


def _a_note(ws: Workspace, rel: str) -> bool:
    """A live note's entries are memories; NOW.md's tasks, a day's log, a report, INDEX.md and
    the archive are not (the words' survey reads notes alone too)."""
    return kind_of(rel, ws.config.daily_dir) == "note" and not rel.startswith(".archive/")


def add_meaning(
    ws: Workspace, text: str, new: Analysis, found: Survey, today: dt.date | None = None
) -> None:
    """Give the candidates their closeness in meaning and add the close ones words missed. Only
    with the model memctl ships: every threshold here was measured on its cosines, and another
    model's stand on another scale (two unrelated sentences: about 0.1 to MiniLM, 0.75 to
    multilingual-e5), so with `semantic_model:` set the gate reads words alone."""
    from ..search import semantic

    if ws.config.semantic_model or not semantic.available(ws):
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
        cand = scored(hit.path, entry, new, info, round(hit.similarity, 3))
        found.entries.append(cand)
        if cand.rule and cand not in found.rules:
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


ACROSS_ENTRIES = 48  # entries read across languages for one text, at most (some 25 ms each)


def add_across(
    ws: Workspace, text: str, new: Analysis, found: Survey, today: dt.date | None = None
) -> None:
    """A text in another language than English: its closeness across languages
    (memctl.search.across) to the entries of the live notes, each of them when they are few, else
    to the candidates the words and the semantic path found; the entries the words missed join
    the candidates. Without the model, nothing here runs."""
    from ..search import across
    from .foreign import not_english

    if not not_english(new) or not across.available(ws):
        return
    known = {(c.path, c.entry.id or c.entry.line) for c in found.entries}
    others = [
        c
        for c in _open_entries(ws, new, today)
        if (c.path, c.entry.id or c.entry.line) not in known
    ]
    if len(found.entries) + len(others) > ACROSS_ENTRIES:  # many: the ones found by words first
        others = []
    pool = sorted(found.entries + others, key=lambda c: -max(c.score, c.meaning or 0.0))[
        :ACROSS_ENTRIES
    ]
    try:
        closeness = across.closeness(text, [unquoted(c.entry.text) for c in pool])
    except Exception:  # noqa: BLE001  (an optional path: the words alone still decide)
        return
    now = {id(c): replace(c, across=round(v, 3)) for c, v in zip(pool, closeness, strict=True)}
    joined = [now[id(c)] for c in others if id(c) in now]
    found.entries = [now.get(id(c), c) for c in found.entries] + joined
    found.rules = [now.get(id(c), c) for c in found.rules] + [c for c in joined if c.rule]


def _open_entries(ws: Workspace, new: Analysis, today: dt.date | None) -> list[Candidate]:
    """Every open entry of the live notes, as a candidate scored against the text."""
    from ..catalog import scan

    found = []
    for facts in scan(ws):
        if facts.kind != "note" or facts.error or not facts.entries:
            continue
        if not (_a_note(ws, facts.path) or is_rule_note(facts.path)):
            continue
        read = _read(ws.root / facts.path, facts.path)
        for row in read.entries if read else []:
            entry = row[0]
            if today is not None and ended(entry, today):
                continue
            info = row[2] = row[2] or analyze(unquoted(entry.text))
            found.append(scored(facts.path, entry, new, info))
            if len(found) > ACROSS_ENTRIES:
                return found
    return found
