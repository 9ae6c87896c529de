"""`memctl forget --purge --match TEXT`: remove every copy memctl can reach, and say so.

The text is registered first (its salted hash committed to the purge registry, purged.py), so
from then on every door refuses it, even if the purge is interrupted. Then copies are replaced by
`[purged]` in live notes, daily logs (the one exception to append-only, recorded in the
receipt), `.archive/`, NOW.md, INDEX.md and memctl's own text state, and a file whose name holds
the text is renamed the same way; derived SQLite databases and caches are deleted (they rebuild
from the cleaned Markdown); git history, refs and stashes are rewritten (history.py). The
receipt names every place with counts, stands a salted hash for the text (never the text), and
names the places memctl cannot reach. A purge interrupted at any point (even by `kill -9`) is
finished by running it again; until then, every command says it was cut short, and the files it
had cleaned are committed as its own (recovery.py keeps its mark).
"""

from __future__ import annotations

import datetime as dt
import functools
import os
import re
import secrets
from dataclasses import dataclass, field
from pathlib import Path

from .. import gitstore, memos
from ..atomic import atomic_write
from ..dates import fmt_stamp
from ..errors import InvalidValue, Refused
from ..purged import LEGACY, REGISTRY, load, new_records, purged_hash, register
from ..recovery import PURGING, PurgeMark, recover
from ..secrets import spelling
from ..workspace import ARCHIVE_DIR, MARKER, Workspace
from . import history as purgehistory
from .marks import marked_count
from .memoryonly import held
from .structure import refuse_structure

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

MIN_LENGTH = 4
_DERIVED_SUFFIXES = (".db", ".db-wal", ".db-shm", ".db-journal", ".sqlite")


@dataclass
class Place:
    kind: str  # live | daily | archive | state | sqlite | cache | rules | git
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
    renamed: list[str] = field(default_factory=list)  # files' new names (the old ones hold it)
    refs_renamed: list[str] = field(default_factory=list)  # refs' new names
    stashes: int = 0  # stash entries kept, rewritten
    still_in_git: list[str] = field(default_factory=list)  # files under .git still holding it
    saved_as: str | None = None
    notices: list[str] = field(default_factory=list)  # what the start put right (recovery.py)

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "when": self.when,
            "fingerprint": self.fingerprint,
            "length": self.length,
            "dry_run": self.dry_run,
            "places": [p.to_dict() for p in self.places],
            "commits_rewritten": self.commits_rewritten,
            "history_cleaned": self.history_cleaned,
            "unreachable": self.unreachable,
            "binary_files": self.binary_files,
            "renamed": self.renamed,
            "refs_renamed": self.refs_renamed,
            "stashes": self.stashes,
            "still_in_git": self.still_in_git,
            "saved_as": self.saved_as,
            "notices": self.notices,
        }

    def render(self) -> str:
        verb = "would remove" if self.dry_run else "removed"
        dry = " (dry run: nothing changed yet)" if self.dry_run else ""
        lines = [
            f"# Purge receipt {self.id}",
            "",
            f"- when: {self.when}{dry}",
            f"- text: {self.length} characters, fingerprint {self.fingerprint} "
            "(the text itself is not kept anywhere)",
            "",
            f"## Copies memctl {verb}",
            "",
        ]
        # fmt: off
        labels = {"live": "live note", "daily": "daily log (append-only exception: rewritten "
                  "in place)", "archive": ".archive/", "state": "memctl state",
                  "sqlite": "SQLite database (deleted; rebuilt from the Markdown)",
                  "cache": "cache (deleted; rebuilt)",
                  "rules": "rules file memctl wrote outside the workspace"}
        # fmt: on
        for place in self.places:
            lines.append(
                f"- {labels[place.kind]}: {place.path} — {place.count} "
                f"occurrence{'s' if place.count != 1 else ''}"
            )
        if not self.places:
            lines.append("- none in the working files")
        history = (
            f"{self.commits_rewritten} commit(s) rewritten"
            if self.commits_rewritten
            else "no commit held it"
        )
        tail = ", reflog expired, unreachable objects pruned" if not self.dry_run else ""
        lines.append(f"- git history: {history}{tail}")
        if self.stashes:
            kept = "would be kept" if self.dry_run else "kept"
            lines.append(f"- git stashes: {self.stashes} {kept}, rewritten the same way")
        rename = "would be renamed" if self.dry_run else "renamed"
        for path in self.renamed:
            lines.append(f"- file {rename} (in the working tree and in history): {path}")
        for ref in self.refs_renamed:
            lines.append(f"- git ref {rename}: {ref}")
        for path in self.binary_files:
            lines.append(f"- NOT removed: binary file {path} contains it; edit or delete it")
        for path in self.still_in_git:
            lines.append(f"- NOT removed: {path} still holds it; edit it by hand")
        lines += ["", "## Places memctl cannot reach", ""]
        lines += [f"- {u}" for u in self.unreachable]
        return "\n".join(lines) + "\n"


