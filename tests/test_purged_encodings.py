"""Purged text comes back in an encoding a reader reads through: URL-encoded, as HTML
references, in another script's digits, split by a line break or a run of spaces,
quoted-printable, as a JSON or Python escape, split by a Markdown link; a purged phone number
comes back in another grouping of its digits, or from abroad. The write
layer reads the text so before it decides (memctl.secrets.encoded, memctl.purged.searched),
through every door (tests/doors.py: PURGED_PAYLOADS go through each) and a peer's sync; the
text written is never rewritten, and text that merely holds '%' or '&' goes in."""

from __future__ import annotations

from pathlib import Path

import pytest
from madeonce import copy_of
from test_sync import machines  # noqa: F401  (the fixture)

from conftest import Cli, git
from doors import Bench, bench

NAME = "Jim Hardie"
NUMBER = "555-0199"
STREET = "Wisteria Lane"  # doors.PURGED, purged in every bench, holds "Larkspur Lane"
PHONE = "0151 5550 9876"
PURGED = (NAME, NUMBER, STREET, PHONE)
COMES_BACK = [
    "call Jim%20Hardie",
    "call %4A%69%6D%20Hardie",
    "see https://example.org/?who=Jim%2520Hardie",
    "call Jim&#32;Hardie",
    "call &#74;im Hardie",
    "call Jim\nHardie tomorrow",
    "call Jim  Hardie",
    "call Jim\tHardie",
    "see https://example.org/?who=Jim+Hardie",
    "ring \u0665\u0665\u0665-\u0660\u0661\u0669\u0669",  # Arabic-Indic digits
    "ring \u09eb\u09eb\u09eb-\u09e6\u09e7\u09ef\u09ef",  # Bengali digits
    "ring \uff15\uff15\uff15-\uff10\uff11\uff19\uff19",  # fullwidth
    # quoted-printable, a JSON or Python escape, split by a Markdown link (a reader sees the text)
    "meet on Wisteria=20Lane",
    "meet on Wisteria\\u0020Lane",
    "meet on Wisteria\\x20Lane",
    "meet on [Wisteria](https://maps.example) Lane",
    # the phone number in other groupings, without separators, from abroad
    "Marco: 0151-5550-9876",
    "Marco: 015155509876",
    "Marco: 0151.5550.9876",
    "Marco: (0151) 5550 9876",
    "Marco: 0151/5550/9876",
    "Marco: +49 151 5550 9876",
    "Marco: +49 (0)151 5550 9876",
    "Marco: 0049 151 55509876",
    "ring 5550199",  # 555-0199 without its dash
    # base64 without its padding, hex (as `xxd -p` writes it, and after "0x")
    "see SmltIEhhcmRpZQ",
    "hex 4a696d20486172646965",
    "hex 0x4A696D20486172646965",
]
# Refused by every door, though the purge's search of the files leaves them: letters written
# apart, a hyphen inside a word
APART = [
    "call J i m  H a r d i e",
    "call j i m h a r d i e",
    "call Jim Har-die",
]
ORDINARY = [
    "50% off & free delivery",
    "R&D got 5% more; see https://example.org/?q=a%20b",
    "100%ff is not a byte, &#xZZ; is not a reference",
    "ring 555-0198 instead",
    "Jim Hardy and Tim Hardie",
    "C++ and 1+1, Jim+ Hardie",
    # what merely looks so: spaced short words, a hyphen elsewhere, hex that is no text
    "J i m my, a r e you there?",
    "Jim Hardy-Smith's well-known Hard-ies",
    "commit 3f9a2b7c4a696d2048617264696512ab landed, blob 4a696d2048617264696f",
    "SmltIEhhcmR and SmltIEhh, base64 of a part",
]
# ordinary text beside the forms: the purge leaves it as it is
KEPT = [
    "Marco: 0151 5550 9875",  # one digit differs
    "Marco: 0151-5550-9867",
    "Marco: +49 151 5550 9899",
    "on 2026-01-05 at 10:30 we paid 1,234.56 for v1.2.3 (ticket 4471-0151)",
    "width=20px, [the docs](https://example.org) on Wisteria Road; C:\\new\\x y \\u00e9",
]
ORDINARY += KEPT


def _purge(root: Path) -> dict[str, str]:
    b, cli = bench(root.parent, Cli)  # the doors' workspace, made at `root`
    cli("add", "lessons/a", f"{NAME} on {NUMBER}, {STREET}, {PHONE}")
    for text in PURGED:
        cli("forget", "--purge", "--match", text, "--yes")
    return b.ids


@pytest.fixture
def purged(tmp_path):
    """The doors' workspace with the texts below purged, made once per process and copied."""
    root, ids = copy_of("purged-encodings", _purge, tmp_path / "ws")
    return Bench(root, dict(ids)), Cli(root)


