"""A purged text comes back split by a blank or a line break inside a word ("Quill feather",
"Quill⏎feather" for a purged "Quillfeather"), in base64 or hex of a longer text that holds it,
in spaced hex or in octal escapes: the registry finds each (memctl.purged, with
encoded.rejoined), under every door (tests/doors.py PURGED_PAYLOADS holds such forms).
Words of prose are not joined into other words: only whole words are joined, into a purged
text of eight characters or more, so "plan new" holds no purged "Ann" and "a new man" no
purged "Newman"."""

from __future__ import annotations

import base64
import datetime as dt

import pytest

from memctl.anchors import new_records
from memctl.purged import Registry

PURGED = ("Quillfeather", "Mara Quillfeather", "Wisteria Lane", "Newman", "Ann", "Jim Hardie")


@pytest.fixture(scope="module")
def registry():
    records = []
    for n, text in enumerate(PURGED):
        records += new_records(text, salt="ab" * 16, receipt=f"r{n}", today=dt.date(2026, 1, 1))
    return Registry(records)


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


# text, the part of it found purged
SPLIT = [
    ("Quill feather", "Quill feather"),
    ("ask Quill\nfeather about it", "Quill\nfeather"),
    ("the quill feather pen", "quill feather"),
    ("Mara Quill feather called", "Mara Quill feather"),
    ("Mara Quill\r\nfeather called", "Mara Quill\r\nfeather"),
    ("meet on Wis teria Lane", "Wis teria Lane"),
    ("meet on Wisteria La ne", "Wisteria La ne"),
    ("ring Jim Har die", "Jim Har die"),
    (f"see {_b64('Mara Quillfeather, 12 Larkspur Lane')}", None),
    (f"blob {_b64('we met on Wisteria Lane in May')} end", None),
    ("hex " + " ".join(f"{b:02x}" for b in b"Quillfeather"), None),
    ("hex " + (b"call Jim Hardie today").hex(), None),
    ("dump " + "".join(f"\\{b:03o}" for b in b"Quillfeather"), None),
]
ORDINARY = [
    "plan new things",
    "a new man came by",
    "the quill and the feather",
    "quill, feather",
    "Mara quilled feathers",
    "quill feathers in the lanes",
    "Jimmy Hardie",
    "hex 51 75 69 6c 6c and 10 12 14 16 18",
    f"see {_b64('Mara Quill and a feather')}",
]


@pytest.mark.parametrize(("text", "part"), SPLIT)
def test_a_purged_text_split_or_encoded_in_a_longer_text_is_found(registry, text, part):
    hits = registry.hits(text)
    assert hits, text
    if part is not None:
        assert text[hits[0].start : hits[0].end] == part


@pytest.mark.parametrize("text", ORDINARY)
def test_words_of_prose_are_not_joined_into_a_purged_text(registry, text):
    assert registry.hits(text) == []
