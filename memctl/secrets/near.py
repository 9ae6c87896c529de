"""Values shaped like a secret next to a word that names one: "set the Jenkins admin password
to Ch@ngeMe_Jan26", "Use Q7v!mR2#pLx9 to log into the NAS", "PUK for the old SIM: 58204419",
"Respuesta: San Ignacio de Loyola", "auth token 1062…". The words (in many languages) are data
tables below; the value's shape (shape.py) must fit what names it. Words that say where a
secret is ("is in 1Password", "liegt im KeePass") make it a pointer.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .shape import (
    FILE_END,
    NAME_TAIL,
    NOTE_PATH,
    POINTERS,
    Finding,
    codeish,
    passwordish,
    rx,
    spelled_out,
    strong_password,
    value_like,
)
from .values import TOKEN, first, first_key, tokens

# fmt: off
# Words near which a value shaped like a secret is one ("set the Jenkins password to Ch@ngeMe_26",
# "Use Q7v!mR2#pLx9 to log into the NAS"): credentials in many languages; keys and tokens;
# codes (their digits: "PUK for the old SIM: 58204419"); security answers.
_CREDENTIALS = (
    r"password|passwort|passwd|kennwort|wachtwoord|hasło|haslo|lösenord|losenord|adgangskode|"
    r"salasana|heslo|parola|senha|contraseña|contrasena|clave|mot de passe|пароль|şifre|sifre|"
    r"login|log in|log into|logon|sign in|pw|pwd|passphrase|creds|pass|"
    r"credentials|wifi|wi-fi|wlan|mdp|unlock|jelszó|jelszo|parolă|parola de acces|lozinka|šifra|"
    r"geslo|парола|лозинка|κωδικός|κωδικό|סיסמה|סיסמא|كلمة المرور|كلمة السر|رمز عبور|"
    # Arabic joins "and", "with", "for" to the word: "وكلمة المرور"
    r"وكلمة المرور|بكلمة المرور|لكلمة المرور|وكلمة السر|"
    r"पासवर्ड|mật khẩu|mat khau|kata sandi|kata laluan|"
    # the name misspelled as people type it
    r"pasword|passwrod|passowrd|pssword|paswd"
)

_KEYS = (
    r"token|api[ _-]?key|apikey|secret|access[ _-]?key|auth(?:orization)?|bearer|credential|key|"
    r"session|cookie|signature|sig"
)

# Words of scripts written without spaces: no word boundary around them.
_CJK_CREDENTIALS = ("密码", "密碼", "口令", "パスワード", "비밀번호", "암호", "รหัสผ่าน")
_CJK_CODES = ("暗証番号", "密码锁", "门禁码")

_PRIVATE_KEYS = (
    r"private key|clave privada|clé privée|chiave privata|privater schlüssel|chave privada|"
    r"prywatny klucz|приватный ключ"
)

_CODES = (
    r"pin|puk|passcode|pass code|code|combo|combination|combinazione|combinaison|combinación|"
    r"safe|disarm|alarm|key box|lock box|keypad|"
    r"kombination|digicode|cvv2?|cvc2?|zahlencode|código|codigo|codice|kod|koodi|türcode|пин|"
    r"portkod|dörrkod|portkode|dørkode|ovikoodi|deurcode|toegangscode|"
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
    error err status area zip postal post country dialing dialling product promo promotion discount
    coupon voucher qr bar source exit return http response sort tax airport language currency
    colour color zoom meeting confirmation booking tracking reference order invoice item sku
    style dress morse cheat machine op ascii unicode iso hs icd cpt locale region reason
    referral invite invitation gift redeem activation returns returned returning throws threw
    gives gave raises raised
""".split())

_HASH_WORDS = (
    "sha", "md5", "hash", "digest", "fingerprint", "checksum", "commit", "integrity", "uuid",
    "request id", "build", "revision", "cache", '"kid"',
)
# fmt: on