def _check_pattern(pattern: str, categories: tuple[str, ...] = ()) -> str:
    text = pattern.strip()
    if len(text) < MIN_LENGTH or len(set(text)) < 2:
        raise InvalidValue(
            f"the text to purge must be at least {MIN_LENGTH} characters and "
            "not one repeated character (a short pattern would cut too much)"
        )
    refuse_structure(text, categories)  # `user`, `src:user`, `In Progress`: memctl's own
    return text


@functools.lru_cache(maxsize=4)
def _patterns(text: str) -> tuple[re.Pattern[str], re.Pattern[bytes]]:
    """Every copy of `text` as a person reads it, in text and in bytes: patterns of a few
    hundred thousand characters, some 0.1 to 0.4 s to make, kept for a purge run again (a dry run,
    then the purge; a purge resumed) in the same process."""
    spelled, spelled_bytes = spelling.spelled(text)
    return re.compile(spelled, re.IGNORECASE), re.compile(spelled_bytes, re.IGNORECASE)


def purge(ws: Workspace, pattern: str, *, now: dt.datetime, dry_run: bool) -> Receipt:
    text = _check_pattern(pattern, tuple(ws.config.categories))
    rx, brx = _patterns(text)  # every copy, as a person reads it
    root = ws.root
    with ws.lock():
        if gitstore.is_repo(root):
            purgehistory.refuse_if_busy(root)
        has_history = gitstore.is_repo(root) and gitstore.has_head(root)
        registry = load(ws)
        known = registry.find(text)
        resume = known is not None and not _committed(root, _receipt_rel(known.receipt))
        # One salt for the records a machine makes: finding purged text in a new line costs a
        # pass over its words per distinct salt (two machines' records merge with two).
        shared = registry.records[-1].salt if registry.records else secrets.token_hex(16)
        salt = known.salt if known else (None if dry_run else shared)
        if salt is None:  # a dry run of a text never purged: its salt is made when it runs
            fingerprint, tag = "(assigned when the purge runs)", "dry-run"
        else:
            fingerprint = "blake2b:" + purged_hash(salt, text)[:16]
            tag = fingerprint[8:16]
        receipt_id = (
            known.receipt if resume and known else _fresh_id(ws, f"{now:%Y%m%d-%H%M}-{tag}")
        )
        receipt = Receipt(
            id=receipt_id,
            when=fmt_stamp(now),
            fingerprint=fingerprint,
            length=len(text),
            dry_run=dry_run,
        )
        if not dry_run:  # what a killed git left (its locks), what an earlier run of it did
            receipt.notices = recover(ws, purging=receipt_id)
        files = list(_all_files(root))
        paths = {ws.rel(p) for p in files} | (
            purgehistory.history_paths(root) if has_history else set()
        )
        names = purgehistory.new_names(paths, rx)
        _refuse_held_names(ws, names, files)
        receipt.renamed = sorted(set(names.values()))
        mark = None if dry_run else PurgeMark(ws, receipt.id, fingerprint)
        made = (
            []
            if dry_run or salt is None
            else new_records(text, salt=salt, receipt=receipt.id, today=now.date())
        )
        have = {(r.salt, r.hash) for r in registry.records}
        # a text purged before gets the records of the forms read since (ROT13, backwards…)
        if made and (known is None or any((r.salt, r.hash) not in have for r in made)):
            # Registered first, in a commit of its own: from here on every door refuses it.
            with ws.change("purge", f"register {fingerprint}") as change:
                register(ws, change, *made)
        elif not dry_run and resume and gitstore.is_repo(root):
            _commit_registration(root, fingerprint)
        _scrub_files(ws, rx, brx, receipt, mark, names=names, files=files)
        _scrub_rules_files(ws, rx, receipt, dry_run=dry_run)
        if not dry_run:
            memos.forget()  # what this process kept of the text goes with the derived state
        old_ids: list[str] = []
        if has_history:
            history = purgehistory.rewrite(root, brx, names, dry_run=dry_run)
            receipt.commits_rewritten, receipt.stashes = history.commits, history.stashes
            receipt.refs_renamed = sorted(history.refs.values())
            if not dry_run:
                receipt.still_in_git = purgehistory.sweep(root, brx, history.pending)
                receipt.history_cleaned = True
                old_ids = history.old_ids
        receipt.unreachable = _unreachable(ws)
        if mark is not None:
            _save_receipt(ws, receipt, old_ids)
            mark.done()
    return receipt


