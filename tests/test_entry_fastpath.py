"""Entry lines as memctl writes them are read in one match; every line, canonical or not, must
give exactly the entry the general steps give. The reference below is those steps, kept as they
were written: whatever parse_entry does faster, it agrees with this."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import EXAMPLE
from memctl.entry import (
    _ESCAPED_ID,
    _FIELD,
    _KIND,
    _TAG,
    BLOCK_ID,
    BULLET,
    KNOWN_FIELDS,
    SEPARATOR,
    Entry,
    normalize_priority,
    parse_entry,
    read_fields,
    unquote_value,
)


def reference_parse(line: str) -> Entry | None:
    m = BULLET.match(line)
    if m is None:
        return None
    rest = m["rest"].rstrip()
    entry = Entry(text="", indent=m["indent"], bullet=m["bullet"], raw=line)
    id_match = BLOCK_ID.search(rest)
    if id_match:
        entry.id = id_match["id"]
        rest = rest[: id_match.start()].rstrip()
    if rest.startswith("~~") and rest.endswith("~~") and len(rest) > 4:
        entry.closed = True
        rest = rest[2:-2]
    pos = 0
    while (t := _TAG.match(rest, pos)) is not None:
        tag = t["tag"]
        priority = normalize_priority(tag)
        if priority and entry.priority is None:
            entry.priority = priority
        elif _KIND.fullmatch(tag) and entry.kind is None:
            entry.kind = tag
        else:
            break
        pos = t.end()
    rest = rest[pos:].lstrip(" ")
    entry.fields, text = reference_split(rest)
    # A text that ends like a block id was written escaped (`\\^k3x9`): it reads unescaped.
    entry.text = _ESCAPED_ID.sub(r"\1", text) if "\\^" in text else text
    return entry


def reference_split(rest: str) -> tuple[dict[str, str], str]:
    if rest.startswith("· "):
        return {}, rest[2:]
    # The separator is the first " · " with nothing but fields before it: one inside a quoted
    # value leaves the value unclosed before it.
    sep = rest.find(SEPARATOR)
    while sep > 0:
        fields = reference_fields(rest[:sep])
        if fields is not None:
            return fields, rest[sep + len(SEPARATOR) :]
        sep = rest.find(SEPARATOR, sep + 1)
    fields, pos = {}, 0
    while (f := _FIELD.match(rest, pos)) and f["key"] in KNOWN_FIELDS and ends(rest, f):
        fields[f["key"]] = unquote_value(f["value"])
        pos = min(f.end() + 1, len(rest))
    return fields, rest[pos:]


def reference_fields(head: str) -> dict[str, str] | None:
    fields: dict[str, str] = {}
    pos = 0
    while pos < len(head):
        f = _FIELD.match(head, pos)
        if f is None or not ends(head, f):
            return None
        fields[f["key"]] = unquote_value(f["value"])
        pos = f.end() + 1
    return fields


def ends(text: str, match) -> bool:
    return match.end() == len(text) or text[match.end()] == " "


def same(line: str) -> None:
    got, want = parse_entry(line), reference_parse(line)
    if want is None:
        assert got is None, line
        return
    assert dataclasses.asdict(got) == dataclasses.asdict(want), line
    assert list(got.fields) == list(want.fields), line  # the order of the fields too


# Pieces a line is made of, the awkward ones included: look-alike tags, quoted values holding
# " · " or escaped quotes, odd whitespace, carets and strikes in the text.
TAGS = [
    "[🔴HIGH]",
    "[🟡MED]",
    "[🟢LOW]",
    "[HIGH]",
    "[P0]",
    "[🔴]",
    "[medium]",
    "[FACT]",
    "[DECISION]",
    "[A]",
    "[x y]",
    "[LESSON]",
    "[🟡MED ]",
    "[]",
]
KEYS = ["added", "expires", "src", "why", "by", "until", "zz_top", "Key", "a-b", "x" * 25]
VALUES = [
    "2026-02-01",
    "user",
    '"two words"',
    '"a · b"',
    '"say \\"hi\\""',
    '"unclosed',
    'mid"quote',
    "",
    '"\\\\"',
    "a:b",
    "·",
    '""',
]
TEXTS = [
    "the text",
    "a · b",
    "x~~",
    "~~",
    "^k3x9",
    "ends escaped \\^k3x9",
    "caf\u00e9 中文",
    "[🟢LOW] again",
    "why:x",
    "",
    " ",
    "\u3000",
    "\t",
    "tail ^",
    "^a^b",
]
IDS = ["", " ^k3x9", "\t^ab-1", "^abc", " ^", " ^x^y", "  ^q7w2", " ^-bad", "\u3000^k3x9"]
GAPS = ["", " ", "  ", "\t"]
KINDS = [
    "",
    "[FACT]",
    "[HIGH]",
    "[A]",
    "[FACT][LESSON]",
    "[FOLLOW-UP]",
    "[A_B]",
    "[Fact]",
    "[🟢LOW]",
]

fields = st.lists(
    st.builds(lambda k, v: f"{k}:{v}", st.sampled_from(KEYS), st.sampled_from(VALUES)),
    max_size=4,
).flatmap(lambda fs: st.sampled_from([" ", "  ", "\t"]).map(lambda gap: gap.join(fs)))

lines = st.builds(
    lambda indent, bullet, gap, strike, tags, gap2, head, sep, text, close, entry_id, trail: (
        f"{indent}{bullet}{gap}{strike}{''.join(tags)}{gap2}{head}{sep}{text}{close}"
        f"{entry_id}{trail}"
    ),
    st.sampled_from(["", " ", "\t"]),
    st.sampled_from(["-", "*", "+", "1."]),
    st.sampled_from([" ", "  ", ""]),
    st.sampled_from(["", "~~"]),
    st.lists(st.sampled_from(TAGS), max_size=3),
    st.sampled_from(GAPS),
    fields,
    st.sampled_from([" · ", "· ", " ·", "", " · · ", " ·  "]),
    st.sampled_from(TEXTS),
    st.sampled_from(["", "~~"]),
    st.sampled_from(IDS),
    st.sampled_from(["", " ", "\t", "\u3000"]),
)


# Lines as memctl writes them, or nearly: the one-match reading must know where it stops.
near_canonical = st.builds(
    lambda strike, tag, kind, head, sep, text, close, entry_id: (
        f"- {strike}{tag}{kind} {head}{sep}{text}{close}{entry_id}"
    ),
    st.sampled_from(["", "~~"]),
    st.sampled_from(["[🔴HIGH]", "[🟡MED]", "[🟢LOW]"]),
    st.sampled_from(KINDS),
    st.lists(
        st.builds(lambda k, v: f"{k}:{v} ", st.sampled_from(KEYS), st.sampled_from(VALUES)),
        max_size=3,
    ).map("".join),
    st.sampled_from(["· ", "· · ", "·  ", " · ", "·"]),
    st.sampled_from(TEXTS),
    st.sampled_from(["", "~~"]),
    st.sampled_from(IDS),
)


@settings(max_examples=2000, deadline=None)
@given(lines)
def test_any_line_reads_as_the_general_steps_read_it(line):
    same(line)


@settings(max_examples=2000, deadline=None)
@given(near_canonical)
def test_lines_as_memctl_writes_them_read_the_same(line):
    same(line)


def test_a_separator_inside_a_quoted_value_is_not_the_separator():
    for line in ('- [🟡MED] why:"a · b" · text ^k3x9', '- why:"a · b" src:user · text ^k3x9'):
        same(line)
        entry = parse_entry(line)
        assert (entry.fields["why"], entry.text) == ("a · b", "text")


def test_awkward_lines_read_the_same():
    for line in [
        "-  ^k3x9",
        "- ^k3x9",
        "- x ^k3x9 ",
        "- [🟡MED][FOLLOW-UP] a:b · t",
        "- [🟡MED][A_B] · t",
        "- ~~[🟡MED] · t~~",
        "- ~~~~",
        "- [🟡MED]  a:b · t",
        "-   [🟡MED] a:b · t",
        '- [🟡MED] a:"x\\" b:c · t',
    ]:
        same(line)


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet='- []~^·:"\\ \taZ9🟡MEDFACT', max_size=40).map(lambda s: "- " + s))
def test_any_text_after_a_bullet_reads_the_same(line):
    same(line)


@settings(max_examples=500, deadline=None)
@given(fields)
def test_field_heads_read_the_same(head):
    assert read_fields(head) == reference_fields(head)


def test_every_line_of_the_example_workspace_reads_the_same():
    count = 0
    for path in sorted(Path(EXAMPLE).rglob("*.md")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if BULLET.match(line):
                same(line)
                count += 1
    assert count > 50
