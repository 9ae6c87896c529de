"""Where a memory goes: the note of the entry it concerns, `--topic`, the note that fits it
best, else the category's inbox (docs/gate.md, "Where a memory goes").

How well a note fits is the gate's survey (similarity to its entries and to its title, tags,
use-when keys and description) plus what its name says: a note named for a person or a thing
the text names ("Anna …" → people/anna.md, "the Atlas migration" → projects/atlas.md) fits
by the share of its name the text says. A note in people/ is one person's: a text that does not
name that person does not go there as a new memory (a decision that never mentions Dmitri does
not go to people/dmitri.md).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from ..catalog import scan
from ..errors import InvalidValue
from ..language.framing import statement
from ..longterm import note_path
from ..words import fold
from ..workspace import Workspace
from .candidates import RULES_DIR, Survey, is_rule_note
from .decide import Decision
from .reading import analyze, content_word

if TYPE_CHECKING:
    from .request import Request

ROUTE = 0.45  # a note fits a new memory at this score or more; else the category's inbox
INBOX = "inbox"
GENERAL_RULES = "general"  # rules/general.md: the user's rule said with no note to go to
NAMED = 0.5  # what a note's name, said whole by the text, adds to its fit (half of it: 1/4)
PEOPLE = "people"
_CAPITAL = re.compile(r"(?<![\w'])[A-Z\u00c0-\u00de][^\W_]*")  # a name even where a sentence opens


def named(ws: Workspace, text: str, context: str | None = None) -> dict[str, float]:
    """Notes whose name the text (or its context, a log entry's title) says as a name: path →
    the share of the words of the note's file name or title it says."""
    text = f"{text}. {context}" if context else text
    said = analyze(text)
    capitals = {content_word(fold(w)) for w in _CAPITAL.findall(text)} & said.words
    if not capitals:
        return {}
    out = {}
    for facts in scan(ws):
        if facts.kind != "note" or facts.error:
            continue
        stem = facts.path.rsplit("/", 1)[-1].removesuffix(".md").replace("-", " ").replace("_", " ")
        best = 0.0
        for name in (stem, facts.title or ""):
            words = analyze(name.title()).words
            if words and words & capitals:
                best = max(best, len(words & said.words) / len(words))
        if best:
            out[facts.path] = best
    return out


def fits(
    ws: Workspace, found: Survey, text: str, context: str | None = None, under: str | None = None
) -> list[tuple[str, float, str | None]]:
    """(path, fit, status) of the notes, best first: the survey's fit plus the name's."""
    names = named(ws, text, context)
    rows = {n.path: (n.score, n.status) for n in found.notes}
    for facts in scan(ws) if set(names) - set(rows) else ():
        if facts.path in names and facts.path not in rows:
            rows[facts.path] = (0.0, facts.status)
    out = []
    for path, (score, status) in rows.items():
        if under and not path.startswith(f"{under}/"):
            continue
        if path.startswith(f"{PEOPLE}/") and path not in names:
            continue  # one person's note: only for a text that names them
        out.append((path, round(score + NAMED * names.get(path, 0.0) ** 2, 3), status))
    return sorted(out, key=lambda row: -row[1])


def destination(
    ws: Workspace, request: Request, found: Survey, decision: Decision
) -> tuple[Path, tuple[str, ...]]:
    """The note a memory goes to: the entry it repeats or replaces, --topic, the best-fitting
    note, else the category's inbox. Only the user's new words go to rules/; anything else
    meant for rules/ goes to the inbox, and a notice says so."""
    if decision.target and decision.label in ("repeat", "update", "correction", "injection"):
        return ws.root / decision.target.path, ()
    may_rule = request.trust == "trusted" and decision.label == "new"
    if (request.topic or "").strip().startswith("/"):
        raise InvalidValue(
            f"--topic {request.topic!r}: give a category or a note inside the "
            "workspace, like lessons/api-guide, not an absolute path"
        )
    topic = (request.topic or "").strip().strip("/").removesuffix(".md")
    categories = set(ws.config.categories) | {
        p.name for p in ws.root.iterdir() if p.is_dir() and not p.name.startswith(".")
    }
    inbox = ws.root / ("semantic" if "semantic" in categories else ws.config.categories[0])
    why = (
        "only the user's own words go there"
        if request.trust != "trusted"
        else (f"a {decision.label} is not a rule")
    )
    away = (f"not written to rules/ ({why}); went to {ws.rel(inbox)}/{INBOX}.md",)
    if "/" in topic:
        path = note_path(ws, topic, given_as="--topic")
        if is_rule_note(ws.rel(path)) and not may_rule:
            return inbox / f"{INBOX}.md", away
        return path, ()
    if topic and (topic not in categories or topic == "daily"):
        raise InvalidValue(
            f"--topic {topic!r}: give a category ({', '.join(sorted(categories))})"
            " or a note like lessons/api-guide"
        )
    if topic == "rules" and not may_rule:
        return inbox / f"{INBOX}.md", away
    normative = analyze(request.text).normative or request.kind == "RULE"
    near = decision.near
    beside = (
        near is not None
        and decision.label == "new"
        and (not topic or near.path.startswith(f"{topic}/"))
    )
    if beside and near is not None and near.entry.kind == "QUOTE":
        return ws.root / near.path, ()  # the user's words beside the quote they confirm
    said = statement(request.text)
    for rel, score, status in fits(ws, found, said, request.context, topic or None):
        if score < ROUTE:
            break
        if status == "superseded" or is_rule_note(rel) and not (may_rule and normative):
            continue
        if request.kind == "RULE" and may_rule and not is_rule_note(rel):
            continue  # the user's rule is in force in rules/ alone, not beside the facts
        return ws.root / rel, ()
    if beside and near is not None and not is_rule_note(near.path) and request.kind != "RULE":
        # no note fits: beside the entry it may replace, where a person settling it sees both
        return ws.root / near.path, ()
    if request.kind == "RULE" and not topic:  # a rule is in force in rules/ alone
        if may_rule:
            return ws.root / RULES_DIR / f"{GENERAL_RULES}.md", ()
        return inbox / f"{INBOX}.md", away
    return (ws.root / topic if topic else inbox) / f"{INBOX}.md", ()
