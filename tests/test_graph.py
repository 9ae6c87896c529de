"""The knowledge graph as a library: writes, questions, the mirror kept in step, bad input."""

from __future__ import annotations

import datetime as dt
import sqlite3

import pytest

from conftest import TODAY, commit_count, git
from memctl.config import Config
from memctl.errors import InvalidValue, LockTimeout, NotFound, Refused
from memctl.graph import relations as graph
from memctl.graph.store import DB_FILE, open_store
from memctl.graph.text import MAX_NAME, RELATIONS_FILE
from memctl.workspace import Workspace


def add(ws, s, p, o, **kw):
    return graph.add(ws, s, p, o, today=kw.pop("today", TODAY), **kw).value.relation


@pytest.fixture
def brian(ws):
    """The three-layer article's example: what API key does Brian's project need?"""
    note = ws.root / "lessons" / "api-guide.md"  # the note the first relation's ref: names
    note.parent.mkdir(exist_ok=True)
    note.write_text("# API guide\n\n- [FACT] Project X calls Tool Y ^k3x9\n")
    git(ws.root, "add", "lessons/api-guide.md")
    git(ws.root, "commit", "-qm", "by hand: the API guide")
    add(
        ws,
        "Brian",
        "responsible for",
        "Project X",
        confidence=0.9,
        source="user",
        since="2026-01-15",
        ref="lessons/api-guide.md#^k3x9",
    )
    add(ws, "Project X", "depends on", "Tool Y")
    add(ws, "Tool Y", "requires", "API key")
    add(ws, "API key", "stored in", "secrets/")
    return ws


def text(ws) -> str:
    return (ws.root / RELATIONS_FILE).read_text(encoding="utf-8")


def sentence(hops) -> str:
    out = []
    for hop in hops:
        r = hop.relation
        out.append(f"{r.predicate} → {r.object}" if hop.forward else f"← {r.predicate} {r.subject}")
    return " | ".join(out)


# --- the example ----------------------------------------------------------------------------


def test_what_api_key_does_brians_project_need(brian):
    found = graph.path(brian, "brian", "api KEY")
    assert (found.source, found.target, found.hops, found.total) == ("Brian", "API key", 3, 1)
    assert sentence(found.paths[0]) == (
        "responsible for → Project X | depends on → Tool Y | requires → API key"
    )
    where = graph.query(brian, subject="API key", predicate="stored in").relations
    assert [t.object for t in where] == ["secrets/"]


def test_neighbors_walk_both_directions_with_the_path_to_each(brian):
    found = graph.neighbors(brian, "Tool Y", depth=2)
    by_name = {n.entity: n for n in found.neighbors}
    assert set(by_name) == {"Project X", "API key", "Brian", "secrets/"} and found.total == 4
    assert by_name["Brian"].depth == 2 and by_name["Brian"].via == "Project X"
    assert sentence(by_name["Brian"].path) == "← depends on Project X | ← responsible for Brian"
    assert [n.entity for n in graph.neighbors(brian, "Tool Y", depth=1).neighbors] == [
        "API key",
        "Project X",
    ]


def test_every_write_is_one_commit_and_the_line_is_readable(brian):
    assert commit_count(brian) == 6  # init, the note by hand, 4 adds
    assert git(brian, "log", "-1", "--format=%s").strip() == (
        "memctl graph add: API key → stored in → secrets/"
    )
    first = [line for line in text(brian).splitlines() if line.startswith("- ")][0]
    assert first.startswith(
        "- Brian → responsible for → Project X · added:2026-11-30 conf:0.9 "
        "src:user from:2026-01-15 ref:lessons/api-guide.md#^k3x9 ^"
    )
    assert not git(brian, "status", "--porcelain").strip()  # graph.db is ignored


# --- entities -------------------------------------------------------------------------------


def test_entities_match_ignoring_case_space_and_width(brian):
    assert graph.neighbors(brian, "  PROJECTX ", depth=1).entity == "Project X"
    again = graph.add(brian, "project  x", "Depends On", "tool y", today=TODAY).value
    assert not again.created  # the same open relation: nothing written
    t = add(brian, "ＰＲＯＪＥＣＴ Ｘ", "hosted on", "Server 1")
    assert t.subject == "Project X"  # an existing entity keeps its spelling


