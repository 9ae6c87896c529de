"""Details of an old entry that an update carries although the new text touches the phrase
that holds them (memctl/gate/carry.py decides the rest).

- Who brought the news is no part of it: "the clinic rang, the scan moved to Friday" names the
  clinic as the one who rang, so "at the clinic" on file is still where the scan is.
- A phrase the new text says in part keeps the names it leaves unsaid: "with Ana and Ben",
  where Ana texted that the time changed, still holds Ben.
- A phrase that holds a value the new text names (even to say it is not so) keeps its other
  details without it: "€95, VAT included" where the price is corrected keeps "VAT included".
- A first phrase that says what the thing the new text speaks of is ("The ferry to Arran is
  CalMac 21") still holds when the new text changes only a value of another kind.
- Someone named in part ("Kofi" for "Our electrician is Kofi Mensah") is still what the
  entry's first phrase says they are.
- Giving up a value while giving another of its kind ("scrap sundays, …saturday now"), or
  someone who can't do it replaced in their role ("got priya as second shooter instead"), ends
  that part only.
- A first phrase keeps what the thing is called in more words ("A3 giclée print") and whose it
  is ("lila's").
"""

from __future__ import annotations

import re

from ..language import cues
from ..language.framing import REPORTER_HEAD, REPORTER_TAIL
from ..lexicon import LIGHT
from .compare import Diff, kinds
from .phrasing import CLAUSE, lead
from .reading import GIVE_UP_VERBS, Analysis, analyze

_TITLES = frozenset("dr mr mrs ms miss prof sir".split())
_WRITTEN_NAME = re.compile(r"(?<![\w'])(?:[A-Z][a-z]*[A-Z]\w*|[A-Z][^\W\d_]+)")
_LEADS = frozenset(
    "the first second third fourth last every each next on at by with in for from to".split()
)
_COPULA = re.compile(r"(?<!\s)\s+(?:is|are|was|were)\s+", re.IGNORECASE)


def news(new: Analysis) -> Analysis:
    """The new text without the clause that says who brought the news ("TAP emailed, …"), so
    that naming who rang restates no detail of the entry; the text as it is when no such
    clause opens or ends it, or too little would be left."""
    text = REPORTER_TAIL.sub("", REPORTER_HEAD.sub("", new.text, count=1), count=1)
    if text == new.text or len(text.split()) < 3:
        return new
    return analyze(text)


def written_names(phrase: str) -> set[str]:
    """The content words a phrase writes as a name (capitalised, not opening it; or in capitals
    "ANWB"), weekdays and months not among them."""
    words = _WRITTEN_NAME.findall(phrase)
    if words and phrase.lstrip().startswith(words[0]) and not words[0][1:].isupper():
        words = words[1:]
    return set().union(*(analyze(w).words for w in words)) if words else set()


def names_beside(phrase: str, part: Analysis, new: Analysis, old: Analysis) -> bool:
    """Does the new text say a phrase in part, leaving unsaid only names beside what it says
    ("with Tom and Priya" where Tom texted; "leaving Gatwick" where the flight leaves later)?
    The names still hold, and so do words beside them when the new text says nothing the old
    one does not. Not when the new text gives a name the old one lacks (it may be the
    one put in their place) or says a word of the phrase is not so."""
    words = part.words - LIGHT - part.polar
    restated = words & new.words - _TITLES
    unsaid = words - new.words
    if not restated or not unsaid or new.rejected & words or part.values & new.values:
        return False
    if new.names - old.words or _moved_elsewhere(new, old):
        return False
    # a text that names nothing the old one lacks puts nothing in their place: "at greenleaf
    # dental", where "sam's switched to thurs fri at greenleaf"
    return unsaid <= written_names(phrase) or not new.words - old.words - new.polar - LIGHT


