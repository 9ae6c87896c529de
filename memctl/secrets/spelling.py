"""Patterns of a text wherever a copy of it stands as a person reads it: what `memctl forget
--purge` looks for in the files and in git's history (forgetting/purge.py), each form that
the purge registry reads as the text (memctl.purged.searched) written out as a regex.
"""

from __future__ import annotations

import base64
import re
import unicodedata
from functools import cache

from . import encoded, escapes, hidden, joined, letters, numbers, turned

# The characters nobody sees that a copy of a text may hold between its own, one by one (a
# pattern of bytes cannot hold a class of them): the invisible ones of _HIDDEN in the Basic
# Multilingual Plane (past it: tags, which the write layer refuses, and rare format controls).
_BETWEEN = (
    "\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180e\u180f"
    "\u200b\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
    "\u2060\u2061\u2062\u2063\u2064\u2066\u2067\u2068\u2069\u206a\u206b\u206c\u206d\u206e\u206f"
    "\u2800\u3164\ufe00\ufe01\ufe02\ufe03\ufe04\ufe05\ufe06\ufe07\ufe08\ufe09\ufe0a\ufe0b"
    "\ufe0c\ufe0d\ufe0e\ufe0f\ufeff\uffa0"
)
# Marks of emphasis (memctl.secrets.marked) a copy may hold between its characters.
_EMPHASIS = ("*", "~~", "__")


# What a copy may hold between its characters: characters nobody sees, marks of emphasis, a
# quoted-printable soft line break, the marks of a Markdown link around its text ("[",
# "](url)", "][ref]"), an HTML tag or comment (encoded.words). As a str pattern and as one of
# bytes.
_LINKED = (
    r"|=\r?\n|!?\[|\](?:\([^()\n]*\)|\[[^\[\]\n]*\])"
    r"|</?[A-Za-z][A-Za-z0-9]*(?:[\s/][^<>\n]*)?>|<!--[^\n]{0,200}?-->"
)
_AROUND = "(?:[" + "".join(_BETWEEN) + "*]|~~|__" + _LINKED + ")*"
_AROUND_BYTES = (
    b"(?:"
    + b"|".join(re.escape(c.encode()) for c in (*_BETWEEN, *_EMPHASIS))
    + _LINKED.encode()
    + b")*"
)
# What may stand in the place where a text's words meet, besides what joins them: what may
# stand between two characters, and an underscore (Markdown's emphasis, `Jim _Hardie_`).
_EDGE = "[" + "".join(_BETWEEN) + "*_]|~~" + _LINKED
_EDGE_BYTES = (
    b"|".join(re.escape(c.encode()) for c in (*_BETWEEN, "*", "_", "~~")) + _LINKED.encode()
)
# No letter or digit just before or after: where a copy of a text's words run together starts
# and ends ("JimHardie", not "xJimHardiesson"). In bytes, a byte of a character past ASCII is
# read as a letter's, but for general punctuation and the Latin-1 signs (a dash, a quote, "·").
_START = r"(?<![^\W_])"
_END = r"(?![^\W_])"
_START_BYTES = rb"(?:(?<![A-Za-z0-9\x80-\xff])|(?<=\xe2\x80[\x80-\xbf])|(?<=\xc2[\xa0-\xbf]))"
_END_BYTES = rb"(?:(?![A-Za-z0-9\x80-\xff])|(?=\xe2\x80[\x80-\xbf])|(?=\xc2[\xa0-\xbf]))"
# Where two of a text's words meet: a run of whitespace or of joiners (encoded.JOINERS) between
# two letters or digits.
_MEETS = re.compile(f"(?<=[^\\W_])(?:\\s+|[{re.escape(encoded.JOINERS)}]+)(?=[^\\W_])")
# What may stand between two groups of a number's digits (numbers.SEP), as a person reads it.
_SEP = f"[ ./\\-{hidden.SPACES}{hidden.HYPHENS}]|\\)[ -]?|[ -]?\\("
_SEP_BYTES = rb"[ ./\-]|\)[ -]?|[ -]?\(|" + b"|".join(
    re.escape(c.encode()) for c in hidden.SPACES + hidden.HYPHENS
)


