"""`memctl recall`: put a few pointers on the agent's desk before it asks.

A harness passes the user's prompt before each turn. recall searches the memory with it and
answers with at most a few one-line pointers (`path:line ^id (date) text`) within a small token
budget, never whole documents, and nothing at all when nothing clears the confidence threshold:
a greeting or a question about something never stored gets silence, not noise.

THRESHOLD was calibrated on labelled prompts that should and should not trigger
(scripts/eval_search.py; docs/search.md gives the numbers).
"""

from __future__ import annotations

import datetime as dt
import json
import re
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from ..budget import shorten
from ..controls import count
from ..entry import QUOTE_TEXT as _QUOTE
from ..workspace import Workspace
from . import sides
from .index import Freshness

if TYPE_CHECKING:
    from ..language.trust import Trust
    from .index import SearchIndex
    from .rank import Hit

THRESHOLD = 0.36  # on words alone
HOOK_INDEX_SECONDS = 3.0  # of a hook's 10 s: building the index, the rest to answer
THRESHOLD_MEANING = 0.40  # with the semantic path
# Meaning's lead (memctl.search.meaning.leads): the nearest unit clearly nearer than any other
LEAD_FROM, LEAD_FULL = 0.05, 0.20  # its lead over the next unit's cosine: none, full
LEAD_COSINE = 0.30  # and its own cosine, from 0.05 below (none) to 0.05 above (full)
LEAD_WEIGHT = 0.6  # the confidence a full lead gives alone
# The request any assistant is asked nearest the prompt (memctl.search.asks)
BEYOND_FROM, BEYOND_FULL = 0.0, 0.10  # a unit's cosine above that ask's: none, full
BEYOND_COSINE = 0.20, 0.35  # and its own cosine: none, full
BEYOND_WEIGHT = 0.6  # the confidence standing fully beyond the asks gives alone
GENERIC_MARGIN = -0.05  # a unit this far below the nearest ask: its closeness counts for nothing,
GENERIC_FADE = 0.10  # and its lead for less, down to nothing this much further below
GENERAL_SHARE = 0.5  # the confidence left a prompt that asks no one's memory (see _weigh)
WHOLE_COVERAGE = 0.9  # a unit holding the prompt's words: meaning does not lower its words' fit
_SENTENCES = re.compile(r"(?<=[.!?])\s+|\n+")
RELATIVE_CUT = 0.6  # a pointer must score at least this share of the best one
PER_FILE = 2  # pointers from one file at most
FIGURE = 4  # a number of this many digits or fewer, alone, looks nothing up (a year, a sum)
CANDIDATES = 60  # recall needs a few good pointers, not a long ranked list
RELATIONS_FILE = "graph/relations.md"  # memctl.graph.text.RELATIONS_FILE (a test keeps them equal)
T = TypeVar("T")  # what recall.pick picks: a Hit, or what a calibration holds of one
HEADER = "Memories that may fit (open one with `memctl show ID` or PATH:LINE):"


class Pointer(NamedTuple):
    path: str
    line: int
    id: str | None
    kind: str
    score: float
    text: str  # the one line shown
    source: str | None = None  # who gave it, when not the user ("agent", "web"…)

    def to_dict(self) -> dict:
        return {
            "path": self.path,
            "line": self.line,
            "id": self.id,
            "kind": self.kind,
            "score": round(self.score, 4),
            "text": self.text,
            "source": self.source,
        }


class Recall(NamedTuple):
    prompt: str
    pointers: list[Pointer]
    confidence: float  # the best candidate's score, shown or not
    threshold: float
    facts: tuple[str, ...] | list[str] = ()  # graph facts, one line each
    freshness: Freshness | None = None

    @property
    def text(self) -> str:
        """What goes on the desk: a header and one line per pointer; "" when silent."""
        lines = [p.text for p in self.pointers] + [f"- {fact}" for fact in self.facts]
        return "\n".join([HEADER, *lines]) + "\n" if lines else ""

    def to_dict(self) -> dict:
        return {
            "pointers": [p.to_dict() for p in self.pointers],
            "facts": list(self.facts),
            "confidence": round(self.confidence, 4),
            "threshold": self.threshold,
            "text": self.text,
        }