def test_entities_match_as_a_person_reads_their_names(brian):
    """A zero-width space or a soft hyphen pasted inside a name, or a letter in its parts,
    is the same name to whoever reads it."""
    for name in ("Project\u200b X", "Pro\u00adject X", "\ufeffProject X"):
        t = add(brian, name, "hosted on", "Server 1")
        assert t.subject == "Project X"
    add(brian, "Mu\u0308ller", "works on", "Project X")
    assert graph.neighbors(brian, "Müller", depth=1).entity == "Müller"


def test_unknown_entity_suggests_near_names(brian):
    with pytest.raises(NotFound, match=r"no entity 'Brain'.*did you mean 'Brian'"):
        graph.neighbors(brian, "Brain")
    with pytest.raises(NotFound, match="did you mean 'depends on'"):
        graph.query(brian, predicate="depend on")


def test_a_near_duplicate_is_refused_unless_as_new(brian):
    before = text(brian)
    for name in ("Brain", "Project-X", "API keys"):
        with pytest.raises(Refused, match="--as-new"):
            graph.add(brian, name, "knows", "Anna", today=TODAY)
    assert text(brian) == before
    assert add(brian, "Brain", "is part of", "the nervous system", as_new=True).subject == "Brain"
    # names that differ where people mean a difference are not near-duplicates
    assert add(brian, "Project Y", "depends on", "Tool Y").subject == "Project Y"
    assert add(brian, "Tool v2", "replaces", "Tool Y").subject == "Tool v2"


def test_entities_lists_the_most_connected_first(brian):
    found = graph.entities(brian)
    assert found.entities[0][1] == 2 and found.total == 5
    assert graph.entities(brian, match="tool").entities == [("Tool Y", 2)]


# --- time -----------------------------------------------------------------------------------


def test_closed_relations_leave_queries_but_not_the_file_or_asof(brian):
    t = graph.query(brian, subject="Brian").relations[0]
    closed = graph.close(brian, t.id, reason="moved to Project Z", today=dt.date(2026, 12, 5))
    assert closed.value.relation.closed
    assert "~~Brian → responsible for → Project X" in text(brian)
    assert 'until:2026-12-05 why:"moved to Project Z"~~ ^' + t.id in text(brian)
    assert graph.query(brian, subject="Brian").total == 0
    assert graph.query(brian, subject="Brian", include_closed=True).total == 1
    with pytest.raises(NotFound, match="no path"):
        graph.path(brian, "Brian", "API key")
    assert graph.asof(brian, "2026-02-01", subject="Brian").total == 1  # from:2026-01-15
    assert graph.asof(brian, "2026-01-14", subject="Brian").total == 0
    assert graph.asof(brian, "2026-12-05", subject="Brian").total == 0  # until is exclusive
    assert graph.asof(brian, "2026-12-01").total == 4
    with pytest.raises(InvalidValue, match="already closed"):
        graph.close(brian, t.id, reason="again", today=TODAY)


def test_close_checks_its_input(brian):
    t = graph.query(brian, subject="Tool Y").relations[0]
    with pytest.raises(NotFound, match="no relation"):
        graph.close(brian, "zz99", reason="x", today=TODAY)
    with pytest.raises(InvalidValue, match="reason"):
        graph.close(brian, t.id, reason="  ", today=TODAY)
    with pytest.raises(InvalidValue, match="before the relation began"):
        graph.close(brian, t.id, reason="x", until="2020-01-01", today=TODAY)
    with pytest.raises(InvalidValue, match="is not a date"):
        graph.asof(brian, "2026-02-30")


# --- shapes ---------------------------------------------------------------------------------


def test_cycles_end_and_every_shortest_path_is_counted(ws):
    for s, o in (("A", "B"), ("B", "C"), ("C", "A"), ("A", "D"), ("C", "D")):
        add(ws, s, "links", o)
    found = graph.neighbors(ws, "A", depth=6)
    assert sorted((n.entity, n.depth) for n in found.neighbors) == [("B", 1), ("C", 1), ("D", 1)]
    two = graph.path(ws, "B", "D")
    assert two.hops == 2 and two.total == 2 and len(two.paths) == 2
    assert len(graph.path(ws, "B", "D", limit=1).paths) == 1


def test_paths_longer_than_max_hops_are_not_found(ws):
    names = [f"N{i}" for i in range(8)]
    for a, b in zip(names, names[1:], strict=False):
        add(ws, a, "next", b)
    assert graph.path(ws, "N0", "N7", max_hops=7).hops == 7
    with pytest.raises(NotFound, match="within 6 hop"):
        graph.path(ws, "N0", "N7", max_hops=6)
    assert graph.path(ws, "N7", "N0", max_hops=7).paths[0][0].forward is False


