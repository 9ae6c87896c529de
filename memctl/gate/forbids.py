"""What a rule forbids, said in other words: the act and the things it is done to.

A prohibition governs an act done to things ("Never give out my phone number or home address to
companies"). A text does that act in other words when it names a verb of the same family ("passed
your mobile number to the rep", "shared my address with them", "handed my number over") done to
one of the rule's things, held by the one the rule protects: "my" in the user's own instruction,
"your" in what the agent or a tool reports ("Nadia sent me her number": hers, no breach; "I gave
the dentist my number", the user's own act, none either).

The user may also make a one-off exception ("just this once", "only for this one, it's not a new
rule"): the words that say so are no part of what is done, and what is left is read against the
rule as a clash, never a change of it. And the user may widen a prohibition to one more thing
("add my email to that list too, don't hand it out either"): a norm of the rule's own side, of
its act, naming its things and one more, with a word that adds ("too", "either", "also").
"""

from __future__ import annotations

import re

from ..lexicon import DONE_SAID
from ..words import tokens
from .bounds import amounts_of, amounts_within, bounded_units, week_days
from .reading import Analysis, analyze, content_word

# Verbs of handing a thing over to someone, as a rule's act and as a text says it
_HAND_OVER = frozenset(
    "give gives gave given giving pass passes passed passing hand hands handed handing share "
    "shares shared sharing send sends sent sending forward forwards forwarded forwarding "
    "disclose discloses disclosed disclosing provide provides provided providing supply "
    "supplied supplies supplying reveal revealed reveals leak leaked leaks post posted tell tells "
    "told telling enter entered entering submit submitted submitting type typed fill filled".split()
)
_HAND_ACTS = frozenset(content_word(w) for w in _HAND_OVER)
_OWNER = frozenset("my our your".split())
_REACH = 8  # words after the verb the thing may stand in ("passed your mobile number …")


def handed(new: Analysis, rule: Analysis, rule_acts: frozenset[str]) -> frozenset[str] | None:
    """The rule's acts of handing over (`rule_acts` ∩ give, share …) the text does, in any
    words, to a thing the rule names, held by the one it protects when the rule says whose
    ("passed your mobile number to the rep" for "never give out my phone number"); empty when
    what it hands over is not the rule's: held by another ("Nadia gave me her number"), handed
    to the speaker ("you gave it to me"), or the user's own act ("I gave the dentist my
    number"); None when the rule hands nothing over or the text says nothing of whose."""
    own = rule_acts & _HAND_ACTS
    if not own:
        return None
    things = rule.words - rule_acts - rule.names
    owned = bool(set(tokens(rule.folded)) & {"my", "our"})
    words = tokens(new.folded.replace("\u2019", "'"))
    other = False
    for at, word in enumerate(words):
        if word not in _HAND_OVER:
            continue
        after = words[at + 1 : at + 1 + _REACH]
        if after[:1] in (["me"], ["us"]) or {"me", "us"} & set(after[:3]) and "to" in after[:3]:
            other = True  # handed to the speaker: received, not given out
            continue
        for i, w in enumerate(after):
            if not (_PART_OF.get(w, frozenset()) | {content_word(w)}) & things:
                continue
            whose = set(after[max(0, i - 3) : i])
            if not owned or whose & _OWNER:
                if owned and not whose & {"your", "our"} and _by_speaker(words, at):
                    other = True  # "I gave the plumber my number": the user's own act
                    break
                return own
            if whose & _OTHERS or "s" in whose:
                other = True  # "her number", "the plumber's number"
                break
    return frozenset() if other else None


_OTHERS = frozenset("his her their its".split())
# A detail said by a part of it, or all of them at once: "your postcode" gives out the address,
# "your contact details" the phone number, the address and the email
_PART_OF = {
    "postcode": frozenset({content_word("address")}),
    "zip": frozenset({content_word("address")}),
    "dob": frozenset({content_word("birth"), content_word("date")}),
    "birthday": frozenset({content_word("birth")}),
    "details": frozenset(content_word(w) for w in ("phone", "number", "address", "email")),
}
_AUX = frozenset("have has had ve just already also then did d".split())