def recall(
    ws: Workspace,
    prompt: str,
    *,
    limit: int = 3,
    budget_tokens: int = 150,
    threshold: float | None = None,
    today: dt.date,
    semantic: bool = True,
    until: float | None = None,
) -> Recall:
    """At most `limit` pointers for the prompt within `budget_tokens`, or none. `until`: a
    time.monotonic() deadline for bringing the index up to date (a hook's): a first build not
    done by then goes on next time, and this answer is none."""
    from .index import ask

    count(limit, "--limit")
    count(budget_tokens, "--budget")
    if small_talk(prompt):
        return Recall(prompt, [], 0.0, THRESHOLD if threshold is None else threshold)  # small talk

    def question(index: SearchIndex) -> tuple[list[Hit], bool]:
        if index.freshness.building:
            return [], False  # part of the files only: none rather than a wrong few
        return candidates(
            index, prompt, today=today, semantic=semantic, threshold=threshold, limit=limit
        )

    (hits, meant), freshness = ask(ws, question, until=until)
    hits = [hit for hit in hits if hit.status != "injection"]  # never put on the desk unasked
    threshold = _threshold(threshold, meant)
    sure = [(confident(hit), hit.path, hit) for hit in hits]  # in the order search ranks them
    confidence = max((score for score, _, _ in sure), default=0.0)
    picked = pick(sure, threshold, limit)
    fields = _fields(ws, hits) if picked else {}  # each found line's fields, read once
    picked = sides.beside_what_it_may_replace(picked, hits, limit, fields)
    related = graph_facts(ws, prompt, max(1, limit - len(picked))) if picked and limit > 1 else []
    shown = {hit.address for hit in picked}  # the relations file is searched too
    related = [(fact, trust) for fact, trust in related if fact.split(" ", 1)[0] not in shown]
    picked, facts, said_by = _on_the_desk(ws, picked, related, fields)
    if facts and len(picked) + len(facts) > limit:  # one relation may take the last slot
        picked = picked[: limit - len(facts)]
    pointers, facts = _fit(picked, facts, budget_tokens, said_by)
    return Recall(prompt, pointers, confidence, threshold, facts, freshness)


def pick(sure: list[tuple[float, str, T]], threshold: float, limit: int) -> list[T]:
    """The pointers recall shows, of (confidence, path, item) in the order search ranks them:
    those that reach the threshold and RELATIVE_CUT of the best, PER_FILE from a file at most,
    `limit` in all."""
    best = max((score for score, _, _ in sure), default=0.0)
    picked: list[T] = []
    per_file: dict[str, int] = {}
    for score, path, item in sure:
        if score < threshold or score < RELATIVE_CUT * best or per_file.get(path, 0) >= PER_FILE:
            continue
        per_file[path] = per_file.get(path, 0) + 1
        picked.append(item)
        if len(picked) == limit:
            break
    return picked


def _fields(ws: Workspace, hits: list[Hit]) -> dict[str, dict | None]:
    """By address, the fields of each found line that is an entry (None for another line)."""
    from .orders import fields_at

    found = fields_at(ws, [(h.path, h.line, h.kind) for h in hits])
    return {h.address: f for h, f in zip(hits, found, strict=True)}


def small_talk(prompt: str) -> bool:
    """Nothing to look for: every word a stop word or a pleasantry ("thanks, that's perfect"),
    or a short number ("what's 17% of 240?": a sum; "240" in a memory is not its answer)."""
    from ..words import PHATIC, STOPWORDS, tokens

    asked = (t for t in tokens(prompt[:20_000]) if len(t) > 1)
    return not any(
        t not in STOPWORDS and t not in PHATIC and not (t.isdigit() and len(t) <= FIGURE)
        for t in asked
    )