def spelled(text: str) -> tuple[str, bytes]:
    """Patterns of `text` wherever a copy of it stands as a person reads it (hidden.seen,
    memctl.purged.searched): in any case, its ASCII in fullwidth and other compatibility
    forms too ("𝐙", "ℤ", "Ⓩ"), a letter in its parts too, look-alike letters of other
    scripts for its Latin ones, any of hidden.HYPHENS for a hyphen, a character as an HTML
    reference ("&#95;", "&amp;#95;"), URL-encoded, quoted-printable or escaped as JSON and
    Python escape it (`%20`, `=20`, `\\u0020`, `\\x20`), ASCII punctuation escaped with a
    backslash; characters nobody sees, marks of emphasis, a Markdown link's marks and HTML tags
    and comments between its own, combining marks that compose with none of them on its ASCII
    letters and digits; its words joined by anything that joins words (_words), a
    provider's token split by a gap (_split); as a whole
    token of base64, padded or not, or of hex; its letters as someone typing ASCII writes
    them, and back ("Jose" and "Jöse" for "José", "Joerg" and "Jorg" for "Jörg": letters.py);
    a name of two words surname first ("Hardie, Jim"); and, for a text that holds a number
    (numbers.phone_like), the number in any grouping of its digits, with a trunk 0 or after a
    country code, as the registry reads it. As a str pattern and as one of UTF-8 bytes (for
    git's objects), each to be compiled with re.IGNORECASE."""
    shown = hidden.visible(text)
    chars = [_char(c) for c in shown]
    pattern, pattern_bytes = _words(shown, chars, _split() if joined.whole_token(shown) else None)
    folded = encoded.digits(shown).casefold()
    grouped = len(folded) == len(shown) and numbers.phone_like(folded)
    if grouped:
        by_digits, by_digits_bytes = _grouped(folded, chars)
        pattern = f"(?:{pattern}|{by_digits})"
        pattern_bytes = b"(?:" + pattern_bytes + b"|" + by_digits_bytes + b")"
    # a Markdown link's "[" goes with it (a YAML list's stays)
    link = r"(?:!?\[(?=[^\[\]\n]*\][(\[]))?"
    coded, coded_bytes, starts = _base64(shown)
    more = ["[", "!", *starts]
    if grouped:  # a number may start with its country code, a "(", a digit of any script, or
        # what may stand before its first digit (_number's `sep`)
        more += [*"(+)*~_<]", *_BETWEEN, *hidden.SPACES, *hidden.HYPHENS, " ./-"]
        more += [f for digit in "0123456789" for f in _forms(digit)]
    # a name surname first ("Hardie, Jim", "Hardie Jim"), the text backwards, in ROT13 and in
    # leetspeak (secrets.turned: "eidraH miJ", "Wvz Uneqvr", "J1m H4rd1e")
    form = shown.casefold()
    for other in turned.other_order(form) + turned.turned(form):
        chars = [_char(c) for c in other]
        pattern += "|" + _AROUND.join(c for c, _ in chars)
        pattern_bytes += b"|" + _AROUND_BYTES.join(b for _, b in chars)
        more += _forms(other[0])
    if turned.turned(form) and any(c in _LEET for c in form):
        leet = [_leet(c) for c in form]
        pattern += "|" + _AROUND.join(c for c, _ in leet)
        pattern_bytes += b"|" + _AROUND_BYTES.join(b for _, b in leet)
        more += list(turned.LEET)
    first, first_bytes = _first(shown[0], *more)
    return (
        f"{first}(?:{link}(?:{pattern})|{coded})",
        first_bytes + b"(?:" + link.encode() + b"(?:" + pattern_bytes + b")|" + coded_bytes + b")",
    )


# The digits and signs leetspeak writes for a letter, as the inside of a pattern's class.
_LEET = {
    letter: "[" + re.escape("".join(k for k, v in turned.LEET.items() if v == letter)) + "]"
    for letter in "aeiost"
} | {"l": "1"}


def _leet(char: str) -> tuple[str, bytes]:
    """The patterns of one character as a copy may write it, or in leetspeak ("1" for "i")."""
    one, one_bytes = _char(char)
    if char not in _LEET:
        return one, one_bytes
    return f"(?:{one}|{_LEET[char]})", b"(?:" + one_bytes + b"|" + _LEET[char].encode() + b")"


def _split() -> tuple[str, bytes]:
    """What may stand between two characters of a provider's token, besides what stands
    between any text's: a gap that splits it (memctl.secrets.joined: a run of blanks, a line
    break and an indentation or a quote's mark, a `" + "`), as a str pattern and one of bytes.
    Possessive: a place is read one way only."""
    starts = re.escape(joined.GAP_STARTS)
    gap = f"(?:(?=[{starts}]){joined.GAP})?+"
    return _AROUND + gap, _AROUND_BYTES + gap.encode()