def _by_speaker(words: list[str], at: int) -> bool:
    """Is the verb at `at` said with "I" or "we" as its subject ("I've just given …")?"""
    back = at - 1
    while back >= 0 and words[back] in _AUX:
        back -= 1
    return back >= 0 and words[back] in ("i", "we")


# The user's word that an exception is for one time: "just this once", "only for this one",
# "it's not a new rule", "a one-off", "that doesn't change the rule"
_ONCE = re.compile(
    r"(?<!\w)(?:(?:it'?s|its|this\s+is|that'?s|thats)\s+)?not\s+(?:a\s+)?(?:new\s+rule|rule\s+"
    r"change|permanent(?:\s+(?:thing|change))?|change\s+(?:to|of)\s+the\s+rule)|(?:only|just)\s+"
    r"(?:for\s+)?this\s+(?:one|once|time)|one[-\s]?off|(?:doesn'?t|does\s+not|won'?t|will\s+not)"
    r"\s+change\s+the\s+rule|(?:the\s+)?rule\s+(?:still\s+)?stands(?!\w)"
)
_ONCE_SAID = re.compile(_ONCE.pattern, re.IGNORECASE)
_LEFT_OVER = re.compile(r"(?:\s*[,;:.\u2014-]\s*){2,}|^[\s,;:.\u2014-]+|[\s,;:\u2014-]+$")


def once(new: Analysis) -> Analysis | None:
    """The text without the words that say it is an exception for one time ("give the gym my
    address, only for this one, it's not a new rule" → "give the gym my address"), or None when
    it says no such thing (or nothing else)."""
    if not _ONCE.search(new.folded):
        return None
    rest = _ONCE_SAID.sub(", ", new.text.replace("\u2019", "'"))
    rest = _LEFT_OVER.sub(lambda m: ", " if 0 < m.start() and m.end() < len(rest) else "", rest)
    return analyze(rest) if rest.strip(" .,;") else None


_ADDS = re.compile(
    r"(?<!\w)(?:too|either|also|as\s+well|add|adding|include|including|same\s+goes\s+for|"
    r"likewise|on\s+top\s+of)(?!\w)"
)
_LIGHT = frozenset(
    content_word(w) for w in "list pls please thing things stuff add adding include".split()
)


def widened(new: Analysis, rule: Analysis, rule_acts: frozenset[str]) -> str | None:
    """Why the user's norm widens a prohibition to one more thing ("add my email to that list
    too, don't hand it out to companies either" for "Never give out my phone number or home
    address to companies"), or None: a norm on the rule's side, of its act (in other words too),
    naming a thing of it, one thing more, and a word that adds."""
    if not rule.polarity or new.polarity != rule.polarity or not new.normative:
        return None
    if not _ADDS.search(new.folded):
        return None
    words = {content_word(w) for w in tokens(new.folded.replace("\u2019", "'"))}
    did = rule_acts & words or (
        rule_acts & _HAND_ACTS if words & _HAND_ACTS or set(tokens(new.folded)) & _HAND_OVER else ()
    )
    shared = (new.words & rule.words) - rule_acts
    more = new.words - rule.words - _HAND_ACTS - _LIGHT - new.names
    if not did or not shared or not more:
        return None
    return f"adds to what the rule forbids ({', '.join(sorted(more)[:3])})"


# A rule that forbids a thing by name: "No peanuts in anything I cook", "avoid shellfish"
_NO_THING = re.compile(
    r"(?<!\w)(?:no|avoid|nothing\s+(?:with|containing))\s+(?:any\s+)?(?P<thing>[^\W\d_]{3,})"
)
# The thing kept out where it is named: "peanut-free", "without peanuts", "swap the peanuts"
_KEPT_OUT = frozenset(
    "no not without free instead swap swapped replace replaced substitute alternative avoid "
    "skip leave allergy allergic allergies".split()
)
# A text that offers or proposes, as a recipe, a tip or a plan does
_OFFERS = re.compile(
    r"(?<!\w)(?:suggest\w*|recommend\w*|try|tip|recipe|secret|add|added|adding|stir|stirred|"
    r"whisk\w*|mix|mixed|serve|served|sprinkle\w*|top\s+with|topped\s+with|made\s+with|"
    r"packed\s+with|loaded\s+with|ingredients|you'?ll\s+need|perfect|ideal|easy|best|delicious|"
    r"why\s+not|apply|let'?s|i'?ll|we'?ll|going\s+to)(?!\w)"
)