def asked_part(prompt: str) -> str:
    """The prompt without its sentences of small talk, as its words are searched: "Morning!
    What's Kessler's number? Cheers!" asks "What's Kessler's number?". A greeting's words
    would find the memories that hold them ("the bins go out on Tuesday morning")."""
    sentences = [s for s in _SENTENCES.split(prompt[:20_000]) if s.strip()]
    if len(sentences) < 2:
        return prompt
    kept = [s for s in sentences if not small_talk(s)]
    return " ".join(kept) if kept and len(kept) < len(sentences) else prompt


def candidates(
    index: SearchIndex,
    prompt: str,
    *,
    today: dt.date,
    semantic: bool = True,
    threshold: float | None = None,
    limit: int = 3,
    prune: bool = True,
) -> tuple[list[Hit], bool]:
    """What recall chooses its pointers from, best first, and whether meaning was searched.
    `prune`: leave out what cannot reach the threshold by its words (rank's least_evidence)."""
    from .asks import judges
    from .rank import Filters, rank

    meaning = None
    if semantic and index.ws.config.semantic:  # turned off: not even imported
        from .meaning import prepare

        meaning = prepare(index, prompt)  # the turn as written: the model reads sentences
    try:
        hits = rank(
            index,
            asked_part(prompt),  # a greeting's words would find the memories that hold them
            limit=max(limit * 4, 8),
            filters=Filters(),
            today=today,
            explain=True,
            candidates=CANDIDATES,
            meaning=meaning,
            snippets=False,
            least_evidence=_threshold(threshold, meaning is not None) if prune else 0.0,
        )
    finally:
        if meaning is not None:
            meaning.close()  # read below or not, its thread is done before recall answers
    if meaning is not None and any("cosine" in hit.components for hit in hits):
        _weigh(hits, prompt, meaning.generic if judges(prompt) else None)
    return hits, meaning is not None


def _weigh(hits: list[Hit], prompt: str, generic: float | None) -> None:
    """What recall reads of each hit found by meaning beside its closeness: the nearest
    request any assistant is asked (`generic`, None when the prompt is not English enough for
    the asks to judge), and whether the hit answers the prompt as its form asks
    (memctl.language.questions). A prompt that asks nothing, or a general question about kinds
    of things (one asking what a kind of thing is, "the difference between …", whatever names
    it writes; any other, "why do …", of which the hit writes none of the prompt's names), is
    no one's memory to answer ("general"); a hit that holds the kind of thing asked for ("who":
    a name, "when": a day or a time) of something the prompt says is the user's ("we", "the
    sitter") answers a request no other memory does, as one naming what is the user's does."""
    from ..language.questions import asked, holds, speaks_of
    from .asks import names_what_is_owned, owned
    from .fit import asks_only

    mine = owned(prompt)
    reading = asked(prompt, english=generic is not None)
    by_form = reading.by_form and not mine[0]  # "the best bike lock?", not "… for my dad?"
    for hit in hits:
        if "cosine" not in hit.components:
            continue
        # a memory naming what the prompt says is the user's ("my father": "Dad …")
        # answers a request no other memory does, however common its kind
        beyond = names_what_is_owned(hit.text, mine)
        named = beyond or speaks_of(reading.names, hit.text)
        cosine = hit.components["cosine"]
        if not reading.asks or by_form or (reading.general and not named):
            hit.components["general"] = 1.0
        elif (reading.particular or named) and cosine >= BEYOND_COSINE[0] and reading.kinds:
            beyond = beyond or holds(hit.text, reading.kinds)  # what is asked, of the user's
        if generic is None:
            continue
        hit.components["generic"] = min(generic, cosine - BEYOND_FULL) if beyond else generic
        if asks_only(hit.text):
            hit.components["asks"] = 1.0


def _threshold(given: float | None, meant: bool) -> float:
    if given is not None:
        return given
    return THRESHOLD_MEANING if meant else THRESHOLD


