"""The words a person opens a sentence with that say nothing of what follows ("Oh and by the
way,", "FYI:", "Note to self:", "Sorry, I misspoke earlier:", "Scratch that,", "OK new rule:"),
and the statement after them.

The write gate reads a memory's cues in the whole text ("misspoke" says it corrects), but
compares and stores the statement: a stored line reads "The standup is at 9:45.", labelled a
correction, not "Sorry, I misspoke earlier: the standup is at 9:45.", and its closeness to
the entry it changes is not diluted by the chatter before it.
"""

from __future__ import annotations

import functools
import re

# Openers that may stand before the statement with no mark after them ("oh and the car…").
_BARE = (
    r"oh(?:\s+and)?|ah|and|also|anyways?|btw|fyi|psst|(?:oh\s+)?by\s+the\s+way"
    r"|(?:just\s+)?so\s+you\s+know|just\s+fyi|for\s+(?:future\s+)?reference|for\s+the\s+record"
    r"|(?:please\s+)?(?:remember|note|keep\s+in\s+mind|bear\s+in\s+mind|don'?t\s+forget)\s+that"
    r"|oh\s+wait|no\s+wait|actually|scratch\s+that|on\s+second\s+thoughts?|ok(?:ay)?\s+so"
    r"|(?:sorry\s*,?\s*)?i\s+misspoke(?:\s+(?:earlier|before))?|übrigens|ach\s+(?:ja|und)"
    r"|(?:sorry\s*,?\s*)?i\s+(?:got\s+(?:that|it|this)\s+wrong|was\s+wrong|made\s+a\s+mistake)"
    r"|zur\s+info|au\s+fait|d'ailleurs|por\s+cierto|trouwens|overigens|tra\s+l'altro"
    # "reminder Luna can't have chicken", "remember Sam is vegan": a statement follows
    r"|(?:just\s+)?(?:a\s+)?(?:quick\s+|friendly\s+)?(?:reminder|remember)(?=\s+[\w-]+(?:'s)?\s+"
    r"(?:is|are|isn'?t|aren'?t|can|can'?t|cannot|has|hasn'?t|have|does|doesn'?t|don'?t|will|"
    r"won'?t|was|wasn'?t|should|needs?|must|hates|loves|likes)\b"
    # "remember dad's penicillin allergy": what someone has or is
    r"|\s+[\w-]+'s\s+[\w-]+)"
)
# Openers that need a mark after them ("Note: the code…", "So, …"; not "Note the code…",
# "So far…", "Update the router…", "Well water…").
_MARKED = (
    r"(?:a\s+)?(?:quick\s+|friendly\s+|small\s+)?(?:note|reminder|memo|update|correction)"
    r"|note\s+to\s+self|ps|p\.s\.?|n\.?b\.?|psa|hi|hey|hello|listen|look|um+|uh+|right"
    r"|so|ok(?:ay)?|well|wait|plus|sorry|my\s+bad|my\s+mistake|heads[\s-]+up|one\s+more\s+thing"
    r"|another\s+thing|good\s+to\s+know|also\s+worth\s+noting|change\s+of\s+plans?"
    r"|never\s+mind|remember|don'?t\s+forget|keep\s+in\s+mind|a\s+propósito|aliás"
    # "ok new rule,", "So, change of rules:": the rule itself is said after it
    r"|(?:(?:ok(?:ay)?|so|right|alright)\s+)?(?:a\s+)?(?:new|changed?|updated?)\s+rules?"
    r"|rule\s+change|change\s+of\s+rules?"
    # "sorry typo earlier,", "scrap that,", "ignore that:": the slip owned to before the fix
    r"|(?:sorry\s*,?\s*)?(?:(?:a|my)\s+)?typo(?:\s+(?:earlier|before|there|above))?"
    r"|(?:scrap|ignore|forget|disregard|strike)\s+(?:that|what\s+i\s+said)(?:\s+(?:earlier|before))?"
)
_MARK = r"\s*(?:[,:;!]|\.\.\.|…|(?<=\s)[-–—]|[-–—](?=\s))\s*"
_OPENER = re.compile(rf"(?:{_BARE})(?:{_MARK}|\s+)|(?:{_MARKED}){_MARK}", re.IGNORECASE)
# …and the same said after it ("…, just so you know.", "… btw").
_CLOSER = re.compile(
    r"(?<!\s)(?:\s*[,;:–—-]\s*|\s+)(?:just\s+)?(?:so\s+you\s+know|fyi|btw|by\s+the\s+way"
    r"|for\s+(?:future\s+)?reference|for\s+the\s+record|for\s+your\s+information"
    r"|as\s+a\s+reminder|just\s+saying|übrigens|au\s+fait|por\s+cierto"
    r"|(?<=[,;:–—-]\s)(?:remember|don'?t\s+forget))\s*([.!]*)\s*$",
    re.IGNORECASE,
)
# …and a correction's own slip said after it ("…, i misremembered", "…, my bad"): left off the
# line of an update or a correction, as "Sorry, I misspoke:" is before it
_SLIP_TAIL = re.compile(
    r"(?<!\s)\s*[,;–—-]\s*(?:sorry\s*,?\s*)?(?:(?:i|we)\s+(?:mis(?:remembered|read|heard|typed"
    r"|counted|spoke|spelt|spelled)|fat[\s-]?fingered|typo'?e?d|got\s+(?:it|that|this)\s+wrong"
    r"|had\s+(?:it|that|this)\s+wrong|was\s+wrong|made\s+a\s+mistake"
    r"|mixed\s+(?:it|them|those|these)\s+up)(?:\s+(?:it|that|this|earlier|before))?"
    r"|my\s+bad|my\s+mistake|(?:a\s+|my\s+)?typo|sorry)\s*[.!]*\s*$",
    re.IGNORECASE,
)
# …and what says at its end that the statement still holds ("…, nothing's changed there",
# "…, same as ever"): neither a word of change nor a negation of it
_STILL_SO = re.compile(
    r"(?<!\s)\s*(?:[,;:–—-]\s*|\s+)(?:(?:and|so)\s+)?(?:nothing(?:'s|\s+has|\s+is)?\s+(?:changed"
    r"|different)|no\s+changes?|(?:all\s+)?unchanged|(?:same|as)\s+(?:as\s+)?(?:before|ever|always"
    r"|usual)|still\s+the\s+same)(?:\s+(?:there|here|on\s+that))?\s*[.!]*\s*$",
    re.IGNORECASE,
)
_LEAST_WORDS = 3  # what is left must still be a statement
_LOOKED_AT = 200  # how far into a text (and back from its end) such words are looked for


