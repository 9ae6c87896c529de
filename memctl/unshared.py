"""What no peer may send: the files memctl keeps to one machine, and names no line can show.

Every path the workspace's `.gitignore` lists under `.memctl/` (memctl's lines of it,
templates/gitignore) belongs to the machine it is on: the search index, the graph's mirror and
the vectors, rebuilt from the Markdown; caches, locks and logs; `local.yaml`, this machine's
settings. git overwrites an ignored file without asking when a merge or a clone brings it, so a
peer that commits one (`git add -f .memctl/search.db`) would choose what this machine's memctl
reads from it: rows for notes no file holds, a trigger that never ends. A path whose name holds
a line break, a control character or text shown reversed (controls.unshowable) is printed as
lines of its own wherever memory is listed.

`refusal` says why a path may not come from a peer; `memctl sync` refuses commits that bring
one, `memctl init --from` takes memctl's local files out of a clone, and `memctl doctor` names
those already committed.
"""

from __future__ import annotations

from fnmatch import fnmatchcase
from functools import cache

from .config import LOCAL_FILE
from .controls import control_name, shown, unshowable

SETTINGS = f".memctl/{LOCAL_FILE}"  # kept, not rebuilt: this machine's own settings


@cache
def patterns() -> tuple[tuple[str, ...], ...]:
    """memctl's lines of .gitignore (each split at its slashes), read from the template `memctl
    init` writes them from: the one list of what stays on one machine."""
    from importlib import resources

    text = resources.files("memctl.templates").joinpath("gitignore").read_text(encoding="utf-8")
    lines = (line.strip() for line in text.splitlines())
    return tuple(
        tuple(line.rstrip("/").split("/")) for line in lines if line and not line.startswith("#")
    )


def local_file(rel: str) -> str | None:
    """The line of memctl's .gitignore `rel` (a path, /-separated) falls under, as git reads
    it (the file itself, or a folder it is in); None when it is not one of memctl's local
    files. Compared without case: on a file system that ignores it, `.MEMCTL/Search.db` is
    the search index."""
    parts = rel.lower().split("/")
    for pattern in patterns():
        if len(parts) >= len(pattern) and all(
            fnmatchcase(part, want) for part, want in zip(parts, pattern, strict=False)
        ):
            return "/".join(pattern)
    return None


def refusal(rel: str) -> str | None:
    """Why no peer may send `rel` (a path in a commit's tree), in words that follow the path;
    None when it may."""
    bad = unshowable(rel)
    if bad is not None:
        what = "a line break" if bad.group() == "\n" else control_name(bad.group())
        return f"a name no line can show (it holds {what}): it would print lines of its own"
    if rel.lower() == SETTINGS:
        return "this machine's own settings, which git never shares"
    if local_file(rel) is not None:
        return (
            "a file memctl keeps to each machine (rebuilt from the Markdown, or its own log) "
            "and never commits: git would write it over this machine's copy without asking"
        )
    return None


def named(rel: str) -> str:
    """`rel` as a message names it: quoted, each character no line shows escaped."""
    return f"'{shown(rel)}'"
