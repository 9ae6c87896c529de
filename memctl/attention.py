"""What needs a person: the few things in the knowledge base only a person can settle.

INDEX.md and `memctl ls` lead with them, and the nightly job's morning report proposes them, so
that a dashboard where most notes have gone ⚠️ stale (the flag is kept: a note not verified for
`stale_days` asks for a review) still says what to do first. In order:

1. a file memctl cannot read (`memctl doctor` says why);
2. a note in conflict (two things on file disagree); a line kept beside the rule it clashes
   with names the rule and the two commands that settle it;
3. a line the gate wrote as new that may replace an entry (it could not tell): the two
   commands that settle it (memctl.settling);
4. a note with problems `memctl doctor` lists;
5. a stale note worth a review: one read recently (recall and show, from the local usage log,
   when the caller has it), or of high priority; the most read first, then high priority, then
   the longest unverified. Other stale notes are counted, not listed.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from typing import TYPE_CHECKING, NamedTuple

from .catalog import FileFacts, is_stale
from .kinds import in_rules

if TYPE_CHECKING:
    from pathlib import Path

SHOWN = 5  # stale notes proposed for a review; the rest are counted
RECENT_DAYS = 30  # a read this recent makes a stale note worth a review


class Attention(NamedTuple):
    path: str
    why: str
    action: str  # the command or the step that settles it
    entry: str | None = None  # the id of the line it is about (a line the gate left unsettled)

    def line(self) -> str:
        return f"{self.path}: {self.why} — {self.action}"

    def to_dict(self) -> dict:
        return {"path": self.path, "why": self.why, "action": self.action, "entry": self.entry}


class Needs(NamedTuple):
    items: list[Attention]
    more_stale: int  # stale notes not listed

    def lines(self, told: tuple[str, ...] = ()) -> list[str]:
        """One line an item, and the count of the rest; `told`: the ids of lines a report
        lists already (the night's unsettled ones)."""
        items = [a for a in self.items if a.entry is None or a.entry not in told]
        more = (
            (
                f"{'and ' if items else ''}{self.more_stale} {'more ' if items else ''}stale "
                "note(s), less pressing: `memctl ls --status stale` lists them; `memctl verify "
                "NOTE` after a look"
            )
            if self.more_stale
            else ""
        )
        return [a.line() for a in items] + ([more] if more else [])

    def to_dict(self) -> dict:
        return {"items": [a.to_dict() for a in self.items], "more_stale": self.more_stale}


def needs_a_person(
    facts: list[FileFacts],
    *,
    today: dt.date,
    stale_days: int,
    reads: Counter | None = None,
    shown: int = SHOWN,
) -> Needs:
    """What needs a person in these files (catalog.scan). `reads`: how often each note was
    read lately (recent_reads); without it, only high priority makes a stale note count."""
    reads = reads or Counter()
    gone = {i for f in facts for i in f.closed_ids}
    gone |= {i for f in facts for i, until in f.closing if i and until <= today.isoformat()}
    open_ids = {i for f in facts for i in f.ids} - gone  # what holds today (entry.holds)
    after = {old: new for f in facts for new, old in f.replacing}
    where = {i: f.path for f in facts for i in f.ids}  # an id's note: its full address
    first: list[tuple[int, Attention]] = []  # (order, item): unreadable, conflict, problems
    stale: list[FileFacts] = []
    for f in sorted(facts, key=lambda f: f.path):
        if f.kind != "note":
            continue
        if f.error:
            why, action = f"unreadable ({f.error})", "fix it by hand; `memctl doctor` says how"
            first.append((0, Attention(f.path, why, action)))
            continue
        conflict = f.status == "conflict"  # a clash asks for a person until the note is verified
        settle = [line for line in f.unsettled if conflict or not line.get("clash")]
        first += [(2, _unsettled(f, line, open_ids, after, where)) for line in settle]
        if conflict and not any(line.get("clash") for line in settle):  # a clash names itself
            action = f"decide which holds, then `memctl verify {_name(f)}`"
            first.append((1, Attention(f.path, "in conflict: two things on file disagree", action)))
        elif f.problems:
            first.append((3, Attention(f.path, f"{len(f.problems)} problem(s)", "`memctl doctor`")))
        elif f.status in (None, "active", "stale") and is_stale(f, today, stale_days):
            stale.append(f)
    items = [item for _, item in sorted(first, key=lambda pair: pair[0])]
    worth = [f for f in stale if reads[f.path] or f.priority == "high"]
    worth.sort(key=lambda f: (-reads[f.path], f.priority != "high", f.last_verified or "", f.path))
    for f in worth[:shown]:
        seen = f"read {reads[f.path]} time(s) in {RECENT_DAYS} days, " if reads[f.path] else ""
        level = "high priority, " if f.priority == "high" else ""
        since = f"not verified since {f.last_verified}" if f.last_verified else "never verified"
        items.append(
            Attention(
                f.path, f"stale: {level}{seen}{since}", f"check it, then `memctl verify {_name(f)}`"
            )
        )
    return Needs(items, len(stale) - min(len(worth), shown))


def recent_reads(root: Path, *, today: dt.date) -> Counter:
    """How often each note was read (recall, show) in the last RECENT_DAYS days, from the
    local usage log (usage.py)."""
    from .usage import events

    since = (today - dt.timedelta(days=RECENT_DAYS)).isoformat()
    counted: Counter = Counter()
    for item in events(root):
        if item.get("cmd") in ("recall", "show") and item["t"][:10] >= since:
            counted.update({str(a).split("#")[0].rsplit(":", 1)[0] for a in item.get("read", [])})
    return counted


def _holding(near: str, open_ids: set[str], after: dict[str, str]) -> str:
    """The line that holds today of `near` ("^id") or of the lines written in its place since
    ("^rule" changed by the user's word: the changed rule), `near` itself when none does."""
    seen, at = set(), near[1:]
    while at not in open_ids and at in after and at not in seen:
        seen.add(at)
        at = after[at]
    return f"^{at}" if at in open_ids else near


def _unsettled(
    f: FileFacts,
    line: dict,
    open_ids: set[str],
    after: dict[str, str] | None = None,
    where: dict[str, str] | None = None,
) -> Attention:
    from .settling import address, commands, for_clash, span

    was, where = line["near"], where or {}
    if line.get("clash") and was.startswith("^"):  # a rule changed since: the clash is with it
        line = {**line, "near": _holding(was, open_ids, after or {})}
    near = line["near"]
    gone = near.startswith("^") and near[1:] not in open_ids  # closed or forgotten meanwhile
    full = address(near, where)  # named as the gate names it: note and id
    said = {"source": line["src"], "by": line["by"], "ref": line["ref"]}
    here = f"^{line['id']}" if line["id"] else f"line {line['line']}"
    if line.get("clash") and gone:
        why = f"{here} clashed with the rule {full}, which no longer holds"
        return Attention(f.path, why, f"`memctl verify {_name(f)}` once it is settled", line["id"])
    if line.get("clash"):  # the rule on the user's word, or the text beside it in its own source
        settle = for_clash(line["text"], full, **said)
        why = f"{here} clashes with the rule {full}"
        if near != was:  # the user changed the rule since: it may or may not still forbid it
            why = (
                f"{here} clashed with the rule {address(was, where)}, changed since: see if "
                f"{full} forbids it"
            )
        return Attention(
            f.path,
            why,
            f"{span(settle['supersedes'])} makes it an exception to the rule, "
            f"{span(settle['as_new'])} keeps the rule and this beside it",
            line["id"],
        )
    # Listed for a person: the line that retires the other is then the person's word (the
    # agent's own --supersedes would retire what the user said on the agent's word alone)
    settle = commands(line["text"], full, settled_by="user", **said)
    if gone:
        why = f"{here} was written beside {full}, which no longer holds"
        return Attention(f.path, why, f"{span(settle['as_new'])} takes the mark away", line["id"])
    if in_rules(full):  # the rule keeps holding, with this as an exception
        why, does = f"{here} may loosen the rule {full}", "makes it an exception to the rule"
    else:
        why, does = f"{here} may replace {full}", "if it does"
    return Attention(
        f.path,
        f"{why} (the gate could not tell)",
        f"{span(settle['supersedes'])} {does}, {span(settle['as_new'])} if both hold",
        line["id"],
    )


def _name(f: FileFacts) -> str:
    return f.path.removesuffix(".md")
