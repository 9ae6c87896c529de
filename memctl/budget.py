"""What a text costs on the agent's desk, in tokens: the unit of `now_budget_tokens` and of
recall's budget. An estimate, not a tokenizer: it has to be free to compute on every turn."""


def estimate_tokens(text: str) -> int:
    """About 4 characters a token for Latin text, one a character for CJK and emoji."""
    if text.isascii():  # the usual case, at C speed
        return (len(text) + 3) // 4
    wide = sum(1 for ch in text if ord(ch) >= 0x2E80)
    return (len(text) - wide + 3) // 4 + wide
