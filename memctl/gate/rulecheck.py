"""Does a text change or contradict a rule on file? The write gate's reading of rules.

A text speaks of a rule when it shares the rule's subject words (a synonym counts: "reply" is
"answer"), enough of them for a short rule, two for a long one, or one word of what the rule
governs done with another value of a kind it sets ("Running the migration at 23:00" for "Run the
database migrations only on weekdays before 15:00"). It contradicts the rule when it sets another
value of a kind the rule sets (five lines → ten, Spanish → English, Fridays → Mondays, Saturday for
"weekdays", "weekend deploys" for "weekdays"; a time inside the rule's bound is none: 10:00 is
"before 15:00"; a bound from its other side is one: "after 16:00"; the rule's own bound said again
is none: "calls from 9 are ok" for "no calls before 9am"), or states the opposite norm ("never push
to main" / "it's fine to push to main"; a text that opens with the act the rule governs, "push
hotfixes straight to main", is a norm), or says the rule changes ("from now on", "no longer") in
other words. Another day than those a prohibition names is one it allows ("deploy the fix on
Tuesday" for "never deploy on Fridays"); a way of reaching someone is the rule's own when the text
names whom ("send the report to the client" for "never email clients on weekends"). A text that
drops the rule by name ("forget the rule about …") changes it; one that reports the act done
without what an "always" or "every" rule asks for ("filed the expense report without the receipt"),
or without the step it asks for first, contradicts it. Handing over, using or buying the rule's
thing in other words ("passed your mobile to the rep", "paid with your credit card", "got it off
Amazon" for "never order from Amazon") is the rule's act (forbids.py).

Whether the user changes the rule or clashes with it is a question of how the user says it:
words that say it changes ("from now on", "now", "anymore", "stop", "again", "actually") make
it lasting, and the rule is retired; a contradiction said without them, or said of one time
("today", "this once"), is a clash, recorded beside the rule, and the gate names the command
that makes it the rule instead. From any other source it is always a clash.
"""

from __future__ import annotations

import re

from ..language import cues
from ..lexicon import DONE_SAID, LANGUAGE_WORDS, ONE_OFF, PERSON_WORDS
from ..words import tokens
from .bounds import (
    PRICED,
    allowed_from_an_hour,
    amounts_within,
    beyond,
    differs,
    elsewhere,
    in_parts,
    money_limit,
    past_bound,
    rebounded,
    same_bounds,
    same_kind_amount,
    week_days,
    within,
)
from .condition import met
from .forbids import in_other_words
from .reading import KIND_NAMES, Analysis, compare, content_word
from .talking import in_another_language

CLASH_WORDS = 2  # content words a text must share with a long rule
OPPOSITE_SHARE = 0.34  # of a text's own words, that it shares with the rule it turns around
_VALUE_KINDS = ("n", "t", "wd", "lang", "d", "mo")
_NORM_WORDS = frozenset("always never only ever must should please don dont not no".split())
_CLITICS = frozenset("t s ll d re ve m".split())  # what a contraction leaves as a token
_FILLERS = frozenset(
    "please ok okay so just and then also now hey well from on going forward "
    "you we i can may let lets s fyi btw".split()
) | frozenset(DONE_SAID)  # and an agent's word that it is done ("Done, ordered the cables …")
_POSSESSED = re.compile(r"\b(\w+)['\u2019]s\s+(\w+)(?:\s+(\w+))?")  # "Sam's (weekly) call"
_LABELLED = re.compile(r"[:\u2014\u2013]|\s-\s")  # "Tip: …", "Note — …", "PS - …"
# Ways to reach a person: one act whichever is named, where the person or thing is the rule's
# own ("send the report to the client on Saturday" for "never email clients on weekends")
_CONTACT = frozenset(
    content_word(w)
    for w in "email mail message text call phone ring ping dm send sent contact reach".split()
)
_BEFORE = re.compile(r"(?<!\w)(?:before|prior\s+to|ahead\s+of)(?!\w)")
_WITHOUT = re.compile(
    r"(?<!\w)(?:without|skipping|skipped|but\s+not|w/o)(?!\w)|(?:,|\band|\bbut)\s+(?:never|"
    r"didn'?t|did\s+not|forgot\s+to)(?!\w)"
)
# A limit of the text's own: "only deploy on Tuesdays" against "never deploy on Fridays"
_ONLY = re.compile(r"(?<!\w)(?:only|solely|exclusively|nur|solo|solamente|seulement|apenas)(?!\w)")
_ANY = re.compile(r"(?<!\w)(?:anything|everything|nothing)(?!\w)")
_ALWAYS = re.compile(r"(?<!\w)(?:always|must|every|each|make\s+sure|be\s+sure|remember\s+to)(?!\w)")
# The user dropping a rule by name: "forget the rule about …", "drop the rule that …"
_RETIRE = re.compile(
    r"(?<!\w)(?:forget|drop|remove|delete|scrap|cancel|lift|ditch|retire|get\s+rid\s+of)\s+"
    r"(?:about\s+)?(?:the|that|this|my|our|your)\s+(?:\w+\s+)?rule(?!\w)"
)
_LASTING = re.compile(
    r"(?<!\w)(?:stop|stops|quit|no\s+more|again|anymore|any\s+more|new\s+rule|rule\s+change|"
    r"(?:the|that|this)\s+rule\s+(?:is|changes)|in\s+(?:the\s+)?future|for\s+good|permanently|"
    r"from\s+here\s+on|from\s+now\s+on|going\s+forward|henceforth)(?!\w)"
)


