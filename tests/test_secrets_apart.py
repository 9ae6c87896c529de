"""Secrets written apart or spelled in escapes, each found and redacted whole by the scanner
under every door; what looks like them and names no secret stays plain:
- a code's digits in groups after the word that names it ("the door code is 4 4 7 1", "PIN
  4.4.7.1", "combo 12-34-56", "the keypad takes 4471"), not a version, a time, a score, a
  room, a date, a phone number, nor a dependency pinned to a version;
- a device's admin account and its password ("router admin / Zq8vLm2pXr7!"), not a path;
- a PuTTY private key's lines;
- a provider's token split by an escaped character nobody sees or an escaped line break
  (`ghp_…\\u200b3yT…`, `AKIA…\\n…`), or spelled in octal escapes, `\\u{67}`, "U+0067 …" or
  spaced hex; not a Windows path, a regex, or text about an escape.
"""

from __future__ import annotations

import pytest

from memctl.secrets.scan import redact, scan

TOKEN = "ghp_R8xK2mQ9vL4nP7wZ3yT6bH1cF5dJ0sA2eG9u"
GITLAB = "glpat-Xk9mP2vLQ7wR4tY8zN3c"
PUTTY = (
    "PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: deploy@ci\n"
    "Public-Lines: 2\nAAAAC3NzaC1lZDI1NTE5AAAAIG\nXk\nPrivate-Lines: 2\n"
    "AAAAIQCx8bQ2Jd9LmZpX7vR3tY6wK1nH4cF5sA2eG9uMqP0oL\nAAAAIQCx8bQ2Jd9L\n"
)

# text, the secret it holds (redacted whole)
SECRETS = [
    ("the door code is 4 4 7 1", "4 4 7 1"),
    ("my bank PIN is 4.4.7.1", "4.4.7.1"),
    ("alarm code: 2 5 8 0", "2 5 8 0"),
    ("debit card PIN 4/4/7/1", "4/4/7/1"),
    ("new PIN 44 71 from Monday", "44 71"),
    ("the door code is 4 · 4 · 7 · 1", "4 · 4 · 7 · 1"),
    ("door code 4 4 7 1 then enter", "4 4 7 1"),
    ("the garage combo is 12 34 56", "12 34 56"),
    ("gym locker combination: 3.7.9.1", "3.7.9.1"),
    ("the PUK for the spare SIM is 5820 4419", "4419"),
    ("kid's tablet passcode 1 9 9 8", "1 9 9 8"),
    ("the lockbox on the porch opens with 2 5 8 0", "2 5 8 0"),
    ("the keypad at the back door takes 4471", "4471"),
    ("the keypad at the shed accepts 7 7 1 9", "7 7 1 9"),
    ("router admin / Zq8vLm2pXr7!", "Zq8vLm2pXr7"),
    ("printer: root / Hp7!kLm29xQ", "Hp7!kLm29xQ"),
    (PUTTY, "AAAAIQCx8bQ2Jd9LmZpX7vR3tY6wK1nH4cF5sA2eG9uMqP0oL"),
    (PUTTY.replace("\n", " "), "AAAAIQCx8bQ2Jd9L"),
    (f"pasted {TOKEN[:20]}\\u200b{TOKEN[20:]} in chat", TOKEN[20:]),
    (f"{TOKEN[:20]}\\n{TOKEN[20:]}", TOKEN[:20]),
    ("AKIA\\u200bIOSFODNN7EXAMPLE", "IOSFODNN7EXAMPLE"),
    ("AKIAIOSF\\r\\nODNN7EXAMPLE", "ODNN7EXAMPLE"),
    (f"{GITLAB[:14]}\\u2060{GITLAB[14:]}", GITLAB[14:]),
    (f"{GITLAB[:14]}\\u00ad{GITLAB[14:]}", GITLAB[14:]),
    (f"{TOKEN[:20]}\\U0000200B{TOKEN[20:]}", TOKEN[20:]),
    (f"{TOKEN[:20]}\\xe2\\x80\\x8b{TOKEN[20:]}", TOKEN[20:]),
    ("".join(f"\\{ord(c):o}" for c in TOKEN), "\\61\\143\\106\\65"),
    ("".join(f"\\u{{{ord(c):x}}}" for c in GITLAB), "\\u{58}\\u{6b}"),
    (" ".join(f"U+{ord(c):04X}" for c in "AKIAIOSFODNN7EXAMPLE"), "U+0049 U+004F U+0053"),
    ("echo " + " ".join(f"{ord(c):02x}" for c in TOKEN), "52 38 78 4b"),
]

ORDINARY = [
    "version 4.4.7.1 shipped on Friday",
    "we met at 4 4 7 Main Street at 10 30",
    "the score was 4 4 at half time",
    "room 4.12 has a keypad",
    "keypad model 4471 installed in the hall",
    "PIN changed on 12/03/2024",
    "pin numpy to 1.2.6 for now",
    "pin 1.2.6 until the fix lands",
    "the PIN is 4 digits long",
    "the code for the 2 3 kids' lockers is in the office",
    "code 1.2.3 of the standard",
    "the keypad takes 4 AA batteries",
    "admin / settings / users",
    "root / home / projects",
    "PuTTY keys list Private-Lines: and Public-Lines: in their header",
    "path C:\\Users\\nina\\temp\\new\\1\\2\\3\\4 and C:\\Windows\\System32",
    "U+00E9 U+00E8 U+00EA U+00EB are the accented e's",
    "MAC 00:1a:2b:3c:4d:5e and dump 00 01 02 03 04 05 06 07 08 09 0a 0b",
    "hex 48 65 6c 6c 6f 20 77 6f 72 6c 64 21 spells Hello world!",
    "regex \\d+\\s*\\n\\t and printf('%s\\n', x) and \\0\\1\\2",
    "escape a zero-width space as \\u200b in JSON",
    "scores 10 12 14 16 18 20 22 24 in the league",
]


@pytest.mark.parametrize(("text", "secret"), SECRETS)
def test_a_secret_written_apart_or_in_escapes_is_redacted_whole(text, secret):
    assert scan(text), text
    assert secret not in redact(text)


@pytest.mark.parametrize("text", ORDINARY)
def test_what_only_looks_like_one_stays_plain(text):
    assert scan(text) == []
