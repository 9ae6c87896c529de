"""A rule that asks to be asked first, and a report of its act done unasked.

"Always ask me before paying any supplier invoice", "don't book flights without checking with
me", "never sell shares without my OK", "get my approval before signing school forms", "send
quotes to clients only once I've approved them": each forbids one act (pay, book, sell, sign,
send) done to one thing (supplier invoices, flights, shares …) without the user's word. A text
that reports the act done to that thing ("Paid the Medisave invoice this morning", "I've booked
the Ryanair flights", "the school forms have been signed") breaks the rule, unless it says the
user was asked ("after you said yes", "you approved it"). The thing is judged as the gate judges
a rule's object, by the word that names it ("invoice" in "supplier invoice": the Medisave
invoice is one, the window cleaner is another thing). A plan or a question ("shall I pay it?"),
a negation ("haven't paid it yet"), the act done by someone else ("Dan paid it", "you paid it
yourself") is none. The labeler asks this of texts not from the user: a person may do what
they ask the agent to ask about.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ..lexicon import LANGUAGE_WORDS, PERSON_WORDS
from .reading import Analysis, content_word

_ME = r"(?:me|us)"
_WORD_OF = r"(?:ok|okay|approval|sign-?off|go-?ahead|permission|consent|say-?so|yes|blessing)"
# Asking the user: "ask me", "check with me", "run it by me", "get my OK"
_ASK = (
    rf"(?:ask(?:\s+{_ME})?|check\s+(?:in\s+)?with\s+{_ME}|run\s+it\s+(?:by|past)\s+{_ME}|"
    rf"clear\s+it\s+with\s+{_ME}|confirm\s+with\s+{_ME}|talk\s+to\s+{_ME}|"
    rf"get\s+(?:my|our)\s+{_WORD_OF})"
)
# "ask me (first) before paying …", "get my OK before signing …"
_ASK_BEFORE = re.compile(rf"(?<!\w){_ASK}(?:\s+first)?\s+before\s+")
# "before you pay any invoice, check with me": a rule that opens with "before", and its ask
_OPENS_BEFORE = re.compile(r"(?:please\s+)?before\s+(?:you\s+|we\s+)?")
_ASKED = re.compile(rf"(?<!\w){_ASK}(?!\w)")
# "… without asking (me)", "without my OK", "without checking with me"
_WITHOUT = re.compile(
    rf"(?<!\w)without\s+(?:first\s+)?(?:asking|checking|consulting|confirming|clearing|"
    rf"running\s+it|talking|(?:my|our)\s+{_WORD_OF}|(?:an?\s+|the\s+)?(?:ok|okay|approval|"
    rf"permission|consent))(?!\w)"
)
# "… only once I've approved it", "only after we've said yes", "only with my OK"
_ONLY_ONCE = re.compile(
    r"(?<!\w)only\s+(?:(?:once|after|when|if)\s+(?:i|we)(?:'ve|'d|\s+have|\s+had)?\s+"
    r"(?:approved|okayed|ok'd|oked|agreed|said\s+(?:yes|so|ok)|signed\s+(?:it\s+|them\s+)?off|"
    rf"confirmed|given\s+the\s+go-?ahead)|with\s+(?:my|our)\s+{_WORD_OF})(?!\w)"
)
_NORM = frozenset("never don't dont not no".split())
_OPENERS = frozenset("please always also and".split())
_SKIP = frozenset(
    "a an the any all my our your his her their some more new ever another other every each "
    "to with for on from about into of".split()
)
_STOP = frozenset(
    "to with for on from about into of in at by over above under below worth costing than more "
    "unless without first that which who if when where before after".split()
)
_ANY = frozenset("anything something everything stuff things".split())
_PRONOUNS = frozenset("it them that this those these one ones".split())
# Past forms the gate's reading leaves to their own stem
_PAST = {"bought": "buy", "sold": "sell", "canceled": "cancel", "cancelled": "cancel"}
_NEGATED = frozenset("not never no nothing didn't didnt haven't havent hasn't hasnt".split())
_AUX = frozenset("have has had 've i've we've ive weve been just already also then finally".split())
_AGENT = frozenset("i we i've we've ive weve i'd and so then ok okay done".split())
_CLAUSE = re.compile(r"[,;:()\u2014\u2013]|(?<!\w)(?:so|but|as|because|since|which)(?!\w)")
_SENTENCE = re.compile(r"[.!?](?:\s|$)|;")
_WORDS = re.compile(r"[^\W_]+(?:'[^\W_]+)*")
# The user's word given: "after you said yes", "you approved it", "with your OK", "as you asked"
_APPROVED = re.compile(
    r"(?<!\w)(?:(?:you|the\s+user)\s+(?:had\s+|'d\s+)?(?:said\s+(?:yes|ok|okay|so|go|fine|to)|"
    r"approved|okayed|ok'd|oked|agreed|confirmed|signed\s+(?:it\s+|them\s+)?off|"
    r"authori[sz]ed|cleared\s+it|asked\s+me\s+to|told\s+me\s+to|wanted\s+me\s+to|"
    r"gave\s+(?:me\s+)?(?:the\s+|your\s+)?(?:ok|okay|go-?ahead|green\s+light|nod|thumbs\s+up|"
    r"permission))|(?:with|per|on|after|given|got)\s+(?:your|the\s+user's)\s+"
    rf"(?:{_WORD_OF}|instructions?|request)|(?:as|like)\s+you\s+(?:asked|said|requested|"
    r"instructed|wanted)|at\s+your\s+request|(?:checked|asked|confirmed|cleared\s+it)\s+with\s+"
    r"you|(?:checking|asking|confirming)\s+with\s+you|asked\s+you|(?:approved|okayed|ok'd|"
    r"authori[sz]ed|confirmed|signed\s+off)\s+by\s+(?:you|the\s+user))(?!\w)"
)
_NOT_GIVEN = frozenset("without before not never no didn't hadn't haven't until".split())


@dataclass(frozen=True)
class AskFirst:
    """What a rule asks to be asked about: its acts, the word that names the thing they are
    done to (empty: anything), the other words of that thing, and what else the rule names of
    it ("to clients")."""

    acts: frozenset[str]
    head: str
    things: frozenset[str]
    more: frozenset[str]


def _act(word: str) -> str:
    word = _PAST.get(word, word)
    act = content_word(word)
    return act[:-1] if act.endswith("ll") else act  # "cancelled", "canceled"


def _object(words: list[str]) -> tuple[str, frozenset[str], frozenset[str]]:
    """(the head word of the thing, its words, the words of what else is named) of the words
    after a rule's act: "any supplier invoice" → invoice; "emails to clients" → email, clients."""
    at = 0
    while at < len(words) and (words[at] in _SKIP or words[at] in PERSON_WORDS):
        at += 1
    chunk: list[str] = []
    while at < len(words) and words[at] not in _STOP:
        chunk.append(words[at])
        at += 1
    more = {
        content_word(w)
        for w in words[at:]
        if w not in _STOP and w not in _SKIP and w not in PERSON_WORDS and not w.isdigit()
    }
    chunk = [w for w in chunk if w not in PERSON_WORDS and w not in LANGUAGE_WORDS]
    if not chunk or chunk[-1] in _ANY:
        return "", frozenset(), frozenset(more)
    return content_word(chunk[-1]), frozenset(content_word(w) for w in chunk), frozenset(more)