def _refuse_held_names(ws: Workspace, names: dict[str, str], files: list[Path]) -> None:
    """Refused before anything is registered or changed: a rename that would take a file the
    workspace and its harness are held together by (the guard's `.claude/settings.json`,
    CLAUDE.md, `.gitattributes`, `.memctl/config.yaml`, NOW.md, a daily log: memoryonly.py).
    The receipts' names are ids, and are renamed as any name is."""
    live = {ws.rel(p) for p in files}
    for rel in sorted(names):
        why = held(ws, rel) if rel in live and not rel.startswith(RECEIPTS) else None
        if why is not None:
            raise Refused(
                f"the text is in this file's name, which is {why}: a purge does not rename "
                "it; rename or remove it yourself first, and nothing was changed",
                path=rel,
            )


def _commit_registration(root: Path, fingerprint: str) -> None:
    """A purge killed between writing its registration and committing it: commit it now."""
    mine = [REGISTRY, LEGACY, ".gitattributes"]
    dirty = sorted(gitstore.dirty_paths(root) & set(mine))
    if dirty:
        gitstore.commit(root, dirty, f"memctl purge: register {fingerprint}")


RECEIPTS = f"{MARKER}/receipts/"


def _receipt_rel(receipt_id: str) -> str:
    return f"{RECEIPTS}purge-{receipt_id}.md"


def _committed(root: Path, rel: str) -> bool:
    """True if `rel` is in HEAD: a purge that saved its receipt finished."""
    if not gitstore.is_repo(root):
        return (root / rel).exists()
    return gitstore.attempt(root, "cat-file", "-e", f"HEAD:{rel}")[0] == 0


def _fresh_id(ws: Workspace, base: str) -> str:
    """`base`, or `base-2`, … when a receipt of that id is already saved."""
    n, candidate = 1, base
    while (ws.root / _receipt_rel(candidate)).exists():
        n += 1
        candidate = f"{base}-{n}"
    return candidate


