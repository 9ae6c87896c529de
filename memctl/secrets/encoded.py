"""Text as a person reads it once its encodings are read: what the purge registry looks for.

A purged name comes back in forms a reader reads as the name: URL-encoded (`Jim%20Hardie`,
`%4A%69%6D`, twice: `Jim%2520Hardie`), quoted-printable as mail writes it (`Jim=20Hardie`,
and a line cut by `=` at its end), escaped as JSON or Python write a string
(`Jim\\u0020Hardie`, `Jim\\x20Hardie`, `\\n` for a line break), in a Markdown link that
shows its text (`[Jim](https://example.org) Hardie`), with its digits in another script (`٥٥٥-٠١٩٩`,
`৫৫৫-০১৯৯` for 555-0199), split by a line break or a run of spaces (`Jim\\nHardie`,
`Jim  Hardie`), or joined by a URL's "+" (`Jim+Hardie`). HTML references, fullwidth and other
compatibility forms are read by hidden.py (`seen`). Each reading here is a `hidden.Seen` (or
as long as the text, position for position), so a span found in what is read maps back to the
text as given: the text itself is never rewritten, only what is decided about it. Each is a
single pass of a regex without nested repeats, or str.translate.
"""

from __future__ import annotations

import binascii
import re
import unicodedata

from .hidden import Seen, edited

# A run of URL-encoded bytes; the bytes are read as UTF-8 (a byte that is not is left as it is)
_PERCENT = re.compile(r"(?:%[0-9A-Fa-f]{2})+")
# Whitespace a reader reads as one space: a run of two or more, or one that is not a space.
_SPACES = re.compile(r"\s{2,}|[^\S ]")
# A "+" between two letters or digits: a URL's query writes a space so (`Jim+Hardie`).
_PLUS = re.compile(r"(?<=[^\W_])\+(?=[^\W_])")
_ROUNDS = 3  # `%2520` is `%20` once read, and a space read again
# A Markdown link, inline or by reference, shown as its text: `[text](url)`, `![text](src)`,
# `[text][ref]`.
_LINK = re.compile(r"!?\[(?P<text>[^\[\]\n]*)\](?:\([^()\n]*\)|\[[^\[\]\n]*\])")
# Quoted-printable bytes and soft line breaks; JSON's and Python's escapes of a character
# (a surrogate pair first), of bytes, of a line break or a tab.
_ESCAPED = re.compile(
    r"(?P<qp>(?:=[0-9A-Fa-f]{2})+)|(?P<soft>=\r?\n)|(?P<x>(?:\\x[0-9A-Fa-f]{2})+)"
    r"|\\u(?P<high>[dD][89abAB][0-9A-Fa-f]{2})\\u(?P<low>[dD][c-fC-F][0-9A-Fa-f]{2})"
    r"|\\u(?P<u>[0-9A-Fa-f]{4})|\\U(?P<big>[0-9A-Fa-f]{8})|(?P<space>\\[nrt])"
    r"|(?P<o>(?:\\[0-3][0-7]{2}){2,})"
)


def escapes(text: str) -> Seen | None:
    """The text with its Markdown links read as their text, then its quoted-printable bytes
    and its JSON and Python escapes read (None: nothing to read)."""
    links = None
    if "](" in text or "][" in text:
        found = []
        for m in _LINK.finditer(text):
            start, end = m.span("text")
            if start < end:  # "[" goes with the text's first character, so a span holds it
                found += [(m.start(), start + 1, text[start]), (end, m.end(), "")]
            else:
                found.append((m.start(), m.end(), ""))
        links = edited(text, found)
    shown = text if links is None else links.text
    if "=" not in shown and "\\" not in shown:
        return links
    read = edited(shown, _escape_edits(shown))
    return links if read is None else read.over(links)


