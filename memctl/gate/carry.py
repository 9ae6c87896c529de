"""What an update carries forward: the details of the entry it replaces that it leaves unsaid.

"The landlord meeting got moved to Monday" replaces "Meeting with the landlord on Friday at
17:00 at the flat"; the new entry must still say 17:00 and the flat, or they survive only on
the closed line. The old text is cut into phrases at commas and before prepositions ("with the
landlord", "on Friday", "at 17:00", "at the flat"); a phrase is carried unless the new text
restates it (shares a word with it), replaces it (gives a value of the same kind: a weekday for
"on Friday"; or opens a phrase with the same preposition and other words: "at the library" for
"at Ana's place"), or says it is not so. The carried phrases follow the new words:
"The landlord meeting got moved to Monday (as before: at 17:00, at the flat)".
memctl/gate/details.py keeps the details of a phrase the new text touches (a value it names
left out, names beside a word it says, who rang no part of the news), memctl/gate/weekday.py
writes a move to another weekday as the date it means, memctl/gate/spared.py what a change
leaves standing of a phrase, a kind of value or a person it touches (8am beside the evening
visit moved, the shifts where the nights end, the surgery where the GP's name is put right).

Nothing is carried when what changed is who or what it is about (the plumber is Joe, not Jim:
Jim's number is not Joe's), or when the new text says the thing has ended or does not hold
("the gym is closed on Sundays now": its opening hours are not carried).

A correction that says nothing but one word for another ("actually it's Joe, not Jim") keeps
the entry with that word put right: it was right but for the word.

A user's change to a rule that only narrows it ("it's fine to push hotfixes straight to main"
against "never push directly to main") keeps the rule and adds the exception: one open rule
that says both.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import replace
from typing import TYPE_CHECKING

from ..language.cues import UPDATE
from ..lexicon import BARE_VERBS, LIGHT
from .compare import Diff, compare, kinds, on_one_clock, places, respelled, respelled_only
from .details import (
    address_said_not,
    dropped,
    in_more_words,
    lowered_to,
    names_beside,
    negated_elsewhere,
    negated_in_reason_only,
    news,
    not_of_the_ending,
    role_filled,
    role_of_named,
    said_of_subject,
    value_given_up,
    whose_only,
    without_values,
    written_names,
)
from .excepted import base, narrows, with_exception
from .excepted import own_words as excepted_words
from .foreign import not_english
from .norms import with_new_time, with_other_norms
from .owners import in_others, others
from .phrasing import AS_BEFORE, TRAILING_VERB, lead, phrases
from .reading import Analysis, analyze, content_word
from .remains import UNCHANGED, code_values, only_in_codes, other_items, role_unsaid
from .roles import role_held
from .spared import (
    ended_in_part,
    others_of_a_kind,
    qualified_subject,
    said_not_in_part,
    where_held,
    with_subject,
    without_the_replaced,
)
from .swapped import with_value_swapped
from .valued import (
    DATE,
    ONE_VALUE,
    amount_replaced,
    parts_of_the_day_kept,
    said_same,
    times,
    value_tail,
    values_left,
    values_unsaid,
)
from .weekday import moved_to, shifted
from .wordfix import misnamed, respelled_text, said_instead, spelt_anew

if TYPE_CHECKING:
    from .candidates import Candidate

# A bare number said as an hour: after a word that leads a time ("moved to 10", "at 9").
_HOUR = re.compile(
    r"\b(?:to|at|until|till|from|by|around|before|after)\s+(\d{1,2})\b(?![:.,]?\d)"
    # "up to 10 mg", "down to 12 people": an amount, no hour
    r"(?!\s*(?:%|(?:mg|mcg|g|kg|lbs?|oz|ml|l|km|miles?|m|cm|people|persons|guests|kids|"
    r"children|hours?|hrs?|minutes?|mins?|days?|weeks?|months?|years?|euros?|pounds?|dollars?|"
    r"percent|units?|tablets?|pills?|cups?|times|x)\b))"
)


def carried(new: Analysis, old: Analysis, diff: Diff, today: dt.date | None = None) -> list[str]:
    """The phrases of the old text the new one leaves unsaid and does not contradict; on again
    what the old one ended ("the veg box is coming again"), not when or why it stopped."""
    clocked, old_clocked = on_one_clock(new, old)  # "at 6, not 7" beside "at 7pm": 18:00
    clocked = said_not_in_part(clocked, old_clocked)  # "not 6789" of "7001-2345-6789"
    return not_of_the_ending(_carried(clocked, old_clocked, diff, today), new, old)


def _carried(new: Analysis, old: Analysis, diff: Diff, today: dt.date | None = None) -> list[str]:
    if (role := role_held(new, old)) is not None:  # "priya's left, her replacement is …"
        return [role] if role else []
    if not_english(new) and not not_english(old):  # not the entry's words:
        given = set(kinds(new.values))  # what holds is what gives no value of a kind it gives
        return [
            p.strip(" .;,")
            for p in phrases(old.text)
            if not kinds(analyze(p).values).keys() & given
        ]
    respelled = _respelled(new, old, diff)
    if respelled:  # "Jim Hardie, not Hardy": the same person, whose number still holds
        kept = []
        for phrase in phrases(old.text):
            part = analyze(phrase)
            if not (part.names & respelled or part.words & new.words or part.values & new.values):
                kept.append(TRAILING_VERB.sub("", phrase.strip(" .;,")))
        return kept
    # An ending or a "not" in a text that gives up a part of the old one by name is that
    # part's ("so scrap the guesthouse"): the rest still holds.
    # A place given up is a part too ("at our place instead of at Mum's").
    given_up_names = new.rejected & old.names - places(old)
    part_given_up = bool(new.rejected & old.words) and not given_up_names
    # "I meant Tuesday, it isn't on Monday": the "not" is the old value's, said again beside
    # another of its kind; the rest still holds.
    part_given_up = part_given_up or _value_said_not(new, old) or address_said_not(new, old)
    part_given_up = part_given_up or value_given_up(new, old)  # "scrap sundays, …saturday now"
    filled = role_filled(new, phrases(old.text))  # "got priya as second shooter instead"
    # "foyles can't do 19:00 so it's at 19:30"; "…, drop her off by 8, no food after midnight"
    reason_only = negated_in_reason_only(new) or negated_elsewhere(new, old)
    ended = frozenset() if reason_only else ended_in_part(new, old)  # "no more nights"
    part_given_up = part_given_up or filled is not None or bool(ended)
    if given_up_names and (new.correction or diff.rejects):  # "dr price, not dr rees"
        return where_held(new, old, given_up_names)  # "at Llandaff North surgery" holds
    if (
        diff.apart
        or "name" in diff.changed
        and not (diff.replaced and diff.replaced <= places(old))
        or given_up_names
        or not part_given_up
        and (new.polarity or any(s < 0 for _, s in new.poles))
        and not reason_only
        and not lowered_to(new, diff)
    ):
        return []
    if _switched(new, old):
        return []  # "switched from swimming to judo": the pool was the swimming's
    told = new  # "the landlord emailed, …" still speaks of the landlord
    new = news(new)  # "the clinic rang, …": who rang is no detail of the entry
    new = replace(new, rejected=new.rejected | ended) if ended else new
    given = set(kinds(new.values - old.values))  # "Parents' evening" names no new time
    if "d" in kinds(old.values) and given & {"wd", "d"}:
        given |= {"wd", "d"}  # a date has one weekday: Thursday is not 16 December
    if "t" not in given and "t" in kinds(old.values):  # "moved to 10": an hour
        if any(int(m[1]) <= 24 for m in _HOUR.finditer(new.folded)):  # not "room 4B"
            given.add("t")
    for m in _ONLY_THESE.finditer(new.folded):  # "just fridays": the other days go
        given |= set(kinds(analyze(m[1]).values))
    if "d" in kinds(old.values) and shifted(new) is not None:
        given |= DATE | {"wd"}  # "pushed back a week": the old date no longer holds
    if "d" in given:
        given |= DATE  # "on Tuesday 15 December", where the booster moved to Wednesday 16
    given -= said_same(new)  # "same time": the old time holds
    # The phrases the new text opens, its words of change left out ("from now on deploys …"
    # opens no phrase with "on").
    said = UPDATE.sub(" , ", new.folded)
    opened = {lead(p) for p in phrases(said) if analyze(p).words - new.polar} - {""}
    opening = {lead(p): analyze(p).words - new.polar - LIGHT for p in phrases(said)}

    def beside(phrase: str, part: Analysis) -> bool:  # "into the ISA" said of "into the Marcus ISA"
        return opening[lead(phrase)] <= part.words and names_beside(phrase, part, new, old)

    # A value opened alone ("on 5433") replaces the phrase it opens with a value of its kind
    # ("on port 5432"), whatever else that says.
    valued = {(lead(p), k) for p in phrases(said) for k in kinds(analyze(p).values) if lead(p)}
    # A name the new text gives where the old one's phrases have no place for it ("moved the
    # insurance over to ANWB" over "insured with Centraal Beheer") stands for the old name.
    leads = {lead(p) for p in phrases(old.text)} - {""}
    renamed = any(lead(p) not in leads for p in phrases(new.text) if written_names(p) - old.words)
    another = others(told, old.text.replace(AS_BEFORE, ", "), given | set(kinds(told.values)))
    spared = others_of_a_kind(new, old, given)  # 8am, where the evening visit moves
    out = []
    for i, phrase in enumerate(phrases(old.text)):
        part = analyze(phrase)
        if spared and (rest := without_the_replaced(phrase, spared, given)):
            out.append(rest)  # "at 8am" of "at 8am and 6pm"
            continue
        if another and not part.words & new.rejected and (held := in_others(phrase, another)):
            out += held  # "atorvastatin 20mg", where the amlodipine goes up
            continue
        if part.words & diff.replaced or amount_replaced(phrase, part, new, given):
            continue  # "in Portugal", where the new text goes to Greece; "£312 pm" at £329/month
        if filled is not None and i == filled + 1 and not part.words - _UNITS - LIGHT:
            continue  # "£350 for the day" after "second shooter Dev": what Dev charged
        if i == 0:
            if part_given_up and _keep(part, new, given):  # nothing of it restated: it holds
                out.append(phrase.strip(" .;,"))
                continue
            if on := moved_to(phrase, part, new, today):
                out.append(on)  # "Dad's GP appt is Tues 15 Dec 10:40", moved to Thursday
            tail = value_tail(phrase, part, given, new)
            qualified = qualified_subject(
                phrase, new, given
            )  # "u11s training", "newport flat rent"
            if tail:
                out.append(with_subject(phrase, tail) if qualified else tail)
            elif _named_only(part, new, told):
                out.append(_who(phrase, part, new))
            elif subject := whose_only(phrase, new) or in_more_words(phrase, part, new):
                out.append(subject)  # "lila's", "A3 giclée print": whose, and what it is
            elif (
                role_unsaid(part, new, given)
                or role_of_named(part, new, old, given)
                or _said_of_the_one_named(part, new, given)
                or said_of_subject(phrase, new, given)
            ):
                out.append(phrase.strip(" .;,"))
            elif qualified:
                out.append(qualified)
            continue
        if any((lead(phrase), k) in valued for k in kinds(code_values(phrase, new))):
            continue
        if lead(phrase) in opened and part.words and not beside(phrase, part):
            continue
        if renamed and part.words and part.words <= written_names(phrase):
            continue  # "with Centraal Beheer", where the new text names another
        if renamed and _SWITCH.search(told.folded) and written_names(phrase) - told.words:
            continue  # "account manager is Dave": the old supplier's, where it is Medisave now
        if _keep(part, new, given):
            out.append(phrase.strip(" .;,"))
        elif "d" in given and (on := moved_to(phrase, part, new, today)):
            out += [on, *times(phrase, given)]  # "Tues 15 Dec 10:40": Thursday 17 December
        elif names_beside(phrase, part, new, old):  # "for Fenwick Logistics", not "is £450"
            out.append(dropped(phrase, {v for v in part.values if v.partition(":")[0] in given}))
        elif rest := values_left(phrase, part, new, given) or without_values(
            phrase, part, new, given
        ):
            out.append(rest)
        elif on := moved_to(phrase, part, new, today):
            out.append(on)  # "moved to Thursday": the Thursday of that week, as a date
        elif rest := values_unsaid(phrase, part, new, given):
            out.append(rest)  # "on the 1st" of "paid on the 1st", where the payment goes up
    if diff.flipped:  # "text instead" was what to do in place of what is now allowed
        out = [phrase for phrase in out if not _INSTEAD.search(phrase)]
    out = [phrase for phrase in out if not _BACK.match(phrase) and _says_something(phrase)]
    return _rejoined(out, old.text)


def _says_something(phrase: str) -> bool:
    """Does a phrase hold a detail: a value, or a word beyond a pronoun and a bare verb ("We're
    going" of "We're going with the sage green paint" holds none)?"""
    part = analyze(phrase)
    return bool(part.values or part.words - LIGHT - BARE_VERBS)


def _rejoined(out: list[str], text: str) -> list[str]:
    """The carried phrases, a clause and the phrase that completes it in the old text one
    again ("Priya signs off on the release notes", not "Priya signs off, on the release
    notes"; "the agency number is on the fridge"), without the "and" that tied the clause to
    what went before. Two phrases that each open with a preposition stay apart ("at 17:00, at
    the flat"). A phrase left without the sentence's verb's completion loses the verb ("at
    Oakfield Primary", not "at Oakfield Primary is"), and a verb and a word left without their
    subject ("is serviced") say nothing."""
    said = " ".join(text.split())
    joined: list[str] = []
    for phrase in out:
        if joined and not lead(joined[-1]) and f"{joined[-1]} {phrase}" in said:
            joined[-1] = f"{joined[-1]} {phrase}"
        else:
            joined.append(phrase)
    joined = [TRAILING_VERB.sub("", phrase) for phrase in joined]
    return [_AND.sub("", p) or p for p in joined if not _VERB_ALONE.fullmatch(p)]


_AND = re.compile(r"(?i)^(?:and|but|plus)\s+")
_VERB_ALONE = re.compile(r"(?:is|are|was|were)\s+(?-i:[a-z])[\w'-]*", re.IGNORECASE)
_INSTEAD = re.compile(r"(?i)\b(?:instead|rather|otherwise)\b")


# "same time", "still at the pool", "as usual": said of the value before it, never carried
# next to another one
_BACK = re.compile(r"(?i)(?:same|still|unchanged|as\s+usual|as\s+always)\b")

_ONLY_THESE = re.compile(r"\b(?:just|only)\s+(?:on\s+)?([\w'-]+)")
# a text that says the thing went over to another ("switched the gel to Medisave")
_SWITCH = re.compile(
    r"\b(?:switch|swapp|chang|mov|transferr)\w*\b[^.;!?]{0,40}?\b(?:to|for)\b"
    r"|\b(?:going|gone|went|go)\s+with\b|\binstead\b"
)
# a thing called another way keeps what was said of it: renamed, rebranded, retitled, respelt
_RENAMED = re.compile(r"\b(?:re(?:nam|brand|titl|spel)\w*|(?:now\s+)?called|known\s+as)\b")
_FROM_TO = re.compile(r"\bfrom\s+(?:the\s+|my\s+|our\s+)?([\w'-]+)\s+to\s+(?:the\s+)?([\w'-]+)")


def _switched(new: Analysis, old: Analysis) -> bool:
    """Does the new text say that what the old one is about became another thing ("Lina
    switched from swimming to judo" over "Lina has swimming on Tuesdays at the pool")?"""
    about = analyze(phrases(old.text)[0]).words if old.text.strip() else frozenset()
    for m in _FROM_TO.finditer(new.folded):
        if _RENAMED.search(new.folded[max(0, m.start() - 24) : m.start()]):
            continue  # "renamed from master to main": the same thing, called another way
        was, now = analyze(m[1]).words, analyze(m[2]).words
        if was and was <= about and now and not now & old.words and not analyze(m[2]).values:
            return True
    return False


def _named_only(part: Analysis, new: Analysis, told: Analysis) -> bool:
    """Does the first phrase name someone the new text leaves unsaid while speaking of the same
    thing ("The landlord is Mr. Okafor", where the landlord's number is corrected)? The name
    still holds; without it the new line is found by no one's name. Not when the new text says
    every word of it ("Jim at FlowRight is the plumber we use …" says "Our plumber is Jim")."""
    if not part.words - LIGHT - new.words:
        return False
    unsaid = part.names - new.words - new.rejected
    return bool(unsaid) and unsaid == part.names and bool(part.words & told.words - part.names)


_COPULA = re.compile(r"(?<!\s)\s+(?:is|are|was|were)\s+", re.IGNORECASE)


def _said_of_the_one_named(part: Analysis, new: Analysis, given: set[str]) -> bool:
    """Does the first phrase say something of someone or something the new text names again by
    name alone ("Biscuit the beagle eats grain-free kibble twice a day", where the vet wants
    Biscuit down to 120 g a meal), with no value the new text gives another of? It still holds."""
    shared = part.words & new.words
    unsaid = part.words - new.words - LIGHT - part.polar
    return (
        bool(shared)
        and shared <= new.names
        and len(unsaid) >= 2
        and not set(kinds(part.values)) & given
        and not new.rejected & part.words
    )


def _who(phrase: str, part: Analysis, new: Analysis) -> str:
    """Of a first phrase carried for the name in it, what names them, without what the new
    text says otherwise of them: "My wife Sanne" of "My wife Sanne is vegetarian", where she
    is pescatarian now; the whole when the name is what it says ("The landlord is Mr. Grant")."""
    cut = _COPULA.search(phrase)
    if cut is None:
        return phrase.strip(" .;,")
    subject, said = analyze(phrase[: cut.start()]), analyze(phrase[cut.end() :])
    if part.names - new.names <= subject.names and said.words - new.words - LIGHT:
        return phrase[: cut.start()].strip(" .;,")
    return phrase.strip(" .;,")


def _respelled(new: Analysis, old: Analysis, diff: Diff) -> set[str]:
    """The names of the old text the new one spells another way and changes nothing else of:
    "Jim Hardie, not Hardy" (Hardy is said not to be so, and Hardie is how it is spelt)."""
    pairs = respelled_only(new, old, diff)
    if not pairs and new.rejected and new.rejected <= old.names and not new.values - old.values:
        pairs = respelled(set(new.names - old.names), set(new.rejected))
        if {was for _, was in pairs} != set(new.rejected):
            return set()
    return {was for _, was in pairs}


# "at Oakfield Primary is" (cut before "on 7 November"): the verb is the sentence's, not the
# phrase's


def _value_said_not(new: Analysis, old: Analysis) -> bool:
    """Does the text say a value of the old one again beside another of the same kind
    ("Tuesday, not Monday"; "isn't on Monday, it's Tuesday")?"""
    fresh = {v.partition(":")[0] for v in new.values - old.values}
    again = new.values & old.values | new.rejected & old.values  # "…, not 7" of "at 7pm"
    return new.polarity == 1 and any(v.partition(":")[0] in fresh for v in again)


def _kept_names(new: Analysis) -> set[str]:
    """The words a text says stay as they were ("…, same zoom room": zoom, room)."""
    return {w for m in UNCHANGED.finditer(new.folded) for w in analyze(m[1]).words}


# words of time a phrase may share with the new text and say another thing with
_UNITS = frozenset(content_word(w) for w in "day days week month year time hour".split())


def _keep(part: Analysis, new: Analysis, given: set[str]) -> bool:
    words = part.words - LIGHT - part.polar
    if not words and (not part.values or set(kinds(part.values)) <= given):
        return False  # "is £450", where the rate goes up to £500
    restated = words & new.words - only_in_codes(part, new)
    if restated <= _UNITS and len(words - restated) >= 2:
        restated = frozenset()  # "the last working day of the month", where the rate is "£500/day"
    kept = _kept_names(new)  # "still fairfield" for "at Fairfield Leisure Centre": the whole
    if restated & kept and words - kept and not new.rejected & words:
        return True  # "same zoom room" for "in the Zoom room 'payments-daily'": the whole of it
    if restated or words & new.rejected or part.values & new.rejected:
        return False  # restated, or said not to be so
    if part.values & new.values:
        return (
            False  # "at 9", where the new text says "at 9" too; what else it says: without_values
        )
    mine = kinds(parts_of_the_day_kept(part.values, new.values))
    return not any(k in given for k in mine if k in ONE_VALUE)


def with_details(text: str, details: list[str]) -> str:
    return f"{text}{AS_BEFORE}{', '.join(details)})" if details else text


def own_words(entry_text: str) -> str:
    """The words an update or an exception was given, without what it carried forward."""
    return excepted_words(entry_text, AS_BEFORE)


def forward(text: str, target: Candidate, today: dt.date | None = None) -> str:
    """The text of an update or a correction with what it carries forward from `target`: the
    details it leaves unsaid, or, for a rule it only narrows, the rule with the exception."""
    from ..entry import unquoted

    new, old = analyze(text), target.info or analyze(unquoted(target.entry.text))
    diff = compare(new, old)
    if target.rule and (put := with_value_swapped(unquoted(target.entry.text), new, old)):
        return put  # "Never book anything on Wednesday evenings", not Tuesdays
    if target.rule and narrows(new, base(old), compare(new, base(old))):
        return with_exception(unquoted(target.entry.text), text)
    if target.rule and (timed := with_new_time(unquoted(target.entry.text), new, old, diff)):
        return timed
    # "it's Reeves not Reed" says so without a comma; "typo: her surname is Sohlberg" with a
    # lead-in the text given here no longer holds
    spelt = respelled_only(new, old, diff) or spelt_anew(new, old)
    if new.correction or diff.rejects or spelt:
        pairs = spelt or misnamed(new, old) or said_instead(new, old)
        fixed = respelled_text(text, unquoted(target.entry.text), pairs) if pairs else None
        if fixed:
            return fixed  # the entry as it was, the name spelled as the user spells it now
    details = carried(new, old, diff, today)
    if not details and not target.rule:  # "not allergic to peanuts": the kiwi still holds
        rest = other_items(new, old)
        details = [rest] if rest else []
    if target.rule:
        details = with_other_norms(new, old, diff, details, old.text.replace(AS_BEFORE, ", "))
    return with_details(text, details)
