"""`memctl sync`: one memory on many machines, through any git remote.

A workspace is a git repository, so agents on several machines share it by pulling and pushing.
Daily logs and the relations file are append-only and merge as a union (`merge=union` in the
.gitattributes `memctl init` writes): two machines that both logged today keep both entries; so
do memctl's records that only grow. A note both sides only added entries to at its end takes
the other side's entries after ours. Anything else that both sides changed is a real
conflict: it is left in the files, with git's markers, for a person to resolve, and reported
with the files named. memctl never picks a side, and a conflict still open stops the next sync
(and the next commit).

A purge and a sync never undo each other: what is fetched is held apart until it is checked,
and history that would bring a purged text back (a commit the purge rewrote away, or one that
holds the text) is refused in either direction, with what to do; what was fetched goes again.
The purge registry itself merges as a union (purged.py). Commits that bring one of the files
memctl keeps to each machine (the search index, local.yaml: git would write them over this
machine's copies without asking), or a name no line can show, are refused before anything is
merged (unshared.py), as are a .gitattributes line that changes what git writes or reads, a
`.memctl` that is no folder or holds a link, a link out of the workspace or into .git/ or
.memctl/, a config this machine cannot load, and a file an agent harness runs or reads
(received.py: the rules `memctl init --from` holds a clone to as well). So are commits that
change rules/, until a person takes them (`--take-rules COMMIT`): a rule is obeyed.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from shlex import quote

from .. import gitstore
from ..controls import unshowable
from ..errors import MemctlError, ParseError, Refused
from ..unshared import named, refusal
from ..workspace import Workspace
from .incoming import history_text
from .merging import appended_on_both_sides, merge_rules, space_logs
from .received import (
    Arrival,
    brought,
    refuse_attributes,
    refuse_config,
    refuse_harness_files,
    refuse_linked_state,
    refuse_links,
    refuse_rules,
)


class SyncConflict(MemctlError):
    """A pull left files in conflict (or one is still unresolved): a person decides."""

    def __init__(self, message: str, files: list[str]):
        super().__init__(message)
        self.files = files

    def to_dict(self) -> dict:
        return {**super().to_dict(), "files": self.files}


class PurgedHistory(Refused):
    """History on one side holds text purged on purpose: nothing is merged or pushed."""


@dataclass(frozen=True)
class Synced:
    remote: str
    branch: str
    received: int  # commits pulled in
    sent: int  # commits pushed
    how: str  # merge | rebase | fast-forward | none
    kept: int = 0  # purge records the commits brought in removed, put back (_keep_registered)
    # "FILE:LINE: not UTF-8 text" of each Markdown file the commits brought with such a byte
    unreadable: tuple[str, ...] = ()

    def to_dict(self) -> dict:
        return {
            "remote": self.remote,
            "branch": self.branch,
            "received": self.received,
            "sent": self.sent,
            "how": self.how,
            "kept_purge_records": self.kept,
            "unreadable": list(self.unreadable),
        }


def sync(
    ws: Workspace, *, remote: str | None = None, rebase: bool = False, take_rules: str | None = None
) -> Synced:
    """Fetch, bring the other machines' commits in (merge, or rebase), then push ours.
    `take_rules`: the remote's commit whose rules a person read and takes (refuse_rules)."""
    root = ws.root
    if not gitstore.is_repo(root):
        raise MemctlError(f"{root} is not a git repository; run `memctl init` first")
    with ws.lock():  # no memctl command commits halfway through a pull
        unresolved(root)
        branch = _branch(root)
        remote = gitstore.remote_name(root, remote) if remote else _remote(root, branch)
        fetched = _fetch(root, remote, branch)
        theirs = f"refs/remotes/{remote}/{branch}"
        theirs_files: list[str] = []
        try:
            _refuse_purged(ws, fetched, remote, branch)
            if fetched:
                arrival = Arrival(root, fetched, f"{remote}/{branch}")
                _refuse_unshared(arrival)
                refuse_linked_state(arrival)
                refuse_links(arrival)
                refuse_attributes(arrival)
                refuse_config(arrival, ws.config.daily_dir)
                refuse_harness_files(arrival, remote)
                refuse_rules(arrival, take_rules)
                theirs_files = brought(arrival, "--diff-filter=d")
                gitstore.run(root, "update-ref", theirs, fetched)
        finally:
            gitstore.run(root, "update-ref", "-d", INCOMING, check=False)
        received, how, kept = 0, "none", 0
        unreadable: tuple[str, ...] = ()
        if fetched:
            received = _count(root, f"HEAD..{theirs}")
            if received:
                registered = _registered(root)
                ours = gitstore.run(root, "rev-parse", "HEAD").strip()
                how = _bring_in(root, theirs, remote, branch, rebase=rebase)
                space_logs(root, ws.config.daily_dir, ours, theirs, how)
                kept = _keep_registered(root, registered)
                unreadable = _not_utf8(root, theirs_files)
        sent = _count(root, f"{theirs}..HEAD") if fetched else _count(root, "HEAD")
        if sent:
            _push(root, remote, branch)
    return Synced(remote, branch, received, sent, how, kept, unreadable)


