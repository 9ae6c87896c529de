"""`memctl search | recall | reindex | key`: find memories, anticipate them, key them."""

from __future__ import annotations

import sys
import time

import typer

from . import context, hookcall, output, reads

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..search.freshness import Freshness
    from ..search.keys import KeyAdded
    from ..search.rank import Reindexed, SearchResult
    from ..search.recall import Recall
    from ..workspace import Outcome


def register(root: typer.Typer) -> None:
    for command in (search, recall, reindex, key):
        root.command(command.__name__)(command)


def search(
    query: list[str] = typer.Argument(..., help="What to look for (plain text; - reads stdin)."),
    limit: int = typer.Option(10, "--limit", "-n", help="How many results."),
    explain: bool = typer.Option(False, "--explain", help="Show how each score was made."),
    category: str | None = typer.Option(None, "--category", "-c", help="Only this category."),
    path: str | None = typer.Option(
        None, "--path", help="Only paths matching this glob or prefix."
    ),
    since: str | None = typer.Option(
        None, "--since", help="Recorded on or after a day: YYYY-MM-DD, or e.g. 7d, 'last monday'."
    ),
    until: str | None = typer.Option(
        None, "--until", help="Recorded on or before a day (as --since)."
    ),
    status: str | None = typer.Option(
        None, "--status", help="active|stale|conflict|superseded|closed|upcoming"
    ),
    archive: bool = typer.Option(False, "--archive", help="Include archived material."),
    closed: bool = typer.Option(False, "--closed", help="Include closed and superseded memories."),
    as_of: str | None = typer.Option(None, "--as-of", help="What was known on a day (as --since)."),
) -> None:
    """Search the memory: ranked pointers (path:line, id, status, date, snippet).

    The query is text, never syntax. Put -- before a query that starts with a dash.

    Example: memctl search "the link we used last time" -n 5
    """
    from ..dates import given_date
    from ..search.rank import Filters
    from ..search.rank import search as run_search

    day = {
        name: given_date(value, what=f"--{name.replace('_', '-')}", ahead=False) if value else None
        for name, value in (("since", since), ("until", until), ("as_of", as_of))
    }
    filters = Filters(
        category=category, path=path, status=status, archive=archive, closed=closed, **day
    )
    ws = context.workspace()
    with output.Progress("indexing the workspace") as progress:
        result = run_search(
            ws,
            _text(query),
            limit=limit,
            filters=filters,
            explain=explain,
            today=context.now().date(),
            progress=progress,
        )
    _stale_notice(result.freshness)
    if result.pending:
        output.notice(
            f"memctl: {result.pending} memories are not embedded yet and were found by "
            "their words only; `memctl reindex` embeds them"
        )
    output.result(result, _render_search)
    reads.count(ws, "search", result)


def _render_search(result: SearchResult) -> None:
    from ..chats import wake_in

    if result.hits and result.hits[0].components and result.meaning:
        output.text(result.meaning)  # --explain: whether meaning was searched, or how to
    if not result.hits:
        output.notice("no matches")
        return
    for hit in result.hits:
        where = hit.address + (f" ^{hit.id}" if hit.id else "")
        marks = [hit.status if hit.status in ("active", "upcoming") else f"⚠️ {hit.status}"]
        if hit.date:  # what is upcoming holds from its day (from:)
            marks.append(f"from {hit.date}" if hit.status == "upcoming" else hit.date)
        if hit.archived:
            marks.append("archived")
        output.highlighted(f"{where} · {' · '.join(marks)} · ", hit.snippet)
        wake = wake_in(hit.text)
        if wake and wake not in hit.snippet.replace("**", ""):
            output.text(f"    wake: {wake}")  # a past chat: the command that resumes it
        if hit.components:
            _explain(hit.components)


def _explain(c: dict) -> None:
    """How a hit's score was made, with the weights search/rank.py ranks by."""
    from ..search.rank import DENSE_WEIGHT, MEANING_ALONE, WEIGHTS

    if "dense" in c:
        output.text(
            f"    meaning: cosine {c['cosine']:.2f} → dense {c['dense']:.2f}; words = "
            f"max({1 - DENSE_WEIGHT:.1f}×words + {DENSE_WEIGHT:.1f}×dense, "
            f"{MEANING_ALONE:.1f}×dense) below"
        )
    w = WEIGHTS
    output.text(
        f"    score {c['score']:.3f} = ({w['bm25']:.2f}×bm25 {c['bm25']:.2f} [raw "
        f"{c['bm25_raw']:.1f}] + {w['coverage']:.2f}×coverage {c['coverage']:.2f} + "
        f"{w['fuzzy']:.2f}×fuzzy {c['fuzzy']:.2f}, lifted by use-when {c['use_when']:.2f} → "
        f"relevance {c['relevance']:.3f}) × priority {c['priority']:.2f} × recency "
        f"{c['recency']:.2f} × status {c['status']:.2f} × kind "
        f"{c['kind']:.2f}"
    )


