"""Notes: frontmatter read fast, written without disturbing what a person wrote."""

from __future__ import annotations

import datetime as dt
import string
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import git, run_memctl
from memctl.errors import ParseError
from memctl.note import parse_note, set_meta

PERSONAL = """---
# written by Sam; keep this comment
title: "API guide"   # the title
date: 2026-02-28
priority: 🟡
status: active
my_own_key: {nested: [1, 2]}
tags: [api, http]
use_when:
  - calling the billing API
last_verified: 2026-02-28
---
# API guide

- [🟡MED][DECISION] added:2026-02-01 · use v2 ^k3x9
- plain line
```
- not an entry
```
"""


def note(text: str):
    return parse_note(text.encode(), path=Path("lessons/x.md"), display="lessons/x.md")


def test_untouched_note_renders_byte_identical():
    assert note(PERSONAL).render() == PERSONAL


def test_reads_meta_and_entries_with_file_lines():
    n = note(PERSONAL)
    assert n.priority == "med" and n.meta["my_own_key"] == {"nested": [1, 2]}
    assert [(e.line, e.text) for e in n.entries()] == [(15, "use v2"), (16, "plain line")]


def test_setting_a_scalar_changes_only_its_line():
    n = set_meta(note(PERSONAL), status="stale", last_verified=dt.date(2026, 11, 30))
    before, after = PERSONAL.splitlines(), n.render().splitlines()
    changed = [(a, b) for a, b in zip(before, after, strict=True) if a != b]
    assert changed == [
        ("status: active", "status: stale"),
        ("last_verified: 2026-02-28", "last_verified: 2026-11-30"),
    ]


def test_a_value_with_comment_keeps_the_comment():
    n = set_meta(note(PERSONAL), title="API guide v2")
    assert "title: API guide v2   # the title" in n.render()


def test_new_key_goes_to_the_end_and_lists_keep_the_persons_style():
    n = set_meta(
        note(PERSONAL),
        use_when=["calling the billing API", "the link we used"],
        expires=dt.date(2027, 1, 1),
    )
    text = n.render()
    assert "# written by Sam; keep this comment" in text
    assert "  - the link we used\n" in text
    keys = [line.split(":")[0] for line in n.fm_text.splitlines() if line and line[0].isalpha()]
    assert keys == [
        "title",
        "date",
        "priority",
        "status",
        "my_own_key",
        "tags",
        "use_when",
        "last_verified",
        "expires",
    ]
    assert n.body == note(PERSONAL).body


def test_setting_the_same_value_is_a_no_op():
    n = note(PERSONAL)
    assert set_meta(n, status="active", date=dt.date(2026, 2, 28)) is n


@pytest.mark.parametrize(
    ("data", "line", "words"),
    [
        (b"---\ntitle: x\n", 1, "never closed"),
        (b"---\ntitle: [x\n---\n", 2, "broken YAML"),
        (b"---\ntitle: x\ntitle: y\n---\n", 3, "appears twice"),
        (b"---\ntitle: x\nd: 2026-02-30\n---\n", 3, "impossible date"),
        (b"---\n- a list\n---\n", 2, "not a mapping"),
        (b"---\ntitle: x\n---\n\n---\ntitle: y\n---\n", 5, "second frontmatter"),
        (b"---\ntitle: caf\xe9\n---\n", 2, "not UTF-8"),
        (b"\x89PNG\r\n\x1a\n\x00\x00", None, "binary"),
        (b"---\ntitle: x\na: &a [1]\nb: *a\n---\n", 4, "a YAML alias (*a)"),
        (b"---\ntags: &t [x, *t]\n---\n", 2, "a YAML alias (*t)"),  # a value inside itself
    ],
)
def test_bad_input_is_one_clear_error_with_file_and_line(data, line, words):
    with pytest.raises(ParseError) as err:
        parse_note(data, path=Path("lessons/bad.md"), display="lessons/bad.md")
    assert err.value.path == "lessons/bad.md" and err.value.line == line
    assert words in str(err.value)


def test_unknown_priority_and_status_are_problems_not_crashes():
    n = note("---\ntitle: t\npriority: urgent\nstatus: done\nlast_verified: soon\n---\n")
    problems = [str(p) for p in n.problems()]
    assert any("lessons/x.md:3: unknown priority 'urgent'" in p for p in problems)
    assert any("lessons/x.md:4: unknown status 'done'" in p for p in problems)
    assert any("lessons/x.md:5: last_verified" in p for p in problems)


def test_note_without_frontmatter_is_kept_whole():
    text = "# MEMORY\n\n- remember the milk\n"
    n = note(text)
    assert not n.has_frontmatter and n.render() == text and len(n.entries()) == 1