def _not_utf8(root: Path, rels: list[str]) -> tuple[str, ...]:
    """ "FILE:LINE: not UTF-8 text" of each Markdown file of `rels` (what the commits brought)
    that holds a byte that is not UTF-8, as the merge left it: it lands (a file of memory, as
    a person might have saved it), and each command that reads it stops at that line until a
    person fixes it (Workspace.read_text), so sync says so."""
    from ..textstyle import not_utf8

    found = []
    for rel in rels:
        path = root / rel
        if not rel.endswith(".md") or path.is_symlink() or not path.is_file():
            continue
        data = path.read_bytes()
        try:
            data.decode("utf-8")
        except UnicodeDecodeError as exc:
            found.append(str(not_utf8(data, rel, exc)))
    return tuple(found)


def _registered(root: Path) -> dict[str, list[str]]:
    """The lines of the purge registry's files (purged.jsonl and the earlier one), by file."""
    from ..purged import LEGACY, REGISTRY

    found = {}
    for rel in (REGISTRY, LEGACY):
        try:
            found[rel] = (root / rel).read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError):
            found[rel] = []
    return found


def _keep_registered(root: Path, before: dict[str, list[str]]) -> int:
    """Put back, and commit, each line of the purge registry the commits brought in took out.
    The registry only grows (two machines' lines merge as a union), but a peer's commit can
    empty it, and a fast-forward would take that as it is: the texts purged here would come
    back through every door. The number of lines put back."""
    from ..atomic import atomic_write

    now = _registered(root)
    changed, count = [], 0
    for rel, lines in before.items():
        there = set(now[rel])
        missing = [line for line in lines if line.strip() and line not in there]
        if missing:
            kept = [line for line in now[rel] if line.strip()] + missing
            atomic_write(root / rel, "\n".join(kept) + "\n")
            changed.append(rel)
            count += len(missing)
    if changed:
        gitstore.commit(
            root,
            changed,
            f"memctl sync: kept {count} purge record(s) the commits brought in removed",
        )
    return count


# What a sync fetches lands here first, out of sight of the remote-tracking branches, until it
# is taken (and the remote-tracking branch moves) or refused (and it goes).
INCOMING = "refs/memctl/incoming"


def _branch(root: Path) -> str:
    branch = gitstore.run(root, "symbolic-ref", "--quiet", "--short", "HEAD", check=False).strip()
    if not branch:
        raise MemctlError(
            "HEAD is not on a branch (detached); check out the workspace's "
            "branch, e.g. `git switch main`",
            path=root,
        )
    return branch


def _fetch(root: Path, remote: str, branch: str) -> str | None:
    """The remote's commit of `branch`, fetched (None when the remote has no such branch yet).

    Every value is after `--`, and the `ext::` transport is off (gitstore.REMOTE_SAFE)."""
    code, _, err = gitstore.attempt(
        root,
        *gitstore.REMOTE_SAFE,
        "fetch",
        "--quiet",
        "--no-tags",
        "--refmap=",
        "--",
        remote,
        f"+refs/heads/{branch}:{INCOMING}",
    )
    if code != 0:
        if "couldn't find remote ref" in err:
            return None
        raise MemctlError(f"git fetch from {remote} failed: {_why(err)}", path=root)
    return gitstore.run(root, "rev-parse", "--verify", "--quiet", INCOMING).strip()


