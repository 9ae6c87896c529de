"""Search: units, ranking, filters, queries that are text never syntax, CJK, use-when keys."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import TODAY
from memctl.errors import InvalidValue
from memctl.longterm import add_entry, new_note
from memctl.search.index import open_index
from memctl.search.rank import Filters, search
from memctl.search.units import read_units


def note(ws, name, *entries, **meta):
    """A note made through memctl, with entry lines; returns {text: id}."""
    new_note(
        ws,
        name,
        title=meta.pop("title", None),
        priority=meta.pop("priority", "med"),
        today=meta.pop("today", TODAY),
        **meta,
    )
    ids = {}
    for item in entries:
        text, kwargs = (item, {}) if isinstance(item, str) else item
        kwargs.setdefault("today", TODAY)
        ids[text] = add_entry(ws, name, text, **kwargs).value.entry.id
    return ids


def find(ws, query, **kwargs):
    kwargs.setdefault("today", TODAY)
    return search(ws, query, **kwargs).hits


def addresses(hits):
    return [h.address for h in hits]


@pytest.fixture
def filled(ws):
    note(
        ws,
        "lessons/government-forms",
        "Quarterly tax form: https://tax.example.gov/start",
        ("Never pay the look-alike sites", {"priority": "high"}),
        title="Government forms",
        use_when=["the link we used last time"],
    )
    note(
        ws,
        "tools/kubernetes",
        "Kubernetes deployments roll back with kubectl rollout undo",
        "The staging cluster runs Postgres 16",
    )
    note(ws, "people/anna", "Anna is allergic to nuts", "Anna prefers tea, not coffee")
    (ws.root / "daily/2026-11-20.md").write_text(
        "# 2026-11-20\n\n### 09:30 — Café with Anna\n\nShe said the naïve approach works.\n\n"
        "### 20:10 — 中文课笔记\n\n山姆今天学了迁移和数据库这两个词。\n"
    )
    return ws


def test_units_cover_entries_logs_frontmatter_and_paragraphs(filled):
    units, error = read_units(filled.root, "lessons/government-forms.md")
    assert error is None
    kinds = [u.kind for u in units]
    assert kinds.count("note") == 1 and kinds.count("entry") == 2
    front = units[kinds.index("note")]
    assert front.line == 1 and front.keys == "the link we used last time"
    entry = units[kinds.index("entry")]
    assert entry.entry_id and entry.recorded == TODAY.isoformat() and entry.category == "lessons"
    logs, _ = read_units(filled.root, "daily/2026-11-20.md")
    assert [(u.kind, u.line) for u in logs] == [("log", 3), ("log", 7)]
    assert logs[0].text.startswith("Café with Anna\nShe said")


def test_a_day_written_without_headings_is_dated_by_its_name(ws):
    (ws.root / "daily/2026-11-02.md").write_text(
        "Met the plumber; the boiler pressure is 1.5 bar.\n"
    )
    units, error = read_units(ws.root, "daily/2026-11-02.md")
    assert error is None and [(u.kind, u.recorded, u.category) for u in units] == [
        ("text", "2026-11-02", "daily")
    ]
    hit = find(ws, "boiler pressure")[0]
    assert (hit.path, hit.date) == ("daily/2026-11-02.md", "2026-11-02")
    assert find(ws, "boiler pressure", filters=Filters(since=dt.date(2026, 11, 3))) == []


def test_a_broken_file_is_still_searched_as_text(ws):
    (ws.root / "lessons/broken.md").write_text(
        "---\ntitle: [unclosed\n---\n- the wifi code is 7781\n"
    )
    units, error = read_units(ws.root, "lessons/broken.md")
    assert error and "broken.md" in error
    assert addresses(find(ws, "wifi code")) == ["lessons/broken.md:4"]


def test_finds_by_words_stems_and_accents(filled):
    assert find(filled, "kubectl rollout")[0].path == "tools/kubernetes.md"
    assert find(filled, "rolling back deployment")[0].path == "tools/kubernetes.md"
    assert find(filled, "cafe naive")[0].address == "daily/2026-11-20.md:3"
    assert find(filled, "CAFÉ")[0].address == "daily/2026-11-20.md:3"


def test_typos_and_partial_words_still_find_the_note(filled):
    assert find(filled, "kuberntes")[0].path == "tools/kubernetes.md"
    assert find(filled, "allergc nutts")[0].text == "Anna is allergic to nuts"
    assert find(filled, "kube")[0].path == "tools/kubernetes.md"


def test_cjk_words_are_found_inside_sentences(filled):
    for query in ("迁移", "数据库", "中文"):
        hits = find(filled, query)
        assert hits and hits[0].address == "daily/2026-11-20.md:7", query
    assert "**迁移**" in find(filled, "迁移")[0].snippet


def test_words_with_vowel_signs_are_found_whole(filled):
    """Devanagari, Tamil and Thai words hold combining vowel signs: a query word is the whole
    word, as the index keeps it, not its pieces between the signs."""
    from memctl.words import tokens

    assert tokens("निर्देशों को अनदेखा करो।") == ["निर्देशों", "को", "अनदेखा", "करो"]
    assert tokens("สวัสดีครับ ทดสอบ") == ["สวัสดีครับ", "ทดสอบ"]
    note(filled, "people/ravi", "रवि की दवाइयाँ रसोई की अलमारी में हैं", "Ravi's flat: பச்சை கதவு")
    for query, found in (("दवाइयाँ", "दवाइयाँ"), ("अलमारी", "अलमारी"), ("பச்சை", "பச்சை")):
        hits = find(filled, query)
        assert hits and found in hits[0].text and hits[0].path == "people/ravi.md", query


def test_use_when_keys_find_what_the_words_do_not(filled):
    hits = find(filled, "get me the link we used last time", explain=True)
    assert hits[0].path == "lessons/government-forms.md"
    assert hits[0].components["use_when"] == 1.0


@pytest.mark.parametrize(
    "query",
    [
        '"unbalanced',
        "tax*",
        "-tax",
        "NEAR(tax form)",
        "tax AND OR NOT",
        "(((",
        ")",
        "'; DROP TABLE units; --",
        "col:tax",
        "^tax",
        "{text}: tax",
        "🔥🔥 tax 🔥",
        "",
        "   ",
        "\x00\x01",
        "a" * 5000,
        "tax-form",
        "e.g. tax.example.gov/start?x=1&y=2",
    ],
)
def test_the_query_is_text_never_syntax(filled, query):
    hits = find(filled, query)
    assert isinstance(hits, list)


def test_a_100_kb_paste_is_searched_not_refused(filled):
    paste = ("Some log output about kubectl rollout and deployments. " * 2000)[:100_000]
    assert find(filled, paste)[0].path == "tools/kubernetes.md"


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)  # read-only use
@given(st.text(max_size=200))
def test_any_text_is_a_valid_query(filled_index, text):
    from memctl.search.rank import Filters, rank

    rank(filled_index, text, limit=5, filters=Filters(), today=TODAY)


@pytest.fixture
def filled_index(filled):
    with open_index(filled) as index:
        yield index


def test_results_are_pointers_with_highlighted_snippets(filled):
    hit = find(filled, "allergic")[0]
    assert hit.path == "people/anna.md" and hit.line > 1 and hit.id
    assert hit.status == "active" and hit.date == TODAY.isoformat()
    assert hit.snippet == "Anna is **allergic** to nuts"
    data = hit.to_dict()
    assert {"path", "line", "id", "score", "text"} <= set(data)


def test_limit(filled):
    assert len(find(filled, "anna", limit=1)) == 1
    with pytest.raises(InvalidValue):
        find(filled, "anna", limit=0)


def test_explain_shows_every_component(filled):
    parts = find(filled, "kubernetes", explain=True)[0].components
    assert set(parts) >= {
        "bm25",
        "bm25_raw",
        "coverage",
        "fuzzy",
        "use_when",
        "relevance",
        "priority",
        "recency",
        "status",
        "score",
    }
    product = (
        parts["relevance"] * parts["priority"] * parts["recency"] * parts["status"] * parts["kind"]
    )
    assert abs(product - parts["score"]) < 1e-3


def test_high_priority_outranks_and_does_not_fade(ws):
    old = TODAY - dt.timedelta(days=900)
    note(ws, "lessons/a", ("Rotate the deploy key every spring", {"priority": "low"}))
    note(ws, "lessons/b", ("Rotate the deploy key every spring", {"priority": "high"}))
    note(ws, "lessons/c", ("Rotate the deploy key every spring", {"today": old}), today=old)
    hits = find(ws, "rotate deploy key", explain=True)
    assert hits[0].path == "lessons/b.md"
    faded = next(h for h in hits if h.path == "lessons/c.md")
    assert faded.components["recency"] < 0.9
    assert hits[0].components["recency"] == 1.0


def test_closed_and_superseded_are_left_out_unless_asked(ws):
    ids = note(ws, "lessons/calls", "The weekly call is on Wednesday")
    text = (ws.root / "lessons/calls.md").read_text()
    line = next(x for x in text.splitlines() if ids["The weekly call is on Wednesday"] in x)
    closed = line.replace(
        "- [🟡MED] added:2026-11-30", "- ~~[🟡MED] added:2026-11-01 until:2026-11-20"
    ).replace(" ^", "~~ ^")
    (ws.root / "lessons/calls.md").write_text(text.replace(line, closed))
    entry_id = ids["The weekly call is on Wednesday"]

    def ids_found(**filters):
        return [h.id for h in find(ws, "weekly call wednesday", filters=Filters(**filters))]

    assert entry_id not in ids_found()
    assert entry_id in ids_found(closed=True)
    assert entry_id in ids_found(as_of=dt.date(2026, 11, 10))  # true then
    assert entry_id not in ids_found(as_of=dt.date(2026, 11, 25))  # closed by then
    assert entry_id not in ids_found(as_of=dt.date(2026, 10, 25))  # not recorded yet
    assert find(ws, "wednesday", filters=Filters(closed=True))[0].status == "closed"


def test_as_of_shows_what_was_held_that_day_with_the_status_it_had_then(ws, cli):
    monday = "The weekly call is on Monday"
    cli("remember", monday, "-s", "user", env={"MEMCTL_NOW": "2026-03-01T10:00"})
    thursday = "The weekly call is on Thursday"
    cli("remember", thursday, "-s", "user", env={"MEMCTL_NOW": "2026-03-05T10:00"})
    cli("now", "start", "prepare the weekly call agenda", env={"MEMCTL_NOW": "2026-03-06T10:00"})
    later = {"MEMCTL_NOW": "2026-03-12T10:00"}
    then = cli("search", "weekly call", "--as-of", "2026-03-03", env=later).stdout
    assert "is on Monday" in then and "Thursday" not in then and "NOW.md" not in then
    assert " · active · 2026-03-01 · " in then and "closed" not in then, then
    found = cli.json("search", "weekly call", "--as-of", "2026-03-03", env=later)["results"]
    assert [r["status"] for r in found] == ["active"]
    now = cli("search", "weekly call", "--as-of", "2026-03-12", env=later).stdout
    assert "Thursday" in now and "Monday" not in now and "NOW.md" not in now
    assert "NOW.md" in cli("search", "weekly call", env=later).stdout  # today's desk, today


def test_an_entry_added_today_is_never_stale_and_an_expired_one_is_not_recalled(ws, cli):
    cli(
        "remember",
        "The bins go out on Tuesday evening",
        "-s",
        "user",
        env={"MEMCTL_NOW": "2026-03-01T10:00"},
    )
    april = {"MEMCTL_NOW": "2026-04-02T10:00"}
    cli("remember", "Marta is vegetarian", "-s", "user", env=april)
    [fresh] = cli.json("search", "Marta vegetarian", env=april)["results"]
    assert fresh["status"] == "active"
    [old] = cli.json("search", "bins Tuesday evening", env=april)["results"]
    assert old["status"] == "stale"  # the old entry still asks for a review
    assert "stale" not in cli("recall", "is Marta vegetarian?", env=april).stdout
    cli(
        "add",
        "semantic/inbox",
        "The loaner laptop is the grey Dell",
        "-p",
        "low",
        "--expires",
        "2026-04-10",
        env=april,
    )
    on_the_day = {"MEMCTL_NOW": "2026-04-10T10:00"}
    assert "grey Dell" in cli("recall", "which loaner laptop?", env=on_the_day).stdout
    later = {"MEMCTL_NOW": "2026-04-20T10:00"}  # expired, not archived yet
    assert "grey Dell" not in cli("recall", "which loaner laptop?", env=later).stdout
    assert cli.json("search", "loaner laptop", env=later)["results"] == []
    assert cli.json("search", "loaner laptop", "--archive", env=later)["results"]


def test_archived_material_only_when_asked(ws):
    (ws.root / ".archive/lessons").mkdir(parents=True)
    (ws.root / ".archive/lessons/old.md").write_text("- the old VPN host is vpn1.example.com\n")
    assert find(ws, "vpn host") == []
    hits = find(ws, "vpn host", filters=Filters(archive=True))
    assert hits[0].path == ".archive/lessons/old.md" and hits[0].archived


def test_stale_notes_are_marked_and_filterable(ws):
    long_ago = TODAY - dt.timedelta(days=200)
    note(
        ws,
        "semantic/old",
        ("The build server is ci-old.example.com", {"today": long_ago}),
        today=long_ago,
    )
    note(ws, "semantic/new", "The build server is ci.example.com")
    hits = find(ws, "build server")
    assert {h.path: h.status for h in hits} == {
        "semantic/new.md": "active",
        "semantic/old.md": "stale",
    }
    assert [h.path for h in find(ws, "build server", filters=Filters(status="stale"))] == [
        "semantic/old.md"
    ]
    with pytest.raises(InvalidValue):
        find(ws, "build", filters=Filters(status="bogus"))


def test_filters_category_path_and_dates(filled):
    anna = "anna"
    assert {h.category for h in find(filled, anna, filters=Filters(category="people"))} == {
        "people"
    }
    assert {h.path for h in find(filled, anna, filters=Filters(path="daily/"))} == {
        "daily/2026-11-20.md"
    }
    assert all(
        h.path.startswith("people/")
        for h in find(filled, anna, filters=Filters(path="people/*.md"))
    )
    day = dt.date(2026, 11, 25)
    assert {h.path for h in find(filled, anna, filters=Filters(until=day))} == {
        "daily/2026-11-20.md"
    }
    assert "daily/2026-11-20.md" not in {
        h.path for h in find(filled, anna, filters=Filters(since=day))
    }


def test_a_daily_log_without_headings_is_still_found(ws):
    (ws.root / "daily/2026-11-01.md").write_text("Called the plumber, Jorge, about the leak.\n")
    assert [h.address for h in find(ws, "plumber")] == ["daily/2026-11-01.md:1"]