def _words(
    shown: str, chars: list[tuple[str, bytes]], split: tuple[str, bytes] | None = None
) -> tuple[str, bytes]:
    """The patterns of the text with its words joined as the purge registry reads them where
    two meet (_MEETS): by a run of whitespace or by a run of joiners (`Jim-Hardie`,
    `Jim_Hardie`, `jim.hardie`, `Jim·Hardie`, `Zanzibar/7731`), an underscore of emphasis
    beside it (`Jim _Hardie_`); or by nothing (`JimHardie`, `Zanzibar7731`), where the copy
    stands on its own: no letter or digit before it or after it ("Jimmy Hardiesson" and
    "JimHardiesson" are not "Jim Hardie")."""
    around, around_bytes = split or (_AROUND, _AROUND_BYTES)
    meets = [m.span() for m in _MEETS.finditer(shown)]
    if not meets:
        return around.join(c for c, _ in chars), around_bytes.join(b for _, b in chars)
    space = _char(" ")
    joiners = [_char(c) for c in encoded.JOINERS]
    edge, edge_bytes = f"(?:{_EDGE})", b"(?:" + _EDGE_BYTES + b")"

    def meeting(by: list[tuple[str, bytes]]) -> tuple[str, bytes]:
        one = "|".join(c for c, _ in by)
        one_bytes = b"|".join(b for _, b in by)
        # at least one of them, then all that stands there taken at once (nothing read twice)
        return (
            f"(?=(?:{_EDGE})*?(?:{one}))(?:{one}|{_EDGE})*+",
            b"(?="
            + edge_bytes
            + b"*?(?:"
            + one_bytes
            + b"))(?:"
            + one_bytes
            + b"|"
            + _EDGE_BYTES
            + b")*+",
        )

    by_space, by_space_bytes = meeting([space])
    joined, joined_bytes = meeting(joiners)
    meet = f"(?:{by_space}|{joined}|(?(together){edge}*+|(?!)))"
    meet_bytes = (
        b"(?:" + by_space_bytes + b"|" + joined_bytes + b"|(?(together)" + edge_bytes + b"*+|(?!)))"
    )
    parts: list[tuple[str, bytes]] = []
    at = 0
    for start, end in meets:
        parts += chars[at:start]
        parts.append((meet, meet_bytes))
        at = end
    parts += chars[at:]
    pattern = ""
    pattern_bytes = b""
    for i, (one, one_bytes) in enumerate(parts):
        glue = i > 0 and one != meet and parts[i - 1][0] != meet
        pattern += (around if glue else "") + one
        pattern_bytes += (around_bytes if glue else b"") + one_bytes
    return (
        f"(?:{_START}(?P<together>))?{pattern}(?(together){_END})",
        b"(?:"
        + _START_BYTES
        + b"(?P<together>))?"
        + pattern_bytes
        + b"(?(together)"
        + _END_BYTES
        + b")",
    )


def _base64(shown: str) -> tuple[str, bytes, list[str]]:
    """Patterns of the text as a whole token of base64 (encoded.base64_texts), padded or not,
    or of hex (encoded.hex_texts), in its case, in small letters, in capitals and with each
    word's first letter a capital; and the tokens."""
    forms = dict.fromkeys((shown, shown.lower(), shown.upper(), shown.title()))
    tokens = [base64.b64encode(f.encode()).decode() for f in forms]
    coded = "|".join(t.rstrip("=") for t in tokens).replace("+", "[+]")
    hexes = list(dict.fromkeys(f.encode().hex() for f in forms))
    alphabet = "A-Za-z0-9+/=_-"
    pattern = (
        f"(?<![{alphabet}])(?-i:(?:{coded})={{0,2}})(?![{alphabet}])"
        f"|(?<![A-Za-z0-9_-])(?:0x)?(?:{'|'.join(hexes)})(?![A-Za-z0-9_=-])"
    )
    return pattern, pattern.encode(), [*tokens, *hexes, "0x"]


def _grouped(folded: str, chars: list[tuple[str, bytes]]) -> tuple[str, bytes]:
    """The patterns of the text with each of its numbers in any grouping of its digits."""
    parts: list[tuple[str, bytes]] = []
    at = 0
    for number in numbers.numbers(folded):
        parts += chars[at : number.start]
        parts.append(_number(chars, number))
        at = number.end
    parts += chars[at:]
    return _AROUND.join(p for p, _ in parts), _AROUND_BYTES.join(b for _, b in parts)


