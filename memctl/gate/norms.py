"""What a change to one norm of a rule keeps of its others.

A rule may set several norms in one line ("Always answer me in English, keep replies under ten
lines"). A change of one of them ("Reply in German from now on") replaces the rule with one
that still says the others: they share the act (replies) with the change, so the phrase-wise
carrying of memctl/gate/carry.py would take them for restated. A norm is changed when the new
text gives a value of a kind it holds (German for English), says a word of it is not so, or
turns around all it says; the others are carried whole.
"""

from __future__ import annotations

import re

from ..lexicon import LIGHT
from .compare import Diff, kinds
from .phrasing import CLAUSE
from .reading import Analysis, analyze

# Where a rule's norms part: "Always answer me in English, keep replies under ten lines"
_NORMS = re.compile(
    r"(?<!\s)\s*[;,]\s+(?:(?:and|but)\s+)?|(?<=\w)[.!]\s+|(?<!\s)\s+(?:and|but|&)\s+",
    re.IGNORECASE,
)


def norms(rule_text: str) -> list[str]:
    """A rule cut into the norms it sets; a piece with no word of its own (values only: "and
    German") stays with the one before it."""
    text = rule_text.rstrip(" .;,)")
    spans: list[list[int]] = []
    at = 0
    for end, after in [(m.start(), m.end()) for m in _NORMS.finditer(text)] + [(len(text), 0)]:
        if spans and not (analyze(text[at:end]).words - LIGHT):
            spans[-1][1] = end
        elif text[at:end].strip(" .;,()"):
            spans.append([at, end])
        at = after
    return [text[start:end].strip(" .;,()") for start, end in spans]


def with_other_norms(
    new: Analysis, old: Analysis, diff: Diff, details: list[str], rule_text: str
) -> list[str]:
    """The details carried from a rule (`rule_text`, what `old` read) changed in one of its
    norms, with its other norms whole: "Reply in German from now on" over "Always answer me in
    English, keep replies under ten lines" keeps "keep replies under ten lines", though it
    speaks of replies too."""
    parts = norms(rule_text)
    if len(parts) < 2 or diff.apart or diff.ended or new.gives_up:
        return details
    given = set(kinds(new.values - old.values))
    read = [analyze(part) for part in parts]
    touched = [
        bool(set(kinds(r.values)) & given)
        or bool(r.words & new.rejected)
        or diff.flipped
        and bool(r.words - LIGHT)
        and (r.words - LIGHT) <= new.words
        for r in read
    ]
    kept = [
        not hit and bool(r.words - LIGHT - new.words or r.values - new.values)
        for r, hit in zip(read, touched, strict=True)
    ]
    if not any(touched) or not any(kept):
        return details
    out: list[str] = []
    for part, keep in zip(parts, kept, strict=True):
        if keep:
            out.append(part)
        else:
            out += [d for d in details if _within(d, part) and d not in out]
    return out + [d for d in details if not any(_within(d, part) for part in parts)]


def _within(detail: str, norm: str) -> bool:
    """Is a carried phrase part of a norm ("and use bullet points" of "use bullet points for
    lists")?"""
    return re.sub(r"(?i)^(?:and|but|or)\s+", "", detail) in norm


# A time as a rule writes it: "10am", "9:30 pm", "16:00", "10"
_CLOCK = re.compile(r"(?<![\w:.])(\d{1,2})(?::(\d{2}))?(?:\s*([ap])\.?m\.?)?(?![\w:])", re.I)


def with_new_time(rule_text: str, new: Analysis, old: Analysis, diff: Diff) -> str | None:
    """The rule with the one time it sets put as the user now sets it ("Never book me client
    calls before 9am" for "calls from 9 are fine from now on" over "… before 10am"): the rule
    keeps its words, its limit and its other norms; None when the change is not one time for
    another (two times said, another kind changed too, a "not", the rule turned around)."""
    mine = {v for v in new.values if v.startswith("t:")}
    theirs = {v for v in old.values if v.startswith("t:")}
    if diff.changed != ("t",) or len(mine) != 1 or len(theirs) != 1 or mine == theirs:
        return with_new_number(rule_text, new, old, diff)
    if new.rejected or diff.apart or diff.ended:
        return None
    was, now = next(iter(theirs)), next(iter(mine))
    # the clause that gives the time says nothing else ("… in the team channel from now on"
    # says where too); another clause may say why ("…, I'm up earlier since the baby")
    clause = [r for part in CLAUSE.split(new.text) if now in (r := analyze(part)).values]
    if len(clause) != 1 or clause[0].words - LIGHT - clause[0].polar - old.words:
        return None
    hour, minute = (int(x) for x in now[2:].split(":"))
    spots = [m for m in _CLOCK.finditer(rule_text) if was in analyze(m.group()).values]
    if len(spots) != 1:
        return None
    m = spots[0]
    if m[3]:  # as the rule writes it: "10am" → "9am", "9:30pm"
        said = (
            f"{hour % 12 or 12}{f':{minute:02d}' if minute else ''}{'pm' if hour >= 12 else 'am'}"
        )
    elif m[2]:
        said = f"{hour:02d}:{minute:02d}"
    else:
        return None  # "before 10": which half of the day the rule means is its own
    return f"{rule_text[: m.start()]}{said}{rule_text[m.end() :]}"


_FIGURE = re.compile(r"(?<![\w:.,])(\d+)(?![\w:.,]?\d)")


def with_new_number(rule_text: str, new: Analysis, old: Analysis, diff: Diff) -> str | None:
    """The rule with the one number it sets put as the user now sets it ("Always reply to
    client enquiries within 48 hours" for "ok new rule: 48 hrs is fine for replying to
    enquiries, 24 is too tight" over "… within 24 hours"): the rule keeps its words and its
    unit. The clause that gives the number says nothing but words of the rule (another may say
    why, and name the old number); None otherwise."""
    if new.rejected or diff.apart or diff.ended or set(diff.changed) - {"n"}:
        return None
    theirs = {v for v in old.values if v.startswith("n:")}
    mine = {v for v in new.values if v.startswith("n:")} - theirs
    if len(theirs) != 1 or len(mine) != 1 or set(kinds(new.values - old.values)) != {"n"}:
        return None
    now = next(iter(mine))
    clause = [r for part in CLAUSE.split(new.text) if now in (r := analyze(part)).values]
    if len(clause) != 1 or clause[0].words - LIGHT - clause[0].polar - old.words:
        return None
    if not clause[0].words & old.words or clause[0].values & theirs:
        return None  # "48 is fine": of what?; "24 or 48": which?
    spots = [m for m in _FIGURE.finditer(rule_text) if f"n:{m[1]}" in theirs]
    if len(spots) != 1:
        return None
    m = spots[0]
    return f"{rule_text[: m.start()]}{now[2:]}{rule_text[m.end() :]}"