def recall(
    prompt: list[str] | None = typer.Argument(None, help="The user's prompt (- or none: stdin)."),
    limit: int = typer.Option(3, "--limit", "-n", help="At most this many pointers."),
    budget: int = typer.Option(150, "--budget", help="Token budget for the whole answer."),
    hook: str | None = typer.Option(
        None, "--hook", help="claude-code: UserPromptSubmit JSON in and out."
    ),
) -> None:
    """A few one-line pointers for a prompt, or nothing when nothing fits well enough.

    Run before every turn by a harness; prints nothing (exit 0) when nothing clears the
    confidence threshold.

    Example: memctl recall "get me the link we used last time"
    """
    from ..search.recall import HOOK_INDEX_SECONDS, hook_output
    from ..search.recall import recall as run_recall

    if not prompt and not hook and sys.stdin.isatty():
        raise typer.BadParameter("give the prompt, or pipe it on stdin", param_hint="PROMPT")
    with hookcall.answering("recall", hook):
        if hook:
            text = hookcall.read(("UserPromptSubmit",), default="UserPromptSubmit").prompt or ""
        else:
            text = _text(prompt or ["-"])
        ws = context.workspace()
        today = context.now().date()
        until = time.monotonic() + HOOK_INDEX_SECONDS if hook else None
        result = run_recall(ws, text, limit=limit, budget_tokens=budget, today=today, until=until)
    reads.count(ws, "recall", result)
    if result.freshness is not None:
        _stale_notice(result.freshness)
    if hook:
        answer = hook_output(result)
        if answer:
            output.write_json(answer + "\n")
        return
    output.result(result, _render_recall)


def _render_recall(result: Recall) -> None:
    if result.text:
        output.write(result.text)


def reindex() -> None:
    """Rebuild the search index from every Markdown file (it also keeps itself current), and
    with the semantic extra give every memory its vector (a progress bar shows the first time).

    Example: memctl reindex
    """
    from ..search.rank import reindex as run_reindex

    started = time.monotonic()
    with (
        output.Progress("indexing the workspace", eager=True) as progress,
        output.Progress("embedding memories", eager=True) as embedding,
    ):
        done = run_reindex(context.workspace(), progress, embedding)
    _stale_notice(done.freshness)
    seconds = time.monotonic() - started
    output.result(done, lambda d: _render_reindex(d, seconds))


def _render_reindex(done: Reindexed, seconds: float) -> None:
    unreadable = done.freshness.unreadable
    output.text(
        f"indexed {done.freshness.files} files in {seconds:.1f}s"
        + (f" ({unreadable} read as plain text: see `memctl doctor`)" if unreadable else "")
    )
    if done.vectors is not None:
        output.text(f"{done.meaning} ({done.vectors.embedded} embedded now)")
    else:
        output.notice(f"memctl: {done.meaning}")


def key(
    target: str = typer.Argument(..., help="An entry (k3x9, FILE#^ID, FILE:LINE) or a note path."),
    phrase: str = typer.Argument(..., help="The request that should find it next time."),
) -> None:
    """Add a use-when key to an entry (when:"…") or a note (use_when:).

    Example: memctl key t4xk "get me the link we used last time"
    """
    from ..search.keys import add_key

    output.result(add_key(context.workspace(), target, phrase), _render_key)


def _render_key(outcome: Outcome[KeyAdded]) -> None:
    value = outcome.value
    what = f"^{value.id} in {value.path}" if value.id else value.path
    if value.added:
        output.text(f"keyed {what}: {' | '.join(value.keys)}")
    else:
        output.text(f"{what} already has the key {value.key!r}")
    output.change_notices(outcome.change)


def _text(parts: list[str]) -> str:
    if parts == ["-"]:
        return context.stdin_text()
    return " ".join(parts)


def _stale_notice(freshness: Freshness) -> None:
    if freshness.stale:
        output.notice(
            f"memctl: the search index is stale: {freshness.stale}; results may miss recent changes"
        )