def _number(chars: list[tuple[str, bytes]], number: numbers.Number) -> tuple[str, bytes]:
    """The patterns of one number as numbers.readings reads it: a national one with its trunk
    0 or without, or after any country code; an international one after its own country code
    (after "+" or "00", a "(0)" or none after it); each in any grouping of its digits."""
    sep = f"{_AROUND}(?:{_SEP})?{_AROUND}"
    sep_bytes = _AROUND_BYTES + b"(?:" + _SEP_BYTES + b")?" + _AROUND_BYTES
    home = number.places[number.home :]
    nsn = sep.join(chars[i][0] for i in home)
    nsn_bytes = sep_bytes.join(chars[i][1] for i in home)
    if number.code is None:
        code, code_bytes = "[1-9][0-9]{0,2}", rb"[1-9][0-9]{0,2}"
    else:
        own = number.places[number.code : number.code + number.size]
        code = "".join(chars[i][0] for i in own)
        code_bytes = b"".join(chars[i][1] for i in own)
    abroad = rf"(?:\(?\+|\+?\(|(?<![0-9])00){code}\)?{sep}(?:\(0\){sep})?"
    abroad_bytes = rb"(?:\(?\+|\+?\(|(?<![0-9])00)" + code_bytes + rb"\)?" + sep_bytes
    abroad_bytes += rb"(?:\(0\)" + sep_bytes + rb")?"
    if number.code is not None:
        return abroad + nsn, abroad_bytes + nsn_bytes
    at_home = rf"(?:{abroad}|(?<![0-9])\(?0?{sep})"  # never inside a longer number
    at_home_bytes = b"(?:" + abroad_bytes + rb"|(?<![0-9])\(?0?" + sep_bytes + b")"
    return at_home + nsn, at_home_bytes + nsn_bytes


@cache
def _forms(char: str) -> list[str]:
    """The forms of one character a copy may write as it (see spelled), in order."""
    forms = {f for f in (char, char.lower(), char.upper()) if len(f) == 1}
    letter = hidden.folded_latin(char)
    if letter in hidden.lookalikes():  # "Zаnzibar" (a Cyrillic а) for "Zanzibar", and back
        forms |= hidden.lookalikes()[letter] | {letter, letter.upper()}
    forms |= set(hidden.SPACES) if char == " " else set(hidden.HYPHENS) if char == "-" else set()
    forms |= {chr(ord(f) + 0xFEE0) for f in forms if "!" <= f <= "~"}
    forms |= {c for f in forms for c in _compatible_of().get(f, ())}
    forms |= {unicodedata.normalize("NFD", f) for f in forms}  # a letter in its parts
    forms |= _digits_of(char)  # "٥" and "৫" for "5"
    # as someone typing ASCII writes it ("e" for "é", "oe" and "o" for "ö"), and back
    for small in {char.lower(), char.casefold()}:  # "ß" is "ss" casefolded
        forms |= {f for f in (letters.plain(small), letters.spelled_out(small)) if f}
    forms |= letters.accented(char) if char.isascii() and char.isalpha() else set()
    return sorted(forms)


def _first(char: str, *more: str) -> tuple[str, bytes]:
    """A lookahead for a copy's first character (written as any form of `char`, escaped,
    encoded or as a reference) or one of `more`: a search tries it alone at each place of a
    text, and most places fail it at once (without it, a search tries the whole pattern at
    each place, twice as long)."""
    firsts = {f[0] for f in _forms(char)} | set("\\&%=") | {m[0] for m in more}
    first_bytes = {f.encode()[0] for f in firsts}
    return (
        "(?=[" + "".join(re.escape(c) for c in sorted(firsts)) + "])",
        b"(?=[" + b"".join(re.escape(bytes([b])) for b in sorted(first_bytes)) + b"])",
    )