_keys = st.from_regex(r"[a-z][a-z_]{0,10}", fullmatch=True)
_scalars = st.one_of(
    st.text(alphabet=string.ascii_letters + " -é中", min_size=1, max_size=15)
    .map(str.strip)
    .filter(bool)
    .map(lambda s: f'"{s}"'),
    st.integers(0, 10_000).map(str),
    st.dates(dt.date(2000, 1, 1), dt.date(2099, 12, 31)).map(str),
)
_comments = st.one_of(
    st.just(""), st.text(alphabet=string.ascii_letters + " ", max_size=12).map(lambda c: f"  # {c}")
)


@settings(max_examples=200, deadline=None)
@given(
    st.dictionaries(_keys, st.tuples(_scalars, _comments), min_size=1, max_size=8),
    st.text(alphabet=string.printable + "é中🙂", max_size=200),
)
def test_any_frontmatter_round_trips_and_edits_touch_one_line(pairs, body):
    fm = "".join(f"{k}: {v}{c}\n" for k, (v, c) in pairs.items())
    text = f"---\n{fm}---\n{body}"
    n = note(text)
    assert n.render() == text
    edited = set_meta(n, status="stale")
    old_lines, new_lines = text.splitlines(), edited.render().splitlines()
    if "status" in pairs:
        assert len(old_lines) == len(new_lines)
        assert sum(a != b for a, b in zip(old_lines, new_lines, strict=True)) <= 1
    else:
        assert edited.fm_text == n.fm_text + "status: stale\n"
    assert edited.body == body


def alias_bomb(levels: int) -> str:
    """A note whose frontmatter's aliases stand for 9 ** (levels + 1) values in 60 bytes a level."""
    lines = ["---", "title: bomb", 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    last = "a"
    for name in "bcdefgh"[:levels]:
        lines.append(f"{name}: &{name} [" + ",".join([f"*{last}"] * 9) + "]")
        last = name
    lines += [f"tags: *{last}", "---", "# bomb", "- [FACT] added:2026-11-30 · x ^aaaa", ""]
    return "\n".join(lines)


def test_a_note_whose_aliases_stand_for_millions_of_values_is_refused_not_read(ws):
    """Seven levels of nine aliases took reindex 46 s and 4 GB and killed search. Through the
    real CLI (processes stopped if they hang): the note is refused like broken YAML, naming its
    file and line, never rewritten, and the rest of the workspace reads as before."""
    bomb = ws.root / "semantic/bomb.md"
    bomb.write_text(alias_bomb(4), encoding="utf-8")
    (ws.root / "semantic/fine.md").write_text(
        "---\ntitle: Q&A *bold*\n---\n# fine\n- [FACT] added:2026-11-30 · lol cats ^bbbb\n"
    )
    git(ws, "add", "-A")
    git(ws, "commit", "-qm", "a peer's notes")
    before = bomb.read_bytes()

    def memctl(*args: str) -> tuple[int, str]:
        proc = run_memctl("-w", str(ws.root), *args, timeout=30)
        return proc.returncode, proc.stdout + proc.stderr

    said = "semantic/bomb.md:4: a YAML alias (*a) in frontmatter"
    assert memctl("reindex")[0] == 0
    code, out = memctl("search", "lol")
    assert code == 0 and "semantic/fine.md:5 ^bbbb" in out
    code, out = memctl("doctor")
    assert code == 1 and f"error: {said}" in out
    code, out = memctl("ls")
    assert code == 0 and said in out
    code, out = memctl("verify", "semantic/bomb.md")
    assert code == 1 and said in out
    assert bomb.read_bytes() == before


# Text that a YAML reader types when it is written plain: numbers of every base and spelling,
# sexagesimals, infinities, booleans and nulls of YAML 1.1 and 1.2, dates and timestamps.
LOOKS_TYPED = [
    *("0x10 0b101 0xFF -0x1F +0b1 0o17 017 012 1e3 1.5e3 1_000 +12 0. 1:30 190:20:30".split()),
    *(".inf -.inf .nan .NaN yes Yes NO on OFF y n Y N true False TRUE ~ null Null =".split()),
    *("2026-12-05", "2026-12-05 10:00", "2026-12-05T10:00:00Z", "<<", " padded", "x "),
    *("a,b", "1.2.3", "plain words", "Team notes"),
]


def _readers():
    """Every reader a frontmatter meets: PyYAML (memctl's own, YAML 1.1), and ruamel.yaml
    reading YAML 1.2 and YAML 1.1."""
    import yaml
    from ruamel.yaml import YAML

    def ruamel(version):
        reader = YAML(typ="safe", pure=True)
        reader.version = version
        return reader.load

    return {"pyyaml": yaml.safe_load, "yaml 1.2": ruamel((1, 2)), "yaml 1.1": ruamel((1, 1))}


def _read_everywhere(text: str) -> dict[str, object]:
    return {name: load(text) for name, load in _readers().items()}


@pytest.mark.parametrize("value", LOOKS_TYPED)
def test_a_value_that_looks_typed_reads_back_as_the_same_text_in_every_yaml(value):
    from memctl.yamltext import yaml_value

    written = f"title: {yaml_value(value)}\ntags: {yaml_value([value, 'x'])}\n"
    for name, meta in _read_everywhere(written).items():
        assert meta == {"title": value, "tags": [value, "x"]}, (name, written)
    note = parse_note("---\ntitle: x\ntags:\n  - x\n---\n# x\n", path=Path("n.md"))
    changed = set_meta(note, title=value, tags=[value, "y"])  # one line; ruamel's round trip
    for name, meta in _read_everywhere(changed.fm_text).items():
        assert meta == {"title": value, "tags": [value, "y"]}, (name, changed.fm_text)


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="0123456789abefnoxyEFNOTY.:-+_~ ,", min_size=1, max_size=12))
def test_any_scalar_memctl_writes_reads_back_as_written(value):
    from memctl.yamltext import yaml_value

    written = f"title: {yaml_value(value)}\ntags: {yaml_value([value])}\n"
    for name, meta in _read_everywhere(written).items():
        assert meta == {"title": value, "tags": [value]}, (name, written)


