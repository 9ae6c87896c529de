"""What a question asks for, and whether a text holds that kind of thing.

A question's form says what kind of thing answers it: "who" a person (a name, or how to reach
one), "where" a place (or a link, an email address), "when" a day, a date or a time, "how much" an
amount; "what's the number / link / email / ID …" names the kind itself. A memory that answers
holds a thing of that kind ("The electrician is Tom Briggs" for "who handles wiring?"); one that
only shares the topic need not ("I always book aisle seats" for "why do airlines overbook?").

The form also says whose things a question is about. "Why do airlines …", "what's the
difference between …", "how do I fix a dripping tap?": a general question any assistant
answers, about kinds of things, not the user's own ("my", "our", "we", a name, "I" outside a
how-to); and a turn that asks nothing at all ("standup ran long again today") asks no memory.

English only, as the question words are; read by memctl.search.recall beside meaning."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from typing import NamedTuple

from .holds import EMAIL_ADDRESS as _EMAIL
from .holds import without_numbers

NAME, PLACE, TIME, AMOUNT, NUMBER, EMAIL, LINK = (
    "name",
    "place",
    "time",
    "amount",
    "number",
    "email",
    "link",
)


class Asked(NamedTuple):
    kinds: frozenset[str]  # what an answer holds, any of them ("who": a name, a number…)
    general: bool  # a question about kinds of things, nothing of the user's
    by_form: bool  # asks what a kind of thing is ("the difference between …"), names or not
    asks: bool  # a question or a request at all (not a remark: "the VPN is slow again")
    names: frozenset[str]  # the words it writes as names ("Marco", "Leo's" as "Leo")
    particular: bool  # about something of the user's: "my", "we", "the sitter"


# --- what a question asks for -------------------------------------------------------------------
_CLAUSE = r"(?:^|[.!?;:,]\s*|(?<![\w-])(?:and|or|but|so)\s+)"  # where a question word opens one
_OWN = r"(?:the|my|our|your|his|her|their|what|which|whose|[\w-]+(?:'s|’s|s'))\s+(?:[\w-]+\s+){0,2}"
# The question word or the phrase that names the kind of thing asked for, and what answers it:
# a question word where a clause opens ("who is it for?", not "a coworker who's leaving"); a
# way to reach someone said as what I or you do ("who do I ring?"); a kind named as a thing
# asked for ("what's the code", "Sanne's number", not "we ship code").
_ASKED: tuple[tuple[str, frozenset[str]], ...] = (
    (rf"{_CLAUSE}who(?:m|se|'s|’s)?", frozenset({NAME, NUMBER, EMAIL})),
    (rf"{_CLAUSE}where(?:'s|’s)?", frozenset({PLACE, LINK, EMAIL})),
    (
        rf"{_CLAUSE}(?:when(?:'s|’s)?|what\s+(?:time|day|date|year)s?|which\s+(?:day|evening|"
        r"night|morning|afternoon|week|weekend|month|date|year|time)s?|by\s+what\s+date|"
        r"how\s+(?:often|late|early|soon)|until\s+when)|(?:the|a|my|our)\s+deadline",
        frozenset({TIME}),
    ),
    (
        rf"{_CLAUSE}(?:how\s+(?:much|many|long|far|big|old|tall|heavy)|what\s+(?:size|amount|"
        r"percentage))|(?:does|do|did|will|would)\s+(?:[\w-]+\s+){1,3}(?:cost|charge)"
        r"|(?:the|my|our)\s+(?:price|cost|rate|fee|budget|limit)",
        frozenset({AMOUNT}),
    ),
    (
        rf"{_OWN}(?:phone|mobile|cell|landline|telephone|number|id|code"
        r"|reference|ref|membership|account)"
        r"|(?:i|we|you|to)\s+(?:call|ring|phone|text|dial)",
        frozenset({NUMBER}),
    ),
    (
        rf"{_OWN}(?:e-?mail|address)|(?:i|we|you|to)\s+(?:e-?mail|write\s+to)",
        frozenset({EMAIL, PLACE}),
    ),
    (
        rf"{_OWN}(?:link|url|website|site|portal|page|dashboard)|online",
        frozenset({LINK}),
    ),
    (r"contact\s+(?:details|info)|(?:the|a|my|our)\s+contact", frozenset({NUMBER, EMAIL, LINK})),
)
_ASKED_PATTERNS = tuple(
    (re.compile(rf"(?i)(?<![\w'’-])(?:{words})(?![\w-])"), kinds) for words, kinds in _ASKED
)
_REQUESTS = (  # a sentence opening as a request does
    r"give|send|show|tell|remind|find|list|share|drop|look|let|help|get|check|pull|explain"
    r"|summari[sz]e|convert|translate|suggest|recommend|draft|write|proofread|describe|compare"
    r"|name|any"
)
_OPENS_A_QUESTION = re.compile(
    rf"(?i){_CLAUSE}(?:who|whom|whose|what|when|where|which|why|how|can|could|would|will|"
    rf"should|shall|is|are|am|was|were|do|does|did|have|has|may|might|{_REQUESTS})(?![\w-])"
)
_YES_OR_NO = re.compile(  # a question asking whether, of no kind of thing
    r"(?i)\W*(?:can|could|would|will|should|shall|is|are|am|was|were|do|does|did|have|has|may"
    r"|might)(?![\w-])"
)
# "I", "we" and their contractions, either apostrophe
_I_WE = r"i|i['’](?:m|ve|d|ll)|we|we['’](?:re|ve)"
# A remark opens with who or what it is about ("I'm off", "the VPN is slow again", "Anna loved
# it"), after any word that only opens a turn ("ok, the VPN is slow", "thanks, that's all"); a
# request opens with what to do, in any verb ("book a table", "ok, email Brian the notes")
_OPENER = re.compile(
    r"(?:\W*(?i:ok(?:ay)?|so|well|just|yeah|yep|yes|no|nope|hmm+|oh|ah|wow|nice|cool|great|"
    r"thanks|thank\s+you|lol|haha|right|alright|hey|hi|hello|please)(?![\w'’-]))*\W*"
)
_SUBJECT = re.compile(
    rf"(?i:{_I_WE}|my|our|it|it['’]s|its|this|that|these|those|there|the|he|she|they|"
    r"he['’]s|she['’]s|they['’]re|his|her|their|today|yesterday|tonight)(?![\w'’-])"
)
_FIRST_WORD = re.compile(r"[A-Z][^\W\d_]+")


def _says(text: str) -> bool:
    """The text opens as a remark does: with who or what it is about, a name among them ("Anna
    loved it"; "Book a table" opens with a word, not a name), or says nothing past its opener."""
    opened = _OPENER.match(text)
    rest = text[opened.end() :] if opened else text
    if not rest or _SUBJECT.match(rest):
        return True
    from ..words import fold, is_word

    first = _FIRST_WORD.match(rest)
    return first is not None and not is_word(fold(first[0]))


_REQUEST = re.compile(rf"(?i)^\W*(?:please\s+)?(?:{_REQUESTS}|can\s+you|could\s+you)(?![\w-])")
# --- whose things it is about ---------------------------------------------------------------------
_FIRST_PERSON = re.compile(rf"(?i)(?<![\w'’-])(?:{_I_WE}|us|our|ours|my|mine|me)(?![\w-])")
# "give me", "can you": the user asking the assistant, not the user's things
_ASKED_OF_THE_ASSISTANT = re.compile(
    rf"(?i)(?<![\w'’-])(?:(?:{_REQUESTS})\s+me|can\s+you|could\s+you|for\s+me)(?![\w-])"
)
# A how-to: "how do I fix a tap?", "how can I …", "is it safe to …": the "I" is anyone's
_HOW_TO = re.compile(
    r"(?i)(?<![\w-])(?:how\s+(?:do|can|should|would|could)\s+(?:i|you|one)|how\s+to"
    r"|is\s+it\s+(?:\w+\s+)?(?:safe|ok|okay|bad|good|possible|normal|true|worth)\s+(?:to|for))"
    r"(?![\w-])"
)
# Forms that ask what a kind of thing is: what tells two apart, which is best, what a word
# means, how a thing works; whatever names they write ("Kotlin and Swift"), no one's memory
_KIND_FORM = re.compile(
    r"(?i)(?<![\w-])(?:difference\s+between|(?:the|a)\s+(?:best|worst|top)"
    r"|what\s+(?:does|do)\s+(?:[\w'’-]+\s+){1,4}mean|what\s+(?:is|are)\s+an?\s"
    r"|how\s+does\s+(?:[\w'’-]+\s+){1,4}work)(?![\w-])"
)
# Forms that ask for reasons or advice: general unless they name someone a memory names ("why
# do airlines overbook?", but "why does Noor dislike the city?", "a good gift for Sam?")
_ADVICE_FORM = re.compile(
    r"(?i)(?<![\w-])(?:why\s+(?:do|does|is|are|can|can't|don't|doesn't|would|should|did)"
    r"|(?:a|an|some|any)\s+(?:good|great)|ideas|tips|recommend|suggest|explain)(?![\w-])"
)
_INDEFINITE = re.compile(r"(?i)(?<![\w'’-])(?:a|an)\s")
_GENERIC_YOU = re.compile(r"(?i)(?<![\w'’-])(?:you|your)(?![\w-])")
# Something the prompt speaks of as known: "the sitter", not "the best" or "the UK", nor what
# is known by what follows it ("the capital of …", "the difference between …")
_THE = re.compile(r"(?<![\w-])[Tt]he\s+(?!(?:best|worst|most|least|top|same|other)\b|[A-Z])")
_PHRASE_ENDS = re.compile(
    r"[^\w\s'’-]|(?<![\w-])(?:of|between|in|on|at|for|to|from|with|by|about|and|or|is|are|was"
    r"|were|do|does|did|can|will|should|that|who|which|when|where)(?![\w-])"
)


def _definite(text: str) -> bool:
    for m in _THE.finditer(text):
        end = _PHRASE_ENDS.search(text, m.end())
        if not end or end[0].lower() not in ("of", "between"):
            return True
    return False


def asked(prompt: str, *, english: bool = True) -> Asked:
    """What the prompt asks for, whether it is a general question, and whether it asks at all.
    `english`: its words are English ones (memctl.search.asks.judges); else only a question
    opening in English is read, and another prompt reads as asking for nothing in particular."""
    text = prompt[:2000]
    if not english and not _OPENS_A_QUESTION.search(text):
        return Asked(frozenset(), False, False, True, frozenset(), False)
    kinds = frozenset(k for pattern, ks in _ASKED_PATTERNS if pattern.search(text) for k in ks)
    asks = "?" in text or bool(_OPENS_A_QUESTION.search(text)) or not _says(text)
    # the user's own words: not a how-to's anyone ("how do I …") nor asking ("give me")
    plain = _ASKED_OF_THE_ASSISTANT.sub(" ", _HOW_TO.sub(" ", text))
    mine = bool(_FIRST_PERSON.search(plain))
    particular = mine or _definite(text)
    by_form = not mine and bool(_KIND_FORM.search(text))
    advice = not mine and bool(_ADVICE_FORM.search(text))
    general = by_form or advice or not particular and _general(text, plain, kinds)
    return Asked(kinds, general, by_form, asks, frozenset(_names(text)), particular)


def _general(text: str, plain: str, kinds: frozenset[str]) -> bool:
    """Of a prompt with no first person (`plain`: outside a how-to and "give me") and nothing
    spoken of as known ("the sitter"): a how-to, a request, a "you" that is anyone's, a question
    whether that asks for no kind of thing ("can rabbits and guinea pigs live together?"), or
    one asking how much or when of a kind of thing ("how often should a piano be tuned?"). A
    name is no sign either way: a public one is as often written ("Python", "Tokyo"); recall
    reads whether a memory holds it."""
    return bool(
        _HOW_TO.search(text)
        or _REQUEST.search(text)
        or _GENERIC_YOU.search(plain)
        or (not kinds and _YES_OR_NO.match(text))
        or (kinds & {AMOUNT, TIME} and _INDEFINITE.search(text))
    )


# --- what a text holds ----------------------------------------------------------------------------
_URL = re.compile(
    r"https?://\S+|www\.\S+|(?<![\w.@/-])(?:[a-z0-9][a-z0-9-]{0,62}\.){1,4}"
    r"(?:com|org|net|io|dev|app|uk|de|fr|nl|eu|example|internal|local)(?![\w-]|\.[a-z0-9])",
    re.I,
)
_CODE = re.compile(  # capitals and digits together ("PO-77120", "E10582"), or a long number
    r"(?<![\w-])(?=[\w-]*\d)(?=[\w-]*[A-Z])[A-Z0-9][A-Za-z0-9-]{3,}|\b\d{5,}\b"
)
_CLOCK = re.compile(r"(?i)\b\d{1,2}(?::\d{2}|\s?[ap]\.?m\b\.?)|\b(?:noon|midnight|midday)\b")
_DATE = re.compile(r"\b\d{4}-\d{1,2}-\d{1,2}\b|\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b")
_DAY_OF_MONTH = re.compile(r"(?i)\b\d{1,2}(?:st|nd|rd|th)\b|\b(?:19|20)\d{2}\b")
_CALENDAR = re.compile(
    r"(?<![\w-])(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days?\b"
    r"|(?<![\w-])(?:January|February|March|April|May|June|July|August|September|October|"
    r"November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\b(?!\w)"
)
_WHEN_WORDS = re.compile(
    r"(?i)(?<![\w-])(?:every|each|daily|weekly|monthly|yearly|annually|quarterly|fortnightly|"
    r"nightly|weekends?|weekdays?|tonight|tomorrow|today|morning|mornings|afternoons?|"
    r"evenings?|nights?|spring|summer|autumn|fall|winter|(?:next|last|this)\s+(?:week|month|"
    r"year|quarter)|within\s+\w+\s+(?:days?|weeks?|months?|hours?)|(?:days?|weeks?|months?)\s+"
    r"(?:before|after|ahead)|by\s+(?:mid|end|early|late)[\w-]*|first\s+thing)(?![\w-])"
)
_MONEY = re.compile(
    r"[£$€¥]\s?\d|\d\s?(?:%|k\b|m\b|eur\b|usd\b|gbp\b|dollars?\b|pounds?\b|euros?\b|quid\b)",
    re.I,
)
_DIGITS = re.compile(r"(?<![\w.])\d+(?:[.,]\d+)*(?![\w.]*\d)")
_COUNT_WORDS = re.compile(
    r"(?i)(?<![\w-])(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|"
    r"twenty|thirty|forty|fifty|hundred|thousand|half|twice|double|dozen|single)(?![\w-])"
)
_PLACE = re.compile(  # "under the sink", "in Leeds", "12 Harbour Road", "room 214"
    r"(?<![\w-])(?i:(?:in|at|under|behind|inside|beside|near|by|on\s+top\s+of|next\s+to)\s+"
    r"(?:the|a|an|our|my|his|her|their)\s+(?!(?:morning|afternoon|evening|night|week|weekend|"
    r"month|year|day|fall|spring|summer|autumn|winter|end|start|first|last|same)\b)[\w-]+)"
    r"|(?<![\w-])(?i:in|at|near|to)\s+[A-Z][^\W\d_]+"  # "in Puglia", "at Maple Grove"
    r"|\b\d+\s+[A-Z]\w+\s+(?:Road|Street|Lane|Avenue|Way|Close|Drive|Place|Square)\b"
    r"|(?i:\broom\s+\w*\d)"
)
_TITLE_NAME = re.compile(r"\b(?:Dr|Mr|Mrs|Ms|Prof|Coach|Aunt|Uncle|Grandma|Grandpa)\.?\s+[A-Z]")
_WORD = re.compile(r"[\w-]+")
_CAPITAL = re.compile(r"(?<![\w'’-])[A-Z][^\W\d_]{1,}(?:['’]s)?")


def holds(text: str, wanted: frozenset[str]) -> bool:
    """Does the text hold a thing of one of the wanted kinds: a name, a place, a time, an
    amount, a number to dial or quote, an email address, a link? A number is read as one kind
    only: the digits of a date, a time or a phone number are no amount."""
    return _holds(text[:1000], wanted)


@functools.lru_cache(maxsize=4096)  # a warm server reads the same memories turn after turn
def _holds(text: str, wanted: frozenset[str]) -> bool:
    if NAME in wanted and (_TITLE_NAME.search(text) or next(_names(text), None)):
        return True
    if PLACE in wanted and _PLACE.search(text):
        return True
    if EMAIL in wanted and _EMAIL.search(text):
        return True
    rest = _EMAIL.sub(" ", text)
    if LINK in wanted and _URL.search(rest):
        return True
    if not wanted & {TIME, NUMBER, AMOUNT}:
        return False
    rest = _URL.sub(" ", rest)
    for pattern in (_DATE, _CLOCK):
        if pattern.search(rest):
            if TIME in wanted:
                return True
            rest = pattern.sub(" ", rest)
    rest, dialled = without_numbers(rest)  # a phone or reference number, as search reads one
    if dialled or _CODE.search(rest):
        if NUMBER in wanted:
            return True
        rest = _CODE.sub(" ", rest)
    if _DAY_OF_MONTH.search(rest) or _CALENDAR.search(rest) or _WHEN_WORDS.search(rest):
        if TIME in wanted:
            return True
        rest = _DAY_OF_MONTH.sub(" ", rest)
    return AMOUNT in wanted and bool(
        _MONEY.search(rest) or _DIGITS.search(rest) or _COUNT_WORDS.search(rest)
    )


def _names(text: str) -> Iterator[str]:
    """The words written as names: capitalised inside a sentence, or anywhere when no everyday
    word (a weekday, a month or a language is no one's name; nor is an acronym)."""
    from ..lexicon import LANGUAGE_WORDS
    from ..words import SENTENCE_OPENS, fold, is_word

    if "@" in text or "." in text:
        text = _URL.sub(" ", _EMAIL.sub(" ", text))
    for m in _CAPITAL.finditer(text):
        word = m[0][:-2] if m[0][-2:] in ("'s", "’s") else m[0]
        if word.isupper() or _CALENDAR.fullmatch(word):
            continue
        folded = fold(word)
        inside = text[: m.start()].rstrip()[-1:] not in SENTENCE_OPENS
        if folded not in LANGUAGE_WORDS and (inside or not is_word(folded)):
            yield word


def speaks_of(names: frozenset[str], text: str) -> bool:
    """Does the text write one of the names, as a name?"""
    return bool(names) and bool(names & set(_WORD.findall(text[:4000])))
