"""When a rule holds: the times it bounds ("before 16:00", "not before 9") and the days of the
week it names ("weekdays", "the weekend"), and how a text's own times and days stand to them."""

from __future__ import annotations

import re

from ..words import tokens
from .reading import Analysis, analyze, content_word

# A rule that names a part of the week sets those days: "only on weekdays" is Monday to Friday.
_WORKING_DAYS = re.compile(
    r"(?<!\w)(?:weekdays?|workdays?|working\s+days?|werktags|wochentags|werktage|laborables|"
    r"entre\s+semana|jours\s+ouvres|dias\s+uteis|feriali)(?!\w)"
)
_WEEKEND = re.compile(
    r"(?<!\w)(?:weekends?|week-ends?|wochenenden?|fin(?:es)?\s+de\s+semana|fins?\s+de\s+semana|"
    r"fine\s+settimana)(?!\w)"
)
_BOUND = re.compile(
    r"(?<!\w)(?P<word>before|until|till|by|no\s+later\s+than|up\s+to|not\s+after|after|"
    r"not\s+before|no\s+earlier\s+than|from)\s+(?P<time>\d{1,2}(?::\d{2})?(?!\d)(?:\s*[ap]\.?m\.?)?)"
)
_LOWER_WORDS = frozenset(("after", "from", "not before", "no earlier than"))
_DAY_PART_AT = {  # a part of the day as the hour it stands for, against a bound
    "t:morning": "t:09:00",
    "t:noon": "t:12:00",
    "t:afternoon": "t:15:00",
    "t:evening": "t:19:00",
    "t:night": "t:22:00",
}
_WEEK_PARTS = (
    (_WORKING_DAYS, frozenset(f"wd:{d}" for d in range(1, 6))),
    (_WEEKEND, frozenset(("wd:6", "wd:7"))),
)


def bounds(folded: str) -> tuple[list[str], list[str]]:
    """(the times a text says not to pass, the times it says not to come before), as "t:HH:MM"
    values: "before 16:00", "until 8pm"; "after 18:00", "not before 9"."""
    upper: list[str] = []
    lower: list[str] = []
    for m in _BOUND.finditer(folded):
        found = analyze(m["time"]).values
        times = sorted(v for v in found if v.startswith("t:"))
        hours = [int(v[2:]) for v in found if v[:2] == "n:" and v[2:].isdigit() and len(v) <= 4]
        times += [f"t:{h:02d}:00" for h in hours if h <= 24]  # "until 8": an hour
        (lower if m["word"] in _LOWER_WORDS else upper).extend(times[:1])
    return upper, lower


def allowed(text: Analysis) -> tuple[list[str], list[str]]:
    """(the times a text allows up to, the times it allows from): its bounds, the other way
    round under a "not" ("don't call Sam before 9am": 9am is where calls may start)."""
    upper, lower = bounds(text.folded)
    return (lower, upper) if text.polarity else (upper, lower)


def within(new: Analysis, rule: Analysis) -> bool:
    """Is every time of an act the text reports inside the rule's bounds ("at 10:00" against
    "before 15:00")? A text that sets bounds of its own is a rule of its own: not within."""
    upper, lower = allowed(rule)
    if not (upper or lower) or any(bounds(new.folded)):
        return False
    times = [v for v in new.values if v.startswith("t:") and v[2:3].isdigit()]
    times += [_DAY_PART_AT[v] for v in new.values if v in _DAY_PART_AT]
    return bool(times) and all(
        all(t < u for u in upper) and all(t >= lo for lo in lower) for t in times
    )


def same_bounds(new: Analysis, rule: Analysis) -> bool:
    """Does the text allow the act from and up to the very times the rule does ("calls from 9
    are ok", "no calls before 9" for "no calls before 9am")? It says the rule again."""
    theirs = allowed(rule)
    return any(theirs) and allowed(new) == theirs


def beyond(new: Analysis, rule: Analysis) -> bool:
    """Does the text bound a time from the other side of the rule's own bound ("after 16:00",
    "from 4pm" where the rule says "before 16:00"; "before 9" where it says "not before 9")?"""
    upper, lower = allowed(rule)
    mine_upper, mine_lower = allowed(new)
    return any(t >= u for t in mine_lower for u in upper) or any(
        t <= lo for t in mine_upper for lo in lower
    )


