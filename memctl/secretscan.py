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
holds one of its triggers: a log entry pays for a few substring tests, not for compiling fifty
patterns (about 12 ms, more than the whole budget of a write's checks).

tests/hostile/ holds the labelled sets (with a held-out part); scripts/bench_admission.py
measures them, against detect-secrets too.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple


class Finding(NamedTuple):
    kind: str  # a slug: "github-token"; shown in [redacted:KIND]
    label: str  # for people: "a GitHub token"
    start: int  # the value's span in the text scanned
    end: int


class _Pattern(NamedTuple):
    kind: str
    label: str
    triggers: tuple[str, ...]
    source: str


DIGITS_TRIGGER = "<13 digits>"  # a card number's trigger: the text holds 13 digits or more
TABLE = Path(__file__).with_name("data") / "secrets.tsv"

# Words that name a secret, in the languages memctl's users write in; a value follows them.
# fmt: off
_SECRET_WORDS = (
    r"password|passwort|passwd|passcode|passphrase|pwd|kennwort|wachtwoord|contrase(?:ñ|n)a|"
    r"clave|mot de passe|senha|parola d'ordine|lösenord|adgangskode|hasło|heslo|"
    r"wifi key|wlan[- ]?(?:key|schlüssel)|login|sign-in|pin|pin code|pincode|door code|"
    r"alarm code|gate code|access code|unlock code|safe code|entry code|keypad code|code"
)
_TWO_FACTOR = ("2fa", "mfa", "totp", "otp", "authenticator")
_PROSE_TRIGGERS = (
    "pass", "pwd", "wort", "contrase", "clave", "senha", "parola", "lösen", "adgang", "hasło",
    "heslo", "wifi", "wlan", "login", "sign-in", "pin", "code", *_TWO_FACTOR,
)
# A bare "code" names a secret only next to what it opens: "the code to the shed is 4471".
_ACCESS_NOUNS = (
    "door", "gate", "alarm", "safe", "garage", "lock", "building", "keypad", "entrance", "house",
    "flat", "apartment", "locker", "padlock", "tür", "porte",
)
# Words that say where a secret is, or that there is none: "password: in 1Password".
_POINTERS = frozenset("""
    in on at see under from stored kept saved the a an my our his her their its is are was ask
    check look use same none null nil empty unset n/a na tbd todo redacted hidden changed rotated
    reset expired required optional 1password bitwarden lastpass keychain keepass vault env
    environment manager written taped printed below above attached there here with by known
    shared sent set unknown missing disabled enabled correct wrong invalid different placeholder
    example xxx xxxx xxxxx *** **** ***** password secret token changeme
""".split())
_CARD_PREFIXES = (
    "4", "51", "52", "53", "54", "55", "22", "23", "24", "25", "26", "27", "34", "37", "6",
    "35", "36", "38", "30", "50", "56", "57", "58",
)
# Words near which a value shaped like a secret is one ("set the Jenkins password to Ch@ngeMe_26",
# "Use Q7v!mR2#pLx9 to log into the NAS"): credentials in many languages; keys and tokens;
# codes (their digits: "PUK for the old SIM: 58204419"); security answers.
_CREDENTIALS = (
    r"password|passwort|passwd|kennwort|wachtwoord|hasło|haslo|lösenord|losenord|adgangskode|"
    r"salasana|heslo|parola|senha|contraseña|contrasena|clave|mot de passe|пароль|şifre|sifre|"
    r"密码|パスワード|비밀번호|login|log in|log into|logon|sign in|pass|pw|pwd|passphrase|creds|"
    r"credentials|wifi|wi-fi|wlan"
)
_KEYS = (
    r"token|api[ _-]?key|apikey|secret|access[ _-]?key|auth(?:orization)?|bearer|credential|key|"
    r"session|cookie|signature|sig"
)
_CODES = (
    r"pin|puk|passcode|pass code|code|combo|combination|digicode|cvv2?|cvc2?|zahlencode|"
    r"código|codigo|codice|kod|koodi|türcode"
)
_ANSWERS = (
    r"maiden name|first pet|pet's name|security (?:question|answer)|memorable (?:word|place|name)|"
    r"secret (?:question|answer)|street you grew up on|first school|childhood (?:friend|nickname)|"
    r"favou?rite (?:teacher|book|film|movie|place|food)|city you were born in|born in which city"
)
# What a "code" is when it is no secret: "error code 404", "zip code 94110".
_PUBLIC_CODES = frozenset("""
    error status area zip postal post country dialing dialling product promo promotion discount
    coupon voucher qr bar source exit return http response sort tax airport language currency
    colour color zoom meeting confirmation booking tracking reference order invoice item sku
    style dress morse cheat machine op ascii unicode iso hs icd cpt locale region reason
    referral invite invitation gift redeem activation
""".split())
_HASH_WORDS = (
    "sha", "md5", "hash", "digest", "fingerprint", "checksum", "commit", "integrity", "uuid",
    "request id", "build", "revision",
)
# fmt: on

# "…password for the NAS is X", "…Passwort für das WLAN ist X", "…PIN: X", "…passcode is X".
_PROSE = (
    rf"(?i)(?<![\w-])(?P<word>{_SECRET_WORDS}|(?:{'|'.join(_TWO_FACTOR)})\s+"
    r"(?:seed|secret|key|code)s?)(?![\w-])"
    r"(?:\s+(?:for|of|to|on|at|für|zum|zur|del|de|du|de la|della|dello|do|da|van|voor)"
    r"(?:\s+[\w'’.-]+){1,4}?)?"
    r"\s*(?:[:=]|\s(?:is|was|are|es|ist|est|è|é|is now|now is|ist jetzt|=)\s)\s*"
    r"(?P<s>'[^'\n]{3,}'|\"[^\"\n]{3,}\"|“[^”\n]{3,}”|[^\s,;]{3,})"
)
# "user ops / pass V3ryL0ngP@ss": a password word, then a value shaped like one (no "is").
_DIRECT = (
    r"(?i)(?<![\w-])(?:password|passwort|pass|pw|pwd|passcode|kennwort|login)\s+"
    r"(?P<s>[^\s,;]{6,})"
)
# `password=hunter2`, `token: abc123`, `"api_key": "…"`, `SECRET_KEY=…`: a key, = or :, a value.
_ASSIGNED = (
    r"(?i)(?<![\w-])(?P<key>[a-z0-9_.-]*?(?:password|passwd|passphrase|pwd|secret|token|"
    r"api[_-]?key|apikey|access[_-]?key|auth[_-]?key|client[_-]?secret|private[_-]?key|"
    r"credentials?|auth)[a-z0-9_]*)[\"']?\s*(?::=|=|:)\s*[\"']?(?P<s>[^\s\"',;]{4,})"
)
_ASSIGNED_TRIGGERS = ("pass", "pwd", "secret", "token", "key", "credential", "auth")
_SEED = r"(?:[A-Z2-7]{4}[ -]?){4,}[A-Z2-7]*"
_PLACEHOLDER_START = ("$", "<", "{", "%", "[", "(", "*", "…", "...")
_POINTER_PREFIXES = ("op://", "vault:", "env:", "keychain:", "http", "ssm:", "arn:", "secret://")
_NO_DIGITS = str.maketrans("", "", "0123456789")

_table: list[_Pattern] | None = None
_compiled: dict[str, re.Pattern[str]] = {}


def _patterns() -> list[_Pattern]:
    global _table
    if _table is None:
        _table = []
        for line in TABLE.read_text(encoding="utf-8").splitlines():
            if line and not line.startswith("#"):
                _, kind, label, triggers, source = line.split("\t")
                _table.append(_Pattern(kind, label, tuple(triggers.split(",")), source))
    return _table


def _rx(pattern: str) -> re.Pattern[str]:
    """A pattern compiled on first use."""
    found = _compiled.get(pattern)
    if found is None:
        found = _compiled[pattern] = re.compile(pattern)
    return found


def scan(text: str) -> list[Finding]:
    """Every secret in `text`, in order, without overlaps."""
    if len(text) < 3:
        return []
    lowered = text.lower()
    digits = len(text) - len(text.translate(_NO_DIGITS))
    found: list[Finding] = []
    for p in _patterns():
        if not any(digits >= 13 if t == DIGITS_TRIGGER else t in lowered for t in p.triggers):
            continue
        rx = _rx(p.source)
        for m in rx.finditer(text):
            start, end = m.span("s") if "s" in rx.groupindex else m.span()
            if _plausible(p.kind, text[start:end]):
                found.append(Finding(p.kind, p.label, start, end))
    if any(t in lowered for t in _PROSE_TRIGGERS):
        found += _prose(text)
    if any(t in lowered for t in ("pass", "pw", "login", "kennwort")):
        for m in _rx(_DIRECT).finditer(text):
            start, end = m.span("s")
            value = text[start:end].rstrip(".!?:)]")
            if _strong(value) and _assigned_value(value):
                found.append(
                    Finding("password", "a password written out", start, start + len(value))
                )
    found += _near(text, lowered)
    if ("=" in text or ":" in text) and any(t in lowered for t in _ASSIGNED_TRIGGERS):
        for m in _rx(_ASSIGNED).finditer(text):
            start, end = m.span("s")
            value = text[start:end]
            value = value if value.endswith(("...", "…")) else value.rstrip(".:!?)")
            key = m["key"].lower()
            if _assigned_value(value) and not key.endswith("authorization"):
                name = key.replace("_", " ").replace("-", " ").strip(" .")
                found.append(
                    Finding("secret-value", f"a {name} written out", start, start + len(value))
                )
    return _without_overlaps(found)


def find_secret(text: str) -> str | None:
    """What kind of secret `text` holds ("an OpenAI API key"), or None. Never the value."""
    found = scan(text)
    return found[0].label if found else None


def redact(text: str, findings: list[Finding] | None = None) -> str:
    """The text with each secret replaced by `[redacted:KIND]`."""
    found = scan(text) if findings is None else findings
    for f in sorted(found, key=lambda f: f.start, reverse=True):
        text = f"{text[: f.start]}[redacted:{f.kind}]{text[f.end :]}"
    return text


def _prose(text: str) -> list[Finding]:
    found = []
    for m in _rx(_PROSE).finditer(text):
        word = m["word"].lower()
        if word == "code" and not any(n in m.group().lower() for n in _ACCESS_NOUNS):
            continue
        start, end = _value_span(m, text, word)
        if _prose_value(word, text[start:end], quoted=text[start - 1 : start] in "'\"“"):
            kind, label = _prose_kind(word)
            found.append(Finding(kind, label, start, end))
    return found


_TOKEN = r"[^\s,;()\[\]<>\"'“”`]+"
_NEAR = (
    rf"(?i)(?<!\w)(?:(?P<cred>{_CREDENTIALS})|(?P<key>{_KEYS})|(?P<code>{_CODES})"
    rf"|(?P<answer>{_ANSWERS}))(?:(?<=\w{{6}})(?:et|en|es|s|e|a))?(?!\w)"
)


def _stems(*patterns: str) -> tuple[str, ...]:
    """The first three letters of every word of these alternations: the near family's
    triggers, so a text naming none of them skips its regex."""
    words = re.split(r"\||\(\?:|[()?\[\]]", "|".join(patterns))
    return tuple(sorted({w.strip()[:3].lower() for w in words if len(w.strip()) >= 3}))


_NEAR_TRIGGERS = _stems(_CREDENTIALS, _KEYS, _CODES, _ANSWERS)


def _near(text: str, lowered: str) -> list[Finding]:
    """Values shaped like a secret next to a word that names one."""
    if not any(t in lowered for t in _NEAR_TRIGGERS) and "pw" not in lowered:
        return []
    found: list[Finding] = []
    for m in _rx(_NEAR).finditer(text):
        if m["cred"]:
            hit = _best(text, _clause(text, m.end(), 60))
            hit = hit or _first(text, _clause(text, m.start(), -30), _strong_password)
            kind, label = "password", "a password written out"
        elif m["key"]:
            if any(h in lowered[max(0, m.start() - 30) : m.end() + 30] for h in _HASH_WORDS):
                continue
            hit = _first(text, _clause(text, m.end(), 40), _keyish)
            kind, label = "secret-value", f"a {m['key'].lower()} written out"
        elif m["code"]:
            before = lowered[max(0, m.start() - 24) : m.start()].split()
            if m["code"].lower() == "code" and (not before or before[-1] in _PUBLIC_CODES):
                continue
            hit = _first(text, _clause(text, m.end(), 50), _codeish)
            kind, label = "pin", "a PIN or door code"
        else:
            hit = _answer(text, m.end())
            kind, label = "security-answer", "a security answer"
        if hit is not None:
            found.append(Finding(kind, label, *hit))
    return found


def _clause(text: str, at: int, width: int) -> tuple[int, int]:
    """The span from `at` to `width` characters on (back, when negative), within the line."""
    if width < 0:
        start = max(0, at + width)
        cut = text.rfind("\n", start, at)
        return (cut + 1 if cut >= 0 else start), at
    end = min(len(text), at + width)
    cut = text.find("\n", at, end)
    return at, (cut if cut >= 0 else end)


def _first(
    text: str, span: tuple[int, int], shaped: Callable[[str], bool]
) -> tuple[int, int] | None:
    for m in _rx(_TOKEN).finditer(text, *span):
        value = m.group().rstrip(".!?:)]")
        if shaped(value):
            return m.start(), m.start() + len(value)
    return None


def _best(text: str, span: tuple[int, int]) -> tuple[int, int] | None:
    """The most password-like value in the span: digits beat none ("Passwort für das Firmen-VPN
    lautet Sommer2025#Kiel": the password, not the VPN's name)."""
    best, rank = None, 0
    for m in _rx(_TOKEN).finditer(text, *span):
        value = m.group().rstrip(".!?:)]")
        if _passwordish(value):
            score = 1 + any(c.isdigit() for c in value) + any(not c.isalnum() for c in value)
            if score > rank:
                best, rank = (m.start(), m.start() + len(value)), score
    return best


def _passwordish(value: str) -> bool:
    if len(value) < 6 or not _assigned_value(value) or _public_shape(value):
        return False
    letters = any(c.isalpha() for c in value)
    digits = any(c.isdigit() for c in value)
    symbols = any(not c.isalnum() for c in value)
    return letters and (digits or (symbols and len(value) >= 8 and _mixed(value)))


def _strong_password(value: str) -> bool:
    """Before the word ("use X to log in"): only a value no word or name could be."""
    return len(value) >= 8 and _strong(value) and not _public_shape(value)


def _keyish(value: str) -> bool:
    if len(value) >= 32 and all(c in "0123456789abcdefABCDEF" for c in value):
        return True  # a hash near a hash word was skipped before: this one is a key
    if _public_shape(value) or value.startswith(("AAAA", "ssh-", "sha", "SHA")):
        return False
    body = sum(c.isalnum() or c in "_-+/=." for c in value)
    return len(value) >= 20 and body == len(value) and _mixed(value) and _shape(value)


def _codeish(value: str) -> bool:
    return bool(_rx(r"[A-Za-z]?\d{3,8}[#*]?").fullmatch(value))


def _answer(text: str, at: int) -> tuple[int, int] | None:
    found = _rx(_ANSWER_VALUE).match(text, at)
    if found is None:
        return None
    value = found["s"].strip()
    words = value.split()
    if not words or len(words) > 3 or value.lower() in _POINTERS or words[0].lower() in _POINTERS:
        return None
    start = found.start("s") + found["s"].index(value)
    return start, start + len(value)


_ANSWER_VALUE = r"[^\n]{0,60}?(?:\s(?:is|was|=)\s|[:→]\s*|->\s*)['\"“]?(?P<s>[^\n.,;!?'\"”]{3,40})"
_PUBLIC_EXTENSIONS = (
    ".md",
    ".py",
    ".txt",
    ".pdf",
    ".png",
    ".jpg",
    ".json",
    ".yaml",
    ".com",
    ".org",
    ".net",
    ".io",
)


def _mixed(value: str) -> bool:
    return any(c.isupper() for c in value) and any(c.islower() for c in value)


def _public_shape(value: str) -> bool:
    """A shape that is public by nature: a link, a path, an address, an id, a version, a date."""
    lowered = value.lower()
    return bool(
        "://" in value
        or value.startswith(("/", "~", "./", "@", "#", "$", "%"))
        or _rx(r"[^@\s]+@[\w-]+(?:\.[\w-]+)+").fullmatch(value)
        or _rx(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}").fullmatch(lowered)
        or _rx(r"v?\d+(?:\.\d+){1,3}(?:[-+][\w.]+)?").fullmatch(lowered)
        or _rx(r"\d{4}-\d{2}-\d{2}(?:t[\d:.]+z?)?|\d{1,2}:\d{2}(?::\d{2})?").fullmatch(lowered)
        or (len(value) >= 7 and all(c in "0123456789abcdef" for c in lowered))
        or lowered.endswith(_PUBLIC_EXTENSIONS)
    )


def _without_overlaps(found: list[Finding]) -> list[Finding]:
    kept: list[Finding] = []
    for f in sorted(found, key=lambda f: (f.start, -(f.end - f.start))):
        if kept and f.start < kept[-1].end:
            continue
        kept.append(f)
    return kept


def _value_span(m: re.Match[str], text: str, word: str) -> tuple[int, int]:
    start, end = m.span("s")
    value = m["s"]
    if value[0] in "'\"“" and len(value) >= 2:
        return start + 1, end - 1
    if word.startswith(_TWO_FACTOR):  # a seed is often written in groups of four
        seed = _rx(_SEED).match(text, start)
        if seed is not None and seed.end() > end:
            return start, seed.end() - (text[seed.end() - 1] in " -")
    trimmed = value.rstrip(".!?:)]”’'\"")
    return start, start + len(trimmed)


def _shape(value: str) -> bool:
    """Looks generated: letters and digits mixed (a word or a hyphenated phrase does not)."""
    digits = sum(c.isdigit() for c in value)
    letters = sum(c.isalpha() for c in value)
    mixed = any(c.isupper() for c in value) and any(c.islower() for c in value)
    return digits >= 2 and letters >= 2 or (letters >= 16 and mixed)


def _strong(value: str) -> bool:
    """A password beyond doubt: letters, digits, and a symbol or mixed case."""
    has_digit = any(c.isdigit() for c in value)
    has_letter = any(c.isalpha() for c in value)
    symbol = any(not c.isalnum() for c in value)
    mixed = any(c.isupper() for c in value) and any(c.islower() for c in value)
    return has_digit and has_letter and (symbol or mixed)


def _plausible(kind: str, value: str) -> bool:
    if "EXAMPLE" in value:
        return False  # a key the provider's docs print as an example (AKIAIOSFODNN7EXAMPLE)
    if kind in ("openai-key", "anthropic-key", "slack-token", "bearer-token", "aws-secret-key"):
        return _shape(value)
    if kind == "basic-auth":
        return _basic_credentials(value)
    if kind == "password-in-link":
        return _assigned_value(value) and value.lower() not in ("password", "pass", "pwd")
    if kind == "password-option":
        return _assigned_value(value.strip("'\""))
    if kind == "card-number":
        digits = re.sub(r"[ -]", "", value)
        return 13 <= len(digits) <= 19 and digits.startswith(_CARD_PREFIXES) and _luhn(digits)
    return True


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


def _assigned_value(value: str) -> bool:
    if value.endswith(("...", "…")) or "EXAMPLE" in value:
        return False  # elided ("sk-..."), or a key a provider's docs print as an example
    lowered = value.lower().rstrip(".:!?")
    if len(value) < 3 or lowered in _POINTERS or value.startswith(_PLACEHOLDER_START):
        return False
    if lowered.startswith(_POINTER_PREFIXES):
        return False
    return not set(lowered) <= set("x*.-_#")


def _prose_value(word: str, value: str, *, quoted: bool) -> bool:
    """Is what follows "password is" a password, not a pointer ("on the fridge") or a word?"""
    if not _assigned_value(value):
        return False
    if word.startswith(_TWO_FACTOR):
        return bool(_rx(_SEED).fullmatch(value.upper())) or _shape(value)
    if "pin" in word or "code" in word:
        digits = value.rstrip("#*")
        return digits.isdigit() and 3 <= len(digits) <= 12
    if quoted:
        return True
    has_digit = any(c.isdigit() for c in value)
    has_symbol = any(not c.isalnum() for c in value)
    mixed = any(c.isupper() for c in value[1:]) and any(c.islower() for c in value)
    return has_digit or has_symbol or mixed


def _prose_kind(word: str) -> tuple[str, str]:
    if word.startswith(_TWO_FACTOR):
        return "totp-seed", "a 2FA seed"
    if "pin" in word or "code" in word:
        return "pin", "a PIN or door code"
    return "password", "a password written out"