def test_no_path_from_an_entity_with_only_closed_relations_says_so(ws):
    """Brian's one relation is closed: no number of hops reaches him, and the answer says why
    rather than to try more hops."""
    from memctl.graph.edit import close

    first = add(ws, "Brian", "responsible for", "Project X")
    add(ws, "Project X", "depends on", "API Key")
    close(ws, first.id, reason="moved teams", today=TODAY)
    with pytest.raises(NotFound, match="'Brian' has no open relation") as raised:
        graph.path(ws, "Brian", "API Key")
    assert "--max-hops" not in str(raised.value)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda ws: graph.neighbors(ws, "A", depth=0), "--depth 0"),
        (lambda ws: graph.neighbors(ws, "A", depth=7), "--depth 7"),
        (lambda ws: graph.path(ws, "A", "B", max_hops=11), "--max-hops 11"),
        (lambda ws: graph.path(ws, "A", "a"), "same entity"),
    ],
)
def test_out_of_range_questions_are_refused(ws, call, message):
    add(ws, "A", "links", "B")
    with pytest.raises(InvalidValue, match=message):
        call(ws)


# --- bad input ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("s", "p", "o", "message"),
    [
        ("", "knows", "B", "subject is empty"),
        ("A", "  ", "B", "predicate is empty"),
        ("A", "knows", "\n", "object is empty"),
        ("x" * (MAX_NAME + 1), "knows", "B", f"limit is {MAX_NAME}"),
        ("A", "knows", "a", "self-loops are refused"),
        ("A", "knows", "B\x07", "control character"),
    ],
)
def test_bad_names_are_refused_and_nothing_is_written(ws, s, p, o, message):
    before = commit_count(ws)
    with pytest.raises(InvalidValue, match=message):
        graph.add(ws, s, p, o, today=TODAY)
    assert commit_count(ws) == before and not (ws.root / RELATIONS_FILE).exists()


@pytest.mark.parametrize(
    ("kw", "message"),
    [
        ({"confidence": 1.5}, "from 0 to 1"),
        ({"source": "rumour"}, "use one of"),
        ({"since": "someday"}, "is not a date"),
        ({"ref": "x" * 501}, "limit is 500"),
    ],
)
def test_bad_fields_are_refused(ws, kw, message):
    with pytest.raises(InvalidValue, match=message):
        graph.add(ws, "A", "knows", "B", today=TODAY, **kw)


def test_a_name_at_the_limit_is_fine(ws):
    long = "L" * MAX_NAME
    assert add(ws, long, "knows", "B").subject == long
    assert graph.neighbors(ws, long).neighbors[0].entity == "B"


def test_quotes_sql_fragments_and_unicode_are_stored_as_written(ws):
    evil = "Robert'); DROP TABLE triples;--"
    add(ws, evil, 'says "hi" to', "Zoë → 東京")
    add(ws, "x' OR '1'='1", "knows", "%_")
    found = graph.query(ws, subject=evil).relations[0]
    assert (found.predicate, found.object) == ('says "hi" to', "Zoë → 東京")
    assert graph.query(ws, obj="ZOË → 東京").total == 1
    assert graph.query(ws, subject="x' OR '1'='1").total == 1
    assert graph.entities(ws, match="%").entities == [("%_", 1)]
    assert graph.path(ws, evil, "zoë → 東京").hops == 1


# --- the text is canonical ------------------------------------------------------------------


def test_a_hand_edit_is_seen_by_the_next_query(brian):
    path = brian.root / RELATIONS_FILE
    path.write_text(text(brian).replace("Tool Y → requires → API key", "Tool Y → needs → Token"))
    assert graph.path(brian, "Brian", "Token").hops == 3
    assert [n.entity for n in graph.neighbors(brian, "API key").neighbors] == ["secrets/"]
    with path.open("a") as f:
        f.write("- Anna -> manages -> Brian\n")
    assert graph.query(brian, subject="anna").relations[0].object == "Brian"


def test_a_git_checkout_of_another_version_is_seen(brian):
    old = git(brian, "rev-parse", "HEAD~2").strip()
    git(brian, "checkout", "-q", old, "--", RELATIONS_FILE)
    assert graph.query(brian).total == 2
    git(brian, "checkout", "-q", "HEAD", "--", RELATIONS_FILE)
    assert graph.query(brian).total == 4


