"""Secrets said the way people say them, each refused by `memctl log`, whose write layer every
door shares (tests/test_doors.py sends some of each through every door), and redacted where it
was written; what people say about passwords is stored:
- a password that is a plain word, said in prose ("the wifi password is blueberrymuffin", "Das
  Passwort für das WLAN ist Sonnenblume", "我的密码是向日葵", "I set the gmail password to
  sunflower"), not a state said of one ("the password is expired", "password is required");
- a card number with the same slash, underscore, comma, em dash or middle dot between its
  groups, not a date or a number with thousands separators;
- a login's password without a scheme ("sam:Tr0ub4dor3@proxy.corp:8080") and a password given
  to a command (`redis-cli -a …`), not "user@host" or "git@github.com:org/repo.git";
- a token spelled with a string literal's escapes (`"AKIA\\u0049…"`), not a Windows path.
"""

from __future__ import annotations

import pytest

from conftest import git, refused_as_a_secret
from memctl.secrets.scan import redact, scan

# Held out: written before the scanner read plain-word passwords, never tuned on.
HELD_SECRETS = [
    ("the guest wifi password is pineapple", "pineapple"),
    ("My Netflix password is Snowflake", "Snowflake"),
    ("our router password is lemonade, don't share it", "lemonade"),
    ("the password for the shared drive is avocado.", "avocado"),
    ("Das WLAN-Passwort ist Regenbogen", "Regenbogen"),
    ("Mein Passwort für Netflix ist Schmetterling.", "Schmetterling"),
    ("la contraseña de mi correo es mariposa", "mariposa"),
    ("le mot de passe de ma banque est papillon", "papillon"),
    ("la password del router è girasole", "girasole"),
    ("a senha do wifi é abacaxi", "abacaxi"),
    ("我的邮箱密码是熊猫", "熊猫"),
    ("het wachtwoord van de wifi is zonnebloem", "zonnebloem"),
    ("I changed my Amazon password to hedgehog", "hedgehog"),
    ("we set the router password to 'purple elephant'", "purple elephant"),
    ('my passphrase is "correct horse battery staple"', "correct horse battery staple"),
    ("the gmail password was Marzipan", "Marzipan"),
    ("the admin password is now octopus", "octopus"),
    ("the wifi password at the cabin is moosehead (all lowercase)", "moosehead"),
    ("iPad passcode is butterfly", "butterfly"),
    ("Passwort: Sonnenblume", "Sonnenblume"),
]
HELD_ORDINARY = [
    "the password is incorrect, try again",
    "my password is expiring next week",
    "the wifi password is printed on the back of the box",
    "the password is somewhere in my email",
    "the new password is stored in the team vault",
    "the password is different for each site",
    "Das Passwort ist abgelaufen.",
    "Das Passwort ist falsch",
    "la contraseña es incorrecta",
    "le mot de passe est oublié",
    "the password is mandatory for all accounts",
    "my password is too weak according to the checker",
    "the password is case-sensitive",
    "I set the password to expire every 90 days",
    "they changed the password to something stronger",
    "the password is the usual one",
    "the password is long enough",
    "the password is hashed with bcrypt",
    "the password is blank",
    "密码是什么？",
]

