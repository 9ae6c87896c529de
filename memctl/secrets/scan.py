"""Secrets never enter memory: keys, tokens, passwords, PINs, 2FA seeds, card numbers.

Memory stores where a secret lives ("the deploy token is in 1Password under Atlas"), never the
secret itself. `scan` finds each secret with its kind and the exact span of the value, so a
caller can refuse with the redacted form or, with nobody to ask, store `[redacted:KIND]` in its
place. A finding never repeats the value.

Three families, most specific first:
- provider formats (a GitHub token, an AWS access key, a Slack webhook…), each a fixed prefix
  or shape; a shape check rejects words that only share the prefix ("sk-hynix-…", "xoxo-…");
- secrets in context: a password in a link, `Authorization: Basic …` that decodes to
  `user:password`, `sshpass -p …`, `mysql -p…`, `AccountKey=…`, an otpauth link, a card number
  that passes the Luhn check, an AWS secret key named as one;
- written out: `password=…`, `"api_key": "…"`, and prose in several languages ("my bank password
  is hunter2!", "la contraseña del router es …", "garage door PIN: 907133", "the 2FA seed is …").
  Words that say where a secret is ("is in 1Password", "on the fridge") are pointers, not values.

The first two families are data, `data/secrets.tsv`. Each pattern there runs only when the text
holds one of its triggers (a lowercase substring, or a shape checked without a regex: 13 digits
in a row, two dots six characters apart, groups of four base32 characters): a log entry pays
for a few substring tests, not for compiling fifty patterns (about 12 ms, more than the whole
budget of a write's checks).

tests/hostile/ holds the labelled sets (with a held-out part); scripts/bench_admission.py
measures them, against detect-secrets too.
"""

from __future__ import annotations

import re
from pathlib import Path

from .closed import closed_up
from .grouped import grouped
from .hidden import Seen, mixed_latin, seen
from .joined import split_tokens
from .plain import readings
from .shape import Finding, distinct, generated, passwordish, rx, strong_password, value_like
from .spoken import spoken
from .words import written_out

__all__ = ["Finding", "find_secret", "redact", "scan"]


# A pattern of the table: kind, label, its groups of triggers (the text holds one of each
# group's), source. A plain tuple: a NamedTuple class costs start-up time.
_Pattern = tuple[str, str, tuple[tuple[str, ...], ...], str]


TABLE = Path(__file__).parent.parent / "data" / "secrets.tsv"

_DIGITS_AS_ZERO = bytes.maketrans(b"123456789", b"000000000")
_BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz234567"
_BASE32_AS_A = bytes.maketrans(_BASE32.encode(), b"a" * len(_BASE32))
# A value that stands for one: REPLACE_ME, your-api-key, <token>, changeme, dummy…

_table: list[_Pattern] | None = None
# A word and a number ("Chapter-3", "Release_2024"): a heading, not a password.
_WORD_AND_NUMBER = r"[^\W\d_]+[-_. ]?\d{1,4}[.,;:!?]?"


def _patterns() -> list[_Pattern]:
    global _table
    if _table is None:
        _table = []
        for line in TABLE.read_text(encoding="utf-8").splitlines():
            if line and not line.startswith("#"):
                _, kind, label, triggers, source = line.split("\t")
                groups = tuple(tuple(group.split(",")) for group in triggers.split("+"))
                _table.append((kind, label, groups, source))
    return _table


def _holds(
    text: str, lowered: str, triggers: tuple[str, ...], shapes: dict[str, bool], words: str = ""
) -> bool:
    """Does the text hold one of these triggers: a lowercase substring, or a <shape>?
    (`words`: the text's distinct words, where a trigger without a space is looked for.)"""
    for trigger in triggers:
        if trigger[:1] == "<" and trigger[-1:] == ">" and len(trigger) > 2:
            if trigger not in shapes:
                shapes[trigger] = _SHAPES[trigger](text)
            if shapes[trigger]:
                return True
        elif trigger in (words if words and " " not in trigger else lowered):
            return True
    return False


def _card_digits(text: str) -> bool:
    """13 digits in a row, spaces, dots, dashes, slashes, underscores, commas and characters
    past ASCII (an em dash, a middle dot) between them aside."""
    if sum(map(text.count, "0123456789")) < 13:
        return False
    if not text.isascii() and any(c.isdigit() for c in set(text) if not c.isascii()):
        return True  # other scripts' digits count too, as the pattern reads them
    bare = _ascii(text).translate(_DIGITS_AS_ZERO, b" -./_,?")
    return b"0" * 13 in bare


def _dotted(text: str) -> bool:
    """Two dots six characters apart, as in a Discord token's middle part."""
    at = text.find(".")
    while at >= 0:
        if text.startswith(".", at + 7):
            return True
        at = text.find(".", at + 1)
    return False


