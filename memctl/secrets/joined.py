"""A provider's token split in two, read joined.

A transcript wraps a long line, an editor breaks it, a command joins an entry's lines with a
space, Markdown quotes or indents it, code concatenates it:
"ghp_R8xK2mQ9vL4nP7wZ⏎3yT6bH1cF5dJ0sA2eG9u" is one GitHub token, though neither half is one.
A token whose prefix is a provider's (ghp_, glpat-, xoxb-, sk-, AKIA…) and whose first part
is too short to be the token is read joined to the run that follows a gap (below), when that
run is of the token's alphabet and the two together reach the token's length: exactly, for a
token of a fixed length (a GitHub token's 36 characters, an AWS access key's 16, a GitLab
token's 20, an OpenAI key's 48), or within the lengths the provider gives its longer ones (a
Slack token, an OpenAI project key, an Anthropic key). The scanner checks the joined reading
with every pattern it has (memctl.secrets.scan), so a join that reaches the length but has no
token's shape ("sk-" and words of prose) is no secret. Prose pays one substring test per prefix.

A gap is what a person reading the text skips between the halves: a run of blanks (spaces or
tabs); a line break, a backslash before it (a shell's continuation), and on the next line an
indentation and Markdown's quote or table marks (`> `, `| `); a `+`, `|` or `>` between blanks
(a concatenation, a table's cells); and quotes closing the first half and opening the second
(`"ghp_…" + "3yT…"`). Search's excerpts read every run of whitespace as one space, so what they
show redacted is found here too, in the text as written.
"""

from __future__ import annotations

from .hidden import Seen, edited
from .pieces import GAP, GAP_STARTS, in_pieces, spelled, without_gaps
from .shape import rx

__all__ = ["GAP", "GAP_STARTS", "split_tokens", "whole_token"]

_GAP = f"(?P<gap>{GAP})"

_AWS = ("AKIA", "ASIA", "ABIA", "ACCA", "AGPA", "AIDA", "AROA", "AIPA", "ANPA", "ANVA", "APKA")
_GITLAB = ("glpat-", "gldt-", "glrt-", "glptt-", "glsoat-", "glcbt-")
_LONG_SK = ("sk-ant-", "sk-proj-", "sk-svcacct-", "sk-admin-")
# prefix, the token's alphabet, its body's lengths (after the prefix), triggers (lowercase),
# the prefixes as written (read spelled out too: "g h p _")
_FAMILIES: tuple[tuple[str, str, int, int, tuple[str, ...], tuple[str, ...]], ...] = (
    (r"gh[pousr]_", "A-Za-z0-9", 36, 36, *2 * (("ghp_", "gho_", "ghu_", "ghs_", "ghr_"),)),
    (r"github_pat_", "A-Za-z0-9_", 82, 82, ("github_pat_",), ("github_pat_",)),
    (r"gl(?:pat|dt|rt|ptt|soat|cbt)-", "A-Za-z0-9_-", 20, 20, _GITLAB, _GITLAB),
    (
        r"(?:xox[abposre]|xapp)-",
        "A-Za-z0-9-",
        40,
        160,
        ("xox", "xapp-"),
        (*(f"xox{kind}-" for kind in "abposre"), "xapp-"),
    ),
    (
        r"(?<![a-z])sk-(?:ant-|proj-|svcacct-|admin-)",
        "A-Za-z0-9_-",
        80,
        240,
        ("sk-",),
        _LONG_SK,
    ),
    (r"(?<![a-z])sk-(?!ant-|proj-|svcacct-|admin-)", "A-Za-z0-9", 48, 48, ("sk-",), ("sk-",)),
    (r"(?:" + "|".join(_AWS) + ")", "0-9A-Z", 16, 16, tuple(p.lower() for p in _AWS), _AWS),
)

_BYTES = {family[4]: tuple(trigger.encode() for trigger in family[4]) for family in _FAMILIES}


def _pattern(prefix: str, alphabet: str, longest: int) -> str:
    # Each run is bounded by the token's length, so a run of prefixes ("glpat-glpat-…") costs
    # each start a bounded read, and the whole text a time growing with its length.
    return (
        rf"{prefix}(?P<a>[{alphabet}]{{0,{longest - 1}}})(?![{alphabet}]){_GAP}"
        rf"(?P<b>[{alphabet}]{{1,{longest}}})(?![{alphabet}])"
    )


def split_tokens(text: str) -> list[tuple[int, Seen]]:
    """Each token of a provider split by a gap, or cut by gaps into more pieces (a space after
    every character, groups of four: memctl.secrets.pieces): where it starts, and its reading
    without the gaps (positions mapped back to the text)."""
    lowered = ""
    squeezed = b""
    found: list[tuple[int, Seen]] = []
    for prefix, alphabet, shortest, longest, triggers, written in _FAMILIES:
        if not lowered:
            lowered = text.lower()
            squeezed = without_gaps(lowered)
        for trigger in _BYTES[triggers]:
            if trigger in squeezed:
                found += in_pieces(text, spelled(written), alphabet, shortest, longest)
                break
        if not any(trigger in lowered for trigger in triggers):
            continue
        for m in rx(_pattern(prefix, alphabet, longest)).finditer(text):
            first, rest = len(m["a"]), len(m["b"])
            if first >= shortest or not shortest <= first + rest <= longest:
                continue  # whole on its first line, or no token's length joined
            start = m.start()
            gap = m.start("gap") - start, m.end("gap") - start
            read = edited(text[start : m.end()], [(*gap, "")])
            if read is not None:
                found.append((start, read))
    return found


def whole_token(text: str) -> bool:
    """Is `text` a token of a provider's that this module reads split: its prefix, then a
    body of the token's alphabet and length?"""
    for prefix, alphabet, shortest, longest, *_ in _FAMILIES:
        if rx(rf"{prefix}[{alphabet}]{{{shortest},{longest}}}").fullmatch(text):
            return True
    return False