# text, the secret it holds
SECRETS = [
    ("the wifi password is blueberrymuffin", "blueberrymuffin"),
    ("my gmail password is Marmalade", "Marmalade"),
    ("Das Passwort für das WLAN ist Sonnenblume", "Sonnenblume"),
    ("la contraseña del router es girasol", "girasol"),
    ("le mot de passe du wifi est tournesol", "tournesol"),
    ("我的密码是向日葵", "向日葵"),
    ("I set the gmail password to sunflower", "sunflower"),
]
ORDINARY = [
    "the password is expired",
    "the password is wrong",
    "the password is correct",
    "the password is saved in Bitwarden",
    "the password is on the fridge",
    "the password is in 1Password",
    "the password is the same as before",
    "the password is too short",
    "the password is changed",
    "the wifi password is on the router's sticker",
    "password is required",
    "the password is whatever Sam set",
    "reset the password to the default",
    "Das Passwort ist im Tresor, frag Anna",
    "Das WLAN-Passwort steht auf der Rückseite vom Router",
    "la contraseña está en el cajón",
    "密码是错的",
    "The password manager is Bitwarden",
]
# text, as redacted
EXACT = [
    ("the wifi password is blueberrymuffin, ok", "the wifi password is [redacted:password], ok"),
    ("Das WLAN-Passwort ist Regenbogen", "Das WLAN-Passwort ist [redacted:password]"),
    ("我的密码是向日葵。", "我的密码是[redacted:password]。"),
]
SECRETS += [
    ("card 4539/3681/9303/6426", "4539/3681/9303/6426"),
    ("card 4539_3681_9303_6426", "4539_3681_9303_6426"),
    ("card 4539,3681,9303,6426", "4539,3681,9303,6426"),
    ("card 4539—3681—9303—6426", "4539—3681—9303—6426"),
    ("card 4539·3681·9303·6426", "4539·3681·9303·6426"),
    ("amex 3714/496353/98431", "3714/496353/98431"),
]
ORDINARY += [
    "card 4539/3681/9303/6427 (no card: the Luhn check fails)",
    "due 2026/11/30, paid 1,234,567,890 in total",
    "years 2019,2020,2021,2022 and ports 8080,8443,9090,9443",
    "ticket_4539_3681_9303_6426_x and 4539/3681/9303/6426/1234",
    "call +1/415/555/0132",
]
EXACT += [("card 4539—3681—9303—6426 exp", "card [redacted:card-number] exp")]
SECRETS += [
    ("https_proxy=sam:Tr0ub4dor3@proxy.corp:8080", "Tr0ub4dor3"),
    ("root:Tr0ub4dor&3@10.0.0.5", "Tr0ub4dor&3"),
    ("root:P@ssw0rd!x@10.0.0.5", "P@ssw0rd!x"),
    ("redis-cli -a Tr0ub4dor3 ping", "Tr0ub4dor3"),
    ("redis-cli -h cache1 --pass Tr0ub4dor3", "Tr0ub4dor3"),
    ("mysql -pSecret123", "Secret123"),
    ("sshpass -p 'Tr0ub4dor3' ssh root@10.0.0.5", "Tr0ub4dor3"),
    ("mongosh -u admin -p Tr0ub4dor3 prod", "Tr0ub4dor3"),
    ("sqlcmd -S db1 -U sa -P Tr0ub4dor3", "Tr0ub4dor3"),
    ("lftp -u sam,Tr0ub4dor3 ftp.example.com", "Tr0ub4dor3"),
]
ORDINARY += [
    "ssh user@host, clone git@github.com:org/repo.git, meet 10:30@office",
    "Email:john.doe2024@gmail.com",
    "image node:20-bullseye@sha256:0123abcd",
]
EXACT += [("root:Tr0ub4dor&3@10.0.0.5", "root:[redacted:password-in-login]@10.0.0.5")]
SECRETS += [
    ('in the JSON dump: "AKIA\\u0049OSFODNN7QWERTYZ"', "AKIA\\u0049OSFODNN7QWERTYZ"),
    (
        "ghp_\\u0031a2b3c4d5e6f7g8h9i0j1k2l3m4n5o6p7q8r",
        "ghp_\\u0031a2b3c4d5e6f7g8h9i0j1k2l3m4n5o6p7q8r",
    ),
    (
        "b'ghp_\\x31a2b3c4d5e6f7g8h9i0j1k2l3m4n5o6p7q8r'",
        "ghp_\\x31a2b3c4d5e6f7g8h9i0j1k2l3m4n5o6p7q8r",
    ),
    ("my bank p\\u0061ssword is hunter2!Qx", "hunter2!Qx"),
]
ORDINARY += ["path C:\\Users\\xavier\\unicode and \\u00e9t\\u00e9"]
EXACT += [('key "AKIA\\u0049OSFODNN7QWERTYZ" x', 'key "[redacted:aws-access-key]" x')]


@pytest.mark.parametrize("text,secret", HELD_SECRETS, ids=range(len(HELD_SECRETS)))
def test_held_out_plain_word_passwords_are_found_and_redacted(text, secret):
    redacted = redact(text)
    assert secret not in redacted and "[redacted:" in redacted


@pytest.mark.parametrize("text", HELD_ORDINARY, ids=range(len(HELD_ORDINARY)))
def test_held_out_prose_about_passwords_holds_none(text):
    assert scan(text) == []


@pytest.mark.parametrize("text,secret", SECRETS, ids=range(len(SECRETS)))
def test_a_secret_said_so_is_refused_and_nothing_is_committed(ws, cli, text, secret):
    refused_as_a_secret(ws, cli, text)
    assert secret not in git(ws, "log", "-p", "--all")


@pytest.mark.parametrize("text,secret", SECRETS, ids=range(len(SECRETS)))
def test_the_redaction_covers_the_secret_as_written_and_keeps_the_rest(text, secret):
    redacted = redact(text)
    assert secret not in redacted and "[redacted:" in redacted
    at = text.index(secret)
    assert redacted.startswith(text[: max(0, at - 1)])


@pytest.mark.parametrize("text,shown", EXACT, ids=range(len(EXACT)))
def test_the_redaction_is_exactly_the_secret(text, shown):
    assert redact(text) == shown


@pytest.mark.parametrize("text", ORDINARY, ids=range(len(ORDINARY)))
def test_what_people_say_about_passwords_and_numbers_is_stored(cli, text):
    cli("log", "t", "-m", text)
    assert scan(text) == []
