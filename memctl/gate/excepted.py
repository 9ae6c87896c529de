"""A rule and the exceptions the user made room for in it: "Always ask me before paying any
invoice for the newport flat; except: you can pay flat invoices under £100 without asking me".

A user's change to a rule makes room for an exception, rather than replacing the rule, when it
allows the rule's act for a case the rule does not name (`narrows`): a kind of thing
("hotfixes", "groceries"), someone ("my sister", "with Hanna"), or a value of a kind the rule
does not set, a bound or not ("under £100", "on Fridays"; "until 18:00" for hotfixes, where the
rule bounds every deploy). The rule is kept, the exception written after it (`EXCEPT`).

The gate reads such a rule without its exceptions (`base`), and a text that breaks it is allowed
when it falls inside one of them (`allowed_by`): it says every word that names the exception's
case, holds the values the exception names that the rule does not, and its amounts and times
lie within the exception's bounds. "Paid the flat's invoice, £250" still breaks the rule above,
"£60" does not, and a report that gives no amount cannot be shown to be under £100: it breaks it.
"""

from __future__ import annotations

from ..lexicon import BARE_VERBS, LIGHT
from .apart import kinds
from .bounds import amount_bounds, amounts_in, bounds, priced
from .compare import Diff
from .phrasing import CLAUSE
from .reading import Analysis, analyze, content_word

EXCEPT = "; except: "
# Words that allow or ask, not the case allowed: "it's fine to", "you can", "without asking me"
_ALLOWING = frozenset(
    "fine ok okay allow allowed can may need needs must alright without ask asking asked check "
    "checking confirm confirming approval permission".split()
)
_ALLOWING |= frozenset(content_word(w) for w in _ALLOWING)
# Words that name the rule itself, not a case of it: "from now on the limit is 100 euros"
_THE_RULE = frozenset(
    content_word(w) for w in "limit limits maximum max minimum min cap ceiling rule".split()
)


def with_exception(rule_text: str, text: str) -> str:
    return f"{rule_text.rstrip(' .')}{EXCEPT}{text}"


def own_words(entry_text: str, as_before: str) -> str:
    """The words an update or an exception was given, without what it carried forward."""
    if EXCEPT in entry_text:
        return entry_text.rsplit(EXCEPT, 1)[1]
    return entry_text.split(as_before, 1)[0]


def base(rule: Analysis) -> Analysis:
    """The rule as it reads without the exceptions made in it."""
    return analyze(rule.text.split(EXCEPT, 1)[0]) if EXCEPT in rule.text else rule


def exceptions(rule: Analysis) -> list[Analysis]:
    return [analyze(part) for part in rule.text.split(EXCEPT)[1:] if part.strip()]


def _acting(new: Analysis, rule: Analysis) -> list[Analysis]:
    """The clauses of a text that speak of the rule's act (share a word with it): where the case
    is said. Another clause gives a reason ("you can ring me at work now, I've got my own office"
    lifts the rule: the office is why, not when)."""
    said = [part for piece in CLAUSE.split(new.text) if (part := analyze(piece)).words]
    return [part for part in said if part.words & rule.words] or [new]


def _case(new: Analysis, rule: Analysis) -> frozenset[str]:
    """The words a text allows the rule's act for that the rule does not say: "hotfixes"."""
    words = frozenset().union(*(part.words for part in _acting(new, rule)))
    return words - rule.words - new.polar - _ALLOWING - _THE_RULE - BARE_VERBS - LIGHT


def _bound(new: Analysis) -> frozenset[str]:
    """The values a text gives as bounds ("under £100": n:100, "until 18:00": t:18:00)."""
    upper, lower = bounds(new.folded)
    amounts = {f"n:{n:g}" for *ends, _ in amount_bounds(new.folded) for n in ends if n is not None}
    return frozenset(upper + lower) | amounts


def _values(new: Analysis, rule: Analysis) -> frozenset[str]:
    """The values of the clauses that allow the rule's act, of kinds the rule does not set."""
    held = set(kinds(rule.values))
    said = frozenset().union(*(part.values for part in _acting(new, rule)))
    return frozenset(v for v in said if v.partition(":")[0] not in held)


def narrows(new: Analysis, rule: Analysis, diff: Diff) -> bool:
    """Does a user's change to a rule only make room for an exception, rather than replace it?
    It names a case the rule does not ("hotfixes", "my sister"), or a value of a kind the rule
    does not set ("flat invoices under £100" for "always ask me before paying any invoice for
    the flat"; "on Fridays"). With another value of a kind the rule sets, the case is where the
    value holds: "from now on groceries can go up to 120 euros" keeps "never spend more than 50
    euros without asking me" for everything else; "you can spend up to 120 euros" names no
    case and replaces it."""
    scope = _case(new, rule) & diff.extra
    # a prohibition's act allowed ("… can be deleted, no need to archive it") turns it too
    allows = rule.polarity == 1 and ("allowed", 1) in new.poles
    return (diff.flipped or allows or bool(diff.changed)) and bool(scope or _values(new, rule))


def allowed_by(new: Analysis, rule: Analysis) -> Analysis | None:
    """The exception of `rule` the text falls inside, or None (see the module's docstring)."""
    whole = base(rule)
    return next((e for e in exceptions(rule) if _inside(new, whole, e)), None)


def _inside(new: Analysis, rule: Analysis, exception: Analysis) -> bool:
    case = _case(exception, rule)
    limits = amount_bounds(exception.folded)
    upper, lower = bounds(exception.folded)
    named = _values(exception, rule) - _bound(exception)  # "on Fridays", not "under £100"
    if not (case or limits or upper or lower or named):
        return False  # the exception names no case: none the text can be shown to fall in
    if case - new.words:
        return False
    for kind, values in kinds(named).items():
        if not {v for v in new.values if v.startswith(f"{kind}:")} & values:
            return False
    if limits:
        amounts = amounts_in(new, money=priced(exception.folded))
        fits = all(_within(a, *limit) for a in amounts for limit in limits)
        if not amounts or not fits:
            return False
    if upper or lower:
        times = [v for v in new.values if v.startswith("t:") and v[2:3].isdigit()]
        fits = all(t < u for t in times for u in upper) and all(
            t >= lo for t in times for lo in lower
        )
        if not times or not fits:
            return False
    return True


def _within(amount: float, low: float | None, high: float | None, strict: bool) -> bool:
    if strict:
        return (low is None or amount > low) and (high is None or amount < high)
    return (low is None or amount >= low) and (high is None or amount <= high)
