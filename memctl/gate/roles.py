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
_ROLE = re.compile(
    r"\b(?:my|our|the\s+kids'?|the\s+family(?:'s)?)\s+(?:new\s+|current\s+|regular\s+)?"
    r"(plumber|electrician|dentist|doctor|gp|vet|landlord|landlady|manager|boss|accountant|"
    r"lawyer|solicitor|cleaner|babysitter|nanny|childminder|tutor|coach|trainer|mechanic|"
    r"hairdresser|barber|therapist|physio|physiotherapist|gardener|builder|optician|"
    r"pharmacist|midwife|piano\s+teacher|teacher|agent|broker|contact|point\s+of\s+contact)s?\b"
)
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
