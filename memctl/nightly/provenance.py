"""What a consolidation run really did, read from its own commit.

`.memctl/nightly.jsonl` is committed and synced, so a peer can write a run record that never
ran: one whose steps "wrote" an entry the user made, or "closed" a line that was never there.
`memctl consolidate --undo` takes a run back only as far as the history backs it: the run's
commit (the one whose message names the run and which added the run's record line) must have
added each line the undo removes and taken out each line it puts back.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from .. import gitstore
from ..errors import Refused
from ..workspace import MARKER, Workspace

RUN_ID = re.compile(r"\d{8}-\d{4}-[0-9a-f]{6}")  # what runs.record_run names a run
RECORD = f"{MARKER}/nightly.jsonl"


@dataclass
class Diff:
    """The lines one commit added and took out, file by file, and the files it created."""

    added: dict[str, set[str]] = field(default_factory=dict)
    removed: dict[str, set[str]] = field(default_factory=dict)
    created: set[str] = field(default_factory=set)

    def adds(self, rel: str, line: str) -> bool:
        return line.rstrip("\n") in self.added.get(rel, ())

    def takes_out(self, rel: str, line: str) -> bool:
        return line.rstrip("\n") in self.removed.get(rel, ())

    def touches(self, rel: str) -> bool:
        return rel in self.added or rel in self.removed

    def mentions(self, rel: str, text: str, *, added: bool) -> bool:
        """Does a line the commit added (or took out) of `rel` hold `text`?"""
        lines = (self.added if added else self.removed).get(rel, ())
        return any(text in line for line in lines)


def what_run_did(ws: Workspace, run: dict) -> Diff | None:
    """The diff of `run`'s commit; None where no history can say (a workspace without git,
    or before its first commit). Refused when the history has no such run."""
    if not gitstore.is_repo(ws.root) or not gitstore.has_head(ws.root):
        return None
    name = run.get("run")
    if not isinstance(name, str) or not RUN_ID.fullmatch(name):
        raise Refused(f"{RECORD} names a run {name!r} that memctl did not make: not undone")
    out = gitstore.run(
        ws.root,
        "-c",
        "core.quotePath=false",
        "log",
        "-F",
        f"--grep=memctl-run: {name}",
        "--format=%x00%H",
        "-p",
        "--unified=0",
        "--no-color",
        "--no-ext-diff",
        "--no-renames",
        "--no-textconv",
    )
    for chunk in out.split("\0")[1:]:
        diff = parse_patch(chunk)
        if any(json.loads(line) == run for line in diff.added.get(RECORD, ()) if _json(line)):
            return diff
    raise Refused(
        f"run {name} is in {RECORD} but no commit of this workspace's history made it "
        "(a record written by hand or by another machine): not undone"
    )


def _json(line: str) -> bool:
    try:
        json.loads(line)
    except ValueError:
        return False
    return True


def parse_patch(text: str) -> Diff:
    """A unified patch with no context lines (`--unified=0`), as `git log -p` prints it."""
    diff = Diff()
    old = new = ""
    in_hunk = False
    for line in text.split("\n"):
        if line.startswith("diff --git "):
            in_hunk, old, new = False, "", ""
        elif in_hunk and line[:1] in ("+", "-", " ", "\\"):
            if line.startswith("+"):
                diff.added.setdefault(new, set()).add(line[1:])
            elif line.startswith("-"):
                diff.removed.setdefault(old, set()).add(line[1:])
        elif line.startswith("@@"):
            in_hunk = True
        elif line.startswith("--- "):
            old = _path(line[4:], "a/")
        elif line.startswith("+++ "):
            new = _path(line[4:], "b/")
            if old == "/dev/null":
                diff.created.add(new)
            old = old if old != "/dev/null" else new
            new = new if new != "/dev/null" else old
    return diff


def _path(text: str, prefix: str) -> str:
    text = text.rstrip("\t")
    return text[len(prefix) :] if text.startswith(prefix) else text