def test_new_writes_a_hex_title_and_tag_that_ls_reads_as_text(cli):
    cli("new", "semantic/n", "-t", "0xFF", "--tag", "0xFF", "--tag", "1:30", "--tag", "a,b")
    note = next(f for f in cli.json("ls")["files"] if f["path"] == "semantic/n.md")
    assert (note["title"], note["tags"]) == ("0xFF", ["0xFF", "1:30", "a,b"])


SHORT = "---\ntitle: Nul\nstatus: active\n---\n# Nul\n\n- [FACT] nul{nul}here ^cdef\n"
LONG = SHORT.replace(
    "# Nul\n", "# Nul\n\n" + "A longer note, one line of prose after another.\n" * 5
)


def _read(data: bytes) -> str:
    try:
        return parse_note(data, path=Path("people/nul.md"), display="people/nul.md").text
    except ParseError as exc:
        return f"error: {exc}"


def test_one_nul_byte_is_never_taken_for_utf16():
    """One stray NUL in a short note names its line; in a longer one it is read past. Only a
    byte order mark, or NULs in one byte of each pair over much of the text, is UTF-16."""
    short = SHORT.format(nul="\x00").encode()
    assert _read(short) == "error: people/nul.md:7: a NUL byte, not Markdown text: delete it " + (
        "(an editor shows it as ^@ or ␀)"
    )
    assert _read(SHORT.format(nul="\x00\x00").encode()).startswith("error: people/nul.md:7: a NUL")
    assert "\x00" in _read(LONG.format(nul="\x00").encode())
    odd = SHORT.format(nul="").replace("nul", "nul" + "\x00", 1).encode()  # a NUL at either end
    assert "UTF-16" not in _read(odd) and "UTF-16" not in _read(b"\x00" + odd[1:])


@pytest.mark.parametrize("text", [SHORT.format(nul=""), LONG.format(nul="")])
@pytest.mark.parametrize(
    ("codec", "mark", "name"),
    [
        ("utf-16-le", b"\xff\xfe", "UTF-16LE"),
        ("utf-16-le", b"", "UTF-16LE"),
        ("utf-16-be", b"\xfe\xff", "UTF-16BE"),
        ("utf-16-be", b"", "UTF-16BE"),
    ],
)
def test_a_note_in_utf16_is_still_named_so(text, codec, mark, name):
    said = _read(mark + text.encode(codec))
    assert said == (
        f"error: people/nul.md: {name} text, not UTF-8 (memctl reads UTF-8 only): convert it "
        f"with `iconv -f {name} -t UTF-8`"
    )
    russian = "---\ntitle: Заметка\n---\n# Заметка\n\n- [FACT] Анна любит чай и кофе ^cdef\n"
    assert _read(russian.encode(codec)).startswith(f"error: people/nul.md: {name} text")


def test_a_short_note_with_a_nul_byte_names_its_line_and_stays_as_it_was(ws, cli):
    note = ws.root / "people/nul.md"
    data = SHORT.format(nul="\x00").encode()
    note.write_bytes(data)
    result = cli("add", "people/nul", "new", code=1)
    assert "people/nul.md:7: a NUL byte" in result.stderr
    assert "UTF-16" not in result.stderr and "iconv" not in result.stderr
    assert note.read_bytes() == data