def _base32_groups(text: str) -> bool:
    """Four groups of four base32 characters, spaced (a 2FA seed written for people), and a
    digit 2-7 somewhere."""
    if not any(d in text for d in "234567"):
        return False
    return b"aaaa aaaa aaaa aaaa" in _ascii(text).translate(_BASE32_AS_A)


def _ascii(text: str) -> bytes:
    """The text as bytes, `?` for every other character: bytes translate by a table, a
    megabyte in a millisecond (a str with one character past ASCII takes a hundred times
    longer)."""
    return text.encode("ascii", "replace")


# What a <shape> trigger of the table asks of the text: checks of a few microseconds per
# kilobyte, where a pattern's compile costs a tenth of a millisecond or more.
_SHAPES = {
    "<card digits>": _card_digits,
    "<dotted>": _dotted,
    "<base32 groups>": _base32_groups,
}


def scan(text: str) -> list[Finding]:
    """Every secret in `text`, in order, without overlaps: read as a person sees the text (a
    key with a zero-width space inside is a key: memctl.secrets.hidden), each span in the
    text's own positions. A word that mixes look-alike letters of another script with Latin
    ones ("pаssword" with a Cyrillic "а") is read in Latin letters (hidden.mixed_latin). The
    text read plainly (memctl.secrets.plain: percent-decoded, digits of any script as ASCII,
    more look-alikes, leetspeak of a secret's name, runs of blanks as one space) is checked
    besides, and so is the text with a secret's name closed up read as its words
    (memctl.secrets.closed: "the keysafe is 1966"), and with digits said as words read as
    digits (memctl.secrets.spoken: "the alarm code is one two three four"), and a code's digits
    written apart read joined (memctl.secrets.grouped: "the PIN is 4.4.7.1"), and a provider's
    token split by a line break or a blank read joined (memctl.secrets.joined)."""
    text = mixed_latin(text)
    read = seen(text)
    found = _scan(text) if read is None else _mapped(_scan(read.text), read)
    plainly = []
    for start, plain in readings(text):  # a token split by an escape: by `\\u200b`, by `\\n`
        found_plainly = _scan(plain.text) + [
            f._replace(start=at + f.start, end=at + f.end)
            for at, token in split_tokens(plain.text)
            for f in _joined(token)
        ]
        plainly += [
            f._replace(start=start + f.start, end=start + f.end)
            for f in _mapped(found_plainly, plain)
        ]
    # a secret's name closed up or hyphenated ("keysafe", "door-code") read as its words, and
    # digits said as words ("one two three four") read as digits, both as a person sees the
    # text (a soft hyphen inside "t\u00adhree" is still "three")
    base = text if read is None else read.text
    lowered = base.lower()
    apart = closed_up(base, lowered)
    if apart is not None:
        base, lowered = apart.text, apart.text.lower()
        plainly += _down(_mapped(_scan(base), apart), read)
    said = spoken(base, lowered)
    if said is not None:
        heard = _mapped(_scan(said.text), said)
        plainly += _down(heard if apart is None else _mapped(heard, apart), read)
    written_apart = grouped(base, lowered)
    if written_apart is not None:
        heard = _mapped(_scan(written_apart.text), written_apart)
        plainly += _down(heard if apart is None else _mapped(heard, apart), read)
    # a provider's token a line break or a blank splits, read joined (memctl.secrets.joined)
    base = text if read is None else read.text
    for start, token in split_tokens(base):
        at = [f._replace(start=start + f.start, end=start + f.end) for f in _joined(token)]
        plainly += at if read is None else _mapped(at, read)
    return _wrapped(text, _without_overlaps(found + plainly) if plainly else found)


_WRAP_BLANKS = 3  # the blanks a token broken across lines may have between its halves
_TOKEN_CHARS = frozenset("_-+/=")


def _wrapped(text: str, found: list[Finding]) -> list[Finding]:
    """Each finding of a token (16 characters or more, no blank) taken on over the rest of the
    token when a line break or a blank split it ("ghp_R8xK2mQ9vL4nP7wZ⏎3yT6bH1cF5dJ0sA2eG9u"): a
    rest of a key's shape right after it is its other half, redacted with it."""
    from .shape import keyish

    out = []
    for n, f in enumerate(found):
        value = text[f.start : f.end]
        end = f.end
        if len(value) >= 16 and not any(c.isspace() for c in value):
            i = end
            while i < len(text) and i - end < _WRAP_BLANKS and text[i] in " \t\r\n":
                i += 1
            j = i
            while j < len(text) and (text[j].isalnum() or text[j] in _TOKEN_CHARS):
                j += 1
            taken = n + 1 < len(found) and found[n + 1].start < j
            if i > end and j > i and not taken and keyish(text[i:j]):
                end = j
        out.append(f._replace(end=end) if end != f.end else f)
    return out


