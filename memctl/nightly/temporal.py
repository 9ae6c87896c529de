"""When a topic first came up, and what an item follows: the nightly job's time annotations.

For each item of a day's log, memctl's search (search.rank over the index, nothing scanned
anew) looks for what was said about the same thing before that day: in earlier logs, notes and
entries, closed and archived ones included. A hit counts when one of its lines is about the same
thing (the write gate's similarity of subjects, at least FOLLOWS, and two content words in
common). The earliest such line's day
is when the topic first appeared; the latest is what the item follows:

    first:2026-10-28 follows:daily/2026-10-28.md:11
    timeline:"follows DECISION of 2026-10-28; 7 days since first discussed"
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from ..dates import fmt_date, try_date
from ..errors import ParseError, PathRefused
from ..workspace import Workspace

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..search.index import SearchIndex
    from ..search.rank import Hit

FOLLOWS = 0.55  # a line at least this similar (gatetext.similarity) is about the same thing
SHARED = 2  # …and shares at least this many content words with it
HITS = 8  # search results read for each item
CANDIDATES = 60  # …ranked out of this many (as recall does: a few good ones, not a long list)


@dataclass(frozen=True)
class Timeline:
    day: str  # the day of the item
    first: str  # when the topic first appeared (the day itself when it is new)
    follows: str | None = None  # the address of the latest earlier line about it
    follows_kind: str | None = None  # its marker or entry kind, if it has one
    follows_day: str | None = None

    @property
    def days_since_first(self) -> int:
        return (dt.date.fromisoformat(self.day) - dt.date.fromisoformat(self.first)).days

    def annotation(self) -> str | None:
        if not self.follows:
            return None
        what = self.follows_kind or "an earlier mention"
        days = self.days_since_first
        since = f"{days} day{'s' if days != 1 else ''} since first discussed"
        return f"follows {what} of {self.follows_day}; {since}"

    def fields(self) -> tuple[tuple[str, str], ...]:
        """The fields a promoted entry carries: first:, and follows: with its timeline:."""
        pairs = [("first", self.first)]
        timeline = self.annotation()  # there is one when it follows something
        if self.follows and timeline:
            pairs += [("follows", self.follows), ("timeline", timeline)]
        return tuple(pairs)

    def to_dict(self) -> dict:
        return {
            "first": self.first,
            "follows": self.follows,
            "follows_kind": self.follows_kind,
            "follows_day": self.follows_day,
            "annotation": self.annotation(),
        }


@dataclass
class Looker:
    """The search index for one day's run (opened when first asked), and the files it read."""

    ws: Workspace
    day: dt.date
    index: SearchIndex | None = None
    _lines: dict[str, list[str]] = field(default_factory=dict)

    def __enter__(self) -> Looker:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.index is not None:
            self.index.close()

    def timeline(self, text: str) -> Timeline:
        from ..gate.reading import analyze, similarity
        from ..search.rank import Filters, rank

        if self.index is None:  # opened (and brought up to date) once, when first needed
            from ..search.index import open_index

            self.index = open_index(self.ws)
        day = fmt_date(self.day)
        before = Filters(until=self.day - dt.timedelta(days=1), closed=True, archive=True)
        hits = rank(
            self.index, text, limit=HITS, filters=before, today=self.day, candidates=CANDIDATES
        )
        about = analyze(text)
        related: list[tuple[str, float, str, str | None]] = []  # day, score, address, kind
        for hit in hits:
            when = try_date(hit.date)
            if hit.kind == "note" or when is None or when >= self.day:
                continue  # a note's frontmatter names a subject, not something said about it
            for number, line, kind in self._lines_of(hit):
                other = analyze(line)
                if len(about.words & other.words) < SHARED:
                    continue
                score = similarity(about, other)
                if score >= FOLLOWS:
                    where = f"{hit.path}#^{hit.id}" if hit.id else f"{hit.path}:{number}"
                    related.append((fmt_date(when), score, where, kind))
        if not related:
            return Timeline(day, day)
        first = min(r[0] for r in related)
        latest = max(related, key=lambda r: (r[0], r[1]))
        return Timeline(day, first, latest[2], latest[3], latest[0])

    def _lines_of(self, hit: Hit) -> list[tuple[int, str, str | None]]:
        """The lines a hit stands for, with their kind: each line of a log entry, or the entry."""
        from ..entry import parse_entry
        from .markers import MARKERS, log_lines, read_items

        lines = self._read(hit.path)
        if hit.kind != "log":
            raw = lines[hit.line - 1] if 0 < hit.line <= len(lines) else ""
            entry = parse_entry(raw) if hit.kind == "entry" else None
            return [(hit.line, hit.text, entry.kind if entry else None)]
        from ..daily import parse_log

        inner = hit.path.removeprefix(".archive/")
        text = "\n".join(lines)
        for log in parse_log(inner, text):
            if log.line == hit.line:
                items = {
                    i.line: i
                    for i in read_items(inner, text, after=log.line - 1)
                    if i.entry == log.line and i.kind in MARKERS
                }
                return [
                    (n, items[n].text, items[n].kind) if n in items else (n, line, None)
                    for n, line in log_lines(log, lines)
                ]
        return []

    def _read(self, rel: str) -> list[str]:
        if rel not in self._lines:
            try:
                self._lines[rel] = self.ws.read_text(self.ws.root / rel).splitlines()
            except (OSError, ParseError, PathRefused):
                self._lines[rel] = []
        return self._lines[rel]
