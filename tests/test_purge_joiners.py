"""A purged text stays purged whatever punctuation joins its words: any run of punctuation or
symbols between two words reads as one space, in a text and in a file's name, through each
door that stores either. With a space beside it, it is a sentence's or a list's ("Mara,
Quillfeather and Lee"): the words are apart. (A name of two words surname first after a comma,
"Quillfeather, Mara", is the name: tests/test_purge_ascii.py.)"""

from __future__ import annotations

import pytest

from conftest import git, made

JOINERS = [
    ",", ":", "'", "~", "=", "(", ";", "!", "?", "&", "*", "#", "|", '"', "`", "^", "@", "$",
    "%", "\\", "[", "{", "<", ">", "—", "–", "…", "«", "’", "§", "¦", "+", "-", "_", ".", "/",
    "·", "),", "::", "=>", "'-'", ",,,", ".,",
]  # fmt: skip
NAME_JOINERS = [",", "'", "=", "(", "~", ";", "!", "&", "@", "+", "-", "_", "."]


def _purge(cli) -> None:
    cli("log", "t", "-m", "met Mara Quillfeather and Zorblat Quimby")
    cli("forget", "--purge", "--match", "Mara Quillfeather", "--yes")
    cli("forget", "--purge", "--match", "Zorblat Quimby", "--yes")
    cli("new", "lessons/people", "-t", "People")


@pytest.fixture
def ws(tmp_path):
    """Two names purged, made once per process and copied for each test (the `cli` fixture
    works on it)."""
    return made("purged-joiners", _purge, tmp_path)


@pytest.fixture
def purged(ws):
    return ws


def _refused(ws, cli, *argv: str) -> None:
    head = git(ws, "rev-parse", "HEAD")
    refused = cli(*argv, code=3)
    assert "purged on purpose" in refused.stderr
    assert git(ws, "rev-parse", "HEAD") == head


@pytest.mark.parametrize("joiner", JOINERS)
def test_a_purged_text_joined_by_punctuation_is_refused_in_text(purged, cli, joiner):
    text = f"Mara{joiner}Quillfeather"
    _refused(purged, cli, "log", "t", "-m", f"lunch with {text} today")
    _refused(purged, cli, "add", "lessons/people", f"ask {text} first")
    _refused(purged, cli, "new", "lessons/other", "-t", f"About {text}")


@pytest.mark.parametrize("joiner", NAME_JOINERS)
def test_a_purged_text_joined_by_punctuation_is_refused_in_a_name(purged, cli, joiner):
    _refused(purged, cli, "new", f"people/zorblat{joiner}quimby")
    _refused(purged, cli, "new", f"people/zorblat{joiner}quimby{joiner}notes")
    assert not list(purged.root.glob("people/zorblat*"))


def test_a_purged_name_in_parentheses_is_refused(purged, cli):
    _refused(purged, cli, "new", "people/zorblat(quimby)")


@pytest.mark.parametrize(
    "text",
    [
        "Mara and Quillfeather",
        "Mara's notes, Quillfeather Street",
        "Mara, Quillfeather and Lee",
    ],
)
def test_words_of_a_purged_text_apart_are_stored(purged, cli, text):
    cli("log", "t", "-m", text)
