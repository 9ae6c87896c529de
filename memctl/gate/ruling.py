"""How a text stands to one rule on file: the user's change to it, a clash with it, or a
loosening the gate cannot tie to it for sure.

The rule is read without the exceptions the user made in it (excepted.py), and the text with
the names the notes on file say hold a role read as that role ("Harris Lettings" as "the letting
agent" where a note says "Harris Lettings is our letting agent", or where a note names the
business and a rule the role by its trade: "paid via Harris Lettings", roles.py): what a rule
says of the letting agent it says of them. A user's text that lets the agent do what an
ask-first rule asks to be asked about without asking (askfirst.loosened) changes the rule when
it is about the rule's thing; about another thing the gate cannot tie to it ("you can answer
harris estates about repairs without asking me", with nothing on file that says who the
letting agent is) it may loosen the rule, and the gate names the rule with the commands that
settle it. Words that make an exception for one time ("just this once", "it's not a new rule")
are no part of what is done: what is left clashes with the rule, it never changes it. A user's
prohibition that adds one more thing to the rule's ("add my email to that list too") widens
it (forbids.py).
"""

from __future__ import annotations

import re
from typing import Literal

from .askfirst import approved, loosened, unasked
from .bounds import over_limit, set_past
from .condition import done_before
from .excepted import allowed_by, base
from .forbids import offered, offered_past, once, reports_done, widened
from .reading import Analysis, analyze
from .roles import by_trade, holders
from .rulecheck import acts, for_good, governed, rule_change
from .swapped import other_value_for
from .values import site_names

Stand = Literal["update", "correction", "clash", "maybe"]
_UNASKED = "lets the agent do without asking what the rule asks to be asked about"


def ruling(
    new: Analysis, rule: Analysis, *, trusted: bool, said: Analysis | None = None
) -> tuple[Stand, str] | None:
    """("update" or "correction", why): the user changes the rule for good; ("clash", why): the
    text contradicts it; ("maybe", why): the user may loosen it for a thing the gate cannot tie
    to the rule's; None: the text does not speak of it, or falls inside an exception of it.
    `said`: the text with the names that hold a role read as the role (read_as_roles)."""
    said = said or new
    ruled = base(rule)
    single = once(said)  # "…, only for this one, it's not a new rule": what is left is done
    said = single or said
    change = rule_change(said, ruled) or other_value_for(said, ruled)
    change = change or _past_its_measure(said, ruled, trusted)
    if change and single is not None:
        change = change[0], False  # an exception for one time: the rule stands
    loose = loosened(said, ruled) if trusted and change is None else None
    if loose is False:
        return "maybe", f"{_UNASKED}, of a thing the rule may not mean"
    if loose:
        change = _UNASKED, for_good(said, ruled)
    # inside an exception, said by name ("harris lettings") or by role ("the letting agent")
    excepted = allowed_by(new, rule) or allowed_by(said, rule)
    wider = widened(said, ruled, acts(ruled)) if trusted and change is None else None
    if wider:
        return "update", wider
    if change is None:
        # the act a rule asks to be asked about first, reported done: the user may do it
        done = None if trusted else unasked(said, ruled)
        if not trusted and done_before(said, ruled):
            done = done or "done before what the rule waits for"
        return ("clash", done) if done and not excepted else None
    reason, lasting = change
    if trusted and lasting:
        # "…, not tuesdays" with "now": the rule changes, it was not wrong
        changes = new.update or new.update_weak and not new.corrects_in_words
        return ("correction" if new.correction and not changes else "update"), reason
    return None if excepted else ("clash", reason)


_SPENDING = frozenset(("buy", "book"))


def _past_its_measure(new: Analysis, rule: Analysis, trusted: bool) -> tuple[str, bool] | None:
    """(why, whether for good) the text does or offers what the rule forbids past what it
    measures: a measure set past its bound ("raise the heating to 22°C" for "… at or below
    20°C"), the thing it forbids by name offered ("a spoon of peanut butter" for "No peanuts
    …"), an amount in its unit past its bound ("ready in 90 minutes" for "… under 30
    minutes"), or, from the agent or a tool, a thing paid for over its limit."""
    past = set_past(new, rule) or offered(new, rule) or offered_past(new, rule)
    if past:
        return past, for_good(new, rule)
    if not trusted and _spent_over(new, rule):
        return "paid more than the rule's limit, reported done", False
    return None


def _spent_over(new: Analysis, rule: Analysis) -> bool:
    """Does the agent or a tool report a thing done for a price over the rule's limit on what
    is bought or booked ("Renewed your insurance for £340" for "no purchases over £50 without
    checking with me"), the user's word not said?"""
    # what it governs, or asks to be asked about first ("ask me before spending over $300")
    if not (governed(rule) | rule.words) & _SPENDING or not over_limit(new, rule):
        return False
    return reports_done(new) and not new.polarity and not approved(new)


def read_as_roles(new: Analysis, texts: list[str], rules: list[str] | None = None) -> Analysis:
    """The text with each name the entries on file (`texts`) say holds a role read as that role
    ("from now on you can answer harris lettings …" as "… answer the letting agent …", where a
    note says "Harris Lettings is our letting agent", or names the business by the trade of the
    role a rule names: "paid via Harris Lettings"), and with the names of the sites it links to
    ("amazon.co.uk": Amazon): what a rule says of the role or the business it says of them. The
    text itself when it names no such holder and no site."""
    said = new.text
    for name, role in (by_trade(texts, rules or []) | holders(texts)).items():
        said = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", f"the {role}", said, flags=re.I)
    sites = site_names(new.folded)  # "ordered on amazon.co.uk": from Amazon, as a rule names it
    said = f"{said} ({', '.join(sites)})" if sites else said
    return new if said == new.text else analyze(said)
