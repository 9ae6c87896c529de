"""`memctl forget --purge --match TEXT`: remove every copy memctl can reach, and say so.

Copies are replaced by `[purged]` in live notes, daily logs (the one exception to append-only,
recorded in the receipt), `.archive/`, NOW.md, INDEX.md and memctl's own text state; derived
SQLite databases and caches are deleted (they rebuild from the cleaned Markdown); git history is
rewritten commit by commit, reflogs expired and unreachable objects pruned. The receipt names
every place with counts, stands a salted hash for the text (never the text), and names the
places memctl cannot reach. A purge interrupted half-way can be run again and finishes.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import secrets
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from . import gitstore
from .dates import fmt_stamp
from .errors import InvalidValue
from .purged import REGISTRY, purged_hash, registry_with, workspace_salt
from .workspace import ARCHIVE_DIR, MARKER, Workspace, atomic_write

MARK = "[purged]"
MIN_LENGTH = 4
_DERIVED_SUFFIXES = (".db", ".db-wal", ".db-shm", ".db-journal", ".sqlite")


@dataclass
class Place:
    kind: str  # live | daily | archive | state | sqlite | cache | git
    path: str
    count: int

    def to_dict(self) -> dict:
        return {"kind": self.kind, "path": self.path, "count": self.count}


@dataclass
class Receipt:
    id: str
    when: str
    fingerprint: str  # the salted hash's prefix: identifies the text without showing it
    length: int
    dry_run: bool
    places: list[Place] = field(default_factory=list)
    commits_rewritten: int = 0
    history_cleaned: bool = False
    unreachable: list[str] = field(default_factory=list)
    binary_files: list[str] = field(default_factory=list)
    saved_as: str | None = None

    def to_dict(self) -> dict:
        return {"id": self.id, "when": self.when, "fingerprint": self.fingerprint,
                "length": self.length, "dry_run": self.dry_run,
                "places": [p.to_dict() for p in self.places],
                "commits_rewritten": self.commits_rewritten,
                "history_cleaned": self.history_cleaned, "unreachable": self.unreachable,
                "binary_files": self.binary_files, "saved_as": self.saved_as}  # fmt: skip

    def render(self) -> str:
        verb = "would remove" if self.dry_run else "removed"
        dry = " (dry run: nothing changed yet)" if self.dry_run else ""
        lines = [f"# Purge receipt {self.id}", "", f"- when: {self.when}{dry}",
                 f"- text: {self.length} characters, fingerprint {self.fingerprint} "
                 "(the text itself is not kept anywhere)",
                 "", f"## Copies memctl {verb}", ""]  # fmt: skip
        labels = {"live": "live note", "daily": "daily log (append-only exception: rewritten "
                  "in place)", "archive": ".archive/", "state": "memctl state",
                  "sqlite": "SQLite database (deleted; rebuilt from the Markdown)",
                  "cache": "cache (deleted; rebuilt)"}  # fmt: skip
        for place in self.places:
            lines.append(f"- {labels[place.kind]}: {place.path} — {place.count} "
                         f"occurrence{'s' if place.count != 1 else ''}")  # fmt: skip
        if not self.places:
            lines.append("- none in the working files")
        history = (f"{self.commits_rewritten} commit(s) rewritten" if self.commits_rewritten
                   else "no commit held it")  # fmt: skip
        tail = ", reflog expired, unreachable objects pruned" if not self.dry_run else ""
        lines.append(f"- git history: {history}{tail}")
        for path in self.binary_files:
            lines.append(f"- NOT removed: binary file {path} contains it; edit or delete it")
        lines += ["", "## Places memctl cannot reach", ""]
        lines += [f"- {u}" for u in self.unreachable]
        return "\n".join(lines) + "\n"


def _check_pattern(pattern: str) -> str:
    text = pattern.strip()
    if len(text) < MIN_LENGTH or len(set(text)) < 2:
        raise InvalidValue(
            f"the text to purge must be at least {MIN_LENGTH} characters and "
            "not one repeated character (a short pattern would cut too much)"
        )
    return text


def purge(ws: Workspace, pattern: str, *, now: dt.datetime, dry_run: bool) -> Receipt:
    text = _check_pattern(pattern)
    rx = re.compile(re.escape(text), re.IGNORECASE)
    brx = re.compile(re.escape(text.encode("utf-8")), re.IGNORECASE)
    salt = workspace_salt(ws)
    if salt is None and dry_run:  # the salt is made (and committed) by the first real purge
        fingerprint, tag = "(assigned when the purge runs)", "dry-run"
    else:
        salt = salt or secrets.token_hex(16)
        fingerprint = "blake2b:" + purged_hash(salt, text)[:16]
        tag = fingerprint[8:16]
    receipt = Receipt(id=f"{now:%Y%m%d-%H%M}-{tag}", when=fmt_stamp(now),
                      fingerprint=fingerprint, length=len(text), dry_run=dry_run)  # fmt: skip
    with ws.lock():
        _scrub_files(ws, rx, brx, receipt, dry_run)
        if gitstore.is_repo(ws.root) and gitstore.has_head(ws.root):
            receipt.commits_rewritten = _rewrite_history(ws.root, brx, dry_run)
            if not dry_run:
                _drop_unreachable(ws.root)
                receipt.history_cleaned = True
        receipt.unreachable = _unreachable(ws)
        if not dry_run:
            _save_receipt(ws, receipt, text, salt, now)
    return receipt


def _scrub_files(ws: Workspace, rx, brx, receipt: Receipt, dry_run: bool) -> None:
    for path in _all_files(ws.root):
        rel = ws.rel(path)
        data = path.read_bytes()
        derived = _derived_kind(rel)
        if derived:
            # Derived state may hold the text in free pages or token tables: it always goes,
            # and is rebuilt from the cleaned Markdown.
            count = len(brx.findall(data))
            if count:
                receipt.places.append(Place(derived, rel, count))
            if not dry_run:
                path.unlink()
            continue
        try:
            body = data.decode("utf-8")
        except UnicodeDecodeError:
            if brx.search(data):
                receipt.binary_files.append(rx.sub(MARK, rel))
            continue
        count = len(rx.findall(body))
        if not count:
            continue
        receipt.places.append(Place(_kind(rel, ws.config.daily_dir), rx.sub(MARK, rel), count))
        if not dry_run:
            atomic_write(path, rx.sub(MARK, body))
            if rx.search(path.name):
                path.rename(path.with_name(rx.sub(MARK, path.name)))


def _derived_kind(rel: str) -> str | None:
    if rel.startswith(f"{MARKER}/cache/"):
        return "cache"
    if rel.startswith(f"{MARKER}/") and rel.endswith(_DERIVED_SUFFIXES):
        return "sqlite"
    return None


def _kind(rel: str, daily_dir: str) -> str:
    if rel.startswith(f"{daily_dir}/"):
        return "daily"
    if rel.startswith(f"{ARCHIVE_DIR}/"):
        return "archive"
    if rel.startswith(f"{MARKER}/"):
        return "state"
    return "live"


def _all_files(root: Path):
    for folder, dirs, files in os.walk(root):
        if Path(folder) == root and ".git" in dirs:
            dirs.remove(".git")
        for name in sorted(files):
            path = Path(folder) / name
            if path.is_file() and not path.is_symlink():
                yield path


def _rewrite_history(root: Path, brx, dry_run: bool) -> int:
    """Stream every commit through fast-export → replace → fast-import; count what changed."""
    export = subprocess.Popen(
        ["git", "fast-export", "--all", "--signed-tags=strip",
         "--tag-of-filtered-object=drop", "--reencode=yes"],
        cwd=root, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    changed_marks: set[bytes] = set()
    commits = 0
    with tempfile.TemporaryFile() as out:
        stream = export.stdout
        mark = None
        in_commit = touched = False
        while line := stream.readline():
            if line.startswith(b"data "):
                size = int(line[5:])
                data = stream.read(size)
                new = brx.sub(MARK.encode(), data)
                if new != data:
                    touched = True
                    if mark and not in_commit:
                        changed_marks.add(mark)
                out.write(b"data %d\n" % len(new) + new)
                continue
            if line.startswith((b"blob", b"commit ", b"tag ", b"reset ")):
                if in_commit and touched:
                    commits += 1
                in_commit = line.startswith(b"commit ")
                touched = False
                mark = None
            elif line.startswith(b"mark "):
                mark = line[5:].strip()
            elif in_commit and line.startswith(b"M ") and line.split(b" ")[2] in changed_marks:
                touched = True
            new_line = brx.sub(MARK.encode(), line)
            if new_line != line:
                touched = True
            out.write(new_line)
        if in_commit and touched:
            commits += 1
        if export.wait() != 0:
            raise gitstore.GitError("git fast-export failed; nothing was rewritten", path=root)
        if dry_run or (not commits and not changed_marks):
            return commits
        out.seek(0)
        subprocess.run(["git", "fast-import", "--force", "--quiet"], cwd=root, stdin=out,
                       check=True, capture_output=True)  # fmt: skip
    gitstore.run(root, "reset", "-q")  # the index still points at the old blobs
    return commits


def _drop_unreachable(root: Path) -> None:
    for name in ("ORIG_HEAD", "FETCH_HEAD", "MERGE_HEAD"):
        (root / ".git" / name).unlink(missing_ok=True)
    for ref in gitstore.run(root, "for-each-ref", "--format=%(refname)", "refs/original/",
                            "refs/stash").split():  # fmt: skip
        gitstore.run(root, "update-ref", "-d", ref)
    gitstore.run(root, "reflog", "expire", "--expire=now", "--expire-unreachable=now", "--all")
    gitstore.run(root, "gc", "--prune=now", "--quiet")


def _unreachable(ws: Workspace) -> list[str]:
    places = []
    if gitstore.is_repo(ws.root):
        for line in sorted(set(gitstore.run(ws.root, "remote", "-v").splitlines())):
            name, url = line.split()[:2]
            places.append(f"git remote {name} ({url}): its copy keeps the old history until "
                          "you push --force, and every clone must be re-cloned")  # fmt: skip
    places += [
        "clones and checkouts of this workspace on other machines",
        "the AI provider's copy of the conversations in which the text was said",
        "backups outside the workspace (Time Machine, cloud sync, snapshots)",
        "terminal scrollback and shell history where it was typed",
    ]
    return places


def _save_receipt(ws: Workspace, receipt: Receipt, text: str, salt: str,
                  now: dt.datetime) -> None:  # fmt: skip
    rel = f"{MARKER}/receipts/purge-{receipt.id}.md"
    receipt.saved_as = rel
    with ws.change("purge", f"receipt {receipt.id}") as change:
        registry = registry_with(ws, text, salt=salt, receipt_id=receipt.id, today=now.date())
        change.write(ws.root / REGISTRY, registry)
        change.write(ws.root / rel, receipt.render())