# the hours a part of the day spans, [from, to): "at 3pm" is in the afternoon
_SPANS = {
    "t:morning": ("05:00", "12:00"),
    "t:noon": ("11:30", "13:30"),
    "t:afternoon": ("12:00", "18:00"),
    "t:evening": ("17:00", "23:00"),
    "t:night": ("21:00", "24:00"),
}


def in_parts(new: Analysis, rule: Analysis) -> bool | None:
    """Does every hour the text gives fall in a part of the day the rule names ("at 3pm" in
    "Friday afternoons": True; "at 10am": False)? None when the rule names no part of the day
    or the text gives no hour."""
    parts = [_SPANS[v] for v in rule.values if v in _SPANS]
    hours = [f"{v[2:]:0>5}" for v in new.values if v.startswith("t:") and v[2:3].isdigit()]
    if not parts or not hours:
        return None
    return all(any(lo <= h < hi for lo, hi in parts) for h in hours)


def week_days(rule: Analysis) -> frozenset[str]:
    """The weekdays a rule's part of the week sets ("weekdays", "the weekend")."""
    return frozenset(
        day for pattern, days in _WEEK_PARTS if pattern.search(rule.folded) for day in days
    )


def elsewhere(mine: frozenset[str], theirs: frozenset[str]) -> list[str]:
    """The kinds of value of one at a time (days, dates, months, languages) the text sets only
    other values of than the rule does: "Tuesday" where the rule says "Fridays"."""
    return [
        kind
        for kind in ("wd", "d", "mo", "lang")
        if differs(mine, theirs, kind)
        and not {v for v in mine if v.startswith(f"{kind}:")} & theirs
    ]


def differs(mine: frozenset[str], theirs: frozenset[str], kind: str) -> bool:
    """Does the text set a value of this kind the rule does not (the rule setting one too)?"""
    ours = {v for v in mine if v.startswith(f"{kind}:")}
    return bool(ours) and any(v.startswith(f"{kind}:") for v in theirs) and bool(ours - theirs)


# A limit on an amount: "more than 100 euros", "up to 50", "at least 2 reviews", "under £30"
_AMOUNT = re.compile(
    r"(?<!\w)(?P<word>more\s+than|over|above|exceeding|in\s+excess\s+of|up\s+to|at\s+most"
    r"|no\s+more\s+than|max(?:imum)?(?:\s+of)?|less\s+than|under|below|fewer\s+than|at\s+least"
    r"|min(?:imum)?(?:\s+of)?)\s+(?:[€$£]\s?)?(?P<n>\d+(?:[.,]\d+)?)(?!\d)"
)
# An amount of money: "€180", "180 euros", "$40", "12,50 eur"
PRICED = re.compile(
    r"(?:[€$£]\s?(?P<a>\d+(?:[.,]\d+)*)"
    r"|(?<![\d.,])(?P<b>\d+(?:[.,]\d+)*)\s?(?:[€$£]|euros?\b|eur\b|dollars?\b|pounds?\b|usd\b|gbp\b|chf\b))"
)
_BELOW = re.compile(r"less|under|below|fewer")  # what lies below is what is ruled on


_LIMIT_WORDS = re.compile(r"(?<!\w)(?:limit|budget|cap|ceiling|allowance)(?!\w)")


def money_limit(folded: str) -> bool:
    """Does the text set a limit on money ("you can go up to 500 euros", "the budget is
    €300")? Spending is what such a limit governs, whatever the verb."""
    if _LIMIT_WORDS.search(folded) and PRICED.search(folded):
        return True
    return any(PRICED.search(folded, m.start(), m.end() + 9) for m in _AMOUNT.finditer(folded))


def amounts_within(new: Analysis, rule: Analysis) -> bool:
    """Is every amount the text gives on the allowed side of the limits the rule sets ("40
    euros" against "never spend more than 100 euros"; "3 reviews" against "at least 2")?
    False when the rule sets no limit or the text gives no amount."""
    limits: list[tuple[float | None, float | None]] = []
    for m in _AMOUNT.finditer(rule.folded):
        n, word = float(m["n"].replace(",", ".")), m["word"]
        if word.startswith(("at least", "min")):
            limits.append((n, None))  # allowed: from n
        elif _BELOW.match(word):
            limits.append((n, None) if rule.polarity else (None, n))
        else:
            limits.append((None, n))  # "more than", "up to", "at most": allowed up to n
    if PRICED.search(rule.folded):  # a limit on money: what the text pays, not what it counts
        amounts = [_number(m["a"] or m["b"]) for m in PRICED.finditer(new.folded)]
    else:
        amounts = [float(v[2:]) for v in new.values if v[:2] == "n:" and _is_number(v[2:])]
    if not limits or not amounts or _AMOUNT.search(new.folded):
        return False  # a text that sets limits of its own is a rule of its own
    return all(
        (low is None or a >= low) and (high is None or a <= high)
        for a in amounts
        for low, high in limits
    )


