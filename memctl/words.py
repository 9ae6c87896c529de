"""Words as search sees them: folded text, tokens, CJK bigrams and safe FTS5 query text.

The query a person types is text, never syntax. Tokens are made here and quoted here, so quotes,
`*`, `-`, NEAR, parentheses or SQL in a query are only ever searched for as words.

Chinese, Japanese and Korean runs carry no spaces, and SQLite's unicode61 tokenizer keeps a whole
run as one token. They are indexed and queried as overlapping character bigrams instead (a single
character as itself), so a two-character word inside a sentence is found.
"""

from __future__ import annotations

import functools
import re
import unicodedata

_WORDISH = re.compile(r"[^\W_]+")  # letters and digits: a cheap pattern to compile
_CJK_RANGES = (
    (0x3040, 0x30FF),
    (0x3100, 0x312F),
    (0x3400, 0x4DBF),
    (0x4E00, 0x9FFF),
    (0xAC00, 0xD7AF),
    (0xF900, 0xFAFF),
)  # kana, bopomofo, Han, Hangul


def small_number(text: str) -> int | None:
    """`text` as a line, item or count number ("42"), else None. It takes ASCII digits, at
    most nine: `str.isdigit` also holds for "²", which int() refuses, and int() refuses a run of
    4,300 digits or more (a pasted reference, a hostile field)."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 9 else None


@functools.cache
def _pattern(name: str) -> re.Pattern:
    """Patterns with wide Unicode classes take milliseconds to compile: only when needed."""
    cjk = "".join(f"{chr(a)}-{chr(b)}" for a, b in _CJK_RANGES)
    marks = "\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f"
    if name == "word":
        return re.compile(rf"(?:[^\W_]|[{_inner_marks()}])+")
    return re.compile({"cjk": f"[{cjk}]", "marks": f"[{marks}]"}[name])


def _inner_marks() -> str:
    """The combining marks of the scripts whose words hold them (the vowel signs and viramas of
    Devanagari, Bengali, Tamil, Thai, Myanmar…; Hebrew and Arabic points): to a regex they are
    not word characters, so "निर्देशों" would fall apart into pieces. The index keeps them in
    its tokens (FTS5's unicode61), and so must the query."""
    found, start = [], None
    for point in range(0x0300, 0x3000):
        mark = unicodedata.category(chr(point))[0] == "M"
        if mark and start is None:
            start = point
        elif not mark and start is not None:
            found.append(f"{chr(start)}-{chr(point - 1)}")
            start = None
    return "".join(found)


# Words too common to tell memories apart, and the small talk around a request.
STOPWORDS = frozenset(
    """a about above after again all also am an and any are as at be been before being below
    between both but by can could did do does doing done down during each either else ever few
    for from further get got had has have having he her here hers him his how i if in into is it
    its itself just let lets me more most my myself no nor not now of off on once only or other
    our ours out over own please same she should so some such than that the their theirs them
    then there these they this those through to too under until up us very was we were what when
    where which while who whom why will with would you your yours yourself hi hello hey thanks
    thank ok okay sure yes yeah tell show give find need want like know think say said good
    great nice well really maybe much many lot bit something anything everything stuff still
    can could might must shall may whats hows wheres whos lets im ive id youre dont doesnt
    didnt cant wont isnt s t d ll re ve m""".split()
)

# The words of a turn that only greets, thanks, agrees or hands the turn back ("good morning!",
# "sounds great, go ahead", "cool, got it"). A prompt made of these and stopwords alone asks
# nothing a memory could answer, so recall stays silent before it; search still looks them up.
PHATIC = frozenset(
    """morning mornin evening afternoon night gm gn howdy hiya yo sup greetings bye goodbye
    cya later cheers thx ty appreciate appreciated welcome cool awesome perfect fine alright
    right sounds sound go ahead going ready continue proceed carry keep agreed deal excellent
    brilliant lovely wonderful fantastic amazing neat sweet gotcha understood noted roger yep
    yup nope nah sorry np worries lol haha hahaha wow oh ah hmm uh um ugh omg indeed exactly
    absolutely definitely totally certainly makes sense pleasure take care soon talk see again day
    back hola buenos buenas dias tardes noches gracias bonjour salut merci bonsoir ciao grazie
    buongiorno buonasera danke guten morgen tag abend hallo tschuss obrigado obrigada ola bom
    dia boa dank goedemorgen hej tack""".split()
)


def fold(text: str) -> str:
    """Lower case without accents: 'Café Naïve' -> 'cafe naive' (what the index does too)."""
    if text.isascii():
        return text.lower()
    bare = _pattern("marks").sub("", unicodedata.normalize("NFKD", text))
    return unicodedata.normalize("NFC", bare).casefold()  # NFC: Hangul and kana recomposed


_CAPITALISED = re.compile(r"\b[A-Z][a-z]+\b")
SENTENCE_OPENS = ("", ".", "!", "?", ":", ";", '"', "(")  # what may stand before a first word


def written_as_names(text: str, openers: frozenset[str] = frozenset()) -> set[str]:
    """The words (folded) the text writes with a capital inside a sentence, where a capital
    marks a name ("Tom and Su moved"), and those of `openers` written with one anywhere."""
    return {
        fold(m[0])
        for m in _CAPITALISED.finditer(text)
        if fold(m[0]) in openers or text[: m.start()].rstrip()[-1:] not in SENTENCE_OPENS
    }


def _cjk_char(char: str) -> bool:
    code = ord(char)
    return any(low <= code <= high for low, high in _CJK_RANGES)


def is_cjk(token: str) -> bool:
    return bool(token) and _cjk_char(token[0])


def has_cjk(text: str) -> bool:
    return not text.isascii() and _pattern("cjk").search(text) is not None


def _runs(token: str) -> list[str]:
    """A token split where it changes between CJK and other letters: 'abc北京' -> abc, 北京."""
    if token.isascii():
        return [token]
    runs, start = [], 0
    for i in range(1, len(token)):
        if _cjk_char(token[i]) != _cjk_char(token[i - 1]):
            runs.append(token[start:i])
            start = i
    runs.append(token[start:])
    return runs


def tokens(text: str) -> list[str]:
    """Folded word tokens and CJK runs, in order."""
    found = _word_pattern(folded := fold(text)).findall(folded)
    if not has_cjk(folded):  # a dash or an accent: no run to split
        return found
    return [run for token in found for run in _runs(token)]


def _word_pattern(folded: str) -> re.Pattern:
    """Latin, Greek and Cyrillic (their accents folded away) need no marks inside a word."""
    plain = folded.isascii() or max(folded) < "\u0483"
    return _WORDISH if plain else _pattern("word")


def words(text: str) -> list[str]:
    """Folded non-CJK word tokens (the vocabulary fuzzy matching draws from)."""
    found = _word_pattern(folded := fold(text)).findall(folded)
    if not has_cjk(folded):
        return found
    return [run for token in found for run in _runs(token) if not _cjk_char(run[0])]


def bigrams(run: str) -> list[str]:
    """Overlapping character pairs of a CJK run; a lone character stands for itself."""
    if len(run) < 2:
        return [run] if run else []
    return [run[i : i + 2] for i in range(len(run) - 1)]


def cjk_column(text: str) -> str:
    """What the index stores for the CJK in a text: its bigrams, space-separated."""
    if not has_cjk(text):
        return ""
    return " ".join(gram for token in tokens(text) if is_cjk(token) for gram in bigrams(token))


@functools.lru_cache(maxsize=1 << 16)  # a pure function called per word of every candidate
def stem(word: str) -> str:
    """A light English stem for matching words to words (the index itself uses porter):
    service, services, serviced and servicing all become "servic"; use, used, using "us"."""
    if len(word) > 4 and word.endswith("ies"):
        word = word[:-3] + "y"
    elif len(word) > 4 and word.endswith(("sses", "xes", "zes", "ches", "shes")):
        word = word[:-2]
    elif len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    if len(word) > 4 and word.endswith("ing"):
        word = word[:-3] + "e"
    elif len(word) > 3 and word.endswith("ed") and not word.endswith("eed"):
        word = word[:-1]
    return word[:-1] if len(word) > 2 and word.endswith("e") else word


def quote(token: str) -> str:
    """One FTS5 string: whatever the token holds, it is a literal."""
    return '"' + token.replace('"', '""') + '"'


@functools.cache
def _dictionary() -> frozenset[str]:
    """Whole words of the uncased BERT vocabulary memctl ships (memctl/data): about 20,000
    English words and names, enough to tell a correctly spelled word from a typo."""
    import gzip
    from importlib.resources import files

    data = gzip.decompress(files("memctl").joinpath("data/minilm-vocab.txt.gz").read_bytes())
    return frozenset(w for w in data.decode().split("\n") if len(w) > 3 and w.isalpha())


def is_word(token: str) -> bool:
    """A correctly spelled word, as far as memctl's dictionary knows."""
    return token in _dictionary()
