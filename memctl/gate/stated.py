"""What a user's text states, as a line and as a kind: the words of the line without those it
opens with that say nothing of it ("Oh and by the way,", "FYI:"), and whether it states a rule.

A user who says "ok new rule: don't book me anything on wednesday evenings" or "from now on
never reply to the landlord before I've seen the draft" is giving a rule, whether or not the
caller said `--kind RULE`: the gate writes it as a RULE, in rules/, where rules are in force
(memctl/gate/remember.py asks `states_a_rule` of a trusted text written as new). A norm said of
someone else ("from now on Sam never eats meat", "going forward we always meet on Zoom") or a
permission ("from now on you can call me on my new number") is no rule the user gives the agent.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..language.cues import FIRM, HEDGED, IMPERATIVE
from ..language.framing import split_framing, without_slip
from .reading import analyze

if TYPE_CHECKING:
    from .labeler import Label

# The words that say a rule follows: "new rule:", "rule change:", "house rule:"
_ANNOUNCED = re.compile(r"(?<!\w)(?:rules?|rule\s+change|change\s+of\s+rules?)\W*$")
# …and those that make a norm last: "from now on", "going forward", "in future"
_FROM_NOW = (
    r"(?:from\s+now\s+on|going\s+forward|from\s+today|henceforth|in\s+(?:the\s+)?future|"
    r"from\s+here\s+on)"
)
_LASTING = re.compile(rf"(?<!\w)(?:{_FROM_NOW}|for\s+good)(?!\w)")
# A norm the agent is told, where a clause opens: "(please) (you) always/never/don't …"
_TOLD = re.compile(
    rf"(?:^|[,;:.!]\s*|{_FROM_NOW}\s*,?\s*)(?:please\s+)?(?:you\s+)?(?:always|never|don'?t|"
    r"do\s+not|make\s+sure\s+(?:you\s+)?|must|should|only)\s+\w"
)
_IMPERATIVE = re.compile(IMPERATIVE)
_OPENING = re.compile(rf"^\s*{_FROM_NOW}\s*,?\s*")


def stated(text: str, label: Label) -> str:
    """The line's text without the words it opens with that say nothing of it ("Oh and by
    the way,", "FYI:"); those that say it changes or corrects something ("Actually,", "Sorry,
    I misspoke:") only when the label says so in their place."""
    lead, said = split_framing(text)
    changes = label in ("update", "correction")
    if changes:  # "…, i misremembered": the slip is the correction's, not the memory's
        said = without_slip(said)
    if not lead:
        return said  # at most "…, just so you know" left off its end
    cue = analyze(lead)
    keeps = (cue.correction or cue.update) and not changes
    return text if keeps else said


def announced(text: str) -> bool:
    """Does the text open by saying a rule follows ("ok new rule:", "Rule change —")?"""
    lead, _ = split_framing(text)
    return bool(lead) and _ANNOUNCED.search(lead.casefold()) is not None


def states_a_rule(text: str) -> bool:
    """Does the user give the agent a rule: announced as one ("new rule: …"), or a norm the
    agent is told ("always", "never", "don't", an order) said to last ("from now on")?"""
    if announced(text):
        return True
    folded = analyze(text).folded
    if "?" in text or HEDGED.search(folded):
        return False
    if not (FIRM.search(folded) or _LASTING.search(folded)):
        return False
    if _TOLD.search(folded):
        return True
    rest = _OPENING.sub("", folded, count=1)  # "from now on reply in Welsh": an order
    return _IMPERATIVE.match(rest) is not None