# A day or a part of one said of every one: "Sunday mornings", "on Fridays", "weekday evenings"
_EVERY_ONE = re.compile(
    r"(?<!\w)(?:(?:mon|tues|wednes|thurs|fri|satur|sun|week)days?\s+(?:morning|afternoon|evening|"
    r"night)s|(?:mon|tues|wednes|thurs|fri|satur|sun|week)days|weekends|mornings|evenings)(?!\w)"
)


def acts(rule: Analysis) -> frozenset[str]:
    """The acts a rule governs: its first word, and the word after each norm word ("never
    push …", "always cc …")."""
    words = [w for w in tokens(rule.folded) if w not in _CLITICS]  # "don't": not "t"
    found = {content_word(words[0])} if words else set()
    for before, word in zip(words, words[1:], strict=False):
        if before in _NORM_WORDS and word not in _NORM_WORDS:
            found.add(content_word(word))
    return frozenset(found)


_DETERMINERS = frozenset("a an the any all my our your his her their some more new".split())


def governed(rule: Analysis) -> frozenset[str]:
    """The acts a rule governs and what they are done to: its acts, and the content words
    before its first norm word ("run the database migrations only on …")."""
    found = set(acts(rule))
    for word in (w for w in tokens(rule.folded) if w not in _CLITICS):
        if word in _NORM_WORDS or word.isdigit():
            break
        found.add(content_word(word))
    # and the first thing each act is done to: "never schedule meetings before 10am", "never
    # book me flights …" (for whom it is done is no thing it is done to)
    said = [
        content_word(w)
        for w in tokens(rule.folded)
        if w not in PERSON_WORDS and w not in LANGUAGE_WORDS  # "use British spelling"
    ]
    for at, act in enumerate(said):
        if act not in found or act not in rule.words:
            continue
        after = said[at + 1 : at + 4]  # "book me any client calls": the words past "any"
        while after and after[0] in _DETERMINERS:
            after = after[1:]
        named: list[str] = []
        for word in after:  # "client calls": each word of the thing's name; "purchases or
            if word in ("or", "and") and named:  # bookings": each thing named
                continue
            if word not in rule.words or word in found:
                break
            named.append(word)
        if named:
            found.update(named)
            break
    return frozenset(found & rule.words)


def another_thing(new: Analysis, rule: Analysis, governs: frozenset[str]) -> bool:
    """Does the text name another thing where the rule names its own: a word that says which
    thing in the rule ("database" in "run the database migrations …") followed in the text by
    one the rule does not have ("the database backup runs at 23:00": the backup)?"""
    things = governs - acts(rule)
    said = tokens(rule.folded)
    which = {
        content_word(a)
        for a, b in zip(said, said[1:], strict=False)
        if content_word(a) in things and content_word(b) in things
    }
    words = tokens(new.folded)
    return any(
        content_word(a) in which
        and content_word(b) in new.words
        and content_word(b) not in rule.words
        for a, b in zip(words, words[1:], strict=False)
    )


