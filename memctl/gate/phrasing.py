"""An entry's text cut into phrases, the details an update carries or leaves
(memctl/gate/carry.py): at commas and before prepositions ("with the landlord", "on Friday",
"at 17:00"), and a phrase that names someone and then says what they do, or what it is, as two
("at Sweetpea Florist", "pays invoices net 30")."""

from __future__ import annotations

import re

from ..words import tokens

AS_BEFORE = " (as before: "
_PREPOSITIONS = (
    "with at on in into for from by before after until till via near during every each except "
    "con en para mit am um im bei avec pour chez com em per"
).split()
_CUT = re.compile(  # spaces only from the start of their run (graph.text._SEP says why)
    r"(?:(?<!\s)\s+)?[;()]\s*|,\s+|(?<!\s)\s+(?=(?:" + "|".join(_PREPOSITIONS) + r")\s)"
    # "… on 9 April and take the train to Kyoto": a clause of its own ("Mum and Dad" is not)
    r"|(?<!\s)\s+(?=and\s+(?-i:[a-z])[\w'-]*\s+[\w'-]+\s+[\w'-]+)",
    re.IGNORECASE,
)


def phrases(text: str) -> list[str]:
    """The old text cut at commas and before prepositions; a one-word piece joins the next,
    but for the first ("Interview" stays apart from "with Dana": what follows an entry's first
    word is a detail of its own, to carry or not)."""
    text = text.replace(AS_BEFORE, ", ")  # what an earlier update carried: phrases as any
    pieces = [p.strip() for p in _CUT.split(text) if p and p.strip(" ,;()")]
    pieces = [cut for piece in pieces for cut in _at_whom(piece)]
    out: list[str] = []
    for piece in pieces:
        if len(out) > 1 and len(out[-1].split()) < 2 and not _CONTACT.fullmatch(out[-1]):
            out[-1] = f"{out[-1]} {piece}"
        else:
            out.append(piece)
    return out


# an email address or a link: a detail of its own, however short ("r.hollis@…, rent £1,450")
_CONTACT = re.compile(r"\S+@\S+\.\w+|(?:https?://|www\.)\S+")

# "at Sweetpea Florist pays invoices net 30": who is named, then what they do
_DOES = re.compile(
    r"(?<=[a-z])\s+(?=(?:pays|charges|costs|runs|has|lives|works|does|takes|comes|goes|needs|"
    r"wants|likes|sends|gets|opens|closes|starts|ends|uses|keeps|handles|covers|delivers|sells|"
    r"makes|teaches|sees|treats|manages|owns|hosts|bills)\s)"
)


_IS = re.compile(r"(?<!\s)\s+(?=(?:is|are)\s)")


def _at_whom(piece: str) -> list[str]:
    """A phrase that names someone after its preposition and then says what they do, as two."""
    if not lead(piece):
        return [piece]
    if m := _IS.search(piece):  # "for the Elm Street flat is £20 a visit": where, then what
        return [piece[: m.start()], piece[m.end() :]]
    m = _DOES.search(piece)
    if m is None or not piece[: m.start()].split()[-1][:1].isupper():
        return [piece]
    return [piece[: m.start()], piece[m.end() :]]


def lead(phrase: str) -> str:
    """The preposition a phrase opens with ("at" of "at the flat"), or ""."""
    first = tokens(phrase)[:1]
    return first[0] if first and first[0] in _PREPOSITIONS else ""


# Where a text's clauses part: a comma, a semicolon or a dash, and words that give a reason
# (an "as" that is not "as well")
CLAUSE = re.compile(
    r"[,;:]\s+|(?<!\s)\s+(?:[-–—]|because|since|as(?!\s+well\b)|cause|cos|coz)\s+",
    re.IGNORECASE,
)


# The verb a phrase is left ending in once what followed it goes ("Plumber is", of "Plumber is
# Jim Hardy" without the name)
TRAILING_VERB = re.compile(r"(?<!\s)\s+(?:is|are|was|were|will be|has been)$", re.IGNORECASE)
