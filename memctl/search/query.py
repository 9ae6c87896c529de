"""The query: text turned into weighted search terms, and the FTS5 expressions built from them.

Tokens are quoted here, so whatever the text holds (quotes, `*`, NEAR, SQL, a 100 KB paste) it is
only ever searched for. Stop words go when there are other words; the rarest words of a long
query are kept; a word the index has never seen gets the vocabulary words a typo away (rapidfuzz,
optimal string alignment) and is searched as a prefix too; CJK runs become bigram terms. Each
term is weighted by its inverse document frequency as the index sees it.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from ..lexicon import same_as
from ..words import STOPWORDS, bigrams, fold, is_cjk, is_word, quote, stem, tokens
from .index import SearchIndex

MAX_QUERY_CHARS = 200_000  # a longer paste is cut here; what is left is still searched
MAX_TERMS = 24  # the rarest words of a long query are the ones searched
MAX_EXPANDED = 8  # unknown words given fuzzy and prefix variants
COMMON_SHARE = 0.01  # a word in more than 1% of units (and COMMON_MIN) is common:
COMMON_MIN = 1000  # it gathers candidates only together with another common word
COMMON_PAIRED = 6
COUNT = "SELECT count(*) FROM fts WHERE fts MATCH ?"
EXACT_DF = 200  # a rarer word's own count stands for its stem's (see analyse)
# Words that point back in time rather than name a thing ("the link we used last time", "what
# was it again"): dropped from a query that has other words, like stop words.
REFERENTIAL = frozenset(
    "again last time times used use earlier previous previously remind remember recall".split()
)
# Verbs that open a request for something on file, like "get", "give", "show" (stop words):
# "open the website we used last time" asks for the website, not for something opened.
REQUEST_VERBS = frozenset("open send fetch grab pull bring share paste forward dig look".split())


@dataclass
class Term:
    token: str
    variants: list[str]  # the token and the vocabulary words a typo away
    weight: float  # inverse document frequency
    df: int = 0  # how many units hold it (0: unknown, or known only by its variants)
    prefix: bool = False  # a partial word: also matched as the start of a word
    cjk: bool = False
    same: tuple[str, ...] = ()  # the words of its class (lexicon.same_as): found as itself

    def fts(self) -> str:
        if self.cjk:
            grams = bigrams(self.token)
            if len(grams) == 1 and len(self.token) == 1:
                return f"cjk : ({quote(self.token)} OR {quote(self.token)}*)"
            return "cjk : (" + " AND ".join(quote(g) for g in grams) + ")"
        parts = [quote(v) for v in (*self.variants, *self.same)]
        if self.prefix:
            parts.append(quote(self.token) + "*")
        return "(" + " OR ".join(parts) + ")"


def analyse(index: SearchIndex, query: str) -> list[Term]:
    """The query's words as search terms: stop words out, typos expanded, rarest first."""
    seen: dict[str, None] = {}
    for token in tokens(query[:MAX_QUERY_CHARS]):
        if token not in seen:
            seen[token] = None
        if len(seen) >= 512:
            break
    latin = [t for t in seen if not is_cjk(t)]
    useful = [
        t
        for t in latin
        if t not in STOPWORDS and t not in REFERENTIAL and len(t) > (2 if t.isdigit() else 1)
    ]
    if useful[:1] and useful[0] in REQUEST_VERBS and _opens_with(query, useful[0]):
        useful = useful[1:]
    latin = useful or latin
    total = max(index.unit_count(), 1)
    known: list[tuple[int, str]] = []
    unknown: list[tuple[int, str]] = []
    for token in latin:
        df = index.document_frequency(token)
        (known if df else unknown).append((df, token))
    known.sort()  # the rarest words of a long paste are the ones that tell
    terms = [Term(t, [t], 0.0, df) for df, t in known[:MAX_TERMS]]
    for _, token in unknown[:MAX_EXPANDED]:
        variants = [token, *_near_words(index, token)] if len(token) >= 3 else [token]
        terms.append(Term(token, variants, 0.0, prefix=len(token) >= 3))
    # A CJK run of one or two characters is a word; a longer one may be a sentence or a word
    # with a particle attached (서울에서), so each of its bigrams is a term of its own.
    grams = [g for t in seen if is_cjk(t) for g in (bigrams(t) if len(t) > 2 else [t])]
    terms += [Term(g, [g], 0.0, cjk=True) for g in dict.fromkeys(grams)][:MAX_TERMS]
    # A word's count stands for its stem's when it is rare (few forms to miss) or already common
    # (counting a common word's every form costs a query as long as a search, to change its
    # low weight a little); the others are counted as the index sees them: stemmed, prefixes, CJK.
    common = common_df(total)
    for term in terms:
        term.same = () if term.cjk else same_as(term.token)
        if term.same:
            term.df = 0  # "father" counted with "dad": as rare as the two together
        if term.df == 0 or EXACT_DF <= term.df < common:
            term.df = index.db.execute(COUNT, (term.fts(),)).fetchone()[0]
        term.weight = _idf(term.df, total)
    terms.sort(key=lambda t: -t.weight)
    return terms[:MAX_TERMS]


def _opens_with(query: str, verb: str) -> bool:
    """Is `verb` the request's first word but for stop words ("can you please open …")?"""
    for token in tokens(query[:200]):
        if token == verb:
            return True
        if token not in STOPWORDS:
            return False
    return False


