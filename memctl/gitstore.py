"""Every git command memctl runs starts here: the only module that spawns git.

`run` for a command whose output is text, `blob` for a committed file's bytes, and `spawn` for
the purge's `fast-export | fast-import` pipeline (forgetting/history.py), which streams every
ref's history through a replacement and so drives the two processes itself. All of them call the
git binary with the same environment (no prompt, C locale, no optional locks) and the same
settings before the verb (SAFE: no hooks, nothing else a config names to run): importing
GitPython alone costs more than the whole 150 ms budget of `memctl log`, and it reads a `$VAR`
in a folder's name as a variable unless told not to. GitPython writes a new workspace's
identity (`init_repo`, once in a workspace's life). Values that come from a person or a file
go after `--`, or are checked first (`remote_name`).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .controls import not_utf8
from .errors import GitError, StorageError, cause
from .outside import BLANK_VALUES, DRIVER_KEYS, check_url, no_programs

if TYPE_CHECKING:
    from collections.abc import Iterator

_ENV = {"GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C", "GIT_OPTIONAL_LOCKS": "0", **BLANK_VALUES}
FALLBACK_IDENTITY = ("memctl", "memctl@localhost")
# Given before the verb of every command that reaches a remote: the `ext::` transport runs a
# command of the URL's choosing, so it stays off whatever the user's git config allows.
REMOTE_SAFE = ("-c", "protocol.ext.allow=never")
# Before the verb of every git command, over any config file, and passed on by git to the
# commands it runs itself. No hook: `core.hooksPath` may name a tracked folder (`.githooks`)
# a peer's commit fills. No file-system monitor (a program `status` and `add` start), no
# submodule (`.gitmodules` is a peer's file). No filter, merge or diff program, whatever a
# .gitattributes selects (`_drivers`, outside.no_programs; sync's SAFE_ATTRIBUTES).
SAFE = tuple(
    f"-c core.hooksPath={os.devnull} -c core.fsmonitor=false -c submodule.recurse=false "
    "-c protocol.ext.allow=never".split()
)


__all__ = ["GitError", "cause", "check_url"]  # for their callers: gitstore.GitError, …


@dataclass(frozen=True)
class Commit:
    sha: str
    message: str
    paths: tuple[str, ...]
    fallback_identity: bool = False  # git knew no name and email: memctl's own were used

    def to_dict(self) -> dict:
        return {"sha": self.sha, "message": self.message, "paths": list(self.paths)}


def is_repo(root: Path) -> bool:
    return (root / ".git").exists()


def run(
    root: Path, *args: str, check: bool = True, stdin: str | None = None, env: dict | None = None
) -> str:
    try:
        proc = _finished(root, args, stdin=stdin, env=env, text=True)
    except UnicodeDecodeError as error:  # git printed a name whose bytes are not UTF-8
        raise not_utf8(root, error.object) from None
    if check and proc.returncode != 0:
        if any(full in proc.stderr for full in ("No space left", "Out of disk")) or _full(root):
            raise StorageError(
                "the disk is full; nothing was changed (a change cut short is put back by the "
                "next command)",
                path=root,
            )
        raise GitError(
            f"git {_verb(args)} failed: {cause(proc.stderr or proc.stdout, proc.returncode)}",
            path=root,
        )
    return proc.stdout


FULL_BELOW = 256 * 1024  # free bytes under which a failed git command is a full disk


def _full(root: Path) -> bool:
    """Is the disk as good as full? git says so in some words ("No space left on device"),
    not in others ("couldn't write '.git/refs/heads/main.lock'", a write cut short)."""
    try:
        return shutil.disk_usage(root).free < FULL_BELOW
    except OSError:
        return False


def blob(root: Path, rel: str, rev: str = "HEAD") -> bytes | None:
    """The bytes of `rel` as committed at `rev` (or as a merge's stage holds it, ":1" the
    common one, ":2" ours, ":3" theirs); None when it does not hold it."""
    proc = _finished(root, ("cat-file", "blob", f"{rev}:{rel}"))
    return proc.stdout if proc.returncode == 0 else None


def _finished(
    root: Path, args: tuple, stdin: Any = None, env: dict | None = None, text: bool = False
) -> subprocess.CompletedProcess:
    """`git ARGS` run to its end (SAFE before them), its output captured: text, or bytes."""
    full = {**os.environ, **_ENV, **(env or {})}
    argv = ["git", *SAFE, *_drivers(root), *args]
    return subprocess.run(argv, cwd=root, input=stdin, capture_output=True, text=text, env=full)


def spawn(root: Path, *args: str, **popen: Any) -> subprocess.Popen[bytes]:
    """`git ARGS` started in `root` and left running, its streams as `popen` sets them (bytes)."""
    env = {**os.environ, **_ENV}
    return subprocess.Popen(["git", *SAFE, *_drivers(root), *args], cwd=root, env=env, **popen)


def _drivers(root: Path) -> tuple[str, ...]:
    """Settings that blank every program git's config names for a driver (outside.py)."""
    argv = ["git", *SAFE, "config", "-z", "--name-only", "--get-regexp", DRIVER_KEYS]
    env = {**os.environ, **_ENV}
    return no_programs(
        root, lambda: subprocess.run(argv, cwd=root, capture_output=True, env=env).stdout
    )


