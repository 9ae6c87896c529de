"""Secrets never enter memory: API keys, tokens, private keys and `password=…` forms.

Memory stores where a secret lives ("the deploy token is in 1Password under Atlas"), never the
secret itself. The scan names the kind of secret it found and never repeats the value.
"""

from __future__ import annotations

import re

# (kind, pattern); the first match wins, so specific providers come before generic forms.
_PATTERNS = [
    ("an Anthropic API key", r"\bsk-ant-[A-Za-z0-9_-]{16,}"),
    ("an OpenAI API key", r"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}"),
    ("a GitHub token", r"\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})"),
    ("a GitLab token", r"\bglpat-[A-Za-z0-9_-]{20,}"),
    ("an AWS access key", r"\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b"),
    ("an AWS secret key", r"(?i)\baws_?secret_?(?:access_?)?key\b\s*[=:]\s*\S{16,}"),
    ("a Slack token", r"\bxox[abposr]-[A-Za-z0-9-]{10,}"),
    ("a Slack webhook", r"hooks\.slack\.com/services/T[A-Za-z0-9_/]{8,}"),
    ("a Google API key", r"\bAIza[0-9A-Za-z_-]{35}"),
    ("a Stripe key", r"\b(?:sk|rk|pk)_(?:live|test)_[0-9A-Za-z]{16,}"),
    ("a SendGrid key", r"\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}"),
    ("a Hugging Face token", r"\bhf_[A-Za-z0-9]{30,}"),
    ("an npm token", r"\bnpm_[A-Za-z0-9]{36}\b"),
    ("a Twilio key", r"\bSK[0-9a-f]{32}\b"),
    ("a JSON Web Token", r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"),
    ("a private key", r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----"),
    ("a bearer token", r"(?i)\bbearer\s+[A-Za-z0-9._~+/-]{20,}=*"),
    ("a password in a link", r"\b[a-z][a-z0-9+.-]*://[^\s:/@]+:[^\s@/]{3,}@[\w.-]+"),
]
_KNOWN = [(kind, re.compile(pattern)) for kind, pattern in _PATTERNS]

# `password=hunter2`, `token: abc123`, `"api_key": "…"`: a key word, = or :, then a value.
_ASSIGNED = re.compile(
    r"(?i)(?<![\w-])(?P<key>(?:[a-z0-9]+[_-])?(?:password|passwd|passphrase|pwd|secret|"
    r"token|api[_-]?key|apikey|access[_-]?key|auth[_-]?key|client[_-]?secret|private[_-]?key|"
    r"pin|contrase(?:n|ñ)a|mot[_ -]de[_ -]passe|passwort|senha))[\"']?\s*(?::=|=|:)\s*[\"']?"
    r"(?P<value>[^\s\"',;]{4,})"
)
# Words that say where a secret is rather than what it is: "password: in 1Password".
_POINTERS = frozenset(
    """in on at see under from stored kept saved the a an my our his her their its is are was
    ask check look use same none null empty unset n/a tbd todo redacted hidden changed rotated
    reset 1password bitwarden lastpass keychain keepass vault env environment manager"""
    .split()
)  # fmt: skip


def find_secret(text: str) -> str | None:
    """What kind of secret `text` holds ("an OpenAI API key"), or None. Never the value."""
    for kind, pattern in _KNOWN:
        if pattern.search(text):
            return kind
    for m in _ASSIGNED.finditer(text):
        value = m["value"]
        if value.lower().rstrip(".:") in _POINTERS or value.startswith(("$", "<", "{", "%")):
            continue
        if value.lower().startswith(("op://", "vault:", "env:", "keychain:", "http")):
            continue
        if m["key"].lower() in ("pin",) and not value.isdigit():
            continue
        return f"a {m['key'].lower().replace('_', ' ').replace('-', ' ')} written out"
    return None
