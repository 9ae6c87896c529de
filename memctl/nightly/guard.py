"""`memctl guard`: checks in code before an action, the place a lesson binds hardest.

A rule in rules/ may carry a machine-checkable pattern: `check:"REGEX"` on its entry line (a
Python regular expression, matched case-insensitively anywhere in the action's text, of a long
action its start and its end: READ) and its mode, `guard:watch` or `guard:enforce` (no mode:
watch).

    - [🔴HIGH][RULE] src:user check:"\\bWebSearch\\b" guard:watch · Look in the notes first ^w3bk

`memctl guard ACTION_TEXT` matches every check against the action. A check in watch mode blocks
nothing: it logs what it would have blocked to `.memctl/guard.jsonl` (local, never committed;
the morning report sums it up) and guard exits 0. A check in enforce mode blocks: guard exits 3
with the rule's text on stderr, and with `--hook claude-code` it answers Claude Code's
PreToolUse hook with a `deny` decision, which the harness obeys. A new check always starts in
watch mode (the nightly job's `memctl lessons --apply ID --check REGEX` adds one); only the
user switches it to enforce, or back (`memctl guard enforce ID --source user`, `memctl guard
watch ID --source user`).

guard runs before every tool call, so it reads only rules/ and imports neither the gate nor
the search index; a check's search is stopped past CHECK_S (bounded.py) and blocks nothing.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import sys
import time
from dataclasses import dataclass, field

from ..controls import unshowable
from ..entry import Entry, holds, parse_entry
from ..errors import InvalidValue, NotFound, ParseError, PathRefused
from ..jsonlines import append_local, read_records
from ..kinds import in_rules
from ..textstyle import without_bom
from ..workspace import MARKER, Outcome, Workspace
from .bounded import TooSlow, search
from .runaway import CUBE, degree, plain, runs_away

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..change import Change
    from ..entry import Entry
    from ..integrations.hookinput import HookInput
    from ..longterm import EntryRef

RULES_DIR = "rules"  # gate.RULES_DIR (a test keeps them equal; the gate is too heavy to import)
LOG = f"{MARKER}/guard.jsonl"
MODES = ("watch", "enforce")
SHOWN_MATCH = 120  # the matched text kept in the log, never the whole action
READ = 4096  # the characters of an action a check reads: its start and its end, half each
READ_CUBE = 512  # what a check reads whose time grows with the cube of that (runaway.degree)
CHECK_S = 1.0  # a check's search is stopped past this (bounded): the action goes on
CHECKS_S = 3.0  # all of an action's checks together; those left unrun are stopped ones too


@dataclass(frozen=True)
class Check:
    path: str
    line: int
    id: str | None
    pattern: str
    mode: str  # watch | enforce
    text: str  # the rule's text
    problem: str | None = None  # the pattern is not a valid regular expression
    span: tuple[tuple[str, str], ...] = ()  # its until: and from:, read against the day

    def holds(self, today: dt.date) -> bool:
        """Does its rule bind on `today` (entry.holds): not closed by then, not starting
        later? Kept as fields: a server keeps the checks while rules/ does not change."""
        return holds(Entry(self.text, fields=dict(self.span)), today)

    @property
    def address(self) -> str:
        return f"{self.path}#^{self.id}" if self.id else f"{self.path}:{self.line}"

    def to_dict(self) -> dict:
        return {
            "address": self.address,
            "id": self.id,
            "pattern": self.pattern,
            "mode": self.mode,
            "text": self.text,
            "problem": self.problem,
        }


@dataclass(frozen=True)
class Hit:
    check: Check
    match: str

    def to_dict(self) -> dict:
        return {**self.check.to_dict(), "match": self.match}


@dataclass(frozen=True)
class Verdict:
    tool: str | None
    chars: int  # the action's length (its text is not kept)
    hits: tuple[Hit, ...] = ()
    checks: int = 0
    slow: tuple[Check, ...] = ()  # checks stopped past their time (bounded): not applied

    @property
    def blocking(self) -> list[Hit]:
        return [h for h in self.hits if h.check.mode == "enforce"]

    @property
    def exit_code(self) -> int:
        return 3 if self.blocking else 0

    def reason(self) -> str:
        """The rule text(s) that block the action, for stderr and the hook's answer."""
        return "; ".join(
            f"blocked by memctl rule {h.check.address}: {h.check.text}" for h in self.blocking
        )

    def to_dict(self) -> dict:
        return {
            "blocked": bool(self.blocking),
            "exit_code": self.exit_code,
            "tool": self.tool,
            "checks": self.checks,
            "hits": [h.to_dict() for h in self.hits],
            "slow": [c.address for c in self.slow],
        }

    def faults(self) -> list[str]:
        """One line for each check stopped past its time: where it is, and that it blocked
        nothing (the action goes on unless another check blocks it)."""
        return [
            f'{c.path}:{c.line}: check "{c.pattern}" did not finish within {CHECK_S:g} s on a '
            f"{self.chars}-character action: stopped, it blocked nothing"
            for c in self.slow
        ]


