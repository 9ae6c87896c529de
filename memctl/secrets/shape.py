"""The shape of a value, for the secret scanner: does it look generated, like a password, or
like something public (a link, a path, an id, a version, a date, a placeholder, a pointer)?"""

from __future__ import annotations

import re
from typing import NamedTuple


class Finding(NamedTuple):
    kind: str  # a slug: "github-token"; shown in [redacted:KIND]
    label: str  # for people: "a GitHub token"
    start: int  # the value's span in the text scanned
    end: int


_compiled: dict[str, re.Pattern[str]] = {}


def rx(pattern: str) -> re.Pattern[str]:
    """A pattern compiled on first use."""
    found = _compiled.get(pattern)
    if found is None:
        found = _compiled[pattern] = re.compile(pattern)
    return found


# fmt: off
POINTERS = frozenset("""
    in on at see under from stored kept saved the a an my our his her their its is are was ask
    check look use same none null nil empty unset n/a na tbd todo redacted hidden changed rotated
    reset expired required optional 1password bitwarden lastpass keychain keepass vault env
    environment manager written taped printed below above attached there here with by known
    shared sent set unknown missing disabled enabled correct wrong invalid different placeholder
    example xxx xxxx xxxxx *** **** ***** password secret token changeme
    true false yes no on off
""".split())

# fmt: on

_PLACEHOLDER_START = ("<", "{", "%", "[", "(", "*", "…", "...")
# A variable named in its place: `$DB_PASSWORD`, `${TOKEN}`, `$(pass show db)`; a value that
# only begins with "$" ("$3f2doy0y-nj&3…", a Django key) is a value.
_VARIABLE = r"\$(?:\{|\(|[A-Za-z_][A-Za-z0-9_]*$)"
# A YAML tag that reads the value from elsewhere: `password: !env REDIS_PASSWORD`.
_YAML_TAGS = frozenset("env secret vault ref sub getatt importvalue include encrypted var".split())

_POINTER_PREFIXES = ("op://", "vault:", "env:", "keychain:", "http", "ssm:", "arn:", "secret://")

_PLACEHOLDER = (
    r"(?:replace|change|insert|put|add|enter|fill)[_-]?(?:me|here|this|it|yours?)?(?:[_-]\w+)?|"
    r"your[_-]?[\w-]*|my[_-]?\w*[_-](?:key|token|secret|password)|dummy\w*|fake\w*|sample\w*|"
    r"placeholder\w*|example\w*|todo|tbd|none|null|nil|undefined|redacted|hidden|secret|password"
)
# A value read from somewhere else in code (`password = os.environ["DB_PASSWORD"]`): a lookup
# or a call that no dotted name says (code_reference reads those), and objects whose fields
# hold a setting (`process.env.STRIPE_KEY`, `cfg.api_key`).
_CODE_REFERENCES = tuple("env[ env( environ[ vault( input( getpass".split())
_CODE_OBJECTS = frozenset(
    """
    process import deno os env environ settings config conf cfg self this secrets vault app ctx
    context credentials creds args opts options params request req st props state window
    globals module keyring
    """.split()
)
_DOTTED = r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+"
# Key names that hold a setting about a secret, not the secret: token_ttl, password_min_length.

_PUBLIC_EXTENSIONS = tuple(
    """
    .md .py .txt .pdf .png .jpg .json .yaml .com .org .net .io
    """.split()
)


# An entry line's own field (`lifted:2026-11-30`): memctl's structure, not a value.
_FIELD = (
    r"(?:added|from|expires|until|why|src|by|ref|when|seen|verified|archived|supersedes|"
    r"superseded_by|label|trust|first|moved_from|lifted|session|check|guard|follows|timeline|"
    r"conf|clashes|status|kind|may_replace):"
)


LONG = 1 << 16  # past this, a text's triggers are looked for in its distinct words


def distinct(lowered: str) -> str:
    """Where to look for a trigger without a space in it: a long text's distinct words, one a
    line (a megabyte of log holds a few thousand; each trigger is a pass over them, not over
    the megabyte). A trigger with no space in it stands inside one word, so it is found in the
    one as in the other."""
    if len(lowered) < LONG:
        return lowered
    return "\n".join(set(lowered.split()))