def owns_the_act(new: Analysis, rule: Analysis) -> bool:
    """Is the act the rule governs, in the text, one that a name the rule names does ("Sam's
    call with the bank is at 8am" for "Never call Sam before 9am": Sam calls, nobody calls
    him), or one that whom the rule protects does ("Clients emailed us on Sunday")?"""
    words = [content_word(w) for w in tokens(rule.folded)]
    # the rule's verbs (after a norm word) and the names done to (after the verb)
    done_to = {
        (verb, name)
        for i, (before, verb) in enumerate(zip(words, words[1:], strict=False))
        if before in _NORM_WORDS and verb not in _NORM_WORDS
        for name in words[i + 2 :]
        if name in rule.names
    }
    if any(
        (content_word(what), content_word(who)) in done_to
        for who, *owned in _POSSESSED.findall(new.folded)
        for what in owned
        if what
    ):
        return True
    # "Clients emailed us on Sunday" for "Never email clients on weekends": the text opens with
    # whom the rule protects, doing the act itself
    said = [content_word(w) for w in tokens(new.folded) if w not in _FILLERS]
    objects = {
        (verb, thing)
        for before, verb, thing in zip(words, words[1:], words[2:], strict=False)
        if before in _NORM_WORDS and verb not in _NORM_WORDS and thing in rule.words
    }
    return len(said) > 1 and (said[1], said[0]) in objects


def opens_with_act(new: Analysis, rule: Analysis) -> bool:
    """Does the text open with an act the rule governs, as an instruction does, itself or
    after a label ("Best practice: paste access tokens into …", "Tip — push to main")? A way
    to reach someone is the rule's act when the rule's act is one and the text names whom
    ("text Sam at 7am" for "never call Sam before 9am")."""
    done = acts(rule) | _contacts(new, rule)
    for clause in _LABELLED.split(new.folded):
        words = [w for w in tokens(clause) if w not in _FILLERS]
        if words and content_word(words[0]) in done:
            return True
    return False


def skipped_step(new: Analysis, rule: Analysis) -> str | None:
    """The step a text reports skipping that the rule asks for first, or None: the rule asks
    for one act before another ("Always spell-check documents before sending them to a
    client", "Ask Sam before deleting a branch"), and the text reports the second done without
    the first ("Sent the client the draft without running the spell-check")."""
    rule_parts = _BEFORE.split(rule.folded, maxsplit=1)
    new_parts = _WITHOUT.split(new.folded, maxsplit=1)
    if len(rule_parts) != 2 or len(new_parts) != 2:
        return None
    first, then = (_content(part) & rule.words for part in rule_parts)
    done, skipped = (_content(part) & new.words for part in new_parts)
    step = (skipped & first) - then
    if step and done & then:
        return ", ".join(sorted(step)[:3])
    return None


def left_out(new: Analysis, rule: Analysis) -> str | None:
    """What a text reports doing without that a rule asks for always, or None ("Sent the invoice
    to the client without the project code" for "Always put the project code on invoices")."""
    if rule.polarity or not _ALWAYS.search(rule.folded):
        return None
    parts = _WITHOUT.split(new.folded, maxsplit=1)
    if len(parts) != 2:
        return None
    done, left = (_content(part) & rule.words for part in parts)
    asked = left - done
    return ", ".join(sorted(asked)[:3]) if asked and done else None


def _contacts(new: Analysis, rule: Analysis) -> frozenset[str]:
    """The ways to reach someone a text names, when the rule governs reaching someone and the
    text names whom or what the rule does ("send the invoice to the client" for "never email
    clients on weekends"); empty otherwise."""
    done = acts(rule)
    if not done & _CONTACT:
        return frozenset()
    said = frozenset(w for w in new.words if w in _CONTACT)
    whom = (new.words & governed(rule)) - done - _CONTACT
    # the user, reached in both: "you can ping me up to 22:30" for "never message me after 21:00"
    me = _ME.search(new.folded) is not None and _ME.search(rule.folded) is not None
    return said if said and (whom or me) else frozenset()


_ME = re.compile(r"\b(?:me|us)\b")
# Ordering a thing for a price is buying it ("order" alone is too many other things)
_ORDERED = re.compile(r"\b(?:order|orders|ordered|ordering|pre-?ordered)\b")
_BUY = content_word("buy")
# A plan or an act under way, as a tool or a calendar reports it ("Scheduled: the invoice email
# goes out Saturday", "Booking plan: …")
_PLANNED = re.compile(
    r"(?<!\w)(?:scheduled|planned|plan|queued|booking|set\s+(?:up\s+)?for|goes\s+out|"
    r"going\s+out|will\s+go|about\s+to|ready\s+to|due\s+to\s+(?:go|run|be\s+sent)|"
    # "Going to deploy the patch on Friday", "Will deploy …": a plan with no one named
    r"going\s+to|gonna|^\s*(?:will|shall))(?!\w)"
)


def _content(text: str) -> set[str]:
    return {content_word(w) for w in tokens(text)} - _NORM_WORDS


