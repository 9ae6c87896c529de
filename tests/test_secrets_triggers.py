"""The scanner's shortcuts find what its patterns find: the near words matched only where a
word's head stands (secrets/near.py), and the table's triggers (data/secrets.tsv), each of
which a pattern's match implies. Checked on every labelled text of tests/hostile/ and on
texts made to sit right at the edges (a trigger inside a word, at the start, after a dash).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conftest import REPO
from memctl.secrets import near, scan

HOSTILE = Path(__file__).parent / "hostile"
EDGES = [
    "PIN: 4417",
    "xpin: 4417",
    "-pin 4417",
    "my_password is Tr0ub4dor&3",
    "Passwort für das WLAN ist Sommer2025#Kiel",
    "the favorite teacher answer: Mrs Hale",
    "log into the NAS with Q7v!mR2#pLx9",
    "logon Q7v!mR2#pLx9",
    "WiFi密码是woaibeijing520，别告诉别人",
    "暗証番号は4417です",
    "cvv2 318 and CVC 417",
    "card 4111 1111 1111 1111 exp 12/29",
    "card ４１１１１１１１１１１１１１１１ and 1234567890123",
    "seed jbsw y3dp ehpk 3pxp jbsw y3dp",
    "MTk4NjIyNDgzNDcxOTI1MjQ4.Cl2FMQ.ZnCjm1XVW7vRze4b7Cq4se7kKWs",
    "backup codes: 1234-5678 8765-4321",
    "recovery key ABCD-EFGH-IJKL-MNOP",
]


def _texts() -> list[str]:
    texts = list(EDGES)
    for path in sorted(HOSTILE.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                texts.append(json.loads(line)["text"])
    return texts


TEXTS = _texts()


def _near_words_by_the_whole_pattern(text: str) -> list[tuple[tuple[int, int], set[str]]]:
    whole = re.compile(near._NEAR)
    lowered = text.lower()
    starts = sorted(
        {m.start() for t in near._NEAR_TRIGGERS for m in re.finditer(re.escape(t), lowered)}
    )
    found, end = [], -1
    for at in starts:
        if at < end:
            continue
        m = whole.match(text, at)
        if m is not None:
            found.append((m.span(), {k for k, v in m.groupdict().items() if v}))
            end = m.end()
    return found


def test_near_words_matched_by_parts_are_those_the_whole_pattern_finds():
    for text in TEXTS:
        parts = [
            (m.span(), {k for k, v in m.groupdict().items() if v})
            for m in near._near_words(text, text.lower())
        ]
        assert parts == _near_words_by_the_whole_pattern(text), text


@pytest.mark.parametrize("kind", sorted({p[0] for p in scan._patterns()}))
def test_a_pattern_of_the_table_never_matches_where_its_triggers_say_no(kind):
    for _, label, triggers, source in [p for p in scan._patterns() if p[0] == kind]:
        pattern = re.compile(source)
        for text in TEXTS:
            if pattern.search(text) is None:
                continue
            lowered, shapes = text.lower(), {}
            assert all(scan._holds(text, lowered, group, shapes) for group in triggers), (
                label,
                text,
            )


def test_digits_inside_a_hex_string_are_not_a_card_number():
    """The purge registry's salts and hashes are random hex: a run of digits in one can pass
    the Luhn check (about 1 line in 400 did), and was taken for a card number."""
    from memctl.secrets.scan import scan

    for digits in ("4373731000300", "24242828613026", "2604597121406"):
        assert scan(f'{{"salt": "ab{digits}cd", "hash": "f0{digits}"}}') == []
    assert [f.kind for f in scan("card number 4539 1488 0343 6467")] == ["card-number"]


def test_an_iban_is_not_a_card_number():
    """A card number starts a run of digit groups: the digits of an IBAN after its country and
    check digits (DE44 5001 0517 …) pass the Luhn check by chance, and are not a card."""
    from memctl.secrets.scan import scan

    for iban in ("DE44 5001 0517 5407 3249 31", "GB29 NWBK 6016 1331 9268 19"):
        assert scan(f"rent goes to IBAN {iban} every month") == []
    assert [f.kind for f in scan("the card 4539-1488-0343-6467, exp 12/28")] == ["card-number"]


def test_every_field_memctl_writes_on_an_entry_line_reads_as_structure_not_as_a_value():
    """A field memctl adds to a line (`may_replace:rik3` before "Password policy: …") is never
    taken for a password written out: the scanner knows each one, found in the code that
    writes them, so a field added later is checked here too."""
    from memctl.entry import KNOWN_FIELDS
    from memctl.secrets.shape import public_shape

    source = "\n".join(p.read_text() for p in (REPO / "memctl").rglob("*.py"))
    written = set(KNOWN_FIELDS)
    written |= set(re.findall(r'extra\["([a-z_]+)"\]', source))
    written |= set(re.findall(r"with_fields\(([a-z_]+)=", source))
    written |= set(re.findall(r'^FIELD = "([a-z_]+)"', source, re.M))
    assert {"may_replace", "clashes", "superseded_by", "moved_from"} <= written
    assert [f for f in sorted(written) if not public_shape(f"{f}:rik3")] == []


@pytest.mark.parametrize("field", ["supersedes", "superseded_by", "may_replace", "follows"])
def test_an_entry_id_after_its_field_is_never_a_door_code_however_many_digits_it_has(field):
    """Ids are random: one in a few dozen has three digits ("v847"), which beside "garage code"
    read as a PIN and refused the line a correction wrote."""
    from memctl.entry import new_id
    from memctl.secrets.scan import scan

    why = 'why:"correction: I had the garage code wrong, it\'s on the whiteboard"'
    for ident in ("v847", "a234", "k2345", *(new_id(set()) for _ in range(200))):
        line = f"- [FACT] added:2026-10-01 {why} {field}:{ident} · The garage code is on the fridge"
        assert scan(line) == [], line
    assert [f.kind for f in scan("the garage code: v847")] == ["pin"]  # a value, not a field