def _refuse_purged(ws: Workspace, fetched: str | None, remote: str, branch: str) -> None:
    """Refuse to bring in, or to send, history that holds a text purged here or there."""
    from ..purged import LEGACY, REGISTRY, load, parse

    root = ws.root
    registry = load(ws)
    if fetched:
        try:
            theirs = parse(_show(root, fetched, REGISTRY), _show(root, fetched, LEGACY))
        except ParseError as exc:  # a line that is not JSON: nothing of theirs is taken
            gitstore.run(root, "update-ref", "-d", INCOMING, check=False)
            raise ParseError(
                f"sync refused: {exc.where()} as {remote}/{branch} has it is not JSON (memctl "
                "does not guess what was purged); nothing was merged. On the machine that "
                "pushed it, put the line back as git had it, push, then `memctl sync` here"
            ) from None
        registry = registry.merged(theirs)
    if not registry:
        return
    incoming = f"HEAD..{fetched}" if fetched else None
    outgoing = f"{fetched}..HEAD" if fetched else "HEAD"
    for side, spec in (("incoming", incoming), ("outgoing", outgoing)):
        if spec is None:
            continue
        ids = gitstore.run(root, "rev-list", spec).split()
        receipt = next((registry.commits[c] for c in ids if c in registry.commits), None)
        if receipt is None and fetched and ids:  # what is new on either side, read for the text
            shortest = min(r.length for r in registry.records)
            receipt = registry.match(history_text(root, spec, shortest=shortest))
        if receipt is not None:
            if side == "incoming":  # its objects go again, as the purge left the repository
                gitstore.run(root, "update-ref", "-d", INCOMING, check=False)
                gitstore.run(root, "gc", "--prune=now", "--quiet", check=False)
            raise PurgedHistory(_purged_advice(root, side, receipt, remote, branch))


def _refuse_unshared(arrival: Arrival) -> None:
    """Refuse commits that bring a path no peer may send (unshared.refusal): one of memctl's
    files kept to each machine, which git would write over this machine's copy without asking,
    or a name no line can show. What they bring is what changed on their side since the two
    sides parted (a file they only removed, or that was there before, is not theirs to answer
    for: a machine that untracks one, as doctor says, sends that removal on)."""
    for rel in brought(arrival, "--diff-filter=d"):
        why = refusal(rel)
        if why is not None:
            fix = "rename it" if unshowable(rel) else f"run `git rm -r --cached {quote(rel)}`"
            raise Refused(
                f"sync refused: the remote's commits bring {named(rel)}, {why}. Nothing was "
                f"merged; on the machine that committed it, {fix}, commit and push, then sync "
                "again here"
            )


def _show(root: Path, commit: str, rel: str) -> str | None:
    """`rel` as `commit` has it (None: it has no such file); a file that is not UTF-8 is read
    as damaged (purged.parse refuses a line that is not JSON)."""
    data = gitstore.blob(root, rel, rev=commit)
    return None if data is None else data.decode("utf-8", "replace")


def _purged_advice(root: Path, side: str, receipt: str, remote: str, branch: str) -> str:
    if side == "incoming":
        return (
            f"sync refused: {remote}/{branch} holds text purged on purpose (receipt "
            f"{receipt}), from history older than the purge or from a machine that has not "
            "run it; nothing was merged, and what was fetched was dropped. If the remote "
            "holds nothing you still need, replace its history with this workspace's: "
            f"`git -C {root} push --force {remote} {branch}`; if another machine pushed "
            "since, run the same `memctl forget --purge --match TEXT --yes` there first, "
            "`memctl sync` there, then here"
        )
    return (
        f"sync refused: this workspace's history holds text purged on purpose (receipt "
        f"{receipt}), on another machine or here before; nothing was merged or pushed. Run "
        "the same purge here (`memctl forget --purge --match TEXT --yes`, the person who "
        "purged it knows the text), then `memctl sync`; or clone the workspace again and "
        "copy over what you wrote since"
    )


def unresolved(root: Path) -> None:
    """Refuse to go on while an earlier merge or rebase waits for a person."""
    git_dir = root / ".git"
    for marker, kind in (
        ("MERGE_HEAD", "merge"),
        ("rebase-merge", "rebase"),
        ("rebase-apply", "rebase"),
    ):
        if (git_dir / marker).exists():
            raise _conflict(root, kind, still=True)


