"""`memctl init --from URL PATH`: another machine joins a memory kept in a git remote.

Any git remote works, including a bare repository made with `git init --bare`, whose HEAD
names a branch nobody pushed (`master`, while the workspace lives on `main`): a plain `git
clone` of it checks out nothing. So the branch is chosen from what the remote holds: the one
its HEAD names if it exists, else `main`, else `master`, else its only branch (`--branch`
names one). The clone tracks it, so `memctl sync` pulls and pushes from then on.

A remote with no branch yet gets a new workspace on `main` (`memctl sync` pushes it); a clone
that holds Markdown but no `.memctl/` is adopted as `memctl init` adopts any folder. PATH must
be new or empty: a clone never lands on top of files. A file memctl keeps to each machine that
the remote tracks after all (`.memctl/search.db`: unshared.py) is taken out of the clone and
untracked, and said so.

The clone is held to what `memctl sync` asks of a peer's commits (received.py), before any
file is checked out (`git clone --no-checkout`): a `.memctl` that is no folder or holds a
link, a link out of the workspace or into .git/ or .memctl/, a .gitattributes line that makes
git run a program or re-encode a note, or a config this machine cannot load refuse the join
(exit 3, one line naming the file and the commit), and the folder goes (one given empty is
left empty): no half workspace. A file an agent harness runs or reads as its instructions
(CLAUDE.md, `.claude/settings.json`, …) is not checked out, but stays in git as the remote
has it, marked skip-worktree: git takes its absence for no change, so no commit here removes
it from the remote, and the notice says how to read and take it.
"""

from __future__ import annotations

import datetime as dt
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from shlex import quote

from .. import gitstore
from ..controls import shown
from ..errors import InvalidValue, MemctlError, PathRefused, Refused
from ..workspace import MARKER
from .received import (
    Arrival,
    harness_files,
    refuse_attributes,
    refuse_config,
    refuse_linked_state,
    refuse_links,
)

PREFERRED = ("main", "master")


@dataclass(frozen=True)
class Joined:
    root: str
    url: str
    branch: str
    commits: int  # in the clone's history
    created: list[str] = field(default_factory=list)  # what `memctl init` added, if anything
    commit: str | None = None  # the commit that made it a workspace, if one was needed
    notices: list[str] = field(default_factory=list)
    left_out: list[str] = field(default_factory=list)  # a harness's files, out of the work tree

    def to_dict(self) -> dict:
        return {
            "root": self.root,
            "url": self.url,
            "branch": self.branch,
            "commits": self.commits,
            "created": self.created,
            "commit": self.commit,
            "notices": self.notices,
            "left_out": self.left_out,
        }


def join_workspace(url: str, path: Path, *, branch: str | None = None, now: dt.datetime) -> Joined:
    """Clone the memory at `url` into `path` on the right branch, ready for `memctl sync`."""
    from ..initialize import init_workspace

    url = _checked_url(url)
    if branch is not None and (not branch or branch.startswith("-") or "\n" in branch):
        raise InvalidValue(f"--branch {branch!r} is not a branch name")
    root = path.expanduser().resolve()
    if root.exists() and (not root.is_dir() or any(root.iterdir())):
        raise PathRefused(f"{root} already holds files; give a new or empty folder to clone into")
    existed = root.exists()
    root.parent.mkdir(parents=True, exist_ok=True)
    head, heads = remote_branches(url, cwd=root.parent)
    notices: list[str] = []
    left_out: list[str] = []
    if heads:
        chosen = pick_branch(head, heads, branch)
        if head and head not in heads and branch is None:
            notices.append(f"the remote's HEAD names {head}, which does not exist; took {chosen}")
        gitstore.run(
            root.parent,
            "clone",
            "--quiet",
            "--no-checkout",
            "--branch",
            chosen,
            "--",
            url,
            str(root),
        )
        left_out = _checked_out(root, chosen, existed)
        if left_out:
            notices.append(_left_out_notice(root, left_out))
    else:
        if branch is not None:
            raise MemctlError(f"the remote has no branch yet, so no {branch!r}", path=url)
        chosen = "main"
        gitstore.run(root.parent, "clone", "--quiet", "--", url, str(root))
        gitstore.run(root, "symbolic-ref", "HEAD", f"refs/heads/{chosen}")
        notices.append("the remote is empty: this is a new workspace; `memctl sync` pushes it")
    _identity(root)
    notices += _unshared(root)
    created, commit = [], None
    if not (root / MARKER / "config.yaml").exists():
        done = init_workspace(root, now=now)
        created, commit = done.created, done.commit
        if heads:
            notices.append(
                f"{chosen} held no memctl workspace: its files were adopted as they "
                "are; `memctl sync` pushes the workspace files"
            )
    else:
        from ..workspace import open_workspace

        open_workspace(root)  # its config must read: say so now, not at the first write
    count = gitstore.run(root, "rev-list", "--count", "HEAD", check=False).strip()
    return Joined(str(root), url, chosen, int(count or 0), created, commit, notices, left_out)


def _checked_out(root: Path, branch: str, existed: bool) -> list[str]:
    """_check_out, or no half workspace: when it fails, the folder the clone made goes (one
    given empty is emptied), and the error says so."""
    where = f"{root} was left empty" if existed else f"{root} was removed"
    try:
        return _check_out(root, branch, where)
    except MemctlError as exc:
        try:
            _undo_clone(root, existed)
        except OSError as undo:
            where = f"taking the clone away failed ({undo.strerror}): remove {root} by hand"
            kind = Refused if isinstance(exc, Refused) else MemctlError
            raise kind(f"{exc.message}; but {where}") from None
        if isinstance(exc, Refused):
            raise  # its message says what was done
        raise MemctlError(f"{exc.message}; nothing was kept: {where}", path=exc.path) from None


