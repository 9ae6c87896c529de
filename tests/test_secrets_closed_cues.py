"""A secret's name written closed up or hyphenated ("keysafe", "doorcode", "door-code",
"wifipassword", "lockbox") names it as its two words do: `log`, `remember` and `add` refuse the
code after it and commit nothing, and the redaction covers the code as written. What is said
of a key safe or a door code without its code (where it is, when it was fitted, a date or a
time after it) is stored, and so are compounds that name no secret ("barcode", "zipcode", a
keyboard's "keyCode").
"""

from __future__ import annotations

import pytest

from conftest import git, history
from memctl.secrets.scan import redact, scan

# text, the code it holds: a carer's, a household's, a landlord's, an office's, a holiday's
SECRETS = [
    ("lorna needs the keysafe number - its 1966", "1966"),
    ("keysafe is 1966", "1966"),
    ("the keysafe at dad's: 1966", "1966"),
    ("Key-safe by mum's porch is 4083", "4083"),
    ("KeySafe code for the carers: 7720", "7720"),
    ("the keysafe's code is 5190", "5190"),
    ("both keysafes: 6642", "6642"),
    ("agency asked for the keybox code, it's 3318", "3318"),
    ("key-box on the garden wall = 2207", "2207"),
    ("lockbox at the holiday cottage is 0519", "0519"),
    ("Lock-box combination 8841 (airbnb, flat 3)", "8841"),
    ("doorcode for Gran's sheltered housing: 2468#", "2468#"),
    ("the door-code changed to 5521", "5521"),
    ("Gatecode 9034, the allotments", "9034"),
    ("gate-code at the depot is 7713", "7713"),
    ("alarmcode is 2580, disarm within 30 seconds", "2580"),
    ("the alarm-code for the office: 6130", "6130"),
    ("garagecode 4417", "4417"),
    ("the buildingcode for Sam's block is 1185", "1185"),
    ("keypadcode on the side entrance: 3902", "3902"),
    ("entrycode 7741 for the surgery staff door", "7741"),
    ("padlockcombo is 0-4-2-9", "0-4-2-9"),
    ("the padlock-combination: 3371", "3371"),
    ("pincode 8824 for the parcel locker", "8824"),
    ("wifipassword is Tangerine77!", "Tangerine77!"),
    ("the wifipassword at the cabin is moosehead", "moosehead"),
    # named in two words that name no secret alone: a key box, a lock box
    ("the key box is 3391", "3391"),
    ("lock box at the back: 6604", "6604"),
]

# What is said of them with no code, and compounds that name none
ORDINARY = [
    "the keysafe is by the back door",
    "fit a keysafe for dad",
    "lockbox arrived today",
    "door code changed last week, I'll tell you later",
    "keysafe fitted on 12 Dec at 10:30",
    "gatecode reset at 09:00",
    "the doorcode app needs updating, version 3.2",
    "the keysafe at mum's is on the left of the door",
    "keysafe arrived, fitting it on Tuesday at 3",
    "lockbox order 55 arrived",
    "the key box is in the hall cupboard",
    "the lock box code is on the fridge",
    "keysafe code: ask Lorna",
    "barcode 5012345678900",
    "zipcode 94110",
    "zip-code 94110",
    "dresscode is smart casual",
    "errorcode 404",
    "keyCode 113 is F2",
    "the wifipassword is printed on the router",
]


@pytest.mark.parametrize("text,code", SECRETS, ids=range(len(SECRETS)))
def test_the_code_after_a_closed_up_name_is_redacted_as_written(text, code):
    redacted = redact(text)
    assert code not in redacted and "[redacted:" in redacted
    assert redacted.startswith(text[: text.index(code)])


@pytest.mark.parametrize("door", ["log", "remember", "add"])
@pytest.mark.parametrize("text,code", SECRETS[::3], ids=range(len(SECRETS[::3])))
def test_every_door_refuses_it_and_writes_no_note(ws, cli, door, text, code):
    """Refused (exit 3); no note written (remember's gate log keeps that it refused, never
    the code)."""
    cli("new", "people/dad")
    head = git(ws, "rev-parse", "HEAD")
    argv = {
        "log": ("log", "t", "-m", text),
        "remember": ("remember", "--source", "user", "--", text),
        "add": ("add", "people/dad", "--", text),
    }[door]
    refused = cli(*argv, code=3)
    assert "looks like it holds a secret" in refused.stderr
    assert code not in refused.stdout + refused.stderr
    changed = git(ws, "diff", "--name-only", head.strip(), "HEAD").split()
    assert changed in ([], [".memctl/gate.jsonl"])
    assert code not in history(ws)
    assert not any(code in f.read_text() for f in ws.root.rglob("*.md"))


@pytest.mark.parametrize("text", ORDINARY, ids=range(len(ORDINARY)))
def test_what_is_said_of_a_key_safe_without_its_code_is_stored(cli, text):
    assert scan(text) == []
    cli("log", "t", "-m", text)
    cli("new", "people/dad")
    cli("add", "people/dad", "--", text)
