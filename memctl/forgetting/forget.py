"""Forgetting on request: a memory leaves the live workspace in a commit that says why, and can
come back from git; what was purged for good stays purged.

`forget ID` closes the entry; `forget FILE` marks the note superseded and moves it to
`.archive/`. Either takes only memory, a note of a category folder or an entry in one: never a
harness's file, git's settings, NOW.md, INDEX.md, `.memctl/` or a daily log (memoryonly.py).
`restore` reverses the last forget of that target from git. The purge itself (every copy,
history included, with a receipt) is in purge.py, its registry in purged.py.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from .. import gitstore
from ..errors import InvalidValue, NotFound, Refused
from ..longterm import find_entry, looks_like_entry_ref, resolve_note
from ..note import read_note, set_meta
from ..workspace import ARCHIVE_DIR, Outcome, Workspace
from .memoryonly import held, refuse_forgetting


@dataclass(frozen=True)
class Forgotten:
    target: str
    kind: str  # entry | file
    reason: str
    moved_to: str | None = None

    def to_dict(self) -> dict:
        return {
            "target": self.target,
            "kind": self.kind,
            "reason": self.reason,
            "moved_to": self.moved_to,
        }


def forget(
    ws: Workspace, target: str, *, reason: str, today: dt.date, source: str = "agent"
) -> Outcome[Forgotten]:
    """Take one memory out of the live workspace, in one commit that records the reason.
    `source`: who asked for it (a rule is forgotten only by the user)."""
    from ..dashboard import refresh_index
    from .archive import move_file
    from .closing import close_in_place, is_rule, refuse_retiring_rule

    reason = " ".join(reason.split())
    if not reason:
        raise InvalidValue("forget needs a reason (--reason)")
    with ws.change("forget", "") as change:
        if looks_like_entry_ref(ws, target):
            ref = find_entry(ws, target)
            refuse_forgetting(ws, ref.path, entry=True)
            refuse_retiring_rule(ref.address, is_rule(ref.path, ref.entry), source)
            close_in_place(ws, change, ref, reason=f"forgotten: {reason}", on=today, today=today)
            result = Forgotten(ref.address, "entry", reason)
        else:
            named = ws.rel(ws.resolve(target))  # what it names, before asking if it is a note
            if held(ws, named) is not None:  # .memctl/config.yaml: refused as CLAUDE.md is
                refuse_forgetting(ws, named)
            path = resolve_note(ws, target)
            rel = ws.rel(path)
            if rel.startswith(f"{ARCHIVE_DIR}/"):
                raise Refused(f"{rel} is already archived")
            refuse_forgetting(ws, rel)
            refuse_retiring_rule(rel, is_rule(rel), source, what="a note of rules")
            note = read_note(path, display=rel)
            if note.has_frontmatter:
                note = set_meta(note, status="superseded", superseded=today, why=reason)
                change.write(path, note.render())
            moved = move_file(ws, change, rel, f"{ARCHIVE_DIR}/{rel}", today)
            result = Forgotten(rel, "file", reason, moved)
        refresh_index(ws, change, today=today)
        change.what = f"{result.target} — {reason}"
    return Outcome(result, change)


@dataclass(frozen=True)
class Restored:
    target: str
    from_commit: str
    paths: list[str]

    def to_dict(self) -> dict:
        return {"target": self.target, "from_commit": self.from_commit, "paths": self.paths}


def restore(ws: Workspace, target: str, *, today: dt.date) -> Outcome[Restored]:
    """Bring back what the last `memctl forget` of this target took, as git had it before."""
    from ..dashboard import refresh_index

    key = target.lstrip("^")
    if not gitstore.is_repo(ws.root):
        raise NotFound(
            f"{ws.root} is not a git repository, so nothing forgotten here can be restored "
            "(`memctl init` makes it one, for what is forgotten from then on)"
        )
    commits = gitstore.run(
        ws.root, "log", "--format=%H%x1f%s", "--fixed-strings", "--grep", "memctl forget:"
    ).splitlines()
    sha = next(
        (line.split("\x1f")[0] for line in commits if _names_target(line.split("\x1f")[1], key)),
        None,
    )
    if sha is None:
        raise NotFound(f"no `memctl forget` of {target!r} in this workspace's git history")
    changed = gitstore.run(ws.root, "show", "--name-status", "--format=", "--no-renames", sha)
    with ws.change("restore", target) as change:
        paths = []
        for line in changed.splitlines():
            status, _, rel = line.partition("\t")
            if rel == "INDEX.md":
                continue
            if status == "A":  # the archived copy made by the forget
                if (ws.root / rel).exists():
                    change.remove(ws.root / rel)
            else:
                before = gitstore.run(ws.root, "show", f"{sha}^:{rel}")
                if status == "M" and "#" not in target and not target.endswith(".md"):
                    before = _restore_line(ws, rel, key, before)
                change.write(ws.root / rel, before)
            paths.append(rel)
        refresh_index(ws, change, today=today)
    return Outcome(Restored(target, sha, paths), change)


def _names_target(subject: str, key: str) -> bool:
    named = subject.removeprefix("memctl forget: ").split(" — ")[0]
    return (
        named == key
        or named.endswith(f"#^{key}")
        or named.removesuffix(".md") == key.removesuffix(".md")
    )


def _restore_line(ws: Workspace, rel: str, entry_id: str, before: str) -> str:
    """Only the forgotten entry's line comes back; later edits to the file are kept."""
    old = next((line for line in before.splitlines() if line.endswith(f" ^{entry_id}")), None)
    current = (ws.root / rel).read_text(encoding="utf-8")
    lines = current.splitlines(keepends=True)
    for i, line in enumerate(lines):
        if line.rstrip("\n").endswith(f" ^{entry_id}") and old is not None:
            lines[i] = old + "\n"
            return "".join(lines)
    raise NotFound(f"entry ^{entry_id} is no longer in {rel}; restore it by hand from git")
