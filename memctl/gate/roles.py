"""Someone a person has for a service or a role ("our plumber", "my manager"): a text that says
someone else holds it now ("our new plumber is Joe Rossi" for "Our plumber is Jim Hardy") gives
one name for another of the same thing, not a second thing of its own."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..language import cues
from ..lexicon import SAME
from ..words import fold, stem
from .phrasing import TRAILING_VERB

if TYPE_CHECKING:
    from .reading import Analysis

# Someone a person has for a service or a role: "our plumber", "my manager", "the kids' dentist"
ROLES = (
    "plumber|electrician|dentist|doctor|gp|vet|landlord|landlady|manager|boss|accountant|"
    "lawyer|solicitor|cleaner|babysitter|nanny|childminder|tutor|coach|trainer|mechanic|"
    "hairdresser|barber|therapist|physio|physiotherapist|gardener|builder|optician|"
    "pharmacist|midwife|piano\\s+teacher|teacher|agent|broker|contact|point\\s+of\\s+contact"
)
_ROLE = re.compile(
    r"\b(?:my|our|the\s+kids'?|the\s+family(?:'s)?)\s+(?:new\s+|current\s+|regular\s+)?"
    rf"({ROLES})s?\b"
)
# A text that opens by saying who holds a role: "The landlord is Mr Okoro", "our letting agent
# is Foxtons", "My GP is Dr Lee", "Landlord is Mrs Reid", "Plumber: Jim Hardy"
_HOLDER = re.compile(
    r"^(?:(?:the|my|our|his|her|their)\s+(?:[\w'-]+\s+){0,2}?)?"
    rf"({ROLES})s?(?:\s+(?:is|are|was)|\s*[:\u2013-])\s+"
)


def other_holders(a: Analysis, b: Analysis) -> bool:
    """Do both texts open by saying who holds a role, and name other roles ("the letting agent is
    Foxtons …, not the landlord" for "The landlord is Mr Okoro")?"""
    ma, mb = _HOLDER.match(a.folded), _HOLDER.match(b.folded)
    return ma is not None and mb is not None and _role(ma[1]) != _role(mb[1])


_NEW_ONE = re.compile(r"\b(?:new|now|these\s+days|from\s+now\s+on|switched|changed)\b")
# A role named as a new one without a possessive: "the flat's been sold, the new landlord is …",
# "we've got a new dentist"
_A_NEW_ROLE = re.compile(rf"(?:^|\b(?:the|a)\s+)new\s+({ROLES})s?\b")


def _role(word: str) -> str:
    return SAME.get(stem(word), stem(word))


# Someone an entry names who leaves ("priya's left harwood", "Omar has moved on from Fenwick",
# "Keller retired"), and another in their place ("her replacement is …", "we deal with Mr
# Yilmaz now", "Jess took over", "i'm seeing dr patel now", "our contact there is …")
_LEAVES = re.compile(
    r"\b([\w-]+)(?:'s|\s+has|\s+had|\s+is|\s+just)?\s+(?:(left|leaving|gone)|quit|retired|"
    r"retiring|moved\s+on|stepped\s+down)(?:\s+(?:from\s+)?(?:the\s+)?([\w-]+))?"
)
_THE_PLACE = frozenset("company firm business agency practice team job account".split())
_SUCCEEDS = re.compile(
    r"\b(?:replacement|successor|replaced\s+by|took\s+over|tak(?:es|ing)\s+over|"
    r"deal(?:ing)?\s+with|talk(?:ing)?\s+to|new\s+contact|instead|"
    # "i'm seeing dr patel now", "we're with mrs ali now" (not "seeing more of her family now")
    r"(?:seeing|see|with)\s+(?!(?:her|his|their|my|our|your|more|the|an?|it|them)\b)"
    r"(?:(?:mr|mrs|ms|dr)\.?\s+)?[\w-]+(?:\s+[\w-]+)?\s+now|"
    r"(?:our|my|the)\s+contact\s+(?:there\s+|now\s+)?is)\b"
)


def succeeded(a: Analysis, b: Analysis) -> bool:
    """Does a say that someone b names by name left, and that another is in their place
    ("priya's left harwood, her replacement is Tomasz Ruda" for "Main contact at Harwood
    Logistics is Priya Menon")? Not "Priya left early, Tom took over the call": she left a
    place, not the role."""
    return _who_left(a, b) is not None


# Someone named as the one another takes the place of: "Tomasz replaced Priya", "Jess took over
# from Omar", "Priya's been replaced by Tomasz" (not "stepping in for her": a cover, for a while)
_REPLACED = re.compile(
    r"\b(?:replac(?:ed|es|ing)|took\s+over\s+from|tak(?:es|ing)\s+over\s+from|"
    r"succeed(?:ed|s|ing))\s+(?:(?:mr|mrs|ms|dr)\.?\s+)?([\w-]+)|"
    r"\b([\w-]+)(?:'s|\s+has|\s+was|\s+got|\s+is)(?:\s+been|\s+being)?\s+replaced\b"
)


def _who_left(a: Analysis, b: Analysis) -> str | None:
    for m in _REPLACED.finditer(a.folded):
        if stem(m[1] or m[2]) in b.names:
            return stem(m[1] or m[2])
    if _SUCCEEDS.search(a.folded) is None:
        return None
    for m in _LEAVES.finditer(a.folded):
        place = m[3]  # left (a place: "left early" is no leaving of a role), or retired
        left_it = not m[2] or place is None or place in _THE_PLACE or stem(place) in b.names
        if stem(m[1]) in b.names and left_it:
            return stem(m[1])
    return None


_CAPITALISED = re.compile(r"[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*)*")
_IS_AT_START = re.compile(r"^\s*(?:is|are|was)\s+")


def role_held(a: Analysis, b: Analysis) -> str | None:
    """What b says of the role someone left (`succeeded`), without them: "Main contact at
    Harwood Logistics, ops director" of "Main contact at Harwood Logistics is Priya Menon, ops
    director"; None if no one b names left."""
    who = _who_left(a, b)
    for m in _CAPITALISED.finditer(b.text) if who else ():
        if who in {stem(fold(w.strip("."))) for w in m.group().split()}:
            before, after = TRAILING_VERB.sub("", b.text[: m.start()].rstrip()), b.text[m.end() :]
            if not before.strip():  # "Priya Menon is our main contact": our main contact
                after = _IS_AT_START.sub("", after)
            return (before + after).strip(" ,.;")
    return None


def new_holder(a: Analysis, b: Analysis) -> bool:
    """Does a say that someone else holds a role b gives a person ("our new plumber is Joe",
    "Tom Baker is my manager now" for "My manager is Priya Shah", "the new landlord is Mr
    Okafor" for "Landlord is Mrs Reid"), or that the one b names left for another
    (`succeeded`)?"""
    if succeeded(a, b):
        return True
    mine = {_role(m[1]) for m in [*_ROLE.finditer(a.folded), *_A_NEW_ROLE.finditer(a.folded)]}
    if not mine or not _NEW_ONE.search(a.folded):
        return False
    opens = _HOLDER.match(b.folded)
    theirs = [m[1] for m in _ROLE.finditer(b.folded)] + ([opens[1]] if opens else [])
    return any(_role(role) in mine for role in theirs)


_ONE_ROLE = rf"(?P<role>(?:[\w'-]+\s+){{0,2}}?(?:{ROLES}))s?"
# "Our letting agent is Harris Lettings", "Harris Lettings are the letting agents for the flat":
# who holds a role, by name (up to four words, cut where a phrase of its own starts)
_NAMED_HOLDER = (
    re.compile(rf"^(?:the|my|our)\s+{_ONE_ROLE}\s+(?:is|are)\s+(?:now\s+)?(?P<name>[^,.;()]+)"),
    re.compile(rf"^(?P<name>[^,.;()]+?)\s+(?:is|are)\s+(?:now\s+)?(?:my|our|the)\s+{_ONE_ROLE}\b"),
)
# (from the first space of a run: a search would try each space of a pasted run to its end)
_NAME_ENDS = re.compile(
    r"(?<!\s)\s+(?:in|at|for|from|since|on|who|which|that|and|but|with|now)\b.*$"
)
_NOT_A_NAME = frozenset("it he she they this that who there here someone everyone".split())


def holders(texts: list[str]) -> dict[str, str]:
    """The names the texts say hold a role, folded: name → the role ("harris lettings" →
    "letting agent")."""
    out: dict[str, str] = {}
    for text in texts:
        folded = fold(text).strip()
        for pattern in _NAMED_HOLDER:
            m = pattern.match(folded)
            if m is None:
                continue
            name = _NAME_ENDS.sub("", m["name"]).strip()
            if 3 <= len(name) and len(name.split()) <= 4 and name not in _NOT_A_NAME:
                out[name] = m["role"]
            break
    return out


# A role a rule names with the trade before it: "the letting agent", "the cleaning contact"
_TRADE_ROLE = re.compile(rf"\b([a-z]{{3,}})\s+({ROLES})s?\b")


def by_trade(texts: list[str], rules: list[str]) -> dict[str, str]:
    """The businesses the texts name by their trade, where a rule names the role with that
    trade before it, folded: "harris lettings" → "letting agent" where a rule says "never reply
    to the letting agent …" and an entry "… paid via Harris Lettings"."""
    trades = {stem(m[1]): f"{m[1]} {m[2]}" for r in rules for m in _TRADE_ROLE.finditer(fold(r))}
    out: dict[str, str] = {}
    for text in texts if trades else ():
        for name in _businesses(text):
            while len(name) > 2 and fold(name[-1]) in _LEGAL:
                name = name[:-1]  # "Kowalski Heating Ltd": the trade before the company's form
            role = trades.get(stem(fold(name[-1])))
            if role:
                out[fold(" ".join(name))] = role
    return out


def _businesses(text: str) -> list[list[str]]:
    """The names of two words or more in capitals a text writes ("Harris Lettings"), each as
    its words; a comma or a full stop ends one."""
    names: list[list[str]] = []
    run: list[str] = []
    for token in [*text.split(), "."]:
        word = token.strip("\"'()[]" + _STOPS)
        if word[:1].isalpha() and word[:1].isupper():
            run.append(word)
            if not token.rstrip("\"')]").endswith(tuple(_STOPS)):
                continue
        if len(run) >= 2:
            names.append(run)
        run = []
    return names


_STOPS = ",.;:!?"
_LEGAL = frozenset("ltd limited inc llc llp plc gmbh co corp bv sa sarl".split())


# Acts a person does as the one in charge of a thing: "Tom runs the hiring panel", "Mia chairs
# the Monday meeting". Said of someone else with a word of change, another holds the role now.
_IN_CHARGE = frozenset(
    stem(w)
    for w in (
        "run runs running ran lead leads leading led chair chairs chairing host hosts hosting "
        "manage manages managing managed own owns owning handle handles handling handled "
        "organise organises organising organize organizes organizing coordinate coordinates "
        "coordinating oversee oversees overseeing"
    ).split()
)
TAKEN_MISSING = 1  # words of the entry's act a text may leave out and still say it again


def takes_over(a: Analysis, b: Analysis, only_a: set[str], only_b: set[str]) -> bool:
    """Does a say in words that someone else now does what b's one person does in charge of a
    thing ("Going forward Aisha will run the panel for backend hires" for "Tom runs the hiring
    panel for backend roles")? Each names one person of its own, both say an act of being in
    charge (one or another: "runs", "leads"), and a says again all of b's other words but
    TAKEN_MISSING, one at least. Not "Aisha also runs it": one more holder."""
    if not (a.update and len(only_a) == 1 and len(only_b) == 1) or a.names & b.names:
        return False
    if cues.ALSO.search(a.folded) or not (a.words & _IN_CHARGE and b.words & _IN_CHARGE):
        return False
    rest = b.words - b.names - _IN_CHARGE
    return len(rest - a.words) <= TAKEN_MISSING and bool(rest & a.words)