def wide(char: str) -> bool:
    """A CJK, Hangul or full-width character: a value written among them ends before it."""
    return (
        "\u3000" <= char <= "\u9fff" or "\uac00" <= char <= "\ud7af" or "\uff00" <= char <= "\uffef"
    )


def mixed(value: str) -> bool:
    return any(c.isupper() for c in value) and any(c.islower() for c in value)


def public_shape(value: str) -> bool:
    """A shape that is public by nature: a link, a path, an address, an id, a version, a date."""
    lowered = value.lower()
    return bool(
        "://" in value
        or rx(_FIELD).match(lowered)
        or value.startswith(("/", "~", "./", "@", "#", "%"))
        or rx(_VARIABLE).match(value)
        or rx(r"[^@\s]+@[\w-]+(?:\.[\w-]+)+").fullmatch(value)
        or uuid(lowered)
        or rx(r"v?\d+(?:\.\d+){1,3}(?:[-+][\w.]+)?").fullmatch(lowered)
        or rx(r"\d{4}-\d{2}-\d{2}(?:t[\d:.]+z?)?|\d{1,2}:\d{2}(?::\d{2})?").fullmatch(lowered)
        or (len(value) >= 7 and all(c in "0123456789abcdef" for c in lowered))
        or lowered.endswith(_PUBLIC_EXTENSIONS)
    )


def generated(value: str) -> bool:
    """Looks generated: letters and digits mixed (a word or a hyphenated phrase does not)."""
    digits = sum(c.isdigit() for c in value)
    letters = sum(c.isalpha() for c in value)
    mixed = any(c.isupper() for c in value) and any(c.islower() for c in value)
    return digits >= 2 and letters >= 2 or (letters >= 16 and mixed)


def strong(value: str) -> bool:
    """A password beyond doubt: letters, digits, and a symbol or mixed case."""
    has_digit = any(c.isdigit() for c in value)
    has_letter = any(c.isalpha() for c in value)
    symbol = any(not c.isalnum() for c in value)
    mixed = any(c.isupper() for c in value) and any(c.islower() for c in value)
    return has_digit and has_letter and (symbol or mixed)


def value_like(value: str) -> bool:
    if value.endswith(("...", "…")):
        return False  # elided: "sk-..."
    lowered = value.lower().rstrip(".:!?")
    if rx(_PLACEHOLDER).fullmatch(lowered):
        return False
    tail = rx(r"[^_-]+$").search(lowered)
    if tail is not None and len(tail.group()) >= 8 and len(set(tail.group())) <= 2:
        return False  # masked: sk_live_xxxxxxxxxxxx
    if tail is not None and tail.start() > 0 and set(tail.group()) <= set("x*•."):
        return False  # masked after its prefix: sk-xxxx, ghp_****
    if len(value) < 3 or lowered in POINTERS or value.startswith(_PLACEHOLDER_START):
        return False
    if rx(_VARIABLE).match(value) or code_reference(value):
        return False
    if value.startswith("!") and lowered[1:] in _YAML_TAGS:
        return False
    if lowered.startswith(_POINTER_PREFIXES):
        return False
    return not set(lowered) <= set("x*.-_#")


def code_reference(value: str) -> bool:
    """A setting read in code, not its value: a call (`sys.exit(`, `getpass(`), a lookup
    (`env["TOKEN"]`), or a dotted name from an object that holds settings or ending in a
    variable's name (`process.env.STRIPE_SECRET_KEY`, `cfg.api_key`, `settings.DB_PASSWORD`)."""
    if value.lower().startswith(_CODE_REFERENCES):
        return True
    name = rx(_DOTTED).match(value)
    if name is None:
        return bool(rx(r"[A-Za-z_][\w.]*\(").match(value))
    rest = value[name.end() :]
    if rest and not rest.startswith(("(", "[", ";", ")")):
        return False
    parts = name.group().split(".")
    last = parts[-1]
    return (
        parts[0].lower() in _CODE_OBJECTS
        or bool(rest)
        or ("_" in last and last.isupper() and any(c.isalpha() for c in last))
    )


