"""A provider's token split in two by a line break or a space is one secret, bare as with a
name before it: every door that writes refuses it (exit 3) or stores it redacted, and every
reader shows it redacted (memctl.secrets.joined, in the scanner every write goes through)."""

from __future__ import annotations

import pytest

from conftest import Cli
from doors import DOORS, bench, stores, through, through_all

# (text, its halves): a GitHub token, an AWS access key, a GitLab token, a Slack token and an
# OpenAI key, each split where a transcript or an editor wraps it, or joined with a space
SPLIT = [
    ("ghp_R8xK2mQ9vL4nP7wZ\n3yT6bH1cF5dJ0sA2eG9u", ("R8xK2mQ9vL4nP7wZ", "3yT6bH1cF5dJ0sA2eG9u")),
    (
        "CI uses ghp_R8xK2mQ9vL4nP7wZ\n3yT6bH1cF5dJ0sA2eG9u for pushes",
        ("R8xK2mQ9vL4nP7wZ", "3yT6bH1cF5dJ0sA2eG9u"),
    ),
    ("gho_Zq8mW2pLx91vTk4M Rb7Nc3Jd6Hf0Gs5Ya2Ue", ("Zq8mW2pLx91vTk4M", "Rb7Nc3Jd6Hf0Gs5Ya2Ue")),
    ("AKIAZ7Q2M4X9\nB3K8W1P6", ("AKIAZ7Q2M4X9", "B3K8W1P6")),
    ("glpat-xR8kT2mQ9v L4nP7wZ3yT", ("xR8kT2mQ9v", "L4nP7wZ3yT")),
    (
        "xoxb-1765367248\n1-19874698323-pdFZKVeTuE8sk7oOcBrzbqgy",
        ("1765367248", "19874698323-pdFZKVeTuE8sk7oOcBrzbqgy"),
    ),
    (
        "sk-Tq7Wm2Rz9Lp4Xk8Vn3Bc6Hd1Fg5 Js0Ya2Ue7Io9Pw4Qs6Lt8",
        ("Tq7Wm2Rz9Lp4Xk8Vn3Bc6Hd1Fg5", "Js0Ya2Ue7Io9Pw4Qs6Lt8"),
    ),
]
G1, G2 = "ghp_R8xK2mQ9vL4nP7wZ", "3yT6bH1cF5dJ0sA2eG9u"
O1, O2 = "gho_Zq8mW2pLx91vTk4M", "Rb7Nc3Jd6Hf0Gs5Ya2Ue"
# split as Markdown, a shell or code writes it: a code block's indentation, a quote's "> " on
# each line, a tab, two halves in quotes joined by "+", a table's cells, a backslash before
# the line break, a run of spaces. Search reads each as the token (its excerpts read a run of
# whitespace as one space), and so does every door. The first four go through every door.
WRITTEN = [
    (f"    {G1}\n    {G2}", ("R8xK2mQ9vL4nP7wZ", G2)),
    (f"> {O1}\n> {O2}", ("Zq8mW2pLx91vTk4M", O2)),
    (f"{G1}\t{G2}", ("R8xK2mQ9vL4nP7wZ", G2)),
    (f'token = "{O1}" + "{O2}"', ("Zq8mW2pLx91vTk4M", O2)),
]
WRITTEN_TOO = [
    (f"| {G1} | {G2} |", ("R8xK2mQ9vL4nP7wZ", G2)),
    (f"export T={G1}\\\n{G2}", ("R8xK2mQ9vL4nP7wZ", G2)),
    (f"{O1}   {O2}", ("Zq8mW2pLx91vTk4M", O2)),
]
TEXTS = [text for text, _ in SPLIT]
SPACED = [" ".join(text.split("\n")) for text in TEXTS if "\n" in text]  # as `add` joins lines
TEXTS += [text for text, _ in WRITTEN]
HALVES = [half for _, halves in SPLIT + WRITTEN for half in halves]
WRITERS = [d for d in DOORS if d.writes]


def _held(haystack: bytes) -> list[str]:
    text = haystack.decode("utf-8", "replace")
    return [half for half in HALVES if half in text]


def test_the_scanner_finds_each_split_token_whole():
    from memctl.secrets.scan import redact, scan

    for text, halves in SPLIT + WRITTEN + WRITTEN_TOO:
        for form in (text, " ".join(text.split("\n")), text.replace("\n", "\r\n  ")):
            found = scan(form)
            assert found, form
            shown = redact(form)
            assert not [h for h in halves if h in shown], shown


@pytest.mark.parametrize(
    "text",
    [
        "sk-learn is a library and sk-hynix makes memory",
        "ghp_ is the prefix of a GitHub token and gho_ of an OAuth one",
        "AKIA keys start so; AKIAS are many",
        "glpat-tokens expire yearly, see the glpat- docs",
        "xoxb- and xoxp- tokens are Slack's",
        "the branch ghp_fix then release notes for everyone involved here",
        "AKIAROUTER CONFIGURATION notes",
        '| ghp_ | "gho_" + "ghs_" | GitHub\'s prefixes, each for a kind of token |',
        "> sk- starts an OpenAI key\n> and sk-ant- an Anthropic one",
    ],
)
def test_prose_with_a_prefix_is_no_split_token(text):
    from memctl.secrets.scan import scan

    assert scan(text) == [] and scan(text.replace(" ", "\n")) == []


@pytest.mark.parametrize("door", WRITERS, ids=lambda d: d.command)
def test_every_door_refuses_or_redacts_a_split_token(door, tmp_path):
    b, cli = bench(tmp_path, Cli)
    if door.unattended in ("log", "openclaw"):
        # a day's log or a file that names each entry on a line of its own: a line break
        # inside a token ends its entry (its halves are read apart)
        through_all(door, b, cli, [t for t in TEXTS + SPACED if "\n" not in t], tmp_path)
    elif door.unattended:
        through_all(door, b, cli, TEXTS + SPACED, tmp_path)
    else:
        for text in TEXTS + SPACED:
            codes = through(door, b, cli, text, tmp_path)
            # a line break is a usage error where one line is asked for (a task): exit 2
            refused = (3, 2) if "\n" in text else (3,)
            assert codes and all(code in refused for code in codes), (text, codes)
    assert _held(stores(b)) == []


def test_the_readers_show_a_split_token_redacted(cli, ws):
    """A note that holds a split token by hand (a paste, a sync) is shown redacted."""
    cli("new", "lessons/z", "-t", "Z")
    note = ws.root / "lessons" / "z.md"
    texts = TEXTS + [text for text, _ in WRITTEN_TOO]
    # search and show read alike: a token on one line that one shows redacted, the other does
    # (search's excerpts read a run of whitespace as one space)
    one_line = [text for text in texts if "\n" not in text]
    note.write_text(note.read_text() + "".join(f"- {text}\n" for text in one_line))
    assert _held(cli("search", G2[:8], code=None).output.encode()) == []
    note.write_text(note.read_text() + "".join(f"- {text}\n" for text in texts))
    for argv in (("show", "lessons/z"), ("show", "lessons/z", "--json")):
        out = cli(*argv, code=None).output
        assert _held(out.encode()) == [], argv


def test_every_mcp_tool_refuses_a_split_token(tmp_path):
    from test_doors_mcp import taken_by_a_tool

    b, _ = bench(tmp_path, Cli)
    assert taken_by_a_tool(b, TEXTS + SPACED) == []
    assert _held(stores(b)) == []