def confident(hit: Hit) -> float:
    """How sure recall is that a hit is worth the desk: how well it fits (its relevance: words,
    use-when keys and meaning), scaled down when what matched is weak evidence: common words
    (one everyday word matching says little) and no closeness in meaning. Neither its age nor
    a stale mark changes it: those order the pointers, they do not decide whether to speak.

    With meaning, two more measures can each make a hit worth showing alone: its lead (the
    unit nearest the prompt, far nearer than the next one) and how far it stands beyond the
    requests any assistant is asked (memctl.search.asks). A unit farther from the prompt than
    the nearest such request is what any prompt of that kind lands near: its closeness then
    counts for nothing, its lead for less the further below it stands, and its words and keys
    as ever."""
    from .fit import QUESTION_SHARE
    from .meaning import share

    parts = hit.components
    use_when = parts.get("use_when", 0.0)
    cosine = parts.get("cosine", 0.0)
    generic = parts.get("generic")  # the nearest ask's cosine, with meaning
    beyond = None if generic is None else cosine - generic
    below_an_ask = beyond is not None and beyond < GENERIC_MARGIN
    # Meaning's evidence is how close the unit is in itself (closeness), not its standing among
    # the neighbours (which ranks it, but any question has a nearest unit).
    dense = 0.0 if below_an_ask else parts.get("closeness", parts.get("dense", 0.0))
    # A use-when key the prompt matches is evidence in itself: someone put it there for this.
    evidence = max(parts.get("evidence_share", 0.0), dense, use_when)
    covered = max(parts.get("coverage", 0.0), dense, use_when)
    # Meaning ranks by a mix with the words, but a unit that holds every word the prompt asks
    # with is not made less sure by a model that does not see the match (a link, a name, a
    # code, a word it splits into pieces); one that holds some of them is (a shared everyday
    # word is the spurious match meaning is there to discount).
    relevance = parts.get("relevance", 0.0)
    if parts.get("coverage", 0.0) >= WHOLE_COVERAGE:
        relevance = max(relevance, parts.get("words", 0.0))
    sure = min(1.0, relevance) * evidence * covered**0.5
    if beyond is not None and not below_an_ask:
        standing = share(beyond, BEYOND_FROM, BEYOND_FULL)
        sure = max(sure, BEYOND_WEIGHT * share(cosine, *BEYOND_COSINE) * standing)
    asked = GENERAL_SHARE if parts.get("general") else 1.0  # asks no one's memory (_weigh)
    lead = parts.get("lead", 0.0)
    if not lead:  # words alone, or not the unit nearest in meaning
        return sure * asked
    # Meaning alone: the memory nearest the prompt, far nearer than the next one, answers it
    # (in a small store any question has a nearest unit; one it answers stands apart).
    near = share(cosine, LEAD_COSINE - 0.05, LEAD_COSINE + 0.05)
    if beyond is not None and below_an_ask:
        near *= share(beyond, GENERIC_MARGIN - GENERIC_FADE, GENERIC_MARGIN)
        if parts.get("asks"):  # a request said before, near a request: no answer in it
            near *= QUESTION_SHARE
    return max(sure, LEAD_WEIGHT * near * share(lead, LEAD_FROM, LEAD_FULL)) * asked


def _on_the_desk(
    ws: Workspace,
    picked: list[Hit],
    related: list[tuple[str, Trust]],
    found: dict[str, dict | None],
) -> tuple[list[Hit], list[str], dict[str, str]]:
    """The pointers and relations that may go on the desk, as they may be shown: what reads as
    orders to the agent never does, whatever door it came in by, and a secret a person wrote
    by hand is shown redacted (search.orders); and, by address, the source of each entry a
    source other than the user gave ("agent", "web"…), read in the same pass."""
    if not picked:
        return [], [], {}
    from .orders import desk_lines, trust_at

    fields = [found.get(h.address) for h in picked]
    said = [(h.text, trust_at(ws, f)) for h, f in zip(picked, fields, strict=True)]
    lines = desk_lines(ws, said + related)
    kept = [h._replace(text=text) for h, text in zip(picked, lines, strict=False) if text]
    said_by = {  # the agent's word is not the user's, and says so
        h.address: str(f["src"])
        for h, f in zip(picked, fields, strict=True)
        if f is not None and f.get("src") not in (None, "user")
    }
    facts = [text for text in lines[len(picked) :] if text]
    return kept, facts, said_by


