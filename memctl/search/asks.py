"""Requests any assistant is asked that no one's memory answers (memctl/data/asks.txt), and how
near a prompt stands to the nearest of them in meaning.

A question about someone's own life ("who do I call when a tap drips?") reaches the memory that
answers it at a cosine of 0.3-0.5 with a small model; so does a turn no memory answers ("what's
a healthy breakfast idea?") reach whatever memory lies nearest by chance. What tells them apart
is what else the prompt is near: a request of the kind every assistant gets (a recipe, a sum, a
poem) stands nearer to one of these than to any memory, and a question only the memory answers
stands nearer to the memory. memctl.search.recall.confident reads the difference.

Their vectors are embedded once per model (some 0.4 s; memctl.search.semantic.embed_all does it
ahead) and kept in `.memctl/vectors.db` (table `asks`: one row, keyed by a digest of the list,
the vectors as float16, 110 kB for all-MiniLM-L6-v2), and by the store in each process once
read.

What the prompt says is the user's ("my father", a name it writes) is read here too
(`owned`): a memory naming it answers a request however common its kind.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import re
import sqlite3
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

    from .vectors import VectorIndex

ENGLISH = 2 / 3  # the share of a prompt's longer words the dictionary must know (see judges)


@functools.cache
def asks() -> tuple[str, ...]:
    """The requests of memctl/data/asks.txt, in order, without comments or blank lines."""
    from importlib.resources import files

    text = files("memctl").joinpath("data/asks.txt").read_text(encoding="utf-8")
    lines = (line.split("#", 1)[0].strip() for line in text.splitlines())
    return tuple(line for line in lines if line)


def judges(prompt: str) -> bool:
    """Whether the asks can tell a request any assistant gets from this prompt: they are
    English, and so is the model memctl ships, which reads other languages as word pieces and
    finds any two such texts close (a German small talk stands far from every ask and near
    every German memory). So a prompt of which at least ENGLISH of the longer words (four
    letters or more) are English ones (memctl.words.is_word), or that has none."""
    from ..words import is_word, tokens

    longer = [t for t in tokens(prompt[:2000]) if len(t) > 3 and t.isalpha()]
    return not longer or sum(map(is_word, longer)) >= ENGLISH * len(longer)


_OWNER = re.compile(
    r"(?i)(?<![\w'])(?:my|our|mine|ours|me\s+and|i\s+and)\s+((?:[\w'-]+\s+){0,1}[\w'-]+)"
)
_NAME = re.compile(r"(?<=[\w,;:]\s)[A-Z][^\W\d_]{2,}")  # a capital not opening a sentence
# Whom a person calls by the word alone, theirs without a "my": "visit mum", "gift for dad"
# (the words of the parents' and grandparents' classes, memctl.lexicon); not with a word
# before it that makes it anyone's ("a new mum", "his dad", "every mum")
_PARENTS = ("father", "mother", "grandfather", "grandmother")
_ANYONES = frozenset(
    "a an the this that his her their your its new first-time single working other another "
    "some any every each no whose".split()
)


@functools.cache
def _kin() -> re.Pattern[str]:
    from ..lexicon import same_as

    words = {w for base in _PARENTS for w in (base, *same_as(base))}
    alone = sorted(w for w in words if not (w.endswith("s") and w[:-1] in words))  # "mums"
    return re.compile(rf"(?i)(?:(?<![\w'-])([\w'-]+)\s+)?(?<![\w'-])({'|'.join(alone)})(?![\w-])")


def owned(prompt: str) -> tuple[frozenset[str], frozenset[str]]:
    """(the words a prompt says are the user's: "my father", "our boiler", "mum" said alone, as
    stems; the names it writes: "Sanne", not a sentence's first word): what only the user's
    memory knows of. A request that names one is not one any assistant is asked."""
    from ..language.cues import MONTH_WORDS, WEEKDAY_WORDS
    from ..lexicon import LANGUAGE_WORDS
    from ..words import STOPWORDS, fold, stem

    said = [w for m in _OWNER.finditer(prompt[:2000]) for w in m[1].split()]
    said += [kin for before, kin in _kin().findall(prompt[:2000]) if before.lower() not in _ANYONES]
    mine = frozenset(stem(fold(w)) for w in said if fold(w) not in STOPWORDS and len(w) > 2)
    # a capital that names no one's own: "The", a language ("into Italian"), a day or month
    common = STOPWORDS | LANGUAGE_WORDS.keys() | WEEKDAY_WORDS.keys() | MONTH_WORDS.keys()
    return mine, frozenset(n for n in _NAME.findall(prompt[:2000]) if fold(n) not in common)


def names_what_is_owned(text: str, said: tuple[frozenset[str], frozenset[str]]) -> bool:
    """Does a memory's text hold one of the prompt's words of the user's, or a word of its
    class ("Dad" for the "father" of "my father"), or one of its names written as a name
    ("Sanne"; "nights" is no "Starry Night")?"""
    from ..lexicon import same_as
    from ..words import fold, stem, tokens

    mine, names = said
    if names and any(re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", text[:4000]) for n in names):
        return True
    if not mine:
        return False
    held = {stem(t) for t in tokens(fold(text[:4000]))}
    return any(w in held or any(stem(s) in held for s in same_as(w)) for w in mine)


def matrix(store: VectorIndex) -> np.ndarray:
    """The asks' vectors as rows, for this store's model: read from the store, else embedded
    now and kept there; the store holds them from then on."""
    if store.asks is not None:
        return store.asks
    texts = asks()
    digest = _digest(texts)
    rows = _read(store, digest, len(texts))
    if rows is None:
        rows = store.model.embed(list(texts))
        _write(store, digest, rows)
    store.asks = rows
    return rows


def ahead(store: VectorIndex, units: int) -> bool:
    """One step of a server's idle work toward the asks' vectors: read them if the store keeps
    them, else embed `units` more (the model keeps each in its memo, so the last step puts them
    together at once); whether more is left. A step is as short as a step of the units'."""
    if store.asks is not None:
        return False
    texts = asks()
    if store.asks_ahead == 0:
        rows = _read(store, _digest(texts), len(texts))
        if rows is not None:
            store.asks = rows
            return False
    if store.asks_ahead < len(texts):
        store.model.embed(list(texts[store.asks_ahead : store.asks_ahead + units]))
        store.asks_ahead += units
        return True
    matrix(store)
    return False


def nearest_ask(store: VectorIndex, query: np.ndarray) -> float:
    """The cosine of the ask nearest the (normalised) query vector."""
    return float((matrix(store) @ query).max())


def _digest(texts: tuple[str, ...]) -> bytes:
    return hashlib.blake2b("\n".join(texts).encode(), digest_size=16).digest()


def _read(store: VectorIndex, digest: bytes, count: int) -> np.ndarray | None:
    import numpy as np

    if store.db is None:
        return None
    row = None
    with store.lock, contextlib.suppress(sqlite3.Error):
        row = store.db.execute("SELECT vecs FROM asks WHERE digest = ?", (digest,)).fetchone()
    if row is None or len(row[0]) != 2 * count * store.model.dim:
        return None
    return np.frombuffer(row[0], dtype=np.float16).reshape(count, -1).astype(np.float32)


def _write(store: VectorIndex, digest: bytes, rows: np.ndarray) -> None:
    """Keep the vectors in the store, in place of another list's (busy or full: this process
    keeps them alone)."""
    import numpy as np

    if store.db is None:
        return
    vecs = np.asarray(rows, np.float16).tobytes()
    with store.lock, contextlib.suppress(sqlite3.Error):
        store.db.execute("BEGIN IMMEDIATE")
        try:
            store.db.execute("DELETE FROM asks")
            store.db.execute("INSERT INTO asks VALUES (?, ?)", (digest, vecs))
            store.db.execute("COMMIT")
        except sqlite3.Error:
            store.db.execute("ROLLBACK")
            raise
