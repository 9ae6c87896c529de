"""`memctl search`: find a memory by its words, misspelled or partial, by its use-when keys, by
its meaning (with the semantic extra), in any script, and rank it by how well it fits and how
much it still counts.

Candidates come from the FTS5 index (BM25, porter stemming, accents folded, CJK bigrams; see
query.py for how the text becomes terms, candidates.py for the SQL and the filters, fit.py for
how a unit's words fit the query's) and,
with the semantic path, from the units nearest in meaning (meaning.py). Each candidate is
then scored:

    words     = 0.40 bm25 + 0.35 coverage + 0.25 fuzzy
    words     = max(0.7 words + 0.3 dense, 0.8 dense)     (with the semantic path: fuse)
    relevance = words + 0.5 use-when
    score     = relevance × priority × recency × status × kind

- bm25: FTS5's score (keys weigh 2, the note's title and tags 0.5) squashed to 0..1;
- coverage: the share of the query's words, weighted by rarity, that the unit holds (a word
  only in its note's title or tags counts half, a typo's correction or a completed partial word
  three quarters), less in a long unit and half in one that only asks a question;
- fuzzy: the same share where a missing word counts by its rapidfuzz similarity to the unit's
  nearest word, so near misses still count a little;
- dense: the cosine of the unit's vector with the query's, mapped to 0..1;
- use-when: how closely the query matches one of the unit's use-when keys (its note's keys count
  0.9 for each of its entries);
- priority 1.06 high, 0.94 low; recency fades from 1 to 0.7 with a one-year half-life, except
  for high priority; status 0.9 conflict, 0.8 upcoming (holds from a later day), 0.5 closed
  or superseded (left out unless asked for), stale only marked; kind 0.9 for a note's
  frontmatter, so its entries come first. A promoted fact is lifted above the log entry its
  ref: names; a later line saying a change, above the earlier line it changes (changed.py).
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, NamedTuple

from ..controls import count, valid_text
from ..errors import InvalidValue
from ..words import STOPWORDS, fold, small_number, stem, words
from ..workspace import Workspace
from . import fit
from .candidates import COLUMNS, ROW, conditions
from .changed import later_changes_first
from .index import Freshness, SearchIndex, ask
from .kept import candidates as find_candidates
from .kept import unit_words
from .query import Term, analyse, keyed_expressions, match_expressions, snippet

if TYPE_CHECKING:
    from .index import Progress
    from .meaning import Meaning
    from .vectors import Sync

CANDIDATES = 200
WEIGHTS = {"bm25": 0.40, "coverage": 0.35, "fuzzy": 0.25}
USE_WHEN_LIFT = 0.5  # what a full use-when match adds to relevance
INHERITED = 0.9  # a note's use-when keys count this much for each of its entries
HEADER_SHARE = 0.9  # a note's frontmatter ranks just below its entries that match as well
CONTEXT_SHARE = 0.5  # a word only in the note's title, section or tags counts half
BM25_HALF = 6.0  # the FTS5 score that maps to 0.5
PRIORITY = {"high": 1.06, "med": 1.0, "low": 0.94}
# stale is a prompt to review (shown ⚠️), not a penalty: curated knowledge past its review date
# still outranks the raw log lines it was distilled from
STATUS = {
    "active": 1.0,
    "stale": 1.0,
    "conflict": 0.9,
    "superseded": 0.5,
    "closed": 0.5,
    "injection": 0.5,
    "upcoming": 0.8,  # holds from a later day (from:): what holds today comes first
}
RECENCY_FLOOR = 0.7  # what an old memory fades to
RECENCY_HALF_LIFE_DAYS = 365
STATUSES = ("active", "stale", "conflict", "superseded", "closed", "injection", "upcoming")
DENSE_WEIGHT = 0.3  # meaning's share of relevance when the semantic path is on
MEANING_ALONE = 0.8  # what meaning alone may carry (see fuse)
SOURCE_LIFT = 1.001  # a promoted fact over its log line
WORDS_SURE = 0.6  # words this good (0..1) find their memory: meaning's standing does not lift
SPECIFIC = 6.0  # matched-word rarity (summed idf) that is full evidence (less in a small index)


class Filters(NamedTuple):
    category: str | None = None
    path: str | None = None  # a glob, or a path prefix
    since: dt.date | None = None
    until: dt.date | None = None
    status: str | None = None
    archive: bool = False  # include .archive/
    closed: bool = False  # include closed entries and superseded notes
    as_of: dt.date | None = None  # what was recorded by then and not closed before it


class Hit(NamedTuple):
    path: str
    line: int
    id: str | None
    kind: str
    status: str
    date: str | None
    priority: str | None
    category: str | None
    archived: bool
    score: float
    text: str
    snippet: str  # a short piece of the text, matched words in **bold**
    components: dict  # the parts of the score, with --explain (else empty)

    @property
    def address(self) -> str:
        return f"{self.path}:{self.line}"

    def to_dict(self) -> dict:
        data = {
            "path": self.path,
            "line": self.line,
            "id": self.id,
            "address": self.address,
            "kind": self.kind,
            "status": self.status,
            "date": self.date,
            "priority": self.priority,
            "category": self.category,
            "archived": self.archived,
            "score": round(self.score, 4),
            "text": self.text,
            "snippet": self.snippet,
        }
        if "--resume" in self.text:  # a past chat's entry, perhaps: the command that wakes it
            from ..chats import wake_in

            data["wake"] = wake_in(self.text)
        if self.components:
            data["explain"] = self.components
        return data


class SearchResult(NamedTuple):
    query: str
    hits: list[Hit]
    freshness: Freshness
    meaning: str = ""  # whether meaning was searched too: how many units, or why not
    pending: int = 0  # units without a vector yet (found by their words only)

    def to_dict(self) -> dict:
        return {
            "query": self.query,
            "results": [hit.to_dict() for hit in self.hits],
            "meaning": self.meaning,
        }


def search(
    ws: Workspace,
    query: str,
    *,
    limit: int = 10,
    filters: Filters | None = None,
    explain: bool = False,
    today: dt.date,
    progress: Progress | None = None,
    semantic: bool = True,
) -> SearchResult:
    """The best `limit` units for a query, the index brought up to date first (and, with the
    semantic path available and `semantic`, the vectors: memctl.search.meaning)."""
    count(limit, "--limit", low=1)
    filters = filters or Filters()
    if filters.status and filters.status not in STATUSES:
        raise InvalidValue(f"unknown status {filters.status!r} (use {', '.join(STATUSES)})")

    def question(index: SearchIndex) -> tuple[list[Hit], str, int]:
        from .meaning import describe, prepare

        meaning = prepare(index, query) if semantic else None
        try:
            hits = rank(
                index,
                query,
                limit=limit,
                filters=filters,
                explain=explain,
                today=today,
                meaning=meaning,
            )
        finally:
            if meaning is not None:
                meaning.close()
        pending = meaning.sync.pending if meaning is not None else 0
        return hits, describe(index.ws, meaning, semantic), pending

    (hits, meant, pending), freshness = ask(ws, question, progress)
    if hits:  # a secret a person wrote by hand is shown redacted, as INDEX.md shows it, and a
        # line that reads as orders (as recall reads it, at its source's trust) is marked so
        from .orders import read_lines, redacted, trusts_at

        trusts = trusts_at(ws, [(h.path, h.line, h.kind) for h in hits])
        read = read_lines(ws, [(h.text, t) for h, t in zip(hits, trusts, strict=True)])
        snippets = redacted(ws, [h.snippet for h in hits])
        hits = [
            h._replace(text=text, snippet=snippet, status="injection" if order else h.status)
            for h, (order, text), snippet in zip(hits, read, snippets, strict=True)
        ]
    return SearchResult(query, hits, freshness, meant, pending)


class Reindexed(NamedTuple):
    freshness: Freshness
    vectors: Sync | None  # None: the semantic path is not available
    meaning: str

    def to_dict(self) -> dict:
        return {
            **self.freshness.to_dict(),
            "meaning": self.meaning,
            "vectors": self.vectors.to_dict() if self.vectors else None,
        }


def reindex(
    ws: Workspace, progress: Progress | None = None, embedding: Progress | None = None
) -> Reindexed:
    """`memctl reindex`: the search index built again from every file and, with the semantic
    path, every unit given its vector (those whose text did not change keep theirs)."""
    from . import semantic
    from .rebuild import rebuild

    freshness = rebuild(ws, progress)
    if not semantic.available(ws):
        return Reindexed(freshness, None, semantic.unavailable_reason(ws) or "")
    vectors = semantic.embed_all(ws, embedding)
    return Reindexed(freshness, vectors, f"{vectors.units} memories have a vector")


def rank(
    index: SearchIndex,
    query: str,
    *,
    limit: int,
    filters: Filters,
    today: dt.date,
    explain: bool = False,
    candidates: int = CANDIDATES,
    meaning: Meaning | None = None,
    snippets: bool = True,  # recall shows none
    least_evidence: float = 0.0,
) -> list[Hit]:
    """The best `limit` units for the query. `least_evidence` (recall's threshold): when no
    unit's words can reach it (common words, or most of the query unknown to the index), only
    a use-when key can: the candidates are then the units whose own or inherited keys hold
    the words (query.keyed_expressions), not every unit holding a common word (on 10,000
    files, 14 ms where ranking the 124,000 units that say "review" took 140). Meaning's
    candidates are its nearest units, found apart."""
    terms = analyse(index, valid_text(query))
    tiers = match_expressions(terms, index.unit_count())
    specific = min(SPECIFIC, 1.5 * _idf_of_one(index.unit_count()))
    total = sum(t.weight for t in terms) or 1.0
    if tiers and _words_can_give(terms, total, specific) < least_evidence:
        tiers = keyed_expressions(terms) or tiers
    if not tiers and meaning is None:
        return []
    # The strict expression first (every common word at once); the loose one when the strict
    # one leaves too few units to choose from.
    enough = min(candidates, max(3 * limit, 30))
    rows: list[tuple] = []
    for tier, (match, held) in enumerate(tiers):
        if tier and _words_can_give(held, total, specific) < least_evidence:
            break  # what a looser query would add cannot be worth showing
        rows = find_candidates(index, match, filters, today, index.ws.config.stale_days, candidates)
        if len(rows) >= enough:
            break
    if meaning is not None:
        from .meaning import nearest_rows

        where, params, _ = conditions(filters, today, index.ws.config.stale_days)
        known = {(row[1], row[2]) for row in rows}
        rows += nearest_rows(index, meaning, COLUMNS, " AND ".join(where) or "1", params, known)
    if not rows:
        return []
    closeness = _dense(meaning, rows)
    # Use-when keys are matched against all the query's words (a key says "last time" too).
    query_words = {stem(w) for t in terms if not t.cjk for w in (*t.variants, *t.same)}
    query_words |= {stem(w) for w in words(query[:2000]) if w not in STOPWORDS}
    cjk = any(t.cjk for t in terms)
    scored = []
    worded = []
    for values, meant in zip(rows, closeness, strict=True):
        row = dict(zip(ROW, values, strict=True))
        own_words, own_stems, more_words, more_stems, share = unit_words(
            row["text"], row["keys"], row["context"], fit.share
        )
        folded = fold(f"{row['text']}\n{row['keys']}") if cjk else ""
        covered = soft = 0.0
        for term in terms:
            if term.cjk:
                found = term.token in folded or term.token in fold(row["context"])
                covered += term.weight * found
                soft += term.weight * found
                continue
            own = fit.match(term, own_words, own_stems)
            more = fit.match(term, more_words, more_stems) if own < 1 else 0.0
            covered += term.weight * (own or CONTEXT_SHARE * more)  # title or tags: counts less
            if own == 1 or more == 1:
                soft += term.weight  # the word itself is there
            else:  # a near miss counts by how near it is
                soft += term.weight * max(own, fit.nearest(term.token, own_words | more_words))
        parts = {
            "bm25": -row["bm25"] / (-row["bm25"] + BM25_HALF),
            "bm25_raw": -row["bm25"],
            "coverage": covered / total,
            "fuzzy": soft / total,
            "evidence": covered,
            "use_when": max(
                fit.use_when(row["keys"], query_words),
                INHERITED * fit.use_when(row["note_keys"], query_words),
            ),
        }
        parts["coverage"] *= share
        parts["fuzzy"] *= share
        parts["evidence_share"] = min(1.0, covered / specific)
        worded.append((row, parts, sum(WEIGHTS[name] * parts[name] for name in WEIGHTS), meant))
    # Words that find their memory surely (a typo or a partial word corrected) are not
    # outranked by whatever unit happens to be nearest in meaning: a misspelled query embeds
    # badly, so meaning's standing among the neighbours then counts no more than closeness.
    sure = max((lexical for _, _, lexical, _ in worded), default=0.0) >= WORDS_SURE
    for row, parts, lexical, (cosine, close, dense) in worded:
        keyed = USE_WHEN_LIFT * parts["use_when"]
        if meaning is not None:
            dense = close if sure else dense
            parts["cosine"], parts["closeness"], parts["dense"] = cosine, close, dense
            parts["lead"] = meaning.lead((row["path"], row["line"]))
            parts["words"] = lexical + keyed  # the relevance words alone give (recall reads it)
            lexical = fuse(lexical, dense)
        parts["relevance"] = lexical + keyed
        parts["priority"] = PRIORITY.get(row["priority"] or "", 1.0)
        parts["recency"] = recency(row["seen"], row["priority"], today)
        parts["status"] = STATUS.get(row["status"], 1.0)
        parts["kind"] = HEADER_SHARE if row["kind"] == "note" else 1.0
        score = (
            parts["relevance"]
            * parts["priority"]
            * parts["recency"]
            * parts["status"]
            * parts["kind"]
        )
        parts["score"] = score
        scored.append((score, row, parts))
    _above_sources(scored)
    scored.sort(key=lambda item: (-item[0], item[1]["path"], item[1]["line"]))
    later_changes_first(scored)
    hits = []
    for score, row, parts in scored[:limit]:
        shown = {k: round(v, 4) for k, v in parts.items()} if explain else {}
        hits.append(
            Hit(
                row["path"],
                row["line"],
                row["entry_id"],
                row["kind"],
                row["status"],
                row["recorded"],
                row["priority"],
                row["category"],
                bool(row["archived"]),
                score,
                row["text"],
                snippet(row["text"], terms) if snippets else "",
                shown,
            )
        )
    return hits


def _words_can_give(terms: list[Term], total: float, specific: float) -> float:
    """The most confidence (memctl.search.recall.confident) a unit's words alone can give:
    it holds every term the index knows, so its evidence share is their rarity over `specific`
    and its coverage their share of the query's weight (a word the index has never seen is
    in no unit). A use-when key or meaning can give more; words cannot."""
    known = sum(t.weight for t in terms if t.df)
    return min(1.0, known / specific) * (known / total) ** 0.5


def _idf_of_one(total: int) -> float:
    """The weight of a word only one unit holds: the most specific a word can be here."""
    import math

    return math.log(1 + (max(total, 1) - 0.5) / 1.5)


def _above_sources(scored: list[tuple[float, dict, dict]]) -> None:
    """A promoted fact (an entry with `ref:` to a daily-log line) never ranks below the log
    entry it came from: what was distilled and kept is the better pointer."""
    logs: dict[str, list[tuple[int, float]]] = {}
    for score, row, _ in scored:
        if row["kind"] == "log":
            logs.setdefault(row["path"], []).append((row["line"], score))
    if not logs:
        return
    for i, (score, row, parts) in enumerate(scored):
        path, _, line = (row["ref"] or "").rpartition(":")
        number = small_number(line)  # a field of a note: any text a peer wrote
        if path not in logs or number is None:
            continue
        # the log entry holding that line: the last heading at or before it
        held = [(start, s) for start, s in logs[path] if start <= number]
        if held and max(held)[1] >= score:
            lifted = max(held)[1] * SOURCE_LIFT
            parts["lifted_above_source"] = round(lifted / score, 4)
            parts["score"] = lifted
            scored[i] = (lifted, row, parts)


def fuse(lexical: float, dense: float) -> float:
    """Words and meaning in one relevance (0..1): a weighted mix, where meaning alone may carry
    a candidate as far as MEANING_ALONE of its closeness, so a spurious match of a common word
    (or of a typo's neighbour) does not outrank a memory that says what was asked."""
    mixed = (1 - DENSE_WEIGHT) * lexical + DENSE_WEIGHT * dense
    return max(mixed, MEANING_ALONE * dense)


def _dense(meaning: Meaning | None, rows: list[tuple]) -> list[tuple[float, float, float]]:
    if meaning is None:
        return [(0.0, 0.0, 0.0)] * len(rows)
    from .headings import heading
    from .meaning import dense

    path, line, kind, text, title = map(ROW.index, ("path", "line", "kind", "text", "title"))
    return dense(
        meaning,
        [(row[path], row[line]) for row in rows],
        [row[kind] for row in rows],
        [heading(row[kind], row[text], row[title]) for row in rows],
    )


def recency(seen: str | None, priority: str | None, today: dt.date) -> float:
    """1.0 for today, fading to RECENCY_FLOOR with age; high-priority memories do not fade."""
    if priority == "high":
        return 1.0
    if not seen:
        return (1 + RECENCY_FLOOR) / 2
    try:
        age = (today - dt.date.fromisoformat(seen)).days
    except ValueError:
        return (1 + RECENCY_FLOOR) / 2
    fade = 0.5 ** (max(age, 0) / RECENCY_HALF_LIFE_DAYS)
    return RECENCY_FLOOR + (1 - RECENCY_FLOOR) * fade
