"""Values from outside memctl (a transcript, a hook's input) made safe to keep or to run.

A transcript is written by another program and can hold anything: a `cwd` or a file name with a
line break in it, a `sessionId` that is a shell command. Such a value becomes memory only as
one line of text (a line break inside it would start a log heading, a marker line or an entry
line of its own), becomes a command only quoted (`shlex.quote`), and a session id goes into a
command only when it has the shape of one.

A reference (`ref:` of an entry or a relation: what it was made from) is checked by check_ref,
where an entry or a relation is written (longterm.append_entry, graph add and import), so every
command and tool that takes one checks it the same way. It is either
- a URL with a scheme and a host (`https://example.org/page`); not `file:`, which names a
  file outside the workspace, or
- a file of the workspace by its path from the workspace's root (`lessons/api-guide.md`),
  which must be there, optionally followed by `:LINE` (a line the file has, as the nightly job
  writes `daily/2026-11-30.md:5`) or by `#ANCHOR` (`lessons/api-guide.md#^k3x9`: an entry's
  `^id`, which the note must hold, or a heading).
An absolute path, a path with `..`, a backslash, or one into .git/ or .memctl/ is refused: a
memory travels to every machine that syncs the workspace, where a path outside it means nothing,
and a reference is followed by search and by the nightly job.

A program this machine's git config names for a filter, a merge or a diff (`filter.lfs.clean =
git-lfs clean -- %f`, which `git lfs install` puts in ~/.gitconfig) runs on any file a
`.gitattributes` line selects it for, and a peer's commit writes .gitattributes. So no git
command memctl runs starts one, whatever attributes say: gitstore gives every driver the config
defines an empty program (`no_programs`: an empty clean or smudge filter stores and writes a
file as it is, with `required` off; an empty merge driver or diff program fails that merge or
diff rather than running anything). memctl's files need none: they are plain text, merged by
git's built-in rules (`merge=union`).
"""

from __future__ import annotations

import os
import re
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

from .budget import shorten
from .errors import GitError, InvalidValue, NotFound
from .words import small_number

if TYPE_CHECKING:
    from collections.abc import Callable

    from .workspace import Workspace

# Every character that ends a line for one reader or another (str.splitlines breaks on \x1c-\x1e,
# \x85 and U+2028/9 too), every other control character, and the bidi overrides that make text
# read differently from how it is stored.
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
SESSION_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,127}")
# What the nightly job acts on within one line (nightly/markers.py): a marker word after a sentence,
# `src:`/`by:` tokens that say who said it, `#promote`.
_MARKER = re.compile(r"\b(DECISION|LESSON|FACT|TODO|DONE|BLOCKED):")
_WHO = re.compile(r"(?<!\S)(src|by):(?=\S)")
_PROMOTE = re.compile(r"(?<!\S)#(promote)\b")


def one_line(text: str) -> str:
    """Text as one line: each control character a space, runs of white space one space."""
    return " ".join(_UNSAFE.sub(" ", text).split())


def one_line_path(path: str) -> str:
    """A path as one line that still names it: each control character as its escape (`\\n`)."""
    return _UNSAFE.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), path)


def is_clean(text: str) -> bool:
    """True if `text` holds no control character (it can be a file name or a line as it is)."""
    return _UNSAFE.search(text) is None


def inert(text: str) -> str:
    """one_line, with no word the nightly job would act on: not a marker (`DECISION:` becomes
    `Decision:`), not who said it (`src:user` becomes `src: user`), not `#promote`."""
    return _defuse(one_line(text))


def inert_path(path: str) -> str:
    """one_line_path, with no word the nightly job would act on (see inert)."""
    return _defuse(one_line_path(path))


def _defuse(text: str) -> str:
    text = _MARKER.sub(lambda m: m[1].capitalize() + ":", text)
    return _PROMOTE.sub(r"# \1", _WHO.sub(r"\1: ", text))


def session_id(value: str | None) -> str | None:
    """`value` if it has the shape of a session id (letters, digits, `.`, `_`, `-`; not a
    leading `-`, which a program would read as an option), else None."""
    return value if value and SESSION_ID.fullmatch(value) else None


# `<transport>::<address>`: git runs `git-remote-<transport>` (`ext::` a command of the URL's
# choosing, `fd::` waits on inherited descriptors). memctl needs no remote helper.
_HELPER_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*::")


def check_url(url: str, *, what: str = "the URL") -> None:
    """Refuse a remote URL git would read as an option or hand to a remote helper, the
    program `git-remote-<transport>` of a `<transport>::` URL (`ext::` runs a command)."""
    if url.startswith("-") or not url.isprintable():
        raise GitError(
            f"{what}: {url!r} is not a URL or path git can use safely (it starts "
            "with '-' or holds control characters)"
        )
    if _HELPER_URL.match(url):
        raise GitError(
            f"{what}: {url!r} uses a transport that runs a command (`<transport>::`); "
            "memctl uses only URLs and paths (ssh, https, git, file)"
        )


# scheme://host…: a scheme of letters (RFC 3986), then a host that is no slash
URL = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]{0,31}://[^\s/\\]\S*")
ENTRY_ANCHOR = re.compile(r"\^[A-Za-z0-9]{2,16}")
SHAPES = (
    "a URL (https://…) or a file of the workspace (lessons/a.md, daily/DATE.md:LINE, note.md#^id)"
)