def checks(ws: Workspace) -> list[Check]:
    """Every open rule entry in rules/ that carries a check, in file and line order (kept
    between calls, while rules/ does not change, by a server watching the workspace)."""
    watch = sys.modules.get("memctl.integrations.watch")  # imported only by a server
    if watch is not None:
        return list(watch.remembered(ws, RULES_DIR, "guard.checks", lambda: _read_checks(ws)))
    return _read_checks(ws)


def _read_checks(ws: Workspace) -> list[Check]:
    folder = ws.root / RULES_DIR
    if not folder.is_dir():
        return []
    found = []
    for path in sorted(folder.rglob("*.md")):
        if unshowable(ws.rel(path)) is not None:
            continue  # not a note (workspace.stat_markdown): its name would forge a line
        try:
            lines = without_bom(ws.read_text(path)).splitlines()
        except (OSError, ParseError, PathRefused):
            continue
        rel = ws.rel(path)
        start = 0
        if lines and lines[0] == "---":  # frontmatter: not entries
            start = next((i for i in range(1, len(lines)) if lines[i] == "---"), len(lines)) + 1
        fenced = False
        for index in range(start, len(lines)):
            line = lines[index]
            if line.lstrip().startswith(("```", "~~~")):
                fenced = not fenced
            if fenced or "check:" not in line:
                continue
            entry = parse_entry(line, lineno=index + 1)
            if entry is None or entry.closed or entry.indent or not entry.fields.get("check"):
                continue
            found.append(_check(rel, entry))
    return found


def _check(rel: str, entry: Entry) -> Check:
    pattern = entry.fields["check"]
    mode = entry.fields.get("guard", "watch")
    problem = None
    try:
        re.compile(pattern)
    except re.error as exc:
        problem = f"not a regular expression ({exc})"
    else:
        problem = runs_away(pattern)
    assert entry.line is not None  # an entry read from its file knows its line
    span = tuple((k, v) for k, v in entry.fields.items() if k in ("until", "from"))
    return Check(
        rel,
        entry.line,
        entry.id,
        pattern,
        mode if mode in MODES else "watch",
        entry.text,
        problem,
        span,
    )


def evaluate(
    ws: Workspace, action: str, *, tool: str | None = None, now: dt.datetime, log: bool = True
) -> Verdict:
    """Match every check against the action; log each hit (watch: what it would have
    blocked)."""
    found = [check for check in checks(ws) if check.holds(now.date())]
    parts = _read(action, READ)
    hits, slow = {}, []
    deadline = time.monotonic() + CHECKS_S
    for check in sorted(found, key=_first):
        if check.problem:
            continue
        read = parts if degree(check.pattern) < CUBE else _read(action, READ_CUBE)
        try:
            match = search(check.pattern, read, min(CHECK_S, deadline - time.monotonic()))
        except TooSlow:
            slow.append(check)
            continue
        if match is not None:
            hits[id(check)] = Hit(check, match[:SHOWN_MATCH])
    found_hits = tuple(hits[id(c)] for c in found if id(c) in hits)
    verdict = Verdict(tool, len(action), found_hits, len(found), tuple(slow))
    if log and found_hits:
        _log(ws, verdict, action, now)
    if log and slow:
        from ..integrations.hookinput import log_failure

        for fault in verdict.faults():
            log_failure(ws.root, "guard", fault, at=now.isoformat(timespec="seconds"))
    return verdict


