"""The trust a text's source gives it, as the write gate and recall read it: the user's words
are trusted, the agent's limited, a web page's, a file's and a tool's untrusted. Kept apart
from the injection reader, so a command that only needs a line's trust loads no pattern."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

Trust = Literal["trusted", "limited", "untrusted"]  # of a source: user, agent; web, file, tool
TRUSTS: tuple[Trust, ...] = ("untrusted", "limited", "trusted")
SOURCE_TRUST: dict[str, Trust] = {
    "user": "trusted",
    "agent": "limited",
    "web": "untrusted",
    "file": "untrusted",
    "tool": "untrusted",
}


def trust_in(fields: Mapping[str, object]) -> Trust:
    """trusted | limited | untrusted: a line's `trust:` when set, else what its `src:` implies.
    A line without `src:` was written by hand, by the agent or by an older tool: limited."""
    explicit = fields.get("trust")
    for trust in TRUSTS:
        if explicit == trust:
            return trust
    return SOURCE_TRUST.get(str(fields.get("src", "")), "limited")
