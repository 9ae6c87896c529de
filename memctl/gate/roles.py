"""Someone a person has for a service or a role ("our plumber", "my manager"): a text that says
someone else holds it now ("our new plumber is Joe Rossi" for "Our plumber is Jim Hardy") gives
one name for another of the same thing, not a second thing of its own."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..lexicon import SAME
from ..words import stem

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
# is Foxtons", "My GP is Dr Lee"
_HOLDER = re.compile(
    r"^(?:the|my|our|his|her|their)\s+(?:[\w'-]+\s+){0,2}?"
    rf"({ROLES})s?\s+(?:is|are|was)\s+"
)


def other_holders(a: Analysis, b: Analysis) -> bool:
    """Do both texts open by saying who holds a role, and name other roles ("the letting agent is
    Foxtons …, not the landlord" for "The landlord is Mr Okoro")?"""
    ma, mb = _HOLDER.match(a.folded), _HOLDER.match(b.folded)
    return ma is not None and mb is not None and _role(ma[1]) != _role(mb[1])


_NEW_ONE = re.compile(r"\b(?:new|now|these\s+days|from\s+now\s+on|switched|changed)\b")


def _role(word: str) -> str:
    return SAME.get(stem(word), stem(word))


def new_holder(a: Analysis, b: Analysis) -> bool:
    """Does a say that someone else holds a role b gives a person ("our new plumber is Joe",
    "Tom Baker is my manager now" for "My manager is Priya Shah")?"""
    mine = {_role(m[1]) for m in _ROLE.finditer(a.folded)}
    return (
        bool(mine)
        and bool(_NEW_ONE.search(a.folded))
        and any(_role(m[1]) in mine for m in _ROLE.finditer(b.folded))
    )