_SUFFIX = r"(?:et|en|es|s|e|a|si|sı|i|n|ns|m|miz|niz|im)?(?!\w)"  # Turkish "şifrem": my password
# In this order: a code's name that starts with a key's ("key box") is tried before the key.
_FAMILIES = (
    ("pkey", _PRIVATE_KEYS),
    ("cred", _CREDENTIALS),
    ("code", _CODES),
    ("key", _KEYS),
    ("answer", _ANSWERS),
)
_CJK_FAMILIES = (("cjk_cred", _CJK_CREDENTIALS), ("cjk_code", _CJK_CODES))


def _alternatives(pattern: str) -> list[str]:
    """The alternatives of a pattern, split at its top-level `|` (a piece that leaves a
    parenthesis open joins the next: its `|` was inside a group)."""
    found: list[str] = []
    open_ = 0
    for piece in pattern.split("|"):
        if open_:
            found[-1] += "|" + piece
        else:
            found.append(piece)
        open_ += piece.count("(") - piece.count(")")
    return found


def _head(word: str) -> str:
    """What a word of the family surely starts with: the characters before any regex syntax
    ("log in" whole; "api" of `api[ _-]?key`; a letter made optional by `?` is not sure)."""
    for i, char in enumerate(word):
        if char in "([|":
            return word[:i].lower()
        if char in "?*{":
            return word[: i - 1].lower()
    return word.lower()


# Every word of the family, in the order _NEAR tries them: (family, the word as the pattern
# says it, its head, its stem). A stem is at most three letters of the head: a few dozen
# substring searches find them all. (Plain tuples: a NamedTuple class costs a start-up.)
_WORDS: tuple[tuple[str, str, str, str], ...] = tuple(
    (name, word, _head(word), _head(word)[:3])
    for name, words in _FAMILIES
    for word in _alternatives(words)
) + tuple((name, word, word, word[:2]) for name, words in _CJK_FAMILIES for word in words)
_CJK = frozenset(stem for name, _, _, stem in _WORDS if name.startswith("cjk_"))
_BY_STEM: dict[str, list[int]] = {}
for _i, (*_, _stem) in enumerate(_WORDS):
    _BY_STEM.setdefault(_stem, []).append(_i)
_NEAR_TRIGGERS = tuple(sorted(_BY_STEM))


def _near_pattern(chosen: frozenset[int] | None = None) -> str:
    """The words that name a secret, as one pattern matched at a word's start; with `chosen`,
    only those words. The whole family compiles in about 6 ms; at a position where only the
    chosen words can start, the smaller pattern matches exactly what the whole one would, and
    compiles in a fraction of that."""

    def group(name: str) -> str:
        words = [
            word
            for i, (family, word, _, _) in enumerate(_WORDS)
            if family == name and (chosen is None or i in chosen)
        ]
        return f"(?P<{name}>{'|'.join(words) or '(?!)'})"

    spaced = "|".join(group(name) for name, _ in _FAMILIES)
    # scripts written without spaces need no word boundary
    unspaced = "".join(f"|{group(name)}" for name, _ in _CJK_FAMILIES)
    # not after a `^`: `^pass (2026-11-30): …` is an entry's id (memctl.entry), not a word
    return rf"(?i)(?<![\w^])(?:{spaced}){_SUFFIX}{unspaced}"


_NEAR = _near_pattern()
_patterns_at: dict[frozenset[int], str] = {}


