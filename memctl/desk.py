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

from typing import NamedTuple

from .budget import estimate_tokens
from .now import FOCUS, IN_PROGRESS, PRIORITIES, NowDoc, _is_header
from .rules import Rule

RULES_HEADING = "## Rules (rules/: in force in every session)"
_RULE_RANK = {"high": 2, "med": 5}
_NAMED_SHARE = 0.2  # of the budget, at most, for naming the rules left out one by one


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
    total_tokens: int  # all of NOW.md and every rule


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
    rule_tokens = [p.tokens for p in pieces if p.kind == "rule"]
    total = estimate_tokens(text) + sum(
        rule_tokens or [estimate_tokens(r.shown() + "\n") for r in rules]
    )
    if full or total + reserve <= budget:
        now_all, rules_all = _render(doc, listed, set(pieces) | fixed, pointer, pieces)
        if full or estimate_tokens(now_all + rules_all) + reserve <= budget:
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
        phrases.append(_rules_named(gone, budget))
    return phrases


def _rules_named(gone: list[Rule], budget: int) -> str:
    """The rules left out: each by id while that stays short, else by file and count."""
    by_file: dict[str, list[Rule]] = {}
    for rule in gone:
        by_file.setdefault(rule.path, []).append(rule)
    head = f"{len(gone)} rule(s)"
    each = "; ".join(
        f"{path} " + " ".join(f"^{r.id}" if r.id else f"line {r.line}" for r in found)
        for path, found in by_file.items()
    )
    if estimate_tokens(each) <= max(40, budget * _NAMED_SHARE):
        return f"{head}: {each} (memctl show ID)"
    files = [f"{path} ({len(found)})" for path, found in by_file.items()]
    shown = "; ".join(files[:20]) + (
        f"; and {len(files) - 20} more files" if len(files) > 20 else ""
    )
    return f"{head}: {shown} (memctl show FILE)"


def _notice(total: int, budget: int, left_out: list[str]) -> str:
    return (
        f"[memctl: NOW.md and the rules are ~{total:,} tokens, over the {budget:,}-token "
        f"budget; left out: {'; '.join(left_out) or 'nothing'}. See all: memctl now --full]"
    )
