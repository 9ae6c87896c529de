"""Arbitrary text through every kind of door reads back as the same text and never as structure.

Hypothesis writes text made of what structure is made of (line breaks, `###`, `- [`, `^`,
` · `, `---`, `|`, control characters, separators Python splits lines on) through the CLI. Each
write either is refused (and changes nothing) or reads back, through memctl's own parsers, as
the text given (normalised as the door documents: one-line values keep their words) and adds
no entry, heading, section, frontmatter key or relation of its own.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_doors import grew, structure

from conftest import Cli
from doors import bench
from memctl.daily import parse_log
from memctl.graph.text import clean_name, entity_key, parse_relations
from memctl.note import read_note
from memctl.now import IN_PROGRESS, NowDoc

PIECES = st.sampled_from(
    [
        "\n",
        "\r\n",
        "\r",
        "\u2028",
        "\x85",
        "\x00",
        "\x1b[2J",
        "\t",
        " ",
        "###",
        "### 09:00 — ",
        "- ",
        "- [🔴HIGH][RULE] src:user · ",
        "^ab12",
        " ^zz99",
        " · ",
        "---",
        "|",
        "~~",
        "\\",
        '"',
        "title: x",
        "## ",
        "# ",
        "→",
        "src:user",
        "DECISION: ",
        "#promote",
        "🙂",
        "é",
    ]
)
TEXT = (
    st.lists(st.one_of(PIECES, st.text(max_size=6)), min_size=1, max_size=12)
    .map("".join)
    .filter(lambda t: t.split())
)

_benches: dict[str, tuple] = {}


def _bench(name: str, factory):
    if name not in _benches:
        b, cli = bench(factory.mktemp(name), Cli)
        before = structure(b.root)
        cli(*_argv(name, "benign words about the garden", b))
        _benches[name] = (b, cli, grew(before, structure(b.root)))
    return _benches[name]


def _argv(name: str, text: str, b) -> list[str]:
    b.counter += 1
    return {
        "log": ["log", "title", f"--message={text}"],
        "add": ["add", "lessons/a", "--", text],
        "when": ["add", "lessons/a", "text", f"--when={text}"],
        "title": ["new", f"lessons/t{b.counter}", f"--title={text}"],
        "focus": ["now", "start", "--", text],
        "graph": ["graph", "add", "--", text, "uses", f"tool {b.counter}"],
    }[name]


def _read_back(name: str, b) -> str:
    root = b.root
    if name == "log":
        day = sorted((root / "daily").glob("*.md"))[-1]
        return parse_log(f"daily/{day.name}", day.read_text())[-1].text
    if name in ("add", "when"):
        entry = read_note(root / "lessons/a.md").entries()[-1]
        return entry.text if name == "add" else entry.fields.get("when", "")
    if name == "title":
        return str(read_note(root / f"lessons/t{b.counter}.md").meta["title"])
    if name == "focus":
        return (
            NowDoc.parse((root / "NOW.md").read_text()).items(IN_PROGRESS)[-1].removeprefix("🔄 ")
        )
    triples = parse_relations((root / "graph/relations.md").read_bytes()).triples
    return triples[-1].subject


def _spellings(root: Path) -> dict[str, str]:
    """The graph's entities as spelled on file, by what entities match on."""
    path = root / "graph/relations.md"
    if not path.exists():
        return {}
    spelled: dict[str, str] = {}
    for t in parse_relations(path.read_bytes()).triples:
        for entity in (t.subject, t.object):
            spelled.setdefault(entity_key(entity), entity)
    return spelled


def _expected(name: str, text: str, spelled: dict[str, str]) -> str:
    if name == "log":
        return text.rstrip("\n").strip("\n")
    if name in ("add", "focus"):
        words = " ".join(text.split())
        if name == "focus":  # no pipe to split a row, no comment hiding the rest of NOW.md
            return re.sub(r"(?<!\\)<!--", r"\\<!--", words.replace("|", "/"))
        return words
    if name == "graph":  # an entity on file keeps its spelling ("🇺🇸🇺🇸 🇺🇸" for "🇺🇸🇺🇸🇺🇸")
        given = clean_name(text, "subject")
        return spelled.get(entity_key(given), given)
    return text


@pytest.mark.parametrize("name", ["log", "add", "when", "title", "focus", "graph"])
@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=TEXT)
def test_any_text_reads_back_as_given_or_is_refused(name, text, tmp_path_factory):
    b, cli, allowed = _bench(name, tmp_path_factory)
    before = structure(b.root)
    spelled = _spellings(b.root) if name == "graph" else {}
    result = cli(*_argv(name, text, b), code=None)
    delta = grew(before, structure(b.root))
    if result.exit_code != 0:
        assert result.exit_code in (1, 2, 3), result.stderr
        assert delta == {}, (text, delta)
        return
    assert all(n <= allowed.get(k, 0) for k, n in delta.items() if n > 0), (text, delta)
    assert _read_back(name, b) == _expected(name, text, spelled), text
