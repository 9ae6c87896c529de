"""The words memctl writes as structure, which a purge never takes.

Every entry memctl writes says who said it (`src:user`), when (`added:`), its priority and kind
(`[🟡MED][RULE]`); NOW.md has its headings, a note its frontmatter keys and its folder. A purge
of such a word (`forget --purge --match user`) would make every `src:user` `src:[purged]`, and
from then on the write layer would refuse `--source user` and every text holding the word. So
a text to purge that is such a word, part of one, or made only of such words (`src:user`,
"In Progress") is refused before anything is registered; a longer text that holds one as part
of a real name ("Agent Smith", "Anna Tooley") is purged. And where a purge finds its text, the
part of an entry line that is memctl's own (its priority and kind, its field names, the values
of the fields memctl sets, the separator and the block id) is left as it is (marks.py).
"""

from __future__ import annotations

import re

from ..entry import KNOWN_FIELDS, PRIORITY_WORD
from ..errors import Refused
from ..kinds import DAILY_DIR, GRAPH_DIR, REPORTS_DIR, RULES_DIR

SOURCES = ("user", "agent", "web", "file", "tool")  # longterm.SOURCES
# The fields whose values memctl sets itself (a date, an id, a source, a trust); the others
# (`why:`, `by:`, `ref:`, `when:`, …) hold what was said, which a purge takes.
OWN_VALUES = frozenset(
    {"added", "expires", "until", "src", "trust", "verified", "seen", "archived", "first"}
    | {"supersedes", "superseded_by", "moved_from", "session", "guard"}
)
_WORDS = (
    *KNOWN_FIELDS,
    *SOURCES,
    *PRIORITY_WORD.values(),
    DAILY_DIR,
    GRAPH_DIR,
    REPORTS_DIR,
    RULES_DIR,
    # field names, of entries and of a note's frontmatter; the values memctl writes; kinds;
    # priorities; folders it makes
    *"""check guard moved_from session title date category priority status last_verified tags
    description key use_when trusted limited untrusted active superseded archived stale watch
    enforce fact rule decision lesson todo done blocked quote conflict chat context preference
    high med medium low important reference core .archive inbox general lessons people
    semantic episodic tools projects""".split(),
    # NOW.md, INDEX.md, `memctl now`, the marks a purge and a redaction leave
    *"""today's focus|in progress|current priorities|task|updated|workspace|rules|health|notes
    |unreadable|expiring|last log|in force|every session|now.md|index.md|purged|redacted
    |memctl""".replace("\n    ", "").split("|"),
)
_WORD = re.compile(r"[^\W_]+")


def vocabulary(categories: tuple[str, ...] = ()) -> frozenset[str]:
    """memctl's own words, folded, with the workspace's categories."""
    return frozenset(w.casefold() for w in (*_WORDS, *categories))


def refuse_structure(text: str, categories: tuple[str, ...] = ()) -> None:
    """Refused (exit 3): a text to purge that is a word memctl writes as structure, part of
    one, or made only of such words."""
    own = vocabulary(categories)
    folded = text.casefold()
    words = _WORD.findall(folded)
    hit = next((w for w in sorted(own) if folded in w), None)
    if hit is None and words and all(w in own or w in _PARTS for w in words):
        hit = words[0]
    if hit is not None:
        raise Refused(
            f"the text to purge is part of memctl's own structure ({hit!r}, a word it writes "
            "in entries, headings or folder names); purging it would rewrite every entry "
            "holding it and refuse the word from then on: purge the text around it (a name, "
            "a sentence)"
        )


_PARTS = frozenset(p for w in _WORDS for p in _WORD.findall(w.casefold()))