# "moved the standup over to zoom": where it is now, named by a word the old text lacks
_TO_WORD = re.compile(r"(?<!\w)to\s+(?:the\s+|a\s+|an\s+|our\s+|my\s+)?([\w'-]+)")


def _moved_elsewhere(new: Analysis, old: Analysis) -> bool:
    """Does the new text say the thing went to something the old text does not name (the names
    beside the words it shares may be the very ones it replaces: "on Google Meet", where the
    standup moved to Zoom because Meet kept breaking)?"""
    return any(
        analyze(m[1]).words - LIGHT - old.words - new.polar for m in _TO_WORD.finditer(new.folded)
    )


def without_values(phrase: str, part: Analysis, new: Analysis, given: set[str]) -> str | None:
    """A phrase without the values the new text names ("£2,400 net 30", where the rate is
    corrected to "£2,600, not £2,400", leaves "net 30") and those of a kind it gives another
    of ("on Tuesday 15 December", where the booster moved to Wednesday 16 December, leaves
    nothing); None when nothing is left that the new text does not say."""
    named = part.values & new.values
    if not named:
        return None
    rest = dropped(phrase, named | {v for v in part.values if v.partition(":")[0] in given})
    said = analyze(rest)
    if not rest or said.values & new.values:
        return None
    if (said.words - LIGHT) & new.words:
        return _before_said(rest, new)
    return rest if said.words - LIGHT or said.values else None


def _before_said(rest: str, new: Analysis) -> str | None:
    """Of what is left of a phrase, the words before the first the new text says, when they
    open with a preposition and say something it does not: "on the flat" of "on the flat runs
    out", where the gas cert's date is put right (which cert it is, not what it does)."""
    words = rest.split()
    upto = next(i for i, w in enumerate(words) if analyze(w).words & new.words)
    before = " ".join(words[:upto])
    if not lead(before) or not analyze(before).words - LIGHT - new.words:
        return None
    return before.strip(" .;,")


def dropped(phrase: str, values: set[str] | frozenset[str]) -> str:
    """A phrase without the words that write the given values, nor the words that led them."""
    kept: list[str] = []
    for word in phrase.split():
        found = analyze(word).values  # "15" of "Tuesday 15 December" reads as a number alone
        if found and all(v in values or "d" + v[1:] in values for v in found):
            while kept and kept[-1].lower() in _LEADS:
                kept.pop()  # "at 9 in room 4B": "at" was the 9's
            continue
        kept.append(word)
    return " ".join(kept).strip(" .;,")


def said_of_subject(phrase: str, new: Analysis, given: set[str]) -> bool:
    """Does the first phrase say what the thing the new text speaks of is ("Flight to Porto is
    FR8334", where the flight now leaves later), by a name or a code the new text neither says
    nor replaces? It still holds."""
    cut = _COPULA.search(phrase)
    if cut is None or not given:
        return False
    subject, said = analyze(phrase[: cut.start()]), analyze(phrase[cut.end() :])
    if not subject.words or not subject.words - LIGHT <= new.words:
        return False
    if said.words & (new.words | new.rejected) or said.values & new.values:
        return False
    if set(kinds(said.values)) & given:
        return False
    detail = said.words - LIGHT - said.polar
    return bool(detail) and detail <= written_names(" " + phrase[cut.end() :])


def role_of_named(part: Analysis, new: Analysis, old: Analysis, given: set[str]) -> bool:
    """Does the first phrase say what someone is ("Our plumber is Jim Reyes") whom the new text
    names in part ("Jim from FlowRight has a new mobile"), naming no one else? Who they are
    still holds."""
    names = part.names - _TITLES
    if not names and (cut := _COPULA.search(part.text)):  # "dev malhotra is my second shooter"
        names = analyze(part.text[: cut.start()]).words - LIGHT
        if names <= new.words:
            return False  # named whole: "the plumber is jim", where the plumber is joe now
    if not names & new.words or new.names - old.words:
        return False
    # the words of a name the phrase writes are no role ("Little" of "Little Acorns")
    role = part.words - names - written_names(part.text) - _TITLES - LIGHT - part.polar
    if not role or role & (new.words | new.rejected):
        return False
    return not {v.partition(":")[0] for v in part.values} & given


