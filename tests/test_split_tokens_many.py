"""A provider's token cut into three pieces or more (a space after every character, groups of
four, three parts) is one secret: every door that writes refuses it (exit 3) or stores it
redacted, every reader shows it redacted, and the redaction covers every piece
(memctl.secrets.pieces, in the scanner every write goes through). Prose with a prefix, letters
spelled out, and numbers written in groups (a UUID, a phone number, an IBAN) stay stored."""

from __future__ import annotations

import pytest

from conftest import Cli
from doors import DOORS, bench, stores, through, through_all

GH = "R8xK2mQ9vL4nP7wZ3yT6bH1cF5dJ0sA2eG9u"  # a GitHub token's body (36)
AWS = "AKIAIOSFODNN7EXAMPLE"


def _groups(body: str, size: int = 4) -> str:
    return " ".join(body[at : at + size] for at in range(0, len(body), size))


# (text, what of the token must never be stored or shown): the token spelled out, in groups,
# in three parts, through the gaps a split token may have (a quote's marks, a table's cells,
# quotes joined by "+", tabs)
CUT = [
    (f"AWS access key: {' '.join(AWS)}", ["I O S F O D", "N 7 E X A M", "O D N N 7"]),
    (f"my github token is {' '.join('ghp_' + GH)}", ["R 8 x K 2 m", "F 5 d J 0 s", "e G 9 u"]),
    (f"CI token ghp_{_groups(GH)}", ["R8xK 2mQ9", "3yT6 bH1c", "0sA2 eG9u"]),
    (f"ghp_{GH[:12]} {GH[12:26]} {GH[26:]}", [GH[:12], GH[12:26], GH[26:]]),
    (f"CI token: ghp_ {_groups(GH)}", ["R8xK 2mQ9", "3yT6 bH1c", "0sA2 eG9u"]),
    (f"gho_{GH[:12]}\t{GH[12:24]}\t{GH[24:]}", [GH[:12], GH[12:24], GH[24:]]),
    (f'token = "ghp_{GH[:12]}" + "{GH[12:24]}" + "{GH[24:]}"', [GH[:12], GH[12:24], GH[24:]]),
    ("glpat- xR8k T2mQ 9vL4 nP7w Z3yT", ["xR8k T2mQ", "nP7w Z3yT"]),
]
# over lines: a quote's marks, a code block's indentation (where a door takes a line break)
OVER_LINES = [
    (f"> ghp_{GH[:12]}\n> {GH[12:24]}\n> {GH[24:]}", [GH[:12], GH[12:24], GH[24:]]),
    (f"    gho_{GH[:12]}\n    {GH[12:24]}\n    {GH[24:]}", [GH[:12], GH[12:24], GH[24:]]),
]
TABLE = [(f"| ghp_{GH[:12]} | {GH[12:24]} | {GH[24:]} |", [GH[:12], GH[12:24], GH[24:]])]
TEXTS = [text for text, _ in CUT + OVER_LINES]
PIECES = [piece for _, pieces in CUT + OVER_LINES + TABLE for piece in pieces]
WRITERS = [d for d in DOORS if d.writes]

# Stored as they are: a prefix in prose, letters spelled out, an acronym, a table of letters,
# a chess line, numbers in groups (a UUID, phone numbers, IBANs: not secrets to memctl), words
# and numbers after an AWS prefix word
LOOKALIKES = [
    "the ghp_ prefix means a GitHub token",
    "ghp_ is the prefix of a GitHub token and gho_ of an OAuth one",
    "sk- starts an OpenAI key and sk-ant- an Anthropic one, see docs v2 and v3",
    "xoxb- tokens are bot tokens; xoxp- are user tokens",
    "A K A is spelled out here, and so is N A S A",
    "a b c d e f g h i j k l m n o p q r s t u v w x y z",
    "| A | K | I | A | B | C |",
    "1. e 4 e 5 2. N f 3 N c 6 3. B b 5 a 6",
    "request id 123e4567 e89b 12d3 a456 426614174000",
    "UUID 550E8400 E29B 41D4 A716 446655440000",
    "call +44 20 7946 0958 or 020 7946 0958",
    "rent goes to IBAN DE44 5001 0517 5407 3249 31 every month",
    "IBAN GB29 NWBK 6016 1331 9268 19",
    "ASIA PACIFIC 2024 SALES Q3 TEAM 12",
    "ACCA 1234 5678 9012 3456 is my membership number",
    "AIDA 2024 ABCD EFGH IJKL MNOP",
]


