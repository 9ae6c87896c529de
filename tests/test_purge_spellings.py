"""A purged text comes back in any spelling of its words: joined by a hyphen, an underscore, a
dot, a middle dot or a slash, or by nothing (`JimHardie`, where it stands on its own); with
Markdown's underscore emphasis or HTML tags around its words; in look-alike letters (negative
squared, small capitals, Lisu); as a twice-escaped HTML reference; as a whole token of base64.
The write layer refuses each through `memctl log`; the purge itself finds the same spellings in
the files, in their names and in history. Ordinary text beside them goes in."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from conftest import Cli, git, made
from memctl.daily import append_log
from memctl.forgetting.purge import purge
from memctl.longterm import add_entry, new_note
from memctl.purged import Registry, new_records
from memctl.secrets.spelling import spelled

NAME, CODE = "Jim Hardie", "Zanzibar-7731"
COMES_BACK = [
    "Jim-Hardie", "Jim_Hardie", "jim-hardie", "Jim.Hardie", "JimHardie", "Jim\u00b7Hardie",
    "JIM_HARDIE", "Zanzibar 7731", "Zanzibar7731", "Zanzibar_7731", "Zanzibar/7731",
    "Jim _Hardie_", "_Jim_ Hardie", "<b>Jim</b> Hardie", "Jim <span>Hardie</span>",
    "Jim<!-- x -->Hardie", "\U0001f179\U0001f178\U0001f17c \U0001f177\U0001f170\U0001f181"
    "\U0001f173\U0001f178\U0001f174", "J\u026am Hardie", "\ua4d9im Hardie",
    "Jim&amp;#32;Hardie", "SmltIEhhcmRpZQ==", "jim.hardie@example.com", "people/jim-hardie",
]  # fmt: skip
# Ordinary text: other words that hold the letters, look-alike scripts used as themselves, a
# base64 token of something else, the words apart.
GOES_IN = [
    "Jimmy Hardiesson", "JimHardiesson", "xJimHardie", "Jim Hardy and Tim Hardie",
    "I saw Jim. Hardie came later", "Jim, Hardie, Lee", "Zanzibar77310", "SmltIEhhcmR",
    "IPA [\u0283\u026ap] and [b\u026at]", "Lisu \ua4e1\ua4f2 \ua4e2\ua4f4",
    "\U0001f17f\ufe0f parking", "small caps \u1d00\u0299\u1d04", "__init__ and my_var_name",
    "<b>bold</b> and <i>it</i>",
]  # fmt: skip
TODAY = dt.date(2026, 12, 5)


def _purge(cli) -> None:
    cli("log", "Met", "-m", f"{NAME}, {CODE}")
    for text in (NAME, CODE, "Ann Lee"):
        cli("forget", "--purge", "--match", text, "--yes")


@pytest.fixture
def purged(tmp_path):
    return Cli(made("purged-spellings", _purge, tmp_path).root)


@pytest.mark.parametrize("form", COMES_BACK)
def test_a_purged_text_in_another_spelling_is_refused(form, purged):
    done = purged("log", "t", "-m", f"met {form} today", code=None)
    assert done.exit_code != 0 and "purged on purpose" in done.stderr + done.stdout, form


@pytest.mark.parametrize("text", [*GOES_IN, "plannlee", "Annlees"])
def test_ordinary_text_beside_the_spellings_goes_in(text, purged):
    purged("log", "t", "-m", f"met {text} today")


def test_the_registry_and_the_purge_read_the_same_spellings():
    """Each form the registry refuses, the purge's own patterns find, in str and in bytes; and
    what goes in, neither does (words apart, a longer word, a token that is not whole)."""
    read_alike((NAME, CODE), COMES_BACK, GOES_IN)


def read_alike(purged: tuple[str, ...], comes_back: list[str], goes_in: list[str]) -> None:
    """The registry refuses each of `comes_back` and the purge's patterns (str and bytes) find
    it; neither finds any of `goes_in`."""
    registry = Registry(
        [r for t in purged for r in new_records(t, salt="00" * 16, receipt="r", today=TODAY)]
    )
    patterns = [spelled(t) for t in purged]
    for form in comes_back:
        text = f"met {form} today"
        assert registry.match(text) == "r", form
        assert any(re.search(p, text, re.I) for p, _ in patterns), form
        assert any(re.search(b, text.encode(), re.I) for _, b in patterns), form
    for form in goes_in:
        text = f"met {form} today"
        assert registry.match(text) is None, form
        assert not any(re.search(p, text, re.I) for p, _ in patterns), form
        assert not any(re.search(b, text.encode(), re.I) for _, b in patterns), form


def test_the_purge_leaves_no_spelling_in_files_names_or_history(ws):
    """A note named after the text (`people/jim-hardie.md`) holding it as `Jim_Hardie` and in an
    e-mail address: the purge removes each spelling, renames the file in the working tree and
    in history alike, and the receipt names the new name only."""
    new_note(ws, "people/jim-hardie", title=NAME, today=TODAY)
    add_entry(ws, "people/jim-hardie", "Jim_Hardie is the landlord", today=TODAY)
    add_entry(ws, "people/jim-hardie", "email jim.hardie@example.com", today=TODAY)
    path = ws.root / "people/jim-hardie.md"
    append_log(ws, "Call", "rang JimHardie about the lease", now=dt.datetime(2026, 12, 5, 9))
    receipt = purge(ws, NAME, now=dt.datetime(2026, 12, 5, 10), dry_run=False)
    assert receipt.renamed == ["people/[purged].md"]
    assert "jim-hardie" not in receipt.render().lower()
    assert not path.exists()
    kept = (ws.root / "people/[purged].md").read_text()
    assert "[purged] is the landlord" in kept and "email [purged]@example.com" in kept
    history = git(ws, "log", "--all", "-p", "--name-status", "--format=%B")
    spellings = re.compile(r"jim[\s_.\-]?hardie", re.I)
    assert spellings.search(history) is None
    assert spellings.search(git(ws, "ls-files")) is None
    assert git(ws, "status", "--porcelain") == ""


def _alternatives(source: str) -> list[str]:
    """The alternatives of the first group `(?:…|…)` of a pattern's source, as sources."""
    start = source.index("(?:") + 3
    parts, depth, at, i, in_class = [], 0, start, start, False
    while i < len(source):
        c = source[i]
        if c == "\\":
            i += 2
            continue
        if in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
        elif c == "(":
            depth += 1
        elif c == ")" and depth:
            depth -= 1
        elif c == ")":
            return [*parts, source[at:i]]
        elif c == "|" and not depth:
            parts.append(source[at:i])
            at = i + 1
        i += 1
    raise AssertionError(source)


