"""What of an entry a change leaves standing although it touches the entry's phrase, its kind
of value or its person (memctl/gate/carry.py decides the rest).

- One of two values of a kind: "the evening visit is at 7pm now" over "carers come at 8am and
  6pm" replaces 6pm, the one the evening names, and so does "at 7 now instead of 6"; 8am
  still holds.
- A "not" or an ending said of a detail, not of what the entry is about: "no more nights" of
  "Sion works 12 hour shifts at the Heath, alternating days and nights", "not using Dai
  Plumbing anymore" of "Boiler … serviced by Dai Plumbing, annual service each October". The
  detail goes; the shifts, the hospital and the service each October hold.
- A correction that names another in a role ("dads gp is dr price, not dr rees") was wrong of
  the name: where the role is held ("at Llandaff North surgery") holds.
- The subject's qualifiers: "newport flat rent" of "newport flat rent is £675 pcm", where the
  rent goes up; "u11s training" of "u11s training is thursday 5.30", where it moves.
- A value said not to be so in part ("ends 6798 not 6789" of "reference 7001-2345-6789") is
  the whole value said not to be so.
"""

from __future__ import annotations

import re

from ..lexicon import LIGHT
from .apart import kinds
from .phrasing import CLAUSE, lead, phrases
from .reading import Analysis, analyze
from .valued import PART_HOURS

# kinds whose values a text writes one word each: a clock time, a weekday
_ONE_WORD = ("t", "wd")


_PARTS = frozenset(f"t:{part}" for part in PART_HOURS)  # a part of the day is no new time


def _hour(value: str) -> int | None:
    return int(value[2:4]) if value.startswith("t:") and value[2:4].isdigit() else None


def others_of_a_kind(new: Analysis, old: Analysis, given: set[str]) -> frozenset[str]:
    """Of the old text's values of a kind the new text gives another of, those it leaves as
    they were: the old text holds two or more of the kind and the new one names which it
    replaces, by the value itself ("instead of 6", "the thursday session") or by the part of
    the day it falls in ("the evening visit") beside the value it gives now ("at 7pm"). Empty
    when it does not say which, or names one to keep it alone ("just tuesdays now")."""
    spared: set[str] = set()
    for kind in _ONE_WORD:
        mine = {v for v in old.values if v.startswith(f"{kind}:")}
        if kind not in given or len(mine) < 2:
            continue
        named = mine & new.rejected  # "instead of 6"
        if {v for v in new.values - old.values if v.startswith(f"{kind}:")} - _PARTS:
            named |= mine & new.values  # "the thursday one moved to friday", not "just tuesdays"
            parts = [PART_HOURS[v[2:]] for v in new.values if v[2:] in PART_HOURS]
            named |= {v for v in mine if (h := _hour(v)) is not None and any(h in p for p in parts)}
        clocked = {v for v in mine if kind != "t" or _hour(v) is not None}
        if named and clocked - named:
            spared |= clocked - named
    return frozenset(spared)


def without_the_replaced(phrase: str, spared: frozenset[str], given: set[str]) -> str | None:
    """A phrase that holds a value spared beside the one replaced, without the words of the
    replaced one ("at 8am" of "at 8am and 6pm"), or None."""
    part = analyze(phrase)
    if not part.values & spared:
        return None
    gone_values = {v for v in part.values if v.partition(":")[0] in given} - spared
    said = phrase.split()
    gone = [bool(v := analyze(w).values) and v <= gone_values for w in said]
    kept = [
        w
        for i, w in enumerate(said)
        if not gone[i]
        and not (
            w.lower() in ("and", "or", "&", "then")
            and (i == 0 or gone[i - 1] or gone[i + 1 :][:1] == [True])
        )
    ]
    rest = " ".join(kept).strip(" .;,")
    return rest if analyze(rest).values & spared else None


def _negative(said: Analysis) -> bool:
    return bool(said.polarity or any(s < 0 for _, s in said.poles))