def graph_facts(ws: Workspace, prompt: str, limit: int = 3) -> list[tuple[str, Trust]]:
    """Knowledge-graph relations whose entities the prompt names, one line each
    (`graph/relations.md:LINE ^id: subject → predicate → object`), with the trust of its
    source."""
    if not (ws.root / RELATIONS_FILE).is_file():
        return []  # no graph: do not pay for importing it
    from ..graph.relations import facts_about
    from .orders import trust_of_fields

    lines = []
    for triple in facts_about(ws, prompt, limit=limit).relations[:limit]:
        where = f"{RELATIONS_FILE}:{triple.line}" if triple.line else RELATIONS_FILE
        trust = trust_of_fields(ws, triple.fields)
        lines.append((f"{where} ^{triple.id}: {triple.sentence()}", trust))
    return lines


def _fit(
    hits: list, facts: list[str], budget: int, said_by: dict[str, str] | None = None
) -> tuple[list[Pointer], list[str]]:
    """One line per hit, shortened, then dropped from the end, until all fits the budget."""
    from ..budget import estimate_tokens

    facts = [f"- {fact}" for fact in facts]

    def cost(lines: list[str]) -> int:
        return estimate_tokens("\n".join([HEADER, *lines]))

    lines = []
    for width in (140, 110, 80, 60):
        lines = [_line(hit, width, (said_by or {}).get(hit.address)) for hit in hits]
        if cost(lines + facts) <= budget:
            break
    while facts and cost(lines + facts) > budget:
        facts.pop()
    while hits and cost(lines) > budget:
        hits, lines = hits[:-1], lines[:-1]
    pointers = [
        Pointer(h.path, h.line, h.id, h.kind, h.score, line, (said_by or {}).get(h.address))
        for h, line in zip(hits, lines, strict=True)
    ]
    return pointers, [fact[2:] for fact in facts] if pointers else []


def _line(hit: Hit, width: int, source: str | None = None) -> str:
    where = f"{hit.path}:{hit.line}" + (f" ^{hit.id}" if hit.id else "")
    notes = [d for d in (hit.date,) if d]
    if hit.status == "upcoming":  # holds from a later day: not yet, and said so
        notes = [f"upcoming, from {hit.date}" if hit.date else "upcoming"]
    elif hit.status not in ("active", None):
        notes.append(f"⚠️ {hit.status}")
    quote = _QUOTE.match(hit.text)
    if quote:  # who said it goes first: a shortened line must not lose it
        notes.append(f"said by {quote['who']}")
    elif source:  # the agent's word (or a page's), not the user's: not confirmed by them
        notes.append(f"{source}'s word")
    meta = f" ({', '.join(notes)})" if notes else ""
    text = shorten(f'"{quote["text"]}"' if quote else hit.text, width)
    wake = None
    if "--resume" in hit.text:  # a past chat's entry, perhaps: only then is chats imported
        from ..chats import wake_in, wake_span

        wake = wake_in(hit.text)
    if wake and wake not in text:  # a past chat: its wake command first, whole, then the rest
        span = wake_span(wake)
        rest = " ".join(hit.text.replace(span, "").split()).lstrip("—-:; ")
        text = f"{span} — {shorten(rest, max(20, width - len(wake)))}"
    return f"- {where}{meta}: {text}"


def hook_output(result: Recall) -> str:
    """The UserPromptSubmit answer: additionalContext JSON, or "" (print nothing) when silent."""
    if not result.text:
        return ""
    return json.dumps(
        {
            "hookSpecificOutput": {
                "hookEventName": "UserPromptSubmit",
                "additionalContext": result.text,
            }
        },
        ensure_ascii=False,
    )
