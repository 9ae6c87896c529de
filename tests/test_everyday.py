"""Everyday text is stored and the secrets in it are not: notes about logins that hold no
value, settings (`max_tokens: 4096`, `password_min_length: 12`), code that reads a key from
the environment, placeholders, identifiers, bylines, logs and API output; and, in the same
settings, the real thing. The sets (tests/hostile/everyday-*.jsonl, everyday2-*.jsonl) were
written without sight of the scanner and then tuned on; the held-out set written the same
way (held5-*) is scripts/eval_secrets.py's. Every door writes through this scanner
(tests/test_doors.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memctl.secrets.scan import redact, scan

HOSTILE = Path(__file__).parent / "hostile"
SETS = ("everyday", "everyday2")
KNOWN_MISSES = {
    # a passphrase of plain words after a parenthesis ("master password (in case I forget):
    # copper kettle whistles at dawn 9"): words alone do not say it is one
    "everyday": {"copper kettle whistles at dawn 9"},
    # an online bank's "PIN" that is a password, with no "is" or ":" before it: read as one,
    # a strong value near "PIN" or "code" flagged harmless text too
    "everyday2": {"wdgq00%BVIBgbc5"},
}


def rows(name: str, kind: str) -> list[dict]:
    lines = (HOSTILE / f"{name}-{kind}.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


@pytest.mark.parametrize("name", SETS)
def test_everyday_text_that_names_a_secret_without_holding_one_is_not_one(name):
    flagged = [
        (row["why"], [row["text"][f.start : f.end] for f in scan(row["text"])])
        for row in rows(name, "lookalikes")
    ]
    assert len(flagged) >= 150
    assert [(why, found) for why, found in flagged if found] == []


@pytest.mark.parametrize("name", SETS)
def test_the_secrets_in_everyday_text_are_redacted(name):
    cases = rows(name, "secrets")
    assert len(cases) >= 60
    kept = [c["secret"] for c in cases if c["secret"] in redact(c["text"])]
    assert sorted(kept) == sorted(KNOWN_MISSES[name])


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("user_password = Tr0ub4dor&3x!", "a user password written out"),
        ("api_key = Q7v!mR2#pLx9zz", "an api key written out"),
        ("ssh_password = Q7v!mR2#pLx9zz", "an ssh password written out"),
        ("EU_token = Q7v!mR2#pLx9zz", "a eu token written out"),
        ("db_password = Q7v!mR2#pLx9zz", "a db password written out"),
    ],
)
def test_a_finding_names_its_key_with_the_article_it_is_said_with(text: str, said: str):
    assert [finding.label for finding in scan(text)] == [said]