def _verb(args: tuple[str, ...]) -> str:
    """The git command of `args`, past the options given before it (`-c KEY=VALUE`, `--…`)."""
    rest = list(args)
    while rest and rest[0].startswith("-"):
        rest = rest[2:] if rest[0] == "-c" else rest[1:]
    return rest[0] if rest else "(none)"


def remote_name(root: Path, name: str, *, option: str = "--remote") -> str:
    """`name` if it is one of this repository's remotes with a URL memctl may use, else a
    clear refusal. A value that starts with `-` would be read by git as an option
    (`--upload-pack=…` runs a command); memctl passes remotes after `--` too."""
    if not name or name.startswith("-") or not name.isprintable():
        raise GitError(
            f"{option} {name!r}: not a remote name (a name cannot start with '-' or "
            "hold control characters)",
            path=root,
        )
    names = run(root, "remote").split()
    if name not in names:
        known = ", ".join(names) if names else "none yet"
        raise GitError(
            f"{option} {name!r}: not one of this workspace's git remotes ({known}); "
            f"add it with `git -C {root} remote add NAME URL`",
            path=root,
        )
    url = run(root, "remote", "get-url", "--", name).strip()
    check_url(url, what=f"git remote {name}")
    return name


def init_repo(root: Path) -> None:
    """A new repository on branch main, with an identity (asked of the git binary, which is
    what commits) if the machine has none, written by GitPython's config writer: once in a
    workspace's life, so its import is never paid on a turn. `expand_vars=False`: a `$HOME`
    in the folder's name is a name (tests/test_workspace.py)."""
    import git

    # Not Repo.init, which opens the new repository with `$VAR`s expanded whatever it is told.
    run(root, "init", "--quiet", "--initial-branch=main")
    repo = git.Repo(root, expand_vars=False)
    try:
        named = run(root, "config", "user.name", check=False).strip()
        mailed = run(root, "config", "user.email", check=False).strip()
        if not named or not mailed:
            with repo.config_writer("repository") as config:
                config.set_value("user", "name", named or FALLBACK_IDENTITY[0])
                config.set_value("user", "email", mailed or FALLBACK_IDENTITY[1])
    finally:
        repo.close()


# A running `memctl serve`'s own files (cli.warm's OWNER_NAME, cli.launch's SOCKET_NAME,
# cli.serve's LOG_NAME): never the person's changes, even where .gitignore predates them.
RUNTIME = frozenset({".memctl/serve.lock", ".memctl/serve.sock", ".memctl/serve.log"})


def dirty_paths(root: Path) -> set[str]:
    """Paths (relative, posix) with uncommitted changes, tracked or not."""
    return index_status(root)[0]


def index_status(root: Path) -> tuple[set[str], set[str], set[str]]:
    """Paths with uncommitted changes, those of them a merge left unresolved (UU, AA…), and
    the paths staged in the index (what `commit` must leave as it is)."""
    out = run(root, "status", "--porcelain=v1", "-z", "--untracked-files=all")
    paths: set[str] = set()
    unmerged: set[str] = set()
    staged: set[str] = set()
    records = out.split("\0")
    i = 0
    while i < len(records):
        record = records[i]
        if len(record) > 3:
            if record[0] not in " ?":
                staged.add(record[3:])
            if record[3:] not in RUNTIME:
                paths.add(record[3:])
            if "U" in record[:2] or record[:2] in ("AA", "DD"):
                unmerged.add(record[3:])
            if record[0] in "RC":  # a rename carries its source as the next record
                i += 1
                paths.add(records[i])
                staged.add(records[i])
        i += 1
    return paths, unmerged - (unmerged & RUNTIME), staged


def git_dir(root: Path) -> Path:
    """The repository's own folder: `.git`, or where a `.git` file points (a worktree)."""
    dot = root / ".git"
    if dot.is_file():
        line = dot.read_text(encoding="utf-8", errors="replace").strip()
        if line.startswith("gitdir:"):
            found = Path(line[7:].strip())
            return found if found.is_absolute() else (root / found).resolve()
    return dot


