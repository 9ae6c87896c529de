"""Use-when keys: the words a person will use next time, attached to the memory they want.

A note lists them in its frontmatter (`use_when:`), an entry in its `when:"…"` field (several
phrases separated by " | "). When the user had to point the agent at a memory it missed, the
request they had just made is the best key there is: `memctl key ID "that request"`, and the
next time that request finds it (search and recall weigh a use-when match highly).

A key matches a request when most of its words (half or more, not counting the small ones) are
in it: a key is the situation the memory is for, in a few words, not a remark on it. The key
proposed for a lesson that slipped unseen (`situation`) is made of its slips' words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import InvalidValue, ParseError
from ..longterm import find_entry, resolve_note, rewrite_entry
from ..note import read_note, set_meta
from ..workspace import Outcome, Workspace
from .units import KEY_SEPARATOR, entry_keys, note_keys

MAX_KEY_CHARS = 200
SITUATION_WORDS = 8  # at most this many words in a proposed key
SHARED_ENOUGH = 3  # a slip's words the lesson shares that say its situation alone


@dataclass(frozen=True)
class KeyAdded:
    path: str
    id: str | None  # the entry's id; None for a note's frontmatter
    key: str
    keys: list[str]  # all the keys it has now
    added: bool  # False when it already had this key

    def to_dict(self) -> dict:
        return {
            "path": self.path,
            "id": self.id,
            "key": self.key,
            "keys": list(self.keys),
            "added": self.added,
        }


def add_key(ws: Workspace, target: str, phrase: str) -> Outcome[KeyAdded]:
    """Add a use-when phrase to an entry (id, FILE#^ID, FILE:LINE) or to a note (its path)."""
    key = " ".join(phrase.split()).replace(KEY_SEPARATOR.strip(), "/")
    if not key:
        raise InvalidValue("the use-when phrase is empty")
    if len(key) > MAX_KEY_CHARS:
        raise InvalidValue(
            f"a use-when key is a short phrase (at most {MAX_KEY_CHARS} characters), not {len(key)}"
        )
    if _names_a_note(ws, target):
        return _add_to_note(ws, target, key)
    ref = find_entry(ws, target)
    keys = entry_keys(ref.entry.fields.get("when"))
    with ws.change("key", f"{ref.address} {key}") as change:
        if _has(keys, key):
            return Outcome(KeyAdded(ref.path, ref.entry.id, key, keys, False), change)
        keys = [*keys, key]
        rewrite_entry(ws, change, ref, ref.entry.with_fields(when=KEY_SEPARATOR.join(keys)))
    return Outcome(KeyAdded(ref.path, ref.entry.id, key, keys, True), change)


def _names_a_note(ws: Workspace, target: str) -> bool:
    if "#" in target or re.fullmatch(r".+:\d+", target):
        return False
    return any((ws.root / candidate).is_file() for candidate in (target, f"{target}.md"))


def _add_to_note(ws: Workspace, target: str, key: str) -> Outcome[KeyAdded]:
    path = resolve_note(ws, target)
    rel = ws.rel(path)
    with ws.change("key", f"{rel} {key}") as change:
        note = read_note(path, display=rel)
        if not note.has_frontmatter:
            raise ParseError(
                "has no frontmatter to hold use_when keys; memctl does not add "
                "frontmatter to your files unasked (add it by hand, or key one of "
                "its entries: memctl key ID …)",
                path=rel,
            )
        keys = note_keys(note.meta.get("use_when"))
        if _has(keys, key):
            return Outcome(KeyAdded(rel, None, key, keys, False), change)
        keys = [*keys, key]
        change.write(path, set_meta(note, use_when=keys).render())
    return Outcome(KeyAdded(rel, None, key, keys, True), change)


def _has(keys: list[str], key: str) -> bool:
    return key.casefold() in {k.casefold() for k in keys}


def situation(lesson: str, notes: list[str]) -> str | None:
    """A use-when key for a lesson, in the words of a moment it slipped: the slip's note that
    says most (the first on a tie) of those sharing a word with the lesson, and of its words
    those the lesson uses too when they are SHARED_ENOUGH or more (what to do, to what, for
    whom: not how it went wrong), else all of them. The small words ("again", "the") are never
    a key's. No note shares a word: the lesson's own words. None when there are none."""
    from ..words import STOPWORDS, stem, words

    def content(text: str) -> list[str]:
        return list(dict.fromkeys(w for w in words(text) if w not in STOPWORDS and len(w) > 1))

    own = {stem(w) for w in content(lesson)}
    chosen = content(lesson)
    said: list[str] = []
    for note in notes:
        words_of = content(note)
        if len(words_of) > len(said) and any(stem(w) in own for w in words_of):
            said = words_of
    if said:
        shared = [w for w in said if stem(w) in own]
        chosen = shared if len(shared) >= SHARED_ENOUGH else said
    return " ".join(chosen[:SITUATION_WORDS]) or None
