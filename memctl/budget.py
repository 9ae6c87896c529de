"""What a text costs on the agent's desk, in tokens (the unit of `now_budget_tokens` and of
recall's budget), and a text cut to fit a width. An estimate, not a tokenizer: it has to be free
to compute on every turn."""

import re

_UNBROKEN = re.compile(r"https?://\S+|`[^`\n]{1,200}`")  # a link, or a command in backticks


def estimate_tokens(text: str) -> int:
    """About 4 characters a token for Latin text, one a character for CJK and emoji."""
    if text.isascii():  # the usual case, at C speed
        return (len(text) + 3) // 4
    wide = sum(1 for ch in text if ord(ch) >= 0x2E80)
    return (len(text) - wide + 3) // 4 + wide


def shorten(text: str, width: int) -> str:
    """The text on one line, cut at a word near `width`, never inside a link or a `command`."""
    flat = " ".join(text.split())
    if len(flat) <= width:
        return flat
    cut = flat.rfind(" ", 0, width)
    cut = cut if cut > width // 2 else width
    for m in _UNBROKEN.finditer(flat):
        if m.start() < cut < m.end():
            cut = m.end()
    return flat[:cut].rstrip(" ,;:—-") + "…"