def near(text: str, lowered: str, words: str | None = None) -> list[Finding]:
    """Values shaped like a secret next to a word that names one (`words`: the text's
    distinct words, shape.distinct). A value is read to the end of its run, so only 8 names
    a run are read: past them ("sig=sig=…") each would read the rest again, a square's time."""
    found: list[Finding] = []
    run_end, read = 0, 0  # the end of the run of value characters the last name stood in
    for m in _near_words(text, lowered, words):
        if m.start() >= run_end:
            inside = rx(TOKEN).match(text, m.start())
            run_end, read = (inside.end() if inside else m.end()), 0
        read += 1
        if read > 8:
            continue
        if (m["cred"] or "").lower() == "pass" and _word_before(lowered, m.start()) in _NOT_A_PASS:
            continue  # a boarding pass, "we'll pass by"
        if rx(FILE_END).match(text, m.end()):
            continue  # a file's name: "projects/portal/login.md", "reset-password.html"
        if _points_away(text, m.end()):
            continue  # "the password is in 1Password", "das Kennwort liegt im KeePass"
        if m["pkey"]:
            hit = first_key(text, m["pkey"], m.span(), _clause(text, m.end(), 60)[1])
            kind, label = "private-key", "a private key"
        elif m["cred"] or m["cjk_cred"]:
            hit = _best(text, _clause(text, m.end(), 60))
            hit = hit or first(text, _clause(text, m.start(), -30), strong_password)
            hit = hit or spelled_out(text, _clause(text, m.end(), 80))
            kind, label = "password", "a password written out"
        elif m["key"]:
            if any(h in lowered[max(0, m.start() - 30) : m.end() + 30] for h in _HASH_WORDS):
                continue
            hit = first_key(text, m["key"], m.span(), _clause(text, m.end(), 40)[1])
            if hit is None and rx(_NETWORK).search(lowered, max(0, m.start() - 60), m.start()):
                hit = _best(
                    text, _clause(text, m.end(), 40)
                )  # "network …, key tangerine-orbit-552"
            kind, label = "secret-value", f"a {m['key'].lower()} written out"
        elif m["code"] or m["cjk_code"]:
            before = lowered[max(0, m.start() - 24) : m.start()].split()
            after = lowered[m.end() : m.end() + 24].split()
            if (m["code"] or "").lower() == "code" and (
                not before
                or before[-1].strip("!:.,-") in _PUBLIC_CODES
                or (after and after[0] in _PUBLIC_CODES)
            ):
                continue  # "zip code 94110", "le code postal de Sam est 1200"
            joined = (m["code"] or "").lower() == "keypad"  # "keypad model 4471" names none
            hit = _after_connector(text, _clause(text, m.end(), 50), codeish, joined=joined)
            kind, label = "pin", "a PIN or door code"
        else:
            hit = _answer(text, m.end())
            kind, label = "security-answer", "a security answer"
        if hit is not None:
            found.append(Finding(kind, label, *hit))
    return found


# The words before "pass" that make it a ticket or a verb, not a password.
_NOT_A_PASS = frozenset(
    """boarding bus day season ski train rail travel transit metro gym guest visitor museum park
    press free mountain festival backstage weekly monthly annual 'll ll i we you they to will can
    could would should must please""".split()
)


# A network's key is its password: "Guest wifi: network Northwind-Guest, key tangerine-orbit-552"
_NETWORK = r"(?<!\w)(?:wifi|wi-fi|wlan|wpa2?|router|ssid|hotspot)(?!\w)"


def _word_before(lowered: str, at: int) -> str:
    before = lowered[max(0, at - 24) : at].split()
    return before[-1] if before else ""


def _near_words(text: str, lowered: str, words: str | None = None) -> list[re.Match[str]]:
    """The words that name a secret, found where a trigger stands: each word of _NEAR starts
    with one, and looking only there spares a regex pass over a megabyte of log. At each such
    place, only the words whose head stands there are matched (a word of a spaced script
    after a letter starts nowhere: _NEAR wants none before it)."""
    starts: dict[int, set[int]] = {}
    for trigger in _NEAR_TRIGGERS:
        if words is not None and trigger not in words:
            continue  # in none of the text's words (no stem holds a space)
        unspaced = trigger in _CJK
        at = lowered.find(trigger)
        while at >= 0:
            if unspaced or at == 0 or not _word_char(text[at - 1]):
                heads = [i for i in _BY_STEM[trigger] if lowered.startswith(_WORDS[i][2], at)]
                if heads:
                    starts.setdefault(at, set()).update(heads)
            at = lowered.find(trigger, at + 1)
    found = []
    end = -1
    for at in sorted(starts):
        if at < end:
            continue
        chosen = frozenset(starts[at])
        pattern = _patterns_at.get(chosen)
        if pattern is None:
            pattern = _patterns_at[chosen] = _near_pattern(chosen)
        m = rx(pattern).match(text, at)
        if m is not None:
            found.append(m)
            end = m.end()
    return found