def _first(check: Check) -> tuple[bool, bool]:
    """The order checks run in, within the time all of them have (CHECKS_S): what blocks
    first, and of those the plain ones (runaway.plain) first, so that a slow check synced
    from a peer cannot use up the time of one the user enforces."""
    return check.mode != "enforce", check.problem is not None or not plain(check.pattern)


def _read(action: str, most: int) -> tuple[str, ...]:
    """What of an action the checks read: all of it up to READ characters, else its first and
    its last READ / 2, each searched on its own. A check searched from every place of a text
    takes a time that grows with the square of its length ("\\S+\\.pem" in a 2 MB run with no
    dot: hours). A tool's name, a command and a file's path come first, a command's last step
    last; READ characters take the slowest such check tried under a tenth of a second. A
    check whose time grows with the cube ("git.*push.*--force") reads READ_CUBE: a command."""
    if len(action) <= most:
        return (action,)
    return (action[: most // 2], action[-(most // 2) :])


def _log(ws: Workspace, verdict: Verdict, action: str, now: dt.datetime) -> None:
    """One line per hit, through the write layer as every log (jsonlines.append_local: a
    secret or a purged text the match holds is not kept), no lock, no commit: guard must
    stay quick."""
    import hashlib

    digest = hashlib.sha256(action.encode("utf-8")).hexdigest()[:16]
    records = [
        {
            "time": now.isoformat(timespec="seconds"),
            "check": h.check.address,
            "id": h.check.id,
            "mode": h.check.mode,
            "blocked": h.check.mode == "enforce",
            "tool": verdict.tool,
            "match": h.match,
            "action_sha256": digest,
            "chars": verdict.chars,
        }
        for h in verdict.hits
    ]
    append_local(ws.root, LOG, records)


# --- Claude Code's PreToolUse hook -----------------------------------------------------------


def hook_action(given: HookInput) -> tuple[str, str]:
    """(tool name, action text) from the PreToolUse hook's input (integrations/hookinput.py):
    the tool's name, then the values of its input (a Bash command, a file path and its content,
    a query…)."""
    tool = given.tool_name or ""
    args = given.tool_input
    values = args.values() if isinstance(args, dict) else [args] if args else []
    parts = [v if isinstance(v, str) else json.dumps(v, ensure_ascii=False) for v in values]
    return tool, " ".join([tool, *parts])


def hook_output(verdict: Verdict) -> str:
    """Nothing (the call goes on as usual) unless a check enforces; then a deny decision."""
    if not verdict.blocking:
        return ""
    answer = {
        "hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": "deny",
            "permissionDecisionReason": verdict.reason(),
        }
    }
    return json.dumps(answer, ensure_ascii=False)


# --- changing checks -------------------------------------------------------------------------


@dataclass(frozen=True)
class CheckChange:
    address: str
    mode: str
    pattern: str
    line: str

    def to_dict(self) -> dict:
        return {
            "address": self.address,
            "mode": self.mode,
            "pattern": self.pattern,
            "line": self.line,
        }


def set_mode(
    ws: Workspace, ref: str, mode: str, *, today: dt.date, source: str = "agent"
) -> Outcome[CheckChange]:
    """The user's decision: a check enforces (blocks) or only watches. One commit. A check
    starts or stops blocking only on the user's word (`source` "user"), as a rule is retired
    only on it: an agent told by a page to "relax the force-push guard" is refused, and so is
    one that would make a check block the user's own commands."""
    from ..dates import fmt_date
    from ..longterm import EntryRef, find_entry, rewrite_entry

    if mode not in MODES:
        raise InvalidValue(f"mode {mode!r}: use watch or enforce")
    with ws.change("guard", "") as change:
        hit = find_entry(ws, ref)
        if not in_rules(hit.path) or not hit.entry.fields.get("check"):
            raise NotFound(
                f"{hit.address} carries no check; the agent adds one with "
                "`memctl lessons --apply ID --check REGEX`"
            )
        from ..forgetting.closing import refuse_retiring_rule

        enforced = hit.entry.fields.get("guard") == "enforce"
        if mode == "enforce":  # a change only when it did not block yet
            what = "a rule whose check watches"
            refuse_retiring_rule(hit.address, not enforced, source, what=what, verb="enforce")
        else:
            what = "a rule whose check blocks"
            refuse_retiring_rule(hit.address, enforced, source, what=what, verb="loosen")
        new = hit.entry.with_fields(
            guard=mode, enforced=fmt_date(today) if mode == "enforce" else None
        )
        rewrite_entry(ws, change, EntryRef(hit.path, hit.entry), new)
        change.what = f"{mode} {hit.address} (the user's decision)"
    return Outcome(CheckChange(hit.address, mode, hit.entry.fields["check"], new.format()), change)


def add_check(ws: Workspace, change: Change, ref: EntryRef, pattern: str) -> CheckChange:
    """Inside an open change: give a rule entry a check, in watch mode. Tightening only: a
    check the user set to enforce is left to the user."""
    from ..longterm import EntryRef, rewrite_entry

    try:
        re.compile(pattern)
    except re.error as exc:
        raise InvalidValue(f"--check {pattern!r} is not a regular expression ({exc})") from None
    why = runs_away(pattern)
    if why:
        raise InvalidValue(f"--check {pattern!r}: {why.removesuffix(': skipped')}")
    if ref.entry.fields.get("guard") == "enforce":
        raise InvalidValue(f"{ref.address} has a check the user enforces; only the user changes it")
    new = ref.entry.with_fields(check=pattern, guard="watch")
    rewrite_entry(ws, change, EntryRef(ref.path, ref.entry), new)
    return CheckChange(ref.address, "watch", pattern, new.format())


# --- what the checks saw ---------------------------------------------------------------------


@dataclass(frozen=True)
class Watched:
    check: str  # address
    mode: str
    hits: int
    last: str
    matches: list[str] = field(default_factory=list)  # a few distinct matched texts

    def to_dict(self) -> dict:
        return {
            "check": self.check,
            "mode": self.mode,
            "hits": self.hits,
            "last": self.last,
            "matches": self.matches,
        }


def watched(ws: Workspace, *, since: str | None = None) -> list[Watched]:
    """What each check matched (since an ISO time), from the guard log. A match is shown as
    the write layer would store it now (admission.scrub): a line written before a purge, or
    by an earlier memctl, shows no secret and no purged text (the morning report prints it)."""
    from ..admission import scrub

    seen: dict[tuple[str, str], Watched] = {}
    for hit in read_records(ws.root / LOG):
        if since and str(hit.get("time", "")) <= since:
            continue
        key = (str(hit.get("check")), str(hit.get("mode")))
        old = seen.get(key) or Watched(key[0], key[1], 0, "")
        matches, match = old.matches, hit.get("match")
        if len(matches) < 3 and isinstance(match, str):
            shown = scrub(ws, match)[0]
            matches = matches if shown in matches else [*matches, shown]
        seen[key] = Watched(
            key[0], key[1], old.hits + 1, max(old.last, str(hit.get("time"))), matches
        )
    return sorted(seen.values(), key=lambda w: (-w.hits, w.check))


@dataclass(frozen=True)
class Listing:
    """`memctl guard list`: every check on a rule, and how often it matched so far."""

    checks: list[Check]
    hits: dict[str, int]  # check address → matches in the guard log, in any mode

    def hits_of(self, check: Check) -> int:
        return self.hits.get(check.address, 0)

    def to_dict(self) -> dict:
        return {"checks": [{**c.to_dict(), "hits": self.hits_of(c)} for c in self.checks]}


def listing(ws: Workspace) -> Listing:
    hits: dict[str, int] = {}
    for seen in watched(ws):  # one a check and mode: a check watched, then enforced, has two
        hits[seen.check] = hits.get(seen.check, 0) + seen.hits
    return Listing(checks(ws), hits)