@pytest.mark.parametrize(
    "argv",
    [
        ("log", "a call", "--message={T}"),
        ("add", "lessons/a", "--", "{T}"),
        ("remember", "--", "{T}"),
        ("graph", "add", "svc", "uses", "--", "{T}"),
    ],
    ids=lambda a: a[0],
)
def test_purged_text_in_an_encoding_is_refused(argv, purged):
    b, cli = purged
    let_in = []
    for text in COMES_BACK + APART:
        result = cli(*[a.replace("{T}", text) for a in argv], code=None)
        if result.exit_code not in (2, 3):  # 2: a line break in a one-line value
            let_in.append(text)
    assert let_in == []
    for text in ORDINARY:
        cli(*[a.replace("{T}", text) for a in argv])


def test_the_text_written_is_the_text_given(purged):
    b, cli = purged
    cli("log", "odd", "--message=50%20off &#38; 2\u00a0for\u00a01  \u0661\u0662")
    day = next((b.root / "daily").glob("*.md")).read_text()
    assert "50%20off &#38; 2\u00a0for\u00a01  \u0661\u0662" in day


def test_a_record_made_before_encodings_were_read_is_still_found(tmp_path):
    """A text purged with two spaces or a `%20` inside was hashed as it was: still refused."""
    from memctl.anchors import anchor_of
    from memctl.purged import REGISTRY, Record, find_purged, purged_hash
    from memctl.workspace import open_workspace

    b, _ = bench(tmp_path, Cli)
    salt = "ab" * 16
    lines = ""
    for n, text in enumerate(("ann  veit", "q=ann%20veit", "٥٥٥-٠١٩٩")):
        record = Record(f"r{n}", salt, purged_hash(salt, text), len(text), "2026-01-01")
        lines += Record(**{**record.__dict__, "anchor": anchor_of(salt, text)}).line()
    (b.root / REGISTRY).write_text((b.root / REGISTRY).read_text() + lines)
    ws = open_workspace(b.root)
    assert find_purged(ws, "call Ann  Veit")
    assert find_purged(ws, "see q=Ann%20Veit")
    assert find_purged(ws, "ring ٥٥٥-٠١٩٩")


def test_the_purge_removes_the_copies_that_stood_in_an_encoding(tmp_path):
    """Copies written before the purge, in files and in git's history, go with it: each form
    the registry refuses is one the purge removes."""
    b, cli = bench(tmp_path, Cli)
    cli("add", "lessons/a", f"{NAME} on {NUMBER}, {STREET}, {PHONE}")
    body = "".join(f"- {text}\n" for text in COMES_BACK + KEPT)
    (b.root / "lessons" / "by-hand.md").write_text(f"# by hand\n\n{body}", encoding="utf-8")
    git(b.root, "add", "-A")
    git(b.root, "commit", "-qm", "by hand")
    for text in PURGED:
        cli("forget", "--purge", "--match", text, "--yes")
    kept = (b.root / "lessons" / "by-hand.md").read_text(encoding="utf-8")
    assert kept.count("[purged]") == len(COMES_BACK), kept
    history = git(b.root, "log", "-p", "--all")
    left = [text for text in COMES_BACK if text.split(" ", 1)[1] in history]
    assert left == []
    assert [text for text in KEPT if f"- {text}\n" not in kept] == []  # left as they were


def test_a_peer_s_commit_in_an_encoding_is_refused_by_sync(machines):  # noqa: F811
    a, b, a_root, b_root = machines
    a("new", "people/jim", "-t", "Jim")
    a("sync")
    b("sync")
    for text in (NAME, STREET, PHONE):
        a("forget", "--purge", "--match", text, "--yes")
    a("sync")
    b("sync")  # the registry, as a peer has it
    forms = ("Jim%20Hardie", "Jim&#32;Hardie", "Jim\n Hardie", "Jim  Hardie")
    forms += ("Wisteria=20Lane", "Wisteria\\u0020Lane", "[Wisteria](https://maps.example) Lane")
    forms += ("0151-5550-9876", "+49 151 5550 9876")
    for n, text in enumerate(forms):
        note = b_root / "people" / f"by-hand-{n}.md"
        note.write_text(f"# notes\n\ncalled {text} today\n")
        git(b_root, "add", "-A")
        git(b_root, "commit", "-qm", "by hand")
        git(b_root, "push", "-q", "origin", "HEAD:main")
        refused = a("sync", code=None)
        assert refused.exit_code == 3 and "purged on purpose" in refused.stderr, text
        assert not (a_root / "people" / f"by-hand-{n}.md").exists()
        git(b_root, "reset", "-q", "--hard", "HEAD~1")
        git(b_root, "push", "-q", "--force", "origin", "HEAD:main")
