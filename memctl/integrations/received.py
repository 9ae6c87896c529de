"""What a peer's commit may not bring into a workspace, checked before any of it lands: by
`memctl sync` (sync.py) before it merges, and by `memctl init --from` (join.py) before it
checks out a file. One definition per rule, for both:

- **Settings.** `.memctl/config.yaml` is committed, so a peer can change it. A config this
  machine cannot load (`stale_days: 1e999`, `daily_dir: rules`) stopped every command after
  the merge, the guard hook among them; a `daily_dir` that names a folder of notes made them
  daily logs. The config the commits would leave (theirs; when both sides changed it, the
  two merged as git would merge them) is loaded with this machine's own user config and
  local.yaml, and the commits are refused when it fails, or when its new daily_dir holds notes
  here or there.
- **What git runs or re-encodes.** A `.gitattributes` line (anywhere) that sets more than how
  a file merges and where its lines end: `filter=` and `diff=` name programs git runs (a
  machine that defines `filter.lfs` runs git-lfs on checkout), `working-tree-encoding`
  re-encodes a note past the purge's check of the history.
- **memctl's own folder.** `.memctl` that is not a folder, or holds a link: a peer's `.memctl
  -> evil/` made a file the peer wrote this machine's local settings.
- **Links.** A link the commits add (or change) that leads out of the workspace or into
  .git/ or .memctl/ (`daily/<today>.md -> ../.git/config`): memctl would take what it leads to
  for memory, show it and commit it.
- **A harness's files** (kinds.harness_file): the remote's side may not add, change or remove
  one unless this machine has it the same already. Sync refuses the commits; a person who
  wants theirs takes it by hand (`git checkout FETCH_HEAD -- PATH`, after reading it) and
  syncs again. A machine that joins has none of its own yet: `init --from` leaves them out of
  its work tree (join.py).

Each refusal is one line naming the peer's commit and the problem; nothing lands, and the
workspace stays as it was (a join leaves no folder behind: see Arrival).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from shlex import quote

from .. import gitstore
from ..config import check_config
from ..controls import shown
from ..errors import ConfigError, Refused
from ..kinds import harness_file, in_rules
from ..workspace import MARKER, own_folder

CONFIG = f"{MARKER}/config.yaml"
_DAY_NAMED = re.compile(r"^\d{4}-\d{2}-\d{2}\b")  # a day's log (OpenClaw adds `-slug`)

# What a .gitattributes line may set in a workspace: how a file merges and where its lines end.
# Anything else changes what git writes or reads (working-tree-encoding re-encodes a note on
# checkout, past the purge's check of the history; filter= and diff= name programs).
SAFE_ATTRIBUTES = frozenset(
    "merge=union merge=text merge=binary -merge text -text text=auto eol=lf eol=crlf binary "
    "-diff diff".split()
)


@dataclass(frozen=True)
class Arrival:
    """A remote's commit about to land in a workspace, and how a refusal of it reads:
    `{door}: {where} commit … brings …. {kept}; …, then {again}`.

    `ours` is this machine's commit; None for a machine that joins, which has nothing of its
    own yet: all the commit holds is what it brings."""

    root: Path
    fetched: str
    where: str  # the remote's branch, as a message names it: `origin/main`
    ours: str | None = "HEAD"
    door: str = "sync refused"
    kept: str = "Nothing was merged"
    again: str = "sync again"


def brought(a: Arrival, *only: str) -> list[str]:
    """The paths the commit brings: what changed on its side since the two sides parted (all
    it holds when they share no history, or this machine has none). `only`: `git diff`'s
    options that narrow the list (`--diff-filter=d`)."""
    listing: tuple[str, ...] = ("ls-tree", "-r", "-z", "--name-only", "--full-tree", a.fetched)
    base = _merge_base(a)
    if base is not None:
        listing = ("diff", "--name-only", "-z", "--no-renames", *only, base, a.fetched)
    return gitstore.names(a.root, *listing)


def refuse_config(a: Arrival, daily_dir: str | None = None) -> None:
    """Refuse a commit after which this machine's settings would not load, or, where the
    settings change this machine's `daily_dir`, would read a folder of notes as daily logs."""
    root, fetched = a.root, a.fetched
    theirs = gitstore.blob(root, CONFIG, rev=fetched)
    ours = None if a.ours is None else gitstore.blob(root, CONFIG, rev=a.ours)
    if theirs == ours:
        return
    base = _merge_base(a)
    if base is not None:
        common = gitstore.blob(root, CONFIG, rev=base)
        if theirs == common:
            return  # only this machine changed it
        if ours != common:  # both did: what the merge would leave
            clean, theirs = _merged(a)
            if not clean:
                return  # a conflict, which the merge stops at, for a person
    try:
        text = None if theirs is None else theirs.decode("utf-8")
    except UnicodeDecodeError:
        problem = f"{CONFIG}: not UTF-8 text"
    else:
        try:
            config = check_config(root / CONFIG, text)
        except ConfigError as exc:
            problem = str(exc)
        else:
            held = None
            if daily_dir is not None and config.daily_dir != daily_dir:
                held = _notes_in(a, config.daily_dir)
            if held is None:
                return
            problem = (
                f"{CONFIG}: daily_dir: {config.daily_dir!r} names a folder of notes "
                f"({shown(held)}), which would be read as daily logs"
            )
    raise Refused(
        f"{a.door}: {a.where} commit {_last_commit(a, CONFIG)} brings a config this machine "
        f"cannot use: {problem}. {a.kept}; on the machine that committed it, correct the "
        f"line, commit and push, then {a.again}"
    )