def _acts(words: list[str]) -> tuple[frozenset[str], list[str]]:
    """The acts said first ("paying", "signing or sending") and the words after them."""
    acts = {_act(words[0])} if words else set()
    at = 1
    while at + 1 < len(words) and words[at] in ("or", "and", "/"):
        acts.add(_act(words[at + 1]))
        at += 2
    return frozenset(acts), words[at:]


@lru_cache(maxsize=512)
def ask_first(folded: str) -> AskFirst | None:
    """What the rule (its folded text) asks to be asked about first, or None."""
    text = folded.replace("\u2019", "'")
    said: list[str] | None = None
    if m := _ASK_BEFORE.search(text):
        said = _WORDS.findall(re.split(r"[,.;!?]", text[m.end() :])[0])
        while said and said[0] in ("you", "i", "we", "any", "ever"):
            said = said[1:]
    elif (m := _OPENS_BEFORE.match(text)) and (ask := _ASKED.search(text, m.end())):
        said = [w for w in _WORDS.findall(text[m.end() : ask.start()]) if w != "always"]
    elif (m := _WITHOUT.search(text) or _ONLY_ONCE.search(text)) is not None:
        clause = re.split(r"[,.;!?]", text[: m.start()])[-1]
        words = _WORDS.findall(clause)
        norm = next((i for i, w in enumerate(words) if w in _NORM), None)
        at = 0 if norm is None else norm + 1
        while at < len(words) and (words[at] in _OPENERS or words[at] in ("ever", "you", "go")):
            at += 1
        said = [w for w in words[at:] if w != "only"]
    if not said:
        return None
    acts, rest = _acts(said)
    head, things, more = _object(rest)
    return AskFirst(acts, head, things, more)