def check_ref(ws: Workspace, ref: str | None, *, what: str = "ref") -> None:
    """Refuse a reference that is neither a URL nor a file of the workspace that is there
    (InvalidValue, or NotFound for a file, a line or an id it does not have: both exit 1);
    `what` names it as the caller gave it (`--from`, `--ref`, `ref`)."""
    if not ref:
        return
    if URL.fullmatch(ref) or ref[:5].lower() == "file:":
        if ref[:5].lower() == "file:":
            raise InvalidValue(
                f"{what} {shorten(ref, 80)}: a file:// URL names a file outside the "
                f"workspace; {_shapes()}"
            )
        return
    if any(ch.isspace() for ch in ref):
        raise InvalidValue(f"{what} {shorten(ref, 80)}: a reference holds no spaces; {_shapes()}")
    rest, hash_, anchor = ref.partition("#")
    rel, colon, line = rest.partition(":")
    parts = PurePosixPath(rel).parts
    if (
        not rel
        or "\\" in rel
        or rel.startswith(("/", "~"))
        or ".." in parts
        or "." in rel.split("/")
        or ws.own_folder(rel) is not None
    ):
        raise InvalidValue(f"{what} {shorten(ref, 80)}: not a file of the workspace; {_shapes()}")
    daily = rel.startswith(f"{ws.config.daily_dir}/")
    path = ws.resolve(rel)  # a link out of the workspace, or into .git/ or .memctl/: refused
    if not path.is_file():
        raise NotFound(
            f"{what} {shorten(ref, 80)}: no such "
            + ("daily log" if daily else "file in the workspace")
        )
    if not (colon or hash_):
        return
    text = path.read_text(encoding="utf-8", errors="replace")
    if colon:
        number = small_number(line)
        if hash_ or number is None or not 0 < number <= len(text.splitlines()):
            which = "the log" if daily else rel
            raise NotFound(f"{what} {rel}: {which} has no line {shorten(line, 16)}")
    elif ENTRY_ANCHOR.fullmatch(anchor):
        if not re.search(rf"(?<![^\s]){re.escape(anchor)}\s*$", text, re.MULTILINE):
            raise NotFound(f"{what} {shorten(ref, 80)}: {rel} holds no entry {anchor}")
    elif not anchor:
        raise InvalidValue(f"{what} {shorten(ref, 80)}: nothing after #; {_shapes()}")


def _shapes() -> str:
    return f"a reference is {SHAPES}"


# The settings of a driver that name a program, as `git config --get-regexp` matches keys.
DRIVER_KEYS = r"^(filter|merge|diff)\..+\.(clean|smudge|process|driver|command|textconv)$"
# Values for --config-env, which takes a name holding `=` (`-c` splits at the first).
BLANK_VALUES = {"MEMCTL_GIT_BLANK": "", "MEMCTL_GIT_FALSE": "false"}
_CONFIG_ENV = "HOME XDG_CONFIG_HOME GIT_CONFIG_GLOBAL GIT_CONFIG_SYSTEM GIT_CONFIG_NOSYSTEM".split()
_CONFIG_ENV += ["GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT"]
_BLANKED: dict[tuple, tuple[str, ...]] = {}


def no_programs(root: Path, listed: Callable[[], bytes]) -> tuple[str, ...]:
    """The settings, before a git command's verb, that give each filter, merge and diff driver
    git's config defines in `root` an empty program (and a filter `required=false`). `listed`
    runs `git config -z --name-only --get-regexp DRIVER_KEYS`; it is asked again only when a
    config file has changed (a file a config includes is not watched)."""
    key = _config_stamp(root)
    if key not in _BLANKED:
        try:
            listing = listed()
        except OSError:  # no such folder: the command itself will say so
            return ()
        settings: list[str] = []
        for raw in listing.split(b"\0"):
            key_name = os.fsdecode(raw).strip()
            given = [(key_name, "MEMCTL_GIT_BLANK")] if key_name else []
            if key_name.startswith("filter."):
                given.append((key_name.rsplit(".", 1)[0] + ".required", "MEMCTL_GIT_FALSE"))
            for name, env in given:
                if "=" in name:
                    settings.append(f"--config-env={name}={env}")
                else:
                    settings += ["-c", f"{name}={BLANK_VALUES[env]}"]
        _BLANKED[key] = tuple(settings)
    return _BLANKED[key]


def _config_stamp(root: Path) -> tuple:
    """What the config git reads in `root` depends on: the environment that names its files,
    and when each of them last changed."""
    home = Path(os.environ.get("HOME") or "~").expanduser()
    xdg = Path(os.environ.get("XDG_CONFIG_HOME") or home / ".config")
    files = [
        root / ".git" / "config",
        home / ".gitconfig",
        xdg / "git" / "config",
        Path(os.environ.get("GIT_CONFIG_GLOBAL") or home / ".gitconfig"),
        Path(os.environ.get("GIT_CONFIG_SYSTEM") or "/etc/gitconfig"),
    ]
    times: list[int | None] = []
    for path in files:
        try:
            times.append(path.stat().st_mtime_ns)
        except OSError:
            times.append(None)
    return (str(root), tuple(os.environ.get(name) for name in _CONFIG_ENV), tuple(times))