def harness_files(a: Arrival) -> list[str]:
    """The files a harness runs or reads as instructions (kinds.harness_file) that the commit
    adds, changes or removes, and this machine does not have the same already."""
    return [rel for rel in brought(a) if harness_file(rel) and not _same(a, rel)]


def refuse_harness_files(a: Arrival, remote: str) -> None:
    """Refuse a commit that brings one of harness_files, with how to read it and take it."""
    found = harness_files(a)
    if found:
        rel = found[0]
        name, at = quote(shown(rel)), f"git -C {quote(str(a.root))}"
        raise Refused(
            f"{a.door}: {a.where} commit {_last_commit(a, rel)} changes {shown(rel)!r}, a file "
            "an agent harness runs or reads as its instructions, which memctl takes only from "
            f"this machine. {a.kept}; read theirs (`{at} fetch {quote(remote)} && {at} show "
            f"FETCH_HEAD:{name}`) and, if you want it, take it (`{at} checkout FETCH_HEAD -- "
            f"{name} && {at} commit -m 'take {name}'`), or have the machine that committed it "
            f"take it out, then {a.again}"
        )


def refuse_rules(a: Arrival, taken: str | None = None) -> None:
    """Refuse a commit that adds, changes or removes a file of rules (kinds.in_rules) this
    machine does not have the same already: its rules would be put before this machine's agent
    at the next session start (`memctl now`, the rules file CLAUDE.md imports) as the user's,
    whatever they order. A person who has read what it brings takes that very commit (`sync
    --take-rules COMMIT`); a remote that has moved on since is refused again, naming its
    new commit."""
    found = [rel for rel in brought(a) if in_rules(rel) and not _same(a, rel)]
    if not found:
        return
    if taken is not None:
        code, out, _ = gitstore.attempt(
            a.root, "rev-parse", "--verify", "-q", f"{taken}^{{commit}}"
        )
        if code == 0 and out.strip() == a.fetched and not taken.startswith("-"):
            return
    at, short = f"git -C {quote(str(a.root))}", a.fetched[:12]
    names = " ".join(quote(shown(rel)) for rel in found)
    raise Refused(
        f"{a.door}: {a.where} commit {_last_commit(a, found[0])} changes {shown(found[0])!r}"
        f"{f' (and {len(found) - 1} more)' if len(found) > 1 else ''}, a file of rules, which "
        "an agent obeys from the next session on: memctl takes another machine's rules only "
        f"when a person says so. {a.kept}; read what it brings (`{at} diff HEAD...{short} -- "
        f"{names}`) and, if you want it, take it (`memctl -w {quote(str(a.root))} sync "
        f"--take-rules {short}`), or have the machine that committed it take it out, then "
        f"{a.again}"
    )


