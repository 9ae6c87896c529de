"""What `memctl doctor` looks for that no memctl command writes, as a hand or a peer's sync may
leave it: a line a person cannot see, a damaged purge registry, a link out of the workspace, a
folder where a file belongs, a name no line can show, a file each machine keeps committed, a
secret in a file's name or a value a note's names name."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from . import gitstore
from .daily import is_day_file
from .kinds import INDEX_FILE, NOW_FILE

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .catalog import FileFacts
    from .workspace import Workspace


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


def unseen_text(facts: list[FileFacts]) -> list[Finding]:
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


def purge_registry(ws: Workspace) -> list[Finding]:
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
    """Every symlink in the workspace (but in .git): one that leaves it, or leads into .git/
    or .memctl/, is an error (memctl never reads or writes through it; a peer may have
    committed it), one to memory inside it a warning (memctl reads the file it leads to, and
    writes the file in the link's place)."""
    import os

    from .workspace import link_target

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
            where = link_target(path.resolve(), real_root)
            if where is None:
                found.append(
                    Finding(
                        "warning",
                        "link",
                        rel,
                        f"{rel} is a link to {target}",
                        "memctl reads the file it leads to and writes a file in its place "
                        "(every line of it checked as new); replace the link by the file if "
                        "you meant one",
                    )
                )
            else:
                found.append(
                    Finding(
                        "error",
                        "link-out",
                        rel,
                        f"{rel} is a link {where} (to {target}); "
                        "memctl refuses to read or write through it",
                        f"remove it (`git rm {rel}`) unless you put it there, and "
                        f"find who committed it (`git log -- {rel}`)",
                    )
                )
    return found


def folders_for_files(ws: Workspace) -> list[Finding]:
    """A folder where memctl keeps a file (NOW.md, INDEX.md, a day's log, any `*.md`), or a
    file where it keeps the daily logs' folder: a peer can commit either (a gitlink, a
    submodule's commit, is checked out as an empty folder). memctl reads nothing there and
    writes nothing there; `now` and `log` stop with one line naming it. So is a FIFO, a socket
    or a device named like a note, which a read would wait on for ever."""
    import os
    import shlex
    import stat

    gitlinks = set()
    if gitstore.is_repo(ws.root):
        listed = gitstore.run(ws.root, "ls-files", "-s", "-z", check=False).split("\0")
        gitlinks = {e.split("\t", 1)[1] for e in listed if e.startswith("160000 ")}
    wrong: list[str] = []
    if ws.daily_dir.exists() and not ws.daily_dir.is_dir():
        wrong.append(ws.rel(ws.daily_dir))
    special: set[str] = set()  # a FIFO, a socket or a device: a read of it waits for ever
    for folder, dirs, files in os.walk(ws.root):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        wrong += [
            ws.rel(Path(folder) / d)
            for d in dirs
            if d.endswith(".md") and not (Path(folder) / d).is_symlink()
        ]
        special |= {
            ws.rel(Path(folder) / f)
            for f in files
            if f.endswith(".md")
            and not stat.S_ISREG(os.lstat(Path(folder) / f).st_mode)
            and not stat.S_ISLNK(os.lstat(Path(folder) / f).st_mode)
        }
    wrong += sorted(special)
    daily = ws.rel(ws.daily_dir)
    findings = []
    for rel in wrong:
        what = "a folder where memctl keeps a file"
        if rel in special:
            what = "a FIFO, a socket or a device where memctl keeps a file"
        elif rel == daily:
            what = "a file where memctl keeps the daily logs' folder"
        elif rel in gitlinks:
            what = "a gitlink (a submodule's commit) where memctl keeps a file"
        fix = (
            f"remove it (`rm {shlex.quote(rel)}`): git keeps none, so no commit made it"
            if rel in special
            else f"see who made it so (`git log -- {rel}`), `git rm -r {rel}`, and put back "
            f"what was there (`git checkout COMMIT -- {rel}`)"
        )
        findings.append(
            Finding(
                "error"
                if rel in (NOW_FILE, INDEX_FILE, daily) or is_day_file(rel, daily)
                else "warning",
                "not-a-file",
                rel,
                f"{rel} is {what}: memctl reads nothing there and writes nothing there",
                fix,
            )
        )
    return findings


def committed_derived_files(ws: Workspace) -> list[Finding]:
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


def unshowable_names(ws: Workspace) -> list[Finding]:
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


def exposed(ws: Workspace, facts: list[FileFacts]) -> list[Finding]:
    """For `memctl doctor`: each file whose name holds a secret, and each line holding a value
    the note's names name: a file made by hand or brought by sync (a memctl write refuses
    both). The read doors show them redacted (memctl.secrets.paths, memctl.naming)."""
    from .naming import named_in
    from .secrets.paths import shown_path

    found = []
    for f in facts:
        shown = shown_path(f.path)
        if shown != f.path:
            found.append(
                Finding(
                    "error",
                    "secret-in-name",
                    shown,
                    "the file's name looks like it holds a secret: memctl shows it redacted, "
                    "but git and every copy of the workspace hold it",
                    "rename the file for what it is about (`git mv`), keep the secret where "
                    "secrets belong, and rotate it (it is in git's history)",
                )
            )
        if f.kind not in ("note", "daily"):
            continue
        try:
            text = (ws.root / f.path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        for line, _, kind in named_in(text):
            found.append(
                Finding(
                    "error",
                    "named-secret",
                    f"{shown}:{line + 1}",
                    f"the line holds a value the note names as a secret ({kind}): memctl "
                    "shows it redacted",
                    'remove the value by hand and keep where it lives instead ("in 1Password '
                    "under 'Bank'\"); rotate it if the workspace was shared",
                )
            )
    return found
