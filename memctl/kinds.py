"""The kinds of memory file, and where each lives: NOW.md, INDEX.md, the daily logs, the relations
of the graph, the nightly reports; every other Markdown file is a note.

And the files of a workspace that are not memory at all: those an agent harness runs, or reads
as its instructions (Claude Code runs the hooks of `.claude/settings.json` and the servers of
`.mcp.json`, and reads CLAUDE.md as the user's own instructions; Codex and others read
AGENTS.md, Cursor `.cursor/`, Cline `.clinerules`, an OpenClaw agent its SOUL.md…; an editor
runs the tasks of `.vscode/`, direnv an `.envrc`, mise the hooks of a `mise.toml`, git the
hooks of `.husky/`; and any name with a leading dot but memctl's own). One list for every
part of memctl that must leave them alone: `memctl sync` refuses a peer's commit that brings
one (integrations/received.py), `memctl doctor` names one that names a command
(integrations/harness.py), forgetting never takes one (forgetting/memoryonly.py) and no change
writes one (change.py).
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path

NOW_FILE = "NOW.md"
INDEX_FILE = "INDEX.md"
DAILY_DIR = "daily"
GRAPH_DIR = "graph"
REPORTS_DIR = "reports"  # the nightly morning reports, reports/YYYY-MM-DD.md (nightly/sleep.py)
RULES_DIR = "rules"  # the user's rules: read at every session start (rules.py)


def in_rules(rel: str) -> bool:
    """Is `rel` (a /-separated workspace path) in the rules folder? Read without case, as a
    file system that ignores it opens `RULES/deploy.md` as `rules/deploy.md`: a folder
    `Rules/` a peer's sync brings is held to what rules/ is held to."""
    return rel.split("/", 1)[0].casefold() == RULES_DIR


def folder_clash(root: Path, rel: str) -> str | None:
    """Why a new file `rel` may not be made: a folder on its way that only a file system
    keeping case tells apart from one beside it (`People/` beside `people/`, any case of
    `rules/` but its own), as "'RULES' …"; None when its folders are all their own. One
    listing per folder on the way: only a new file pays it."""
    parts = rel.split("/")[:-1]
    if parts and parts[0].casefold() == RULES_DIR and parts[0] != RULES_DIR:
        return f"{parts[0]!r} is the rules folder {RULES_DIR}/ written in other letters"
    folder = root
    for part in parts:
        try:
            names = os.listdir(folder)
        except OSError:
            return None  # not there yet: nothing beside it to clash with
        other = next((n for n in names if n != part and n.casefold() == part.casefold()), None)
        if other is not None:
            return f"{part!r} is the folder {other!r} beside it written in other letters"
        folder = folder / part
    return None


def kind_of(rel: str, daily_dir: str = DAILY_DIR) -> str:
    if rel == NOW_FILE:
        return "now"
    if rel == INDEX_FILE:
        return "index"
    if rel.startswith(f"{daily_dir}/"):
        return "daily"
    if rel.startswith(f"{GRAPH_DIR}/"):
        return "graph"  # relations: their ids count, but they are not notes (graph/relations.py)
    if rel.startswith(f"{REPORTS_DIR}/") and _is_day_name(rel[len(REPORTS_DIR) + 1 :]):
        return "report"  # searchable, but not a note: the gate, INDEX.md and archive skip it
    return "note"


def _is_day_name(name: str) -> bool:
    return len(name) == 13 and name.endswith(".md") and name[:4].isdigit() and name[4] == "-"


