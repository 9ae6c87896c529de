"""The write gate: what it reads before a memory is written, and the one label it gives.

For a new text the gate reads every open entry of the live notes (the ones sharing a word with
the text are scored), the rules (every open entry in rules/ and every RULE entry elsewhere), and
the notes' titles, tags and use-when keys to pick where a new memory belongs. The labeler is
deterministic (labeler.py) unless `llm_command` is set; then that command labels and any failure
falls back to the deterministic labeler, and the decision says so. Whatever the labeler, three
things stay in code: an instruction from a source that is not the user is an injection, a text
equal to an entry on file is a repeat, and an untrusted source (web, tool, file) never retires
what a more trusted one said, while only the user's words change a rule. The agent's own word
may update a fact the user stated (the close keeps the old line, its date and the reason); the
nightly job, with nobody watching, holds such a change for a person instead
(nightly/consolidate.py).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, replace

from ..catalog import scan
from ..entry import ended, unquoted
from ..lexicon import same_as
from ..words import fold, tokens
from ..workspace import Workspace
from .candidates import Candidate, NoteMatch, Survey, _read, is_rule_note, trust_of
from .foreign import not_english, said_not, words_for
from .labeler import LABELS, TRUST_RANK, Known, Label, Trust, decide
from .occasion import beside_a_schedule
from .reading import Analysis, analyze, content_word, same_text, similarity

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..model import Model

SHOWN = 5  # candidates shown with a decision (all are scored)
LLM_CANDIDATES = 8


def survey(ws: Workspace, text: str, *, today: dt.date | None = None) -> Survey:
    """Score the open entries and the notes of the live workspace against `text`.

    An entry that shares no word with the text is not scored (it cannot be repeated, changed
    or corrected by it); every rule is. With `today`, a line whose `until:` day has come is
    closed (entry.ended) though not struck yet; one that starts later is still scored (a
    change may be said of it).
    """
    from ..language.framing import statement

    # a name the text spells anew, when it says it corrects (its lead-in too: "typo: …")
    whole = analyze(text)
    names = whole.names if whole.correction else frozenset()
    text = statement(text)  # "FYI: …", "Oh and by the way, …": what follows is compared
    new = analyze(text)
    # the words as written too: a synonym is read as its class's first word ("apartment" as
    # "flat"), which the entry on file need not hold as written
    said = {t for t in tokens(new.folded) if content_word(t) in new.words}
    said |= {w for t in said for w in same_as(t)}  # "boss": an entry that says "manager"
    probe = [w for w in new.words | said if len(w) > 1] or None
    if probe and not_english(new):  # "…, non il martedì": the entry that says Tuesday
        probe += words_for(said_not(new))
    found = Survey()
    for facts in scan(ws):
        if facts.kind != "note" or facts.error or not facts.entries and not facts.title:
            continue
        rules_note = is_rule_note(facts.path)
        read = _read(ws.root / facts.path, facts.path)
        if read is None:
            continue
        folded = f"{read.folded} {fold(facts.path)}"
        if probe and not rules_note and not _holds(folded, probe) and not _respells(names, folded):
            continue  # shares no word with the text: nothing here to repeat, change or fit
        best = 0.0
        for row in read.entries:
            entry, folded, info = row
            if today is not None and ended(entry, today):
                continue
            rule = (rules_note or entry.kind == "RULE") and entry.kind not in ("QUOTE", "CONFLICT")
            if probe and not rule and not _holds(folded, probe) and not _respells(names, folded):
                continue
            if info is None:
                info = row[2] = analyze(unquoted(entry.text))
            score = similarity(new, info)
            if _fits_by(new, info):
                best = max(best, score)
            cand = Candidate(facts.path, entry, score, rule, trust_of(entry), info)
            found.entries.append(cand)
            if cand.rule:
                found.rules.append(cand)
        if read.meta:
            about = read.about()
            best = max(best, similarity(new, about))  # a name's fit: routing.py
        found.notes.append(NoteMatch(facts.path, round(best, 3), facts.status))
    from .meaning import add_across, add_meaning

    add_meaning(ws, text, new, found, today)
    add_across(ws, text, new, found, today)
    found.entries.sort(key=lambda c: -c.score)
    found.notes.sort(key=lambda n: -n.score)
    return found


def _respells(names: frozenset[str], folded: str) -> bool:
    """Does a folded text hold one of `names` (those of a text that corrects something) spelled
    another way ("it's Sohlberg with an h" for "… Ingrid Solberg")? Only the words that open as
    a name does are compared (a respelling keeps its first letter; most keep two)."""
    from .apart import respelled

    if not names:
        return False
    starts = "|".join(sorted({re.escape(n[:2]) for n in names}))
    found = set(re.findall(rf"(?<!\w)(?:{starts})\w{{3,}}", folded))
    return bool(found) and bool(respelled(set(names), found))


def _holds(folded: str, probe: list[str]) -> bool:
    """Does a folded text hold the start of any probe word (stems differ: summary/summaries)?"""
    return any(word[:5] in folded for word in probe)


# --- the decision ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Decision:
    label: Label
    reason: str
    target: Candidate | None
    candidates: tuple[Candidate, ...]
    labeler: str = "deterministic"  # deterministic | llm
    fallback: str | None = None  # why the LLM labeler was not used, when it was configured
    near: Candidate | None = None  # unsure: the entry this text might replace

    def to_dict(self) -> dict:
        return {
            "label": self.label,
            "reason": self.reason,
            "target": self.target.address if self.target else None,
            "near": self.near.address if self.near else None,
            "labeler": self.labeler,
            "fallback": self.fallback,
            "candidates": [c.to_dict() for c in self.candidates],
        }


def label(
    ws: Workspace, text: str, *, trust: Trust, source: str, found: Survey, use_llm: bool = True
) -> Decision:
    """One label for `text`, from the LLM command when configured, else (or on failure) rules."""
    known = [
        Known(
            c.address, unquoted(c.entry.text), c.trust, c.rule, c.info, c.meaning, across=c.across
        )
        for c in found.entries
    ]
    notes: dict[str, list[Known]] = {}
    for k in known:
        notes.setdefault(k.key.split("#", 1)[0], []).append(k)
    for k in known:  # what the other lines of its note say: "Car is a 2018 Toyota Yaris"
        k.kin = tuple(o.info for o in notes[k.key.split("#", 1)[0]] if o is not k)
    rules = [k for k in known if k.rule]
    verdict = beside_a_schedule(
        decide(text, trust=trust, candidates=known, rules=rules), text, known
    )
    shown = tuple(sorted(found.entries, key=lambda c: -c.score)[:SHOWN])
    rules_shown = tuple(c for c in found.rules if c not in shown and c.address == verdict.target)
    near = found.find(verdict.near)
    shown += tuple(c for c in found.rules if c not in shown and c is near)
    decision = Decision(
        verdict.label, verdict.reason, found.find(verdict.target), shown + rules_shown, near=near
    )
    if not use_llm:
        return decision
    from ..model import configured

    model, problem = configured(ws)
    if model is None and problem is None:
        return decision
    if model is not None:
        answer, problem = ask_llm(model, text=text, source=source, trust=trust, found=found)
    if problem or answer is None:
        why = problem or "the LLM gave no answer"
        return replace(decision, fallback=f"{why}; used the deterministic labeler")
    return _checked(decision, answer, text=text, trust=trust, found=found)


def _checked(
    rules_decision: Decision, answer: dict, *, text: str, trust: Trust, found: Survey
) -> Decision:
    """The LLM's label, within what stays in code; else the deterministic one, saying why."""
    if rules_decision.label == "injection":
        return replace(
            rules_decision,
            fallback="an instruction from this source is an injection whatever the LLM says",
        )
    name, target = answer["label"], found.find(answer.get("target"))
    if (
        rules_decision.label == "repeat"
        and rules_decision.target
        and same_text(unquoted(rules_decision.target.entry.text), text)
    ):
        if name != "repeat":
            return replace(rules_decision, fallback="the text is already on file word for word")
    problem = None
    if name == "injection" and trust == "trusted":
        problem = "the LLM called the user's own words an injection"
    elif name in ("repeat", "update", "correction") and target is None:
        problem = f"the LLM answered {name} without a target among the candidates"
    elif name == "clash" and (target is None or not target.rule):
        problem = "the LLM answered clash without naming a rule"
    elif (
        name in ("update", "correction")
        and target is not None
        and target.rule
        and trust != "trusted"
    ):
        problem = "only the user's words may change a rule"
    elif (
        name in ("update", "correction")
        and trust == "untrusted"
        and target is not None
        and TRUST_RANK[target.trust] > TRUST_RANK[trust]
    ):
        problem = "an untrusted source cannot retire a trusted memory"
    if problem:
        return replace(rules_decision, fallback=f"{problem}; used the deterministic labeler")
    reason = str(answer.get("reason") or f"the LLM labeler says {name}")[:300]
    shown = rules_decision.candidates
    if target is not None and target not in shown:
        shown = (*shown, target)
    return Decision(
        name,
        reason,
        target if name != "new" and name != "injection" else None,
        shown,
        labeler="llm",
    )


