"""A purge in git: every commit, ref and stash rewritten without the text, and .git swept.

Every ref's history goes through `git fast-export --all | replace | git fast-import --force`: the
text becomes `[purged]` in file contents, commit and tag messages and authors; a file name
holding it is renamed the same way everywhere (history and working tree get one name, made
unique: `[purged-2]` when `[purged]` is taken, so no note is ever written over another); a ref
name holding it becomes `purged` (`[` is not allowed in a ref). Stashes are kept: each entry gets
a ref for the rewrite and goes back on the stash list afterwards. Then reflogs are expired, the
index rebuilt and unreachable objects pruned, and the files git keeps text in (COMMIT_EDITMSG,
MERGE_MSG, ORIG_HEAD, FETCH_HEAD, …) removed. What an interrupted run still has to finish (its
stashes, the old ids of the commits it rewrote) is kept in `.git/memctl-purge.json` until done.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from .. import gitstore
from ..errors import Refused
from .marks import MARK, marked_bytes

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import IO

REF_MARK = "purged"
PLAN = "memctl-purge.json"
STASH_REFS = "refs/memctl/purge-stash/"
# Files under .git that keep text of their own and are safe to remove once history is rewritten.
SCRATCH = (
    "COMMIT_EDITMSG",
    "MERGE_MSG",
    "SQUASH_MSG",
    "TAG_EDITMSG",
    "ORIG_HEAD",
    "FETCH_HEAD",
    "AUTO_MERGE",
    "gc.log",
)
# fmt: off
_BUSY = {"MERGE_HEAD": "a merge", "rebase-merge": "a rebase", "rebase-apply": "a rebase",
         "CHERRY_PICK_HEAD": "a cherry-pick", "REVERT_HEAD": "a revert",
         "BISECT_LOG": "a bisect"}
# fmt: on


@dataclass
class History:
    """What the rewrite found (dry run) or did."""

    commits: int = 0  # commits that held the text
    old_ids: list[str] = field(default_factory=list)  # their ids before the rewrite
    stashes: int = 0  # stash entries kept, rewritten
    refs: dict[str, str] = field(default_factory=dict)  # a ref renamed: old name → new name
    pending: list[tuple[str, str]] = field(default_factory=list)  # (ref, message) of each stash


def refuse_if_busy(root: Path) -> None:
    """A merge, rebase or bisect in progress keeps state a rewrite would break: finish it first."""
    for name, what in _BUSY.items():
        if (root / ".git" / name).exists():
            raise Refused(
                f"{what} is in progress in this repository; finish or abort it (`git "
                "status` says how), then purge: nothing was changed"
            )


def history_paths(root: Path) -> set[str]:
    """Every file path any commit of any ref or reflog (stashes too) ever had."""
    out = gitstore.run(
        root,
        "-c",
        "core.quotepath=false",
        "log",
        "--all",
        "--reflog",
        "--no-renames",
        "--format=",
        "--name-only",
        "-z",
    )
    return {p.strip("\n") for p in out.split("\0") if p.strip("\n")}


def new_names(paths: set[str], rx: re.Pattern[str]) -> dict[str, str]:
    """A new name for each path holding the text: `[purged]` in its place, unique among all paths
    (`[purged-2]`, … when taken), the same in history and in the working tree."""
    taken = set(paths)
    names: dict[str, str] = {}
    for path in sorted(p for p in paths if rx.search(p)):
        n = 1
        while True:
            mark = MARK if n == 1 else f"[purged-{n}]"
            new = rx.sub(mark, path)
            if new not in taken:
                break
            n += 1
        taken.add(new)
        names[path] = new
    return names


def stash_entries(root: Path) -> list[tuple[str, str]]:
    """(commit, message) of each stash entry, newest first."""
    if not gitstore.run(root, "rev-parse", "--verify", "-q", "refs/stash", check=False).strip():
        return []
    out = gitstore.run(root, "log", "--walk-reflogs", "--format=%H%x1f%gs", "refs/stash")
    found = [line.partition("\x1f") for line in out.splitlines()]
    return [(sha, message) for sha, sep, message in found if sep]


def rewrite(root: Path, brx: re.Pattern[bytes], names: dict[str, str], *, dry_run: bool) -> History:
    """Rewrite every ref (and stash) without the text; or, dry, count what would change."""
    plan_path = root / ".git" / PLAN
    plan = json.loads(plan_path.read_text()) if plan_path.exists() else None
    history = History()
    stashes: list[tuple[str, str]] = []
    if plan is not None:  # an interrupted purge: its stashes already have their refs
        stashes = [(str(ref), str(message)) for ref, message in plan["stashes"]]
        history.old_ids = list(plan["old_ids"])
    elif not dry_run:
        entries = stash_entries(root)
        for i, (sha, message) in enumerate(entries):
            ref = f"{STASH_REFS}{i}"
            gitstore.run(root, "update-ref", ref, sha)
            stashes.append((ref, brx.sub(MARK.encode(), message.encode()).decode()))
    else:
        history.stashes = len(stash_entries(root))
    refs = _ref_names(root, brx)
    history.refs = {k.decode(): v.decode() for k, v in refs.items()}
    bnames = {_b(k): _b(v) for k, v in names.items()}
    with tempfile.TemporaryFile() as out:
        touched, changed = _stream(root, brx, bnames, refs, out, history)
        if dry_run:
            return history
        history.old_ids = sorted(set(history.old_ids) | touched)
        _write_plan(plan_path, stashes, history.old_ids)
        if changed:
            out.seek(0)
            proc = gitstore.spawn(
                root,
                "fast-import",
                "--force",
                "--quiet",
                stdin=out,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
            )
            _, errors = proc.communicate()
            if proc.returncode != 0:
                told = gitstore.cause(errors.decode("utf-8", "replace"), proc.returncode)
                raise gitstore.GitError(
                    f"git fast-import failed: {told}; run the same purge again to finish", path=root
                )
    _rename_refs(root, history.refs)
    history.pending = stashes
    history.stashes = len(stashes)
    return history


def _b(text: str) -> bytes:
    return text.encode("utf-8", "surrogateescape")


def _ref_names(root: Path, brx: re.Pattern[bytes]) -> dict[bytes, bytes]:
    """Refs whose name holds the text, each with its new name (`purged` in its place)."""
    out = gitstore.run(root, "for-each-ref", "--format=%(refname)")
    existing = {_b(r) for r in out.split()}
    renamed: dict[bytes, bytes] = {}
    for ref in sorted(r for r in existing if brx.search(r)):
        n = 1
        while (new := brx.sub(REF_MARK.encode() + (b"-%d" % n if n > 1 else b""), ref)) in existing:
            n += 1
        existing.add(new)
        renamed[ref] = new
    return renamed


def _stream(
    root: Path,
    brx: re.Pattern[bytes],
    names: dict[bytes, bytes],
    refs: dict[bytes, bytes],
    out: IO[bytes],
    history: History,
) -> tuple[set[str], bool]:
    """fast-export → replace → `out`. Counts the commits that held the text into `history`;
    returns their old ids, and whether anything at all changed (a tag's message, a ref's name)."""
    export = gitstore.spawn(
        root,
        "-c",
        "core.quotepath=false",
        "fast-export",
        "--all",
        "--show-original-ids",
        "--signed-tags=strip",
        "--tag-of-filtered-object=drop",
        "--reencode=yes",
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    mark_bytes = MARK.encode()
    changed_blobs: set[bytes] = set()  # marks of blobs whose content changed
    touched_ids: set[str] = set()
    stream = export.stdout
    assert stream is not None
    mark = original = None
    in_commit = touched = changed = False
    while line := stream.readline():
        new = line
        if line.startswith(b"data "):
            data = stream.read(int(line[5:]))
            text = brx.sub(mark_bytes, data) if in_commit else marked_bytes(data, brx)
            if text != data:
                touched = True
                if mark and not in_commit:
                    changed_blobs.add(mark)
            new = b"data %d\n" % len(text) + text
            line += data
        elif line.startswith((b"blob", b"commit ", b"tag ", b"reset ")):
            if in_commit and touched:
                history.commits += 1
                touched_ids.update([original.decode()] if original else [])
            in_commit, touched, mark, original = line.startswith(b"commit "), False, None, None
            verb, _, ref = line.rstrip(b"\n").partition(b" ")
            full = b"refs/tags/" + ref if verb == b"tag" else ref
            if full in refs:
                renamed = refs[full][len(b"refs/tags/") :] if verb == b"tag" else refs[full]
                new = verb + b" " + renamed + b"\n"
        elif line.startswith(b"mark "):
            mark = line[5:].strip()
        elif line.startswith(b"original-oid "):
            original = line[13:].strip()
        elif line.startswith((b"M ", b"D ")):
            new = _renamed(line, names, brx)
            if line.startswith(b"M ") and line.split(b" ")[2] in changed_blobs:
                touched = True
        else:
            new = brx.sub(mark_bytes, line)
        if new != line:
            touched = touched or not new.startswith((b"commit ", b"tag ", b"reset "))
            changed = True
        out.write(new)
    if in_commit and touched:
        history.commits += 1
        touched_ids.update([original.decode()] if original else [])
    if export.wait() != 0:
        raise gitstore.GitError("git fast-export failed; nothing was rewritten", path=root)
    return touched_ids, changed


def _renamed(line: bytes, names: dict[bytes, bytes], brx: re.Pattern[bytes]) -> bytes:
    """An `M mode ref path` or `D path` line with the path's new name, if it holds the text."""
    head, path = (
        (line[:2], line[2:-1])
        if line.startswith(b"D ")
        else (b" ".join(line.split(b" ", 3)[:3]) + b" ", line.split(b" ", 3)[3][:-1])
    )
    plain = _unquote(path)
    if not brx.search(plain):
        return line
    new = names.get(plain) or brx.sub(MARK.encode(), plain)
    return head + _quote(new) + b"\n"


