"""`memctl remember`: the write gate, the one door into memory."""

from __future__ import annotations

import typer

from . import context, flags, output

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..gate.remember import Remembered
    from ..gate.request import Given
    from ..workspace import Outcome


def register(root: typer.Typer) -> None:
    root.command("remember")(remember)


def remember(
    text: str = typer.Argument(..., help="The memory, one line, in the words it was said."),
    source: str = typer.Option(
        "agent",
        "--source",
        "-s",
        help="Who said it: user | agent | web | file | tool.",
        callback=flags.source_word,
    ),
    by: str | None = typer.Option(None, "--by", help="Who exactly (a person, a site, a tool)."),
    ref: str | None = typer.Option(
        None,
        "--from",
        help="What it was made from: a URL, or a file of the workspace (daily/DATE.md:LINE).",
    ),
    topic: str | None = typer.Option(
        None, "--topic", "-t", help="A note (lessons/api-guide) or a category (people)."
    ),
    when: str | None = typer.Option(
        None, "--when", help="Use when … (a phrase that should find it)."
    ),
    expires: str | None = typer.Option(
        None,
        "--expires",
        help="YYYY-MM-DD, or e.g. 'in 2 weeks', friday, 3m (not for high priority).",
    ),
    from_date: str | None = typer.Option(
        None, "--from-date", help="Since when it holds: YYYY-MM-DD, or e.g. yesterday."
    ),
    kind: str | None = typer.Option(None, "--kind", "-k", help="FACT, DECISION, LESSON, RULE, …"),
    priority: str | None = typer.Option(None, "--priority", "-p", help="high | med | low"),
    reason: str | None = typer.Option(None, "--reason", help="Why the old entry ends (update)."),
    supersedes: str | None = typer.Option(
        None, "--supersedes", help="Override: this replaces entry ID."
    ),
    as_new: bool = typer.Option(False, "--as-new", help="Override: write it as a new memory."),
    explain: bool = typer.Option(False, "--explain", help="Show the decision and write nothing."),
    no_llm: bool = typer.Option(
        False, "--no-llm", help="Use the deterministic labeler even if llm_command is set."
    ),
) -> None:
    """Remember one thing through the write gate, with who said it and what it came from.

    The gate labels it new, repeat, update, correction, clash or injection (docs/gate.md).

    Exit 0: stored as a memory. Exit 3: kept but not as a fact (clash, injection), or refused.

    Example: memctl remember "The weekly call moved to Thursday" --source user
    """
    from ..gate.remember import explain as explain_memory
    from ..gate.remember import remember as remember_memory

    given: Given = {
        "source": source,
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
    ws = context.workspace()
    if explain:
        value = explain_memory(ws, text, now=context.now(), use_llm=not no_llm, **given)
        output.result(value, _render)
        return
    outcome = remember_memory(ws, text, now=context.now(), use_llm=not no_llm, **given)
    output.result(outcome, _render_outcome)
    done = outcome.value
    if done.exit_code:  # one line on stderr, as every exit but 0 has (guard's block too)
        kept = "a conflict with a rule" if done.label == "clash" else "a quote"
        output.say(f"memctl: remember: kept as {kept}, not as a fact: {done.reason}")
        raise typer.Exit(done.exit_code)


def _render_outcome(outcome: Outcome[Remembered]) -> None:
    _render(outcome.value)
    output.change_notices(outcome.change)


def _render(value: Remembered) -> None:
    style = "yellow" if value.label in ("clash", "injection") else "green"
    head = "would be" if value.explain else "→"
    output.text(f"{value.label}: {value.reason}", style=style)
    if value.explain:
        target = value.decision.target  # what a text that writes nothing new repeats
        output.text(
            f"  {head} re-verified: {target.address}"
            if target is not None and not value.preview
            else f"  {head} written to {value.note}"
        )
        if value.preview:
            output.text(f"    {value.preview}")
    for what, ref in (
        ("wrote", value.written),
        ("closed", value.closed),
        ("re-verified", value.verified),
        ("kept already as", value.kept),
    ):
        if ref is not None:
            if what == "closed" and not ref.entry.closed:  # a change said to start later
                what = f"closes on {ref.entry.fields.get('until')}"
            output.text(f"  {what} {ref.address}  {ref.entry.format()}")
    d = value.decision
    if d.candidates:
        output.text("  looked at:")
        seen: set[str] = set()  # a rule is a candidate as a rule and as an entry: shown once
        for c in d.candidates:
            if c.address in seen:
                continue
            seen.add(c.address)
            mark = " (rule)" if c.rule else ""
            output.text(f"    {c.score:.2f}  {c.address}{mark}  {c.entry.text[:80]}")
    output.text(f"  labeler: {d.labeler}" + (f" — {d.fallback}" if d.fallback else ""))
    if value.unsure:
        u = value.unsure
        what = "the rule" if u["rule"] else "the entry"
        may = "loosen" if u["rule"] else "replace"  # a rule keeps holding beside an exception
        head = f"  unsure: this may {may} {what} {u['near']}"
        if value.label == "clash":  # a question for the user: the rule loosened, or kept
            output.text(
                f"  to settle: it clashes with the rule {u['near']}  {u['text'][:80]}",
                style="yellow",
            )
            output.text(f"    to write it into the rule as an exception:  {u['supersedes']}")
            output.text(f"    to keep the rule as it is, this beside it:  {u['as_new']}")
        else:
            output.text(f"{head}  {u['text'][:80]}", style="yellow")
            to = "to write it into the rule as an exception:" if u["rule"] else "to replace it:  "
            output.text(f"    {to} {u['supersedes']}")
        if "as_new" in u and value.label != "clash":
            kept = "as written now" if value.label == "new" else "settles the clash"
            output.text(f"    to keep both:    {u['as_new']}  ({kept})")
    if value.override:
        output.text(f"  override: {value.override}")
    if value.request.trust_note:
        output.notice(value.request.trust_note)
    for notice in value.notices:
        output.notice(notice)
