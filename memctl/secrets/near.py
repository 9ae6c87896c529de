"""Values shaped like a secret next to a word that names one: "set the Jenkins admin password
to Ch@ngeMe_Jan26", "Use Q7v!mR2#pLx9 to log into the NAS", "PUK for the old SIM: 58204419",
"Respuesta: San Ignacio de Loyola", "auth token 1062…". The words (in many languages) are data
tables below; the value's shape (shape.py) must fit what names it. Words that say where a
secret is ("is in 1Password", "liegt im KeePass") make it a pointer.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .shape import POINTERS, Finding, generated, mixed, public_shape, rx, strong, value_like

# fmt: off
# Words near which a value shaped like a secret is one ("set the Jenkins password to Ch@ngeMe_26",
# "Use Q7v!mR2#pLx9 to log into the NAS"): credentials in many languages; keys and tokens;
# codes (their digits: "PUK for the old SIM: 58204419"); security answers.
_CREDENTIALS = (
    r"password|passwort|passwd|kennwort|wachtwoord|hasło|haslo|lösenord|losenord|adgangskode|"
    r"salasana|heslo|parola|senha|contraseña|contrasena|clave|mot de passe|пароль|şifre|sifre|"
    r"login|log in|log into|logon|sign in|pw|pwd|passphrase|creds|"
    r"credentials|wifi|wi-fi|wlan|mdp|unlock"
)

_KEYS = (
    r"token|api[ _-]?key|apikey|secret|access[ _-]?key|auth(?:orization)?|bearer|credential|key|"
    r"session|cookie|signature|sig"
)

# Words of scripts written without spaces: no word boundary around them.
_CJK_CREDENTIALS = ("密码", "密碼", "口令", "パスワード", "비밀번호", "암호")
_CJK_CODES = ("暗証番号", "密码锁", "门禁码")
_CJK = tuple(w[:2] for w in (*_CJK_CREDENTIALS, *_CJK_CODES))

_PRIVATE_KEYS = (
    r"private key|clave privada|clé privée|chiave privata|privater schlüssel|chave privada|"
    r"prywatny klucz|приватный ключ"
)

_CODES = (
    r"pin|puk|passcode|pass code|code|combo|combination|combinazione|combinaison|combinación|"
    r"kombination|digicode|cvv2?|cvc2?|zahlencode|código|codigo|codice|kod|koodi|türcode|пин|"
    r"пин-код|код"
)

_ANSWERS = (
    r"maiden name|first pet|pet's name|security (?:question|answer)|memorable (?:word|place|name)|"
    r"secret (?:question|answer)|street you grew up on|first school|childhood (?:friend|nickname)|"
    r"favou?rite (?:teacher|book|film|movie|place|food)|city you were born in|born in which city|"
    r"sicherheitsfrage|sicherheitsantwort|pregunta de seguridad|respuesta de seguridad|"
    r"question de sécurité|réponse secrète|domanda di sicurezza|risposta di sicurezza|"
    r"pergunta de segurança|beveiligingsvraag"
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


# A value: no spaces, quotes or brackets, and no CJK, Hangul or full-width character (in
# "WiFi密码是woaibeijing520，别告诉别人" the password is the ASCII run).
_TOKEN = r"[^\s,;()\[\]<>\"'“”«»`\u3000-\u9fff\uac00-\ud7af\uff00-\uffef]+"

_NEAR = (
    rf"(?i)(?<!\w)(?:(?P<pkey>{_PRIVATE_KEYS})|(?P<cred>{_CREDENTIALS})|(?P<key>{_KEYS})"
    rf"|(?P<code>{_CODES})"
    rf"|(?P<answer>{_ANSWERS}))(?:et|en|es|s|e|a|si|sı|i|n|ns)?(?!\w)"
    # scripts written without spaces need no word boundary
    rf"|(?P<cjk_cred>{'|'.join(_CJK_CREDENTIALS)})|(?P<cjk_code>{'|'.join(_CJK_CODES)})"
)


def _stems(*patterns: str) -> tuple[str, ...]:
    """The first letters (three at most) of each alternative of these patterns: where a word of
    the near family can start. A text holding none skips it; one that does is matched only
    where they stand."""
    found = set()
    for pattern in patterns:
        depth, start = 0, 0
        for i, char in enumerate(pattern + "|"):
            depth += {"(": 1, ")": -1}.get(char, 0)
            if char == "|" and depth == 0:
                head = re.match(r"[^\s(\[?|]+", pattern[start:i])
                if head:
                    found.add(head.group().lower()[:3])
                start = i + 1
    return tuple(sorted(found))


_NEAR_TRIGGERS = (*_stems(_PRIVATE_KEYS, _CREDENTIALS, _KEYS, _CODES, _ANSWERS), *_CJK)


def near(text: str, lowered: str) -> list[Finding]:
    """Values shaped like a secret next to a word that names one."""
    found: list[Finding] = []
    for m in _near_words(text, lowered):
        if _points_away(text, m.end()):
            continue  # "the password is in 1Password", "das Kennwort liegt im KeePass"
        if m["pkey"]:
            hit = _first(text, _clause(text, m.end(), 60), _keyish)
            kind, label = "private-key", "a private key"
        elif m["cred"] or m["cjk_cred"]:
            hit = _best(text, _clause(text, m.end(), 60))
            hit = hit or _first(text, _clause(text, m.start(), -30), _strong_password)
            kind, label = "password", "a password written out"
        elif m["key"]:
            if any(h in lowered[max(0, m.start() - 30) : m.end() + 30] for h in _HASH_WORDS):
                continue
            hit = _first(text, _clause(text, m.end(), 40), _keyish)
            kind, label = "secret-value", f"a {m['key'].lower()} written out"
        elif m["code"] or m["cjk_code"]:
            before = lowered[max(0, m.start() - 24) : m.start()].split()
            after = lowered[m.end() : m.end() + 24].split()
            if (m["code"] or "").lower() == "code" and (
                not before or before[-1] in _PUBLIC_CODES or (after and after[0] in _PUBLIC_CODES)
            ):
                continue  # "zip code 94110", "le code postal de Sam est 1200"
            hit = _after_connector(text, _clause(text, m.end(), 50), _codeish)
            kind, label = "pin", "a PIN or door code"
        else:
            hit = _answer(text, m.end())
            kind, label = "security-answer", "a security answer"
        if hit is not None:
            found.append(Finding(kind, label, *hit))
    return found


def _near_words(text: str, lowered: str) -> list[re.Match[str]]:
    """The words that name a secret, found where a trigger stands: each alternative of _NEAR
    starts with one, and looking only there spares a regex pass over a megabyte of log."""
    near = rx(_NEAR)
    starts: set[int] = set()
    for trigger in _NEAR_TRIGGERS:
        at = lowered.find(trigger)
        while at >= 0:
            starts.add(at)
            at = lowered.find(trigger, at + 1)
    found = []
    end = -1
    for at in sorted(starts):
        if at < end:
            continue
        m = near.match(text, at)
        if m is not None:
            found.append(m)
            end = m.end()
    return found


def _clause(text: str, at: int, width: int) -> tuple[int, int]:
    """The span from `at` to `width` characters on (back, when negative), within the line."""
    if width < 0:
        start = max(0, at + width)
        cut = text.rfind("\n", start, at)
        if cut >= 0:
            return cut + 1, at
        if start > 0 and not text[start - 1].isspace():  # never half a word
            space = text.find(" ", start, at)
            start = at if space < 0 else space + 1
        return start, at
    end = min(len(text), at + width)
    cut = text.find("\n", at, end)
    return at, (cut if cut >= 0 else end)


def _first(
    text: str, span: tuple[int, int], shaped: Callable[[str], bool]
) -> tuple[int, int] | None:
    for m in rx(_TOKEN).finditer(text, *span):
        value = m.group().rstrip(".!?:)]")
        if shaped(value):
            return m.start(), m.start() + len(value)
    return None


def _best(text: str, span: tuple[int, int]) -> tuple[int, int] | None:
    """The most password-like value in the span: digits beat none ("Passwort für das Firmen-VPN
    lautet Sommer2025#Kiel": the password, not the VPN's name)."""
    best, rank = None, 0
    for m in rx(_TOKEN).finditer(text, *span):
        value = m.group().rstrip(".!?:)]")
        if _passwordish(value):
            score = 1 + any(c.isdigit() for c in value) + any(not c.isalnum() for c in value)
            if score > rank:
                best, rank = (m.start(), m.start() + len(value)), score
    return best


def _passwordish(value: str) -> bool:
    if len(value) < 6 or not value_like(value) or public_shape(value):
        return False
    letters = any(c.isalpha() for c in value)
    digits = any(c.isdigit() for c in value)
    symbols = any(not c.isalnum() for c in value)
    return letters and (digits or (symbols and len(value) >= 8 and mixed(value)))


def _strong_password(value: str) -> bool:
    """Before the word ("use X to log in"): only a value no word or name could be."""
    return len(value) >= 8 and strong(value) and not public_shape(value)


def _keyish(value: str) -> bool:
    if len(value) >= 32 and all(c in "0123456789abcdefABCDEF" for c in value):
        return True  # a hash near a hash word was skipped before: this one is a key
    if public_shape(value) or value.startswith(("AAAA", "ssh-", "sha", "SHA")):
        return False
    body = sum(c.isalnum() or c in "_-+/=." for c in value)
    return len(value) >= 20 and body == len(value) and mixed(value) and generated(value)


def _codeish(value: str) -> bool:
    """A PIN or door code: 3 to 8 digits (a letter or a # may come with them), or a
    combination "12-34-08"."""
    value = value.strip("#*")
    if rx(r"\d{1,3}(?:-\d{1,3}){2,3}").fullmatch(value):
        return True
    digits = sum(c.isdigit() for c in value)
    return (
        bool(rx(r"[A-Za-z0-9]{3,8}").fullmatch(value)) and digits >= 3 and digits >= len(value) - 2
    )


# Words that join a secret's name to its value: "is", "=", "ist", "est", "lautet", "är"…
_CONNECTORS = (
    r"(?i)(?:\s(?:is|was|are|ist|lautet|est|c'est|es|era|è|é|är|er|is now|=|to)\s|[:=→—–]|->|\s-\s|"
    r"[是は를을로:]|\s—\s)"
)
# After the connector, these mean the value is somewhere else: "…is in 1Password".

_ELSEWHERE = frozenset(
    """
    in im on at under unter see siehe voir ver vedi stored kept saved written taped liegt steht
    dans sous en bajo nel nella sotto på i w v gespeichert hinterlegt listed noted somewhere
    same changed rotated reset expired required optional written known called named name ssid
    network heißt appelle llama chiama chamada
""".split()
)


def _points_away(text: str, at: int) -> bool:
    """Does the clause after a secret's name say where it is rather than what it is? The word
    after its last connector decides ("the CVV on the back of the card is 417" names it;
    "the password is in 1Password" does not), or with no connector the first word ("das
    Kennwort liegt im KeePass")."""
    clause = text[at : _clause(text, at, 50)[1]]
    joins = list(rx(_CONNECTORS).finditer(clause))
    after = clause[joins[-1].end() :] if joins else clause
    words = rx(r"[\w']+").findall(after.lower())[:2]
    skip = {"the", "my", "our", "for", "at", "here"} if joins else {"the", "my", "our", "for"}
    rest = [w for w in words if w not in skip]
    return bool(rest) and rest[0] in _ELSEWHERE


def _after_connector(text: str, span: tuple[int, int], shaped: Callable[[str], bool]):
    """The first value of that shape after the first connector in the span, else the first
    anywhere in it ("the CVV on the back of the card ending 4417 is 318": 318)."""
    joined = rx(_CONNECTORS).search(text, *span)
    if joined is not None:
        hit = _first(text, (joined.end(), span[1]), shaped)
        if hit is not None:
            return hit
    return _first(text, span, shaped)


def _answer(text: str, at: int) -> tuple[int, int] | None:
    """The answer after a security question: after an explicit "Answer:" (in several
    languages) or "answer to", else after the last connector of the clause."""
    end = _clause(text, at, 120)[1]
    explicit = rx(_ANSWER_WORD).search(text, at, end)
    if explicit is not None:
        found = rx(_ANSWER_VALUE_AT).match(text, explicit.end(), end)
    else:
        joins = list(rx(r"(?:\s(?:is|was|=)\s|[:→]\s*|->\s*)").finditer(text, at, end))
        found = rx(_ANSWER_VALUE_AT).match(text, joins[-1].end(), end) if joins else None
    if found is None:
        return None
    value = found["s"].strip()
    words = value.split()
    longest = 5 if explicit is not None else 3
    if (
        not words
        or len(words) > longest
        or value.lower() in POINTERS
        or words[0].lower() in POINTERS
    ):
        return None
    start = found.start("s") + found["s"].index(value)
    return start, start + len(value)


_ANSWER_WORD = (
    r"(?i)\b(?:answer|antwort|respuesta|réponse|risposta|resposta|antwoord)\b(?:\s+to)?\s*[:=]?\s*"
)

_ANSWER_VALUE_AT = r"\s*['\"“«]?\s*(?P<s>[^\n.,;!?'\"”»(·→]{3,40})"