def _held(haystack: bytes) -> list[str]:
    text = haystack.decode("utf-8", "replace")
    return [piece for piece in PIECES if piece in text]


def test_the_scanner_finds_each_cut_token_whole():
    from memctl.secrets.scan import redact, scan

    for text, pieces in CUT + OVER_LINES + TABLE:
        found = scan(text)
        assert found, text
        shown = redact(text)
        assert [p for p in pieces if p in shown] == [], shown
        assert "[redacted:" in shown and not shown.endswith(pieces[-1][-4:]), shown


@pytest.mark.parametrize("text", LOOKALIKES)
def test_prose_and_numbers_in_groups_are_no_cut_token(text):
    from memctl.secrets.scan import scan

    assert scan(text) == []


def test_many_single_letters_are_read_as_no_token():
    """A long text of single letters and digits, as a table of letters or a game's moves
    writes them, holds no token (the prefix is never there, or no token's mix follows it)."""
    import random

    from memctl.secrets.scan import scan

    pick = random.Random(5)
    for letters in ("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ"):
        text = " ".join(pick.choice(letters) for _ in range(20_000))
        text += " A S I A P A C I F I C S A L E S T E A M X"  # a prefix, words spelled out
        assert scan(text) == []


@pytest.mark.parametrize("door", WRITERS, ids=lambda d: d.command)
def test_every_door_refuses_or_redacts_a_cut_token(door, tmp_path):
    b, cli = bench(tmp_path, Cli)
    if door.unattended in ("log", "openclaw"):
        # a day's log or a file that names each entry on a line of its own: a line break
        # inside a token ends its entry (its pieces are read apart)
        through_all(door, b, cli, [t for t in TEXTS if "\n" not in t], tmp_path)
    elif door.unattended:
        through_all(door, b, cli, TEXTS, tmp_path)
    else:
        for text in TEXTS:
            codes = through(door, b, cli, text, tmp_path)
            # a line break is a usage error where one line is asked for (a task): exit 2
            refused = (3, 2) if "\n" in text else (3,)
            assert codes and all(code in refused for code in codes), (text, codes)
    assert _held(stores(b)) == []


def test_the_refusal_shows_every_piece_redacted(cli):
    """The error of a refused write quotes the text redacted: not one piece of the token."""
    cli("new", "tools/github", "-t", "GitHub access")
    for text, _ in CUT:
        result = cli("add", "tools/github", text, code=3)
        assert "[redacted:" in result.output, result.output
        assert _held(result.output.encode()) == [], result.output


def test_the_readers_show_a_cut_token_redacted(cli, ws):
    """A note that holds a cut token by hand (a paste, a sync) is shown redacted, by search and
    by show (text and JSON)."""
    cli("new", "lessons/z", "-t", "Z")
    note = ws.root / "lessons" / "z.md"
    texts = [text for text, _ in CUT + TABLE]
    note.write_text(note.read_text() + "".join(f"- {text}\n" for text in texts))
    for word in ("token", "AWS", "R8xK", "ghp_R8xK2mQ9vL4n"):
        assert _held(cli("search", word, code=None).output.encode()) == [], word
    note.write_text(note.read_text() + "".join(f"- {text}\n" for text, _ in OVER_LINES))
    for argv in (("show", "lessons/z"), ("show", "lessons/z", "--json")):
        out = cli(*argv, code=None).output
        assert "[redacted:" in out and _held(out.encode()) == [], argv


def test_lookalikes_are_stored(cli, ws):
    cli("new", "lessons/y", "-t", "Y")
    for text in LOOKALIKES:
        cli("add", "lessons/y", text)
    shown = cli("show", "lessons/y").output
    assert "[redacted:" not in shown
    assert all(text.split()[-1] in shown for text in LOOKALIKES)


def test_every_mcp_tool_refuses_a_cut_token(tmp_path):
    from test_doors_mcp import taken_by_a_tool

    b, _ = bench(tmp_path, Cli)
    assert taken_by_a_tool(b, TEXTS) == []
    assert _held(stores(b)) == []


def test_a_token_cut_over_lines_is_redacted_and_the_text_keeps_its_lines():
    from memctl.secrets.scan import redact, scan

    text = "ci token:\n  ghp_R8xK2mQ9vL4n\n  P7wZ3yT6bH1cF5dJ0sA2eG9u\nnext line"
    assert scan(text), "the cut token is read"
    out = redact(text)
    assert out.count("\n") == text.count("\n"), out
    assert "R8xK" not in out and "eG9u" not in out and out.endswith("next line"), out