_STRICT = re.compile(r"more|over|above|exceeding|in\s+excess|less|under|below|fewer")


def amount_bounds(folded: str) -> list[tuple[float | None, float | None, bool]]:
    """The amounts a text bounds, as (from, up to, strictly) whatever its "not": "under £100" is
    (None, 100, True), "up to 120 euros" (None, 120, False), "at least 2" (2, None, False). An
    allowance and a prohibition say the same bound ("you can pay invoices under £100", "no need
    to ask for invoices under £100")."""
    out: list[tuple[float | None, float | None, bool]] = []
    for m in _AMOUNT.finditer(folded):
        n, word = float(m["n"].replace(",", ".")), m["word"]
        strict = bool(_STRICT.match(word))
        low = word.startswith(("at least", "min", "more", "over", "above", "exceed", "in excess"))
        out.append((n, None, strict) if low else (None, n, strict))
    return out


def priced(folded: str) -> bool:
    """Does the text speak of money ("£100", "120 euros")?"""
    return PRICED.search(folded) is not None


def amounts_in(new: Analysis, *, money: bool) -> list[float]:
    """The amounts a text gives: what it pays when `money`, else its numbers."""
    if money:
        return [_number(m["a"] or m["b"]) for m in PRICED.finditer(new.folded)]
    return [float(v[2:]) for v in new.values if v[:2] == "n:" and _is_number(v[2:])]


