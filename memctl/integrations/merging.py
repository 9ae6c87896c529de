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
