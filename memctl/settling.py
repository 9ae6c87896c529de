"""The two commands that settle what the gate could not tell: whether a memory it wrote as new
replaces the entry it names (`may_replace:` on the new line). Both lose nothing: `--supersedes`
turns the line already written into the replacement and closes the old entry, `--as-new` keeps
both and takes the mark away. Used where the gate answers (memctl.gate.remember.unsure) and
wherever an unsettled line is listed later (INDEX.md, `memctl ls`, the morning report)."""

from __future__ import annotations

FIELD = "may_replace"  # on a line the gate wrote as new: the entry it may replace


def commands(
    text: str,
    near: str,
    *,
    source: str,
    by: str | None = None,
    ref: str | None = None,
    topic: str | None = None,
    kind: str | None = None,
    as_new: bool = True,
    settled_by: str | None = None,
) -> dict[str, str]:
    """{"supersedes": …, "as_new": …}: the exact command lines (as_new=False: the first only);
    `settled_by`: the source whose word the first takes, when not the text's own."""
    import shlex

    def line(said_by: str) -> list[str]:
        base = ["memctl", "remember", text, "--source", said_by]
        for flag, value in (("--by", by), ("--from", ref), ("--topic", topic), ("--kind", kind)):
            base += [flag, value] if value else []
        return base

    base = line(source)
    out = {"supersedes": shlex.join([*line(settled_by or source), "--supersedes", near])}
    if as_new:
        out["as_new"] = shlex.join([*base, "--as-new"])
    return out


def for_clash(
    text: str,
    rule: str,
    *,
    source: str,
    by: str | None = None,
    ref: str | None = None,
    topic: str | None = None,
    kind: str | None = None,
) -> dict[str, str]:
    """The two commands that settle a line kept beside the rule it clashes with, wherever the
    clash is shown (the gate's answer, INDEX.md, `memctl ls`, the morning report): the text
    written into the rule as an exception, on the user's word (a rule changes only so), and the
    text kept beside the rule in its own source (`--source agent --as-new` for the agent's: the
    user is not recorded as having said it), which closes the clash as settled."""
    return commands(
        text, rule, source=source, by=by, ref=ref, topic=topic, kind=kind, settled_by="user"
    )


def address(near: str, where: dict[str, str]) -> str:
    """An entry named by its id ("^k3x9") as its full address ("people/anna.md#^k3x9"), as the
    gate names it, when `where` (id → the note that holds it) knows it; else as named."""
    at = where.get(near[1:]) if near.startswith("^") else None
    return f"{at}#{near}" if at else near


def span(command: str) -> str:
    """A command as a Markdown code span that shows it whole, whatever backticks its words hold
    (CommonMark: a fence longer than any run of backticks inside, padded by a space)."""
    import re

    runs = [len(run) for run in re.findall(r"`+", command)]
    if not runs:
        return f"`{command}`"
    fence = "`" * (max(runs) + 1)
    return f"{fence} {command} {fence}"
