"""The label a memory gets once its caller has had a say: `--as-new` and `--supersedes ID`
settle what the gate could not, and a text already on file as a quote or a conflict is read
for who says it now (the user's words after a web page's are the user's; an agent's clash said
again is a clash again, exit 3)."""

from __future__ import annotations

from dataclasses import replace

from ..errors import InvalidValue, NotFound, Refused
from ..kinds import kind_of
from ..workspace import Workspace
from .candidates import Candidate, Survey, candidate
from .decide import Decision, label
from .labeler import MAY_REPLACE, TRUST_RANK, Label
from .reading import analyze
from .request import Request


def decided(
    ws: Workspace, request: Request, found: Survey, *, use_llm: bool
) -> tuple[Decision, str | None]:
    if request.kind == "RULE":  # a rule repeats or changes a rule, never a fact beside it
        found = Survey([c for c in found.entries if c.rule], found.rules, found.notes)
    decision = label(
        ws, request.text, trust=request.trust, source=request.source, found=found, use_llm=use_llm
    )
    if decision.near is not None and _apart_in_kind(request.kind, decision.near.entry.kind):
        reason = decision.reason.split(MAY_REPLACE, 1)[0]
        decision = replace(decision, near=None, reason=reason)
    if decision.label == "injection" and (request.as_new or request.supersedes):
        return decision, "ignored: an instruction from this source stays a quote"
    if request.as_new:
        was = decision.label
        same = same_words(request, found)
        if same is not None and same.entry.kind != "CONFLICT":  # written as new already
            why = f"--as-new: already on file word for word as {same.address}"
            return replace(decision, label="repeat", target=same, near=None, reason=why), why
        why = f"--as-new: the caller says this is new (the gate said {was})"
        if same is not None:  # kept as a clash with a rule: keeping both settles it
            why = f"--as-new: a new memory beside the rule; settles the clash {same.address}"
        decision = replace(decision, label="new", target=None, near=None, reason=why)
        return decision, why
    if request.supersedes:
        target = found.find(request.supersedes) or _named(
            ws, request.supersedes, found, request.text
        )
        if target.rule and request.trust != "trusted":
            raise Refused(f"{target.address} is a rule; only the user's words can change it")
        if TRUST_RANK[target.trust] > TRUST_RANK[request.trust] and request.trust == "untrusted":
            raise Refused(
                f"{target.address} is {target.trust}; an untrusted source cannot retire it"
            )
        name: Label = "correction" if analyze(request.text).correction else "update"
        was = decision.label
        decision = replace(
            decision,
            label=name,
            target=target,
            reason=f"--supersedes {target.address} (the gate said {was})",
        )
        return decision, f"--supersedes {target.address} (the gate said {was})"
    kept = decision.target
    if decision.label == "repeat" and kept is not None and kept.entry.kind in ("CONFLICT", "QUOTE"):
        if TRUST_RANK[request.trust] > TRUST_RANK[kept.trust]:
            # The same words from a more trusted source (the user saying what an agent's
            # clash or a web page said) are theirs: read as if the quote were not there.
            others = [c for c in found.entries if c is not kept]
            fewer = Survey(others, [c for c in found.rules if c is not kept], found.notes)
            return decided(ws, request, fewer, use_llm=use_llm)
        if kept.entry.kind == "CONFLICT":
            why = f"clashes with a rule, as {kept.address} on file says already"
            return replace(decision, label="clash", reason=why), None  # refused again: exit 3
    return decision, None


_ONE_KIND = ("DECISION", "LESSON")  # what only one of its own kind may replace


def _apart_in_kind(kind: str | None, other: str | None) -> bool:
    """Can a memory of `kind` not replace an entry of kind `other`: a lesson learnt replaces no
    decision, a fact read in passing none of either ("the staging cluster is called
    atlas-stg-2" replaces nothing of "Atlas goes to staging first")?"""
    mine, theirs = kind or "FACT", other or "FACT"
    return mine != theirs and bool({mine, theirs} & set(_ONE_KIND))


def same_words(request: Request, found: Survey) -> Candidate | None:
    """An open entry with the same words from a source as trusted (not the one superseded)."""
    from ..entry import unquoted
    from ..settling import FIELD
    from .carry import own_words
    from .reading import same_text

    wanted = (request.supersedes or "").rsplit("^", 1)[-1]
    for c in found.entries:
        named = request.supersedes in (c.address, c.entry.id, f"^{c.entry.id}")
        # the user taking over what the agent wrote beside the user's own fact, when unsure
        confirmed = bool(wanted) and c.entry.fields.get(FIELD) == wanted
        if (
            same_text(own_words(unquoted(c.entry.text)), request.text)
            and (
                c.trust == request.trust
                or confirmed
                and TRUST_RANK[request.trust] > TRUST_RANK[c.trust]
            )
            and not named
        ):
            return c
    return None


def _named(ws: Workspace, ref: str, found: Survey, text: str) -> Candidate:
    from ..longterm import find_entry

    hit = find_entry(ws, ref)
    if hit.entry.closed:
        raise Refused(f"{hit.address} is already closed (until {hit.entry.fields.get('until')})")
    if hit.path.startswith(".archive/"):
        raise NotFound(f"{hit.address} is archived; only live entries can be superseded")
    if kind_of(hit.path, ws.config.daily_dir) != "note":
        raise InvalidValue(
            f"{hit.address} is not a memory but a line of {hit.path}; only a note's entries "
            "can be superseded"
        )
    return found.find(hit.address) or candidate(hit.path, hit.entry, text)