_ESCAPES = {
    ord("a"): 7,
    ord("b"): 8,
    ord("f"): 12,
    ord("n"): 10,
    ord("r"): 13,
    ord("t"): 9,
    ord("v"): 11,
    ord('"'): 34,
    ord("\\"): 92,
}
_QUOTES = {v: b"\\" + bytes([k]) for k, v in _ESCAPES.items()}


def _unquote(path: bytes) -> bytes:
    """A path as fast-export writes it (C-style quoted when it holds odd bytes), as bytes."""
    if not path.startswith(b'"'):
        return path
    out, i = bytearray(), 1
    while i < len(path) - 1:
        if path[i] == 92:
            code = path[i + 1]
            if code in _ESCAPES:
                out.append(_ESCAPES[code])
                i += 2
            else:
                out.append(int(path[i + 1 : i + 4], 8))
                i += 4
        else:
            out.append(path[i])
            i += 1
    return bytes(out)


def _quote(path: bytes) -> bytes:
    if not any(b < 32 or b in (34, 92, 127) for b in path):
        return path
    return (
        b'"'
        + b"".join(
            _QUOTES.get(b) or (b"\\%03o" % b if b < 32 or b == 127 else bytes([b])) for b in path
        )
        + b'"'
    )


def _write_plan(path: Path, stashes: list[tuple[str, str]], old_ids: list[str]) -> None:
    from ..atomic import atomic_write

    atomic_write(path, json.dumps({"stashes": stashes, "old_ids": old_ids}))