def _joined(token: Seen) -> list[Finding]:
    """What the scanner finds in a split token read joined, in the split text's positions: a
    finding of the whole token only (one of a half is found without the join)."""
    whole = token.at(len(token.text))
    return [f for f in _mapped(_scan(token.text), token) if f.end - f.start == whole]


def _down(found: list[Finding], read: Seen | None) -> list[Finding]:
    """Findings of the text as seen, in the positions of the text as written."""
    return found if read is None else _mapped(found, read)


def _mapped(found: list[Finding], read: Seen) -> list[Finding]:
    """Each finding of a reading, in the positions of the text it was read from."""
    return [f._replace(start=s, end=e) for f in found for s, e in [read.span(f.start, f.end)]]


def _scan(text: str) -> list[Finding]:
    if len(text) < 3:
        return []
    if '\\"' in text:  # a quoted field (`by:"x \\"y\\""`): read its quotes, same positions
        text = text.replace('\\"', ' "')
    lowered = text.lower()
    words = distinct(lowered)
    found: list[Finding] = []
    shapes: dict[str, bool] = {}
    for kind, label, triggers, source in _patterns():
        for any_of in triggers:  # a loop, not all(…): a hundred rows a write, most skipped
            if not _holds(text, lowered, any_of, shapes, words):
                break
        else:
            found += _matches(text, kind, label, source)
    found += written_out(text, lowered, words)
    return _without_overlaps(found)


def _matches(text: str, kind: str, label: str, source: str) -> list[Finding]:
    """The plausible matches of one pattern of the table."""
    found: list[Finding] = []
    pattern = rx(source)
    for m in pattern.finditer(text):
        start, end = _span(m, pattern)
        if _plausible(kind, text[start:end]):
            found.append(Finding(kind, label, start, end))
    return found


def _span(m: re.Match[str], rx: re.Pattern[str]) -> tuple[int, int]:
    """The secret's span: the first of the groups s, s2, s3 that matched, else the match."""
    for group in ("s", "s2", "s3"):
        if group in rx.groupindex and m.start(group) >= 0:
            return m.span(group)
    return m.span()


def find_secret(text: str) -> str | None:
    """What kind of secret `text` holds ("an OpenAI API key"), or None. Never the value."""
    found = scan(text)
    return found[0].label if found else None


def redact(text: str, findings: list[Finding] | None = None) -> str:
    """The text with each secret replaced by `[redacted:KIND]`; the line breaks of a secret cut
    over lines are kept after the mark, so the text keeps its lines (a writer checks a file's
    new lines one for one)."""
    found = scan(text) if findings is None else findings
    for f in sorted(found, key=lambda f: f.start, reverse=True):
        # a mark right after it may be its last character ("Zonnebloem-77!"): shown, it would
        # say one character of the secret
        marks = _TRAILING_MARKS.match(text, f.end)
        end = marks.end() if marks else f.end
        breaks = "\n" * text.count("\n", f.start, end)
        text = f"{text[: f.start]}[redacted:{f.kind}]{breaks}{text[end:]}"
    return text


_TRAILING_MARKS = re.compile(r"[!?#$*^~]*")


def _letter_groups(value: str) -> bool:
    """Four groups or more of four letters, spaced, in one case, most of them unlike a word
    ("KVKF KRCP NZQU YMLX"): a seed written for people to type, not a sentence ("left part
    over here"). Of four-letter English words 98 % read as words; of random groups 44 %."""
    groups = value.replace("-", " ").split()
    if len(groups) < 4 or any(len(group) != 4 for group in groups):
        return False
    if not (value.isupper() or value.islower()):
        return False
    return sum(_wordlike(group.lower()) for group in groups) <= len(groups) // 2


_NO_VOWEL_RUN = re.compile(r"[^aeiouy]{3}")


def _wordlike(group: str) -> bool:
    """A vowel, and no three other letters in a row: how English words of four letters go."""
    return any(c in "aeiouy" for c in group) and _NO_VOWEL_RUN.search(group) is None


def _without_overlaps(found: list[Finding]) -> list[Finding]:
    kept: list[Finding] = []
    for f in sorted(found, key=lambda f: (f.start, -(f.end - f.start))):
        if kept and f.start < kept[-1].end:
            continue
        kept.append(f)
    return kept


