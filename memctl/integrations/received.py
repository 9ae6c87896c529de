"""What `memctl sync` checks of a peer's commits before they land, besides purges and
memctl's own files (sync.py): the settings they would give this machine, and the files an
agent harness runs or reads as its instructions.

- **Settings.** `.memctl/config.yaml` is committed, so a peer can change it. A config this
  machine cannot load (`stale_days: 1e999`, `daily_dir: rules`) stopped every command after
  the merge, the guard hook among them; a `daily_dir` that names a folder of notes made them
  daily logs. The config the commits would leave (theirs; when both sides changed it, the
  two merged as git would merge them) is loaded with this machine's own user config and
  local.yaml, and the commits are refused when it fails, or when its new daily_dir holds notes
  here or there.
- **Links.** A link the commits add (or change) that leads out of the workspace or into
  .git/ or .memctl/ (`daily/<today>.md -> ../.git/config`): memctl would take what it leads to
  for memory, show it and commit it.
- **A harness's files** (harness.py): the remote's side may not add, change or remove one
  unless this machine has it the same already. A person who wants theirs takes it by hand
  (`git checkout FETCH_HEAD -- PATH`, after reading it) and syncs again.

Each refusal is one line naming the peer's commit and the problem; nothing is merged, and the
workspace stays as it was.
"""

from __future__ import annotations

import re
from pathlib import Path
from shlex import quote

from .. import gitstore
from ..config import check_config
from ..controls import shown
from ..errors import ConfigError, Refused
from ..kinds import harness_file
from ..workspace import MARKER, Workspace, own_folder

CONFIG = f"{MARKER}/config.yaml"
_DAY_NAMED = re.compile(r"^\d{4}-\d{2}-\d{2}\b")  # a day's log (OpenClaw adds `-slug`)


def refuse_config(ws: Workspace, fetched: str, where: str) -> None:
    """Refuse commits after which this machine's settings would not load, or would read a
    folder of notes as daily logs. `where`: the remote and branch, as messages name them."""
    root = ws.root
    ours, theirs = gitstore.blob(root, CONFIG), gitstore.blob(root, CONFIG, rev=fetched)
    if theirs == ours:
        return
    base = _merge_base(root, fetched)
    if base is not None:
        common = gitstore.blob(root, CONFIG, rev=base)
        if theirs == common:
            return  # only this machine changed it
        if ours != common:  # both did: what the merge would leave
            clean, theirs = _merged(root, fetched)
            if not clean:
                return  # a conflict, which the merge stops at, for a person
    commit = _last_commit(root, fetched, CONFIG)
    try:
        text = None if theirs is None else theirs.decode("utf-8")
    except UnicodeDecodeError:
        problem = f"{CONFIG}: not UTF-8 text"
    else:
        try:
            config = check_config(ws.state_dir / "config.yaml", text)
        except ConfigError as exc:
            problem = str(exc)
        else:
            held = None
            if config.daily_dir != ws.config.daily_dir:
                held = _notes_in(root, fetched, config.daily_dir)
            if held is None:
                return
            problem = (
                f"{CONFIG}: daily_dir: {config.daily_dir!r} names a folder of notes "
                f"({shown(held)}), which would be read as daily logs"
            )
    raise Refused(
        f"sync refused: {where} commit {commit} brings a config this machine cannot use: "
        f"{problem}. Nothing was merged; on the machine that committed it, correct the line, "
        "commit and push, then sync again"
    )


def refuse_harness_files(root: Path, fetched: str, where: str, remote: str) -> None:
    """Refuse commits whose side adds, changes or removes a file a harness runs or reads as
    instructions (harness.harness_file), unless this machine has it the same already."""
    code, base, _ = gitstore.attempt(root, "merge-base", "HEAD", fetched)
    listing = (
        ("diff", "--name-only", "-z", "--no-renames", base.strip(), fetched)
        if code == 0
        else ("ls-tree", "-r", "-z", "--name-only", "--full-tree", fetched)
    )
    for rel in gitstore.names(root, *listing):
        if not harness_file(rel) or _same(root, rel, fetched):
            continue
        commit = _last_commit(root, fetched, rel)
        name, at = quote(shown(rel)), f"git -C {quote(str(root))}"
        raise Refused(
            f"sync refused: {where} commit {commit} changes {shown(rel)!r}, a file an agent "
            "harness runs or reads as its instructions, which memctl takes only from this "
            "machine. Nothing was merged; read theirs (`"
            f"{at} fetch {quote(remote)} && {at} show FETCH_HEAD:{name}`) and, if you want "
            f"it, take it (`{at} checkout FETCH_HEAD -- {name} && {at} commit -m 'take "
            f"{name}'`), or have the machine that committed it take it out, then sync again"
        )