def _rename_refs(root: Path, refs: dict[str, str]) -> None:
    """The rewrite made each renamed ref under its new name: the old one goes, and HEAD and the
    branch's settings follow."""
    head = gitstore.run(root, "symbolic-ref", "-q", "HEAD", check=False).strip()
    for old, new in refs.items():
        if head == old:
            gitstore.run(root, "symbolic-ref", "HEAD", new)
        if old.startswith("refs/heads/"):
            gitstore.run(
                root,
                "config",
                "--rename-section",
                f"branch.{old[11:]}",
                f"branch.{new[11:]}",
                check=False,
            )
        gitstore.run(root, "update-ref", "-d", old, check=False)


def sweep(root: Path, brx: re.Pattern[bytes], stashes: list[tuple[str, str]]) -> list[str]:
    """After the rewrite: reflogs expired, the stash entries put back on the stash list (oldest
    first, as they were), the index rebuilt from HEAD, unreachable objects pruned, git's
    scratch files removed. Returns the files under .git that still hold the text (a setting
    in .git/config, say), for the receipt."""
    git_dir = root / ".git"
    present = [(ref, message) for ref, message in stashes if _exists(root, ref)]
    if present:  # the stash list again, of the rewritten entries; their refs go only after
        gitstore.run(root, "update-ref", "-d", "refs/stash", check=False)
        for ref, message in reversed(present):
            sha = gitstore.run(root, "rev-parse", "--verify", ref).strip()
            gitstore.run(root, "stash", "store", "-q", "-m", message, sha)
    # Every reflog but the stash list's (only rewritten entries are on it now) is emptied.
    logs = git_dir / "logs"
    logged = [p.relative_to(logs).as_posix() for p in logs.rglob("*") if p.is_file()]
    refs = [r for r in logged if r != "refs/stash"]
    if refs:
        gitstore.run(root, "reflog", "expire", "--expire=now", "--expire-unreachable=now", *refs)
    for ref in gitstore.run(
        root, "for-each-ref", "--format=%(refname)", "refs/original/", STASH_REFS
    ).split():
        gitstore.run(root, "update-ref", "-d", ref)
    skipped = _skipped(root)
    (git_dir / "index").unlink(missing_ok=True)
    if gitstore.has_head(root):
        gitstore.run(root, "reset", "-q")  # a fresh index, of the rewritten HEAD's blobs
        _skip_again(root, skipped)
    for name in SCRATCH:
        (git_dir / name).unlink(missing_ok=True)
    gitstore.run(root, "gc", "--prune=now", "--quiet")
    (git_dir / PLAN).unlink(missing_ok=True)
    return _still_holding(git_dir, brx)


