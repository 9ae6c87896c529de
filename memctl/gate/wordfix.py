"""A correction that puts one word of an entry right: the entry was right but for the word.

"Gary, not Gareth. misheard him" and "actually it's Joe, not Jim" keep the entry on file with
the word written as the user writes it now (carry.forward); "the plumber is Joe, not Jim"
names another person, and what the old line says of Jim is not said of Joe.
"""

from __future__ import annotations

import re

from ..lexicon import LIGHT
from ..words import fold, stem
from .reading import Analysis, content_word

_TITLE_STEMS = frozenset(stem(w) for w in "dr mr mrs ms miss prof".split())
_WORD = re.compile(r"(?<![\w'-])\w[\w'-]*")  # "Jim", "3B": a word as a text writes it


# The name was wrong, not the person: "Gary, not Gareth. misheard him", "I mistyped her name"
_MISNAMED = re.compile(
    r"(?<!\w)(?:mis(?:heard|spel(?:led|t)|typed|pronounced|named)|(?:wrong|bad)\s+name|"
    r"name\s+wrong|spel(?:led|t)|typo)(?!\w)"
)


def spelt_anew(new: Analysis, old: Analysis) -> set[tuple[str, str]]:
    """The one name of `old` a correction spells another way and says nothing else new of ("her
    surname is Sohlberg" for "… is Ingrid Solberg", once "typo:" is read off its front)."""
    from .apart import respelled

    pairs = respelled(set(new.names - old.names), set(old.names - new.names))
    alone = len(pairs) == 1 and len(new.names - old.names) == 1 and new.values <= old.values
    return pairs if alone else set()


def misnamed(new: Analysis, old: Analysis) -> set[tuple[str, str]]:
    """The name a text gives for one of `old` it says not to be so, when it says the name was
    heard or written wrong ("Gary, not Gareth. misheard him"): one person, named right now, so
    what the old line says of them holds. Empty otherwise: "the plumber is Joe, not Jim" names
    another person, and Jim's habits are not Joe's."""
    if not _MISNAMED.search(new.folded) or new.values - old.values:
        return set()
    given_up = new.rejected & old.names
    mine = new.names - old.names - new.rejected
    if len(given_up) != 1 or len(mine) != 1:
        return set()
    return {(next(iter(mine)), next(iter(given_up)))}


# what a correction says besides the word it puts right: "sorry, wait, it's Joe, not Jim"
_FILLER = frozenset(
    stem(w) for w in "sorry wait oops hmm hm er erm um uh ah oh ok okay yes yeah so well".split()
)


def said_instead(new: Analysis, old: Analysis) -> set[tuple[str, str]]:
    """The word a correction puts for one of `old` it says is not so, when that is all it says
    ("actually it's Joe, not Jim"; "it's oat milk, not almond"): the entry was right but for
    that word, so it is kept with the word put right. Empty otherwise, and for a name put
    right beside a word of what the person is ("the accountant is Priya, not Pia" names
    another accountant: what the old line says of Pia is not said of Priya); a word spelled
    anew, with its letters told ("hanna not hannah, no h at the end"), too."""
    spelt = respelled_word(new, old)
    if spelt:
        return spelt
    if new.values - old.values:
        return set()
    given_up = new.rejected - _TITLE_STEMS
    mine = new.words - old.words - new.rejected - new.polar - LIGHT - _FILLER - _TITLE_STEMS
    if len(given_up) != 1 or not given_up <= old.words or len(mine) != 1:
        return set()
    said = new.words - mine - new.rejected - new.polar - LIGHT - _FILLER - _TITLE_STEMS
    if not said <= old.words or said - old.names and given_up <= old.names:
        return set()  # "the accountant is Priya": another accountant ("Hannah Reeves": a name)
    return {(next(iter(mine)), next(iter(given_up)))}


# what a text says of a word's spelling: "no h at the end", "with one n", "double t"
_SPELLING = frozenset(
    stem(w)
    for w in "end start beginning letter letters double one two spell spelt spelled spelling "
    "typo earlier before with without extra missing".split()
)


def respelled_word(new: Analysis, old: Analysis) -> set[tuple[str, str]]:
    """The word a text spells anew for one of `old` it says is not so, and says nothing else
    of but its letters ("sorry its hanna not hannah, no h at the end"): the entry was right but
    for the spelling. Empty otherwise ("it's Hanna not Anna" is another person)."""
    from .apart import respelled

    given_up = new.rejected & old.words - new.values
    if len(given_up) != 1 or new.values - old.values:
        return set()
    mine = new.words - old.words - new.rejected - new.polar - LIGHT - _FILLER - _TITLE_STEMS
    pairs = respelled(set(mine), set(given_up))
    rest = mine - {x for x, _ in pairs} - _SPELLING
    if len(pairs) != 1 or any(len(w) > 1 for w in rest):  # "h": a letter
        return set()
    return pairs


def respelled_text(text: str, old_text: str, pairs: set[tuple[str, str]]) -> str | None:
    """`old_text` with each name of `pairs` (new, old) written as `text` writes it (with the
    capital the entry gives it, where the text types it small: "markus" for "Marcus"); None
    when a name cannot be found as a word of either text."""
    out = old_text
    for mine, theirs in pairs:
        said = next((w for w in _WORD.findall(text) if _is(w, mine)), None)
        was = next((w for w in _WORD.findall(old_text) if _is(w, theirs)), None)
        if said is None or was is None:
            return None
        if said.islower() and was[:1].isupper():
            said = said[:1].upper() + said[1:]
        out = re.sub(rf"(?<![\w'-]){re.escape(was)}(?![\w'-])", said, out)  # a word: no "\\"
    return out


def _is(surface: str, word: str) -> bool:
    folded = fold(surface)
    return stem(folded) == word or content_word(folded) == word