def _check_out(root: Path, branch: str, where: str) -> list[str]:
    """Check out the clone (made with --no-checkout) once its commit passes what `memctl
    sync` asks of a peer's (received.py), this machine having nothing of its own yet; but
    for the files a harness runs or reads as its instructions, which are left out of the
    work tree and marked skip-worktree, so that git takes their absence for no change and no
    commit here removes them from the remote. Those files, in git's order."""
    fetched = gitstore.run(root, "rev-parse", "--verify", "HEAD").strip()
    arrival = Arrival(
        root,
        fetched,
        f"the remote's {branch}",
        ours=None,
        door="init --from refused",
        kept=f"Nothing was checked out, and {where}",
        again="run the same `memctl init --from` again",
    )
    refuse_linked_state(arrival)
    refuse_links(arrival)
    refuse_attributes(arrival)
    refuse_config(arrival)
    left_out = harness_files(arrival)
    gitstore.run(root, "read-tree", fetched)
    if left_out:
        listed = "\0".join(left_out) + "\0"
        gitstore.run(root, "update-index", "--skip-worktree", "-z", "--stdin", stdin=listed)
    gitstore.run(root, "checkout-index", "--all", "--index", "--quiet")
    return left_out


def _left_out_notice(root: Path, left_out: list[str]) -> str:
    """What was left out of the work tree, and how a person reads and takes one."""
    at = f"git -C {quote(str(root))}"
    listed = ", ".join(repr(shown(rel)) for rel in left_out)
    rel = quote(shown(left_out[0]))
    return (
        f"left out of the work tree {len(left_out)} file(s) an agent harness runs or reads as "
        f"its instructions, which memctl takes only from this machine: {listed}. git keeps "
        "them as the remote has them (skip-worktree: no commit here removes them, and `memctl "
        f"sync` refuses a change to one as it refuses a new one); read one (`{at} show "
        f"HEAD:{rel}`) and, if you want it here, take it (`{at} update-index "
        f"--no-skip-worktree -- {rel} && {at} checkout -- {rel}`)"
    )


def _undo_clone(root: Path, existed: bool) -> None:
    """Leave no half workspace: the folder the clone made goes, or, given empty, is emptied."""
    if not existed:
        shutil.rmtree(root)
        return
    for child in root.iterdir():
        if child.is_dir() and not child.is_symlink():
            shutil.rmtree(child)
        else:
            child.unlink()


def remote_branches(url: str, *, cwd: Path) -> tuple[str | None, list[str]]:
    """The branch the remote's HEAD names (None if none), and the branches it has."""
    out = gitstore.run(cwd, "ls-remote", "--symref", url)
    head, heads = None, []
    for line in out.splitlines():
        left, _, ref = line.partition("\t")
        if left.startswith("ref: ") and ref == "HEAD":
            head = left[5:].removeprefix("refs/heads/")
        elif ref.startswith("refs/heads/"):
            heads.append(ref.removeprefix("refs/heads/"))
    return head, heads


def pick_branch(head: str | None, heads: list[str], wanted: str | None) -> str:
    """The branch to check out (see the module's docstring)."""
    if wanted is not None:
        if wanted not in heads:
            raise MemctlError(f"the remote has no branch {wanted!r} (it has: {', '.join(heads)})")
        return wanted
    if head in heads:
        return head
    for name in PREFERRED:
        if name in heads:
            return name
    if len(heads) == 1:
        return heads[0]
    raise MemctlError(
        f"the remote's HEAD names no branch it has, and it has several "
        f"({', '.join(heads)}): name one with --branch"
    )


def _checked_url(url: str) -> str:
    """A remote as git may be given it: never an option, never two lines; a local folder
    absolute, since the clone runs elsewhere."""
    url = url.strip()
    if not url or url.startswith("-") or "\n" in url or "\0" in url:
        raise InvalidValue(f"{url!r} is not a git remote (a URL or a folder)")
    local = Path(url).expanduser()
    if "://" not in url and local.exists():
        return str(local.resolve())
    gitstore.check_url(url, what="--from")  # no `<transport>::` (ext::, fd::): a remote helper
    return url


def _unshared(root: Path) -> list[str]:
    """Take out of the clone, and of git in a commit the first `memctl sync` sends, each file
    the remote tracks that memctl keeps to each machine (unshared.local_file: the search index,
    local.yaml): checked out, memctl would read what another machine put there. A name no line
    can show stays (no command reads it as a note) and is named. What was done, in words."""
    from ..controls import unshowable
    from ..unshared import local_file, named

    tracked = gitstore.names(root, "ls-files", "-z")
    local = [rel for rel in tracked if local_file(rel) is not None]
    for rel in local:
        (root / rel).unlink(missing_ok=True)
    told = []
    if local:
        listed = ", ".join(named(rel) for rel in local)
        gitstore.commit(
            root, local, f"memctl init: untrack files memctl keeps to each machine: {listed}"
        )
        told.append(
            f"the remote tracks {listed}, which memctl keeps to each machine (rebuilt here, or "
            "this machine's own): removed from this clone, and untracked in a commit `memctl "
            "sync` sends"
        )
    told += [
        f"{named(rel)}: a name no line can show; memctl does not read it as a note "
        "(`memctl doctor` names it)"
        for rel in tracked
        if unshowable(rel) is not None
    ]
    return told


def _identity(root: Path) -> None:
    """Commits need an identity: the machine's if it has one, else memctl's (as init does)."""
    for key, fallback in zip(("user.name", "user.email"), gitstore.FALLBACK_IDENTITY, strict=True):
        if not gitstore.run(root, "config", key, check=False).strip():
            gitstore.run(root, "config", key, fallback)
