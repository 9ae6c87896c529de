"""Whether a text says an entry on file again with more beside it: the whole entry restated
with a detail added (the new line holds all the old one said), or the entry said first and
one more thing joined after it, whose negation is the added thing's."""

from __future__ import annotations

import re

from ..language import cues
from ..language.framing import split_framing
from ..lexicon import BARE_VERBS
from ..words import fold, tokens
from .compare import Diff
from .details import also_elsewhere, negated_elsewhere
from .reading import Analysis, analyze, content_word, says_fewer
from .roles import new_holder

ENDED_NAMES = 2  # the words of an entry a text must say to end it without its details
RESTATED_WORDS = 3  # an entry of this many words or more, every one said again, is restated


def restates_whole(new: Analysis, diff: Diff, old: Analysis) -> bool:
    """With nothing of the entry left out (the caller's test), does the text say an entry of
    RESTATED_WORDS words or more again with more beside it, however much ("the boiler guy from
    Kowalski Heating is Marek, he wants the service booked for September" for "Boiler is
    serviced by Kowalski Heating")? The new line holds all the old one said: nothing is lost.
    What turned, was said not or another thing was settled before the labeler asks this; an
    ending, or one more thing of its kind ("also"), is not a detail of this one. A shorter entry
    is restated when the text opens with it and joins a clause of its own ("Rubbish goes out on
    Thursday, and the recycling every other week")."""
    said = len(old.words) >= RESTATED_WORDS or restated_first(new, old)
    return said and not diff.ended and not cues.ALSO.search(new.folded)


def one_more(new: Analysis, diff: Diff, old: Analysis) -> bool:
    """Does the text say the entry again and one more thing beside it ("… and she can't do
    gluten either"; "Feed her in the morning, and no treats after 8pm"): its negation is the
    added thing's, not the entry's turned around."""
    also = bool(cues.ALSO.search(new.folded) and diff.extra)
    restated = bool(diff.extra or diff.added) and restated_first(new, old)
    return bool(
        (also or restated)
        and not diff.missing
        and not diff.changed
        and not diff.ended
        and not (new.update or new.correction)
    )


def restated_first(new: Analysis, old: Analysis) -> bool:
    """Does the text open with the entry said again (every word of it, the same side), and
    join a clause of its own after it? The entry may itself hold a joint ("Before a big deploy,
    freeze merges"): the shortest head that says all of it is the one read."""
    if not old.words:
        return False
    for joint in cues.JOINED.finditer(new.text):
        said = analyze(new.text[: joint.start()])
        if old.words <= said.words:
            return said.polarity == old.polarity and said.poles == old.poles
    return False


REWORDED_MEANING = 0.7  # this close in meaning (the semantic path), said in other words…
SHARED_WORDS = 2  # …sharing this many words (or a value and a word) with the entry


def reworded_repeat(new: Analysis, diff: Diff, old: Analysis, meaning: float | None) -> bool:
    """Does the text say what the entry says in other words, and nothing more ("tom goes to
    ashfield academy" for "Tom's school is Ashfield Academy", "bins go out thurs" for "The
    clinic bins are collected on Thursdays")? Close in meaning, no value or side of its own,
    nothing ended or said to change, and each word the entry lacks a verb that says little
    ("go", "get", "pick"; a word written short is the entry's own, see compare.short_for).
    Without the semantic path, nothing is read as one."""
    if meaning is None or meaning < REWORDED_MEANING:
        return False
    if diff.differs or diff.fresh or diff.ended or diff.apart or new.update or new.correction:
        return False
    if diff.lost and says_fewer(new):  # "just the mornings now": it holds of less
        return False
    shared = len(new.words & old.words) + (1 if new.values & old.values else 0)
    if shared < SHARED_WORDS:
        return False
    return diff.extra <= BARE_VERBS


def one_more_of_its_kind(new: Analysis, diff: Diff) -> bool:
    """Does the text name a thing of its own beside the entry's, said to be one more ("efa's
    starting physics tutoring as well" beside "Efa has maths tutoring on Mondays"; "we've got a
    second cleaner too")? Its words stand in for the entry's (each has words the other lacks)
    and "as well", "too", "also" say it is added, not put in place: a leading "also" opens the
    sentence ("also, the dentist moved to 3pm") and says nothing of the kind."""
    if not diff.reworded or diff.ended or diff.rejects or new.correction:
        return False
    said = fold(split_framing(new.text)[1])  # "oh and also, …": an opener, not "one more"
    return any(m.start() > 0 for m in cues.ALSO.finditer(said))


# A plan or a decision, said as one: what gives a part of it up changes the plan, it does not
# say the entry was wrong.
_DECIDES = re.compile(
    r"\b(?:decid(?:e|es|ed|ing)|plan(?:s|ned|ning)?\s+(?:to|on)|going\s+to|gonna|"
    r"(?:we|i|they|she|he)(?:'ll|\s+will)|intend(?:s|ed)?\s+to|thinking\s+of)\b"
)


