"""Digits said as words, for the secret scanner: "the alarm code is one two three four" is the
code 1234, as "der Code ist eins zwei drei vier" and "el PIN es cinco cinco tres uno" are.

`spoken` reads each run of three digit words or more, in one language, as its digits, so the
scanner checks "the alarm code is 1234" and finds the same PIN there it finds in the digits
(a finding's span is the run as written). Only a run of words that each stand for one digit
is read ("four oh four", "eins-zwei-drei"), never a number said as a number ("twenty-one",
"one hundred"): "I have one two-hour meeting" and "it takes two or three days" hold no run.
Only a text that names a code or a password is read so: the words are everywhere, a code's
name is not.
"""

from __future__ import annotations

from .hidden import Seen, edited
from .shape import rx

# Each language's words for the digits 0-9, a digit's words separated by "/".
# fmt: off
_DIGITS = {
    "en": "zero/oh/nought one two three four five six seven eight nine",
    "de": "null eins zwei/zwo drei vier fünf/fuenf sechs sieben acht neun",
    "es": "cero uno dos tres cuatro cinco seis siete ocho nueve",
    "fr": "zéro/zero un deux trois quatre cinq six sept huit neuf",
    "it": "zero uno due tre quattro cinque sei sette otto nove",
    "pt": "zero um dois/duas três/tres quatro cinco seis sete oito nove",
    "nl": "nul een twee drie vier vijf zes zeven acht negen",
}
# fmt: on
# A word, the digit it says in each language that has it.
_WORDS: dict[str, dict[str, str]] = {}
for _language, _said in _DIGITS.items():
    for _digit, _forms in enumerate(_said.split()):
        for _form in _forms.split("/"):
            _WORDS.setdefault(_form, {})[_language] = str(_digit)

_WORD = "|".join(sorted(_WORDS, key=len, reverse=True))
# A run of three digit words or more, each after a space, a comma and a space, or a hyphen;
# not inside a compound ("two-hour") nor after one.
_RUN = rf"(?i)(?<![\w-])(?:{_WORD})(?:(?:,? |-)(?:{_WORD})){{2,15}}(?![\w-])"
# What names a code or a password, in the languages above (a substring of the lowered text).
_NAMES = (
    "pin", "code", "cod", "kod", "puk", "cvv", "cvc", "combo", "combina", "kombina", "pass",
    "wort", "contrase", "clave", "senha", "wachtw", "alarm", "safe", "tresor", "zahlen", "lock",
    "schloss", "serrure", "cadenas", "candado", "cadeado", "slot",
)  # fmt: skip


def spoken(text: str, lowered: str) -> Seen | None:
    """The text with each run of digit words read as its digits (`lowered`: its lowercase), or
    None when it holds no such run or names no code."""
    if not any(name in lowered for name in _NAMES) or not _run_in(lowered):
        return None
    edits = []
    for m in rx(_RUN).finditer(text):
        words = rx(r"[^\s,-]+").findall(m.group().lower())
        languages = set.intersection(*(set(_WORDS[word]) for word in words))
        if languages:
            language = min(languages)  # each says the same digits ("six": English, French)
            edits.append((m.start(), m.end(), "".join(_WORDS[w][language] for w in words)))
    return edited(text, edits)


# Punctuation read as a space, to cut a text into its words without a regex
_AS_SPACE = str.maketrans(dict.fromkeys(".,;:!?()[]{}\"'«»“”-–—/", " "))


def _run_in(lowered: str) -> bool:
    """Does the text hold three digit words in a row? (A split and a look-up a word: the run's
    pattern tries each of its words at every character, ten times as long.)"""
    run = 0
    for word in lowered.translate(_AS_SPACE).split():
        run = run + 1 if word in _WORDS else 0
        if run == 3:
            return True
    return False
