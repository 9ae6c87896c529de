"""`memctl doctor`: check the workspace and say how to fix each finding."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from dataclasses import dataclass, field

from . import gitstore, planted
from .catalog import scan
from .controls import NameNotUtf8
from .daily import is_day_file
from .kinds import INDEX_FILE, NOW_FILE
from .planted import Finding
from .workspace import Workspace

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .catalog import FileFacts, Progress


@dataclass(frozen=True)
class DoctorReport:
    findings: list[Finding] = field(default_factory=list)

    @property
    def errors(self) -> int:
        return sum(1 for f in self.findings if f.severity == "error")

    def to_dict(self) -> dict:
        return {"errors": self.errors, "findings": [f.to_dict() for f in self.findings]}


def check(ws: Workspace, *, today: dt.date, progress: Progress | None = None) -> DoctorReport:
    findings: list[Finding] = []
    facts = scan(ws, progress=progress)
    for name in (NOW_FILE, INDEX_FILE):
        if not (ws.root / name).exists():
            findings.append(
                Finding(
                    "error",
                    "missing-file",
                    name,
                    f"{name} is missing",
                    "run `memctl init` (it only adds what is missing)",
                )
            )
    for f in facts:
        if f.error:
            findings.append(
                Finding(
                    "error",
                    "unreadable",
                    f.error.split(": ", 1)[0],
                    f.error.split(": ", 1)[-1],
                    "run `memctl index`: INDEX.md is generated, and made anew (the old file "
                    "stays in git's history)"
                    if f.kind == "index"
                    else "fix the file by hand at that line; memctl leaves it as is",
                )
            )
            continue
        for problem in f.problems:
            where, _, message = problem.partition(": ")
            findings.append(
                Finding(
                    "error", "bad-value", where, message, "correct the value in the frontmatter"
                )
            )
        if f.kind == "note" and f.frontmatter:
            missing = f.missing
            if missing:
                findings.append(
                    Finding(
                        "warning",
                        "missing-fields",
                        f.path,
                        f"frontmatter lacks {', '.join(missing)}",
                        "add them by hand; see docs/formats.md",
                    )
                )
        if f.low_without_expiry:
            findings.append(
                Finding(
                    "warning",
                    "low-without-expiry",
                    f.path,
                    f"{f.low_without_expiry} low-priority entr"
                    f"{'y has' if f.low_without_expiry == 1 else 'ies have'} "
                    "no expires: date",
                    "add expires:YYYY-MM-DD to each, or raise the priority",
                )
            )
    counts = Counter(i for f in facts for i in f.ids)
    for entry_id, n in sorted(counts.items()):
        if n > 1:
            holders = [f.path for f in facts if entry_id in f.ids]
            findings.append(
                Finding(
                    "error",
                    "duplicate-id",
                    ", ".join(sorted(set(holders))),
                    f"id ^{entry_id} is used {n} times",
                    "give all but one of them a new id (any unused letters)",
                )
            )
    if not gitstore.is_repo(ws.root):
        findings.append(
            Finding(
                "warning",
                "no-git",
                ".",
                "the workspace is not a git repository: no change is committed, and what "
                "memctl forgets cannot be restored",
                "run `memctl init` here (it makes the repository and changes no note)",
            )
        )
    elif gitstore.has_head(ws.root):
        findings += _unfinished_git(ws)
        findings += _held_edits(ws)
        findings += _rewritten_daily_logs(ws)
        findings += planted.committed_derived_files(ws)
    findings += planted.purge_registry(ws)
    findings += _purges_cut_short(ws)
    findings += _unread_memory(ws, facts, today)
    findings += planted.links(ws)
    findings += planted.unshowable_names(ws)
    findings += planted.folders_for_files(ws)
    findings += _excluded(ws, facts)
    findings += planted.unseen_text(facts)
    findings += planted.exposed(ws, facts)
    return DoctorReport(findings)


COMMITTED = ".memctl/config.yaml"


def _excluded(ws: Workspace, facts: list[FileFacts]) -> list[Finding]:
    """The notes of the category folders and the daily logs the config's `exclude:` patterns
    hide: a count (info), and a warning when it is half or more of them (a committed
    `exclude: ["*"]` from a peer silences search, recall, now and the nightly job, and nothing
    else says so)."""
    from .workspace import excluded_markdown

    hidden = [rel for rel in excluded_markdown(ws) if rel not in (NOW_FILE, INDEX_FILE)]
    if not hidden:
        return []
    places = tuple(f"{place}/" for place in (*ws.config.categories, ws.config.daily_dir))
    logs = sum(1 for rel in hidden if is_day_file(rel, ws.config.daily_dir))
    hid = sum(1 for rel in hidden if rel.startswith(places))
    if hid == 0:
        return []  # a README, drafts, an agent's own instructions: what `exclude:` is for
    notes = hid - logs
    shown = sum(1 for f in facts if f.path.startswith(places))
    where = ws.config.sources.get("exclude", COMMITTED)
    source = where.rsplit(":", 1)[0]
    patterns = ", ".join(f'"{p}"' for p in ws.config.exclude)
    what = f"the exclude patterns ({patterns}) hide {len(hidden)} Markdown file(s)"
    share = "all" if shown == 0 else "most" if hid > shown else "half" if hid == shown else "some"
    return [
        Finding(
            "warning" if share != "some" else "info",
            "excluded",
            where,
            f"{what}: {share} of the memory, {notes} note(s) and {logs} daily log(s) "
            f"({shown} left): search, recall, now, the gate and the nightly job never see them",
            f"narrow `exclude:` in {source} to what is not memory (a README, drafts)"
            + (f"; `git log -p -- {source}` shows who set it" if source == COMMITTED else ""),
        )
    ]


def _unread_memory(ws: Workspace, facts: list, today: dt.date) -> list[Finding]:
    """Memory that exists and is no longer used: the agent read it on this machine (the usage
    log is local), then no `now`, search or recall for QUIET_DAYS days while the daily logs
    kept growing."""
    from .usage import QUIET_DAYS, last_read

    last = last_read(ws.root)
    since = (today - dt.timedelta(days=QUIET_DAYS - 1)).isoformat()
    if last is None or last >= since:
        return []  # never counted here (a fresh clone), or read lately
    written = [
        f.path
        for f in facts
        if f.kind == "daily" and f.last_entry and last < f.last_entry[:10] <= today.isoformat()
    ]
    if not written:
        return []
    return [
        Finding(
            "warning",
            "memory-unread",
            ".memctl/usage.jsonl",
            f"no `memctl now`, search or recall since {last} ({QUIET_DAYS}+ days) while "
            f"{len(written)} daily log(s) were written: the agent has stopped reading "
            "its memory",
            "make the harness call it (`memctl hooks install claude-code`, or add "
            "skills/AGENTS-snippet.md to the agent's instructions); `memctl stats` "
            "shows what is read",
        )
    ]


def _unfinished_git(ws: Workspace) -> list[Finding]:
    """A merge or rebase git stopped in (a sync's conflict): memctl writes nothing until it
    is done, and the files in conflict hold git's markers."""
    busy = gitstore.in_progress(ws.root)
    if busy is None:
        return []
    out = gitstore.run(ws.root, "diff", "--name-only", "--diff-filter=U", "-z", check=False)
    files = sorted(p for p in out.split("\0") if p)
    held = f": {', '.join(files)} in conflict, with git's <<<<<<< markers" if files else ""
    return [
        Finding(
            "error",
            "git-unfinished",
            ", ".join(files) or ".",
            f"git is in the middle of {busy}{held}; memctl writes nothing until it is done",
            "keep what both sides meant in each file, `git add` it and `git commit` "
            "(or `git merge --abort`), then `memctl sync`",
        )
    ]


def _purges_cut_short(ws: Workspace) -> list[Finding]:
    """A purge killed partway (its mark left, its process gone): named until it is run again."""
    from .recovery import purges_cut_short

    return [
        Finding(
            "error",
            "purge-cut-short",
            f".memctl/receipts/purge-{receipt}.md",
            f"a purge (receipt {receipt}, {fingerprint}) was cut short: the text may still be "
            "in files or in history",
            "run `memctl forget --purge --match TEXT --yes` again with the same text to finish it",
        )
        for receipt, fingerprint in purges_cut_short(ws)
    ]


def _held_edits(ws: Workspace) -> list[Finding]:
    """Uncommitted files that memctl leaves alone for a secret or a purged text a line of them
    adds (memctl.change): not in git, so in no backup and on no other machine."""
    from .change import refuse_held_edit
    from .errors import Refused
    from .initialize import why_held

    findings: list[Finding] = []
    try:
        dirty = gitstore.dirty_paths(ws.root)
    except NameNotUtf8:
        return findings  # the name is listed by planted.unshowable_names
    for rel in sorted(dirty):
        path = ws.root / rel
        if path.is_symlink() or not path.is_file():
            continue
        try:
            refuse_held_edit(ws, rel, path)
        except Refused as e:
            findings.append(
                Finding(
                    "warning",
                    "held-edit",
                    f"{rel}:{e.line}" if e.line else rel,
                    f"left uncommitted: {why_held(e, line=False)}",
                    "take it out (say where the secret lives instead); memctl's next write to "
                    "the file then commits it, or commit it with git",
                )
            )
    return findings


def _rewritten_daily_logs(ws: Workspace) -> list[Finding]:
    """Past daily logs are append-only: any commit that removed or changed a line is a finding."""
    from .daily import rewritten_logs

    findings: list[Finding] = []
    for path, sha in rewritten_logs(ws).items():
        where = "an uncommitted edit" if sha == "uncommitted" else f"commit {sha[:8]}"
        look = f"git diff -- {path}" if sha == "uncommitted" else f"git show -m {sha[:8]} -- {path}"
        findings.append(
            Finding(
                "warning",
                "daily-rewritten",
                path,
                f"an earlier line was changed or removed in {where} "
                "(daily logs are append-only; its entries count as untrusted from then on)",
                f"review `{look}`; restore the line with git if it was a mistake",
            )
        )
    return findings
