"""Secrets written out in words: `password=…`, "my bank password is hunter2!", "la contraseña
del router es …", "PUK for the old SIM: 58204419", "set the Jenkins admin password to …", a
security answer, a key or a token named as one. scan.py runs these after its provider and
context patterns; each regex is compiled only when the text holds one of its trigger words.

A value counts when its shape fits what names it (shape.py): a password has letters and
digits or symbols, a code has digits, a key looks generated. Words that say where a secret is
("is in 1Password", "liegt im KeePass", "on the fridge") make it a pointer, not a value.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .closed import ACCESS_NOUNS
from .near import near
from .said import TRIGGERS as _SAID_TRIGGERS
from .said import said
from .seedwords import seed_phrases
from .shape import (
    Finding,
    code_reference,
    codeish,
    generated,
    keyish,
    passwordish,
    rx,
    strong,
    strong_password,
    value_like,
)


def written_out(text: str, lowered: str, words: str | None = None) -> list[Finding]:
    """Every secret of the third family in `text` (`lowered` is its lowercase, `words` its
    distinct words: shape.distinct)."""
    words = lowered if words is None else words
    found: list[Finding] = []
    if any(t in words for t in _PROSE_TRIGGERS):
        found += _prose(text)
    if any(t in words for t in ("pass", "pw", "login", "kennwort")):
        for m in rx(_DIRECT).finditer(text):
            start, end = m.span("s")
            value = text[start:end].rstrip(".!?:)]")
            if strong(value) and value_like(value):
                found.append(
                    Finding("password", "a password written out", start, start + len(value))
                )
    found += near(text, lowered, words)
    if any(t in words for t in _SAID_TRIGGERS):
        found += said(text)
    if ("=" in text or ":" in text) and any(t in words for t in _ASSIGNED_TRIGGERS):
        found += _assigned(text)
    if "_" in text or "ENV" in text:
        if any(t in words for t in _ASSIGNED_TRIGGERS):
            found += _spaced_names(text)
    if any(t in words for t in ("phrase", "mnemonic", "seed", "words", "backup", "wallet")):
        found += _recovery_phrases(text)
    found += seed_phrases(text)
    if "|" in text and "\n" in text:
        found += _table_cells(text)
    if "-" in text:
        found += _code_list(text)
    return found


# A wallet's recovery phrase: 12 to 24 small words after what names it ("seed phrase: ladder
# jungle proud …"), none of them a word that holds a sentence together.
_RECOVERY = (
    r"(?i:recovery|seed|mnemonic|backup|secret|wallet)(?:\s+(?i:phrase|words|seed|backup))?\b"
    r"[^\n:]{0,60}?[:\-–—]?[^\S\n]*(?P<s>(?:[a-z]{3,8},?[^\S\n]+){11,23}[a-z]{3,8})(?![\w-])"
)
_GLUE = frozenset(
    """
    the and you your with this that for are was not but have has then them they from into its
    our his her she him will can should would could these those what when where which who how
    write keep store paper note safe
    """.split()
)


def _recovery_phrases(text: str) -> list[Finding]:
    found = []
    for m in rx(_RECOVERY).finditer(text):
        words = m["s"].replace(",", " ").split()
        if len(words) in (12, 15, 18, 21, 24) and not _GLUE.intersection(words):
            found.append(Finding("seed", "a wallet recovery phrase", *m.span("s")))
    return found


# One-time codes handed out in a list, with or without their name: "kq7v-2mzp, 9xrt-ha4e,
# wn3c-8uby" (each pair mixes letters and digits; three or more in a row)
_PAIR = r"(?=[a-z\d-]*\d)(?=[a-z\d-]*[a-z])[a-z\d]{4,5}-[a-z\d]{4,5}"
_CODE_LIST = rf"(?i)(?<![\w-]){_PAIR}(?:[,;]?\s+{_PAIR}){{2,}}(?![\w-])"


def _code_list(text: str) -> list[Finding]:
    return [
        Finding("recovery-codes", "2FA recovery codes", *m.span())
        for m in rx(_CODE_LIST).finditer(text)
    ]


# A table's header that names a secret's column ("| service | user | password |"): the shape
# a value under it must have, and what it is
_SECRET_COLUMNS: tuple[tuple[str, Callable[[str], bool], str, str], ...] = (
    (
        r"(?i)pass(?:word|wort|phrase)?|pw|pwd|kennwort|contrase[ñn]a|mot de passe|senha|"
        r"wachtwoord",
        passwordish,
        "password",
        "a password written out",
    ),
    (r"(?i)pin|passcode|pin code|door code", codeish, "pin", "a PIN or door code"),
    (
        r"(?i)token|secret|api[ _-]?key|access key|secret key",
        keyish,
        "secret-value",
        "a key written out",
    ),
)
_Column = tuple[Callable[[str], bool], str, str]


def _column(cell: str) -> _Column | None:
    for head, shaped, kind, label in _SECRET_COLUMNS:
        if rx(head).fullmatch(cell.strip()):
            return shaped, kind, label
    return None


def _table_cells(text: str) -> list[Finding]:
    """The cells of a Markdown table under a header that names a secret ("| password |"): a
    value there of the shape it names is one, however far from the word ("| grafana | admin |
    Lq8#vTz3Wm |")."""
    found: list[Finding] = []
    columns: dict[int, _Column] = {}
    offset = 0
    for line in text.splitlines(keepends=True):
        cells = _cells(line)
        if cells is None:
            columns = {}
        elif not columns:
            named = [_column(cell) for _, cell in cells]
            columns = {i: column for i, column in enumerate(named) if column is not None}
        elif not all(set(cell.strip()) <= set("-: ") for _, cell in cells):
            for i, (shaped, kind, label) in columns.items():
                if i >= len(cells) or not cells[i][1].strip():
                    continue
                at, cell = cells[i]
                value = cell.strip()
                if " " not in value and shaped(value) and value_like(value):
                    start = offset + at + cell.index(value)
                    found.append(Finding(kind, label, start, start + len(value)))
        offset += len(line)
    return found


def _cells(line: str) -> list[tuple[int, str]] | None:
    """The cells of a table row, each with where it starts in the line; None for no row."""
    stripped = line.strip()
    if not (stripped.startswith("|") and stripped.count("|") >= 2):
        return None
    start = line.index("|") + 1
    out = []
    for piece in line[start:].rstrip("\n").rstrip().rstrip("|").split("|"):
        out.append((start, piece))
        start += len(piece) + 1
    return out


_PLURAL = r"(?:password|passphrase|secret|token|key|credential)s$"


def _many(key: str) -> bool:
    """A key that names secrets in the plural ("passwords", "api_keys")."""
    return rx(_PLURAL).search(key) is not None


_SAID_AS_LETTERS = ("ssh", "smtp", "sftp", "sms", "rsa", "hmac", "mfa", "ftp", "ldap", "nas", "hsm")


def _a(word: str) -> str:
    """The article a key's name takes: "an API key", "a user password", "an SSH key"."""
    word = word.lower()
    if word.startswith(("us", "uni", "ur", "uu", "eu", "one")):
        return "a"  # said with a "y" or "w" first
    return "an" if word[:1] in "aeiou" or word.partition(" ")[0] in _SAID_AS_LETTERS else "a"


def _assigned(text: str) -> list[Finding]:
    found = []
    for m in rx(_ASSIGNED).finditer(text):
        start, end = m.span("s")
        value = text[start:end]
        value = value if value.endswith(("...", "…")) else value.rstrip(".:!?)")
        key = m["key"].lower()
        setting = key.rsplit("_", 1)[-1].rsplit("-", 1)[-1] in _SETTING_SUFFIXES
        if any(w in key for w in ("session", "sid", "csrf")) and (
            len(value) < 16 or "=" not in m.group()
        ):
            continue  # a cookie's value (`sessionid=…`), long enough to be a session
        if _many(key) and not passwordish(value):
            continue  # "Passwords: rotate them monthly" names a kind of thing, not one value
        if value_like(value) and not key.endswith("authorization") and not setting:
            name = key.replace("_", " ").replace("-", " ").strip(" .")
            found.append(
                Finding("secret-value", f"{_a(name)} {name} written out", start, start + len(value))
            )
    return found


# A name in capitals that names a secret, then its value after a space, without "=": a
# Dockerfile's `ENV NAME value` (`ENV DB_PASS hunter2x`), fish's `set -x NAME value`, Windows'
# `setx NAME value`, or the name and value written side by side (`DB_PASSWORD Xk7pLq2vR9mT`).
# One of the name's parts names a secret (DB_PASS, API_TOKEN, SECRET_KEY_BASE, not
# PASSENGER_APP_ENV or KEYCLOAK_URL); the `NAME=value` form is _ASSIGNED's. After ENV any such
# name counts with any value; elsewhere the name has parts (UPPER_SNAKE) and the value a
# password's or a key's shape, so prose in capitals ("READ THE TOKEN docs") holds none.
_SPACED_NAME = (
    r"(?<![\w$%{.-])(?:ENV[^\S\n]+(?P<key>[A-Z][A-Z0-9_]{0,63})|"
    r"(?P<bare>[A-Z][A-Z0-9]{0,31}(?:_[A-Z0-9]{1,31}){1,7}))[^\S\n]+"
    r"(?P<s>\"[^\"\n]{4,}\"|'[^'\n]{4,}'|[^\s\"']{4,})"
)
_SECRET_PART = (
    r"(?:^|_)(?:[A-Z]*(?:PASSWORD|PASSWD|PASSPHRASE|TOKEN|SECRET)|"
    r"(?:API|ACCESS|AUTH|PRIVATE|MASTER|SIGNING|ENCRYPTION)?KEY|PASS|PWD)(?:_|$)"
)


def _spaced_names(text: str) -> list[Finding]:
    found = []
    for m in rx(_SPACED_NAME).finditer(text):
        key = m["key"] or m["bare"]
        start, end = m.span("s")
        if text[start] in "'\"":
            start, end = start + 1, end - 1
        value = text[start:end]
        setting = key.rsplit("_", 1)[-1].lower() in _SETTING_SUFFIXES
        if setting or _many(key.lower()) or rx(_SECRET_PART).search(key) is None:
            continue
        if m["bare"]:
            value = value.rstrip(".,;:!?)]")
            end = start + len(value)
            digits = any(c.isdigit() for c in value)  # a header's name: "X-Auth-Token"
            if not (digits and passwordish(value) or keyish(value)) or code_reference(value):
                continue
        if value_like(value) and not value.startswith(("/", "~", "./")):  # a path
            name = key.lower().replace("_", " ")
            found.append(Finding("secret-value", f"{_a(name)} {name} written out", start, end))
    return found


# fmt: off
# Words that name a secret, in the languages memctl's users write in; a value follows them.
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
# A bare "code" names a secret only next to what it opens (closed.ACCESS_NOUNS): "the code to
# the garage is 4471".


# fmt: on


# "…password for the NAS is X", "…Passwort für das WLAN ist X", "…PIN: X", "…passcode is X".
_PROSE = (
    rf"(?i)(?<![\w^-])(?P<word>{_SECRET_WORDS}|(?:{'|'.join(_TWO_FACTOR)})\s+"
    r"(?:seed|secret|key|code)s?)(?![\w-])"
    r"(?:\s+(?:for|of|to|on|at|für|zum|zur|del|de|du|de la|della|dello|do|da|van|voor)"
    r"(?:\s+[\w'’.-]+){1,4}?)?"
    r"\s*(?:[:=]|\s(?:is|was|are|es|ist|est|è|é|is now|now is|ist jetzt|=)\s)\s*"
    r"(?P<s>'[^'\n]{3,}'|\"[^\"\n]{3,}\"|“[^”\n]{3,}”|[^\s,;]{3,})"
)
# "user ops / pass V3ryL0ngP@ss": a password word, then a value shaped like one (no "is").

_DIRECT = (
    r"(?i)(?<![\w^-])(?:password|passwort|pass|pw|pwd|passcode|kennwort|login)\s+"
    r"(?P<s>[^\s,;]{6,})"
)
# `password=hunter2`, `token: abc123`, `"api_key": "…"`, `SECRET_KEY=…`: a key, = or :, a value,
# on one line (`OPENAI_API_KEY=` left empty is followed by the next line, not by its value).
# Words that only begin like a secret's name are not one: "Author: jdoe42" (a byline), a
# secretary, a tokenizer.
# None of these starts after a `^`: `^pwdr: Waiting for Marco…` is an entry's id, not a key.
# What a key holds before the word that names a secret is 64 characters at most: a run of dots
# ("Chapter 1 ........ 5") is a start at every dot, and each read on to the run's end (40,000
# dots after "password=" took two minutes).

_ASSIGNED = (
    r"(?i)(?<![\w^-])(?P<key>[a-z0-9_.-]{0,64}?(?:password|passwd|passphrase|pwd|pass(?![a-z])|"
    r"secret(?!ar)|token(?!i[sz])|api[_-]?key|apikey|access[_-]?key|auth[_-]?key|client[_-]?secret|"
    r"private[_-]?key|credentials?|auth(?!or)|session(?:id)?|sid(?![a-z])|csrf)[a-z0-9_]*)"
    r"[\"']?[^\S\n]*(?::=|=|:)[^\S\n]*"
    r"[\"']?(?P<s>[^\s\"',;]{4,})"
)

_ASSIGNED_TRIGGERS = tuple(
    """
    pass pwd secret token key credential auth session sid csrf
    """.split()
)

_SEED = r"(?:[A-Z2-7]{4}[ -]?){4,}[A-Z2-7]*"

_SETTING_SUFFIXES = tuple(
    """
    ttl timeout expiry expires expiration length len min max count size url uri path file name
    id enabled required policy days hours minutes seconds field type mode format hint prompt
    label tokens
    """.split()
)


def _prose(text: str) -> list[Finding]:
    found = []
    for m in rx(_PROSE).finditer(text):
        word = m["word"].lower()
        if word == "code" and not any(n in m.group().lower() for n in ACCESS_NOUNS):
            continue
        start, end = _value_span(m, text, word)
        if _prose_value(word, text[start:end], quoted=text[start - 1 : start] in "'\"“"):
            kind, label = _prose_kind(word)
            found.append(Finding(kind, label, start, end))
    return found


def _value_span(m: re.Match[str], text: str, word: str) -> tuple[int, int]:
    start, end = m.span("s")
    value = m["s"]
    if value[0] in "'\"“" and len(value) >= 2:
        return start + 1, end - 1
    if word.startswith(_TWO_FACTOR):  # a seed is often written in groups of four
        seed = rx(_SEED).match(text, start)
        if seed is not None and seed.end() > end:
            return start, seed.end() - (text[seed.end() - 1] in " -")
    trimmed = value.rstrip(".!?:)]”’'\"")
    return start, start + len(trimmed)


def _prose_value(word: str, value: str, *, quoted: bool) -> bool:
    """Is what follows "password is" a password, not a pointer ("on the fridge") or a word?"""
    if not value_like(value):
        return False
    if word.startswith(_TWO_FACTOR):
        return bool(rx(_SEED).fullmatch(value.upper())) or generated(value)
    if "pin" in word or "code" in word:  # digits, or a password by another name
        digits = value.rstrip("#*")
        return digits.isdigit() and 3 <= len(digits) <= 12 or strong_password(value)
    if quoted:
        return True
    has_digit = any(c.isdigit() for c in value)
    # words joined by a hyphen ("case-sensitive") hold no symbol: said.py reads a plain word
    joined = rx(r"[^\W\d_]+(?:-[^\W\d_]+)+").fullmatch(value) is not None
    has_symbol = not joined and any(not c.isalnum() for c in value)
    mixed = any(c.isupper() for c in value[1:]) and any(c.islower() for c in value)
    return has_digit or has_symbol or mixed


def _prose_kind(word: str) -> tuple[str, str]:
    if word.startswith(_TWO_FACTOR):
        return "totp-seed", "a 2FA seed"
    if "pin" in word or "code" in word:
        return "pin", "a PIN or door code"
    return "password", "a password written out"