def match_expressions(terms: list[Term], total: int) -> list[tuple[str, list[Term]]]:
    """FTS5 queries that gather candidates, strictest first: any rare term, or the common ones;
    each with the terms a unit it adds to the ones before can hold at most.

    A common word (in more than COMMON_SHARE of units) gathers candidates only together with
    the other common words of the query: first all of them at once, then any two. A unit that
    holds a single very common word of a longer query would rank low anyway, and scoring tens of
    thousands of such units would cost more than a whole search may take.
    """
    usable = [t for t in terms if t.df]
    if len(usable) <= 1:
        return [(usable[0].fts(), usable)] if usable else []
    rare = [t for t in usable if t.df <= common_df(total)]
    common = sorted((t for t in usable if t not in rare), key=lambda t: t.df)[:COMMON_PAIRED]
    clauses = [t.fts() for t in rare]
    if not common:
        return [(" OR ".join(clauses), usable)]
    if len(common) == 1:
        return [(" OR ".join(clauses or [common[0].fts()]), usable)]
    pairs = [f"({a.fts()} AND {b.fts()})" for i, a in enumerate(common) for b in common[i + 1 :]]
    loose = " OR ".join(clauses + pairs)
    if len(common) == 2:
        return [(loose, usable)]
    strict = " OR ".join([*clauses, "(" + " AND ".join(t.fts() for t in common) + ")"])
    # A unit the loose query adds holds no rare term (the strict one has them all) and not
    # every one of the common terms it pairs: at most all but the lightest of those.
    lightest = min(common, key=lambda t: t.weight)
    return [(strict, usable), (loose, [t for t in usable if t not in rare and t is not lightest])]


def keyed_expressions(terms: list[Term]) -> list[tuple[str, list[Term]]]:
    """The FTS5 query for units whose use-when keys hold any of the terms: their own (the keys
    column) or their note's (the inherited column). The terms are asked of every column as
    well, so BM25 scores the words where they stand, as the unnarrowed query would. None for
    a query of CJK words alone (their bigrams have a column of their own)."""
    usable = [t for t in terms if t.df and not t.cjk]
    words = " OR ".join(t.fts() for t in usable)
    keyed = f"({words}) AND ({{keys inherited}} : ({words}))"
    return [(keyed, usable)] if usable else []


def common_df(total: int) -> int:
    """The document frequency from which a word is common in an index of `total` units."""
    return max(COMMON_MIN, int(total * COMMON_SHARE))


def _idf(df: int, total: int) -> float:
    return math.log(1 + (total - df + 0.5) / (df + 0.5))


def _near_words(index: SearchIndex, token: str) -> list[str]:
    """Up to three vocabulary words a typo away, the commonest first: two letters swapped for
    a short word, one edit from 5 letters, two from 8."""
    from rapidfuzz import process
    from rapidfuzz.distance import OSA

    counts = dict(index.similar_words(token))
    limit = 1 if len(token) < 8 else 2
    found = process.extract(token, list(counts), scorer=OSA.distance, score_cutoff=limit, limit=20)
    # Too many short words are one edit apart, and a correctly spelled word ("regarding") is
    # not a typo of its neighbours ("rewarding"): for those, only swapped letters ("brain" for
    # "brian", "from" for "form").
    if len(token) < 5 or is_word(token):
        found = [m for m in found if sorted(m[0]) == sorted(token)]
    found.sort(key=lambda m: (m[1], -counts[m[0]]))
    return [word for word, _, _ in found[:3] if word != token]


def snippet(text: str, terms: list[Term], width: int = 160) -> str:
    """A one-line piece of `text` around the first matched word, matched words in **bold**."""
    flat = " ".join(text.split())
    stems = {stem(v) for t in terms if not t.cjk for v in (*t.variants, *t.same)}
    prefixes = tuple(t.token for t in terms if t.prefix)
    cjk = [t.token for t in terms if t.cjk]
    spans = []
    for m in re.finditer(r"[^\W_]+", flat):
        word = fold(m.group())
        if stem(word) in stems or (prefixes and word.startswith(prefixes)):
            spans.append((m.start(), m.end()))
    folded = fold(flat) if cjk else ""
    for token in cjk:
        start = folded.find(token)
        if start >= 0 and len(folded) == len(flat):
            spans.append((start, start + len(token)))
    spans.sort()
    begin = 0
    if spans and spans[0][0] > width // 3 and len(flat) > width:
        begin = max(0, spans[0][0] - width // 3)
    end = min(len(flat), begin + width)
    out, pos = [], begin
    for start, stop in spans:
        if start < pos or stop > end:
            continue
        out += [flat[pos:start], "**", flat[start:stop], "**"]
        pos = stop
    out.append(flat[pos:end])
    return ("…" if begin else "") + "".join(out).strip() + ("…" if end < len(flat) else "")


def plain_bm25(index: SearchIndex, query: str, *, limit: int = 10) -> list[tuple[str, int]]:
    """The baseline search is measured against: every word OR'ed, ranked by FTS5's BM25 alone."""
    toks = list(dict.fromkeys(tokens(query[:MAX_QUERY_CHARS])))[:64]
    if not toks:
        return []
    match = " OR ".join(quote(t) for t in toks)
    rows = index.db.execute(
        "SELECT u.path, u.line FROM fts f JOIN units u ON u.id = f.rowid WHERE fts MATCH ? "
        "AND u.archived = 0 AND u.status NOT IN ('closed', 'superseded') ORDER BY bm25(fts) "
        "LIMIT ?",
        (match, limit),
    ).fetchall()
    return [(path, line) for path, line in rows]
