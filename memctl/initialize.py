"""`memctl init`: lay out a workspace, or adopt an existing folder of Markdown without loss."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from . import gitstore
from .atomic import atomic_write
from .config import DEFAULT_CATEGORIES, Config, load_config
from .dates import fmt_stamp
from .errors import PathRefused, Refused
from .kinds import DAILY_DIR, INDEX_FILE, NOW_FILE
from .workspace import ARCHIVE_DIR, MARKER, Workspace, iter_markdown

_GITIGNORE_MARK = "# memctl: derived files"
# A folder already holding more files than this that are not Markdown is likely not meant to be
# a memory (a project, a download folder): init asks for --yes first.
CROWDED = 200


def template(name: str) -> str:
    return resources.files("memctl.templates").joinpath(name).read_text(encoding="utf-8")


@dataclass(frozen=True)
class Layout:
    """A harness's shape for a workspace (memctl.integrations.openclaw has one): where daily
    logs go, the config template adapted to it, and files it adds when they are missing."""

    daily_dir: str
    config: Callable[[str], str]
    files: dict[str, str]


@dataclass
class InitResult:
    root: str
    created: list[str] = field(default_factory=list)
    adopted: list[str] = field(default_factory=list)  # Markdown that was already there
    commit: str | None = None
    notices: list[str] = field(default_factory=list)
    message: str | None = None  # the commit's message

    def to_dict(self) -> dict:
        return {
            "root": self.root,
            "created": self.created,
            "adopted": self.adopted,
            "commit": self.commit,
            "message": self.message,
            "notices": self.notices,
        }


def init_workspace(
    path: Path,
    *,
    categories: list[str] | None = None,
    now: dt.datetime,
    layout: Layout | None = None,
    confirmed: bool = False,
) -> InitResult:
    """Create what is missing; never overwrite or move a file that is there. Idempotent.

    `layout`: the folder belongs to a harness (an OpenClaw agent workspace keeps daily logs in
    its memory/ folder: memctl.integrations.openclaw.layout()). `confirmed` (`--yes`): make a
    workspace of a folder that does not look meant for one (see check_folder)."""
    root = path.expanduser().resolve()
    if root.exists() and not root.is_dir():
        raise PathRefused("exists and is not a folder", path=str(path))
    if not confirmed:
        check_folder(root)
    root.mkdir(parents=True, exist_ok=True)
    result = InitResult(root=str(root))
    new_repo = not gitstore.is_repo(root)
    dirty_before = set() if new_repo else gitstore.dirty_paths(root)

    config_path = root / MARKER / "config.yaml"
    config = load_config(config_path) if config_path.exists() else Config()
    ws = Workspace(root, config)
    if categories:  # a folder's name is checked as a path every change adds is (admission.py)
        from .admission import Admission

        for folder in categories:  # as the folder of a file: `Rules` beside rules/ is refused
            Admission(ws).path(f"{folder}/.gitkeep")
    result.adopted = [ws.rel(p) for p in iter_markdown(ws, archive=True)]

    def create(rel: str, text: str) -> None:
        target = root / rel
        if target.exists():
            return
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(target, text)
        result.created.append(rel)

    create(f"{MARKER}/config.yaml", _config_text(categories, layout))
    config = load_config(config_path)
    ws = Workspace(root, config)
    create(NOW_FILE, template("NOW.md").format(updated=fmt_stamp(now)))
    folders = [config.daily_dir, ARCHIVE_DIR, *(categories or config.categories)]
    for folder in folders:
        target = root / folder
        if not target.exists():
            target.mkdir(parents=True)
            result.created.append(f"{folder}/")
        if not any(target.iterdir()):
            create(f"{folder}/.gitkeep", "")
    _merge_lines(root / ".gitignore", template("gitignore"), result)
    attributes = template("gitattributes")
    if config.daily_dir != DAILY_DIR:  # daily logs elsewhere merge as a union too
        attributes += f"{config.daily_dir}/*.md merge=union\n"
    _merge_lines(root / ".gitattributes", attributes, result)
    if layout:
        for rel, text in layout.files.items():
            create(rel, text)
        result.notices += _layout_notices(config, layout)

    if new_repo:
        gitstore.init_repo(root)
        result.created.append(".git/")
    if not (root / INDEX_FILE).exists():
        from .dashboard import render_index

        create(INDEX_FILE, render_index(ws, today=now.date()).text)

    if config.auto_commit:
        # A new repository takes the adopted files too (they are listed as adopted); in an
        # existing one only memctl's own files are committed and the person's edits are left.
        # A file holding a secret or a purged text is adopted and left uncommitted, as a
        # person's edit holding one is (memctl.change), and said so in one line.
        paths = {p.rstrip("/") for p in result.created if p != ".git/"}
        if new_repo:
            theirs = result.adopted + _kept_state(root)
            paths |= set(theirs) - _held(ws, theirs, result.notices)
        elif dirty_before:
            result.notices.append(f"left {len(dirty_before)} uncommitted change(s) of yours alone")
        adopted = f" (adopted {len(result.adopted)} files)" if result.adopted else ""
        what = f"workspace{adopted}"
        while True:
            try:
                made = gitstore.commit(root, sorted(paths), f"memctl init: {what}")
                break
            except Refused as e:  # what the store refuses that no line of text showed (not UTF-8)
                if not new_repo or e.path not in paths:
                    raise
                paths.discard(e.path)
                result.notices.append(f"left {e.path} uncommitted: {e.message}")
        result.commit = made.sha if made else None
        result.message = made.message if made else None
    return result


# What .memctl/ holds that is committed (the rest is derived, and ignored): a copy of a
# workspace made without its .git (workspace-example/) brings them, and they are its own.
KEPT_STATE = ("config.yaml", "purged.jsonl", "gate.jsonl", "nightly.jsonl", "slips.jsonl")


def _kept_state(root: Path) -> list[str]:
    found = [f"{MARKER}/{name}" for name in KEPT_STATE if (root / MARKER / name).is_file()]
    receipts = root / MARKER / "receipts"
    if receipts.is_dir() and not receipts.is_symlink():
        found += [f"{MARKER}/receipts/{p.name}" for p in sorted(receipts.glob("*.md"))]
    return found


def _held(ws: Workspace, rels: list[str], notices: list[str]) -> set[str]:
    """The files of a folder adopted now that memctl may not commit (memctl.change), each said."""
    from .change import refuse_held_edit

    held = set()
    for rel in rels:
        try:
            refuse_held_edit(ws, rel, ws.root / rel, committed=False)
        except Refused as e:
            held.add(rel)
            where = f"{rel}:{e.line}" if e.line else rel
            notices.append(f"left {where} uncommitted: {why_held(e, line=False)}")
    return held


def why_held(refusal: Refused, *, line: bool = True) -> str:
    """What memctl.change.refuse_held_edit found, in the words of a notice that names the
    file first (`line=False`: and the line, as `FILE:LINE`)."""
    if not refusal.line:
        return "its name holds what memctl commits in no name"
    if "purged" in refusal.message:
        what = "text purged on purpose, which memctl never stores again"
    else:
        what = "what looks like a secret, and memctl commits none (say where it lives instead)"
    return f"line {refusal.line} holds {what}" if line else f"it holds {what}"


def check_folder(root: Path) -> None:
    """Refuse (exit 3) to make a workspace of the file system's root, the home folder or a temp
    root (even one made a workspace by mistake before), or of a folder not yet a workspace that
    holds more than CROWDED files that are not Markdown: a workspace adopts and commits the
    Markdown under it, and other programs' files would follow."""
    import tempfile

    roots = {
        Path("/"),
        Path.home(),
        Path(tempfile.gettempdir()),
        Path("/tmp"),
        Path("/var/tmp"),
        Path("/dev/shm"),
    }
    if root in {p.resolve() for p in roots}:
        what = "your home folder" if root == Path.home().resolve() else "a system folder"
        raise Refused(
            f"{root} is {what}: a workspace there would adopt and commit every "
            "Markdown file under it; give a folder of its own (`memctl init "
            "~/memory`), or pass --yes to make it a workspace anyway"
        )
    if root.is_dir() and not (root / MARKER).is_dir() and _count_others(root) > CROWDED:
        raise Refused(
            f"{root} already holds more than {CROWDED} files that are not Markdown: "
            "it looks like a folder for something else; give a folder of its own, "
            "or pass --yes to make it a workspace anyway"
        )


