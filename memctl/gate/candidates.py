"""What the write gate reads a new memory against: the open entries it scores (candidates),
the rules, the notes a memory may belong in, and the trust each entry carries.

decide.py surveys the workspace with these and gives the label; meaning.py adds the entries
closest in meaning when the semantic path is installed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..entry import Entry, unquoted
from ..kinds import in_rules
from ..language.trust import SOURCE_TRUST, trust_in  # noqa: F401  (re-exported)
from ..note import parse_note
from ..search.units import note_keys
from ..words import fold
from .labeler import Trust
from .reading import Analysis, analyze, similarity

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path

    from ..note import Note

RULES_DIR = "rules"


def trust_of(entry: Entry) -> Trust:
    """trusted | limited | untrusted: `trust:` when set, else what its `src:` implies.

    A line without `src:` was written by hand or by an older tool: limited.
    """
    return trust_in(entry.fields)


def may_promote(entry: Entry) -> bool:
    """May a nightly job lift this entry into a rule or a higher place? Never an untrusted one."""
    return trust_of(entry) != "untrusted" and entry.kind not in ("QUOTE", "CONFLICT")


def is_rule_note(rel: str) -> bool:
    return in_rules(rel)  # RULES/ and Rules/ too: one folder where case is ignored


@dataclass(frozen=True)
class Candidate:
    """An open entry the gate read, with its similarity to the new text."""

    path: str
    entry: Entry
    score: float
    rule: bool
    trust: Trust
    info: Analysis = field(compare=False, repr=False)
    meaning: float | None = None  # closeness in meaning, when the semantic path is installed
    across: float | None = None  # closeness across languages (search.across): a text in another

    @property
    def address(self) -> str:
        return (
            f"{self.path}#^{self.entry.id}" if self.entry.id else f"{self.path}:{self.entry.line}"
        )

    def to_dict(self) -> dict:
        return {
            "address": self.address,
            "id": self.entry.id,
            "text": self.entry.text,
            "score": self.score,
            "rule": self.rule,
            "trust": self.trust,
            "meaning": self.meaning,
            "across": self.across,
        }


@dataclass(frozen=True)
class NoteMatch:
    path: str
    score: float
    status: str | None


@dataclass
class Survey:
    """What the gate read: every open entry it scored, the rules, and how well each note fits."""

    entries: list[Candidate] = field(default_factory=list)
    rules: list[Candidate] = field(default_factory=list)
    notes: list[NoteMatch] = field(default_factory=list)

    def find(self, key: str | None) -> Candidate | None:
        for c in (*self.entries, *self.rules):
            if key is not None and key in (c.address, c.entry.id, f"^{c.entry.id}"):
                return c
        return None


def candidate(path: str, entry: Entry, text: str) -> Candidate:
    """An entry named by the caller (--supersedes), scored against the new text."""
    return scored(path, entry, analyze(text), analyze(unquoted(entry.text)))


def scored(
    path: str, entry: Entry, new: Analysis, info: Analysis, meaning: float | None = None
) -> Candidate:
    """An open entry (`info`, its reading) scored against a new text: a rule when it stands in
    rules/ or is a RULE, unless a quote or a conflict."""
    rule = (is_rule_note(path) or entry.kind == "RULE") and entry.kind not in ("QUOTE", "CONFLICT")
    return Candidate(path, entry, similarity(new, info), rule, trust_of(entry), info, meaning)


def _meta_text(note: Note, rel: str) -> str:
    meta = note.meta
    parts = [
        str(meta.get("title") or ""),
        rel.rsplit("/", 1)[-1].removesuffix(".md").replace("-", " ").replace("_", " ").title(),
    ]
    tags = meta.get("tags")
    parts += [str(t) for t in tags] if isinstance(tags, list) else []
    parts += note_keys(meta.get("use_when"))
    parts.append(str(meta.get("description") or ""))
    return " . ".join(p for p in parts if p)


@dataclass
class _Read:
    """A note as survey reads it: the text folded, its open entries (each with its folded
    text and, once scored, its analysis), and the text of its frontmatter."""

    raw: str
    folded: str
    entries: list[list]  # [entry, folded text, Analysis | None]
    meta: str
    _about: Analysis | None = None

    def about(self) -> Analysis:
        self._about = self._about or analyze(self.meta)
        return self._about


_READS: dict[str, _Read] = {}  # path → the last reading: kept while the file's text is the same


def _read(path: Path, rel: str) -> _Read | None:
    """The note at `path`, parsed again only when its text changed since the last survey in
    this process: the nightly job surveys the workspace once for every item of a day. Its
    entries are shared between surveys: a caller changes a copy (with_fields, replace)."""
    try:
        raw = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    known = _READS.get(str(path))
    if known is not None and known.raw == raw:
        return known
    note = parse_note(raw, path=path, display=rel)
    entries = [[e, fold(e.text), None] for e in note.entries() if not e.closed and e.text.strip()]
    read = _Read(raw, fold(raw), entries, _meta_text(note, rel))
    _READS[str(path)] = read
    return read