def _skipped(root: Path) -> list[str]:
    """The paths the index marks skip-worktree: a harness's files `memctl init --from` left
    out of the work tree (integrations/join.py), which a fresh index would take for removed
    (and the next `git commit -a` would remove from the remote)."""
    listed = gitstore.run(root, "ls-files", "-v", "-z", check=False).split("\0")
    return [entry[2:] for entry in listed if entry[:2] in ("S ", "s ")]


def _skip_again(root: Path, paths: list[str]) -> None:
    """Mark skip-worktree again each of `paths` the rewritten HEAD still holds."""
    held = set(gitstore.names(root, "ls-files", "-z")) if paths else set()
    again = [rel for rel in paths if rel in held]
    if again:
        listed = "\0".join(again) + "\0"
        gitstore.run(root, "update-index", "--skip-worktree", "-z", "--stdin", stdin=listed)


def _exists(root: Path, ref: str) -> bool:
    return bool(gitstore.run(root, "rev-parse", "--verify", "-q", ref, check=False).strip())


def _still_holding(git_dir: Path, brx: re.Pattern[bytes]) -> list[str]:
    found = []
    for folder, dirs, files in os.walk(git_dir):
        if Path(folder) == git_dir:
            dirs[:] = [d for d in dirs if d not in ("objects", "lfs")]
        for name in files:
            path = Path(folder) / name
            try:
                if path.stat().st_size < 1 << 22 and brx.search(path.read_bytes()):
                    found.append(".git/" + path.relative_to(git_dir).as_posix())
            except OSError:
                continue
    return sorted(found)