def ended_in_part(new: Analysis, old: Analysis) -> frozenset[str]:
    """The words and values of the entry the text's "not" or ending is said of, when they are
    only details of it (in its phrases after the first: "no more nights") and another of the
    text's clauses says what holds now ("sion's on days only now"): what the entry is about
    goes on, and only those details end. Empty when the negated clause says a word of the
    entry's first phrase beside its name ("Sam doesn't work at Google anymore" of "Sam works
    at Google"): that is the thing itself ending."""
    cut = phrases(old.text)
    if len(cut) < 2:
        return frozenset()
    head, rest = analyze(cut[0]), analyze(", ".join(cut[1:]))
    negated: list[Analysis] = []
    plain: list[Analysis] = []
    for clause in CLAUSE.split(new.text):
        said = analyze(clause)
        if said.words or said.values:
            (negated if _negative(said) else plain).append(said)
    if not negated or not any(p.words - p.polar - LIGHT for p in plain):
        return frozenset()
    ended: set[str] = set()
    for said in negated:
        touched = (said.words - said.polar) & old.words | said.values & old.values
        touched -= head.names  # whose the entry is: "sion's not doing nights"
        if not touched or touched & (head.words | head.values):
            return frozenset()
        if not touched <= rest.words | rest.values:
            return frozenset()
        ended |= touched
    return frozenset(ended)


_WHERE = frozenset("at in".split())


def where_held(new: Analysis, old: Analysis, given_up: frozenset[str] | set[str]) -> list[str]:
    """Of a correction that names another in place of a name of the entry's first phrase
    ("dads gp is dr price, not dr rees" over "Dad's GP is Dr Rees at Llandaff North
    surgery"), the phrases of that clause that say where the role is held ("at Llandaff North
    surgery"): the name was wrong, not the place. What the entry says of the person in a
    clause of its own ("he comes on short notice") is the other person's, and goes."""
    cut = phrases(old.text.split(",", 1)[0].split(";", 1)[0])
    if len(cut) < 2 or not given_up <= analyze(cut[0]).words:
        return []
    if not new.words - old.words - new.polar - LIGHT:
        return []  # no one named in their place
    held = []
    for phrase in cut[1:]:
        part = analyze(phrase)
        if lead(phrase) not in _WHERE or part.words & (new.words | new.rejected | given_up):
            continue
        if part.words - LIGHT and not set(kinds(part.values)) & set(kinds(new.values)):
            held.append(phrase.strip(" .;,"))
    return held


_COPULA = re.compile(r"(?<!\s)\s+(?:is|are|was|were)\s+", re.IGNORECASE)


def qualified_subject(phrase: str, new: Analysis, given: set[str]) -> str | None:
    """Of a first phrase that says what something is ("newport flat rent is £675 pcm"), the
    words that name it ("newport flat rent"), when the new text names it in fewer ("rent goes
    up to £700"): what it leaves unsaid still says which rent it is."""
    cut = _COPULA.search(phrase)
    if cut is None:
        return None
    subject = analyze(phrase[: cut.start()])
    if set(kinds(subject.values)) & given or subject.values & new.rejected:
        return None
    # "Under-11s" is a value and says which training
    unsaid = subject.words - LIGHT - subject.polar - new.words | subject.values - new.values
    if not unsaid or not subject.words & new.words or subject.words & new.rejected:
        return None
    return phrase[: cut.start()].strip(" .;,")


def with_subject(phrase: str, tail: str) -> str:
    """A first phrase's values ("thursday 5.30") with the words that say whose they are and the
    verb between ("u11s training is thursday 5.30")."""
    cut = _COPULA.search(phrase)
    return f"{phrase[: cut.end()].strip()} {tail}" if cut else tail


_DIGITS = re.compile(r"\d+")


def said_not_in_part(new: Analysis, old: Analysis) -> Analysis:
    """The new reading with an old value said not to be so in part ("ends 6798 not 6789" of
    "reference 7001-2345-6789"; three digits or more) said not to be so whole."""
    from dataclasses import replace

    rejected = {v[2:] for v in new.rejected if v.startswith("n:") and len(v) >= 5}
    if not rejected:
        return new
    whole = {
        v
        for v in old.values - new.values
        if v.partition(":")[0] in ("n", "tel")
        and any(_a_part(d, "".join(_DIGITS.findall(v.partition(":")[2]))) for d in rejected)
    }
    return replace(new, rejected=new.rejected | whole) if whole else new


def _a_part(digits: str, whole: str) -> bool:
    return digits != whole and (whole.endswith(digits) or whole.startswith(digits))