def offered(new: Analysis, rule: Analysis) -> str | None:
    """Why the text offers or does with the thing a rule forbids by name ("the secret is a
    spoon of crunchy peanut butter whisked into the sauce" for "No peanuts in anything I
    cook"), or None: it names the thing, not kept out where it does ("peanut-free", "without
    peanuts", "Leo's peanut allergy"), and it offers, proposes or adds (a recipe, a tip, a
    plan), as a report of the thing does not ("peanut prices rose")."""
    m = _NO_THING.search(rule.folded)
    if m is None or not rule.polarity or not _OFFERS.search(new.folded):
        return None
    thing = content_word(m["thing"])
    words = tokens(new.folded.replace("\u2019", "'").replace("-", " "))
    named = [i for i, w in enumerate(words) if content_word(w) == thing]
    for at in named:
        near = set(words[max(0, at - 3) : at + 3])
        if not near & _KEPT_OUT:
            return f"offers what the rule forbids ({thing})"
    return None


# A report of an act done, as the agent or a tool says it: "Renewed the insurance for £340",
# "I've signed you up …", "Done - went ahead and topped up the meter"
_REPORT = re.compile(
    r"(?:^|[.!;]\s+)(?:(?:" + "|".join(w.replace(" ", r"\s+") for w in DONE_SAID) + r")\W+)?"
    r"(?:(?:i|we)(?:'ve|\s+have)?\s+)?(?:just\s+|also\s+|already\s+|went\s+ahead\s+and\s+|have\s+)*"
    r"(?P<verb>[a-z]+)"
)
# Verbs of paying for or getting a thing, said as done
_DONE_WORDS = frozenset(
    "got bought paid spent ordered booked reserved renewed signed subscribed topped upgraded "
    "purchased grabbed hired rented donated tipped placed picked extended registered enrolled "
    "register".split()  # (lexicon.one_word reads "signed you up" as "register you")
)
# Money that comes in or an act undone: no purchase ("Refunded £120", "Saved £75 by switching")
_MONEY_IN = re.compile(
    r"(?<!\w)(?:refund\w*|receiv\w*|sav(?:ed|ing)|earn\w*|credit\w*|return\w*|reimburs\w*|"
    r"cancel\w*|declin\w*|reject\w*|won|sold|got\s+back|paid\s+(?:back|in|out\s+to\s+you))(?!\w)"
)


def reports_done(new: Analysis) -> bool:
    """Does a sentence of the text report a thing paid for or got, opening with its verb in the
    past, or after "I" or "we" ("Renewed your insurance", "I've paid the deposit")? A question,
    money that comes in ("Refunded £120") or a plan does not."""
    if "?" in new.text or _MONEY_IN.search(new.folded):
        return False
    for m in _REPORT.finditer(new.folded.replace("\u2019", "'")):
        if m["verb"] in _DONE_WORDS:
            return True
    return _RECEIPT.search(new.folded) is not None


# A shop's or a tool's receipt: "Order #A-20931 placed: …", "Purchase confirmed: …", "your
# booking is complete"
_RECEIPT = re.compile(
    r"(?<!\w)(?:order|purchase|booking|payment|subscription)(?:\s+\S+){0,3}?\s+(?:has\s+been\s+|"
    r"was\s+|is\s+)?(?:placed|confirmed|completed?|processed|successful)(?!\w)"
)


_USE = frozenset(("us",)) | {content_word("use")}  # the act of a rule "never use my credit card"
_BY_MEANS = frozenset("with on using via through by onto".split())
_DETERMINERS = frozenset("the a an this that".split())


