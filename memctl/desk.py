"""What `memctl now` puts on the agent's desk: NOW.md and the rules, within the token budget.

Over the budget, NOW.md is cut by section and item, never from the end: what matters most stays,
what matters least goes first, and what was left out is named on one line. In order of what
stays:

| rank | what |
|---|---|
| always | the title and Updated line; every P0 row of Current Priorities |
| 1 | In Progress |
| 2 | high-priority rules |
| 3 | P1 rows |
| 4 | Today's Focus items still open |
| 5 | medium-priority rules |
| 6 | the other rows of Current Priorities |
| 7 | low-priority rules |
| 8 | the sections a person added, line by line from the top |
| 9 | Today's Focus items done (✅), the oldest first to go |

A section's heading and the lines that are not items (a table's header, a blank line) come with
its first item shown. Every rule left out is named by its id (or file and line), so the agent
can open it; past a size, by file and count.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import NamedTuple

from .budget import estimate_tokens
from .now import FOCUS, IN_PROGRESS, PRIORITIES, NowDoc, _is_header, read_now
from .rules import Rule, rules_named

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .health import Health
    from .workspace import Workspace

RULES_HEADING = "## Rules (rules/: in force in every session)"
_RULE_RANK = {"high": 2, "med": 5}


class Piece(NamedTuple):
    rank: int  # 0: always shown
    key: float  # the order within a rank (lower stays longer)
    section: int  # -1: the head; len(sections): the rules
    lines: tuple[int, ...]  # indices into the section's lines (rules: into the rule list)
    kind: str  # how it is counted when left out: "done", "open", "row", "task", "line", "rule"
    tokens: int


class Desk(NamedTuple):
    text: str  # NOW.md as shown, then the rules
    notice: str | None  # what was left out, when anything was
    left_out: list[str]
    shown_lines: int
    total_lines: int
    rules_shown: list[Rule]
    rules_left: list[Rule]
    total_tokens: int  # all of NOW.md and every rule, as shown whole


def fit(
    text: str,
    rules: list[Rule],
    *,
    budget: int,
    reserve: int = 0,
    full: bool = False,
    rules_elsewhere: str | None = None,
) -> Desk:
    """NOW.md's `text` and the `rules` within `budget` tokens, `reserve` of them kept for what
    follows (the health line). `rules_elsewhere`: the rules are already on the desk (Claude
    Code's CLAUDE.md imports them from that file): only their count is shown."""
    doc = NowDoc.parse(text)
    listed = [] if rules_elsewhere else rules
    pieces, fixed = _pieces(doc, listed)
    pointer = _pointer(rules, rules_elsewhere)
    total_lines = len(text.splitlines())
    now_all, rules_all = _render(doc, listed, set(pieces) | fixed, pointer, pieces)
    total = estimate_tokens(now_all + rules_all)  # as shown whole, counted as a cut one is
    if full or total + reserve <= budget:
        return Desk(now_all + rules_all, None, [], total_lines, total_lines, listed, [], total)
    base = estimate_tokens("".join(_render(doc, listed, fixed, pointer, pieces)))
    opened = {p.section for p in fixed}
    notice_cost = 40
    chosen: set[Piece] = set()
    for _ in range(5):  # the notice's own size is known only once the cut is
        chosen = _choose(pieces, budget - reserve - base - notice_cost, opened)
        now_part, rules_part, notice, left_out = _cut(
            doc, listed, pieces, chosen, fixed, pointer, total, budget
        )
        over = estimate_tokens(now_part + rules_part + notice) + reserve - budget
        if over <= 0:
            break
        notice_cost += over
    while over > 0 and chosen:  # still over by a rounding: the least important goes too
        chosen.discard(max(chosen, key=lambda p: (p.rank, p.key)))
        now_part, rules_part, notice, left_out = _cut(
            doc, listed, pieces, chosen, fixed, pointer, total, budget
        )
        over = estimate_tokens(now_part + rules_part + notice) + reserve - budget
    kept = sorted({i for p in chosen if p.kind == "rule" for i in p.lines})
    shown_rules = [listed[i] for i in kept]
    on_desk = set(kept)
    gone = [r for i, r in enumerate(listed) if i not in on_desk]
    return Desk(
        now_part + rules_part,
        notice,
        left_out,
        len(now_part.splitlines()),
        total_lines,
        shown_rules,
        gone,
        total,
    )


def _cut(
    doc: NowDoc,
    rules: list[Rule],
    pieces: list[Piece],
    chosen: set[Piece],
    fixed: set[Piece],
    pointer: str,
    total: int,
    budget: int,
) -> tuple[str, str, str, list[str]]:
    """NOW.md's part and the rules' part with `chosen`, the notice, and what it names."""
    left_out = _named(doc, rules, [p for p in pieces if p not in chosen], budget, pieces)
    now_part, rules_part = _render(doc, rules, chosen | fixed, pointer, pieces)
    return now_part, rules_part, _notice(total, budget, left_out), left_out


def _pointer(rules: list[Rule], elsewhere: str | None) -> str:
    if not elsewhere:
        return ""
    return f"{len(rules)} rule{'s' if len(rules) != 1 else ''} in force: in CLAUDE.md ({elsewhere})"


def _pieces(doc: NowDoc, rules: list[Rule]) -> tuple[list[Piece], set[Piece]]:
    """Every item that may be left out, and what always stays (the head, P0 rows)."""
    pieces: list[Piece] = []
    fixed = {Piece(0, 0, -1, tuple(range(len(doc.head))), "head", 0)}
    for s, (name, lines) in enumerate(doc.sections):
        known = name.lower()
        for i, line in enumerate(lines):
            cost = estimate_tokens(line + "\n")
            item = line.startswith(("- ", "* "))
            if known == FOCUS.lower() and item:
                done = line[2:].lstrip().startswith("✅")
                pieces.append(
                    Piece(9, -i, s, (i,), "done", cost)
                    if done
                    else Piece(4, i, s, (i,), "open", cost)
                )
            elif known == IN_PROGRESS.lower() and item:
                pieces.append(Piece(1, i, s, (i,), "task", cost))
            elif known == PRIORITIES.lower() and _is_row(line):
                level = line.strip().strip("|").split("|")[0].strip().upper()
                if level.startswith("P0"):
                    fixed.add(Piece(0, i, s, (i,), "row", cost))
                else:
                    pieces.append(
                        Piece(3 if level.startswith("P1") else 6, i, s, (i,), "row", cost)
                    )
            elif (
                known not in (FOCUS.lower(), IN_PROGRESS.lower(), PRIORITIES.lower())
                and line.strip()
            ):
                pieces.append(Piece(8, i, s, (i,), "line", cost))
    rules_at = len(doc.sections)
    for i, rule in enumerate(rules):
        pieces.append(
            Piece(
                _RULE_RANK.get(rule.priority or "", 7),
                i,
                rules_at,
                (i,),
                "rule",
                estimate_tokens(rule.shown() + "\n"),
            )
        )
    return pieces, fixed


def _is_row(line: str) -> bool:
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    return line.strip().startswith("|") and len(cells) >= 2 and not _is_header(cells[:3])


def _choose(pieces: list[Piece], room: int, opened: set[int]) -> set[Piece]:
    """The pieces that fit in `room`, most important first; a section's heading is paid for
    with its first piece (the sections in `opened` are shown already)."""
    chosen: set[Piece] = set()
    opened = set(opened)
    used = 0
    for piece in sorted(pieces, key=lambda p: (p.rank, p.key)):
        extra = 0 if piece.section in opened else 12  # a heading, a table header, a blank line
        if piece.rank == 0 or used + piece.tokens + extra <= room:
            chosen.add(piece)
            opened.add(piece.section)
            used += piece.tokens + extra
    return chosen


def _render(
    doc: NowDoc, rules: list[Rule], chosen: set[Piece], pointer: str, pieces: list[Piece]
) -> tuple[str, str]:
    """NOW.md's chosen lines in their own order, and the rules part. A section is shown, with
    its heading and its lines that are not items, when one of its items is (or when it has none
    to cut)."""
    picked: dict[int, set[int]] = {}
    for piece in chosen:
        picked.setdefault(piece.section, set()).update(piece.lines)
    cuttable: dict[int, set[int]] = {}
    for piece in pieces:  # every piece that may be cut (_pieces)
        cuttable.setdefault(piece.section, set()).update(piece.lines)
    out = list(doc.head)
    for s, (name, lines) in enumerate(doc.sections):
        mine, cut = picked.get(s, set()), cuttable.get(s, set())
        if cut and not mine:
            continue
        out.append(f"## {name}")
        out.extend(line for i, line in enumerate(lines) if i not in cut or i in mine)
    now_part = "\n".join(out).rstrip("\n") + "\n"
    shown = sorted(picked.get(len(doc.sections), set()))
    rules_part = ""
    if shown:
        rules_part = "\n" + "\n".join([RULES_HEADING, *(rules[i].shown() for i in shown)]) + "\n"
    if pointer:
        rules_part += f"\n{pointer}\n"
    return now_part, rules_part


def _named(
    doc: NowDoc, rules: list[Rule], left: list[Piece], budget: int, every: list[Piece]
) -> list[str]:
    """What was left out, one phrase per kind: "Today's Focus: 3 done items", the rules by id."""
    phrases = []
    for kind, where, what in (
        ("task", IN_PROGRESS, "task"),
        ("row", PRIORITIES, "row after the P0s"),
        ("open", FOCUS, "open item"),
        ("done", FOCUS, "done item"),
    ):
        n = sum(1 for p in left if p.kind == kind)
        if not n:
            continue
        of = sum(1 for p in every if p.kind == kind)
        every_one = f"all {n}" if n > 1 else "the"
        which = every_one if n == of else ("the oldest " if kind == "done" else "") + f"{n} of {of}"
        plural = what.replace("row", "rows", 1) if "row" in what else f"{what}s"
        phrases.append(f"{where}: {which} {plural if of != 1 else what}")
    for s, (name, _) in enumerate(doc.sections):
        n = sum(1 for p in left if p.kind == "line" and p.section == s)
        if n:
            phrases.append(f'"{name}": {n} line(s)')
    gone = [rules[i] for i in sorted(i for p in left if p.kind == "rule" for i in p.lines)]
    if gone:
        phrases.append(rules_named(gone, budget))
    return phrases


def _notice(total: int, budget: int, left_out: list[str]) -> str:
    return (
        f"[memctl: NOW.md and the rules are ~{total:,} tokens, over the {budget:,}-token "
        f"budget; left out: {'; '.join(left_out) or 'nothing'}. See all: memctl now --full]"
    )


# --- reading, within a budget --------------------------------------------------------------


class NowView(NamedTuple):
    text: str  # what is shown: NOW.md (cut by section over the budget), then the rules
    total_tokens: int  # what `memctl now --full` prints: all of NOW.md, every rule, health
    shown_lines: int  # of NOW.md's lines
    total_lines: int
    budget: int
    health: Health
    notice: str | None = None  # what was left out to stay within the budget
    left_out: tuple[str, ...] = ()
    rules: tuple[Rule, ...] = ()  # the rules in force
    rules_shown: int = 0
    rules_file: str | None = None  # where CLAUDE.md reads the rules from, when it does
    problem: str | None = None  # NOW.md could not be read: why (the rules and health still are)
    read: str = ""  # NOW.md as it was read (for what reads it again: `memctl now`'s labels)

    @property
    def truncated(self) -> bool:
        return self.notice is not None

    @property
    def own_at(self) -> int:
        """Where memctl's own part of `text` (its rules heading and rules, or the line naming
        where they are) starts; what comes before it is NOW.md's."""
        if self.rules_shown:
            return self.text.rfind(f"\n{RULES_HEADING}\n")
        if self.rules_file:
            return self.text.rstrip("\n").rfind("\n")
        return len(self.text)

    @property
    def tokens(self) -> int:
        """What `memctl now` prints: the text, the notice and the health line."""
        return estimate_tokens(self.text + (self.notice or "") + "\n" + self.health.line())

    def to_dict(self) -> dict:
        return {
            "now": self.text,
            "truncated": self.truncated,
            "notice": self.notice,
            "left_out": list(self.left_out),
            "tokens": self.tokens,
            "total_tokens": self.total_tokens,
            "budget_tokens": self.budget,
            "shown_lines": self.shown_lines,
            "total_lines": self.total_lines,
            "rules": [r.to_dict() for r in self.rules],
            "rules_shown": self.rules_shown,
            "rules_file": self.rules_file,
            "health": self.health.to_dict(),
            "problem": self.problem,
        }


def view_now(
    ws: Workspace, *, today: dt.date, full: bool = False, rules_file: Path | None = None
) -> NowView:
    """NOW.md and the rules in force, within `now_budget_tokens` (fit above says what stays), and
    the health line. `rules_file`: the generated file Claude Code's CLAUDE.md imports
    (claudemd.py); while it holds the current rules they are only counted here, else it is
    brought up to date and the rules are shown here too, for this session."""
    from .catalog import scan
    from .desk import fit
    from .errors import MemctlError
    from .health import workspace_health
    from .rules import read_rules

    try:
        text, problem = read_now(ws), None
    except MemctlError as exc:  # missing, a folder, not UTF-8: the rules still reach the agent
        text, problem = "", str(exc)
    facts = scan(ws)
    health = workspace_health(ws, today=today, facts=facts)
    rules = read_rules(ws, facts, today=today)
    elsewhere = None
    if rules_file is not None:
        from .claudemd import note_rules_file, refresh_rules_file

        note_rules_file(ws, rules_file)
        if refresh_rules_file(rules_file, rules, budget=ws.config.now_budget_tokens):
            elsewhere = str(rules_file)
    budget = ws.config.now_budget_tokens
    reserve = estimate_tokens(health.line()) + 1
    desk = fit(text, rules, budget=budget, reserve=reserve, full=full, rules_elsewhere=elsewhere)
    # counted as `tokens` is: all of it printed, the health line too
    if desk.notice is None:
        total = estimate_tokens(f"{desk.text}\n{health.line()}")
    else:
        total = desk.total_tokens + estimate_tokens(f"\n{health.line()}")
    return NowView(
        desk.text,
        total,
        desk.shown_lines,
        desk.total_lines,
        budget,
        health,
        desk.notice,
        tuple(desk.left_out),
        tuple(rules),
        len(desk.rules_shown),
        elsewhere,
        problem,
        text,
    )