# Folders whose files a harness reads or runs, at any depth.
FOLDERS = frozenset(
    {
        # the agents' own folders of settings, rules, hooks and commands
        ".claude",
        ".cursor",
        ".gemini",
        ".codex",
        ".windsurf",
        ".clinerules",  # Cline: a folder of rules, or one file (FILES)
        ".roo",  # Roo Code: .roo/rules/
        ".kiro",  # Kiro: .kiro/steering/, its hooks
        ".continue",  # Continue: .continue/rules/
        ".amazonq",  # Amazon Q: .amazonq/rules/
        ".junie",  # JetBrains Junie: .junie/guidelines.md
        ".trae",  # Trae: .trae/rules/
        ".augment",  # Augment: .augment/rules/
        ".opencode",  # opencode: its agents and commands
        ".qwen",  # Qwen Code: its settings (MCP servers) and commands, as .gemini/ for Gemini
        ".agents",  # Amp's commands, the shared .agents/skills/ (a skill's programs)
        ".kilocode",  # Kilo Code: .kilocode/rules/
        ".aiassistant",  # JetBrains AI Assistant: .aiassistant/rules/
        ".idx",  # Firebase Studio: .idx/airules.md, and dev.nix whose onStart commands run
        ".mise",  # mise: .mise/config.toml (see "mise.toml")
        # GitHub: Copilot's instructions and prompts, and the workflows Actions runs
        ".github",
        # editors and tools that run what their settings name
        ".vscode",  # tasks.json, settings.json
        ".zed",  # settings.json (its agent's servers, its tasks)
        ".devcontainer",  # devcontainer.json's commands run on opening
        ".husky",  # git hooks
        ".githooks",  # git hooks (core.hooksPath)
    }
)
# Files a harness reads as instructions or runs, at any depth (compared without case: a file
# system that ignores case opens claude.md as CLAUDE.md). None is a note's name: a note's ends in
# ".md" and is not one of these.
FILES = frozenset(
    {
        # instructions an agent reads
        "claude.md",
        "claude.local.md",
        "agents.md",
        "agents.override.md",  # Codex: read before AGENTS.md, in its place
        "agent.md",
        "gemini.md",
        "warp.md",  # Warp
        "crush.md",  # Crush
        "qwen.md",  # Qwen Code, in every folder it works in, as Gemini CLI GEMINI.md
        ".cursorrules",
        ".windsurfrules",
        ".clinerules",
        ".goosehints",  # Goose
        ".rules",  # Zed
        ".roomodes",  # Roo Code's modes
        "copilot-instructions.md",
        # settings that start programs: MCP servers, hooks, commands
        ".mcp.json",
        "opencode.json",
        "opencode.jsonc",
        "crush.json",
        ".crush.json",
        ".aider.conf.yml",  # its lint and test commands
        ".devcontainer.json",
        ".envrc",  # direnv runs it on entering the folder
        # mise runs the [hooks] (enter = "…" on entering the folder) and [tasks] they name
        "mise.toml",
        ".mise.toml",
        "mise.local.toml",
        ".mise.local.toml",
        ".replit",  # Replit runs its `run =` and `onBoot =` commands
        ".pre-commit-config.yaml",  # pre-commit's hooks
        "makefile",  # what `make` runs; a memory workspace carries none
        "gnumakefile",
        "justfile",
    }
)
# Task runners and environments, by the name before the ending: what they run is written there.
# Task (Taskfile.yml, Taskfile.dist.yaml), lefthook (the git hooks it installs), devbox (its
# init_hook runs in `devbox shell`, and on entering with direnv), devenv (enterShell)
RUNNERS = frozenset({"taskfile", "taskfile.dist", "lefthook", "lefthook-local", "devbox", "devenv"})
RUNNER_ENDINGS = frozenset({"yml", "yaml", "json", "nix"})
# VS Code runs a workspace file's tasks (`runOn: folderOpen`) when it is opened: any name
FILE_ENDINGS = (".code-workspace",)
# Every name that starts with a dot, at any depth, but memctl's own and git's settings: a
# memory is never one (a note's name does not start with a dot: workspace.py skips them), and
# the tools that read or run such a file are many and grow in number: OpenHands
# (.openhands/setup.sh runs, .openhands/microagents/ is read), Tabnine (.tabnine/guidelines/),
# Zencoder (.zencoder/rules/), Qoder (.qoder/rules/), Continue (.continuerc.json), Amp
# (.amp/settings.json), Helix (.helix/languages.toml: language servers), Neovim (.nvim.lua,
# .exrc with `exrc`), Vim's localvimrc (.lvimrc), Emacs (.dir-locals.el), autoenv (.env), Gitpod
# (.gitpod.yml: tasks on start), Yarn (.yarnrc.yml: yarnPath runs on any yarn command)…
# So any dot-name is held as a harness's file. What this costs: a peer's commit that brings an
# editor's own folder (.obsidian/, whose plugins Obsidian runs too) is refused by sync, to be
# taken by hand after reading it.
OWN_FOLDERS = frozenset({".memctl", ".archive"})  # at the root: memctl's state, the archive
# git's settings (held to their own rules) and the file that keeps a folder in git
GIT_NAMES = frozenset({".gitignore", ".gitattributes", ".gitkeep"})
# An OpenClaw agent's own files at the root of its workspace (integrations/openclaw.py).
ROOT_FILES = frozenset(
    {"soul.md", "identity.md", "heartbeat.md", "bootstrap.md", "tools.md", "user.md"}
    # aider's conventions, Replit Agent's instructions: read from the root (as a note's name,
    # lessons/conventions.md, tools/replit.md, memory)
    | {"conventions.md", "replit.md"}
)
SKILLS = "skills"  # at the root: a skill is a folder with a SKILL.md and the programs it runs
# What Python imports from the folder it runs in (`python -m …` in the workspace puts it first on
# sys.path): a module at the root, or the first file of a package in a folder of the root.
PYTHON = (".py", ".pyw", ".pyc", ".so", ".pyd")