def in_progress(root: Path) -> str | None:
    """What git is in the middle of (a merge, a rebase, a cherry-pick, a revert), if anything:
    memctl commits nothing then, or it would end the person's operation for them."""
    where = git_dir(root)
    for name, what in (
        ("MERGE_HEAD", "a merge"),
        ("rebase-merge", "a rebase"),
        ("rebase-apply", "a rebase"),
        ("CHERRY_PICK_HEAD", "a cherry-pick"),
        ("REVERT_HEAD", "a revert"),
    ):
        if (where / name).exists():
            return what
    return None


def detached(root: Path) -> str | None:
    """The commit HEAD points at when it names no branch (a detached HEAD), else None."""
    try:
        head = (git_dir(root) / "HEAD").read_text(encoding="utf-8").strip()
    except OSError:
        return None
    return None if head.startswith("ref: ") else head[:12]


_FROM_STDIN = ("--pathspec-from-file=-", "--pathspec-file-nul")  # paths, NUL-ended, on stdin


def unstage(root: Path, paths: list[str]) -> None:
    """The index entries of `paths` back as HEAD has them (a change that failed half-way), or
    gone from it in a repository with no commit yet."""
    listed = "\0".join(paths) + "\0"
    if paths and not has_head(root):
        run(root, "update-index", "--force-remove", "-z", "--stdin", stdin=listed)
    elif paths:
        run(root, "--literal-pathspecs", "reset", "-q", *_FROM_STDIN, check=False, stdin=listed)


def commit(
    root: Path, paths: list[str], message: str, *, staged: set[str] | None = None
) -> Commit | None:
    """Commit exactly `paths` (additions, edits, removals), nothing else; None if unchanged.

    With nothing else staged (the usual case) the index is updated for exactly these paths and
    the commit is written with plumbing: no pathspec matching and no search for untracked
    files, which is what an archive run of thousands of files would otherwise pay for. When a
    person has staged changes of their own, `git commit -- paths` leaves those staged.
    `staged`: what the index held staged when the caller read it (index_status), if it did.
    """
    if not paths:
        return None
    # Paths go through stdin: an archive run can touch more files than a command line holds.
    listed = "\0".join(paths) + "\0"
    wanted = set(paths)
    before = _staged(root) if staged is None else staged
    porcelain = bool(before) or any((root / p).is_dir() for p in paths)  # a folder: a pathspec
    if porcelain:  # literal pathspecs: a note named `people/[ab].md` is that file, not a glob
        run(root, "--literal-pathspecs", "add", "-A", *_FROM_STDIN, stdin=listed)
        changed = sorted(p for p in _staged(root) if p in wanted)
        patch = _finished(root, ("diff", "--cached", "-U0", *_PLAIN_DIFF.split())).stdout
    else:
        if len(paths) > _PACK_FROM:
            _write_pack(root, paths)
        run(root, "update-index", "--add", "--remove", "-z", "--stdin", stdin=listed)
        named, patch = _staged_patch(root)  # nothing else staged: all of it is these paths'
        changed = sorted(p for p in named if p in wanted)
    if not changed:
        return None
    from .errors import Refused
    from .secrets.staged import secret_added

    found = secret_added(patch, set(changed), lambda rel: blob(root, rel))
    if found is not None:  # memctl commits no secret, whatever staged it (docs/safety.md)
        unstage(root, changed)
        raise Refused(f"{found[2]}, and nothing was committed", path=found[0], line=found[1])

    def write(env: dict | None) -> str:
        if not porcelain:
            return _commit_index(root, message, env)
        with _message_file(message) as message_file:  # stdin carries the paths
            run(
                root,
                "--literal-pathspecs",
                "commit",
                "-q",
                "--no-verify",
                "-F",
                message_file,
                *_FROM_STDIN,
                stdin="\0".join(changed) + "\0",
                env=env,
            )
        return _head_commit(root)

    try:
        sha, fallback = write(None), False
    except GitError as exc:  # a clone on a machine git knows no name and email for
        if not any(w in exc.message for w in ("ident", "who you are", "email")):
            raise
        sha, fallback = write(_FALLBACK_ENV), True
    if len(changed) > 200:
        run(root, "gc", "--auto", "--quiet", check=False)  # what `git commit` would do
    return Commit(
        sha=sha, message=message.split("\n", 1)[0], paths=tuple(changed), fallback_identity=fallback
    )


# A patch as secrets/staged.py reads it, whatever the diff settings: `a/` and `b/`, no
# renames, no colour, no program of the user's in between.
_PLAIN_DIFF = "--no-renames --no-color --no-ext-diff --no-textconv --src-prefix=a/ --dst-prefix=b/"

_FALLBACK_ENV = {
    "GIT_AUTHOR_NAME": FALLBACK_IDENTITY[0],
    "GIT_AUTHOR_EMAIL": FALLBACK_IDENTITY[1],
    "GIT_COMMITTER_NAME": FALLBACK_IDENTITY[0],
    "GIT_COMMITTER_EMAIL": FALLBACK_IDENTITY[1],
}


