"""The one write transaction: the files one command writes, and the commit that records them.

Every write to the workspace goes through a Change (`with ws.change(verb, what) as change:`):
each file's added lines pass admission (admission.py) before anything is written, each file is
written atomically, and the change ends in one commit. A change that fails puts every file it
touched back as it was; one that a kill or a power cut stopped is put right by the next
command, from its journal (recovery.py).

A change refuses before it touches anything: a path through a link that leaves the workspace
or through a folder named .git, a file git holds in an unresolved merge conflict, a repository
in the middle of a merge, rebase or cherry-pick (committing would end it for the person), and a
detached HEAD (the commits would belong to no branch).
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from .atomic import atomic_write, atomic_write_many, sync_folder
from .errors import GitBusy, InvalidValue, MemctlError, PathRefused, Refused
from .kinds import harness_file
from .recovery import digest
from .textstyle import LF, appended, restyled, workspace_eol

TYPE_CHECKING = False
if TYPE_CHECKING:
    from . import gitstore
    from .workspace import Workspace


class Change:
    """The files one command writes, and the commit that records them.

    A person's uncommitted edit to a file memctl is about to change is committed first, on its
    own, as the person's edit; other uncommitted edits are left alone and reported.
    """

    def __init__(
        self,
        ws: Workspace,
        verb: str,
        what: str,
        *,
        unattended: bool = False,
        source: str | None = None,
    ):
        from .admission import Admission

        self.ws = ws
        self.verb = verb
        self.what = what
        self.body = ""  # optional commit message body (what moved, why)
        self.touched: dict[str, None] = {}  # an ordered set: thousands of paths in an archive run
        self.commits: list[gitstore.Commit] = []
        self.notices: list[str] = []
        self._folders: set[Path] = set()  # synced once each when the change finishes
        self._dirty: set[str] | None = None
        self._held: set[str] = set()  # edits holding a secret, left alone and said so
        self._originals: dict[str, bytes | None] = {}  # what each touched file held before
        # touched files that were links (inside the workspace, to memory): what each led to
        self._links: dict[str, str] = {}
        self._eol: str | None = None  # the line end of a new Markdown file, once looked up
        self.admission = Admission(ws, unattended=unattended, source=source)
        self._unmerged: set[str] = set()
        self._staged: set[str] | None = None  # what a person staged (gitstore.commit leaves it)
        from . import gitstore
        from .recovery import JOURNAL, Journal, recover

        self._git = ws.config.auto_commit and gitstore.is_repo(ws.root)
        self.notices += recover(ws)
        if self._git:
            busy = gitstore.in_progress(ws.root)
            if busy:
                raise GitBusy(
                    f"git is in the middle of {busy} here; finish it or abort it "
                    f"(`git status` says how) before memctl writes",
                    path=ws.root,
                )
            head = gitstore.detached(ws.root)
            if head:
                raise GitBusy(
                    f"HEAD is detached (at {head}): memctl's commits would belong to "
                    "no branch; `git switch` to the workspace's branch first",
                    path=ws.root,
                )
        self.journal = Journal(ws.cache_dir / JOURNAL)

    def _before(self, path: Path, *, named: bool = True) -> str:
        """Check a path before the change writes it, and keep what it held. `named=False`: the
        name of a path the change adds is checked by the caller (write_many, once every old
        name is known)."""
        from . import gitstore

        rel = self.ws.rel(path)
        if any(part.casefold().rstrip(". ") == ".git" for part in rel.split("/")):
            raise PathRefused(
                "a folder named .git is git's own: what memctl wrote there would never be "
                "committed, synced or found",
                path=rel,
            )
        if harness_file(rel):  # `hooks install` writes these itself, never through a change
            raise Refused(
                "an agent harness runs this file or reads it as its instructions; memory is "
                "never written there (`memctl hooks install` keeps memctl's own part of it)",
                path=rel,
            )
        link = self.ws.link_out(path)
        if link is not None:
            raise PathRefused(
                f"{link}; memctl never writes or reads through it "
                "(`memctl doctor` lists every link)",
                path=rel,
            )
        wrong = self.ws.not_a_file(path)
        if wrong is not None:
            raise InvalidValue(f"{wrong[1]}; memctl writes nothing there", path=wrong[0])
        if self._git and self._dirty is None:
            self._dirty, self._unmerged, self._staged = gitstore.index_status(self.ws.root)
        if rel in self._unmerged:
            raise GitBusy(
                "git holds this file in an unresolved merge conflict; resolve it "
                "(edit it, then `git add` it) before memctl writes it",
                path=rel,
            )
        if self._dirty is not None and rel in self._dirty and rel not in self.touched:
            refuse_held_edit(self.ws, rel, path)
            said = f"edit by hand: {rel} (saved before memctl {self.verb})"
            saved = gitstore.commit(self.ws.root, [rel], said, staged=self._staged)
            if saved:
                self.commits.append(saved)
                self.notices.append(f"committed your uncommitted edit of {rel} first, on its own")
            self._dirty.discard(rel)
        if rel not in self.touched:
            self.journal.touched(rel)
            self.touched[rel] = None
            try:
                data: bytes | None = path.read_bytes()
            except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
                data = None
            self._originals[rel] = data
            if path.is_symlink():
                # what the link led to is not this file's committed text (git holds the
                # link): the change writes it back as the file, every line of it checked
                self._links[rel] = os.readlink(path)
            else:
                self.admission.saw(_text(data))
            if data is not None:
                self.admission.saw_path(rel)
            elif named:
                self.admission.path(rel)  # a path the change adds: its name is checked too
        return rel

    def holds_a_secret_edit(self, path: Path) -> bool:
        """Does the person's uncommitted edit of `path` add a line with a secret? A write there
        would be refused (memctl would commit the edit first); a command that can do without
        writing it (INDEX.md's stale marks) leaves the file alone, and says so in one line."""
        from . import gitstore

        rel = self.ws.rel(path)
        if not self._git or rel in self.touched:
            return False
        if self._dirty is None:
            self._dirty, self._unmerged, self._staged = gitstore.index_status(self.ws.root)
        if rel not in self._dirty:
            return False
        try:
            refuse_held_edit(self.ws, rel, path)
        except Refused as e:
            self._held.add(rel)
            what = (
                f"line {e.line} holds text purged on purpose, which memctl never stores again"
                if e.line and "purged" in e.message
                else f"line {e.line} holds what looks like a secret, and memctl commits none "
                "(say where it lives instead)"
                if e.line
                else "its name holds what memctl commits in no name"
            )
            self.notices.append(f"left your uncommitted edit of {e.path} alone: {what}")
            return True
        return False

    def write(self, path: Path, text: str | bytes) -> None:
        rel = self._before(path)
        data = self._admitted(path, rel, text)
        self.journal.wrote(rel, data.encode("utf-8") if isinstance(data, str) else data)
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, data, sync_dir=False)
        self._folders.add(path.parent)

    def append(self, path: Path, text: str) -> None:
        """Add text at the end of a file, atomically (the old file or the new one, never half)."""
        rel = self._before(path)
        old = self._old_bytes(path)
        added = self.admission.appended(rel, text)
        if old and not old.endswith(b"\n"):
            added = "\n" + added
        added = appended(_text(old) or "", added, eol=self._new_file_eol(path))
        data = old + added.encode("utf-8")
        self.journal.wrote(rel, data)
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, data, sync_dir=False)
        self._folders.add(path.parent)

    def _old_bytes(self, path: Path) -> bytes:
        """What a file the change appends to holds now, as the change may keep it. A link's
        (what it leads to: git holds the link, not that text, as this file's) is checked line
        by line as new text, so no secret or purged text is copied into memory through it."""
        try:
            old = path.read_bytes()
        except FileNotFoundError:
            return b""
        if not old or not path.is_symlink():
            return old
        text = _text(old)
        if text is None:
            raise InvalidValue(
                "a link to a file that is not UTF-8 text; memctl writes nothing there",
                path=self.ws.rel(path),
            )
        return self.admission.added_lines(self.ws.rel(path), None, text).encode("utf-8")

    def write_many(self, files: dict[Path, str]) -> None:
        """Write many files in one batch (see atomic_write_many): for runs that touch thousands."""
        rels = {path: self._before(path, named=False) for path in files}  # every old text
        for rel in rels.values():
            if self._originals[rel] is None:
                self.admission.path(rel)  # then the names it adds (an archive file keeps its own)
        admitted: dict[Path, str | bytes] = {}
        for path, text in files.items():
            admitted[path] = self._admitted(path, rels[path], text)
            path.parent.mkdir(parents=True, exist_ok=True)
        self.journal.note(
            [
                f"W\t{rels[p]}\t{digest(d.encode('utf-8') if isinstance(d, str) else d)}"
                for p, d in admitted.items()
            ]
        )
        atomic_write_many(admitted)
        self._folders.update(path.parent for path in files)

    def _admitted(self, path: Path, rel: str, text: str | bytes) -> str | bytes:
        """The text to write, its added lines checked against what the file holds now."""
        new = _text(text) if isinstance(text, bytes) else text
        if new is None:
            return text  # not UTF-8 text: nothing memctl writes as memory
        try:  # what a link leads to is not this file's text: all of it is checked
            old = None if path.is_symlink() else _text(path.read_bytes())
        except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
            old = None
        styled = restyled(old, new, eol=self._new_file_eol(path) if not old else LF)
        checked = self.admission.added_lines(rel, old, styled)
        if checked is new:
            return text
        return checked.encode("utf-8") if isinstance(text, bytes) else checked

    def _new_file_eol(self, path: Path) -> str:
        """The line end of a Markdown file this change creates: the workspace's (textstyle.py)."""
        if path.suffix != ".md":
            return LF
        if self._eol is None:
            self._eol = workspace_eol(self.ws.root)
        return self._eol

    def roll_back(self) -> None:
        """Put every file this change touched back as it was (a write that failed admission,
        or any error before the commit): nothing half-done is left for a person to find."""
        failed = False
        for rel, data in reversed(self._originals.items()):
            path = self.ws.root / rel
            try:
                if rel in self._links:
                    if not path.is_symlink():
                        path.unlink(missing_ok=True)
                        path.symlink_to(self._links[rel])
                elif data is None:
                    if path.is_file() or path.is_symlink():
                        path.unlink()
                elif not path.is_file() or path.read_bytes() != data:
                    path.parent.mkdir(parents=True, exist_ok=True)
                    atomic_write(path, data, sync_dir=False)
            except OSError:
                failed = True  # a full disk: the journal stays, the next command puts it right
        if self._git and self.touched:
            from . import gitstore

            with contextlib.suppress(MemctlError, OSError):
                gitstore.unstage(self.ws.root, list(self.touched))
        if not failed:
            self.journal.close()

    def move(self, src: Path, dst: Path) -> None:
        self._before(src)
        self._before(dst)
        dst.parent.mkdir(parents=True, exist_ok=True)
        os.replace(src, dst)
        self._folders.update((src.parent, dst.parent))

    def remove(self, path: Path) -> None:
        self._before(path)
        path.unlink(missing_ok=True)
        self._folders.add(path.parent)

    def mkdir(self, path: Path) -> None:
        path.mkdir(parents=True, exist_ok=True)

    def finish(self) -> None:
        from . import gitstore

        for folder in self._folders:
            if folder.exists():
                sync_folder(folder)
        if not self._git or not self.touched:
            self.journal.close()
            if self.touched and self.ws.config.auto_commit:
                self.notices.append(
                    f"{self.ws.root} is not a git repository: nothing was committed, and "
                    "what memctl forgets cannot be restored (`memctl init` makes it one)"
                )
            return
        what = " ".join(self.what.split())
        subject = f"memctl {self.verb}: {what}" if what else f"memctl {self.verb}"
        message = f"{subject}\n\n{self.body.strip()}\n" if self.body.strip() else subject
        message = self.admission.message(message)
        redacted = self.admission.redactions
        if redacted:
            kinds = ", ".join(sorted({r.kind for r in redacted}))
            places = ", ".join(sorted({r.path for r in redacted}))
            self.notices.append(
                f"redacted {len(redacted)} item(s) nobody could be asked about "
                f"({kinds}) in {places}"
            )
        try:  # the store refuses a secret whatever wrote it: nothing is left half-done
            made = gitstore.commit(self.ws.root, list(self.touched), message, staged=self._staged)
        except Refused:
            self.roll_back()
            raise
        self.journal.close()
        if made:
            self.commits.append(made)
            if made.fallback_identity:
                self.notices.append(
                    "git knows no name and email here: committed as memctl "
                    "<memctl@localhost> (set them with `git config user.name` "
                    "and `user.email`)"
                )
        others = sorted((self._dirty or set()) - set(self.touched) - self._held)
        if others:
            shown = ", ".join(others[:5]) + (" …" if len(others) > 5 else "")
            self.notices.append(f"left {len(others)} uncommitted change(s) of yours alone: {shown}")

    def to_dict(self) -> dict:
        return {
            "files": list(self.touched),
            "commits": [c.to_dict() for c in self.commits],
            "notices": list(self.notices),
            "redacted": [r._asdict() for r in self.admission.redactions],
        }


