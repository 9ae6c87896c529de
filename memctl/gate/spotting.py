"""The names a text gives: capitalised words that are no sentence's opening word, no weekday,
month or stopword (a month's short name that is a given name too, "Jan", is a name).
"""

from __future__ import annotations

import re

from ..language import cues
from ..words import fold

_SENTENCE_STARTERS = frozenset("the a an our my we i it this that there they he she you".split())
_NAME = re.compile(r"(?<![\w'])([A-Z][a-z\u00df-\u00ff]{1,}(?:-[A-Z][a-z]+)?)(?![\w])")

# fmt: off
_NAME_VERBS = frozenset(
    """is are was were has had have lives works loves likes prefers says said wants eats drinks
    carries takes moved moves joined left uses used runs goes went knows needs thinks asked
    arbeitet wohnt ist hat vive tiene es esta mora trabalha est a habite travaille now also still
    just never always only often usually really no doesn't isn't can't won't didn't""".split()
)
# fmt: on


# Months' short names that are given names too: "Jan lives in Gdansk", "Marco's number"
_MONTHS_NAMED = frozenset("jan jun mai marco may".split())


_TITLE = re.compile(r"\b(?:Dr|Mr|Mrs|Ms|Prof|St|Sr|Jr|Sra|Mme|Hr|Fr)\.\Z")  # with endpos
_NEXT_WORD = re.compile(r"\s*(\S+)")


def _inside(raw: str, word: str) -> int:
    """Where `word` last stands whole in `raw` inside a sentence (after a space that follows
    no sentence's end), or -1. Found with str.find, once for each word: a pattern led by a class
    of characters is tried at every position of a long text."""
    last, at = -1, raw.find(word, 2)
    while at >= 0:
        end = at + len(word)
        after = raw[end : end + 1]
        if (
            raw[at - 1].isspace()
            and raw[at - 2] not in ".!?:;"
            and not (after.isalnum() or after == "_")
        ):
            last = at
        at = raw.find(word, at + 1)
    return last


def names_in(raw: str, stop: frozenset[str]) -> list[tuple[str, int]]:
    """Capitalised words that look like names, with where each starts. A sentence's first word
    counts only when a verb or 's follows it ("Anna has …", "Brian's …") or it is capitalised
    again later."""
    found = []
    inside: dict[str, int] = {}  # word → where it last stands inside a sentence
    for m in _NAME.finditer(raw):
        word = m.group(1)
        lowered = fold(word)
        if (
            lowered in stop
            and lowered not in _MONTHS_NAMED
            or lowered in _SENTENCE_STARTERS
            or lowered in cues.WEEKDAY_WORDS
            or lowered in cues.MONTH_WORDS
            and lowered not in _MONTHS_NAMED  # analyze reads them as dates first
        ):
            continue
        # (each look reaches from the name, never copies the text's rest: a pasted page holds
        # hundreds of sentences)
        before = m.start()  # where the text before it ends, spaces left out
        while before and raw[before - 1].isspace():
            before -= 1
        if not before or (
            raw[before - 1] in '.!?:;"(' and not _TITLE.search(raw, max(0, before - 5), before)
        ):
            following = _NEXT_WORD.match(raw, m.end())
            if word not in inside:
                inside[word] = _inside(raw, word)
            again = inside[word] >= m.end() + 2
            second = following and _NAME.match(raw, following.start(1))  # "Kenji Tanaka is …"
            rest = _NEXT_WORD.match(raw, second.end()) if second else None
            then_name = rest is not None and rest[1].lower() in _NAME_VERBS
            after = following[1].lower() if following is not None else ""
            verb = after in _NAME_VERBS
            if after == "a" and lowered.endswith(("ed", "ing")):
                verb = len(lowered) < 6  # "Booked a table": not French "a"; "Ahmed a …" is
            if not (raw.startswith(("'s", "’s", "s "), m.end()) or verb or again or then_name):
                continue
        found.append((word, m.start()))
    return found