_WHOSE = re.compile(r"[^\W\d_][\w-]*['’]s")


def whose_only(phrase: str, new: Analysis) -> str | None:
    """A first phrase that only says whose the entry is ("lila's" of "lila's at little acorns
    nursery, pickup 17:30 weekdays"), when the new text does not say it: it still holds."""
    said = phrase.strip(" .;,")
    if not _WHOSE.fullmatch(said) or analyze(said).words & new.words:
        return None
    return said


def in_more_words(phrase: str, part: Analysis, new: Analysis) -> str | None:
    """What the entry is about, said in more words than the new text uses ("A3 giclée print"
    of "A3 giclée print sells for £45", where "A3 prints" are £49 now): the words from the
    first the new text says to the last, when those it leaves unsaid stand between them."""
    words = phrase.split()
    said = [bool((a := analyze(w)).words & new.words or a.values & new.values) for w in words]
    if said.count(True) < 2 or part.values - new.values:
        return None
    first, last = said.index(True), len(said) - 1 - said[::-1].index(True)
    between = analyze(" ".join(words[first : last + 1]))
    unsaid = between.words - LIGHT - new.words
    if not unsaid or unsaid & new.rejected or _COPULA.search(" ".join(words[first : last + 1])):
        return None
    return " ".join(words[first : last + 1]).strip(" .;,")


# giving up a value of the old text ("scrap sundays", "no more tuesdays")
# (the words a thing is given up with, and those a value is: "scrapping", "no more", "not")
_GIVE_UP = re.compile(
    rf"\b(?:{GIVE_UP_VERBS}|scrap\w*|ditch\w*|cancel\w*|drop\w*|stop\w*|forget|no\s+more|not)"
    r"\s+(?:the\s+|on\s+)?([\w'-]+)"
)


def value_given_up(new: Analysis, old: Analysis) -> bool:
    """Does the text give up a value of the old one while it gives another of its kind ("scrap
    sundays for mum, going every other saturday now")? The ending is that value's: the rest of
    the entry still holds."""
    fresh = set(kinds(new.values - old.values))
    for m in _GIVE_UP.finditer(new.folded):
        gone = analyze(m[1]).values & old.values
        if any(v.partition(":")[0] in fresh for v in gone):
            return True
    return False


# "dropped the top-up to £200", "cut my hours to 30": a value lowered, not an ending
_TO_VALUE = re.compile(r"(?<!\w)(?:to|down\s+to)\s+[£$€]?\d")


def lowered_to(new: Analysis, diff: Diff) -> bool:
    """Does a text whose words lean to an ending ("dropped", "cut") give a value the thing now
    has ("dropped the ISA top-up to £200"), no "not" said? It changes the value, ends nothing."""
    return not new.polarity and bool(diff.changed) and bool(_TO_VALUE.search(new.folded))


# a clause that gives the reason: before ", so" ("the Olive Tree couldn't take us, so the
# lunch is at the Swan Inn") or after "because" ("… at the Swan because the Olive couldn't")
_SO = re.compile(r"(?i)(?:,|(?<!\s)\s)\s*(?:so|which\s+is\s+why)\s+(?=\w)")
_BECAUSE = re.compile(r"(?i)(?<!\s)\s+(?:because|as|since|cause|cos)\s+(?=\w)")


def negated_in_reason_only(new: Analysis) -> bool:
    """Is the text's "not" (or ending) said only in the clause that gives a reason, while what
    it says of the thing on file is said plainly?"""
    for cut, reason_first in ((_SO, True), (_BECAUSE, False)):
        m = cut.search(new.text)
        if m is None:
            continue
        first, then = analyze(new.text[: m.start()]), analyze(new.text[m.end() :])
        reason, said = (first, then) if reason_first else (then, first)
        plain = not said.polarity and not any(s < 0 for _, s in said.poles)
        if plain and (reason.polarity or any(s < 0 for _, s in reason.poles)):
            return True
    return False