# From this many paths, their blobs go into one pack rather than as many loose object files;
# a few stay loose, as `git commit` would leave them.
_PACK_FROM = 200


def _write_pack(root: Path, paths: list[str]) -> None:
    """Store the regular files among `paths` as blobs in one pack: `git fast-import` writes it
    in one pass, several times faster than `update-index` making a pack of each blob (which
    then only records the paths). No deltas (--depth=0), as `git add` makes none."""
    stream = []
    for rel in paths:
        path = root / rel
        try:
            if not stat.S_ISREG(path.lstat().st_mode):
                continue  # a symlink or a folder: update-index stores what it needs
            data = path.read_bytes()
        except OSError:
            continue  # removed: nothing to store
        stream.append(b"blob\ndata %d\n%b\n" % (len(data), data))
    stream.append(b"done\n")
    _output(root, ("fast-import", "--quiet", "--done", "--depth=0"), b"".join(stream))


def _staged_patch(root: Path) -> tuple[set[str], bytes]:
    """The staged paths and their patch, from one `git diff`: raw records, then the patch."""
    args = ("diff", "--cached", "-U0", "--raw", "-p", "-z", *_PLAIN_DIFF.split())
    records, paths, i = _output(root, args).split(b"\0"), set(), 0  # `:meta`, path, … "", patch
    while i + 1 < len(records) and records[i].startswith(b":"):
        paths.add(os.fsdecode(records[i + 1]))
        i += 2
    return paths, b"\0".join(records[i + 1 :])


def _staged(root: Path) -> set[str]:
    return set(names(root, "diff", "--cached", "--name-only", "-z", "--no-renames"))


def _commit_index(root: Path, message: str, env: dict | None) -> str:
    """Write the index as a commit on HEAD's branch: `git commit` with no path named (no
    pathspec matching, no search for untracked files), one process where the tree, the commit
    and the ref took four; the message from stdin as it is (an archive run lists every move in
    it; no file is left by a process killed mid-commit), not signed (no program a config names
    runs), no maintenance after it (`commit` runs `gc --auto` where it is due)."""
    options = ("-c", "maintenance.auto=false", "-c", "gc.auto=0", "commit", "-q", "--no-verify")
    run(root, *options, "--no-gpg-sign", "--cleanup=verbatim", "-F", "-", stdin=message, env=env)
    return _head_commit(root)


def _head_commit(root: Path) -> str:
    """HEAD's commit, read from its branch's file (a commit just made has one), else asked of
    git (a ref in packed-refs, a worktree's branch, a detached HEAD)."""
    where = git_dir(root)
    with contextlib.suppress(OSError, UnicodeDecodeError):
        head = (where / "HEAD").read_text(encoding="utf-8").strip()
        branch = where / head[5:] if head.startswith("ref: refs/heads/") else None
        sha = branch.read_text(encoding="ascii").strip() if branch else ""
        if len(sha) in (40, 64) and not sha.strip("0123456789abcdef"):
            return sha
    return run(root, "rev-parse", "HEAD").strip()


@contextlib.contextmanager
def _message_file(message: str) -> Iterator[str]:
    """The message as a file, for `git commit`, whose stdin carries the paths (an archive run
    lists every move in the message)."""
    import tempfile  # only when committing: it costs a few ms of start-up

    with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".msg") as handle:
        handle.write(message)
        handle.flush()
        yield handle.name


def has_head(root: Path) -> bool:
    return bool(run(root, "rev-parse", "--verify", "-q", "HEAD", check=False).strip())


def names(root: Path, *args: str) -> list[str]:
    """The paths a `git ARGS -z` command lists, each read as the file system reads a name
    (os.fsdecode): a byte that is not UTF-8, in a name a peer committed, becomes a lone
    surrogate (which no name shown may hold) rather than failing the whole listing."""
    return [os.fsdecode(name) for name in _output(root, args).split(b"\0") if name]


def _output(root: Path, args: tuple, stdin: bytes | None = None) -> bytes:
    """`git ARGS`'s output as bytes; GitError when it fails."""
    proc = _finished(root, args, stdin=stdin)
    if proc.returncode != 0:
        told = cause(proc.stderr.decode("utf-8", "replace"), proc.returncode)
        raise GitError(f"git {_verb(args)} failed: {told}", path=root)
    return proc.stdout


def tracked(root: Path, paths: list[str]) -> set[str]:
    return set(names(root, "ls-files", "-z", "--", *paths))


def attempt(root: Path, *args: str) -> tuple[int, str, str]:
    """Run git where failing is an answer, not an error (a merge that conflicts):
    (exit code, stdout, stderr)."""
    proc = _finished(root, args, text=True)
    return proc.returncode, proc.stdout, proc.stderr
