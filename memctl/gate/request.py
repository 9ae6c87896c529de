"""What a caller asks of the gate (a Request: a memory on its way in, with where it came from)
and what the gate answers (Remembered: the label, and what was written, closed or verified).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypedDict

from ..errors import ExitCode
from ..longterm import EntryRef
from .decide import Decision
from .labeler import Label, Trust

REFUSED_LABELS = ("clash", "injection")  # written, but not as a fact: exit code 3


class Said(TypedDict, total=False):
    """What a caller says of a memory besides its text and source (`memctl remember`'s options)."""

    by: str | None
    ref: str | None
    topic: str | None
    when: str | None
    expires: str | None
    from_date: str | None
    kind: str | None
    priority: str | None
    reason: str | None
    supersedes: str | None
    as_new: bool
    extra: tuple[tuple[str, str], ...]  # more fields for a new entry (the nightly job's)


class Given(Said, total=False):
    """All a caller says of a memory besides its text: its source too."""

    source: str


@dataclass(frozen=True)
class Request:
    """A memory on its way in, checked: its text and everything said about where it came from."""

    text: str
    source: str
    trust: Trust
    by: str | None = None
    ref: str | None = None
    topic: str | None = None
    when: str | None = None
    expires: str | None = None
    from_date: str | None = None
    kind: str | None = None
    priority: str | None = None
    reason: str | None = None
    supersedes: str | None = None
    as_new: bool = False
    trust_note: str | None = None
    extra: tuple[tuple[str, str], ...] = ()  # more fields for a new entry (first:, follows:…)
    context: str | None = None  # what the text was said under (a log entry's title): routing

    def provenance(self) -> dict:
        return {
            "source": self.source,
            "by": self.by,
            "ref": self.ref,
            "trust": self.trust,
            "trust_note": self.trust_note,
        }


@dataclass(frozen=True)
class Remembered:
    label: Label
    reason: str
    decision: Decision
    request: Request
    note: str  # where the memory went (or would go)
    written: EntryRef | None = None
    closed: EntryRef | None = None
    verified: EntryRef | None = None
    kept: EntryRef | None = None  # an injection its source said before: that quote, unchanged
    override: str | None = None
    explain: bool = False
    preview: str | None = None  # --explain: the line it would write
    notices: tuple[str, ...] = field(default_factory=tuple)
    created: bool = False  # the note it went to was created for it (or would be)
    held: str | None = None  # why a caller's review held it back: nothing was written
    unsure: dict | None = None  # the entry it may replace and the commands that decide

    @property
    def exit_code(self) -> int:
        refused = self.label in REFUSED_LABELS and not self.explain
        return int(ExitCode.REFUSED if refused else ExitCode.OK)

    def to_dict(self) -> dict:
        return {
            **self.decision.to_dict(),
            "label": self.label,
            "reason": self.reason,
            "override": self.override,
            "explain": self.explain,
            "exit_code": self.exit_code,
            **self.request.provenance(),
            "note": self.note,
            "preview": self.preview,
            "written": self.written.to_dict() if self.written else None,
            "closed": self.closed.to_dict() if self.closed else None,
            "verified": self.verified.to_dict() if self.verified else None,
            "kept": self.kept.to_dict() if self.kept else None,
            "notices": list(self.notices),
            "unsure": self.unsure,
        }
