"""`memctl guard`: the checks on rules, run before an action (Claude Code's PreToolUse hook)."""

from __future__ import annotations

import typer
from typer.core import TyperGroup

from . import context, hookcall, output
from .checks import asked_by

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typer._click.core import Context  # typer carries its own click

    from ..nightly.guard import CheckChange, Listing, Verdict
    from ..workspace import Outcome, Workspace


class _CheckByDefault(TyperGroup):
    """`memctl guard ACTION_TEXT` (or `--hook …`) is `memctl guard check …`."""

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in ("-h", "--help"):
            args = ["check", *args]
        return super().parse_args(ctx, args)


app = typer.Typer(
    cls=_CheckByDefault,
    no_args_is_help=True,
    help="Checks on rules before an action: a new check watches (logs what it would block); "
    "only the user makes one enforce (guard then exits 3 and the hook denies).",
)


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="guard")


@app.command("check")
def check(
    action: str | None = typer.Argument(
        None, metavar="ACTION_TEXT", help="The action about to run."
    ),
    hook: str | None = typer.Option(
        None, "--hook", help="claude-code: read the PreToolUse hook's JSON on stdin, answer it."
    ),
) -> None:
    """Match an action against every check on rules: watch logs it, enforce blocks it.

    A check in watch mode logs what it would have blocked and allows (exit 0). A check the user
    enforces blocks: exit 3 with the rule's text on stderr; with --hook claude-code, a deny
    decision on stdout in Claude Code's PreToolUse format (exit 0).

    Example: memctl guard check "git push --force origin main"  (or: memctl guard "…")
    """
    from ..errors import InvalidValue
    from ..nightly.guard import evaluate, hook_action, hook_output

    if hook is not None:
        with hookcall.answering("guard", hook):
            tool, text = hook_action(hookcall.read(("PreToolUse",), default="PreToolUse"))
            verdict = evaluate(_workspace(), text, tool=tool, now=context.now())
        _faults(verdict)
        answer = hook_output(verdict)
        if answer:
            output.write_json(answer + "\n")
        return  # the decision travels in the JSON; exit 0 so Claude Code reads it
    if not action:
        raise InvalidValue("give the ACTION_TEXT to check (or --hook claude-code)")
    verdict = evaluate(_workspace(), action, now=context.now())
    _faults(verdict)
    output.result(verdict, _render)
    if verdict.exit_code:
        output.say(f"memctl: guard: {verdict.reason()}")
        raise typer.Exit(verdict.exit_code)


def _faults(verdict: Verdict) -> None:
    """A check stopped past its time blocks nothing: one line on stderr for each (and in
    .memctl/hooks.log), naming its file and line."""
    for fault in verdict.faults():
        output.say(f"memctl: warning: guard: {fault}")


def _workspace() -> Workspace:
    """The workspace even when its settings do not load: the checks are in rules/ whatever
    the config says, and a check the user enforces blocks all the same (a hook that errors
    out blocks nothing)."""
    ws, problem = context.workspace_anyway()
    if problem is not None:
        output.say(
            f"memctl: warning: {problem}; the guard went by the checks in rules/ all the same"
        )
    return ws


def _render(verdict: Verdict) -> None:
    if not verdict.hits:
        output.text(f"allowed: no check matches ({verdict.checks} check(s))")
    for hit in verdict.hits:
        verb = "blocks" if hit.check.mode == "enforce" else "watching, would block"
        output.text(f'{verb}: {hit.check.address} "{hit.check.text}" (matched "{hit.match}")')


@app.command("enforce")
def enforce(
    rule: str = typer.Argument(..., metavar="ID", help="The rule's id or FILE#^ID."),
    source: str = asked_by("A check starts to block"),
) -> None:
    """The user's decision: this rule's check blocks from now on.

    guard then exits 3 and the hook denies. Only the user decides it: without --source user it
    is refused (exit 3); the nightly job and the agent never do.

    Example: memctl guard enforce w3bk --source user
    """
    _set(rule, "enforce", source)


@app.command("watch")
def watch(
    rule: str = typer.Argument(..., metavar="ID", help="The rule's id or FILE#^ID."),
    source: str = asked_by("A check that blocks stops"),
) -> None:
    """The user's decision: this rule's check only watches again (logs, never blocks).

    Example: memctl guard watch w3bk --source user
    """
    _set(rule, "watch", source)


def _set(rule: str, mode: str, source: str) -> None:
    from ..nightly.guard import set_mode

    outcome = set_mode(context.workspace(), rule, mode, today=context.now().date(), source=source)

    def render(outcome: Outcome[CheckChange]) -> None:
        output.text(f"{outcome.value.mode}: {outcome.value.line}")
        output.change_notices(outcome.change)

    output.result(outcome, render)


@app.command("list")
def list_checks() -> None:
    """List the checks on rules: mode, pattern, rule, and what each matched so far.

    Example: memctl guard list
    """
    from ..nightly.guard import listing

    output.result(listing(context.workspace()), _render_listing)


def _render_listing(found: Listing) -> None:
    if not found.checks:
        output.text("no rule carries a check (memctl lessons --apply ID --check REGEX adds one)")
        return
    rows = [
        [c.mode, c.address, c.pattern, str(found.hits_of(c)), c.problem or c.text[:60]]
        for c in found.checks
    ]
    output.table(["Mode", "Rule", "Check", "Hits", "Rule text"], rows)
