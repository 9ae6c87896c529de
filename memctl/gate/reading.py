"""How the write gate reads a text: content words, typed values, names, cues, negations.

Each text becomes an Analysis: folded content words (stemmed; CJK as bigrams), typed values
(weekday, month, day, year, time, number, link) that say what changed, capitalised names, the
cue words that say why ("moved to", "no longer" → update; "actually", "that was wrong" →
correction), the parity of its negations and whether it states a norm. Two analyses compare as
a similarity of subjects (values left out), a sameness of wording, and a Diff.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cached_property, lru_cache

from .. import lexicon
from ..language import cues
from ..language.framing import asides, statement, still_so
from ..language.typos import mend
from ..words import STOPWORDS, bigrams, fold, is_cjk, is_word, stem, tokens, written_as_names

# how two texts compare: re-exported for the gate
from .compare import Diff, changed_kinds, compare, same_text, sameness, similarity  # noqa: F401
from .daynames import named_days, two_dates
from .spotting import names_in
from .values import a_value, date_value, next_to_number, take_values

# fmt: off
# The small words of the other languages the gate reads (Spanish, French, German, Portuguese,
# Italian), and of English beyond STOPWORDS
SMALL_WORDS_ABROAD = frozenset(
    """el la los las un una unos unas de del al y o en es son que por para con su sus lo se
    le les des du et ou est sont au aux ce cette ces pour par avec sur dans qui il elle ils
    der die das den dem ein eine einen einer und oder ist sind zu von mit auf im fur bei nach
    o os as um uma do da dos das em no na nos nas e sao com pelo pela il lo gli di e con per
    """.split()
)
_MORE_STOPWORDS = SMALL_WORDS_ABROAD | frozenset(
    """also just really very still yet anyway ok s t ing ed thing things stuff till til
    via thru""".split()
)
# fmt: on
# What search calls small talk ("show me", "tell me") is what a memory says ("show him the
# draft first"): those verbs count here.
_STOP = STOPWORDS - {"show", "tell", "give", "find", "want", "know", "say"} | _MORE_STOPWORDS
# Words that carry a cue, a negation or a norm: they decide the label, not the subject.
_CUE_WORDS = frozenset(
    fold(phrase)
    for phrase in (*cues.UPDATE_PHRASES, *cues.UPDATE_WEAK_PHRASES, *cues.CORRECTION_PHRASES)
    if " " not in phrase and phrase not in ("joined", "starting", "became", "new", "neu")
) | frozenset(
    """longer anymore instead actually fact wrong mistake correct correction really
    not no never without none nobody nothing neither cannot don doesn didn isn wasn aren won
    shouldn always must should shall allowed permitted okay nunca sin jamas pas jamais sans
    nicht kein keine nie niemals ohne nao nem sem non senza siempre toujours immer sempre
    mehr plus lugar vez realidad realite verdade realta hecho fait movio mueve paso traslado
    cambio cambiado passe movida movido passou moving changing switching""".split()
)
_CONTRAST = re.compile(
    # ", not only X" adds to what it says: no contrast
    r",\s*not\s+(?!(?:just|only|merely|simply|even)\b)\w|\bnot\s+\w+(?:\s+\w+)?\s*,?\s+but\b|"
    r"\bno\s+es\s+\w+\s+sino\b|"
    r"\bnicht\s+\w+(?:\s+\w+)?\s*,?\s+sondern\b"
)
# "I spelled the neighbour's name wrong", "had the date wrong": what was said was not so; not
# "got the wrong size" (bought it) nor "took the wrong bus": "wrong" ends what was said.
_SAID_WRONG = re.compile(
    r"\b(?:spell|spelled|spelt|wrote|written|got|had|said|put|typed)\b(?:\s+[\w']+){1,5}?\s+"
    r"wrong(?=\s*(?:[.,;:!?)]|$|(?:before|earlier|last|again|then|there)\b))"
)
_IMPERATIVE = re.compile(cues.IMPERATIVE)
_ACTUALLY = re.compile(r"\b(?:actually|in fact)\b")
_CLAUSE = re.compile(r"[,;!]|\.(?:\s|$)|\s(?:but|so|though|although)\s")
# "fine for swimming, but nothing else": the bound of what is said, not its negation
_ELSE = re.compile(r"(?<!\w)(?:nothing|no\s*one|nobody|none)\s+else(?!\w)")
# A short weekday ("wed", "sat", "sun" are words too) is a day in a list of days or after a word
# of when: "mon and wed", "tue/thu", "on wed", "every sat"
_SHORT_DAYS = frozenset("mon tue tues wed weds thu thur thurs fri sat sun".split())
_DAY = r"(?:mon|tues?|weds?|thu(?:rs?)?|fri|sat|sun)(?:day|nesday|urday|sday)?"
# each read on its own: "to mon and wed" is both, and so is each of "mon tue wed"
_DAYS_LISTED = re.compile(
    rf"(?<!\w)({_DAY})\b(?=\s*(?:(?:and|&|\+|/|,|-|or|to|till|through)\s*)?({_DAY})(?!\w))"
)
_DAY_AFTER = re.compile(
    rf"(?<!\w)(?:on|every|each|next|till|until|from|by|to)\s+({_DAY})(?!\w)"
    rf"|(?<!\w)({_DAY})\s+(?:morning|afternoon|evening|night|aft|arvo|lunch)"  # "sun mornings"
)
_NUMBER_SIGN = re.compile(r"(?<!\w)(?:no\.|nº|nr\.?|num\.)\s*(?=\d)")
KIND_NAMES = {
    "wd": "weekday",
    "mo": "month",
    "d": "day",
    "y": "year",
    "t": "time",
    "n": "number",
    "url": "link",
    "tel": "phone number",
    "lang": "language",
    "name": "name",
    "blood": "blood group",
    "ltr": "letter",
}
# A thing on file given up by name: "so scrap the guesthouse", "ditch the Saturday class".
GIVE_UP_VERBS = (
    r"scrap|scrapped|ditch|ditched|nix|nixed|forget\s+about|cancel|cancelled|canceled|"
    r"scratch|scratched|shelve|shelved|abandon|abandoned|axe|axed|bin|binned|call(?:ed)?\s+off|"
    r"pull(?:ed)?\s+the\s+plug\s+on"
)
_GIVE_UP = rf"\b(?:{GIVE_UP_VERBS})\s+(?:the|our|my|that|this|those|these)"
_GIVES_UP = re.compile(_GIVE_UP)
# "Joe, not Jim", "not X but Y", "instead of flying", and what is given up: what a text says
# is not so.
_CLOCK = r"\d{1,2}[:.h]\d{2}(?:\s*[ap]\.?m\.?)?"  # "not 13:00": the time whole, not its hour
# "not" in the languages people correct themselves in ("il 18 agosto, non il 16"), and the
# articles and prepositions that may follow it
_NOT = r"(?:not|non|pas|nicht|niet|nao|no(?=\s+(?:el|la|los|las)\s))"
_AFTER_NOT = (
    r"(?:the|a|an|on|in|at|il|lo|la|le|les|l'|el|los|las|o|os|as|de|der|die|das|den|dem|am|im|"
    r"het|del|du|au|al|em|no|na|op)\s+"
)
_REJECTED = re.compile(
    rf",\s*(?:and\s+|but\s+)?{_NOT}\s+(?:{_AFTER_NOT})?(?P<a>{_CLOCK}|[\w'.-]+"
    rf"(?:\s+[\w'.-]+)?)|\bnot\s+(?P<b>{_CLOCK}|\w+(?:\s+\w+)?)\s*,?\s+but\b|\b(?:instead\s+of|"
    r"rather\s+than|en\s+lugar\s+de|en\s+vez\s+de|au\s+lieu\s+de|anstatt|statt|em\s+vez\s+de|"
    rf"invece\s+di)\s+(?:the\s+|a\s+|an\s+|at\s+)?(?P<c>{_CLOCK}|\w+(?:\s+\w+)?)|"
    r"\bnicht\s+(?P<d>\w+)\s*,?\s+sondern\b|"
    r"\bno\s+es\s+(?P<e>\w+)\s+sino\b|" + _GIVE_UP + r"\s+(?P<f>\w+(?:\s+\w+)?)|"
    # a clause of its own that says "no X": "we'll do the bathroom ourselves, no contractor"
    r",\s*(?:and\s+|but\s+)?no\s+(?:more\s+)?(?P<g>\w+)\s*(?=$|[.;!?])|"
    # "use that not the landline": what to use instead, named by a word that points back
    r"\b(?:use|using|try|ring|call|text|take|book)\s+(?:that|this|it|them|those|these)\s+not\s+"
    r"(?:the\s+|a\s+|an\s+|my\s+|her\s+|his\s+|their\s+)?(?P<i>[\w'.-]+)(?=\s*(?:$|[.;,!?]))|"
    # "it's Reeves not Reed", "on 5433 not 5432": one word for another, the clause ending there
    # (a word of the text's own before "not": "I'm not going." gives nothing up)
    rf"(?<![\w'.:-])(?P<x>[\w'.:-]+)\s+not\s+(?:the\s+|a\s+|an\s+|(?:dr|mr|mrs|ms|prof)\.?\s+)?"
    rf"(?P<h>{_CLOCK}|[\w'.-]+)"
    r"(?=\s*(?:$|[.;,!?]))"
)
# "May" the month, not the verb, and "sept", "aug", "mar" the month: after a word that leads a
# date ("pushed to May", "in May", "the run in sept")
_MONTH_SAID = re.compile(
    r"\b(?:in|to|until|till|by|from|since|through|before|after|early|mid|late|next|last|"
    r"of|this)\s+(may|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\b"
)
_INTERJECTION = re.compile(r"^\s*(?:no|nope|nah|nein|non|nao)\b\s*[,.!:;-]")
# Consent said with a "not" ("I don't mind", "no problem", "it doesn't matter"): the "not" is the
# idiom's, it does not turn the statement around.
_CONSENT = re.compile(
    r"\b(?:do|does|did|would)(?:n't|n’t| not)\s+(?:mind|matter)\b|"
    r"\bno\s+(?:problem|worries|objections?)\b|\bnot\s+a\s+problem\b"
)
_COMPOUND = re.compile(r"\b([^\W\d_]{2,})-([^\W\d_]{2,})\b")
_CJK_DATE_WORDS = sorted(
    (w for w in (*cues.WEEKDAY_WORDS, *cues.MONTH_WORDS) if is_cjk(w)), key=len, reverse=True
)


@dataclass(frozen=True)
class Analysis:
    text: str
    folded: str
    words: frozenset[str]  # stemmed content words, values and cue words left out
    values: frozenset[str]  # "wd:3", "mo:12", "d:6", "y:2026", "t:10:00", "n:16", "url:…"
    names: frozenset[str]  # capitalised names, folded and stemmed (also in words)
    negations: int
    lead: str | None = None  # the first name: most often what the text is about
    subject: str | None = None  # the lead name when the text opens with it ("Dmitri prefers …")
    poles: tuple[tuple[str, int], ...] = ()  # the side of each opposition (lexicon.poles)
    rejected: frozenset[str] = frozenset()  # words it says are not so ("Joe, not Jim": jim)
    joined: tuple[tuple[str, frozenset[str]], ...] = ()  # "wi-fi": ("wifi", {"wi", "fi"})
    person: frozenset[str] = frozenset()  # "first" ("we", "I"), "third" ("he", "her")
    polar: frozenset[str] = frozenset()  # words that say a side or a change, not a subject

    @property
    def polarity(self) -> int:
        return self.negations % 2

    # The cues are read only for the new text and the rules, so only when asked.
    @cached_property
    def gives_up(self) -> bool:
        """Gives a thing up by name ("so scrap the guesthouse"): a change of plan."""
        return _GIVES_UP.search(self.folded) is not None

    @cached_property
    def update(self) -> bool:
        """A strong change cue ("moved to", "no longer")."""
        return _any(self.folded, cues.UPDATE, cues.UPDATE_CJK)

    @cached_property
    def update_weak(self) -> bool:
        """A weak change cue ("now", "currently"): a change only when a value differs too."""
        return _any(self.folded, cues.UPDATE_WEAK, cues.UPDATE_WEAK_CJK, cues.RESUMED)

    @cached_property
    def aside(self) -> frozenset[str]:
        """The words that say who brought the news of a change or why it came about ("halfords
        rang, …", "… cos the tester's off sick"): no part of what changed."""
        if not (self.update or self.correction):
            return frozenset()
        return frozenset(content_word(w) for w in tokens(asides(self.text).casefold()))

    @cached_property
    def hedged(self) -> bool:
        """Says it as a maybe, a question, a condition or advice ("we might cancel the trip",
        "should we move it?", "the GP says I should come off it"), not with "from now on": no
        change made yet."""
        if cues.HEDGED.search(self.folded) is None or cues.FIRM.search(self.folded):
            return False
        # the clause that says the change: "Sam moved to Berlin, might visit in May" is sure
        clauses = _CLAUSE.split(self.folded)
        said = [c for c in clauses if _any(c, cues.UPDATE, cues.CORRECTION) or lexicon.poles(c)[0]]
        return any(cues.HEDGED.search(c) for c in said or clauses)

    @cached_property
    def correction(self) -> bool:
        return self.contrast or self.corrects_in_words

    @cached_property
    def contrast(self) -> bool:
        """Says one thing and not another ("Joe, not Jim"): a correction, or a choice made."""
        return _CONTRAST.search(self.folded) is not None

    @cached_property
    def corrects_in_words(self) -> bool:
        """Says in words that something was wrong ("actually", "I misread"), not by a contrast
        alone; "actually" beside "now" says a change ("Actually Noor is fine with lactose now")."""
        now = cues.UPDATE_WEAK_NORM.search(self.folded)  # not "new": "the new cluster"
        folded = _ACTUALLY.sub(" ", self.folded) if now else self.folded
        denied = not self.update and cues.DENIED.search(folded)
        return bool(denied) or _any(
            folded, cues.CORRECTION, cues.CORRECTION_CJK, _SAID_WRONG, cues.MIXED_UP
        )

    @cached_property
    def normative(self) -> bool:
        """States a norm: an instruction, a permission, a prohibition, a limit."""
        return _any(self.folded, cues.NORMATIVE, cues.NORMATIVE_CJK, _IMPERATIVE)


def _any(folded: str, *patterns: re.Pattern | cues.Lazy) -> bool:
    return any(p.search(folded) for p in patterns)


# Every other one, in whichever words: a word of its own, so that "every other week" is never
# read as "every week" ("other" is a word that says nothing on its own)
_ALTERNATE = re.compile(
    r"(?<!\w)(?:(?:every|each)\s+(?:other|second|2nd|alternate)|fortnightly|bi-?weekly|"
    r"every\s+(?:two|2)\s+weeks|every\s+fortnight|biennially)(?!\w)"
)


# A pure reading of the text: a night's survey reads the same entries again for every line it
# promotes, so the last few thousand readings are kept.
def _cue_words(m: re.Match[str]) -> list[str]:
    """The words of a cue of change, without the thing it changes ("increased my citalopram
    to": "my citalopram" is what the text is about, not a word of change)."""
    said = m.groupdict()
    group = next((g for g in ("changed", "moved", "shifted") if said.get(g)), None)
    if group is None:
        return m.group().split()
    return (m.string[m.start() : m.start(group)] + " " + m.string[m.end(group) : m.end()]).split()


@lru_cache(maxsize=4096)
def analyze(text: str) -> Analysis:
    raw = still_so(unicodedata.normalize("NFKC", text).replace("’", "'"))
    folded = lexicon.one_word(mend(_NUMBER_SIGN.sub("number ", fold(raw))))  # "no. 12": no "no"
    values: set[str] = set()
    stated = statement(raw)  # the cues are read in the whole; its words in the statement
    rest = mend(fold(stated)) if stated is not raw else folded
    rest = lexicon.one_word(rest)  # "mother-in-law", "rolled out": one word each
    rest = take_values(_ALTERNATE.sub(" every alternate ", cues.FRAMING.sub(" ", rest)), values)
    words: set[str] = set()
    person: set[str] = set()
    # A word of person written as a name ("Tom and Su moved", "Mia switched to guitar") is the
    # name, not Spanish "his" or Italian "my"; a given name as often as not, opening a sentence
    named = written_as_names(raw, lexicon.ALSO_NAMES) & lexicon.PERSON_WORDS
    spotted = names_in(stated, _STOP)
    called = {fold(n) for n, _ in spotted}
    read: dict[str, bool] = {}  # an ambiguous word ("sat", "may") is read once, not each time

    def dated(word: str) -> bool:
        if word not in read:
            read[word] = (
                next_to_number(word, folded)
                or word in {m[1] for m in _MONTH_SAID.finditer(folded)}
                or word in _SHORT_DAYS
                and any(
                    word in m.groups()
                    for p in (_DAYS_LISTED, _DAY_AFTER)
                    for m in p.finditer(folded)
                )
            )
        return read[word]

    for token in tokens(rest):
        if not token.isascii() and is_cjk(token):
            for word in _CJK_DATE_WORDS:
                if word in token:
                    values.add(date_value(word))
                    token = token.replace(word, " ")
            for word, code in lexicon.LANGUAGE_WORDS.items():
                if not word.isascii() and word in token:
                    values.add(f"lang:{code}")
                    token = token.replace(word, " ")
            words.update(g for part in token.split() for g in bigrams(part))
        elif token in cues.WEEKDAY_WORDS or token in cues.MONTH_WORDS:
            if token not in cues.AMBIGUOUS_DATE_WORDS or dated(token):
                values.add(date_value(token))
            elif token in called or token == "marco" and "março" not in raw.lower():
                words.add(content_word(token))  # "Marco's number", "Jan lives …": a name
        elif token in cues.NUMBER_WORD_VALUES:
            values.add(f"n:{cues.NUMBER_WORD_VALUES[token]}")
        elif token in lexicon.DAY_PARTS:
            values.add(f"t:{lexicon.DAY_PARTS[token]}")
        elif token in lexicon.LANGUAGE_WORDS:
            values.add(f"lang:{lexicon.LANGUAGE_WORDS[token]}")
        elif token in lexicon.PERSON_WORDS and token not in named:
            person.add("first" if token in lexicon.FIRST_PERSON else "third")
        elif (
            (token not in _STOP or token in named)
            and token not in _CUE_WORDS
            and not token.isdigit()
        ):
            words.add(content_word(token))
    joined = []
    for m in _COMPOUND.finditer(rest):
        parts = frozenset(content_word(p) for p in m.groups()) & words
        if parts:
            joined.append((content_word(m[1] + m[2]), parts))
            words.add(joined[-1][0])
    rejected, counted = _rejected(folded, values)
    sides, polar = lexicon.poles(folded)
    polar += [
        w
        for p in (cues.UPDATE, cues.CORRECTION, cues.DENIED)
        for m in p.finditer(folded)
        for w in _cue_words(m)
    ]
    found = [(stem(fold(n)), at) for n, at in spotted]
    found = [(n, at) for n, at in found if n in words]
    names = frozenset(n for n, _ in found)
    lead = found[0][0] if found else None
    opens = bool(found) and found[0][1] == 0
    return Analysis(
        text=text,
        folded=folded,
        words=frozenset(words),
        values=frozenset(values),
        names=names,
        negations=len(  # (a reminder's "don't forget" frames the text, no "not" of it)
            cues.NEGATION.findall(
                _ELSE.sub(" ", lexicon.NEGATED_SIDES.sub(" ", cues.FRAMING.sub(" ", counted)))
            )
        ),
        lead=lead,
        subject=lead if opens else None,
        poles=tuple(sorted(sides.items())),
        rejected=rejected,
        joined=tuple(joined),
        person=frozenset(person),
        polar=frozenset(content_word(w) for w in polar),
    )


def content_word(token: str) -> str:
    """A content word as the gate compares it: stemmed ("shipping" and "ship" alike), a synonym
    as its class's first word."""
    token = lexicon.IRREGULAR.get(token, token)
    word = stem(token)
    if (
        token.endswith(("ing", "ed"))
        and len(word) > 3
        and word[-1] == word[-2]
        and word[-1] in "bgmnprt"
    ):
        word = word[:-1]
    if len(word) > 5 and word.endswith("ic") and is_word(f"{word[:-2]}y"):
        word = f"{word[:-2]}y"  # "allergic" as "allergy", "historic" as "history"
    return lexicon.SAME.get(word, word)


# Words before a "not" that negate what follows rather than set a word against another
_NOT_AFTER = frozenset(
    "please why absolutely definitely certainly probably maybe perhaps really just still "
    "also even yet if whether or and but so too i'm it's that's he's she's we're they're "
    "you're i've we've they've i'd we'd they'd".split()
)


def _rejected(folded: str, values: set[str]) -> tuple[frozenset[str], str]:
    """(the words and values a text says are not so, the text with those contrasts and a
    leading "No," left out: their negations do not turn the statement around). The values
    said not to be so leave `values` ("born in 1988, not 1986": 1988 only)."""
    rejected: set[str] = set()

    def take(m: re.Match) -> str:
        plain = m["x"] is not None and not two_dates(m["x"], m["h"])  # "of may not march"
        if plain and (m["x"] in _STOP or m["x"] in _NOT_AFTER or not m["h"]):
            return m.group()  # "I'm not going", "please not now": nothing given up
        said = next(g for n, g in m.groupdict().items() if g is not None and n != "x")
        theirs: set[str] = set()
        rest = take_values(said, theirs)
        dated = named_days(rest, values)  # "…, non il martedì", "…, not tue/wed"
        theirs |= {date_value(t) for t in dated}
        if m["g"] is not None and (theirs or not rest.strip() or a_value(rest)):
            return m.group()  # "speaks German, no English": a value it has not, no word given up
        # read alone, "the 9th" of "…, not the 9th" is a number; in the text, a day
        theirs |= {f"d:{v[2:]}" for v in theirs if v[:2] == "n:" and v[2:].isdigit()}
        short = dated & cues.AMBIGUOUS_DATE_WORDS  # "tue": a day's name here, not a word
        rejected.update(content_word(t) for t in tokens(rest) if t not in _STOP and t not in short)
        rejected.update(theirs)
        values.difference_update(theirs)
        return " , "

    counted = _REJECTED.sub(take, _CONSENT.sub(" ", _INTERJECTION.sub(" ", folded)))
    return frozenset(rejected), counted


def says_nothing_new(new: Analysis, diff: Diff) -> bool:
    """Nothing new: no value or side differs, nothing added, nothing ended; and no word of change
    beside a value of the entry left out ("From now on never merge on Fridays at all" for "Don't
    merge on Friday afternoons": the afternoons are gone, the rule is wider)."""
    lost = diff.lost and (new.update or new.correction or says_fewer(new))
    return not (diff.differs or diff.says_more or diff.ended or lost)


def says_fewer(new: Analysis) -> bool:
    """Says it holds of fewer than before: "only on Tuesdays now", "just the two of us"."""
    return bool(new.update_weak or cues.ONLY.search(new.folded))


def as_written(words: frozenset[str], text: str) -> str:
    """Content words (as the gate compares them: "giv") the way the text writes them ("gives"),
    in the text's order, for a reason a person reads."""
    seen: dict[str, str] = {}
    for token in tokens(fold(text)):
        word = content_word(token)
        if word in words and word not in seen:
            seen[word] = token
    return ", ".join([*seen.values(), *sorted(words - set(seen))])