def used(new: Analysis, rule_acts: frozenset[str], thing: frozenset[str]) -> frozenset[str] | None:
    """The rule's act of using a thing (`thing`: the words that name it, "credit card") done in
    other words: the thing named as the means ("paid with your credit card", "put it on the
    credit card"); empty when the means named is another's ("on her credit card"), None when
    the rule uses nothing or the text names no such means."""
    own = rule_acts & _USE
    if not own or not thing:
        return None
    words = tokens(new.folded.replace("\u2019", "'"))
    other = False
    for at, word in enumerate(words):
        if word not in _BY_MEANS:
            continue
        after = words[at + 1 : at + 6]
        skip = 0
        while skip < len(after) and (after[skip] in _OWNER | _OTHERS | _DETERMINERS):
            skip += 1
        named = {content_word(w) for w in after[skip : skip + len(thing)]}
        if not thing <= named:
            continue
        if set(after[:skip]) & _OTHERS:
            other = True
            continue
        return own
    return frozenset() if other else None


_BUYING = frozenset(content_word(w) for w in ("buy", "order"))  # "purchase" reads as "buy"
# "buy the toner on Amazon", "get it off Amazon", "ordered a case from Temu": bought from the shop
# named just after ("Amazon is buying …", "from the Amazon locker" name none)
_BOUGHT_FROM = re.compile(
    r"(?<!\w)(?:buy|buys|bought|buying|order|orders|ordered|ordering|purchas\w*|get|gets|got|"
    r"getting)\s[^.;!?]{0,40}?\b(?:off|from|on|at|via)\s+(?P<shop>\w+)"
)


def bought(new: Analysis, rule: Analysis, rule_acts: frozenset[str]) -> frozenset[str] | None:
    """The rule's act of buying ("order" or "buy") done in other words, from a shop the rule
    names ("get the toner off Amazon" for "never order from Amazon"); None otherwise."""
    own = rule_acts & _BUYING
    if not own or new.words & own:
        return None
    shops = {m["shop"] for m in _BOUGHT_FROM.finditer(new.folded)}
    return own if shops & rule.names else None


def in_other_words(
    new: Analysis, rule: Analysis, rule_acts: frozenset[str], governs: frozenset[str]
) -> frozenset[str] | None:
    """The rule's acts (`rule_acts`; `governs`: those and what they are done to) of handing
    over, using or buying a thing the text does in other words: empty when it does them to
    another's thing, None when it says nothing of them."""
    handing = handed(new, rule, rule_acts)
    if handing is None:
        handing = used(new, rule_acts, governs - rule_acts)
    return handing if handing is not None else bought(new, rule, rule_acts)


_WEEKNIGHTS = re.compile(r"(?<!\w)(?:week[\s-]*nights?|school[\s-]+nights?)(?!\w)")


def _days(text: Analysis) -> frozenset[str]:
    """The weekdays a text names, "weeknights" as Monday to Friday."""
    named = {v for v in text.values if v.startswith("wd:")} | week_days(text)
    if _WEEKNIGHTS.search(text.folded):
        named |= {f"wd:{d}" for d in range(1, 6)}
    return frozenset(named)


def offered_past(new: Analysis, rule: Analysis) -> str | None:
    """Why the text offers or plans a thing of the rule's measured past its bound in the rule's
    unit ("lasagne, ready in 90 minutes, perfect for a Tuesday night" for "Keep weeknight
    dinners under 30 minutes"), or None: it must speak of what the rule bounds (a word of it
    besides the unit, or one of its days) and offer, propose or plan it."""
    if new.polarity or not _OFFERS.search(new.folded):
        return None
    for unit in bounded_units(rule.folded):
        about = (new.words & rule.words) - {unit} or _days(new) & _days(rule)
        if not about:
            continue
        for n in amounts_of(new.folded, unit):
            if not amounts_within(analyze(f"{n:g}"), rule):
                return f"offers more than the rule allows ({n:g} {unit})"
    return None