def _plausible(kind: str, value: str) -> bool:
    tail = value.split("_")[-1] if "_" in value else value[4:]
    if len(tail) >= 8 and len(set(tail.lower())) <= 2:
        return False  # masked: sk_live_xxxxxxxxxxxxxxxx
    if kind == "slack-token" and not any(c.isdigit() for c in value):
        return False  # "xoxo-hugs-and-kisses": a Slack token holds a digit
    if kind in ("openai-key", "anthropic-key", "slack-token", "bearer-token", "aws-secret-key"):
        return generated(value)
    if kind == "totp-seed":  # base32: mostly letters, some of the digits 2-7
        letters = sum(c.isalpha() for c in value)
        digits = sum(c.isdigit() for c in value)
        if digits == 0:  # a 16-letter seed in 28 has none (a 32-letter one in 800)
            return _letter_groups(value)
        return letters >= 2 * digits
    if kind == "basic-auth":
        return _basic_credentials(value)
    if kind == "password-in-link":
        return value_like(value) and value.lower() not in ("password", "pass", "pwd")
    if kind == "password-in-login":  # "sam:Tr0ub4dor3@proxy.corp", not "Mail:sam.k@corp.com"
        return passwordish(value) or strong_password(value)
    if kind == "password":  # a login's pair, "user sam / hunter2!Qx"
        return strong_password(value) and not rx(_WORD_AND_NUMBER).fullmatch(value)
    if kind == "password-option":
        return _option_value(value.strip("'\""))
    if kind == "ssn":  # never issued: area 000 or 666, group 00, serial 0000, 123-45-6789
        number = re.sub(r"\D", "", value)
        if number == "123456789" or len(set(number)) == 1:
            return False
        return number[:3] not in ("000", "666") and number[3:5] != "00" and number[5:] != "0000"
    if kind == "id-document":  # a passport's or a licence's number: 6 digits or more, capitals
        return _document_number(value)
    if kind == "ni-number":  # prefixes never allocated
        return value[:2].upper() not in ("BG", "GB", "NK", "KN", "TN", "NT", "ZZ")
    if kind == "card-number":
        number = re.sub(r"\D", "", value)
        # a real number is never two or three digits repeated: 4242 4242 … is a test card
        plausible = len(set(number)) > 3 and _card_length(number)
        return plausible and _luhn(number)
    return True


def _document_number(value: str) -> bool:
    """A passport's, a driving licence's or an ID card's number as it is printed: six digits
    or more, letters (if any) in capitals (a British licence's holds its holder's name), at
    most 20 characters; not a date (20260314, 2026-03-14), nor one digit repeated, nor 123456789."""
    digits = sum(c.isdigit() for c in value)
    if digits < 6 or len(value) > 20 or value != value.upper():
        return False
    number = value.replace("-", "")
    if rx(r"(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])").fullmatch(number):
        return False
    if rx(r"\d{4}-\d{2}-\d{2}").fullmatch(value):
        return False
    return len(set(number)) > 2 and number not in "0123456789012345678"


# What stands after a password's option in text about the option, not in a command: the
# option's own name ("-P pass"), the words of a sentence ("-a and the password").
_NOT_OPTION_VALUES = frozenset(
    "pass passwd pwd passphrase pword and or then followed flag option instead".split()
)


def _option_value(value: str) -> bool:
    """A value given to a password's option: not a placeholder, a variable (`$PW`, `%PW%`,
    PowerShell's `$env:PW`), a command's output (`` `cat pw.txt` ``), a word of prose or an
    entry's id (`^k3x9`, after an option with no value at the end of an entry's text). A value
    cut short where a line was shortened ("-u admin:Zq8mW2pLx91v…") is what is left of one;
    "-p …" holds none."""
    value = value.removesuffix("…").removesuffix("...")
    lowered = value.lower()
    if lowered in _NOT_OPTION_VALUES or lowered.startswith(("`", "$env:")):
        return False
    if rx(r"\^[A-Za-z0-9][A-Za-z0-9-]{0,31}").fullmatch(value):
        return False
    return value_like(value)


def _card_length(number: str) -> bool:
    """A card number's length for its network (an e-ticket's "220-2134567890" is 13 digits
    after Mastercard's 22, whose numbers have 16)."""
    two = number[:2]
    if number.startswith("4"):  # Visa
        return len(number) in (13, 16, 19)
    if two in ("34", "37"):  # American Express
        return len(number) == 15
    if "51" <= two <= "55" or "22" <= two <= "27":  # Mastercard
        return len(number) == 16
    if two in ("30", "36", "38", "35"):  # Diners Club, JCB
        return 14 <= len(number) <= 19
    if number.startswith("6") or two in ("50", "56", "57", "58"):  # Discover, Maestro, UnionPay
        return 12 <= len(number) <= 19
    return False


def _basic_credentials(value: str) -> bool:
    import base64
    import binascii

    try:
        decoded = base64.b64decode(value + "=" * (-len(value) % 4), validate=True)
    except (binascii.Error, ValueError):
        return False
    text = decoded.decode("utf-8", "replace")
    return ":" in text and text.isprintable() and len(text) >= 3


def _luhn(digits: str) -> bool:
    total = 0
    for i, c in enumerate(reversed(digits)):
        d = int(c) * (2 if i % 2 else 1)
        total += d - 9 if d > 9 else d
    return total % 10 == 0
