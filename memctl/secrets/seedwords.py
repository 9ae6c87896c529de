"""A wallet's recovery phrase (BIP39): a run of the standard's words is a secret, whatever
words come before it ("my ledger recovery words are walnut cabin drift …").

Twelve words of the BIP39 word list in a row or more (a phrase has 12, 15, 18, 21 or 24; the
checksum is not asked for: a phrase made up or half remembered is told to memory as a secret
all the same), in any case, with blanks, commas, line breaks, quotes or numbering between them
("1. walnut 2. cabin", "1) walnut", "walnut, cabin"). Near a word that names one ("seed",
"recovery", "backup", "mnemonic", "wallet", "semilla", "助记词"…) eleven are enough, and twelve
or more with one or two misspelt words among them ("drfit" for "drift": one letter added,
dropped, changed or two swapped).

The word lists are those of the `mnemonic` package (Trezor's reference implementation): English,
and the other languages of the standard (Spanish, French, Italian, Portuguese, Czech, Turkish,
Japanese, Korean, Chinese, Russian) with accents and marks set aside. A text pays for one
regular expression: a list is read only when the text holds eleven short words in a row, the
Latin languages other than English only near a word that names a phrase or among words with
accents.
"""

from __future__ import annotations

import unicodedata
from importlib.util import find_spec
from pathlib import Path

from .shape import Finding, rx

# Eleven words or more, with at most twelve characters that are no letters between each two:
# words of three to ten letters in an ASCII text (the lengths of the Latin lists' words), of
# three to twelve in another, or of one or two in a script other than Latin (Chinese has one
# character a word), so that "a", "is", "of" in a sentence end a run.
_GAP = r"[\W\d]{1,12}+"
_ASCII_WORD = r"[A-Za-z]{3,10}+(?![A-Za-z])"
_WORD = r"(?:[^\W\d_]{3,12}+|[^\W\d_A-Za-z\u00c0-\u024f]{1,2}+)(?![^\W\d_])"
_ASCII_RUN = rf"(?<![A-Za-z])(?:{_ASCII_WORD}{_GAP}){{10,}}{_ASCII_WORD}"
_RUN = rf"(?<![^\W\d_])(?:{_WORD}{_GAP}){{10,}}{_WORD}"
_OTHER_LETTER = r"[^\W\d_A-Za-z]"  # a letter past ASCII: "é", "ж", "の"

# What may stand between two words of a phrase besides blanks and a number of one or two digits
_MARKS = frozenset(",;:.()[]#*•·|/\"'“”‘’«»-–—、，。・")

# Words that name a recovery phrase, in the languages of the lists
_CUE = (
    r"(?i)\b(?:seed|mnemoni|recover|backup|back up|wallet|bip[ -]?39|ledger|trezor|metamask|"
    r"secret (?:phrase|words)|passphrase|(?:12|15|18|21|24)[ -]words?|"
    r"semilla|frase|palabras|récupération|recuperación|recuperação|recupero|mots|parole|"
    r"palavras|wiederherstell|wörter|slov|kelime|kurtarma|мнемони|сид|фраз)|"
    r"ニーモニック|復元|助记词|助記詞|니모닉|복구"
)
# The cue's words as plain lowercase substrings: a window of text without one of them needs no
# regular expression (one with a hundred alternatives and no leading literal reads slowly)
_STEMS = tuple(
    """
    seed mnemoni recover backup back wallet bip ledger trezor metamask secret passphrase words
    semilla frase palabras récupération recuperación recuperação recupero mots parole palavras
    wiederherstell wörter slov kelime kurtarma мнемони сид фраз ニーモニック 復元 助记词 助記詞
    니모닉 복구
    """.split()
)
_NEAR = 200  # how far before a run its name may stand (after it: a quarter of that)

