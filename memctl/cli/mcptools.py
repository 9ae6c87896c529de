"""memctl's MCP server: the memory as tools for any harness that speaks the Model Context Protocol.

Each tool is one call into the library function its CLI command makes, and answers with the JSON
that command prints with --json. A memctl error is an MCP tool error (isError) whose text is the
CLI's `memctl: error: …` line and whose structured content is the CLI's JSON error document,
exit code included; a command the CLI ends with a non-zero exit code (the gate keeping a clash
as a quote, exit 3) is a tool error too, with its whole JSON. The tools run on the server's one
worker (memctl.cli.warm), so the warm socket and the tools never write at the same time.

The server's instructions are the memctl skill's guidance for MCP, and the prompt `memctl` is the
skill itself (templates/SKILL.md).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mcp.server import MCPServer
from mcp_types import CallToolResult, TextContent, ToolAnnotations

from ..errors import MemctlError
from ..secrets.shown import shown_data
from . import checks, context, flags, reads
from .warm import Worker

if TYPE_CHECKING:
    from ..daily import LogEntry
    from ..desk import NowView
    from ..forgetting.forget import Forgotten
    from ..gate.request import Given, Remembered
    from ..graph.relations import Neighborhood, Paths
    from ..search.rank import SearchResult
    from ..search.recall import Recall
    from ..show import Shown
    from ..workspace import Outcome, Workspace

# What a tool does on the worker: one library call on the workspace; its result is answered as
# the CLI's --json prints it (to_dict() when it has one).
Work = Callable[["Workspace"], object]

INSTRUCTIONS = """\
memctl is your long-term memory: plain Markdown notes and daily logs in a git workspace the
user can read, every change a commit. Nothing reaches your context unless you ask, so ask.