def _word_char(char: str) -> bool:
    """A character the regex reads as \\w."""
    return char.isalnum() or char == "_"


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


def _best(text: str, span: tuple[int, int]) -> tuple[int, int] | None:
    """The most password-like value in the span: digits beat none ("Passwort für das Firmen-VPN
    lautet Sommer2025#Kiel": the password, not the VPN's name)."""
    best, rank = None, 0
    for start, token in tokens(text, span):
        value = token.rstrip(".!?:)]")
        if rx(NAME_TAIL).fullmatch(value):
            continue  # a compound's tail: "WLAN-Passwort ist …" names it
        if rx(NOTE_PATH).fullmatch(value):
            continue  # a note or a day's log where it was said: "--from daily/2026-11-06.md:12"
        if passwordish(value):
            score = 1 + any(c.isdigit() for c in value) + any(not c.isalnum() for c in value)
            if score > rank:
                best, rank = (start, start + len(value)), score
    return best


# Words that join a secret's name to its value: "is", "=", "ist", "est", "lautet", "är"…
_CONNECTORS = (
    r"(?i)(?:\s(?:is|was|are|ist|lautet|est|c'est|es|era|è|é|är|er|is now|=|to|jest|je|takes|"
    r"accepts|opens with|opens on)\s|"
    r"[:=→—–]|->|\s-\s|"
    r"[是は를을로:]|\s—\s)"
)
# After the connector, these mean the value is somewhere else: "…is in 1Password".

_ELSEWHERE = frozenset(
    """
    in im on at under unter see siehe voir ver vedi stored kept saved written taped liegt steht
    dans sous en bajo nel nella sotto på i w v gespeichert hinterlegt listed noted somewhere
    same changed rotated reset expired required optional written known called named name ssid
    lives live sits sit resides located found lies stays
    network heißt appelle llama chiama chamada
    na pod op onder bij przy no em sob su в на под у ở tại trong dán
    heet genaamd heter hedder nazywa называется adı tên netwerk netzwerk reseau réseau rete
    rede nätverk netværk
""".split()
)


def _points_away(text: str, at: int) -> bool:
    """Does the clause after a secret's name say where it is rather than what it is? The word
    after its last connector decides ("the CVV on the back of the card is 417" names it;
    "the password is in 1Password" does not), or with no connector the first word ("das
    Kennwort liegt im KeePass")."""
    clause = text[at : _clause(text, at, 50)[1]]
    # a quote closed ends what was said of it ("“… was letmein42” — ended: “noted …”"), and so
    # does a clause break after a value: "the key is 3f9a…, same one is in the .env" and "the
    # door code changed to 4519, the old one is in the binder" write it out
    clause = rx(r"[”»\"`]").split(clause, maxsplit=1)[0]
    join = rx(_CONNECTORS).search(clause)
    if join is not None:
        told = rx(r"\S+(?:[,;(]|\s[-–—]\s|\s\()").search(clause, join.end())
        if told is not None and value_like(told.group().rstrip(",;(-–— ")):
            clause = clause[: told.end()]
    joins = list(rx(_CONNECTORS).finditer(clause))
    after = clause[joins[-1].end() :] if joins else clause
    words = rx(r"[\w']+").findall(after.lower())[:2]
    skip = {"the", "my", "our", "for", "at", "here"} if joins else {"the", "my", "our", "for"}
    rest = [w for w in words if w not in skip]
    return bool(rest) and rest[0] in _ELSEWHERE


def _after_connector(
    text: str, span: tuple[int, int], shaped: Callable[[str], bool], *, joined: bool = False
) -> tuple[int, int] | None:
    """The first value of that shape after the first connector in the span, else (unless
    `joined`: only a value after a connector counts) the first anywhere in it ("the CVV on
    the back of the card ending 4417 is 318": 318)."""
    connector = rx(_CONNECTORS).search(text, *span)
    if connector is not None:
        hit = first(text, (connector.end(), span[1]), shaped)
        if hit is not None:
            return hit
    return None if joined else first(text, span, shaped)


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
