"""What one `memctl consolidate` run did: a Step for each item of the log (what it became, and
why), and the Consolidation of the day (what `--json` prints and runs.py records for `--undo`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .markers import Item

MAY_HAVE_FINISHED = "may have finished: "  # a DONE's `now` when it named no task whole


@dataclass(frozen=True)
class Step:
    """What one item became, and why."""

    item: Item
    action: str  # promoted | planned (dry run) | held (for a person) | now | skipped | refused
    reason: str
    label: str | None = None  # the write gate's label: what was written
    note: str | None = None  # where it went (or would go)
    written: str | None = None  # addresses of the entries written, closed, re-verified
    closed: str | None = None
    verified: str | None = None
    preview: str | None = None  # --dry-run: the line it would write
    first: str | None = None
    timeline: str | None = None
    now: str | None = None  # what happened in NOW.md
    undo: dict = field(default_factory=dict, compare=False)  # what `--undo` needs
    unsure: dict | None = None  # written as new, may replace an entry: it and the commands
    read_as: str | None = None  # the gate's reading, when the night wrote it otherwise (beside)

    def to_dict(self) -> dict:
        return {
            "line": self.item.line,
            "kind": self.item.kind,
            "text": self.item.text,
            "how": self.item.how,
            "source": self.item.source,
            "action": self.action,
            "reason": self.reason,
            "label": self.label,
            "note": self.note,
            "written": self.written,
            "closed": self.closed,
            "verified": self.verified,
            "preview": self.preview,
            "first": self.first,
            "timeline": self.timeline,
            "now": self.now,
            "unsure": self.unsure,
            "read_as": self.read_as,
        }

    def record(self) -> dict:
        return {
            **{k: v for k, v in self.to_dict().items() if v is not None and k != "preview"},
            "undo": self.undo,
        }


def settling(count: int) -> str:
    """The summary's count of what is to settle, named only when there is some."""
    return f"{count} to settle, " if count else ""


@dataclass(frozen=True)
class Consolidation:
    day: str
    log: str
    steps: tuple[Step, ...] = ()
    after: int = 0  # the lines an earlier run read
    through: int = 0  # the log's last line this run read
    read: tuple[str, ...] = ()  # runs.line_key of each line it read that no run had
    dry_run: bool = False
    already: bool = False  # nothing new since the last run: nothing done
    untrusted: str | None = None  # why nothing in this log may be promoted
    llm: str | None = None  # the LLM path: None (not asked), "used", or why it was not
    run: str | None = None

    def count(self, *labels: str) -> int:
        return sum(1 for s in self.steps if s.label in labels)

    @property
    def conflicts(self) -> list[Step]:
        return [
            s
            for s in self.steps
            if s.label in ("clash", "injection")
            or s.action in ("held", "refused")
            or s.action == "skipped"
            and "untrusted" in s.reason
        ]

    @property
    def to_settle(self) -> list[Step]:
        """Written as new beside an entry it may replace: the morning's "To settle" (a clash
        with a rule is a question for a person: under "Needs a person", with its commands)."""
        return [s for s in self.steps if s.written and s.unsure and s.label != "clash"]

    def summary(self) -> str:
        if self.already:
            return f"{self.log}: already consolidated (through line {self.through})"
        kept = self.count("new", "update", "correction")
        closed = sum(1 for s in self.steps if s.closed or s.now and s.now.startswith("leaves"))
        return (
            f"{self.log}: {len(self.steps)} item(s), {kept} promoted, "
            f"{self.count('repeat')} repeat(s), {closed} closed, "
            f"{settling(len(self.to_settle))}{len(self.conflicts)} for a person"
        )

    def to_dict(self) -> dict:
        return {
            "day": self.day,
            "log": self.log,
            "dry_run": self.dry_run,
            "already": self.already,
            "after": self.after,
            "through": self.through,
            "untrusted": self.untrusted,
            "llm": self.llm,
            "run": self.run,
            "summary": self.summary(),
            "steps": [s.to_dict() for s in self.steps],
        }