def test_a_missing_or_damaged_database_is_rebuilt_from_the_text(brian):
    db = brian.state_dir / DB_FILE
    db.unlink()
    assert graph.query(brian).total == 4
    db.write_bytes(b"this is not a database" * 100)
    found = graph.query(brian)
    assert found.total == 4 and any("damaged" in n for n in found.notices)
    db.write_bytes(db.read_bytes()[:2048])  # truncated mid-way
    assert graph.path(brian, "Brian", "secrets/").hops == 4


def test_a_database_of_another_version_is_rebuilt(brian):
    with sqlite3.connect(brian.state_dir / DB_FILE) as conn:
        conn.execute("PRAGMA user_version = 99")
    assert graph.query(brian).total == 4


def test_a_missing_text_never_empties_the_database_silently(brian):
    (brian.root / RELATIONS_FILE).unlink()
    with pytest.raises(NotFound, match="is missing but .memctl/graph.db still holds 4"):
        graph.query(brian)
    git(brian, "checkout", "-q", "--", RELATIONS_FILE)
    assert graph.query(brian).total == 4


def test_damaged_lines_are_reported_and_kept_through_writes(brian):
    path = brian.root / RELATIONS_FILE
    with path.open("a") as f:
        f.write("- this line is broken\n")
    broken = len(path.read_text().splitlines())
    found = graph.query(brian)
    assert found.total == 4
    assert found.notices == [
        f"{RELATIONS_FILE}:{broken}: not a relation: expected subject → "
        "predicate → object (line skipped)"
    ]
    t = add(brian, "Anna", "manages", "Brian")
    graph.close(brian, t.id, reason="left", today=TODAY)
    assert "- this line is broken\n" in text(brian)


