"""Secrets said in words, each refused by `memctl remember` (exit 3, nothing of it written or
committed), as the digits and single words already are; what people say about them is stored:
- a passphrase of several words said in prose ("my password is correct horse battery
  staple"), not a password's state or place ("the password is on the sticky note");
- a PIN spelled out in digit words ("the alarm code is one two three four"), read as the
  digits are ("the alarm code is 1234"), not number words in a sentence;
- a social security number, a National Insurance number or a German tax ID said as one, not
  a part number of an SSN's shape.
"""

from __future__ import annotations

import pytest

from conftest import git
from memctl.secrets.scan import redact

# text, the secret it holds
SECRETS = [
    ("my password is correct horse battery staple", "correct horse battery staple"),
    ("the wifi passphrase is purple monkey dishwasher lamp", "purple monkey dishwasher lamp"),
    ("Set the vault passphrase to: river stone quiet maple", "river stone quiet maple"),
    ("Das WLAN-Passwort ist grüner Apfel blaue Tür", "grüner Apfel blaue Tür"),
    ("la contraseña del router es perro azul salta valla", "perro azul salta valla"),
    ("The alarm code is one two three four.", "one two three four"),
    ("der Code ist eins zwei drei vier", "eins zwei drei vier"),
    ("my PIN is four-four-one-seven", "four-four-one-seven"),
    ("le code de la porte est un deux trois quatre", "un deux trois quatre"),
    ("My SSN is 078-05-1120", "078-05-1120"),
    ("my social security number is 078 05 1120", "078 05 1120"),
    ("219-09-9999 (my SSN) is on the lease form", "219-09-9999"),
    ("NI number AB123456C", "AB123456C"),
    ("Steuer-ID 12345678901", "12345678901"),
]
ORDINARY = [
    "my password is in Bitwarden",
    "the password is the same as before",
    "the password is expired",
    "the wifi password is written on the router",
    "my password is too short, I need a new one",
    "the password is on the sticky note in the drawer",
    "the password is twelve characters long",
    "Passwort: siehe Tresor",
    "I set the password to expire every month",
    "I have one two-hour meeting",
    "it takes two or three days",
    "the error code is four oh four",
    "part 078-05-1120 in stock",
    "the SSN is stored encrypted, ask HR",
]


@pytest.mark.parametrize("text,secret", SECRETS, ids=range(len(SECRETS)))
def test_a_secret_said_in_words_is_refused_and_nothing_is_written(ws, cli, text, secret):
    refused = cli("remember", "-s", "user", text, code=3)
    assert "looks like it holds a secret" in refused.stderr
    assert secret not in refused.stderr
    assert secret not in git(ws, "log", "-p", "--all")
    assert not any(secret in p.read_text() for p in ws.root.rglob("*.md"))


@pytest.mark.parametrize("text,secret", SECRETS, ids=range(len(SECRETS)))
def test_the_redaction_covers_the_words_as_written(text, secret):
    redacted, at = redact(text), text.index(secret)
    assert secret not in redacted
    assert redacted.startswith(text[:at]) and redacted.endswith(text[at + len(secret) :])


@pytest.mark.parametrize("text", ORDINARY, ids=range(len(ORDINARY)))
def test_what_people_say_about_secrets_in_words_is_stored(ws, cli, text):
    cli("remember", "-s", "user", text)
    assert text in git(ws, "log", "-p", "--all")
