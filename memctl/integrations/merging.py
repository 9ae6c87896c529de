"""How `memctl sync` merges two machines' changes without a person where git alone would stop:
memctl's merge rules in the clone's own attributes, and a note both sides only added entries
to at its end."""

from __future__ import annotations

from pathlib import Path

from .. import gitstore


def merge_rules(root: Path) -> None:
    """memctl's merge rules (templates/gitattributes: union merges of the files that only
    grow) in this clone's own attributes (.git/info/attributes), so a workspace whose
    .gitattributes an older memctl wrote merges them too. `union` is git's own merge: no
    program is named, and none a synced file names is run."""
    from ..initialize import template

    wanted = [
        line
        for line in template("gitattributes").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    path = root / ".git" / "info" / "attributes"
    have = path.read_text(encoding="utf-8").splitlines() if path.is_file() else []
    missing = [line for line in wanted if line not in have]
    if missing:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("\n".join([*have, *missing]) + "\n", encoding="utf-8")


def appended_on_both_sides(root: Path, files: list[str]) -> bool:
    """Resolve a merge's conflicts where both sides only added lines at the end of a file
    (two machines that each remembered something in one note): the other side's lines go
    after ours, as they would have had the two written one after the other. True when every
    conflicted file was resolved so; else nothing is touched and the conflict stays."""
    resolved = {}
    for rel in files:
        base, ours, theirs = (gitstore.blob(root, rel, rev=f":{n}") for n in (1, 2, 3))
        if ours is None or theirs is None or not rel.endswith(".md"):
            return False
        if base is None:  # made on both sides (one note, the same day): their common start
            base = _common_lines(ours, theirs)
            if not _entries_only(ours[len(base) :]) or not _entries_only(theirs[len(base) :]):
                return False
        if not (ours.startswith(base) and theirs.startswith(base)) or not base.endswith(b"\n"):
            return False
        tail = theirs[len(base) :]
        resolved[rel] = ours + (b"" if ours.endswith(b"\n") or not ours else b"\n") + tail
    from ..atomic import atomic_write

    for rel, data in resolved.items():
        atomic_write(root / rel, data)
    gitstore.run(root, "add", "--", *resolved)
    return True


def _common_lines(one: bytes, other: bytes) -> bytes:
    """The whole lines two texts begin with."""
    lines = []
    for a, b in zip(one.splitlines(keepends=True), other.splitlines(keepends=True), strict=False):
        if a != b:
            break
        lines.append(a)
    return b"".join(lines)


def _entries_only(tail: bytes) -> bool:
    """Lines that are each an entry of a note ("- …"), blank lines between them."""
    lines = [line for line in tail.splitlines() if line.strip()]
    return bool(lines) and all(line.startswith(b"- ") for line in lines)


def space_logs(root: Path, daily_dir: str, ours: str, theirs: str, how: str) -> None:
    """A blank line back between the log entries the merge put side by side, in the merge's
    own commit (a rebase: a commit of its own)."""
    if how not in ("merge", "rebase"):
        return
    written = _spaced(root, daily_dir, ours, theirs)
    if written:
        gitstore.run(root, "add", "--", *written)
        if how == "merge":
            gitstore.run(root, "commit", "--amend", "--no-edit", "--quiet")
        else:
            message = "memctl sync: a blank line between the log entries of two machines"
            gitstore.run(root, "commit", "--quiet", "-m", message)


def _spaced(root: Path, daily_dir: str, ours: str, theirs: str) -> list[str]:
    """Put back the blank line before each log entry a union merge glued to the entry before
    it ("from machine A" followed at once by "### 08:05 — B": both sides added a blank line
    and a heading, and git kept one blank line). Only a heading whose line before it is on
    neither side is given one; the daily logs changed since `ours` are looked at. The files
    written, relative to the root."""
    from ..atomic import atomic_write
    from ..daily import HEADING

    changed = gitstore.run(root, "diff", "--name-only", ours, "HEAD", "--", f"{daily_dir}/*.md")
    written = []
    for rel in changed.splitlines():
        path = root / rel
        merged = path.read_bytes() if path.is_file() else None
        if merged is None:
            continue
        pairs = {
            pair
            for side in (gitstore.blob(root, rel, ours), gitstore.blob(root, rel, theirs))
            if side is not None
            for pair in _adjacent(side)
        }
        lines = merged.splitlines(keepends=True)
        out = []
        for n, line in enumerate(lines):
            before = lines[n - 1] if n else b""
            glued = before.strip() and HEADING.match(
                line.rstrip(b"\r\n").decode("utf-8", "replace")
            )
            if glued and (before.rstrip(b"\r\n"), line.rstrip(b"\r\n")) not in pairs:
                out.append(b"\r\n" if before.endswith(b"\r\n") else b"\n")
            out.append(line)
        fixed = b"".join(out)
        if fixed != merged:
            atomic_write(path, fixed)
            written.append(rel)
    return written


def _adjacent(text: bytes) -> set[tuple[bytes, bytes]]:
    """Each line with the line after it, line endings left out."""
    lines = [line.rstrip(b"\r\n") for line in text.splitlines(keepends=True)]
    return set(zip(lines, lines[1:], strict=False))