- At the start of a session call `now` (where things were left, and the memory's health).
- Before you answer anything that refers to the past ("last time", "the link we used", "as we
  decided", a person, a project), call `recall` with the user's words; call `search` when you
  need more than a few pointers or want to filter. Open a pointer with `show`.
- When the user says "remember", or you learn a decision, a lesson, a correction or a link that
  worked, call `remember` with one fact in one line, `source` saying who said it, and `when`
  phrased the way the user will ask for it next time. Secrets are refused. A call here is
  yours: `source` "user" is kept as "agent", and a rule is the user's to write at the CLI.
- Write what happened to today's log with `log`. Facts that stop being true: `forget` closes
  them (nothing is deleted; a person can restore them).
- Relations across several hops: `graph_path`, `graph_neighbors`.
- An empty recall means nothing in memory fits: do not invent a memory.
The whole guide is the prompt `memctl`."""

READ = ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True)
WRITE = ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=False)


def build(root: Path, worker: Worker) -> MCPServer:
    """The MCP server for the workspace at `root`, its tools run on `worker`."""
    from .. import __version__
    from ..initialize import template

    server = _Server("memctl", version=__version__, instructions=INSTRUCTIONS)

    async def call(work: Work) -> CallToolResult:
        future = worker.submit(_answer, root, work)
        return await asyncio.wrap_future(future)

    @server.tool(annotations=READ)
    async def now(full: bool = False) -> CallToolResult:
        """Where things were left: NOW.md (focus, tasks in progress, priorities), the user's
        rules in force (follow every one) and one health line of the memory. Call it once at the
        start of a session, before anything else, and again when the user asks what is going on
        or what is next."""
        from ..desk import view_now

        def work(ws: Workspace) -> NowView:
            view = view_now(ws, today=context.now().date(), full=full)
            reads.count(ws, "now", view)
            return view

        return await call(work)

    @server.tool(annotations=READ)
    async def recall(prompt: str, limit: int = 3, budget: int = 150) -> CallToolResult:
        """A few one-line pointers to memories that fit the user's message, or none at all when
        nothing is likely enough to help. Call it with the user's own words before answering a
        message that refers to anything from before: "last time", "the link we used", "what did
        we decide", a person, a project, a tool. An empty answer means memory holds nothing
        that fits: say so rather than guess. Open a pointer with `show`."""
        from ..search.recall import recall as run_recall

        def work(ws: Workspace) -> Recall:
            _checked("recall", {"prompt": prompt, "limit": limit, "budget": budget}, ws)
            found = run_recall(
                ws, prompt, limit=limit, budget_tokens=budget, today=context.now().date()
            )
            reads.count(ws, "recall", found)
            return found

        return await call(work)

    @server.tool(annotations=READ)
    async def search(
        query: str,
        limit: int = 10,
        category: str | None = None,
        path: str | None = None,
        since: str | None = None,
        until: str | None = None,
        status: str | None = None,
        archive: bool = False,
        closed: bool = False,
        as_of: str | None = None,
        explain: bool = False,
    ) -> CallToolResult:
        """Ranked memories for a query in plain words (typos, partial words and other scripts
        are found): each with its path:line, id, status, date and a snippet. Call it when
        `recall` gave too little, when you are about to redo a hunt, a setup or a search the
        user may have done before, or to look within a category (people, projects, lessons…),
        a path, dates (since/until/as_of: YYYY-MM-DD, or e.g. 7d, 'last monday') or a status.
        archive and closed include archived and closed memories."""
        from ..dates import given_date
        from ..search.rank import Filters
        from ..search.rank import search as run_search

        def work(ws: Workspace) -> SearchResult:
            given = {"since": since, "until": until, "as_of": as_of}
            _checked("search", {"query": query, "limit": limit, "path": path, **given}, ws)
            days = {
                name: given_date(value, what=f"--{name.replace('_', '-')}", ahead=False)
                if value
                else None
                for name, value in given.items()
            }
            filters = Filters(
                category=category, path=path, status=status, archive=archive, closed=closed, **days
            )
            found = run_search(
                ws, query, limit=limit, filters=filters, explain=explain, today=context.now().date()
            )
            reads.count(ws, "search", found)
            return found

        return await call(work)

    @server.tool(annotations=READ)
    async def show(target: str) -> CallToolResult:
        """The whole of one memory: an entry by its id (k3x9, NOTE#^k3x9 or PATH:LINE), or a
        note by its path (people/anna). Call it to open a pointer that `recall` or `search`
        gave, before you rely on it. Archived memories open too."""
        from ..search.orders import marked
        from ..show import show as show_target

        def work(ws: Workspace) -> Shown:
            _checked("show", {"target": target}, ws)
            shown = marked(ws, show_target(ws, target))
            reads.count(ws, "show", shown)
            return shown

        return await call(work)

    @server.tool(annotations=WRITE)
    async def remember(
        text: str,
        source: str = "agent",
        by: str | None = None,
        ref: str | None = None,
        topic: str | None = None,
        when: str | None = None,
        expires: str | None = None,
        from_date: str | None = None,
        kind: str | None = None,
        priority: str | None = None,
        reason: str | None = None,
        supersedes: str | None = None,
        as_new: bool = False,
        explain: bool = False,
    ) -> CallToolResult:
        """Store one fact, decision, lesson, correction or working link, in one line and in the
        words it was said. Call it when the user says "remember", corrects you, or decides
        something, and when you learn something worth having next time. source: who said it
        (agent, web, file, tool; a call here is yours, so `user` is kept as `agent`, and a
        rule is the user's to write: `memctl remember … --kind RULE --source user`); ref: what
        it came from (a URL, or a file of the workspace: daily/DATE.md:LINE, note.md#^id);
        when: the words the user will use to ask for it next time; topic: a note
        (lessons/api-guide) or a category (people). The write gate labels it new, repeat,
        update, correction, clash or injection and acts on that; a clash or an injection is
        kept as a quote, not a fact (a tool error, exit 3). Secrets are refused.
        explain: show the decision and write nothing."""
        from ..gate.remember import explain as explain_memory
        from ..gate.remember import remember as remember_memory

        given: Given = {
            "source": _capped(source),
            "by": by,
            "ref": ref,
            "topic": topic,
            "when": when,
            "expires": expires,
            "from_date": from_date,
            "kind": kind,
            "priority": priority,
            "reason": reason,
            "supersedes": supersedes,
            "as_new": as_new,
        }

        def work(ws: Workspace) -> Remembered | Outcome[Remembered]:
            _checked("remember", {"text": text, **given}, ws)
            if explain:
                return explain_memory(ws, text, now=context.now(), **given)
            return remember_memory(ws, text, now=context.now(), **given)

        return await call(work)

    @server.tool(annotations=WRITE)
    async def log(title: str, text: str = "") -> CallToolResult:
        """Append an entry (### HH:MM — title, then the text) to today's daily log. Call it when
        something happened that is worth a line: work done, a problem met and how it was
        solved, with the paths, commands and links that mattered. Logs are append-only; the
        nightly job turns their DECISION:, LESSON: and FACT: lines into notes."""
        from ..daily import append_log

        def work(ws: Workspace) -> Outcome[LogEntry]:
            _checked("log", {"title": title, "message": text}, ws)
            return append_log(ws, title, text, now=context.now())

        return await call(work)

    @server.tool(annotations=READ)
    async def graph_path(a: str, b: str, max_hops: int = 4, limit: int = 5) -> CallToolResult:
        """The shortest chains of relations between two entities in the knowledge graph, every
        hop with its predicate. Call it for questions that need more than one hop ("what key
        does Brian's project need?"): a person to a project to a tool to a secret's place."""
        from ..search.graphread import path as find_path

        def work(ws: Workspace) -> Paths:
            values = {"source": a, "target": b, "max_hops": max_hops, "limit": limit}
            _checked("graph_path", values, ws)
            return find_path(ws, a, b, max_hops=max_hops, limit=limit)

        return await call(work)

    @server.tool(annotations=READ)
    async def graph_neighbors(entity: str, depth: int = 1, limit: int = 100) -> CallToolResult:
        """The entities within `depth` hops (1 to 6) of one entity in the knowledge graph, in
        either direction, each with the path to it. Call it to see what is known around a
        person, a project or a tool before you plan work that touches it."""
        from ..search.graphread import neighbors as find_neighbors

        def work(ws: Workspace) -> Neighborhood:
            values = {"entity": entity, "depth": depth, "limit": limit}
            _checked("graph_neighbors", values, ws)
            return find_neighbors(ws, entity, depth=depth, limit=limit)

        return await call(work)

    @server.tool(annotations=WRITE)
    async def forget(target: str, reason: str, source: str = "agent") -> CallToolResult:
        """Take one memory out of the live workspace, with the reason, in one commit: an entry
        (by id) is closed, struck through with until: and why:; a note (by path) is marked
        superseded and moved to .archive/. Nothing is deleted: a person can restore it. Call it
        when the user says a memory is wrong or no longer holds and a newer fact does not
        simply replace it (for that, `remember` the new fact). A rule is forgotten only by the
        user (`memctl forget … --source user`): a call here is yours, `source` "user" is kept
        as "agent"."""
        from ..forgetting.forget import forget as forget_target

        source = _capped(source)

        def work(ws: Workspace) -> Outcome[Forgotten]:
            _checked("forget", {"target": target, "reason": reason, "source": source}, ws)
            return forget_target(
                ws, target, reason=reason, today=context.now().date(), source=source
            )

        return await call(work)

    @server.prompt(name="memctl", description="The memctl skill: which memory call to make when.")
    def skill() -> str:
        return template("SKILL.md")

    return server


class _Server(MCPServer):
    """The SDK's server, but an argument its schema refuses is named without its value: the
    SDK's message quotes the value (`input_value=['ghp_…']`), and memctl prints no secret."""

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Any = None) -> Any:
        from mcp.server.mcpserver.exceptions import ToolError, UnexpectedToolError
        from pydantic import ValidationError

        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as exc:
            cause = exc.__cause__
            if isinstance(exc, UnexpectedToolError) or not isinstance(cause, ValidationError):
                raise
            raise ToolError(f"Error executing tool {name}: {_refused(cause)}") from cause


def _refused(exc: Any) -> str:
    """A schema's refusal of arguments, each with where and why, never the value given."""
    from ..errors import redacted

    problems = [
        f"{'.'.join(str(part) for part in err['loc']) or 'arguments'}: {err['msg']}"
        for err in exc.errors(include_url=False, include_input=False)
    ]
    return redacted(f"{len(problems)} invalid argument(s): " + "; ".join(problems))


def _answer(root: Path, work: Work) -> CallToolResult:
    """Run `work(workspace)` and answer as the CLI's --json would (on the worker)."""
    from ..workspace import open_workspace

    try:
        value = work(open_workspace(root))
    except MemctlError as exc:
        return CallToolResult(
            content=[TextContent(type="text", text=f"memctl: error: {exc}")],
            structured_content=exc.to_dict(),
            is_error=True,
        )
    data = value.to_dict() if hasattr(value, "to_dict") else value
    # each secret it holds, or a file's name holds (a file made by hand or synced), redacted
    # as the CLI's output redacts it (memctl.secrets.shown)
    data = shown_data(data)
    shown = json.dumps(data, ensure_ascii=False, indent=2, default=str)
    code = getattr(getattr(value, "value", value), "exit_code", 0)
    return CallToolResult(
        content=[TextContent(type="text", text=shown)],
        structured_content=data if isinstance(data, dict) else {"result": data},
        is_error=bool(code),
    )


def _capped(source: str) -> str:
    """Who said it, as a tool call may say: read in any case, as the CLI reads `--source`, and
    never `user`. Every MCP call comes from the model, so a claimed `user` is kept as `agent`
    (a rule, or forgetting one, needs the person at the CLI), whatever the model was told."""
    word = flags.source_word(source) or "agent"
    return "agent" if word == "user" else word


def _checked(name: str, values: dict[str, Any], ws: Workspace) -> None:
    """A tool's values checked as the CLI command `name` checks its options."""
    checks.check_call(name, values, _labels(name), ws)


@cache
def _labels(name: str) -> dict[str, str]:
    """The labels of the CLI command `name`'s parameters ("log" → {"title": "TITLE",
    "message": "--message", …}), as its errors name them."""
    import typer.main

    from .main import app

    group: Any = typer.main.get_command(app)
    first, _, sub = name.partition("_")
    command = group.get_command(None, first)  # memctl's group reads no context for it
    if sub:
        command = command.commands[sub]
    return {p.name: checks.label_of(p) for p in command.params}
