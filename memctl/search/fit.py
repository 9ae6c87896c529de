"""How well a unit's words fit a query's: the parts of memctl.search.rank's score that read
words (coverage's match of each term, its length and question shares, use-when keys, near
misses)."""

from __future__ import annotations

import re

from ..words import STOPWORDS, stem, words
from .query import Term

LENGTH_PIVOT = 40  # distinct words from which coverage counts less
LENGTH_POWER = 0.25
ASIDE_WORDS = 2  # a sentence of this many words or fewer before a question says nothing
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
QUESTION_SHARE = 0.5  # what the words a question shares with a query count (see rank)
NEAR_SHARE = 0.75  # a typo's correction or a partial word's completion counts this much


def share(own_words: set[str], text: str) -> float:
    """A long unit holds any query's words by chance; one that only asks a question holds the
    question's words (an echo of it) and not its answer: what its coverage counts."""
    return _length_share(own_words) * (QUESTION_SHARE if asks_only(text) else 1.0)


def _length_share(unit_words: set[str]) -> float:
    """Coverage counts less in a long unit: one that mentions everything holds any query's
    words by chance (1 up to LENGTH_PIVOT distinct words, then a slow fall)."""
    n = len(unit_words)
    return 1.0 if n <= LENGTH_PIVOT else (LENGTH_PIVOT / n) ** LENGTH_POWER


def asks_only(text: str) -> bool:
    """A unit that only asks (a question someone wrote down, a chat turn) holds the question's
    words without its answer; a word or two before it ("Perfect. Can you …?") say nothing."""
    flat = text.strip()
    if not flat.endswith("?") or len(flat) >= 200:
        return False
    said = [s for s in _SENTENCE_END.split(flat) if len(s.split()) > ASIDE_WORDS]
    return len(said) <= 1


def match(term: Term, unit_words: set[str], unit_stems: set[str]) -> float:
    """1 when the unit holds the query word, less when only a near word or a longer word."""
    exact = stem(term.token)
    if exact in unit_stems or any(stem(v) in unit_stems for v in term.same):
        return 1.0  # the word, or a word of its class ("Dad" for "father")
    if any(stem(v) in unit_stems for v in term.variants[1:]):
        return NEAR_SHARE
    if term.prefix and any(w.startswith(term.token) for w in unit_words):
        return NEAR_SHARE
    return 0.0


def use_when(keys: str, query_words: set[str]) -> float:
    """How well the query matches the best of these use-when keys (0..1): the key's words must
    mostly be in the query, and the more of the query the key covers the better."""
    if not keys or not query_words:
        return 0.0
    best = 0.0
    for key in keys.split("\n"):
        key_words = {stem(w) for w in words(key) if w not in STOPWORDS} or {
            stem(w) for w in words(key)
        }
        if not key_words:
            continue
        in_query = sum(1 for k in key_words if _near(k, query_words)) / len(key_words)
        in_key = sum(1 for q in query_words if _near(q, key_words)) / len(query_words)
        if in_query >= 0.5:
            best = max(best, in_query * (0.3 + 0.7 * in_key))
    return best


def _near(word: str, pool: set[str]) -> bool:
    """The word is in the pool, or one with its first letter within rapidfuzz ratio 85 of it
    (typos seldom hit the first letter; the vocabulary expansion assumes the same)."""
    if word in pool:
        return True
    alike = [w for w in pool if w[0] == word[0] and abs(len(w) - len(word)) <= 2]
    if not alike:
        return False
    from rapidfuzz.fuzz import ratio  # imported when first needed: recall runs every turn

    return any(ratio(word, other) >= 85 for other in alike)


def nearest(word: str, pool: set[str]) -> float:
    """The rapidfuzz ratio (0..1) of the pool's word nearest to `word`, 0 below 0.7."""
    from rapidfuzz import fuzz, process

    found = process.extractOne(word, pool, scorer=fuzz.ratio, score_cutoff=70)
    return found[1] / 100 if found else 0.0