def rule_change(new: Analysis, rule: Analysis) -> tuple[str, bool] | None:
    """(why the text contradicts the rule, whether it says so for good), or None."""
    diff = compare(new, rule)
    if diff.apart or owns_the_act(new, rule) or met(new, rule):
        return None  # "merged the PR once CI went green": done once the rule allowed it
    if _RETIRE.search(new.folded) and (new.words & rule.words or new.values & rule.values):
        return "says the rule is dropped", True
    shared_all = new.words & rule.words
    reached = _contacts(new, rule)
    if reached and not shared_all & acts(rule):  # "send" for "email": the same act
        shared_all |= acts(rule) & _CONTACT
    handing = in_other_words(new, rule, acts(rule), governed(rule))  # "passed your mobile …"
    if handing == frozenset() and new.words & acts(rule):
        return None  # "Nadia gave me her number": another's thing handed, not the user's
    if handing:
        shared_all |= handing
    priced = _ORDERED.search(new.folded) and PRICED.search(new.folded)
    if (priced or money_limit(new.folded)) and _BUY in governed(rule):
        shared_all |= {_BUY}  # "ordered the 180 euro machine": bought; "up to 500 euros": spent
    shared = shared_all - new.names - rule.names
    plain = rule.words - rule.names
    values = rule.values | week_days(rule)
    # What the rule governs, done with another value of a kind it sets ("deploys up to 18:00
    # are fine" for "deploy … only before 16:00"), speaks of it in one word.
    given = new.values | week_days(new)  # "weekend deploys are fine": Saturday and Sunday
    other_value = [kind for kind in _VALUE_KINDS if differs(given, values, kind)]
    in_bounds = within(new, rule)
    if "t" in other_value and in_bounds:
        other_value.remove("t")  # done at 10:00, where the rule says "before 15:00"
    if "t" not in other_value and beyond(new, rule):
        other_value.append("t")  # "after 16:00" where the rule says "before 16:00"
    inside = in_parts(new, rule)  # "at 3pm" against "on Friday afternoons": the same time
    if inside and "t" in other_value:
        other_value.remove("t")
        given |= {v for v in values if v.startswith("t:")}
    if "n" in other_value and (amounts_within(new, rule) or not same_kind_amount(new, rule)):
        other_value.remove("n")  # 40 euros, where the rule says "never more than 100 euros"
    governs = governed(rule)
    other_thing = another_thing(new, rule, governs)
    acted = bool(shared & governs) and bool(other_value) and not other_thing
    acted = acted or "t" in other_value and bool(shared) and rebounded(new, rule)
    talks = in_another_language(new, rule) if "lang" in other_value else frozenset()
    if talks:  # the same act, though perhaps no word is shared
        acted, shared = True, shared or talks
    # Against a rule, a side of allowed or forbidden is a norm however it is said ("let's
    # allow deploys on Friday afternoons" for "no deploys on Friday afternoons").
    permits = any(name == "allowed" for name, _ in new.poles)
    # "Friday afternoon meetings are fine" for "never schedule meetings on Friday afternoons":
    # what the rule's act is done to, allowed at every value the rule sets, is the act allowed
    whole = permits and bool(values) and values <= given and bool(shared & (governs - acts(rule)))
    # "Sunday mornings are fine for swimming" for "never book anything on Sunday mornings": a
    # rule of any act at all ("anything"), allowed at every value it sets
    anything = rule.polarity and _ANY.search(rule.folded) and not new.polarity
    whole = whole or permits and bool(anything) and bool(values) and values <= given
    over = past_bound(new, rule)  # "a longer email" for "keep emails under 150 words"
    # "booked the dentist for Sunday morning" for "never book anything on Sunday mornings": the
    # forbidden act at the values the rule forbids it at needs no other word in common
    things = governs - acts(rule)  # what the act is done to, if the rule names it
    at_its_values = bool(rule.polarity) and bool(shared & acts(rule)) and bool(given & values)
    at_its_values = at_its_values and (not things or bool(things & shared))
    few = len(shared_all) < min(CLASH_WORDS, len(rule.words)) and not handing
    if not (shared or whole or over) or few and not (acted or whole or at_its_values or over):
        return None
    words = ", ".join(sorted(shared_all)[:4]) or "the days and times it names"
    normative = new.normative or permits or opens_with_act(new, rule)
    # "Deploy the fix on Tuesday" for "never deploy on Fridays": another day than those the
    # rule forbids is one it allows, unless the text is a limit of its own ("only on Tuesdays")
    allowed = (
        frozenset(elsewhere(given, values) + (["t"] if inside is False or in_bounds else []))
        if rule.polarity and not new.polarity and not _ONLY.search(new.folded)
        else frozenset()
    )
    if allowed:
        other_value = [kind for kind in other_value if kind not in allowed]
    reason = None
    for kind in other_value:
        if acted or len(shared_all) >= len(rule.words) / 2 and not other_thing:
            reason = f"a different {KIND_NAMES[kind]} than the rule sets ({words})"
            break
    again = same_bounds(new, rule)  # "calls from 9 are ok" for "no calls before 9am"
    if (
        reason is None
        and not (allowed or again)
        and _does_what_it_forbids(new, rule, shared, given & values, other_thing)
    ):
        reason = f"does what the rule forbids ({words})"
    least = min(len(new.words - new.names), len(plain))
    enough = len(shared) >= min(CLASH_WORDS, len(plain)) and len(shared) / max(1, least) >= 0.2
    enough = enough or whole
    # A prohibition bounded by a time or a day ("never call me before 9am") is not contradicted
    # by a text that says no time or day ("call me when you land")
    unbounded = bool(rule.polarity) and bool(values) and not given
    # The opposite of a rule is about what the rule is about: a text that shares only the act
    # the rule governs, among many words of its own ("never reply to the landlord before I've
    # seen the draft" for "answer me in English"), is a norm about another thing.
    about = bool(shared_all - acts(rule)) or bool(given & values)
    about = about or len(shared_all) / max(1, len(new.words - new.names)) >= OPPOSITE_SHARE
    if (
        reason is None
        and diff.flipped
        and normative
        and enough
        and about
        and not (allowed or unbounded or again)
    ):
        reason = f"the opposite of what the rule says about {words}"
    if (
        reason is None
        and new.update
        and normative
        and enough
        and diff.reworded
        and diff.covered >= 0.5
    ):
        reason = f"says the rule changes ({words})"
    reason = reason or over
    step = None if reason else skipped_step(new, rule)
    if step:
        reason = f"done without the step the rule asks for first ({step})"
    left = None if reason else left_out(new, rule)
    if left:
        reason = f"done without what the rule asks for ({left})"
    if reason is None:
        return None
    return reason, for_good(new, rule, permits)


