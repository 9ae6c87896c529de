"""Ranking on words: what answers beats what asks, long entries do not win by mentioning
everything, a correctly spelled word is not taken for a typo, a table's header finds nothing,
curated facts are not buried under their raw log lines, and recall's decision does not flip
with a day or a stale mark."""

from __future__ import annotations

import datetime as dt

from conftest import TODAY
from memctl.daily import append_log
from memctl.longterm import add_entry, new_note
from memctl.nightly.consolidate import consolidate
from memctl.search.index import open_index
from memctl.search.query import analyse
from memctl.search.rank import search
from memctl.search.recall import recall


def find(ws, query, **options):
    options.setdefault("semantic", False)  # the words' ranking is what these tests are about
    return search(ws, query, today=TODAY, **options).hits


def test_a_fresh_now_tables_header_finds_nothing_and_its_rows_are_units(ws):
    assert [h for h in find(ws, "what is the status of my tasks") if h.path == "NOW.md"] == []
    now = ws.root / "NOW.md"
    now.write_text(now.read_text() + "| P0 | Ship the Atlas release | in progress |\n")
    [hit] = [h for h in find(ws, "atlas release status") if h.path == "NOW.md"]
    assert hit.text == "P0 · Ship the Atlas release · in progress"
    assert now.read_text().splitlines()[hit.line - 1].startswith("| P0 |")


def test_a_correctly_spelled_word_is_not_taken_for_a_typo(ws):
    new_note(ws, "lessons/team", title="Team", today=TODAY)
    add_entry(ws, "lessons/team", "Rewarding the team after a release keeps morale up", today=TODAY)
    add_entry(ws, "lessons/team", "Kubernetes rollbacks use kubectl rollout undo", today=TODAY)
    with open_index(ws) as index:
        [term] = analyse(index, "regarding")
        assert term.variants == ["regarding"]  # not "rewarding"
        [typo] = analyse(index, "kuberntes")
        assert "kubernetes" in typo.variants
    assert find(ws, "regarding") == []


def test_the_turn_that_answers_beats_the_turn_that_repeats_the_question(ws):
    moment = dt.datetime(2026, 11, 20, 10, 0)
    append_log(ws, "Chat with Kenji", "How long are you staying in Japan?", now=moment)
    append_log(
        ws,
        "Chat with Kenji",
        "I'm gonna be in Japan for a few months, staying with family",
        now=moment + dt.timedelta(minutes=1),
    )
    hits = find(ws, "how long is Kenji staying in Japan")
    assert hits[0].text.endswith("staying with family")


def test_a_long_entry_does_not_win_by_mentioning_everything(ws):
    new_note(ws, "house/boiler", title="House", today=TODAY)
    add_entry(
        ws,
        "house/boiler",
        "Boiler pressure should sit at 1.5 bar, top up at the valve",
        today=TODAY,
    )
    # fmt: off
    topics = ("roof gutters windows paint garden fence shed hedge lawn mower attic insulation "
              "chimney sweep smoke alarm batteries fridge freezer oven hob extractor dishwasher "
              "laundry dryer plumbing drains taps showers tiles grout sealant doors locks keys "
              "bins compost recycling bikes car tyres oil")
    # fmt: on
    add_entry(
        ws, "house/boiler", f"Yearly checklist: {topics}, boiler, pressure, valve, bar", today=TODAY
    )
    hits = find(ws, "boiler pressure valve bar")
    assert hits[0].text.startswith("Boiler pressure should sit")


def test_a_promoted_fact_never_ranks_below_its_own_log_line(ws):
    day = dt.datetime(2026, 10, 1, 9, 0)
    append_log(
        ws,
        "Permit office call",
        "They said the shed permit form is the one at "
        "https://permits.example.gov/shed and the form takes a week, call the permit "
        "office if it stalls #promote",
        now=day,
    )
    consolidate(ws, day.date(), now=day + dt.timedelta(hours=12), use_llm=False)
    hits = find(ws, "permit office call shed permit form")
    kinds = [h.kind for h in hits[:2]]
    assert kinds == ["entry", "log"], [(h.kind, h.score, h.text[:40]) for h in hits]