def _escape_edits(text: str) -> list[tuple[int, int, str]]:
    found: list[tuple[int, int, str]] = []
    for m in _ESCAPED.finditer(text):
        kind = m.lastgroup
        if kind in ("qp", "x", "o"):
            found += _byte_edits(m.group(), m.start(), 3 if kind == "qp" else 4, kind == "o")
        elif kind == "soft":
            found.append((m.start(), m.end(), ""))
        elif kind == "space":
            found.append((m.start(), m.end(), " "))
        else:
            if kind == "high":
                high, low = int(m.group("high"), 16), int(m.group("low"), 16)
                point = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
            else:
                point = int(m.group(kind or "u"), 16)
            char = chr(point) if point <= 0x10FFFF and not 0xD800 <= point <= 0xDFFF else ""
            if char.isprintable() or char.isspace():
                found.append((m.start(), m.end(), char))
    return found


def percent(text: str) -> Seen | None:
    """The text with its URL-encoded bytes read (None: nothing to read), up to _ROUNDS times."""
    read: Seen | None = None
    for _ in range(_ROUNDS):
        shown = text if read is None else read.text
        if "%" not in shown:
            break
        found = _percent_edits(shown)
        step = edited(shown, found)
        if step is None:
            break
        read = step.over(read)
    return read


def _percent_edits(text: str) -> list[tuple[int, int, str]]:
    found: list[tuple[int, int, str]] = []
    for m in _PERCENT.finditer(text):
        found += _byte_edits(m.group(), m.start(), 3)
    return found


def _byte_edits(
    run: str, offset: int, width: int, octal: bool = False
) -> list[tuple[int, int, str]]:
    """The characters a run of escaped bytes (`%C3%A9`, `=C3=A9`, `\\xc3\\xa9`: `width`
    characters each, the last two hex; with `octal`, `\\303\\251`: the last three octal)
    spells in UTF-8, each over its bytes' span."""
    if octal:
        data = bytes(int(run[i + 1 : i + width], 8) for i in range(0, len(run), width))
    else:
        data = bytes.fromhex(
            "".join(run[i + width - 2 : i + width] for i in range(0, len(run), width))
        )
    found: list[tuple[int, int, str]] = []
    at = 0
    while at < len(data):
        char, size = _utf8(data, at)
        start = offset + width * at
        if char is not None:
            found.append((start, start + width * size, char))
        at += size
    return found


def _utf8(data: bytes, at: int) -> tuple[str | None, int]:
    """The character the UTF-8 bytes at `at` spell, and how many bytes it takes (None, 1: not
    UTF-8 there, left as it is; a control character is no letter of a text either)."""
    for size in range(1, 5):
        try:
            char = data[at : at + size].decode("utf-8")
        except UnicodeDecodeError:
            continue
        return (char if char.isprintable() or char.isspace() else None), size
    return None, 1


def spaces(text: str) -> Seen | None:
    """The text with each run of whitespace, and each line break or tab, read as one space."""
    if "  " not in text and text.isprintable():
        return None  # no run, no line break, no tab (isprintable: a C-level scan)
    return edited(text, [(m.start(), m.end(), " ") for m in _SPACES.finditer(text)])


def pluses(text: str) -> str:
    """The text with each "+" between two letters or digits read as a space, as a URL's query
    writes one: as long as the text, position for position."""
    return _PLUS.sub(" ", text) if "+" in text else text


def digits(text: str) -> str:
    """The text with each decimal digit of another script read as its ASCII digit (Arabic-Indic
    `٥`, Devanagari `५`, Bengali `৫`, …): as long as the text, position for position."""
    if text.isascii():
        return text
    table = {
        ord(c): str(unicodedata.decimal(c))
        for c in set(text)
        if not c.isascii() and unicodedata.decimal(c, None) is not None
    }
    return text.translate(table) if table else text


# Characters that join two words as a space would, in a name written as one token: a hyphen,
# an underscore, a full stop, a slash, a middle dot (`jim-hardie`, `Jim_Hardie`,
# `jim.hardie@example.com`, `Jim/Hardie`, `Jim·Hardie`). The purge registry's reading of words
# (`words`) reads any run of punctuation or symbols between two words so; a history rewrite
# and a purge's own records (memctl.spelling, memctl.anchors) read these.
JOINERS = "-_./\u00b7\u2027\u2219\u22c5\u30fb"
# What the reading of words reads as one space or as nothing: an HTML tag (`<b>`, `</span>`,
# `<br/>`, `<a href="…">`) or comment; a run of characters neither letters, digits nor
# whitespace (punctuation, symbols, underscores), or a lone "<". Which, `words` decides.
_MARKUP = re.compile(
    r"<!--[^\n]{0,200}?-->|</?[a-z][a-z0-9]*(?:[\s/][^<>\n]*)?>|"
    r"(?:[^\w\s<]|_)+|<"
)
_CLUE = re.compile(r"[^\w\s]|_")
# One such character between two letters or digits: read in place, the text's length kept (a
# base64 line holds a "/" or a "+" every few characters).
_JOINER = re.compile(r"(?<=[^\W_])(?:[^\w\s<>]|_)(?=[^\W_])")


