"""The values in a span of text after a word that names a secret (near.py reads them)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from .shape import rx, wide

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