def _scrub_files(
    ws: Workspace,
    rx: re.Pattern[str],
    brx: re.Pattern[bytes],
    receipt: Receipt,
    mark: PurgeMark | None,
    *,
    names: dict[str, str] | None = None,
    files: list[Path] | None = None,
) -> None:
    """Each file cleaned (or, with no mark, a dry run: counted), each noted in the mark first."""
    names = names or {}
    dry_run = mark is None
    own = f"{MARKER}/cache/{PURGING}"  # the marks: they hold no text
    for path in files if files is not None else list(_all_files(ws.root)):
        rel = ws.rel(path)
        if rel.startswith(own):
            continue
        try:
            data = path.read_bytes()
        except FileNotFoundError:  # the earlier registry, moved into the new one, say
            continue
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
        new_rel = names.get(rel, rel)
        try:
            body = data.decode("utf-8")
        except UnicodeDecodeError:
            if brx.search(data):
                receipt.binary_files.append(new_rel)
            body = None
        cleaned_text, count = marked_count(body, rx) if body is not None else ("", 0)
        if count:
            receipt.places.append(Place(_kind(rel, ws.config.daily_dir), new_rel, count))
        if mark is None:
            continue
        if count:
            cleaned = cleaned_text.encode("utf-8")
            mark.wrote(rel, cleaned)
            atomic_write(path, cleaned)
        if new_rel != rel:
            mark.moved(rel, new_rel)
            _move(ws.root, path, ws.root / new_rel)


def _scrub_rules_files(
    ws: Workspace, rx: re.Pattern[str], receipt: Receipt, *, dry_run: bool
) -> None:
    """The rules files memctl wrote outside the workspace for Claude Code (claudemd.py: `hooks
    install`, `now --rules-file`), each copy replaced as in the workspace's files."""
    from ..claudemd import rules_files

    for path in rules_files(ws):
        body = path.read_text(encoding="utf-8")
        cleaned, count = marked_count(body, rx)
        if count:
            receipt.places.append(Place("rules", str(path), count))
            if not dry_run:
                atomic_write(path, cleaned.encode("utf-8"))


def _move(root: Path, src: Path, dst: Path) -> None:
    """Rename a file to its purged name, and remove the folders the move left empty."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    os.replace(src, dst)
    folder = src.parent
    while folder != root and not any(folder.iterdir()):
        folder.rmdir()
        folder = folder.parent


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


def _all_files(root: Path) -> Iterator[Path]:
    for folder, dirs, files in os.walk(root):
        if Path(folder) == root and ".git" in dirs:
            dirs.remove(".git")
        for name in sorted(files):
            path = Path(folder) / name
            if path.is_file() and not path.is_symlink():
                yield path


_REMOTE = (
    "its copy keeps the old history until you push --force (a host may keep the old "
    "commits by their id until it collects them: ask it to), and every clone must run "
    "the same purge or be cloned again (`memctl sync` refuses the old history)"
)


def _unreachable(ws: Workspace) -> list[str]:
    places = []
    if gitstore.is_repo(ws.root):
        for name in gitstore.run(ws.root, "remote").split():
            url = gitstore.run(ws.root, "remote", "get-url", "--", name, check=False).strip()
            places.append(f"git remote {name} ({_shown_url(url)}): {_REMOTE}")
    places += [
        "clones and checkouts of this workspace on other machines",
        "the AI provider's copy of the conversations in which the text was said",
        "backups outside the workspace (Time Machine, cloud sync, snapshots)",
        "terminal scrollback and shell history where it was typed",
        "a rules file for Claude Code that memctl has no record of writing (a project's "
        ".claude/memctl-rules.md, ~/.claude/memctl-rules.md, written by an earlier memctl or "
        "for another workspace): `memctl now --rules-file PATH` rewrites it from the rules",
    ]
    return places


def _save_receipt(ws: Workspace, receipt: Receipt, old_ids: list[str]) -> None:
    """The receipt, and the old ids of the rewritten commits (sync refuses them), one commit."""
    rel = _receipt_rel(receipt.id)
    receipt.saved_as = rel
    with ws.change("purge", f"receipt {receipt.id}") as change:
        register(ws, change, commits=dict.fromkeys(old_ids, receipt.id))
        change.write(ws.root / rel, receipt.render())


def _shown_url(url: str) -> str:
    """A remote's URL as memctl writes it down: without the login a URL may carry
    (`https://sam:TOKEN@github.com/…`), which is a secret."""
    scheme, sep, rest = url.partition("://")
    host, slash, path = rest.partition("/")
    if not sep or "@" not in host:
        return url
    return f"{scheme}://{host.rpartition('@')[2]}{slash}{path}, its login left out"