def _count_others(root: Path) -> int:
    """Files under `root` that are not Markdown, counted up to CROWDED + 1 (.git left out)."""
    import os

    found = 0
    for _folder, dirs, files in os.walk(root, onerror=lambda _: None):
        dirs[:] = [d for d in dirs if d != ".git"]
        found += sum(not name.endswith(".md") for name in files)
        if found > CROWDED:
            break
    return found


def _layout_notices(config: Config, layout: Layout) -> list[str]:
    if config.daily_dir == layout.daily_dir:
        return []
    return [
        f"{MARKER}/config.yaml was already there with daily_dir: {config.daily_dir}; set "
        f"daily_dir: {layout.daily_dir} in it to keep daily logs where the harness reads them"
    ]


def _config_text(categories: list[str] | None, layout: Layout | None) -> str:
    text = template("config.yaml")
    if layout:
        text = layout.config(text)
    if categories and tuple(categories) != DEFAULT_CATEGORIES:
        old = f"categories: [{', '.join(DEFAULT_CATEGORIES)}]"
        text = text.replace(old, f"categories: [{', '.join(categories)}]")
    return text


def _merge_lines(path: Path, wanted: str, result: InitResult) -> None:
    """Add memctl's lines to a .gitignore/.gitattributes, keeping what the person wrote."""
    existing = path.read_text(encoding="utf-8") if path.exists() else ""
    have = set(existing.splitlines())
    missing = [line for line in wanted.splitlines() if line and line not in have]
    if not missing:
        return
    sep = "" if not existing or existing.endswith("\n") else "\n"
    atomic_write(path, existing + sep + "\n".join(missing) + "\n")
    result.created.append(path.name)
