"""The words the write gate reads: cues for change, correction, negation, norms and injections.

Everything here is matched against folded text (lower case, accents removed, see tokens.fold),
so phrases are written without accents and folded once at import. English, Spanish, French,
German, Portuguese, Italian, Japanese and Chinese are covered; a language missing here still
gets similarity and values (dates, numbers, names), just not its cue words.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from ..words import fold


class Lazy:
    """A pattern compiled the first time it is used: the gate's cues are many long alternations
    (some 20 ms to compile), and a command that reads one or two (recall's look at a pointer
    for orders) should not pay for all of them."""

    __slots__ = ("pattern", "flags", "_compiled")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags
        self._compiled: re.Pattern[str] | None = None

    def compiled(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = re.compile(self.pattern, self.flags)
        return self._compiled

    def search(self, text: str, pos: int = 0) -> re.Match[str] | None:
        return self.compiled().search(text, pos)

    def match(self, text: str, pos: int = 0) -> re.Match[str] | None:
        return self.compiled().match(text, pos)

    def fullmatch(self, text: str) -> re.Match[str] | None:
        return self.compiled().fullmatch(text)

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        return self.compiled().finditer(text)

    def findall(self, text: str) -> list:
        return self.compiled().findall(text)

    def sub(self, repl: str | Callable[[re.Match[str]], str], text: str, count: int = 0) -> str:
        return self.compiled().sub(repl, text, count)

    def split(self, text: str, maxsplit: int = 0) -> list[str]:
        return self.compiled().split(text, maxsplit)


def _phrases(*items: str) -> Lazy:
    """One regex matching any of the phrases as whole words (CJK phrases anywhere)."""
    parts = []
    for item in sorted({fold(i) for i in items}, key=len, reverse=True):
        parts.append(re.escape(item).replace(r"\ ", r"\s+") + r"(?!\w)")
    # One word-start check, then the phrases: a phrase that starts with a letter is passed over
    # at its first letter, where each one's own check cost a try at every position.
    return Lazy(r"(?<!\w)(?:" + "|".join(parts) + ")")


def fold_pattern(pattern: str) -> re.Pattern:
    """Compile a regex written with natural non-ASCII literals, folded like the text it reads."""
    return re.compile(re.sub(r"[^\x00-\x7f]+", lambda m: fold(m.group()), pattern))


def _cjk(*items: str) -> str:
    return "|".join(re.escape(fold(i)) for i in items)


# --- what changed in the world: the old entry is closed, the new one written -------------------
# fmt: off
# "From now on" in other languages: a change from here on, and what a new role is given with
# ("d'ora in poi sei …": injection.py, addressed.py)
FROM_NOW_ON = (
    "d'ora in poi", "da ora in poi", "d'ora in avanti", "da adesso", "da oggi",
    "de agora em diante", "daqui em diante", "a partir de agora", "a partir de hoje",
    "desde ahora", "desde hoy",
    "de ahora en adelante", "a partir de ahora", "a partir de hoy", "dorenavant", "desormais",
    "a partir de maintenant", "a partir d'aujourd'hui", "von nun an", "ab jetzt", "ab sofort",
    "ab heute", "voortaan", "vanaf nu", "vanaf vandaag", "od teraz", "od dzis", "bundan sonra",
)
UPDATE_PHRASES = (
    "moved", "has moved", "was moved", "moves to", "changed", "has changed", "changes to",
    "switched", "switches to", "rescheduled", "postponed", "pushed back", "brought forward",
    "retimed", "re-timed", "rebooked", "re-booked", "reassigned", "re-assigned", "rerouted",
    "re-routed", "repriced",
    "replaced", "replaces", "no longer", "not anymore", "any more", "anymore", "from now on",
    "as of", "starting", "starting from", "instead of", "instead", "has become", "became",
    "renamed", "upgraded", "downgraded", "migrated", "was promoted", "left the", "has left",
    "joined", "now lives", "now works", "is now", "are now", "has been moved", "went up",
    "went down", "raised to", "lowered to", "relocated", "took over", "takes over",
    "rises to", "rose to", "drops to", "dropped to", "increased to", "decreased to",
    "after all", "changed my mind", "changed his mind", "changed her mind", "changed their mind",
    "changed our minds", "change of plans", "change of plan", "on second thought",
    "on second thoughts", "scratch that", "decided against", "got moved", "got pushed",
    "pushed to", "going forward", "not anymore", "no more", "not any more", "bumped up",
    "bumped to", "upped", "cut to", "cut back to", "reduced to", "ended up", "opted for",
    "dropping to", "dropped to", "drops to", "drop to", "cutting back to", "cutting down to",
    "passing us on to", "passed us on to", "passing us over to", "passed us over to",
    "down to just", "down to only", "opted to", "settled on", "decided on", "decided to go with",
    # a dose or an amount set by someone else: "the doctor put me on 100mg", "doubled my dose"
    "doubled", "tripled", "halved", "put me on", "put him on", "put her on", "put them on",
    "put us on", "started me on", "started him on", "started her on", "switched me to",
    "from next week", "from next month", "from next year", "starting next", "starting tomorrow",
    "as of next",
    "sube a", "subio a", "baja a", "augmente a", "passe a", "steigt auf", "sinkt auf",
    "stieg auf", "sobe para", "aumentou para", "sale a",
    "ha cambiado", "cambio a", "se cambio", "se movio", "se mueve", "paso a", "ya no",
    "a partir de", "en lugar de", "ahora es", "ahora esta", "se traslado", "pospuesto",
    "a change", "a ete deplace", "a ete deplacee", "est deplace", "deplace", "deplacee",
    "desormais", "n'est plus", "ne sont plus", "a partir de", "au lieu de", "a change",
    "est passe a", "est maintenant", "reporte", "reportee",
    "verschoben", "wurde verschoben", "geandert", "hat sich geandert", "nicht mehr",
    "stattdessen", "ab sofort", "ab jetzt", "ist jetzt", "ist nun", "umgezogen",
    "mudou", "mudou para", "foi movida", "foi movido", "passou para", "nao e mais",
    "a partir de agora", "agora e", "em vez de", "adiado", "adiada",
    "spostato", "spostata", "cambiato", "non piu", "ora e", "adesso e", "invece di",
    # moved house, and "in the end", in more languages
    "se mudo", "se mudaron", "nos mudamos", "me mude", "se fue a vivir", "a demenage",
    "ont demenage", "j'ai demenage", "s'est installe", "s'est installee", "gezogen",
    "zog nach", "zogen nach", "se mudou", "mudou-se", "si e trasferito", "si e trasferita",
    "si sono trasferiti", "verhuisd",
    "finalement", "en fin de compte", "al final", "alla fine", "no final", "letztendlich",
    "am ende", "doch lieber", "doch nicht", "uiteindelijk", "in the end",
    "se ha ido a vivir", "se han ido a vivir", "se ha mudado", "se han mudado",
    # said to hold from a point on, for as long as anyone can tell
    "for the foreseeable", "until further notice", "applies from", "apply from", "kicks in",
    "kick in", "takes effect", "take effect", "comes into effect", "taken over",
    *FROM_NOW_ON,
    "en adelante", "fortan", "kunftig",
)
# fmt: on
# A verb of change in any of its forms, and where to: "is moving to the library", "we're
# switching over to Paddle", "shifting it to 9am" (the phrases above name the fixed ones).
# The English numbers in words: one to twelve, the teens, the tens (gate/values.py reads them)
ONES = "one two three four five six seven eight nine ten eleven twelve".split()
TEENS = "thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split()
TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()
_AMOUNT = rf"(?=[\d$€£]|(?:{'|'.join((*ONES, *TEENS, *TENS))}|half|a\s+half)\b)"
_CHANGE_VERB = (
    r"(?<!\w)(?:mov(?:e|es|ed|ing)|switch(?:es|ed|ing)?|chang(?:e|es|ed|ing)|"
    r"relocat(?:e|es|ed|ing)|shift(?:s|ed|ing)?|migrat(?:e|es|ed|ing)|swap(?:s|ped|ping)?|"
    r"transfer(?:s|red|ring)?|slip(?:s|ped|ping)?)\s+"
    r"(?P<shifted>(?:it|them|this|that|everything|(?:the|our|my|his|her|their)\s+"
    r"(?:[\w'-]+\s+){0,2}?[\w'-]+)\s+)?(?:over\s+)?(?:to|into|back\s+to)(?!\w)|"
    # a number raised or lowered to another: "bumped the monthly transfer up to 450"
    r"(?<!\w)(?:bump(?:s|ed|ing)?|rais(?:e|es|ed|ing)|increas(?:e|es|ed|ing)|lower(?:s|ed|ing)?|"
    r"cut(?:s|ting)?|reduc(?:e|es|ed|ing)|upp(?:ed|ing))\s+(?P<changed>(?:[\w'-]+\s+){0,4}?)"
    r"(?:up\s+|down\s+)?"
    r"to\s+" + _AMOUNT + "|"
    # "pushed the MOT back to the 21st", "brought the call forward to 9": a time moved
    r"(?<!\w)(?:push(?:es|ed|ing)?|put(?:s|ting)?|bump(?:s|ed|ing)?|mov(?:e|es|ed|ing)|"
    r"br(?:ing|ings|ought|inging))\s+(?P<moved>(?:[\w'-]+\s+){1,4}?)(?:back|forward|forwards|up|out)\s+"
    r"(?:to|till|until|by|a\s+(?:day|week|month))(?!\w)|"
    # "handed the payments on-call over to Gustavo", "handing us over to …": a thing someone
    # had, now another's
    r"(?<!\w)hand(?:s|ed|ing)?\s+(?:[\w'-]+\s+){0,4}?over\s+to(?!\w)|"
    # "the vet wants Biscuit down to 120 g": an amount brought down to another
    r"(?<!\w)down\s+to\s+" + _AMOUNT + "|"
    # "rent goes up to £700", "the fee rose to 45", "fares jumped to 3.20": a number that moved
    r"(?<!\w)(?:(?:go(?:es|ing|ne)?|went)\s+(?:up|down)|ris(?:e|es|ing|en)|"
    r"rose|drop(?:s|ped|ping)?|f(?:a|e)ll(?:s|ing|en)?|jump(?:s|ed|ing)?|climb(?:s|ed|ing)?|"
    r"doubl(?:e|es|ed|ing))\s+(?:up\s+|down\s+)?to\s+" + _AMOUNT
)
# From a day on: "standup's on Google Meet from tomorrow", "effective 1 March", "as from Monday"
_WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)"
_DAY = (
    rf"(?:tomorrow|today|tonight|{_WEEKDAY}|the\s+\d{{1,2}}(?:st|nd|rd|th)"
    rf"|(?:next|this|the\s+coming)\s+(?:week|month|year|(?:half[\s-]?)?term|semester|season"
    rf"|quarter|school\s+year|{_WEEKDAY})"
    rf"|{_MONTH}[a-z]*\b|\d{{1,2}}\s+{_MONTH})"
)
_FROM_DAY = rf"(?<!\w)(?:(?:as\s+)?from|as\s+of|effective|beginning|starting(?:\s+on)?)\s+{_DAY}"
# A span drawn out or cut short to another end: "extended visiting hours until 19:00",
# "the trial got extended to March", "shortened the sprint to a week", "delayed it till 3pm"
_STRETCHED = (
    r"(?<!\w)(?:extend|shorten|lengthen|prolong|delay)(?:s|ed|ing)?\s+(?:[\w'-]+\s+){0,4}?"
    rf"(?:to|until|till|through)\s+(?:the\s+end\s+of\s+|a\s+|an\s+|one\s+)?(?=\d|{_DAY}|"
    r"(?:week|month|year|fortnight|day)s?\b)"
)
UPDATE = Lazy(f"{_phrases(*UPDATE_PHRASES).pattern}|{_CHANGE_VERB}|{_FROM_DAY}|{_STRETCHED}")
FROM_DAY = Lazy(_FROM_DAY)  # a change said to hold from a day on: "from today", "as of Monday"
# fmt: off
UPDATE_CJK = Lazy(_cjk(
    "変更", "移動", "変わりました", "変わった", "に変わ", "延期", "から", "改到", "改为", "改成",
    "变成", "变为", "不再", "推迟", "搬到", "换成",
))
# "now", "currently": a change only when a value differs too.
UPDATE_WEAK_PHRASES = ("now", "currently", "these days", "nowadays", "new", "neu", "ahora",
                       "actualmente", "maintenant", "actuellement", "jetzt", "nun", "derzeit",
                       "agora", "atualmente", "ora", "adesso")
# fmt: on
UPDATE_WEAK = _phrases(*UPDATE_WEAK_PHRASES)
# A state, a habit or a thing allowed that goes on "again" ("I'm eating meat again", "the pool
# is open again", "I can have salt again", "started cycling to work again"): what had stopped
# goes on, a weak change cue; an event done "again" ("saw Sam again", "met again") is not one.
_AGAIN = r"(?:\s+[\w'-]+){0,4}?\s+(?:again|once\s+more)(?!\w)"
RESUMED = Lazy(
    r"(?<!\w)(?:am|is|are|'m|'re|'s|can|may|allowed\s+to|start(?:s|ed|ing)?|began|"
    r"resum(?:e|es|ed|ing)|back\s+to|\w{2,}ing)(?!\w)" + _AGAIN
)
# …those that say a norm changes: "new" names a thing ("the new headphones"), not a change
UPDATE_WEAK_NORM = _phrases(*(p for p in UPDATE_WEAK_PHRASES if p not in ("new", "neu")))
UPDATE_WEAK_CJK = Lazy(_cjk("今は", "現在", "现在", "目前", "新しい"))

# --- framing: words that open a sentence and say nothing of what follows ----------------
_OPENS = r"(?:^|(?<=[.!?;\n]))\s*"  # where a sentence opens
# "heads up:", "fyi", "reminder that", "just so you know", "note to self:"; what says it only
# checks or sums up what is known ("to confirm what we have:", "just to recap,", "for reference:")
FRAMING = Lazy(
    _OPENS + r"(?:(?:ok(?:ay)?|so|and)\s*,?\s+)?"
    r"(?:heads[\s-]+up|fyi|btw|by\s+the\s+way|psa|note\s+to\s+self|for\s+the\s+record"
    r"|just\s+so\s+you\s+know|remember(?=\s+that\b)"
    # "don't forget lena can't have peanuts": a reminder, no negation of what follows
    r"|(?:please\s+)?(?:do\s*n'?t|do\s+not|never)\s+forget(?:\s+that\b)?(?=\s+\w+\s)"
    r"|(?:just\s+)?(?:a\s+)?(?:quick\s+|friendly\s+)?"
    r"(?:reminder|note|update)(?=\s*[:,\-]|\s+that\b)"
    r"|(?:just\s+)?(?:to\s+)?(?:confirm(?:ing)?|recap(?:ping)?|double[\s-]+check(?:ing)?|"
    r"for\s+reference)(?:\s+what\s+(?:we|i|you)\s+(?:have|had|know|said)(?:\s+on\s+file)?)?"
    r"(?=\s*[:,\-]|\s+that\b))(?:\s+that\b)?\s*[:,\-]*"
)

# --- the user says the memory was wrong ---------------------------------------------------
# fmt: off
CORRECTION_PHRASES = (
    "actually", "in fact", "correction", "to correct", "that was wrong", "was wrong",
    "is wrong", "i was wrong", "wrongly", "mistake", "mistaken", "by mistake", "incorrect",
    "not correct", "not right", "misremembered", "misheard", "typo", "should have been",
    "it was never", "was never", "never was", "it is really", "really is",
    "the correct", "correctly", "not true", "untrue", "oops", "had it wrong", "got it wrong",
    "en realidad", "de hecho", "correccion", "me equivoque", "esta mal", "era incorrecto",
    "incorrecto", "equivocado", "en fait", "en realite", "je me suis trompe", "c'etait faux",
    "c'est faux", "erreur", "faux", "eigentlich", "tatsachlich", "korrektur", "falsch",
    "ich habe mich geirrt", "war falsch", "irrtum", "na verdade", "correcao", "errado",
    "me enganei", "estava errado", "in realta", "sbagliato", "mi sono sbagliato",
    "misspoke", "i misspoke", "got that wrong", "got it wrong", "i was wrong about",
    "was the wrong", "is the wrong", "that's the wrong", "it's the wrong", "gave you the wrong",
    "told you the wrong", "misspelled", "misspelt", "misnamed", "i meant", "meant to say",
    "my bad", "mixed up", "mixed it up", "mixed them up", "no wait", "wait no", "wait, no",
    "slip of the tongue", "quise decir", "je voulais dire", "ich meinte", "intendevo",
    "quis dizer", "turns out", "turned out", "than i thought", "than we thought",
    "than i said", "not what i said", "i thought it was",
)
# fmt: on
CORRECTION = _phrases(*CORRECTION_PHRASES)
# A sentence that opens by saying no to what is on file ("Nope, it's in November"): beside a
# word of change ("No, it moved to March") it says the change, not a mistake
DENIED = Lazy(_OPENS + r"(?:nope|nah|no)(?=\s*[,!\-:])")
CORRECTION_CJK = Lazy(
    _cjk(
        "実は", "間違い", "間違って", "訂正", "誤り", "其实", "更正", "错了", "纠正", "不对", "搞错"
    )
)

# A mix-up told in other words: "I misread the card", "I swapped the digits", "I was thinking
# of the other one", "confused her with Dana", a text that opens "Wrong number for …".
MIXED_UP = Lazy(
    r"\bmis(?:read|heard|typed|counted|spelt|spelled|remembered|named|labell?ed|quoted|"
    r"understood|wrote|dial(?:l)?ed|copied|noted|took)\b|"
    r"\bfat[\s-]?finger(?:ed|s)?\b|\btypo(?:'?d|ed)\b|"
    r"\b(?:swapped|transposed|reversed|flipped)\s+(?:the\s+|two\s+|my\s+)?(?:\w+\s+){0,2}?"
    r"(?:digits|numbers|letters|numerals|characters)\b|"
    r"\b(?:was|were)\s+thinking\s+of\s+(?:the\s+)?(?:other|another|a\s+different)\b|"
    r"\bconfus(?:ed|ing)\s+(?:it|them|him|her|that|this|the\s+\w+|\w+)\s+with\b|"
    r"^\W*wrong\s+(?!with\b)\w+|"
    # the speaker's own error, in any words: "I had Jonas's class wrong", "I put the wrong date
    # down", "we noted the wrong room", "correcting my earlier note"
    r"\b(?:i|we)\s+(?:\w+\s+)?(?:had|got|put|wrote|noted|gave|told|entered|saved|logged|"
    r"typed|listed|remembered|copied|booked|read)\b[^.;!?]{0,40}?\bwrong"
    r"(?:(?=\s*(?:$|[,.;:!?()—–-]))|\s+\w+\s+(?:down|earlier|before)\b)|"
    r"\bcorrect(?:ing|ed)\s+(?:my|our|the|an?|what|that|this)\b|"
    # what the user gave before, said to be replaced: "I wrote 0176 2233 414 before"
    r"\bi\s+(?:wrote|said|put|typed|gave\s+you|told\s+you)\s+[^.;!?]{1,40}?\s+(?:before|earlier|"
    r"last\s+time|previously)(?=\s*(?:$|[.,;!?]))|"
    # a name spelled out again: "it's Pedersen with a d", "spelt with two n's"
    r"\b(?:with|spel(?:led|t)\s+with)\s+(?:an?|two|double)\s+[a-z](?:'?s)?(?!\w)|"
    # what the memory holds, said to be otherwise: "you've got Luna as 3 but she's 5", "you have
    # him down as vegetarian, he's vegan"
    r"\byou(?:'ve|\s+have)?\s+(?:(?:it|them|him|her)\s+)?"
    r"(?:got|have|had|put|written|noted|listed|saved|logged|recorded)\s+"
    r"[^.;!?]{1,40}?\s+(?:down\s+)?as\s+(?!(?:usual|always|well|planned|normal|ever)\b)"
    r"[^.;!?]{1,30}?(?:\s+but\b|\s*,\s*(?:it|she|he|they|"
    r"that)(?:'s|s|\s+is|'re|\s+are)\b)"
)

# --- one more beside what is on file, not in its place ("Anna also likes Korean barbecue") -----
# ("too" only where it ends a clause: "too early" says a degree, not one more)
# fmt: off
ALSO = Lazy(_phrases(
    "also", "as well", "either", "besides", "in addition", "additionally", "tambien", "ademas",
    "aussi", "egalement", "auch", "ebenfalls", "tambem", "anche",
).pattern + r"|(?<!\w)too(?=\s*(?:[.,;:!?)]|$))")
# fmt: on

# --- said as a maybe, a question, a condition or advice: no change made yet ("we might cancel
# the trip", "thinking of moving the party", "the GP says I should come off it", "should we move
# it?"). What is on file still holds; the caller may settle it.
FIRM = Lazy(r"(?<!\w)(?:from\s+now\s+on|going\s+forward|from\s+today|effective|as\s+of)(?!\w)")
HEDGED = Lazy(
    r"(?<!\w)(?:might|maybe|perhaps|possibly|probably|considering|wondering|"
    r"(?<!was\s)(?<!were\s)thinking\s+(?:of|about)|not\s+sure|unsure|undecided|"
    r"(?:i|we|you|he|she|they|it)\s+(?:may|should|could)|should\s+(?:we|i)|"
    r"vielleicht|eventuell|peut-etre|quizas|quiza|tal\s+vez|forse|talvez|misschien)(?!\w)"
    r"|\?\s*$"
)

# --- a choice said as one: the words that make a line a decision, whatever it is marked ("changed
# our minds: …", "we've settled on pale yellow", "going with the Hetzner box", "we picked June")
DECIDED = Lazy(
    r"(?<!\w)(?:decid(?:e|es|ed|ing)|decisions?|settl(?:e|es|ed|ing)\s+on|opt(?:s|ed|ing)?\s+"
    r"(?:for|to)|ch(?:ose|osen|oose|ooses|oosing)|chang(?:e|ed|ing)\s+(?:my|our|his|her|their)\s+"
    r"minds?|(?:going|gone|went|go)\s+with|agreed\s+(?:on|to)|pick(?:ed|ing))(?!\w)"
)

# --- fewer than what is on file ("climbing is only on Tuesdays now" over "Tuesdays and Thursdays")
# fmt: off
ONLY = Lazy(_phrases(
    "only", "just", "solely", "exclusively", "nur", "seulement", "uniquement", "solo",
    "solamente", "unicamente", "alleen", "nog maar", "apenas", "somente", "soltanto",
).pattern)
# fmt: on

# --- negation, counted for parity: "never … without" is an obligation ---------------------
NEGATION = Lazy(
    r"n't\b|n’t\b|\b(?:not|no|never|none|nobody|nothing|neither|nor|without|cannot|nunca|"
    r"sin|jamas|ningun|ninguna|ninguno|pas|jamais|sans|aucun|aucune|nicht|kein|keine|keinen|"
    r"keiner|keinem|nie|niemals|ohne|nao|nem|sem|non|senza|skip|stop|avoid|needn't)\b|"
    + _cjk("ない", "ません", "なし", "不", "没", "沒", "無", "无", "別", "别")
)

# --- words that make a text a norm (an instruction, a permission, a prohibition) ------------
# fmt: off
NORMATIVE_PHRASES = (
    "always", "never", "must", "should", "shouldn't", "shall", "have to", "has to", "need to",
    "needs to", "no need", "needn't", "don't need", "doesn't need", "do not", "don't", "dont",
    "is allowed", "are allowed", "allowed to", "permitted", "it's fine to", "it is fine to",
    "fine to", "ok to", "okay to", "alright to", "feel free", "go ahead", "from now on",
    "can skip", "skip", "stop", "at most", "at least", "no more than", "up to", "only",
    "limit", "limits", "maximum",
    "you can", "we can", "can be", "may be", "you may", "we may", "avoid",
    "prefers", "wants", "make sure", "be sure", "is required", "required",
    "siempre", "nunca", "debe", "debes", "deben", "hay que", "no hace falta", "puedes",
    "toujours", "jamais", "doit", "doivent", "il faut", "pas besoin", "immer", "niemals",
    "muss", "mussen", "darf", "durfen", "sempre", "deve", "devem", "precisa", "pode",
    "bisogna", "non serve",
)
# fmt: on
NORMATIVE = _phrases(*NORMATIVE_PHRASES)
NORMATIVE_CJK = Lazy(
    _cjk("必ず", "いつも", "常に", "しないで", "必须", "总是", "不要", "可以", "不用", "禁止")
)

# Attributes that do not change over time: a different value was a mistake, not an update.
IMMUTABLE = frozenset(
    "birthday birth born birthdate birthplace blood maiden nationality cumpleanos anniversaire "
    "geburtstag aniversario compleanno".split()
)

# fmt: off
WEEKDAYS = {
    1: "monday mondays mon lunes lundi montag segunda lunedi maandag 月曜 月曜日 星期一 周一",
    2: "tuesday tuesdays tue tues martes mardi dienstag terca martedi dinsdag 火曜 火曜日 "
       "星期二 周二",
    3: "wednesday wednesdays wed weds miercoles mercredi mittwoch quarta mercoledi woensdag 水曜 "
       "水曜日 星期三 周三",
    4: "thursday thursdays thu thur thurs jueves jeudi donnerstag quinta giovedi donderdag 木曜 "
       "木曜日 星期四 周四",
    5: "friday fridays fri viernes vendredi freitag sexta venerdi vrijdag 金曜 金曜日 星期五 周五",
    6: "saturday saturdays sat sabado samedi samstag sabato zaterdag 土曜 土曜日 星期六 周六",
    7: "sunday sundays sun domingo dimanche sonntag domenica zondag 日曜 日曜日 星期日 星期天 周日",
}
# fmt: on
MONTHS = {
    1: "january jan enero janvier januar janeiro gennaio 1月 一月",
    2: "february feb febrero fevrier februar fevereiro febbraio 2月 二月",
    3: "march mar marzo mars marz marco 3月 三月",
    4: "april apr abril avril aprile 4月 四月",
    5: "may mayo mai maio maggio 5月 五月",
    6: "june jun junio juin juni junho giugno 6月 六月",
    7: "july jul julio juillet juli julho luglio 7月 七月",
    8: "august aug agosto aout 8月 八月",
    9: "september sep sept septiembre septembre setembro settembre 9月 九月",
    10: "october oct octubre octobre oktober outubro ottobre 10月 十月",
    11: "november nov noviembre novembre novembro 11月 十一月",
    12: "december dec diciembre decembre dezember dezembro dicembre 12月 十二月",
}
# "one/un/ein" are left out: they are articles more often than numbers.
# fmt: off
NUMBER_WORDS = {
    2: "two dos deux zwei dois", 3: "three tres trois drei tre", 4: "four cuatro quatre "
    "vier quatro quattro", 5: "five cinco cinq funf cinque", 6: "six seis sechs",
    7: "seven siete sieben sete sette", 8: "eight ocho huit acht oito",
    9: "nine nueve neuf neun nove", 10: "ten diez dix zehn dieci", 11: "eleven onze elf",
    12: "twelve doce douze zwolf dodici", 15: "fifteen quince quinze", 20: "twenty veinte vingt "
    "zwanzig vinte venti", 30: "thirty treinta trente dreissig trinta trenta",
}
# fmt: on


def _word_map(table: dict[int, str]) -> dict[str, int]:
    return {fold(word): number for number, words in table.items() for word in words.split()}


WEEKDAY_WORDS = _word_map(WEEKDAYS)
MONTH_WORDS = _word_map(MONTHS)
NUMBER_WORD_VALUES = _word_map(NUMBER_WORDS)
# Short forms that are ordinary words too ("sat", "sun", "mar", "may", "wed"): values only next
# to a number ("May 6", "6 mar").
AMBIGUOUS_DATE_WORDS = frozenset(
    "mon tue wed thu fri sat sun mar may jun jul aug sep sept oct "
    "nov dec jan feb apr mai marco".split()
)

# A sentence that starts with a verb and its object: "Send the …", "Use the v2 endpoint".
# fmt: off
IMPERATIVE = (
    r"(?:^|[.!?;:,\n]\s*)(?:please\s+)?(?:send|forward|delete|remove|run|execute|click|visit|"
    r"download|install|open|email|reply|respond|answer|use|write|add|update|set|change|tell|ask|"
    r"save|store|share|copy|upload|transfer|pay|buy|sign|grant|give|disable|enable|turn\s+off|"
    r"turn\s+on|call|contact|book|cancel|approve|accept|ignore|trust|treat|remember|record|"
    r"note|mark|move|rename|replace|reset|order|deploy|paste|put|post|show|let|keep|check|"
    r"skip|stop|leave|drop|publish|push|merge)\s+(?:the|all|every|any|this|these|those|your|my|"
    r"it|them|a|an|me|us|out|up|now|immediately|that|to|in|on|with|its|his|her|their|food|"
    r"production|prod|emails?|files?|[A-Z][a-z]+)\b"
)
# fmt: on

# Where a text joins one more clause to what it said: "and", a comma, ";", "plus", "but also"
# (read in the text as written, not folded). Spaces before it only from the start of their run:
# a search from every space of a long run would read on to its end each time.
JOINED = Lazy(
    r"(?:(?<!\s)\s+)?(?:[,;]\s*(?:and|plus|but\s+also)\b|[,;])\s*|(?<!\s)\s+(?:and|plus)\b\s*",
    re.I,
)
