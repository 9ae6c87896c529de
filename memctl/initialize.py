"""`memctl init`: lay out a workspace, or adopt an existing folder of Markdown without loss."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from . import gitstore
from .config import DEFAULT_CATEGORIES, Config, load_config
from .dates import fmt_stamp
from .errors import PathRefused
from .workspace import (
    ARCHIVE_DIR,
    DAILY_DIR,
    INDEX_FILE,
    MARKER,
    NOW_FILE,
    Workspace,
    atomic_write,
    iter_markdown,
)  # fmt: skip

_GITIGNORE_MARK = "# memctl: derived files"


def template(name: str) -> str:
    return resources.files("memctl.templates").joinpath(name).read_text(encoding="utf-8")


@dataclass
class InitResult:
    root: str
    created: list[str] = field(default_factory=list)
    adopted: list[str] = field(default_factory=list)  # Markdown that was already there
    commit: str | None = None
    notices: list[str] = field(default_factory=list)
    message: str | None = None  # the commit's message

    def to_dict(self) -> dict:
        return {"root": self.root, "created": self.created, "adopted": self.adopted,
                "commit": self.commit, "message": self.message,
                "notices": self.notices}  # fmt: skip


def init_workspace(path: Path, *, categories: list[str] | None = None, now: dt.datetime,
                   openclaw: bool = False) -> InitResult:  # fmt: skip
    """Create what is missing; never overwrite or move a file that is there. Idempotent.

    `openclaw`: the folder is an OpenClaw agent workspace; daily logs go to its memory/ folder
    (memctl.openclaw describes the layout)."""
    root = path.expanduser().resolve()
    if root.exists() and not root.is_dir():
        raise PathRefused(f"{path}: exists and is not a folder")
    root.mkdir(parents=True, exist_ok=True)
    result = InitResult(root=str(root))
    new_repo = not gitstore.is_repo(root)
    dirty_before = set() if new_repo else gitstore.dirty_paths(root)

    config_path = root / MARKER / "config.yaml"
    config = load_config(config_path) if config_path.exists() else Config()
    ws = Workspace(root, config)
    result.adopted = [ws.rel(p) for p in iter_markdown(ws, archive=True)]

    def create(rel: str, text: str) -> None:
        target = root / rel
        if target.exists():
            return
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(target, text)
        result.created.append(rel)

    create(f"{MARKER}/config.yaml", _config_text(categories, openclaw=openclaw))
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
    if openclaw:
        from .openclaw import layout

        for rel, text in layout().items():
            create(rel, text)
        result.notices += _openclaw_notices(config)

    if new_repo:
        gitstore.init_repo(root)
        result.created.append(".git/")
    if not (root / INDEX_FILE).exists():
        from .dashboard import render_index

        create(INDEX_FILE, render_index(ws, today=now.date()).text)

    if config.auto_commit:
        # A new repository takes the adopted files too (they are listed as adopted); in an
        # existing one only memctl's own files are committed and the person's edits are left.
        paths = [p.rstrip("/") for p in result.created if p != ".git/"]
        if new_repo:
            paths += result.adopted
        elif dirty_before:
            result.notices.append(f"left {len(dirty_before)} uncommitted change(s) of yours alone")
        adopted = f" (adopted {len(result.adopted)} files)" if result.adopted else ""
        what = f"workspace{adopted}"
        made = gitstore.commit(root, sorted(set(paths)), f"memctl init: {what}")
        result.commit = made.sha if made else None
        result.message = made.message if made else None
    return result


def _openclaw_notices(config: Config) -> list[str]:
    from .openclaw import DAILY

    if config.daily_dir == DAILY:
        return []
    return [f"{MARKER}/config.yaml was already there with daily_dir: {config.daily_dir}; set "
            f"daily_dir: {DAILY} in it to keep daily logs where OpenClaw reads them"]  # fmt: skip


def _config_text(categories: list[str] | None, *, openclaw: bool = False) -> str:
    text = template("config.yaml")
    if openclaw:
        from .openclaw import config_text

        text = config_text(text)
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