def words(folded: str) -> Seen | None:
    """A casefolded text as its words read, whatever joins them (None: as it is): a run of
    punctuation or symbols between two letters or digits read as one space (`jim-hardie`,
    `jim_hardie`, `jim.hardie`, `jim,hardie`, `jim:hardie`, `jim'hardie`, `jim~hardie`,
    `jim=hardie`, `jim(hardie)` are "jim hardie"; with a space beside it, it is a sentence's
    or a list's: "jim, hardie" is two words apart), an underscore at a word's edge, an HTML
    tag and an HTML comment read as nothing (`jim _hardie_`, `<b>jim</b> hardie`). The purge
    registry reads a text so as well as as it is (memctl.purged)."""
    if _CLUE.search(folded) is None:
        return None
    joined = _JOINER.sub(_one, folded)  # as long as the text, position for position
    found = []
    for m in _MARKUP.finditer(joined):
        start, end = m.span()
        run = m.group()
        if run[0] == "<" and len(run) > 1 and (run[1].isalpha() or run[1] in "/!"):
            found.append((start, end, ""))  # a tag or a comment
        elif 0 < start and end < len(joined) and _between(joined, start, end):
            if all(_joins(c) for c in run):
                found.append((start, end, " "))
        elif run.strip("_") == "":  # underscores at a word's edge: emphasis
            found.append((start, end, ""))
    if found:
        return edited(joined, found)
    if joined == folded:
        return None
    return Seen(joined, [0], [0], [0], len(joined))


def _joins(char: str) -> bool:
    """A character that joins two words as a space would: punctuation, a symbol, "_"."""
    return char == "_" or unicodedata.category(char)[0] in "PS"


def _one(m: re.Match[str]) -> str:
    return " " if _joins(m.group()) else m.group()


def _between(text: str, start: int, end: int) -> bool:
    """Whether a letter or digit stands on each side of the span."""
    return text[start - 1].isalnum() and text[end].isalnum()


# Letters or digits written apart, three or more, each alone between blanks ("M a r a  Q u i l l")
# or joined by one punctuation mark or symbol ("M.a.r.a", "M_a_r_a", "M*a*r*a"), and a hyphen
# between two letters ("Quill-feather").
_APART = re.compile(r"(?<![^\W_])[^\W_](?![^\W_])(?:(?:[ \t]{1,3}|[^\w\s]|_)[^\W_](?![^\W_])){2,}")
_BLANKS = re.compile(r"[ \t]+|[^\w\s]|_")
_INNER_HYPHEN = re.compile(r"(?<=[^\W\d_])-(?=[^\W\d_])")


def run_together(folded: str) -> Seen | None:
    """A casefolded text with its letters written apart read as one word ("m a r a  q u i l l"
    and "m.a.r.a q.u.i.l.l" are "maraquill", "j_i_m" and "j*i*m" are "jim") and a hyphen
    between two letters read as nothing ("quill-feather" is "quillfeather"), else None: a
    reading the purge registry looks for a purged text in (its words run together are a
    record of their own), never the text as it is."""
    edits = [
        (m.start() + b.start(), m.start() + b.end(), "")
        for m in _APART.finditer(folded)
        for b in _BLANKS.finditer(m.group())
    ]
    if "-" in folded:
        edits += [(m.start(), m.end(), "") for m in _INNER_HYPHEN.finditer(folded)]
    return edited(folded, sorted(set(edits))) if edits else None