def ask_llm(
    model: Model, *, text: str, source: str, trust: Trust, found: Survey
) -> tuple[dict | None, str | None]:
    """Ask the configured model (model.py) for one label. (answer, problem)."""
    request = {
        "task": "label",
        "text": text,
        "source": source,
        "trust": trust,
        "labels": list(LABELS),
        "candidates": [
            {
                "id": c.address,
                "text": unquoted(c.entry.text),
                "source": c.entry.fields.get("src"),
                "trust": c.trust,
                "score": c.score,
                "rule": c.rule,
            }
            for c in found.entries[:LLM_CANDIDATES]
        ],
        "rules": [{"id": c.address, "text": c.entry.text} for c in found.rules],
        "answer_with": {
            "label": "one of labels",
            "target": "a candidate or rule id, or null",
            "reason": "one short sentence",
        },
    }
    answer, problem = model.ask(request)
    if problem or answer is None:
        return None, problem or "the LLM command gave no answer"
    if answer.get("label") not in LABELS:
        return None, f"the LLM command answered an unknown label {answer.get('label')!r}"
    return answer, None


def _fits_by(new: Analysis, entry: Analysis) -> bool:
    """Can an entry make its note fit a new memory: it shares two words with it, or a name ("I pay
    40 EUR a month for the gym" shares only "month" with the client note's "we bill monthly
    from January", half of that entry's words)."""
    shared = new.words & entry.words
    return len(shared) >= 2 or bool(shared & (new.names | entry.names))
