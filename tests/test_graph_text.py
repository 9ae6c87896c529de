"""graph/relations.md line by line: the grammar, quoting, damaged lines and derived ids."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memctl.errors import InvalidValue
from memctl.graph.text import (
    MAX_NAME,
    LineProblem,
    Triple,
    clean_name,
    closed_copy,
    entity_key,
    parse_line,
    parse_relations,
    quote_name,
)


def test_a_canonical_line_reads_back_whole():
    line = (
        "- Brian → responsible for → Project X · added:2026-02-01 conf:0.9 src:user "
        "from:2026-01-15 ref:lessons/api-guide.md#^k3x9 ^t4k2"
    )
    t = parse_line(line, 7)
    assert (t.subject, t.predicate, t.object, t.id, t.line) == (
        "Brian",
        "responsible for",
        "Project X",
        "t4k2",
        7,
    )
    assert t.fields == {
        "added": "2026-02-01",
        "conf": "0.9",
        "src": "user",
        "from": "2026-01-15",
        "ref": "lessons/api-guide.md#^k3x9",
    }
    assert t.confidence == 0.9 and not t.closed
    assert t.format() == line


def test_a_closed_line_is_struck_through_with_until_and_why():
    t = parse_line("- Tool Y → requires → API key · added:2026-02-01 ^q7w2")
    closed = closed_copy(t, until="2026-03-05", why="rotated to a vault")
    assert closed.format() == (
        "- ~~Tool Y → requires → API key · added:2026-02-01 "
        'until:2026-03-05 why:"rotated to a vault"~~ ^q7w2'
    )
    again = parse_line(closed.format())
    assert again.closed and again.fields["why"] == "rotated to a vault"


def test_ascii_arrows_and_lines_without_fields_or_id_are_read():
    t = parse_line("- Anna -> knows -> Brian")
    assert (t.subject, t.predicate, t.object, t.fields) == ("Anna", "knows", "Brian", {})
    assert not t.id_written


@pytest.mark.parametrize(
    "name",
    [
        "A → B",
        "x -> y",
        "tea · coffee",
        '"quoted" name',
        "~~struck~~",
        "ends with ^abc",
        "back\\slash",
        'say "hi"',
        "Zoë 東京",
        "Robert'); DROP TABLE triples;--",
        "50% off_",
    ],
)
def test_names_with_separators_and_quotes_survive_the_round_trip(name):
    t = Triple(name, f"p {name}", f"other {name}", "ab12", {"added": "2026-02-01"})
    back = parse_line(t.format())
    assert (back.subject, back.predicate, back.object) == (name, f"p {name}", f"other {name}")


_name = (
    st.text(
        alphabet=st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")),
        min_size=1,
        max_size=40,
    )
    .map(lambda s: " ".join(s.split()))
    .filter(bool)
)


@given(_name, _name, _name)
def test_any_name_round_trips(subject, predicate, obj):
    subject, predicate, obj = (clean_name(n, "name") for n in (subject, predicate, obj))
    if entity_key(subject) == entity_key(obj):
        return
    t = Triple(subject, predicate, obj, "ab12", {"added": "2026-02-01", "why": obj})
    back = parse_line(t.format())
    assert (back.subject, back.predicate, back.object, back.fields) == (
        subject,
        predicate,
        obj,
        t.fields,
    )


def test_quote_name_leaves_plain_names_bare():
    assert quote_name("Project X") == "Project X"
    assert quote_name("A → B") == '"A → B"'


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("- just a list item", "expected subject → predicate → object"),
        ('- "Dan → likes → tea', "never closed"),
        ("-  → likes → tea", "the subject is empty"),
        ("- A → likes → a", "self-loop"),
        ("- A → b → C · conf:2", "conf:2 is not a number from 0 to 1"),
        ("- A → b → C · added:2026-02-30", "not a real date"),
        ("- A → b → C · src:rumour", "src:rumour"),
        ("- " + "x" * (MAX_NAME + 1) + " → b → C", "the limit is 200"),
    ],
)
def test_a_damaged_line_says_what_is_wrong(line, message):
    with pytest.raises(LineProblem, match=message):
        parse_line(line)


def test_object_runs_to_the_first_separator_followed_by_fields():
    t = parse_line("- A → likes → tea · coffee · added:2026-02-01 ^ab12")
    assert t.object == "tea · coffee" and t.fields == {"added": "2026-02-01"}


def test_the_file_reports_damaged_lines_by_number_and_reads_the_rest():
    data = (
        "# Relations\n\nSome prose → with → arrows is fine in a heading?\n"
        "- A → knows → B ^ab12\n"
        "- broken\n"
        "C → knows → D\n"
        "```\n- E → in → fence\n```\n"
        "- F → knows → G ^ab12\n"
    ).encode() + b"- \xff\xfe -> x -> y\n"
    rel = parse_relations(data)
    assert [t.subject for t in rel.triples] == ["A"]
    lines = dict(rel.problems)
    assert set(lines) == {3, 5, 6, 10, 11}
    assert "also on line 4" in lines[10] and "not UTF-8" in lines[11]
    assert "start it with '- '" in lines[6]


def test_lines_without_an_id_get_a_stable_derived_one():
    data = b"- A \xe2\x86\x92 knows \xe2\x86\x92 B\n- C \xe2\x86\x92 knows \xe2\x86\x92 D ^x1\n"
    first = parse_relations(data).triples[0].id
    assert first.startswith("h") and first == parse_relations(data).triples[0].id
    assert parse_relations(b"\n" + data).triples[0].id == first  # not tied to the line number


def test_frontmatter_is_skipped():
    rel = parse_relations(b"---\ntitle: x\n---\n- A \xe2\x86\x92 b \xe2\x86\x92 C ^ab12\n")
    assert [t.line for t in rel.triples] == [4] and rel.problems == []


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("a\x00b", "control character"),
        ("x" * (MAX_NAME + 1), "201 characters"),
    ],
)
def test_clean_name_refuses_bad_names(value, message):
    with pytest.raises(InvalidValue, match=message):
        clean_name(value, "subject")


def test_clean_name_folds_whitespace_and_keys_ignore_case_space_and_width():
    assert clean_name("  Project \t X\n", "subject") == "Project X"
    assert entity_key("Project X") == entity_key("projectx") == entity_key("ＰＲＯＪＥＣＴ Ｘ")
    assert entity_key("Zoë") == entity_key("ZOË")


def test_fields_written_first_as_entry_commands_write_them_are_read():
    t = parse_line("- ~~until:2026-02-01 why:test · Brian → knows → Anna · added:2026-01-01~~ ^m5")
    assert (t.subject, t.object, t.closed) == ("Brian", "Anna", True)
    assert t.fields == {"until": "2026-02-01", "why": "test", "added": "2026-01-01"}
    assert parse_line("- a:b · c → d → e").subject == "c"
    assert parse_line('- "a:b · c" → d → e').subject == "a:b · c"


def test_a_relation_line_holding_a_long_run_of_spaces_is_read_at_once(ws):
    """A line of graph/relations.md (a peer's sync brings it) with 200,000 spaces pasted in it:
    the separator was searched from every space of the run, to its end each time, and `memctl
    graph` took minutes. It is one line of warning now."""
    import subprocess

    from conftest import MEMCTL_BIN, git

    relations = ws.root / "graph" / "relations.md"
    relations.parent.mkdir(exist_ok=True)
    relations.write_text("# Relations\n\n- Brian → knows → Anna\n- a" + " " * 200_000 + "b\n")
    git(ws, "add", "-A")
    git(ws, "commit", "-qm", "a peer's relations")
    done = subprocess.run(
        [str(MEMCTL_BIN), "-w", str(ws.root), "graph", "entities"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr[-500:]
    assert "Brian" in done.stdout and "graph/relations.md:4" in done.stderr
