"""Entry lines: parsing, canonical formatting, and round trips."""

from __future__ import annotations

import re
import string

from hypothesis import given, settings
from hypothesis import strategies as st

from memctl.controls import control
from memctl.entry import Entry, format_entry, new_id, normalize_priority, parse_entry
from memctl.graph.text import parse_relations

LINE = "- [🟡MED][DECISION] added:2026-02-01 expires:2026-03-01 src:user · the text ^k3x9"


def test_parses_the_documented_line():
    e = parse_entry(LINE, lineno=7)
    assert (e.priority, e.kind, e.id, e.line, e.text) == ("med", "DECISION", "k3x9", 7, "the text")
    assert e.fields == {"added": "2026-02-01", "expires": "2026-03-01", "src": "user"}
    assert not e.closed


def test_closed_line_is_struck_through_and_keeps_its_reason():
    line = '- ~~[🟢LOW][FACT] added:2026-02-01 until:2026-03-05 why:"to \\"Thu\\"" · call~~ ^q7w2'
    e = parse_entry(line)
    assert e.closed and e.fields["why"] == 'to "Thu"' and e.text == "call"
    e.raw = None
    assert e.format() == line


def test_hand_written_lines_are_entries_and_left_alone():
    for line in ["- the wifi password is on the fridge", "* [ ] buy milk", "- url:https://x.y z"]:
        e = parse_entry(line)
        assert e is not None and e.format() == line
        assert e.fields == {} and e.priority is None
    assert parse_entry("- added:2026-01-01 a hand line").fields == {"added": "2026-01-01"}


def test_not_an_entry():
    assert parse_entry("plain text") is None
    assert parse_entry("## heading") is None


def test_priority_spellings():
    for spelling in ["🔴", "HIGH", "🔴HIGH", "high", "P0"]:
        assert normalize_priority(spelling) == "high"
    for spelling in ["🟡", "MED", "medium", "🟡MED"]:
        assert normalize_priority(spelling) == "med"
    assert normalize_priority("🟢LOW") == "low"
    assert normalize_priority("urgent") is None
    assert parse_entry("- [🔴][LESSON] · x").priority == "high"


def test_with_fields_keeps_order_and_appends():
    e = parse_entry(LINE).with_fields(expires=None, until="2026-03-05", why="moved")
    assert list(e.fields) == ["added", "src", "until", "why"]
    assert e.format().endswith("until:2026-03-05 why:moved · the text ^k3x9")


def test_new_id_avoids_taken_ids():
    taken = {new_id(set()) for _ in range(200)}
    fresh = new_id(taken)
    assert fresh not in taken and len(fresh) >= 4


_words = (
    st.text(
        alphabet=string.ascii_letters + string.digits + " .,'!?é中文🙂-:[]~^·",
        min_size=1,
        max_size=40,
    )
    .map(lambda s: " ".join(s.split()))
    .filter(bool)
)
_values = st.text(
    alphabet=string.ascii_letters + string.digits + ' :/"\\-_.é', min_size=1, max_size=20
).filter(lambda v: v.strip() == v and v)
_entries = st.builds(
    Entry,
    # A text ending in " ^abcd" reads as a block id; memctl only writes such text with an id.
    text=_words.filter(lambda t: not re.search(r"(^|\s)\^[A-Za-z0-9][A-Za-z0-9-]*$", t)),
    priority=st.sampled_from([None, "high", "med", "low"]),
    kind=st.sampled_from([None, "DECISION", "LESSON", "FACT", "CONTEXT"]),
    fields=st.dictionaries(
        st.sampled_from(["added", "expires", "src", "by", "why", "when"]), _values, max_size=4
    ),
    id=st.one_of(st.none(), st.from_regex(r"[a-z][a-z0-9]{3,5}", fullmatch=True)),
    closed=st.booleans(),
)