@functools.lru_cache(maxsize=4096)  # the gate reads one text against every candidate
def split_framing(text: str) -> tuple[str, str]:
    """(the opening words that say nothing of what follows, the statement without them and
    without such words at its end), the statement's first letter in capitals when the text's
    was; ("", text) when no such words open or end it, or what is left would be under
    _LEAST_WORDS words."""
    at = 0
    while at < min(len(text), _LOOKED_AT):
        m = _OPENER.match(text, at)
        if m is None or m.end() == at:
            break
        at = m.end()
    rest = text[at:].lstrip(" ,:;-–—")
    tail = max(0, len(rest) - _LOOKED_AT)
    closer = _CLOSER.search(rest, tail)
    if closer is not None and not _titled(closer.group()):
        rest = rest[: closer.start()] + (closer[1] or "")
    if rest == text or len(rest.split()) < _LEAST_WORDS:
        return "", text
    if text[:1].isupper() and rest[:1].islower():
        rest = rest[0].upper() + rest[1:]
    return text[:at].rstrip(), rest


def still_so(text: str) -> str:
    """The text without the words at its end that say it still holds ("…, nothing's changed
    there"), unless under _LEAST_WORDS words would be left."""
    m = _STILL_SO.search(text, max(0, len(text) - _LOOKED_AT))
    if m is None or len(text[: m.start()].split()) < _LEAST_WORDS:
        return text
    return text[: m.start()]


def without_slip(text: str) -> str:
    """The text without the slip it owns to at its end ("…, i misremembered"), unless under
    _LEAST_WORDS words would be left."""
    m = _SLIP_TAIL.search(text, max(0, len(text) - _LOOKED_AT))
    if m is None or len(text[: m.start()].split()) < _LEAST_WORDS:
        return text
    return text[: m.start()]


def _titled(words: str) -> bool:
    """Words written as a title ("the band Just So You Know"): a name, not an aside."""
    said = re.findall(r"[^\W\d_]+", words)
    return len(said) > 1 and all(w[0].isupper() for w in said)


def statement(text: str) -> str:
    """The text without the words of framing it opens or ends with (split_framing)."""
    return split_framing(text)[1]


# Who brought the news, opening or ending a text: "the clinic rang, …", "Jo emailed me, …";
# "…, Jo from there emailed me"
_REPORTED = (
    r"(?:rang|called|phoned|e-?mailed|texted|messaged|wrote|replied|confirmed|said|says"
    r"|told\s+(?:me|us)|let\s+(?:me|us)\s+know)(?:\s+(?:me|us|back))?"
)
_WHO = r"(?:[\w'&.@-]+\s+){0,3}[\w'&.@-]+\s+"
REPORTER_HEAD = re.compile(rf"^\s*{_WHO}{_REPORTED}\s*[,:;]\s*", re.IGNORECASE)
REPORTER_TAIL = re.compile(rf"[,;]\s*{_WHO}{_REPORTED}\s*[.!]?\s*$", re.IGNORECASE)
# Why a change came about: "… cos the tester's off sick", "… because the Crown had no tables"
_REASON = re.compile(
    r"(?<!\w)(?:because|cos|coz|cuz|'cause|as|since)\s+(?=(?:the|a|an|my|our|his|her|their|it|"
    r"he|she|they|we|i|you|there)\b)[^.;!?]*",
    re.IGNORECASE,
)


def asides(text: str) -> str:
    """The words of a text that say who brought the news or why something changed, not what
    it says of the thing: "halfords rang,", "cos the tester's off sick"."""
    said = [m.group() for p in (REPORTER_HEAD, REPORTER_TAIL) for m in p.finditer(text)]
    said += [m.group() for m in _REASON.finditer(text)]
    return " ".join(said)


# The one who corrects says the slip was their own or the note's, not the person's: "I misread
# the docs", "correcting my earlier note", "the earlier note said the 5th"
OWN_SLIP = re.compile(
    r"\b(?:i|we)\s+(?:misread|misheard|mistyped|miscopied|misremembered|mixed\s+up|took|copied|"
    r"noted|wrote|had|put|got\s+(?:it|that|this)\s+wrong)\b"
    r"|\b(?:my|our|the)\s+(?:earlier|previous|last|old)\s+(?:note|entry|message|summary)\b",
    re.IGNORECASE,
)