def _remote(root: Path, branch: str) -> str:
    upstream = gitstore.run(root, "config", f"branch.{branch}.remote", check=False).strip()
    if upstream:
        return gitstore.remote_name(root, upstream, option=f"branch.{branch}.remote")
    remotes = gitstore.run(root, "remote").split()
    if "origin" in remotes:
        return gitstore.remote_name(root, "origin")
    if len(remotes) == 1:
        return gitstore.remote_name(root, remotes[0])
    if not remotes:
        raise MemctlError(
            f"the workspace has no git remote; add one with `git -C {root} remote "
            "add origin URL`, then `memctl sync`"
        )
    raise MemctlError(
        f"several git remotes ({', '.join(remotes)}) and none is the branch's "
        "upstream; name one with `memctl sync --remote NAME`"
    )


def _bring_in(root: Path, theirs: str, remote: str, branch: str, *, rebase: bool) -> str:
    merge_rules(root)
    ahead = _count(root, f"{theirs}..HEAD")
    if rebase:
        code, _, err = gitstore.attempt(root, "rebase", "--autostash", theirs)
        how = "rebase" if ahead else "fast-forward"
    else:
        message = f"memctl sync: merge {remote}/{branch}"
        code, _, err = gitstore.attempt(root, "merge", "--no-edit", "-m", message, theirs)
        how = "merge" if ahead else "fast-forward"
    if code == 0:
        return how
    conflicted = _conflicted(root)
    if conflicted and not rebase and appended_on_both_sides(root, conflicted):
        gitstore.run(root, "commit", "--no-edit", "--quiet")
        return how
    if conflicted:
        raise _conflict(root, "rebase" if rebase else "merge")
    raise MemctlError(
        f"git {'rebase' if rebase else 'merge'} refused to bring in {remote}/"
        f"{branch}, nothing was changed: {_why(err)}",
        path=root,
    )


def _push(root: Path, remote: str, branch: str) -> None:
    upstream = gitstore.run(
        root, "rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{u}", check=False
    ).strip()
    args = [
        *gitstore.REMOTE_SAFE,
        "push",
        "--quiet",
        *([] if upstream else ["--set-upstream"]),
        "--",
        remote,
        f"HEAD:refs/heads/{branch}",
    ]
    code, _, err = gitstore.attempt(root, *args)
    if code != 0:
        raise MemctlError(
            f"git push to {remote} failed: {_why(err)} (if another machine pushed "
            "meanwhile, run `memctl sync` again)",
            path=root,
        )


def _count(root: Path, spec: str) -> int:
    return int(gitstore.run(root, "rev-list", "--count", spec).strip() or 0)


def _conflicted(root: Path) -> list[str]:
    out = gitstore.run(root, "diff", "--name-only", "--diff-filter=U", "-z", check=False)
    return sorted(p for p in out.split("\0") if p)


def _conflict(root: Path, kind: str, *, still: bool = False) -> SyncConflict:
    files = _conflicted(root)
    named = ", ".join(files) if files else "(none left: every file is resolved)"
    finish = "git rebase --continue" if kind == "rebase" else "git commit"
    undo = f"git -C {root} {kind} --abort"
    head = (
        f"a {kind} from an earlier sync is not finished"
        if still
        else f"sync stopped: {len(files)} file(s) changed on both sides, left in conflict for "
        "a person (nothing was dropped)"
    )
    return SyncConflict(
        f"{head}: {named} — in each, keep what both sides meant and remove the <<<<<<< ======= "
        f">>>>>>> lines, `git add` it, then `{finish}` and `memctl sync` again (`{undo}` "
        "undoes the pull)",
        files,
    )


def _why(err: str) -> str:
    lines = [line.strip() for line in err.strip().splitlines() if line.strip()]
    files = [line for line in lines if not line.endswith((".", ":")) and " " not in line]
    for line in lines:
        if line.lower().startswith(("error:", "fatal:", "!")):
            message = line.split(":", 1)[1].strip() if ":" in line[:7] else line
            return message + (f" {', '.join(files)}" if files else "")
    return lines[-1] if lines else "no reason given"