_SENTENCE_END = re.compile(r"[.!?()]")
CLAUSES = 40  # negated_elsewhere reads a text of at most this many clauses


def negated_elsewhere(new: Analysis, old: Analysis) -> bool:
    """Is every "no" or "not" of the text in a clause of its own that says nothing of the
    entry ("…, drop her off by 8, no food after midnight" for "Luna is booked in for
    spaying")?"""
    negated = [c for c in _clauses(new) if c.negations]
    return bool(negated) and not any(c.words & old.words for c in negated)


def also_elsewhere(new: Analysis, old: Analysis) -> bool:
    """Is every "also", "too" or "as well" of the text in a clause of its own that says nothing
    of the entry ("Acme renewal call Friday is at 2pm, and their CFO is joining as well" for
    "Acme renewal call with their procurement lead on Friday")? One more of what that clause
    names, not one more of the entry's kind."""
    also = [c for c in _clauses(new) if cues.ALSO.search(c.folded)]
    return bool(also) and not any(c.words & old.words for c in also)


def _clauses(new: Analysis) -> list[Analysis]:
    """The text's clauses, each read alone; none for a page (more than CLAUSES of them): that
    is read as a whole, at a bounded cost."""
    sentences = _SENTENCE_END.split(new.text)
    clauses = [c for s in sentences for c in CLAUSE.split(s) if c.strip()]
    return [analyze(c) for c in clauses] if len(clauses) <= CLAUSES else []


_NOT_ADDRESS = re.compile(r"(?<!\w)not\s+([\w.+-]{1,64}@[\w.-]*)")


def address_said_not(new: Analysis, old: Analysis) -> bool:
    """Does the text give another address and say the old one is not it, even in part ("send
    them to finance@… not accounts@")? The "not" is the old address's: the rest still holds."""
    if not any(v.startswith("url:") for v in new.values - old.values):
        return False
    was = [v[4:] for v in old.values if v.startswith("url:")]
    return any(w.startswith(m[1]) for m in _NOT_ADDRESS.finditer(new.folded) for w in was)


_WHEN_OR_WHY = re.compile(r"(?<!\w)(?:because|since|as|cos|due\s+to|too|after|when)(?!\w)", re.I)


def not_of_the_ending(kept: list[str], new: Analysis, old: Analysis) -> list[str]:
    """The carried phrases, but for a text that says on again what the old one said ended ("we
    cancelled the paper on 3 May, too dear" → "we get the paper delivered again") those that
    say when or why it stopped: they were the ending's, not the thing's ("for the 2.0 release"
    still is)."""
    if dict(old.poles).get("goes on", 0) >= 0 or dict(new.poles).get("goes on", 0) < 0:
        return kept
    dated = ("d:", "mo:", "y:", "wd:", "t:")
    return [
        p
        for p in kept
        if not _WHEN_OR_WHY.search(p) and not any(v.startswith(dated) for v in analyze(p).values)
    ]


def role_filled(new: Analysis, old_phrases: list[str]) -> int | None:
    """Of a text that says someone of the entry can't do it and names another in the role
    ("dev cant do okafor anymore, got priya as second shooter instead" over "Okafor wedding …,
    second shooter Dev, £350 for the day"), the index of the phrase that named them: a detail
    of the entry, not what it is about. The "not" is that person's; the rest still holds."""
    if new.polarity != 1 or not new.words - analyze(" ".join(old_phrases)).words - new.polar:
        return None
    for i, phrase in enumerate(old_phrases[1:], 1):
        part = analyze(phrase)
        if part.names and part.words - part.names and part.words <= new.words and not part.values:
            return i
    return None