def refuse_links(a: Arrival) -> None:
    """Refuse a commit that adds a link (or changes one) leading out of the workspace or into
    .git/ or .memctl/ (`daily/<today>.md -> ../.git/config`): memctl would take what it leads
    to for memory, show it and commit it. A link is read as git will write it: from its own
    folder, a `..` after a name (which may itself be a link) counts as leaving."""
    root = a.root
    listed = gitstore.run(root, "ls-tree", "-r", "-z", "--full-tree", a.fetched)
    ours = {}
    if a.ours is not None:
        ours = {
            e.split("\t", 1)[1]: e.split(" ", 3)[2].split("\t", 1)[0]
            for e in gitstore.run(
                root, "ls-tree", "-r", "-z", "--full-tree", a.ours, check=False
            ).split("\0")
            if e.startswith("120000 ")
        }
    for entry in listed.split("\0"):
        if not entry.startswith("120000 "):
            continue
        meta, rel = entry.split("\t", 1)
        if ours.get(rel) == meta.split(" ")[2]:
            continue  # this machine has it the same already: doctor names it, reads refuse it
        target = (gitstore.blob(root, rel, rev=a.fetched) or b"").decode("utf-8", "replace")
        goes = _link_goes(rel, target)
        if goes is None:
            continue
        raise Refused(
            f"{a.door}: {a.where} commit {_last_commit(a, rel)} brings {shown(rel)}, a link "
            f"{goes} (to {shown(target)}); memctl never reads or writes through such a link. "
            f"{a.kept}; on the machine that committed it, remove it (`git rm "
            f"{quote(shown(rel))}`), commit and push, then {a.again}"
        )


def refuse_linked_state(a: Arrival) -> None:
    """Refuse a commit after which memctl's own folder is not a folder, or holds a link: a
    peer's `.memctl` → `evil/` took this machine's .memctl away and made a file the peer wrote
    its local settings (a program memctl would run). A remote with no `.memctl` at all is
    plain Markdown a machine that joins adopts (join.py)."""
    root, fetched = a.root, a.fetched
    listed = gitstore.run(root, "ls-tree", "-z", "--full-tree", fetched, "--", MARKER)
    mode = listed.split(" ", 1)[0] if listed else ""
    if not mode and a.ours is None:
        return
    bad = MARKER if mode != "040000" else None
    if bad is None:
        inside = gitstore.run(root, "ls-tree", "-r", "-z", "--full-tree", fetched, "--", MARKER)
        bad = next(
            (e.split("\t", 1)[1] for e in inside.split("\0") if e.startswith("120000 ")), None
        )
    if bad is None:
        return
    if not mode:
        what = "is gone"
    elif bad == MARKER and mode != "120000":
        what = "is not a folder"
    else:
        what = "is a link"
    raise Refused(
        f"{a.door}: after {a.where} commit {_last_commit(a, bad)} {shown(bad)} {what}; memctl "
        f"keeps its own files in a folder of its own, with no link in it. {a.kept}; on the "
        f"machine that committed it, put the folder back, commit and push, then {a.again}"
    )


def refuse_attributes(a: Arrival) -> None:
    """Refuse a commit whose .gitattributes (anywhere) set more than SAFE_ATTRIBUTES."""
    if a.ours is None:
        changed = gitstore.names(
            a.root, "ls-tree", "-r", "-z", "--name-only", "--full-tree", a.fetched
        )
    else:
        changed = gitstore.names(
            a.root, "diff", "--name-only", "-z", "--no-renames", a.ours, a.fetched
        )
    for rel in (p for p in changed if p.rsplit("/", 1)[-1] == ".gitattributes"):
        raw = gitstore.blob(a.root, rel, rev=a.fetched) or b""
        for number, line in enumerate(raw.split(b"\n"), start=1):
            bad = _unsafe_attribute(line)
            if bad is not None:
                raise Refused(
                    f"{a.door}: {shown(rel)}:{number} as the remote has it {bad}, from "
                    f"{a.where} commit {_last_commit(a, rel)}; memctl's workspaces set only "
                    f"how files merge and where lines end. {a.kept}; remove the line there, "
                    f"commit and push, then {a.again}"
                )


_BLANK = b" \t\r\n"  # what separates a .gitattributes line's words for git (attr.c)
_CONTROL = re.compile(rb"[\x00-\x08\x0a-\x1f\x7f]")  # any but a tab
# A C-quoted pattern as git unquotes one (quote.c), and any quote up to a closing one.
_QUOTED = re.compile(rb'\A"(?:[^"\\]|\\[abfnrtv"\\]|\\[0-3][0-7][0-7])*"')
_LOOSE = re.compile(rb'\A"(?:[^"\\]|\\.)*"', re.DOTALL)