def refuse_links(root: Path, fetched: str, where: str) -> None:
    """Refuse commits that add a link (or change one) leading out of the workspace or into
    .git/ or .memctl/ (`daily/<today>.md -> ../.git/config`): memctl would take what it leads
    to for memory, show it and commit it. A link is read as git will write it: from its own
    folder, a `..` after a name (which may itself be a link) counts as leaving."""
    listed = gitstore.run(root, "ls-tree", "-r", "-z", "--full-tree", fetched)
    ours = {
        e.split("\t", 1)[1]: e.split(" ", 3)[2].split("\t", 1)[0]
        for e in gitstore.run(
            root, "ls-tree", "-r", "-z", "--full-tree", "HEAD", check=False
        ).split("\0")
        if e.startswith("120000 ")
    }
    for entry in listed.split("\0"):
        if not entry.startswith("120000 "):
            continue
        meta, rel = entry.split("\t", 1)
        if ours.get(rel) == meta.split(" ")[2]:
            continue  # this machine has it the same already: doctor names it, reads refuse it
        target = (gitstore.blob(root, rel, rev=fetched) or b"").decode("utf-8", "replace")
        goes = _link_goes(rel, target)
        if goes is None:
            continue
        raise Refused(
            f"sync refused: {where} commit {_last_commit(root, fetched, rel)} brings "
            f"{shown(rel)}, a link {goes} (to {shown(target)}); memctl never reads or writes "
            "through such a link. Nothing was merged; on the machine that committed it, "
            f"remove it (`git rm {quote(shown(rel))}`), commit and push, then sync again"
        )


def _link_goes(rel: str, target: str) -> str | None:
    """Where a link at `rel` to `target` goes that memctl never follows (the end of "a link
    …"), read as text; None when it stays on memory's ground."""
    if not target or target.startswith("/") or "\\" in target or "\0" in target:
        return "that leaves the workspace"
    here = rel.split("/")[:-1]
    named = False
    for part in target.split("/"):
        if part in ("", "."):
            continue
        if part == "..":
            if named or not here:
                return "that leaves the workspace"
            here.pop()
        else:
            named = True
            here.append(part)
    own = own_folder(here)
    return None if own is None else f"into {own}/"


def _same(root: Path, rel: str, fetched: str) -> bool:
    """Does this machine's HEAD hold `rel` as the remote's commit does (or neither)? A skill
    that is this memctl's own (templates/SKILL.md) is memctl's, from whichever machine."""
    theirs = gitstore.blob(root, rel, rev=fetched)
    if theirs == gitstore.blob(root, rel):
        return True
    if theirs is not None and rel.casefold().endswith("skill.md"):
        from ..initialize import template

        return theirs == template("SKILL.md").encode("utf-8")
    return False


def _merge_base(root: Path, fetched: str) -> str | None:
    code, out, _ = gitstore.attempt(root, "merge-base", "HEAD", fetched)
    return out.strip() if code == 0 and out.strip() else None


def _merged(root: Path, fetched: str) -> tuple[bool, bytes | None]:
    """Does merging HEAD and `fetched` go without a conflict, and the config as it would
    leave it (None: no such file)? A git too old to say (before 2.38): the commit's own."""
    code, out, _ = gitstore.attempt(root, "merge-tree", "--write-tree", "HEAD", fetched)
    if code == 1:
        return False, None
    rev = out.split("\n", 1)[0].strip() if code == 0 else fetched
    return True, gitstore.blob(root, CONFIG, rev=rev)


def _last_commit(root: Path, fetched: str, rel: str) -> str:
    """The remote's last commit that changed `rel`, as `abc1234 ("subject")`."""
    out = gitstore.run(
        root, "log", "-1", "--format=%h%x00%s", f"HEAD..{fetched}", "--", rel, check=False
    ).strip()
    if not out:
        return fetched[:7]
    short, _, subject = out.partition("\0")
    return f'{short} ("{shown(subject[:60])}")'


def _notes_in(root: Path, fetched: str, folder: str) -> str | None:
    """A note (a Markdown file not named as a day) in `folder` of the remote's commit, of
    HEAD or on this disk; None when it holds none."""
    for rev in (fetched, "HEAD"):
        for rel in gitstore.names(root, "ls-tree", "-r", "-z", "--name-only", rev, "--", folder):
            if _a_note(rel):
                return rel
    here = root / folder
    if here.is_dir() and not here.is_symlink():
        for path in here.rglob("*.md"):
            rel = path.relative_to(root).as_posix()
            if _a_note(rel):
                return rel
    return None


def _a_note(rel: str) -> bool:
    name = rel.rsplit("/", 1)[-1]
    return name.casefold().endswith(".md") and _DAY_NAMED.match(name) is None