def for_good(new: Analysis, rule: Analysis, permits: bool = False) -> bool:
    """Does the user say a change to the rule lasts ("from now on", "new rule:", "now"), not
    of one time ("today", "this once", a date)?"""
    # "spend 80 euros on the new headphones" is an act against the rule, not a new rule
    weak = new.update_weak and cues.UPDATE_WEAK_NORM.search(new.folded)
    # "Sunday mornings are fine for swimming": allowed on every one of them, not once
    every = permits and _EVERY_ONE.search(new.folded) or allowed_from_an_hour(new, permits)
    said = new.update or weak or new.correction or _LASTING.search(new.folded) or every
    # "starting tomorrow": the day it begins on, not the one time it holds (cues.FROM_DAY)
    # a year alone, with words that it lasts, names a thing ("the 2019 folder … going forward")
    dated = {v[:2] for v in new.values - rule.values} & {"d:", "y:"}
    lasts = dated == {"y:"} and _LASTING.search(new.folded)
    once = ONE_OFF.search(cues.FROM_DAY.sub(" ", new.folded)) or dated and not lasts
    return bool(said) and not once


def _does_what_it_forbids(
    new: Analysis,
    rule: Analysis,
    shared: frozenset[str],
    same: frozenset[str],
    other_thing: bool,
) -> bool:
    """Does the text, not itself negated, do or propose the act a prohibition governs with a
    value the rule forbids ("I'll deploy the config change this Friday afternoon" for "Never
    deploy on Fridays")? Someone must do it, say or be asked to: the speaker or the one spoken
    to, or an instruction; "Friday deploys caused last year's outage" only agrees."""
    if not rule.polarity or new.polarity or other_thing or not shared & acts(rule):
        return False
    valued = any(v.partition(":")[0] in _VALUE_KINDS for v in same)
    # A prohibition that names no day, time or other value forbids the act done to what it
    # names: "Booking plan: Ryanair FR2210 to Porto" for "never book flights with Ryanair".
    # (or the thing said in other words: "your contact details" for "my phone number")
    other_words = bool(in_other_words(new, rule, acts(rule), governed(rule)))
    bare = not (rule.values or week_days(rule)) and (
        bool(new.words & rule.words - acts(rule)) or other_words
    )
    if not (valued or bare):
        return False
    done = bool(new.person & {"first", "second"}) or new.normative or opens_with_act(new, rule)
    done = done or other_words  # "Handed your number to the rep"
    return done or _PLANNED.search(new.folded) is not None


def clash(new: Analysis, rule: Analysis) -> str | None:
    """Why `new` contradicts `rule`, or None (however it is said)."""
    change = rule_change(new, rule)
    return change[0] if change else None