@cache
def _char(char: str) -> tuple[str, bytes]:
    """The patterns of one character as a copy may write it (see spelled); made once a
    process, each a few dozen small patterns compiled to be compared."""
    ordered = _forms(char)
    written = list(ordered)
    refs = escapes.referenced(f for f in ordered if len(f) == 1)
    escape = "\\\\?" if char.isascii() and not char.isalnum() and char != " " else ""
    marks = _marks_on(char) if char.isascii() and char.isalnum() else ""
    coded = [code(f) for f in ordered if f.isascii() or f == char for code in escapes.ENCODINGS]
    # A space may be a run of them, a line break, a tab, a "+" (a URL's space) or an escaped
    # line break or tab: \s holds the whitespace of a str (of bytes: ASCII's alone), so each
    # is matched one way only.
    by_str = _one_each([f for f in written if not (char == " " and f.isspace())], str)
    by_bytes = _one_each(
        [f for f in written if not (char == " " and f.isspace() and f.isascii())], bytes
    )
    # The forms of one character as a class (a hundred alternatives of one character each
    # made a pattern several times longer to compile, and slower to search), then the longer
    # ones ("oe" for "ö", a letter in its parts).
    single = "".join(f for f in by_str if len(f) == 1)
    one = "|".join(
        [
            *([f"[{''.join(map(re.escape, single))}]"] if single else []),
            *(re.escape(f) for f in by_str if len(f) > 1),
            *refs,
            *coded,
        ]
    )
    single = "".join(f for f in by_bytes if len(f) == 1)
    one_bytes = b"|".join(
        [
            *([_byte_class(single)] if single else []),
            *(re.escape(f.encode()) for f in by_bytes if len(f) > 1),
            *map(str.encode, refs),
            *map(str.encode, coded),
        ]
    )
    if char == " ":
        one = rf"(?:\s|\+|\\[nrt]|{one})+"
        one_bytes = rb"(?:\s|\+|\\[nrt]|" + one_bytes + b")+"
    pattern = escape + "(?:" + one + ")" + (f"[{marks}]*" if marks else "")
    pattern_bytes = escape.encode() + b"(?:" + one_bytes + b")"
    pattern_bytes += b"(?:" + _byte_class(marks) + b")*" if marks else b""
    return pattern, pattern_bytes


def _one_each(forms: list[str], kind: type) -> list[str]:
    """`forms` without those an earlier one matches already under re.IGNORECASE ("G" after
    "g"; for a pattern of bytes, ASCII letters alone have cases). Two alternatives that match
    the same text make a search that fails after a copy's first characters try each one at
    every character: twice the work a letter, a million ways for 20 letters (a log of lines
    that hold a token's first half took minutes to purge)."""
    kept: list[str] = []
    cases: set[str] = set()  # the kept forms' small and capital forms: what is checked further
    for form in forms:
        if (form.lower() in cases or form.upper() in cases) and any(
            _same(k, form, kind) for k in kept
        ):
            continue
        kept.append(form)
        cases |= {form.lower(), form.upper()}
    return kept


@cache
def _same(pattern: str, form: str, kind: type) -> bool:
    """Does `pattern`, escaped, match `form` under re.IGNORECASE (as str, or as UTF-8 bytes)?"""
    if kind is str:
        return re.fullmatch(re.escape(pattern), form, re.IGNORECASE) is not None
    found = re.fullmatch(re.escape(pattern.encode()), form.encode(), re.IGNORECASE)
    return found is not None


@cache
def _digits_of(char: str) -> frozenset[str]:
    """The decimal digits of every script that stand for the ASCII digit `char` (none for any
    other character): Unicode's digits come in runs of ten from a zero."""
    if not ("0" <= char <= "9"):
        return frozenset()
    return frozenset(chr(zero + int(char)) for zero in _zeros())


@cache
def _zeros() -> tuple[int, ...]:
    digits = filter(str.isdecimal, map(chr, range(0x110000)))  # a C-level scan, ~50 ms
    return tuple(ord(c) for c in digits if unicodedata.decimal(c) == 0)


@cache
def _compatible_of() -> dict[str, set[str]]:
    """Each ASCII letter or digit, and the characters of _COMPATIBLE read as it alone."""
    found: dict[str, set[str]] = {}
    for char, read in hidden.compatible().items():
        if read != char and len(read) == 1:
            found.setdefault(read, set()).add(char)
    return found


@cache
def _marks_on(char: str) -> str:
    """The combining marks that compose with neither case of `char` (seen reads them as
    nothing), as the inside of a pattern's class."""
    cases = {char.lower(), char.upper()}
    marks = []
    for first, last in re.findall("(.)-(.)", hidden.COMBINING):
        for point in range(ord(first), ord(last) + 1):
            mark = chr(point)
            if unicodedata.combining(mark) or unicodedata.category(mark) == "Me":
                if all(len(unicodedata.normalize("NFC", c + mark)) == 2 for c in cases):
                    marks.append(mark)
    return "".join(marks)


def _byte_class(chars: str) -> bytes:
    """A pattern of bytes for one of `chars` in UTF-8: alternatives by all bytes but the last,
    each with a class of last bytes."""
    groups: dict[bytes, list[int]] = {}
    for char in chars:
        encoded = char.encode()
        groups.setdefault(encoded[:-1], []).append(encoded[-1])
    return b"|".join(
        re.escape(head) + b"[" + b"".join(b"\\x%02x" % last for last in lasts) + b"]"
        for head, lasts in groups.items()
    )