def _past(words: list[str], at: int) -> bool:
    """Is the word at `at` a past form said as done ("paid", "have signed", "has been sent")?"""
    word = words[at]
    if not (
        word.endswith("ed") or word in _PAST or content_word(word) != word and word[-1] in "td"
    ):
        return False
    return True


def _by_agent(words: list[str], at: int) -> bool:
    """Does the clause say the act was done by the speaker, or by no one named (a report
    that opens with its verb: "Paid the invoice", "Just renewed the insurance")?"""
    if any(w in _NEGATED or w.endswith("n't") for w in words[:at]):
        return False
    if words[max(0, at - 2) : at] in (["has", "been"], ["have", "been"]):
        return True  # "the forms have been signed"
    back = at - 1
    while back >= 0 and words[back] in _AUX:
        back -= 1
    return back < 0 or words[back] in _AGENT or words[back] in ("went", "ahead")


def _approved(text: str) -> bool:
    for m in _APPROVED.finditer(text):
        before = _WORDS.findall(text[max(0, m.start() - 24) : m.start()])[-2:]
        if not any(w in _NOT_GIVEN or w.endswith("n't") for w in before):
            return True
    return False


def approved(new: Analysis) -> bool:
    """Does the text say the user gave their word ("as you asked", "after you said yes")?"""
    return _approved(new.folded.replace("\u2019", "'"))


def unasked(new: Analysis, rule: Analysis) -> str | None:
    """Why the text reports done what the rule asks to be asked about first, or None."""
    asks = ask_first(rule.folded)
    if asks is None or "?" in new.text or any(v.startswith("n:") for v in rule.values):
        return None  # a limit ("more than 100 euros without asking me"): bounds.py weighs it
    text = new.folded.replace("\u2019", "'")
    if _approved(text):
        return None
    for sentence in _SENTENCE.split(text):
        said = {content_word(w) for w in _WORDS.findall(sentence)}
        for clause in _CLAUSE.split(sentence):
            words = _WORDS.findall(clause)
            for at, word in enumerate(words):
                act = _act(word)
                named = act == asks.head and bool(asks.head)  # "emailed" for "sending emails"
                if act not in asks.acts and not named or not _past(words, at):
                    continue
                if not _by_agent(words, at):
                    continue
                if _done_to(words[at + 1 :], said, asks, named):
                    return f"done without asking first, as the rule asks ({word})"
    return None


def _done_to(after: list[str], said: set[str], asks: AskFirst, named: bool) -> bool:
    """Is what the act was done to the rule's thing: named after the verb, or, when the verb
    is followed by no thing of its own ("paid it", "paid £212"), anywhere in the sentence?"""
    if asks.more and not asks.more & said:
        return False
    if not asks.head or named:
        return True
    own = {
        content_word(w)
        for w in after
        if w not in _SKIP and w not in _PRONOUNS and w not in PERSON_WORDS and not w[0].isdigit()
    }
    if asks.head in own:
        return True
    return not own - _WHEN and asks.head in said


_WHEN = frozenset(
    content_word(w)
    for w in "today yesterday tonight morning afternoon evening now earlier just already "
    "back off online yet again".split()
)


# The user's word that asking is not needed: "without asking me", "no need to check with me"
_NO_NEED = re.compile(
    r"(?<!\w)(?:no\s+need\s+to|(?:do|does)(?:n't|\s+not)\s+(?:need|have)\s+to|needn'?t|"
    r"don'?t\s+bother)\s+(?:ask|check|run\s+it|clear\s+it|get\s+my|confirm)"
)


def loosened(new: Analysis, rule: Analysis) -> bool | None:
    """Does the user's text let the agent do the act the rule asks to be asked about, without
    asking ("from now on you can pay flat invoices under £100 without asking me")? True when it
    speaks of the rule's thing (or the rule names none), False when of another the gate cannot
    tie to it ("answer harris lettings" for "reply to the letting agent"), None when it does
    not let the act go unasked."""
    asks = ask_first(rule.folded)
    text = new.folded.replace("\u2019", "'")
    if asks is None or "?" in new.text or not (_WITHOUT.search(text) or _NO_NEED.search(text)):
        return None
    words = _WORDS.findall(text)
    if not any(_act(w) in asks.acts or asks.head and _act(w) == asks.head for w in words):
        return None
    said = {content_word(w) for w in words}
    if asks.more and not asks.more & said:
        return False  # "send priya the receipts" for "send anything to the accountant"
    return not asks.head or asks.head in said