_LATIN = ("english", "spanish", "french", "italian", "portuguese", "czech", "turkish")
_SCRIPTS = {
    "latin": _LATIN,
    "cyrillic": ("russian",),
    "kana": ("japanese",),
    "hangul": ("korean",),
    "han": ("chinese_simplified", "chinese_traditional"),
}
# Plain words no misspelt word of a phrase is taken for ("then" is one letter from "thin")
_GLUE = frozenset(
    """
    the and you your with this that for are was not but have has then them they from into its
    our his her she him will can should would could these those what when where which who how
    here there than some more most very just also been were had did does
    """.split()
)
_LETTERS = "abcdefghijklmnopqrstuvwxyz"

_lists: dict[str, frozenset[str]] = {}


def seed_phrases(text: str) -> list[Finding]:
    """Every recovery phrase in `text`, each the span from its first word to its last."""
    latin = text.isascii() or rx(_OTHER_LETTER).search(text) is None
    found: list[Finding] = []
    for m in rx(_ASCII_RUN if latin else _RUN).finditer(text):
        if _worth(text, m.start(), m.end()):
            for run in _runs(text, m.start(), m.end()):
                found += _phrases(text, run)
    return found


def _worth(text: str, start: int, end: int) -> bool:
    """Can the words from start to end hold a phrase: ten English words of the list, a word
    past ASCII (another list's), or a word that names a phrase near them? Most runs of short
    words in prose fail the first two at the cost of a few lookups."""
    said = rx(r"[^\W\d_]+").findall(text, start, end)
    if not all(word.isascii() for word in said):
        return True
    english = _words("english")
    if sum(word.lower() in english for word in said) >= 10:
        return True
    return _named(text[max(0, start - _NEAR) : end + _NEAR // 4])


def _named(window: str) -> bool:
    """Does a word that names a recovery phrase stand in `window`?"""
    lowered = window.lower()
    return any(stem in lowered for stem in _STEMS) and rx(_CUE).search(window) is not None


def _runs(text: str, start: int, end: int) -> list[list[tuple[int, int]]]:
    """The words between start and end, cut where something other than a separator stands
    between two of them; only the runs of eleven words or more."""
    runs: list[list[tuple[int, int]]] = [[]]
    for w in rx(r"[^\W\d_]+").finditer(text, start, end):
        if runs[-1] and not _joins(text[runs[-1][-1][1] : w.start()]):
            runs.append([])
        runs[-1].append(w.span())
    return [run for run in runs if len(run) >= 11]


def _joins(gap: str) -> bool:
    """Can `gap` stand between two words of one phrase: blanks, at most two line breaks, commas
    and such, numbers of one or two digits ("1. walnut 2. cabin"). Without a blank only a comma
    or a semicolon parts two words: "border-image", "and/or", "self.text" are one word each."""
    if gap.count("\n") > 2:
        return False
    if "," not in gap and ";" not in gap and not any(c.isspace() for c in gap):
        return False
    digits = 0
    for c in gap:
        if c.isdigit():
            digits += 1
            if digits > 2:
                return False
        elif c.isspace() or c in _MARKS:
            digits = 0
        else:
            return False
    return True


def _phrases(text: str, run: list[tuple[int, int]]) -> list[Finding]:
    start, end = run[0][0], run[-1][1]
    said = [text[s:e] for s, e in run]
    keys = [_fold(word) for word in said]
    named = _named(text[max(0, start - _NEAR) : end + _NEAR // 4])
    accents = not all(word.isascii() for word in said)
    found: list[Finding] = []
    for script in {_script(key) for key in keys}:
        for language in _SCRIPTS.get(script, ()):
            if script == "latin" and language != "english" and not (named or accents):
                continue  # Spanish, Italian… words without accents: only near a name
            if script == "han" and not named:
                continue  # the commonest characters, a word each: only near a name
            words = _words(language)
            marks = [key in words for key in keys]
            if sum(marks) < 10:
                continue
            spans = _listed(marks)
            if named and script == "latin":
                typos = [
                    not mark and _misspelt(key, words)
                    for key, mark in zip(keys, marks, strict=True)
                ]
                spans += _misspelt_spans(marks, typos)
            for first, last in spans:
                # a phrase's words are drawn from 2,048: "word word word …" is none
                if len(set(keys[first : last + 1])) < (last - first + 1) * 3 // 4:
                    continue
                at, to = run[first][0], run[last][1]
                plain = last - first >= 11 and all(marks[first : last + 1]) and script != "han"
                if plain or _cued(text, at, to):
                    found.append(Finding("seed", "a wallet recovery phrase", at, to))
    return found


def _listed(marks: list[bool]) -> list[tuple[int, int]]:
    """(first, last) word of each run of eleven listed words or more."""
    spans = []
    i = 0
    while i < len(marks):
        j = i
        while j < len(marks) and marks[j]:
            j += 1
        if j - i >= 11:
            spans.append((i, j - 1))
        i = max(j, i + 1)
    return spans


def _misspelt_spans(marks: list[bool], typos: list[bool]) -> list[tuple[int, int]]:
    """Twelve words or more, ten of them listed and one or two misspelt, never side by side
    nor first or last."""
    spans = []
    n = len(marks)
    i = 0
    while i < n:
        j = i
        while j < n and (marks[j] or typos[j]):
            j += 1
        misspelt = [k for k in range(i, j) if typos[k]]
        for a in range(len(misspelt)):
            for b in range(a + 1, min(a + 2, len(misspelt)) + 1):
                inner = misspelt[a:b]
                if inner[-1] == inner[0] + 1:
                    continue  # two side by side
                first = misspelt[a - 1] + 1 if a > 0 else i
                last = misspelt[b] - 1 if b < len(misspelt) else j - 1
                if first == inner[0] or last == inner[-1]:
                    continue
                if last - first >= 11 and sum(marks[first : last + 1]) >= 10:
                    spans.append((first, last))
        i = max(j, i + 1)
    return spans


def _cued(text: str, start: int, end: int) -> bool:
    """Does a word that names a phrase stand before the words from start to end, or just
    after them?"""
    return _named(text[max(0, start - _NEAR) : start]) or _named(text[end : end + _NEAR // 4])


def _misspelt(word: str, words: frozenset[str]) -> bool:
    """Is `word` one letter from a listed word: one added, dropped, changed, or two swapped?"""
    if len(word) < 3 or word in _GLUE or not word.isascii():
        return False
    for i in range(len(word) + 1):
        head, tail = word[:i], word[i:]
        if tail and head + tail[1:] in words:
            return True
        if len(tail) > 1 and head + tail[1] + tail[0] + tail[2:] in words:
            return True
        for c in _LETTERS:
            if head + c + tail in words or (tail and head + c + tail[1:] in words):
                return True
    return False


def _fold(word: str) -> str:
    """A word as the lists are compared: lowercase, accents and marks set aside."""
    if word.isascii():
        return word.lower()
    bare = "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))
    # Turkish's dotless ı as an i: the scanner reads it as one (hidden.mixed_latin)
    return unicodedata.normalize("NFC", bare).lower().replace("ı", "i")


def _script(key: str) -> str:
    c = key[0]
    if c < "\u0250":
        return "latin"
    if "\u0400" <= c < "\u0530":
        return "cyrillic"
    if "\u3040" <= c < "\u3100":
        return "kana"
    if "\u1100" <= c < "\u1200" or "\u3130" <= c < "\u3190" or "\uac00" <= c < "\ud7b0":
        return "hangul"
    if "\u4e00" <= c < "\ua000" or "\u3400" <= c < "\u4dc0":
        return "han"
    return "other"


def _words(language: str) -> frozenset[str]:
    """One of the `mnemonic` package's word lists, folded, read on first use."""
    words = _lists.get(language)
    if words is None:
        listed = (_folder() / f"{language}.txt").read_text(encoding="utf-8").split()
        words = _lists[language] = frozenset(map(_fold, listed))
    return words


def _folder() -> Path:
    spec = find_spec("mnemonic")
    if spec is None or spec.origin is None:
        raise ModuleNotFoundError(
            "memctl's secret scanner reads the BIP39 word lists of the `mnemonic` package: "
            "pip install mnemonic"
        )
    return Path(spec.origin).parent / "wordlist"