# A run that may be base64: a token of its alphabet (checked whole in base64_texts).
_BASE64 = re.compile(r"[A-Za-z0-9+/]{8,}={0,2}")
# A run that may be text in hex, two digits a byte, "0x" before it or not (hex_texts).
_HEX = re.compile(r"(?:0x)?((?:[0-9A-Fa-f]{2}){4,}|[0-9A-Fa-f]{2}(?:[ :][0-9A-Fa-f]{2}){3,})")


def base64_texts(text: str) -> list[tuple[int, int, str]]:
    """Each token of `text` that is base64 of a text (a run of eight characters or more of its
    alphabet, padded to a multiple of four, with no letter, digit, "_", "-" or "=" against it,
    that decodes to printable UTF-8): its span and the text it decodes to. A token within a
    longer one, or of text cut short, is not read."""
    found = []
    for m in _BASE64.finditer(text):
        start, end = m.span()
        token = m.group()
        if "=" not in token:  # its padding left out, as URLs and JWTs write it
            token += "=" * (-len(token) % 4)
        if len(token) % 4 or _glued(text, start - 1) or _glued(text, end):
            continue
        try:
            decoded = binascii.a2b_base64(token, strict_mode=True).decode("utf-8")
        except (ValueError, UnicodeDecodeError):
            continue
        if decoded.isprintable() and not decoded.isspace():
            found.append((start, end, decoded))
    return found


def hex_texts(text: str) -> list[tuple[int, int, str]]:
    """Each token of `text` that is a text's UTF-8 in hex (`4d617261`, `0x4D617261`, spaced
    `4d 61 72 61` as a hex dump shows it: four bytes or more, no letter or digit against it,
    printable once decoded): its span and the
    text. A commit's id or a hash is hex that decodes to no text (or to none purged)."""
    found = []
    for m in _HEX.finditer(text):
        start, end = m.span()
        if _glued(text, start - 1) or _glued(text, end):
            continue
        try:
            decoded = bytes.fromhex(m.group(1).replace(":", " ")).decode("utf-8")
        except ValueError:
            continue
        if decoded.isprintable() and not decoded.isspace():
            found.append((start, end, decoded))
    return found


def _glued(text: str, at: int) -> bool:
    return 0 <= at < len(text) and (text[at].isalnum() or text[at] in "_-=")


# Runs of two or three whole words a single blank apart, read with the blank between two of
# them dropped (rejoined); a text of more than REJOINED_LONG characters is not read so.
REJOINED_LONG = 1 << 16
_LETTERS = re.compile(r"[^\W_]+")


def rejoined(folded: str, lengths: set[int]) -> list[tuple[int, int, str]]:
    """A word split by a blank or a line break, read whole: each run of two or three whole
    words of `folded` (a text as the purge registry reads it: a line break or a run of blanks
    is one space there), a single blank apart, read with the blank between two of them
    dropped, when that is one of `lengths` long: its span and what it reads ("quill feather"
    is "quillfeather", "mara quill feather" also "mara quillfeather"). Only whole words are
    joined, so what is read begins and ends where words do: "plan new" holds no "ann"."""
    if not lengths or len(folded) > REJOINED_LONG or " " not in folded:
        return []
    longest = max(lengths)
    words = [m.span() for m in _LETTERS.finditer(folded)]
    found: list[tuple[int, int, str]] = []
    for i in range(len(words) - 1):
        start, end = words[i]
        size = end - start
        for j in (i + 1, i + 2):  # the run's last word
            if j >= len(words) or words[j - 1][1] + 1 != words[j][0]:
                break  # no next word, or not a single character between them
            if folded[words[j - 1][1]] != " ":
                break  # only words a single blank apart
            size += words[j][1] - words[j][0]
            if size > longest:
                break
            # all joined is `size` long; two of three joined, one character more
            if size not in lengths and (j == i + 1 or size + 1 not in lengths):
                continue
            pieces = [folded[s:e] for s, e in words[i : j + 1]]
            if len(pieces) == 2:
                reads = ["".join(pieces)]
            else:
                a, b, c = pieces
                reads = [a + b + c, a + b + " " + c, a + " " + b + c]
            found += [(start, words[j][1], read) for read in reads if len(read) in lengths]
    return found
