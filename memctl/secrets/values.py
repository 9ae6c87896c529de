"""The values in a span of text after a word that names a secret (near.py reads them), and the
key among them: a value of a key's shape (shape.keyish: hex, a generated run, either after a
short prefix such as `0x`, `pul-`, `key_`, `v1.0-`), or a UUID when the word names a key, a
token or a secret itself ("the api key is 123e4567-…"), not a session or a signature.

What the words right around it say the value is wins over its shape: a value right after a
word that names something public is that thing ("the key for wallet 0x3221…", "the token of
order 123e4567-…", "api key used for block 4c08…"), and so is a value after a key's name that
names something of the key's that is public ("the signing key id is …", "the key's address:
0x…", "my public key is 0x04…").
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from .shape import keyish, rx, uuid, wide

# A value: no spaces, quotes or brackets, and no CJK, Hangul or full-width character (in
# "WiFi密码是woaibeijing520，别告诉别人" the password is the ASCII run). The regex holds only
# characters below U+0100 (a class with wide ranges takes milliseconds to compile); tokens()
# cuts its runs at the wide ones.
TOKEN = r"[^\s,;()\[\]<>\"'«»`]+"
_WIDE_CUTS = "“”"

# The fields whose value is an entry's id, and an id's shape (memctl.entry.new_id: a letter,
# then letters and digits without look-alikes).
_ID_FIELD = r"(?<![\w-])(?:supersedes|superseded_by|may_replace|follows|moved_from):$"
_ID = r"[a-km-np-z][a-km-np-z2-9]{3,7}"


def tokens(text: str, span: tuple[int, int]) -> Iterator[tuple[int, str]]:
    """The values in the span, each with where it starts: the runs of TOKEN, cut at a curly
    quote and at a CJK, Hangul or full-width character. A value that starts in the span is
    read whole ("The OpenWeather key we're using is 3f9a…": the key, not its first half)."""
    for m in rx(TOKEN).finditer(text, span[0]):
        if m.start() >= span[1]:
            break
        token, start = m.group(), m.start()
        if rx(_ID_FIELD).search(text, max(0, start - 16), start) and rx(_ID).fullmatch(token):
            continue  # an entry's id after a field that names one ("superseded_by:v847")
        if token.isascii():
            yield start, token
            continue
        run = 0
        for i, char in enumerate(token + "“"):
            if char in _WIDE_CUTS or wide(char):
                if i > run:
                    yield start + run, token[run:i]
                run = i + 1


def first(
    text: str, span: tuple[int, int], shaped: Callable[[str], bool]
) -> tuple[int, int] | None:
    """The first value of that shape in the span."""
    for start, token in tokens(text, span):
        value = token.rstrip(".!?:)]")
        if shaped(value):
            return start, start + len(value)
    return None


# fmt: off
# Words that say what the value right after them is, when that is public: an address, a
# transaction, a block, a commit, a request, an order, a trace, a user, a tenant…
_PUBLIC_NOUNS = frozenset("""
    address addr wallet contract account acct commit sha hash tx txn transaction block id ids
    uuid guid identifier request req order trace span user customer tenant ticket issue case
    invoice device build version release tag job run event message correlation
""".split())
# fmt: on
# What of a key's is public, said right after its name: "the signing key id is …"
_KEY_PARTS = r"(?i)(?:['’]s)?[\s_-]+(?:id|ids|identifier|address|addr|name|alias|label|prefix)\b"
# The last word of a name that names a key, a token or a secret itself: a UUID after it is one
_KEY_NAMES = frozenset("key apikey token secret credential credentials bearer".split())


def first_key(text: str, name: str, at: tuple[int, int], end: int) -> tuple[int, int] | None:
    """The first value of a key's shape after the words that name a key (`name`, as written,
    at `at`) up to `end`, or None when the words right around it say it is public."""
    if rx(_KEY_PARTS).match(text, at[1]) or _word_before(text, at[0]) == "public":
        return None  # "the key id is …", "my public key is 0x04…"
    named = rx(r"[\W_]+").split(name.lower())[-1] in _KEY_NAMES
    for start, token in tokens(text, (at[1], end)):
        value = token.rstrip(".!?:)]")
        if not (keyish(value) or named and uuid(value)):
            continue
        if _word_before(text, start) in _PUBLIC_NOUNS:
            continue  # "the key for wallet 0x3221…", "the token of order 123e4567-…"
        return start, start + len(value)
    return None


def _word_before(text: str, at: int) -> str:
    """The word right before `at`, in lowercase ("" for none)."""
    words = rx(r"[^\W_]+").findall(text, max(0, at - 32), at)
    return words[-1].lower() if words else ""