# The shapes a value must have to be what names it (near.py, words.py)
def passwordish(value: str) -> bool:
    """A password's shape: letters with digits, or with symbols in a longer mixed value."""
    if len(value) < 6 or not value_like(value) or public_shape(value):
        return False
    if rx(r"[^\W\d_]{2,}-[^\W\d_]{2,}").fullmatch(value):
        return False  # a word of two joined: "Passwort-Reset", "IT-Portal" (three may be a phrase)
    letters = any(c.isalpha() for c in value)
    digits = any(c.isdigit() for c in value)
    symbols = any(not c.isalnum() for c in value)
    return letters and (digits or (symbols and len(value) >= 8 and mixed(value)))


def strong_password(value: str) -> bool:
    """Before the word ("use X to log in"): only a value no word or name could be (nor a
    password manager's: "in 1Password under 'Office WLAN'")."""
    return (
        len(value) >= 8
        and strong(value)
        and not public_shape(value)
        and value.lower().rstrip(".,;:!?'\"") not in POINTERS
    )


def keyish(value: str) -> bool:
    """A key's or a token's shape: 32 hex digits or more, or a long generated-looking run;
    either after a short prefix a team or a provider puts before it (`0x…`, `pul-…`, `key_…`,
    `v1.0-…`: key_body)."""
    if _bare_key(value):
        return True
    if value.startswith(("sha", "SHA")):  # a digest named by its algorithm: "sha256-…"
        return False
    body = key_body(value)
    return body is not None and _bare_key(body)


def _bare_key(value: str) -> bool:
    if len(value) >= 32 and all(c in "0123456789abcdefABCDEF" for c in value):
        return True  # a hash near a hash word was skipped before: this one is a key
    if public_shape(value) or value.startswith(("AAAA", "ssh-", "sha", "SHA")):
        return False
    if code_reference(value):
        return False
    body = sum(c.isalnum() or c in "_-+/=." for c in value)
    return len(value) >= 20 and body == len(value) and mixed(value) and generated(value)


# A key's short prefix: 0x before hex, a few letters and a separator, two such at most
# ("pul-", "key_", "sk_live_"), or a version and a separator ("v1.0-", "v2_")
_KEY_PREFIX = (
    r"0[xX](?=[0-9a-fA-F]+$)|(?:[A-Za-z]{1,8}[-_]){1,2}|[vV]\d{1,3}(?:\.\d{1,3}){0,2}[-_.]"
)


def key_body(value: str) -> str | None:
    """What follows a key's short prefix ("pul-8f3a…" → "8f3a…"), or None without one."""
    prefix = rx(_KEY_PREFIX).match(value)
    return None if prefix is None else value[prefix.end() :]


_UUID = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"


def uuid(value: str) -> bool:
    """A UUID: an id most often, a key when a word names it one ("the api key is 123e…")."""
    return rx(_UUID).fullmatch(value.lower()) is not None


def codeish(value: str) -> bool:
    """A PIN or door code: 3 to 8 digits (a letter or a # may come with them), or a
    combination "12-34-08"."""
    value = value.strip("#*")
    if rx(r"\d{1,3}(?:-\d{1,3}){2,3}").fullmatch(value):
        return True
    digits = sum(c.isdigit() for c in value)
    return (
        bool(rx(r"[A-Za-z0-9]{3,8}").fullmatch(value)) and digits >= 3 and digits >= len(value) - 2
    )


# What a word for a secret is part of, no secret beside it (secrets/near.py):
# A name word that ends a file's name
FILE_END = r"\.(?:md|markdown|txt|html?|php|aspx?|jsx?|tsx?|py|json|ya?ml)\b"
# A Markdown file's path in a workspace, with the line or the entry it points at
NOTE_PATH = r"(?:[\w.-]+/)+[\w.-]+\.md(?::\d+|#\^?[\w-]+)?"
# The tail of a compound that names a password ("WLAN-Passwort", "Wi-Fi-Kennwort")
NAME_TAIL = r"(?i)-(?:passw|kennw|wachtw|lösenord|password|contrase)[^\W\d_]*"


# A value spelled out a character at a time: "h u m m i n g b i r d 4 2"
SPELLED = r"(?<!\S)(?:\S ){5,}\S(?!\S)"


def spelled_out(text: str, span: tuple[int, int]) -> tuple[int, int] | None:
    """A password spelled out a character at a time after its name, read as one value."""
    m = rx(SPELLED).search(text, *span)
    if m is None or not passwordish(m.group().replace(" ", "")):
        return None
    return m.span()
