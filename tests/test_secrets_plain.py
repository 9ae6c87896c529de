"""Secrets in the forms a browser, a QR tool or a person reads without a thought: a provider's
token glued inside a word or a percent-encoded link, a card number in other digits or with
other separators, a password named in a look-alike or in leetspeak (memctl.secrets.plain,
data/secrets.tsv). Each goes through `memctl log`, whose write layer every door shares: refused
(exit 3), nothing committed; redacted where nobody is asked, the rest of the text kept."""

from __future__ import annotations

import pytest

from conftest import git, refused_as_a_secret
from memctl.secrets.plain import plainly
from memctl.secrets.scan import redact, scan

GHP = "ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789"
ANT = "sk-ant-api03-" + "aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789" * 2 + "aBcDeFgHi-AAAAAA"
# text, the secret it holds
SECRETS = [
    (
        "CI callback: https://ci.example.com/hook?next=https%3A%2F%2Fapi.github.com%2Frepos"
        f"%3Ftoken%3D{GHP}",
        GHP,
    ),
    (f"Claude API call: curl -H 'x-api-key%3A%20{ANT}'", ANT),
    (f"token=3D{GHP} in the mail", GHP),
    (f"id A{GHP}", GHP),
    (f"env MY_{GHP}", GHP),
    ("aws=3DAKIAQWERTYUIOPASDF12&x=1", "AKIAQWERTYUIOPASDF12"),
    (
        "slack=3Dxoxb-1234567890-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx",
        "xoxb-1234567890-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx",
    ),
    ("stripe key%3Dsk_live_4eC39HqLyjWDarjtT1zdp7dc", "sk_live_4eC39HqLyjWDarjtT1zdp7dc"),
    ("visa ٤٥٣٩ ٣٦٨١ ٩٣٠٣ ٦٤٢٦ exp 12/27", "٤٥٣٩ ٣٦٨١ ٩٣٠٣ ٦٤٢٦"),
    ("visa ४५३९ ३६८१ ९३०३ ६४२६ exp 12/27", "४५३९ ३६८१ ९३०३ ६४२६"),
    ("visa 4539\t3681\t9303\t6426 exp 12/27", "4539\t3681\t9303\t6426"),
    ("visa 4539  3681  9303  6426", "4539  3681  9303  6426"),
    ("visa 4539.3681.9303.6426", "4539.3681.9303.6426"),
    ("visa 4539 - 3681 - 9303 - 6426", "4539 - 3681 - 9303 - 6426"),
    ("debit card PIN ٤٨٢٩", "٤٨٢٩"),
    (
        "QR for the bank 2FA: https://api.qrserver.com/v1/create-qr-code/?data=otpauth%3A%2F%2F"
        "totp%2FBank%3Asam%3Fsecret%3DJBSWY3DPEHPK3PXP%26issuer%3DBank",
        "JBSWY3DPEHPK3PXP",
    ),
    ("db url postgres%3A%2F%2Fadmin%3AS3cr3tPass%40db.example.com%2Fprod", "S3cr3tPass"),
    ("twice: postgres%253A%252F%252Fadmin%253AS3cr3tPass%2540db%252Fprod", "S3cr3tPass"),
    ("my bank passwօrd is hunter2!Qx", "hunter2!Qx"),  # Armenian օ
    ("my bank passwᴏrd is hunter2!Qx", "hunter2!Qx"),  # a small capital ᴏ
    ("my bank passw0rd is hunter2!Qx", "hunter2!Qx"),
    ("my bank p@ssword is hunter2!Qx", "hunter2!Qx"),
    ("bank: user sam / hunter2!Qx", "hunter2!Qx"),
]
ORDINARY = [
    "report at https://files.example.com/Q3%20Report%202024%20final.pdf",
    "see https://www.google.com/search?q=password%20manager%20comparison",
    "room 4539 3681, floor 2",
    "upgrade to 1.2.3.4 then 10.0.0.12",
    "the build 4539.3681.9303.6427 failed",  # no card: the Luhn check fails
    "OID 1.3.6.1.4.1.11129.2.4.2 in the cert",
    "meeting on 2026-11-30 at 12/27, order 2024-11-30 - 3681 - 9303",
    "call +1 415 555 0132 or +44 20 7946 0958",
    "phone ٠١٢٣ ٤٥٦ ٧٨٩, version ١.٢.٣",
    "CPU at 100%, disk at 93%, progress 50%25 done",
    "Task-manager-2024-rewrite-v2-final and disk_test_CalculatesValueCorrectly",
    "The passw0rd field is required; set the p@ssword policy to 12 chars",
    "user guide / Chapter-3 covers it",
    "the հայերեն page and ᴀᴄᴛɪᴏɴ in small capitals",
    "columns:\tname\t\tvalue  aligned",
]


@pytest.mark.parametrize("text,secret", SECRETS, ids=range(len(SECRETS)))
def test_a_secret_in_a_form_read_plainly_is_refused(ws, cli, text, secret):
    refused_as_a_secret(ws, cli, text)
    assert secret not in git(ws, "log", "-p", "--all")


@pytest.mark.parametrize("text,secret", SECRETS, ids=range(len(SECRETS)))
def test_the_redaction_covers_the_secret_as_it_was_written(text, secret):
    redacted = redact(text)
    assert secret not in redacted and "[redacted:" in redacted
    assert redacted[:4] == text[:4]  # the text around it is kept


@pytest.mark.parametrize(
    "text,shown",
    [
        ("visa 4539\t3681\t9303\t6426 exp 12/27", "visa [redacted:card-number] exp 12/27"),
        ("visa ٤٥٣٩ ٣٦٨١ ٩٣٠٣ ٦٤٢٦ exp", "visa [redacted:card-number] exp"),
        ("visa 4539 - 3681 - 9303 - 6426.", "visa [redacted:card-number]."),
        (
            "db postgres%3A%2F%2Fadmin%3AS3cr3tPass%40db%2Fprod",
            "db postgres%3A%2F%2Fadmin%3A[redacted:password-in-link]%40db%2Fprod",
        ),
        (f"id A{GHP} ok", "id A[redacted:github-token] ok"),
        ("my p@ssword is hunter2!Qx, ok", "my p@ssword is [redacted:password], ok"),
    ],
)
def test_the_redaction_is_the_secret_as_it_was_written(text, shown):
    assert redact(text) == shown


@pytest.mark.parametrize("text", ORDINARY)
def test_ordinary_text_in_those_forms_is_stored(cli, text):
    cli("log", "t", "-m", text)
    assert scan(text) == []


def test_a_plain_reading_maps_each_position_back():
    text = "a%3Db  c\td ٤ passw0rd"
    read = plainly(text)
    assert read is not None and read.text == "a=b c d 4 password"
    for start in range(len(read.text)):
        s, e = read.span(start, start + 1)
        assert read.text[start] in (text[s:e], " ", "=", "4", "o")
    assert plainly("nothing to read differently here") is None


@pytest.mark.parametrize(
    "text",
    [
        "the home wifi password is Zonnebloem-77!",
        "wachtwoord van de wifi: Tulpen2024!",
        "the alarm password is Sunflower#42!?",
    ],
)
def test_a_mark_right_after_a_secret_is_redacted_with_it(text):
    """ "… is [redacted:password]!" said the password's last character."""
    shown = redact(text)
    assert "[redacted:" in shown and shown.endswith("]"), shown