def _unsafe_attribute(line: bytes) -> str | None:
    """How a .gitattributes line (as git reads one: up to a newline, nothing else ends it)
    sets more than SAFE_ATTRIBUTES (`sets 'filter=x'`), or holds a control character, which
    shows a line other than git reads it (`*.md merge=union\\r filter=x` shows as one thing and
    sets filter=x; a form feed splits it for Python, not for git); None for a safe line.

    Words are split as git splits them (on space, tab, CR and LF only), past a pattern that
    may be C-quoted (`"a b.md" filter=x`); a quote read either way is checked both ways."""
    body = line[:-1] if line.endswith(b"\r") else line
    found = _CONTROL.search(body)
    if found is not None:
        return (
            f"holds a control character (\\x{found.group()[0]:02x}), with which git reads the "
            "line other than it shows"
        )
    rest = line.lstrip(_BLANK)
    if not rest or rest.startswith(b"#"):
        return None
    quoted = _QUOTED.match(rest)  # git reads a quoted pattern to its closing quote
    words = re.split(rb"[ \t\r\n]+", rest)[1:] if quoted is None else []
    loose = quoted or _LOOSE.match(rest)  # a quote git may read otherwise: both readings
    if loose is not None:
        words += re.split(rb"[ \t\r\n]+", rest[loose.end() :])
    bad = [w for w in words if w and w.decode("utf-8", "replace") not in SAFE_ATTRIBUTES]
    if not bad:
        return None
    return (
        f"sets {shown(bad[0].decode('utf-8', 'replace'))}, which changes what git writes or "
        "reads (or names a program git runs)"
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


def _same(a: Arrival, rel: str) -> bool:
    """Does this machine's commit hold `rel` as the remote's does (or neither)? A skill that
    is this memctl's own (templates/SKILL.md) is memctl's, from whichever machine."""
    theirs = gitstore.blob(a.root, rel, rev=a.fetched)
    ours = None if a.ours is None else gitstore.blob(a.root, rel, rev=a.ours)
    if theirs == ours:
        return True
    if theirs is not None and rel.casefold().endswith("skill.md"):
        from ..initialize import template

        return theirs == template("SKILL.md").encode("utf-8")
    return False


def _merge_base(a: Arrival) -> str | None:
    if a.ours is None:
        return None
    code, out, _ = gitstore.attempt(a.root, "merge-base", a.ours, a.fetched)
    return out.strip() if code == 0 and out.strip() else None


def _merged(a: Arrival) -> tuple[bool, bytes | None]:
    """Does merging ours and theirs go without a conflict, and the config as it would leave
    it (None: no such file)? A git too old to say (before 2.38): the commit's own."""
    ours = a.ours or "HEAD"
    code, out, _ = gitstore.attempt(a.root, "merge-tree", "--write-tree", ours, a.fetched)
    if code == 1:
        return False, None
    rev = out.split("\n", 1)[0].strip() if code == 0 else a.fetched
    return True, gitstore.blob(a.root, CONFIG, rev=rev)


def _last_commit(a: Arrival, rel: str) -> str:
    """The remote's last commit that changed `rel`, as `abc1234 ("subject")`."""
    span = a.fetched if a.ours is None else f"{a.ours}..{a.fetched}"
    out = gitstore.run(
        a.root, "log", "-1", "--format=%h%x00%s", span, "--", rel, check=False
    ).strip()
    if not out:
        return a.fetched[:7]
    short, _, subject = out.partition("\0")
    return f'{short} ("{shown(subject[:60])}")'


def _notes_in(a: Arrival, folder: str) -> str | None:
    """A note (a Markdown file not named as a day) in `folder` of the remote's commit, of
    this machine's or on this disk; None when it holds none."""
    revs = [a.fetched] if a.ours is None else [a.fetched, a.ours]
    for rev in revs:
        for rel in gitstore.names(a.root, "ls-tree", "-r", "-z", "--name-only", rev, "--", folder):
            if _a_note(rel):
                return rel
    here = a.root / folder
    if here.is_dir() and not here.is_symlink():
        for path in here.rglob("*.md"):
            rel = path.relative_to(a.root).as_posix()
            if _a_note(rel):
                return rel
    return None


def _a_note(rel: str) -> bool:
    name = rel.rsplit("/", 1)[-1]
    return name.casefold().endswith(".md") and _DAY_NAMED.match(name) is None