@settings(max_examples=400, deadline=None)
@given(_entries)
def test_format_then_parse_round_trips(entry):
    line = format_entry(entry)
    back = parse_entry(line)
    if entry.fields or entry.priority or entry.kind:
        assert (back.priority, back.kind, back.fields) == (entry.priority, entry.kind, entry.fields)
    assert (back.text, back.id, back.closed) == (entry.text, entry.id, entry.closed)
    assert back.format() == line  # read → written back unchanged
    back.raw = None
    assert format_entry(back) == line  # and the canonical form is a fixed point


# Values a field may hold on one line: the entry line's own marks among them (" · " above all,
# which separates the fields from the text), quotes, backslashes, a use-when key's " | ".
_PIECES = [" · ", "·", " ", '"', '\\"', "\\", "|", " | ", ":", "a:b", "→", "~~", "[x]", "^", "é"]
_field_values = (
    st.lists(st.one_of(st.sampled_from(_PIECES), st.text(max_size=5)), max_size=6)
    .map("".join)
    .filter(lambda v: control(v) is None and "\n" not in v)
)
_texts = (
    st.lists(st.one_of(st.sampled_from(_PIECES), st.text(max_size=6)), min_size=1, max_size=8)
    .map(lambda parts: " ".join("".join(parts).split()))
    .filter(lambda t: t and control(t) is None and "^" not in t)
)
_fielded = st.builds(
    Entry,
    text=_texts,
    priority=st.sampled_from([None, "high", "med", "low"]),
    kind=st.sampled_from([None, "FACT", "RULE"]),
    fields=st.dictionaries(
        st.sampled_from(["added", "when", "why", "by", "src", "check", "label"]),
        _field_values,
        min_size=1,
        max_size=4,
    ),
    id=st.one_of(st.none(), st.just("k3x9")),
    closed=st.booleans(),
)


@settings(max_examples=600, deadline=None)
@given(_fielded, _field_values)
def test_any_field_value_reads_back_whole_and_every_rewrite_keeps_the_text(entry, later):
    """A quoted value holding " · " (a use-when key, a reason) is the value's own: the line
    reads back as written, and rewriting it (verify, key, close) leaves the text as it was.
    The first " · " was read as the separator, so each rewrite put one more "·" before it."""
    line = format_entry(entry)
    back = parse_entry(line)
    assert (back.priority, back.kind, back.fields, back.text, back.id, back.closed) == (
        entry.priority,
        entry.kind,
        entry.fields,
        entry.text,
        entry.id,
        entry.closed,
    ), line
    for key in ("verified", "when", "why"):
        back = parse_entry(format_entry(back.with_fields(**{key: later})))
        assert back.text == entry.text and back.fields[key] == later


def test_a_key_or_a_reason_holding_the_separator_leaves_the_text_alone(cli, ws):
    cli("new", "tools/t", "-t", "T")
    made = cli.json("add", "tools/t", "the printer is on floor 2")["id"]
    cli("key", made, "where is the printer · the office one")
    cli("key", made, "printer floor")
    cli("verify", made)
    shown = cli.json("show", made)["entry"]
    assert shown["text"] == "the printer is on floor 2", shown
    assert shown["fields"]["when"] == "where is the printer · the office one | printer floor"
    cli("close", made, "--reason", "moved · to floor 3 · see the map")
    for _ in range(2):
        cli("verify", made)
    line = next(x for x in (ws.root / "tools/t.md").read_text().splitlines() if made in x)
    assert line.count("·") == 4, line  # one in the key, two in the reason, the separator
    assert parse_entry(line).text == "the printer is on floor 2"
    assert parse_entry(line).fields["why"] == "moved · to floor 3 · see the map"


def test_a_relation_closed_with_a_reason_holding_the_separator_keeps_its_names(cli, ws):
    made = cli.json("graph", "add", "Bob", "owns", "the car")["relation"]["id"]
    cli("close", made, "--reason", 'sold · to "Ann → B"')
    cli("verify", made)
    triples = parse_relations((ws.root / "graph/relations.md").read_bytes()).triples
    closed = next(t for t in triples if t.id == made)
    assert (closed.subject, closed.predicate, closed.object) == ("Bob", "owns", "the car")
    assert closed.fields["why"] == 'sold · to "Ann → B"' and closed.closed
