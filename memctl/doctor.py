"""`memctl doctor`: check the workspace and say how to fix each finding."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from . import gitstore
from .catalog import scan
from .daily import is_day_file
from .kinds import INDEX_FILE, NOW_FILE
from .workspace import Workspace

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .catalog import FileFacts, Progress


@dataclass(frozen=True)
class Finding:
    severity: str  # error | warning | info
    code: str
    where: str
    message: str
    fix: str

    def to_dict(self) -> dict:
        return {
            "severity": self.severity,
            "code": self.code,
            "where": self.where,
            "message": self.message,
            "fix": self.fix,
        }


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
        findings += _rewritten_daily_logs(ws)
        findings += _committed_derived_files(ws)
    findings += _purge_registry(ws)
    findings += _unread_memory(ws, facts, today)
    findings += links(ws)
    findings += _unshowable_names(ws)
    findings += _folders_for_files(ws)
    findings += _excluded(ws, facts)
    findings += _unseen_text(facts)
    return DoctorReport(findings)


def _unseen_text(facts: list[FileFacts]) -> list[Finding]:
    """Lines of the Markdown that hold what every write refuses because a person does not see
    what the agent reads there (memctl.controls.control): a control character, a sentence in
    tag characters, text shown reversed. Written by hand or brought by a peer's sync, such a
    line reaches the agent from memory; memctl leaves it as it is and names it here."""
    return [
        Finding(
            "warning",
            "unseen-text",
            f"{f.path}:{line}",
            f"the line holds {name}",
            "look at it with `cat -v` and remove it by hand if you did not put it there; "
            "memctl refuses such text in a write",
        )
        for f in facts
        for line, name in f.unseen
    ]


def _purge_registry(ws: Workspace) -> list[Finding]:
    """The purge registry (purged.py): a line that is not JSON stops every write until it is
    restored; a record not as memctl writes it is named, with what memctl does with it."""
    from .errors import ParseError
    from .purged import REGISTRY, load

    look = f"`git log -p -- {REGISTRY}` shows who added each line"
    try:
        registry = load(ws)
    except ParseError as exc:
        return [
            Finding(
                "error",
                "purge-registry-damaged",
                exc.where(),
                f"{exc.message}; every write is refused until it is",
                f"put the line back as git has it ({look}); never remove a record memctl "
                "wrote, or its text can come back",
            )
        ]
    return [
        Finding(
            "warning",
            "purge-record-invalid",
            f"{flaw.path}:{flaw.line}" if flaw.line else flaw.path,
            f"a purge record {'memctl reads in part' if flaw.kept else 'memctl cannot read'}"
            f": {flaw.why}",
            f"{look}; "
            + (
                "its text is still refused: leave it, or write the field as memctl does"
                if flaw.kept
                else "it refuses nothing: remove the line if you did not write it"
            ),
        )
        for flaw in registry.flaws
    ]


def links(ws: Workspace) -> list[Finding]:
    """Every symlink in the workspace (but in .git): one that leaves it is an error (memctl
    never reads or writes through it; a peer may have committed it), one inside a warning."""
    import os

    found = []
    real_root = ws.root.resolve()
    for folder, dirs, files in os.walk(ws.root):
        dirs[:] = [d for d in dirs if d != ".git" or folder != str(ws.root)]
        for name in sorted(dirs + files):
            path = Path(folder) / name
            if not path.is_symlink():
                continue
            rel = ws.rel(path)
            target = os.readlink(path)
            if path.resolve().is_relative_to(real_root):
                found.append(
                    Finding(
                        "warning",
                        "link",
                        rel,
                        f"{rel} is a link to {target}",
                        "memctl writes the file in its place, never through it; "
                        "replace the link by the file if you meant one",
                    )
                )
            else:
                found.append(
                    Finding(
                        "error",
                        "link-out",
                        rel,
                        f"{rel} is a link that leaves the workspace (to {target}); "
                        "memctl refuses to read or write through it",
                        f"remove it (`git rm {rel}`) unless you put it there, and "
                        f"find who committed it (`git log -- {rel}`)",
                    )
                )
    return found


def _folders_for_files(ws: Workspace) -> list[Finding]:
    """A folder where memctl keeps a file (NOW.md, INDEX.md, a day's log, any `*.md`), or a
    file where it keeps the daily logs' folder: a peer can commit either (a gitlink, a
    submodule's commit, is checked out as an empty folder). memctl reads nothing there and
    writes nothing there; `now` and `log` stop with one line naming it."""
    import os

    gitlinks = set()
    if gitstore.is_repo(ws.root):
        listed = gitstore.run(ws.root, "ls-files", "-s", "-z", check=False).split("\0")
        gitlinks = {e.split("\t", 1)[1] for e in listed if e.startswith("160000 ")}
    wrong: list[str] = []
    if ws.daily_dir.exists() and not ws.daily_dir.is_dir():
        wrong.append(ws.rel(ws.daily_dir))
    for folder, dirs, _ in os.walk(ws.root):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        wrong += [
            ws.rel(Path(folder) / d)
            for d in dirs
            if d.endswith(".md") and not (Path(folder) / d).is_symlink()
        ]
    daily = ws.rel(ws.daily_dir)
    findings = []
    for rel in wrong:
        what = "a folder where memctl keeps a file"
        if rel == daily:
            what = "a file where memctl keeps the daily logs' folder"
        elif rel in gitlinks:
            what = "a gitlink (a submodule's commit) where memctl keeps a file"
        findings.append(
            Finding(
                "error"
                if rel in (NOW_FILE, INDEX_FILE, daily) or is_day_file(rel, daily)
                else "warning",
                "not-a-file",
                rel,
                f"{rel} is {what}: memctl reads nothing there and writes nothing there",
                f"see who made it so (`git log -- {rel}`), `git rm -r {rel}`, and put back "
                f"what was there (`git checkout COMMIT -- {rel}`)",
            )
        )
    return findings


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


def _committed_derived_files(ws: Workspace) -> list[Finding]:
    """memctl's files kept to each machine (unshared.local_file) that git tracks: a sync or a
    checkout writes them over this machine's copy without asking. The copy here may be
    another machine's, so the fix removes it too (memctl rebuilds a derived file), but for
    local.yaml, this machine's settings: that one is read by a person first."""
    import shlex

    from .unshared import SETTINGS, local_file

    found = []
    for path in gitstore.names(ws.root, "ls-files", "-z"):
        if local_file(path) is None:
            continue
        quoted = shlex.quote(path)
        if path.lower() == SETTINGS:
            fix = (
                f"git rm --cached {quoted} && git commit -m 'untrack machine settings'; then "
                "read the file: git may have written another machine's copy over this one's"
            )
        else:
            fix = (
                f"git rm -q -f {quoted} && git commit -m 'untrack derived file' (the copy here "
                "may be another machine's: it goes too, and memctl makes its own again)"
            )
        found.append(
            Finding(
                "error",
                "derived-committed",
                path,
                "a file memctl keeps to each machine is committed: a sync or a checkout "
                "writes it over this machine's copy without asking",
                fix,
            )
        )
    return found


def _unshowable_names(ws: Workspace) -> list[Finding]:
    """Files and folders (but .git) whose name no line can show (controls.unshowable): no
    command reads one as a note, since its path would print lines of its own wherever memory
    is listed. Named here with each such character escaped (a line break as \\n)."""
    import os

    from .controls import control_name, shown, unshowable

    found = []
    for folder, dirs, files in os.walk(ws.root):
        if folder == str(ws.root):
            dirs[:] = [d for d in dirs if d != ".git"]
        for name in sorted(dirs + files):
            bad = unshowable(name)
            if bad is None:
                continue
            what = "a line break" if bad.group() == "\n" else control_name(bad.group())
            found.append(
                Finding(
                    "error",
                    "unshowable-name",
                    shown(ws.rel(Path(folder) / name)),
                    f"its name holds {what}, which no line shows: memctl never reads it as a "
                    "note (printed, the name would forge lines of the memory)",
                    "rename it to a name of one line (or remove it if you did not put it "
                    "there: `git log --stat` shows who committed it)",
                )
            )
        dirs[:] = [d for d in dirs if unshowable(d) is None]
    return found