def harness_file(rel: str) -> bool:
    """Does a harness run `rel` (a /-separated path in the workspace) or read it as its
    instructions? In the root's skills/, a SKILL.md or a file that is not Markdown (a skill's
    program); a note there (skills/python.md) is memory. Git lists files, never a folder: a
    path named like a harness's folder (`.claude`, the root's `skills`) is a link or a file in
    its place, and a link there makes the harness read what it leads to (`.claude ->
    people/cfg`). A Python module at the root (`typer.py`) or a root folder's `__init__.py` is
    a program Python runs when started in the workspace. So is any name with a leading dot
    but memctl's own folders at the root and git's .gitignore, .gitattributes, .gitkeep."""
    parts = rel.casefold().split("/")
    if any(part in FOLDERS for part in parts) or parts[-1] in FILES:
        return True
    stem, _, ending = parts[-1].rpartition(".")
    if (stem in RUNNERS and ending in RUNNER_ENDINGS) or parts[-1].endswith(FILE_ENDINGS):
        return True
    if _dot_named(parts):
        return True
    if parts[-2:] == ["mise", "config.toml"] or "/.config/mise/" in f"/{'/'.join(parts)}":
        return True  # mise's mise/config.toml, .config/mise/config.toml, .config/mise/conf.d/
    if len(parts) == 1:
        return parts[0] in ROOT_FILES or parts[0] == SKILLS or parts[0].endswith(PYTHON)
    if len(parts) == 2 and parts[1].startswith("__init__.") and parts[1].endswith(PYTHON):
        return True
    if parts[0] == SKILLS:
        return parts[-1] == "skill.md" or not parts[-1].endswith(".md")
    return False


def _dot_named(parts: list[str]) -> bool:
    """Is a part of the path a name that starts with a dot, not memctl's own folder at the root
    nor one of git's names (.gitignore, .gitattributes, .gitkeep) at its end?"""
    first = 1 if parts[0] in OWN_FOLDERS else 0
    names = parts[first:-1] + ([] if parts[-1] in GIT_NAMES else parts[-1:])
    return any(name.startswith(".") for name in names)