def plans(new: Analysis, old: Analysis) -> bool:
    """Is it about something going on or ending, or a plan or a decision said as one: a
    change of mind, not a mistake?"""
    return any(name == "goes on" for name, _ in (*new.poles, *old.poles)) or any(
        _DECIDES.search(text.folded) for text in (new, old)
    )


# The words of a plan or an appointment whose details may come later: "plumber coming to fix
# the boiler", "booked in for spaying", "kickoff call sometime this month"
_PLAN = frozenset(
    content_word(w)
    for w in "book booked booking appointment appt coming planned plan sometime scheduled due "
    "visit visiting trip deadline tbc tbd tba".split()
)
_MONTHLY = re.compile(r"(?<!\w)(?:(?:a|per|each|every)\s+month|monthly)(?!\w)")
_NEEDED = re.compile(r"(?<!\w)(?:needs?|needed)(?!\w)")  # "Need an electrician for …"
_WHEN = frozenset({"d", "wd", "t", "mo", "y"})  # the kinds of value that say when
FILLS_MEANING = 0.6  # this close in meaning (the semantic path), one shared word ties a plan
# "mum's boiler service", "my sister's design offsite": someone's thing, and the word after
_OWNED = re.compile(r"(?<![\w'])([^\W\d_]+)['\u2019]s\s+([^\W\d_]+)")


def fills_in(new: Analysis, diff: Diff, old: Analysis, meaning: float | None = None) -> bool:
    """Does the text give a plan on file what it left open ("leo's dentist fri is 8:45, at the
    practice on carver rd" for "Dentist check-up for Leo on Friday"; "the plumber is called
    Gary, he's coming Tuesday between 1 and 3" for "Plumber coming to fix the boiler"): two of
    its words or more (one, with FILLS_MEANING: "booked miso's teeth thing for april 9th" for
    "Miso needs a dental cleaning this spring"), values of kinds it has none of, and nothing of
    it changed, turned, ended or given up, nor "also" one more of its kind?"""
    flipped = diff.flipped and not negated_elsewhere(new, old)
    if not diff.added or diff.changed or diff.rejects or diff.ended or diff.apart or flipped:
        return False
    if new.correction or cues.ALSO.search(new.folded) and not also_elsewhere(new, old):
        return False
    # the day of a deadline said again ties as a word does ("thesis due 30 april" for "Thesis
    # submission deadline is 30 April"); not a date of another kind of thing ("visa expires …")
    again = len(new.values & old.values) if old.words & _PLAN else 0
    said = len(new.words & old.words) + again
    if said < 2 and not (said and (meaning or 0.0) >= FILLS_MEANING):
        return False
    if _someone_else_s(new, old):
        return False
    # a day of the month alone, in a line that says it comes every month, is a day a fact
    # recurs on ("rent is £800 a month, paid on the 1st"), no plan's
    when = {v.partition(":")[0] for v in old.values} & _WHEN
    monthly = when == {"d"} and _MONTHLY.search(old.folded) is not None
    return bool(when and not monthly or planned(old))


def planned(old: Analysis) -> bool:
    """Is the entry a plan in its words ("booked", "sometime", "scheduled", "needs")? A day it
    gives alone may be of a fact that recurs ("rent … paid on the 1st"), which a text of its
    details ("the flat's boiler was serviced in March") is not filling in."""
    return bool(old.words & _PLAN or _NEEDED.search(old.folded))


def _someone_else_s(new: Analysis, old: Analysis) -> bool:
    """Does the text give the plan's thing to someone the entry does not name ("mum's boiler
    service is thursday" for "Boiler service booked through the letting agency")? Another's
    plan, not this one filled in; "gary's coming tuesday" says who comes, not whose."""
    for m in _OWNED.finditer(new.folded):
        owner, thing = content_word(m[1]), content_word(m[2])
        if owner and owner not in old.words and thing in old.words - _PLAN:
            return True
    return False


def changes_what_it_opens_with(new: Analysis, old: Analysis) -> bool:
    """Does the text change what the entry is about, said by its name alone: with a word of
    change ("Book club is moving to the library"), or as someone new in the role the entry
    gives a person ("our new landlord is Mr Okafor" for "Landlord is Mrs Reid, paid by standing
    order")? The rest of the entry is not needed again."""
    return new.update and names_what_it_opens_with(new, old) or new_holder(new, old)


def names_what_it_opens_with(new: Analysis, old: Analysis) -> bool:
    """Does the text say the first ENDED_NAMES content words of the entry, what it is about
    ("book club" of "Book club meets at Sara's place")?"""
    said = [content_word(w) for w in tokens(old.folded)]
    opening = [w for w in said if w in old.words][:ENDED_NAMES]
    return len(opening) == ENDED_NAMES and set(opening) <= new.words