def test_a_locked_database_is_a_clear_error(brian):
    ws = Workspace(brian.root, Config(lock_timeout_seconds=0.1))
    graph.query(ws)
    holder = sqlite3.connect(ws.state_dir / DB_FILE, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(LockTimeout, match="graph.db is locked by another process"):
            graph.query(ws)
        with pytest.raises(LockTimeout):
            graph.add(ws, "Anna", "knows", "Brian", today=TODAY)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert "Anna" not in text(brian)
    assert graph.query(ws).total == 4


def test_the_mirror_follows_memctl_writes_without_a_reimport(brian):
    add(brian, "Anna", "manages", "Brian")
    store = open_store(brian)
    try:
        meta = store.meta()
        assert meta["stamp"].split(":")[-1] == str((brian.root / RELATIONS_FILE).stat().st_size)
        assert meta["count"] == "5"
    finally:
        store.conn.close()


# --- for recall and purge -------------------------------------------------------------------


def test_facts_about_finds_relations_of_entities_the_text_names(brian):
    facts = graph.facts_about(brian, "What API key does Brian's project need?")
    assert facts.entities == ["API key", "Brian"]
    assert {(t.subject, t.object) for t in facts.relations} == {
        ("Brian", "Project X"),
        ("Tool Y", "API key"),
        ("API key", "secrets/"),
    }
    found = graph.facts_about(brian, "tell me about project x").relations
    assert {(t.subject, t.predicate, t.object) for t in found} == {
        ("Brian", "responsible for", "Project X"),
        ("Project X", "depends on", "Tool Y"),
    }
    assert graph.facts_about(brian, "nothing known here").relations == []


def test_facts_about_never_raises_for_the_graphs_own_state(brian):
    (brian.root / RELATIONS_FILE).unlink()
    facts = graph.facts_about(brian, "Brian")
    assert facts.relations == [] and "is missing" in facts.notices[0]


def test_facts_about_without_any_graph_creates_nothing(tmp_path):
    from conftest import NOW
    from memctl.initialize import init_workspace
    from memctl.workspace import open_workspace

    init_workspace(tmp_path / "empty", now=NOW)
    empty = open_workspace(tmp_path / "empty")
    assert graph.facts_about(empty, "Brian").relations == []
    assert not (empty.state_dir / DB_FILE).exists()


# --- bulk review ----------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["md", "tsv", "json"])
def test_an_export_imported_unchanged_changes_nothing(brian, fmt):
    t = graph.query(brian, subject="Brian").relations[0]
    graph.close(brian, t.id, reason="a | pipe and a \\ backslash", today=TODAY)
    exported = graph.export(brian, fmt=fmt)
    before = commit_count(brian)
    result = graph.import_relations(brian, text=exported.text, fmt=fmt, today=TODAY).value
    assert (result.added, result.updated, result.unchanged) == ([], [], 4)
    assert commit_count(brian) == before


def test_an_edited_export_updates_adds_and_closes(brian, tmp_path):
    exported = graph.export(brian, fmt="tsv").text
    edited = exported.replace("\tstored in\t", "\tis kept in\t")
    edited = edited.replace("\tdepends on\tTool Y\t1\t", "\tdepends on\tTool Y\t0.7\t")
    edited += "\tAnna\tmanages\tBrian\t\tuser\t\t\t\t\t\t\n"
    source = tmp_path / "edited.tsv"
    source.write_text(edited)
    result = graph.import_relations(brian, path=source, today=TODAY).value
    assert len(result.updated) == 2 and len(result.added) == 1 and result.unchanged == 2
    assert graph.query(brian, predicate="is kept in").total == 1
    assert graph.query(brian, subject="Project X").relations[0].confidence == 0.7
    assert graph.query(brian, subject="Anna").relations[0].fields["src"] == "user"


def test_a_bad_import_writes_nothing(brian, tmp_path):
    before = text(brian)
    bad = "| subject | predicate | object |\n|---|---|---|\n| A | knows | B |\n| C | | D |\n"
    with pytest.raises(InvalidValue, match="line 4.*predicate is empty|predicate is empty"):
        graph.import_relations(brian, text=bad, fmt="md", today=TODAY)
    with pytest.raises(InvalidValue, match="unknown column 'colour'"):
        graph.import_relations(brian, text="subject\tcolour\nA\tred\n", fmt="tsv", today=TODAY)
    with pytest.raises(InvalidValue, match="broken JSON"):
        graph.import_relations(brian, text="[{", fmt="json", today=TODAY)
    with pytest.raises(Refused, match="'Brain' looks like 'Brian'"):
        graph.import_relations(
            brian, text='[{"subject": "Brain", "predicate": "p", "object": "Q"}]', today=TODAY
        )
    with pytest.raises(NotFound):
        graph.import_relations(brian, path=tmp_path / "nope.md", today=TODAY)
    assert text(brian) == before


def test_facts_about_knows_a_person_by_part_of_their_name(ws):
    add(ws, "Ingrid Solberg", "leads", "the Oslo office")
    add(ws, "Inês Ferreira", "approves", "travel budgets")
    add(ws, "Project X", "depends on", "Tool Y")
    for n, last in enumerate(("Berg", "Lind", "Holm")):
        add(ws, f"Anna {last}", "works on", f"team {n}")

    def named(text):
        return graph.facts_about(ws, text).entities

    assert named("Can Ingrid sign this off?") == ["Ingrid Solberg"]
    assert named("ask solberg about the lease") == ["Ingrid Solberg"]  # no dictionary word
    assert named("what does INGRID think") == ["Ingrid Solberg"]
    assert named("did Ines approve the trip?") == ["Inês Ferreira"]  # accents folded
    assert named("the project is late") == []  # a word, not a name, in lower case
    assert named("Project planning slipped again.") == []  # capitalised only to start a sentence
    assert named("Anna said yes") == []  # three Annas: which one is not known
    assert named("Anna Lind said yes") == ["Anna Lind"]


def test_no_path_says_how_many_hops_would_find_one_or_that_none_would(ws):
    """Out of reach within --max-hops: the answer gives the hops the shortest path takes, or
    says no chain joins the two at all (more hops would not help)."""
    for a, b in (("A", "B"), ("B", "C"), ("C", "D"), ("D", "E"), ("E", "F"), ("X", "Y")):
        add(ws, a, "knows", b)
    with pytest.raises(NotFound, match=r"the shortest is 5 hops: --max-hops 5"):
        graph.path(ws, "A", "F", max_hops=4)
    with pytest.raises(NotFound, match="no chain of open relations joins them") as raised:
        graph.path(ws, "A", "Y", max_hops=4)
    assert "--max-hops" not in str(raised.value)


def test_a_pronoun_in_a_prompt_names_no_entity_called_so(ws):
    """A personal graph may call its owner "Me": "remind me about the flat" does not name it,
    so recall's relations are not the owner's on every prompt; "Lena" still names Lena."""
    add(ws, "Me", "maintains", "Tidepool")
    add(ws, "Lena", "daughter of", "Me")
    assert graph.facts_about(ws, "remind me about the flat").relations == []
    assert graph.facts_about(ws, "can you tell me what we said about it?").relations == []
    named = graph.facts_about(ws, "what does Lena like?")
    assert [r.subject for r in named.relations] == ["Lena"]