def _number(written: str) -> float:
    """A price as written ("1,250", "12.50", "12,50") as a number."""
    if re.fullmatch(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?", written):
        return float(written.replace(",", ""))
    return float(written.replace(",", "."))


def _is_number(text: str) -> bool:
    return text.replace(".", "", 1).isdigit()


# Words that go past a bound from below ("a longer email", "more drinks") and from above
_PAST_UPPER = frozenset("longer more over bigger larger extra beyond past higher".split())
_PAST_LOWER = frozenset("shorter fewer less smaller lower under below".split())
_PASSING = frozenset(content_word(w) for w in _PAST_UPPER | _PAST_LOWER)
_KEEPING = frozenset(content_word(w) for w in "keep stay limit cap hold".split())
_NEAR_WORDS = 3  # how far from such a word the bounded thing may stand ("more than 150 words")


def past_bound(new: Analysis, rule: Analysis) -> str | None:
    """Why a text that allows or asks for the thing a rule bounds past its bound speaks of the
    rule ("its fine to send them a longer email" for "keep emails under 150 words", "more
    drinks tonight" for "no more than 2 drinks"), or None. The thing is what the bound counts
    ("words", "drinks", "minutes") or what stands before it ("emails"); the text must not be
    negated, and must allow or ask for it (a norm), not report it of someone else."""
    permits = any(name == "allowed" for name, _ in new.poles)
    if new.polarity or not (permits or new.normative) or amounts_within(new, rule):
        return None
    said = [w for w in map(content_word, tokens(new.folded)) if w in new.words or w in _PASSING]
    for m in _AMOUNT.finditer(rule.folded):
        word = m["word"]
        lower = word.startswith(("at least", "min")) or bool(_BELOW.match(word) and rule.polarity)
        before = [content_word(w) for w in tokens(rule.folded[: m.start()])]
        before = [w for w in before if w in rule.words and w not in _KEEPING][-_NEAR_WORDS:]
        bounded = {content_word(w) for w in tokens(rule.folded[m.end() :])[:1]} | set(before)
        bounded &= rule.words
        past = {content_word(w) for w in (_PAST_LOWER if lower else _PAST_UPPER)}
        for at, word in enumerate(said):
            if word not in past:
                continue
            near = set(said[max(0, at - _NEAR_WORDS) : at + _NEAR_WORDS + 1]) & bounded
            if near:
                return f"goes past the bound the rule sets ({', '.join(sorted(near))})"
    return None


# What an amount counts, by what is written round it: a price ("£50", "120 euros"), a price
# paid every period ("£925 monthly", "£10/month"), a temperature ("20°C"), a day of a month
# ("the 30th", "8 November"), a span ("8-12") or a time ("7:30", "9am"); a bare number counts
# nothing said
_NUMBER = re.compile(r"(?<![\w.,:])\d+(?:[.,]\d+)*(?![\w.,:]?\d)")
_PERIOD = re.compile(
    r"\s*(?:/\s*|an?\s+|per\s+|p/?)(?:month|mo|mth|week|wk|year|yr|annum|m|w|a|cm)\b|"
    r"\s*(?:monthly|weekly|yearly|annually|pcm|pw|pa)\b"
)
# A payment owed every period whatever the words round its amount: rent, a bill, council tax
_STANDING = re.compile(
    r"(?<!\w)(?:rent|mortgage|bills?|council\s+tax|direct\s+debits?|standing\s+orders?|"
    r"instal?ments?|service\s+charge|utilit(?:y|ies))(?!\w)"
)
_DEGREES = re.compile(r"\s*(?:°|º|degrees?\b|deg\b)")
_MONTH_NAME = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b"
_ORDINAL_OR_DATE = re.compile(rf"(?:st|nd|rd|th)\b|\s+(?:of\s+)?{_MONTH_NAME}")
_DATE_BEFORE = re.compile(rf"(?<![a-z]){_MONTH_NAME}\s+$")
_SPAN = re.compile(r"\s*[-\u2013]\s*\d|\s*(?:am|pm|a\.m|p\.m|h|hrs?|hours?|mins?)\b|:\d")
_SPANNED = re.compile(r"\d\s*[-\u2013]\s*$")


def amount_kinds(folded: str) -> list[str]:
    """What each number a text gives counts: "price", "price per period" (said so, or of rent,
    a bill, a direct debit …), "temperature", "date", "span" or "number" (nothing said of it),
    in the order written."""
    out = []
    priced = {m.start("a") if m["a"] else m.start("b") for m in PRICED.finditer(folded)}
    for m in _NUMBER.finditer(folded):
        after, before = folded[m.end() : m.end() + 16], folded[max(0, m.start() - 12) : m.start()]
        if m.start() in priced:
            skip = re.match(r"\s?(?:euros?|eur|dollars?|pounds?|usd|gbp|chf|[€$£])?", after)
            rest = after[skip.end() if skip else 0 :]
            standing = _PERIOD.match(rest) or _STANDING.search(folded)
            out.append("price per period" if standing else "price")
        elif _DEGREES.match(after):
            out.append("temperature")
        elif _ORDINAL_OR_DATE.match(after) or _DATE_BEFORE.search(before):
            out.append("date")
        elif _SPAN.match(after) or _SPANNED.search(before):
            out.append("span")
        else:
            out.append("number")
    return out


_COUNTED = frozenset(("price", "price per period", "temperature"))


def same_kind_amount(new: Analysis, rule: Analysis) -> bool:
    """Does the text give an amount of the kind the rule's own amounts are ("£120" for "over
    £50"; "22°C" or "22" for "at or below 20°C")? A rule's price is not a date, a time, a span
    or a price paid every month ("moved it to the 30th, 8-12", "£925 monthly" for "no purchases
    over £50"). True when the rule's amounts count nothing said."""
    theirs = set(amount_kinds(rule.folded))
    if not theirs or not theirs <= _COUNTED:
        return True
    return bool(set(amount_kinds(new.folded)) & (theirs | {"number"}))


def rebounded(new: Analysis, rule: Analysis) -> bool:
    """Does the text move a bound of the rule's to another time, of the same days ("nothing
    before 7:30 on weekdays" for "nothing before 9am on weekdays"; "you can message me till
    22:00" for "… until 21:00")? A norm of its own the text must be: a report ("I'm up before
    7:30 on weekdays") moves no bound."""
    if not new.normative:
        return False
    days = week_days(rule) | {v for v in rule.values if v.startswith("wd:")}
    if days and not days <= week_days(new) | new.values:
        return False
    mine, theirs = (set(sum(bounds(t.folded), [])) for t in (new, rule))
    return bool(theirs) and bool(mine - theirs)


# Setting a value: "raising the temperature to 22°C", "turn the heating up to 23", "set it to 21"
_SETS = re.compile(
    r"(?<!\w)(?:set|sets|setting|raise|raises|raised|raising|increase|increases|increased|"
    r"increasing|turn(?:s|ed|ing)?\s+(?:[\w'-]+\s+){0,3}up|"
    r"bump(?:s|ed|ing)?\s+(?:[\w'-]+\s+){0,3}up|put(?:s|ting)?\s+(?:[\w'-]+\s+){0,3}up|lower|lowers|lowered|lowering|reduce|reduces|"
    r"reduced|reducing|drop|drops|dropped|dropping|turn(?:s|ed|ing)?\s+(?:[\w'-]+\s+){0,3}down|"
    r"change|changes|changed|changing|adjust|adjusts|adjusted|adjusting)(?:\s+[\w'-]+){0,4}?"
    r"\s+to\s+(?P<n>\d+(?:[.,]\d+)?)"
)


def set_past(new: Analysis, rule: Analysis) -> str | None:
    """Why the text sets a measure the rule bounds past its bound, in the rule's own unit
    ("suggests raising the temperature to 22°C" for "keep the thermostat at or below 20°C"), or
    None. Prices are weighed as what is paid (rulecheck.py); a text that only reports a measure
    ("it's 22°C in Lisbon") sets nothing."""
    theirs = set(amount_kinds(rule.folded)) - {"price", "price per period"}
    if new.polarity or not theirs or not theirs <= _COUNTED:
        return None
    limits = amount_bounds(rule.folded)
    if not limits:
        return None
    for m in _SETS.finditer(new.folded):
        said = amount_kinds(new.folded[m.start("n") :])[:1]
        if said and said[0] not in theirs | {"number"}:
            continue
        if (not said or said[0] == "number") and not new.words & rule.words - rule.names:
            continue  # "increased my savings to 300": a bare number, of another thing
        n = float(m["n"].replace(",", "."))
        for low, high, strict in limits:
            under = low is not None and (n <= low if strict else n < low)
            over = high is not None and (n >= high if strict else n > high)
            if under or over:
                return f"sets a {'/'.join(sorted(theirs))} past the bound the rule sets ({m['n']})"
    return None


def over_limit(new: Analysis, rule: Analysis) -> bool:
    """Does the text pay, once, more than the rule's limit on money allows ("£340" for "no
    purchases over £50")? A price paid every month, a date or a span is none, nor is a text
    that sets a limit of its own."""
    if not PRICED.search(rule.folded) or _AMOUNT.search(new.folded):
        return False
    kinds = [k for k in amount_kinds(new.folded) if k.startswith("price")]
    prices = [_number(m["a"] or m["b"]) for m in PRICED.finditer(new.folded)]
    once = [p for p, k in zip(prices, kinds, strict=False) if k == "price"]
    if not once or len(kinds) != len(prices):
        return False
    return not amounts_within(analyze(" ".join(f"£{p:g}" for p in once)), rule)


_UNITS = {"min": "minute", "mins": "minute", "hr": "hour", "hrs": "hour", "h": "hour"}
_UNIT_AFTER = re.compile(r"\s*-?\s*(?P<unit>[a-z]+)")


def _unit(word: str) -> str:
    return content_word(_UNITS.get(word, word))


def bounded_units(folded: str) -> frozenset[str]:
    """The units of the amounts a text bounds: "minute" in "under 30 minutes"."""
    found = set()
    for m in _AMOUNT.finditer(folded):
        if unit := _UNIT_AFTER.match(folded, m.end()):
            found.add(_unit(unit["unit"]))
    return frozenset(found - {_unit(w) for w in ("and", "or", "a", "an", "the", "per", "in")})


def amounts_of(folded: str, unit: str) -> list[float]:
    """The amounts a text gives in a unit ("90 minutes", "a 45-minute bake" for "minute")."""
    return [
        float(m.group().replace(",", "."))
        for m in _NUMBER.finditer(folded)
        if (after := _UNIT_AFTER.match(folded, m.end())) and _unit(after["unit"]) == unit
    ]


# A permission, itself a norm: "the kids can watch the film until 20:30 tonight", "feel free
# to call from 8", "you may"
PERMISSION = re.compile(r"(?<!\w)(?:can|may|allowed\s+to|free\s+to)\s+(?!not\b|be\b)\w")


def allowed_from_an_hour(new: Analysis, permits: bool = False) -> bool:
    """Does the user allow the act from or up to an hour (`permits`: says it is allowed, "are
    fine"), naming no day or date it is for ("calls from 8 are fine", "you can put calls on my
    calendar from 8", not "… from 8 on friday"): of every day, for good?"""
    dated = any(v.startswith(("d:", "wd:", "mo:", "y:")) for v in new.values)
    hour = any(v.startswith("t:") and v[2:3].isdigit() for v in new.values)  # not "20 lines"
    allows = permits or PERMISSION.search(new.folded) is not None
    return allows and hour and not new.polarity and any(bounds(new.folded)) and not dated