def refuse_held_edit(ws: Workspace, rel: str, path: Path, *, committed: bool = True) -> None:
    """A person's uncommitted edit memctl would commit first, on its own: never with a secret or
    a text purged on purpose in a line it adds, nor in the name of a file git does not hold yet
    (committed, the next sync would send it to every machine). Refused, naming the file and the
    line; the edit is left as the person wrote it. `committed=False`: all of it is new (init)."""
    from . import gitstore
    from .purged import bookkeeping, find_purged
    from .secrets.scan import scan

    try:
        now = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return  # gone, or not text: nothing memctl reads as lines
    held = gitstore.blob(ws.root, rel) if committed else None
    if held is None:  # a file the person made: the commit would add its name too
        from .admission import Admission

        Admission(ws).path(rel)
    before = set((held or b"").decode("utf-8", "replace").splitlines())
    run: list[tuple[int, str]] = []  # added lines in a row: a purged text may span two
    for number, line in enumerate([*now.splitlines(), None], start=1):
        if line is not None and line not in before:
            found = scan(line)
            if found:
                raise Refused(
                    f"your uncommitted edit holds what looks like {found[0].label}; memctl "
                    "commits no secret, and would commit this edit first: take the secret out "
                    "(say where it lives instead), then run the command again",
                    path=rel,
                    line=number,
                )
            run.append((number, line))
            continue
        text = "\n".join(added for _, added in run)
        hits = find_purged(ws, text) if run and not bookkeeping(rel) else []
        if hits:
            raise Refused(
                f"your uncommitted edit holds something purged on purpose (receipt "
                f"{hits[0].receipt}); memctl will not store it again, and would commit this "
                "edit first: take it out, then run the command again",
                path=rel,
                line=run[text.count("\n", 0, hits[0].start)][0],
            )
        run = []
    _refuse_frontmatter(ws, rel, now, held)


def _refuse_frontmatter(ws: Workspace, rel: str, now: str, held: bytes | None) -> None:
    """The frontmatter of a person's edit read as YAML reads it: a value written over lines
    (a backslash continuation, a folded scalar) or with escapes (`\\x67hp_…`) is one value to
    every reader (`ls`, INDEX.md, search), so a secret or a purged text in it is refused as in
    a line. A value the file held before is not new."""
    from .note import frontmatter_strings
    from .purged import find_purged
    from .secrets.scan import scan

    values = frontmatter_strings(now)
    if not values:
        return
    before = {value for _, value in frontmatter_strings((held or b"").decode("utf-8", "replace"))}
    for number, value in values:
        found = [] if value in before else scan(value)
        hits = [] if value in before or found else find_purged(ws, value)
        if found or hits:
            what = (
                f"what looks like {found[0].label}; memctl commits no secret"
                if found
                else f"something purged on purpose (receipt {hits[0].receipt}); memctl will "
                "not store it again"
            )
            raise Refused(
                f"your uncommitted edit holds, in a frontmatter value as YAML reads it, {what}, "
                "and would commit this edit first: take it out, then run the command again",
                path=rel,
                line=number,
            )


def _text(data: bytes | None) -> str | None:
    if data is None:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None