@pytest.mark.parametrize("char", ["g", "K", "8", "_"])
def test_each_character_of_a_purged_text_is_matched_one_way(char):
    """Each form of a character is one alternative of its pattern: with two that match the same
    text ("g" and "G" under re.IGNORECASE), a search that fails after a copy's first letters
    tries every way to read them, twice as many a letter (a log of lines that each held a
    purged token's first 20 characters took minutes to purge)."""
    from memctl.secrets.spelling import _char, _forms

    source, source_bytes = _char(char)
    for pattern, kind in ((source, str), (source_bytes.decode("latin-1"), bytes)):
        # a pattern of bytes is read a byte a character (latin-1), and compiled as bytes again
        alternatives = [
            re.compile(a if kind is str else a.encode("latin-1"), re.IGNORECASE)
            for a in _alternatives(pattern)
        ]
        for form in _forms(char):
            text = form if kind is str else form.encode()
            ways = sum(a.fullmatch(text) is not None for a in alternatives)  # type: ignore[arg-type]
            assert ways == 1, (char, form, kind, ways)


def test_a_purged_text_is_found_by_each_kind_of_html_reference_and_by_no_other_name():
    """A character by its decimal or hex number or by its name, escaped again or not, is the
    character; a name that starts with "x" ("&expectation;", "&xi;") is read as a name only,
    never as a hex number with its "x" taken off."""
    pattern = re.compile(spelled("Emma Lee")[0], re.IGNORECASE)
    for copy in ("&#69;mma Lee", "&#x45;mma Lee", "&amp;#x65;mma Lee", "&Escr;mma Lee"):
        assert pattern.search(copy), copy
    for other in ("&#xpectation;mma Lee", "&#xponentialE;mma Lee", "&#x4;mma Lee"):
        assert pattern.search(other) is None, other