def test_recall_does_not_flip_with_a_day_or_a_stale_mark(ws):
    new_note(ws, "lessons/permits", title="Permits", today=TODAY)
    add_entry(
        ws,
        "lessons/permits",
        "The shed permit form that works: https://permits.example.gov/shed/apply",
        today=TODAY,
    )
    prompt = "get me the link for the shed permit form"
    fresh = recall(ws, prompt, today=TODAY)
    assert fresh.pointers
    for later in (TODAY + dt.timedelta(days=1), TODAY + dt.timedelta(days=45)):  # stale by then
        again = recall(ws, prompt, today=later)
        assert again.confidence == fresh.confidence
        assert [p.path for p in again.pointers] == [p.path for p in fresh.pointers]
    assert "⚠️ stale" in recall(ws, prompt, today=TODAY + dt.timedelta(days=45)).text


def _reviews(ws):
    """A note where one word is in nearly every entry (weak evidence), one entry keyed by it."""
    lines = ["---", "title: Meetings", "date: 2026-01-05", "category: projects", "---", ""]
    topics = ["budget", "hiring", "roadmap", "vendor", "office", "launch", "pricing", "support"]
    for i in range(48):
        lines.append(f"- [MED][FACT] added:2026-01-05 The {topics[i % 8]} review {i} went fine")
    lines.append(
        '- [MED][FACT] added:2026-01-05 when:"review checklist" The review checklist is '
        "pinned in the team channel ^rk01"
    )
    (ws.root / "projects").mkdir(exist_ok=True)
    (ws.root / "projects/meetings.md").write_text("\n".join(lines) + "\n")


def test_a_weak_word_alone_finds_the_units_keyed_by_it_and_loses_no_confident_one(ws):
    from memctl.search.rank import Filters, rank
    from memctl.search.recall import THRESHOLD, confident

    _reviews(ws)
    prompts = [
        "what's on the review checklist?",
        "how did the review go",
        "anything about the pricing review",
        "the review",
        "budget review 7",
        "remind me about reviews",
    ]
    narrowed = 0
    with open_index(ws) as index:
        for prompt in prompts:
            options = dict(limit=8, filters=Filters(), today=TODAY, explain=True, snippets=False)
            every = rank(index, prompt, **options)
            keyed = rank(index, prompt, least_evidence=THRESHOLD, **options)
            sure = [(h.path, h.line) for h in every if confident(h) >= THRESHOLD]
            assert sure == [(h.path, h.line) for h in keyed if confident(h) >= THRESHOLD], prompt
            narrowed += len(keyed) < len(every)
    assert narrowed >= 3  # the weak prompts were answered from the keyed units alone
    [pointer] = recall(ws, "what's on the review checklist?", today=TODAY, semantic=False).pointers
    assert pointer.id == "rk01"


def test_the_entries_of_a_note_keyed_by_a_weak_word_come_with_its_header(ws):
    from memctl.search.rank import Filters, rank
    from memctl.search.recall import THRESHOLD

    _reviews(ws)
    (ws.root / "projects/retro.md").write_text(
        "---\ntitle: Retro\ndate: 2026-01-05\nuse_when:\n  - the review we did last time\n---\n\n"
        "- [MED][FACT] added:2026-01-05 Sticky notes on the whiteboard, then dot votes ^rt01\n"
    )
    options = dict(limit=8, filters=Filters(), today=TODAY, explain=True, snippets=False)
    with open_index(ws) as index:
        keyed = rank(index, "the review we did last time", least_evidence=THRESHOLD, **options)
    found = {(hit.path, hit.id) for hit in keyed}
    assert ("projects/retro.md", "rt01") in found  # it inherits the note's key
    assert ("projects/retro.md", None) in found  # the header that holds the key
