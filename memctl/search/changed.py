"""A later line that says something changed ranks above the earlier line it changes.

Raw notes and logs keep both sides of a change: "the Harbour Century ride is in September"
(April) and "the Harbour Century has been moved to October 4th" (August). Search finds both,
often the first one higher (it says the thing more plainly), while the question asked of them
is nearly always what holds now. Among the best candidates, a line written on a later day than
one ranked above it, about the same subject (content words in common that most candidates do
not hold), scoring close to it, and saying in words of change that something moved, was
replaced or is now otherwise (memctl.language.cues.UPDATE), takes its place just above it.
Entries the gate has closed or superseded need none of this (they are ranked down already), and
a change that holds from a later day (upcoming) stays below what holds until then."""

from __future__ import annotations

import functools
from collections import Counter

from ..words import STOPWORDS, fold, stem, words

LOOK = 10  # the best candidates read for a change
CLOSE = 0.5  # a change ranks above a line it scores at least this share of
SHARED = 2  # the subject's words a change and the line it changes have in common, at least
WORDS = 60  # a change is a line of at most this many words (a session's transcript holds many)
COMMON = 0.5  # a word more than this share of the candidates (and 2) hold names no subject
ABOVE = 1.0001  # how far above the line it changes
HOLDS = ("active", "stale")  # what a change must be to go above: holding today


def later_changes_first(scored: list[tuple[float, dict, dict]]) -> None:
    """Reorder `scored` ((score, row, parts), best first) in place."""
    top = scored[:LOOK]
    if len({row["recorded"] for _, row, _ in top if row["recorded"]}) < 2:
        return  # all from one day: nothing is later
    subject = [_content(row["text"][:2000]) for _, row, _ in top]
    # a word most of the best candidates hold (a speaker's name, what the whole search is
    # about) does not tell which two are about the same thing
    held = Counter(w for found in subject for w in found)
    common = {w for w, n in held.items() if n > max(COMMON * len(top), 2)}
    subject = [found - common for found in subject]
    for j in range(1, len(top)):
        score_j, row_j, parts_j = scored[j]
        day_j = row_j["recorded"]
        if not day_j or row_j["status"] not in HOLDS or len(row_j["text"].split()) > WORDS:
            continue  # a change from a later day waits its day; a transcript says many things
        i = next(
            (
                i
                for i, (score_i, row_i, _) in enumerate(scored[:j])
                if row_i["recorded"]
                and row_i["recorded"] < day_j
                and score_j >= CLOSE * score_i
                and len(subject[i] & subject[j]) >= SHARED
            ),
            None,
        )
        if i is None or not _says_a_change(row_j["text"]):
            continue
        lifted = scored[i][0] * ABOVE
        parts_j["changed_since"] = round(lifted / max(score_j, 1e-9), 4)
        scored.insert(i, (lifted, row_j, parts_j))
        del scored[j + 1]
        subject.insert(i, subject.pop(j))


@functools.lru_cache(maxsize=4096)
def _says_a_change(text: str) -> bool:
    from ..language.cues import UPDATE  # its pattern is compiled the first time it is read

    return UPDATE.search(fold(text)) is not None


@functools.lru_cache(maxsize=4096)  # a warm server ranks the same units turn after turn
def _content(text: str) -> frozenset[str]:
    return frozenset(stem(w) for w in words(text) if w not in STOPWORDS and not w.isdigit())
