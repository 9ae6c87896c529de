"""Requests any assistant is asked (memctl/data/asks.txt): recall speaks for a memory only when
it stands nearer the prompt than the nearest of them, and the list holds none of the turns the
evaluations judge recall on."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

import eval_search
import meaning_cases
import meaning_cases_blind
import meaning_cases_contact
import meaning_cases_fresh
import meaning_cases_fresh2
import meaning_cases_told
import pytest

from conftest import TODAY
from memctl.search import asks as asks_module
from memctl.search import semantic
from memctl.search.asks import asks, judges, matrix
from memctl.search.rank import Hit
from memctl.search.recall import GENERIC_MARGIN, THRESHOLD_MEANING, confident, recall

REPO = Path(__file__).resolve().parents[1]
needs_model = pytest.mark.skipif(not semantic.available(), reason=semantic.ENABLE_HINT)


def test_the_asks_are_requests_one_a_line_without_comments_or_repeats():
    got = asks()
    assert len(got) >= 100
    assert len(set(got)) == len(got)
    assert all(ask and "#" not in ask and ask == ask.strip() for ask in got)


def _hit(**parts: float) -> Hit:
    where = ("notes/n.md", 3, "abcd", "entry", "active", "2026-11-01", "med", "notes", False)
    return Hit(*where, 0.5, "a memory", "", {"relevance": 0.6, **parts})


def test_standing_beyond_every_ask_is_enough_alone_and_standing_below_one_mutes_meaning():
    near = {"cosine": 0.42, "closeness": 0.6, "dense": 0.6, "lead": 0.0}
    assert confident(_hit(**near)) < THRESHOLD_MEANING  # close, but no lead: any store has one
    assert confident(_hit(**near, generic=0.25)) >= THRESHOLD_MEANING  # nearer than any ask
    below = _hit(**near, generic=0.42 - GENERIC_MARGIN + 0.01)
    assert confident(below) == 0.0  # an ask is nearer: its closeness counts for nothing
    worded = _hit(**near, generic=0.9, evidence_share=0.9, coverage=1.0)
    assert confident(worded) >= THRESHOLD_MEANING  # but its own words still do


def test_a_clear_lead_fades_the_further_an_ask_stands_above_it():
    lead = {"cosine": 0.45, "closeness": 0.66, "lead": 0.3}
    alone = confident(_hit(**lead))
    assert confident(_hit(**lead, generic=0.45 - GENERIC_MARGIN + 0.02)) < alone
    assert confident(_hit(**lead, generic=0.75)) == 0.0
    assert confident(_hit(**lead, generic=0.2)) == alone


def _judged_silent() -> list[str]:
    """Every turn an evaluation of recall expects silence on."""
    convo = json.loads((REPO / "scripts" / "convo_cases.json").read_text())["silent"]
    return [
        *meaning_cases.RECALL_SILENT,
        *meaning_cases_blind.R_SILENT,
        *meaning_cases_told.SILENT,
        *meaning_cases_fresh.SILENT,
        *meaning_cases_fresh2.SILENT,
        *meaning_cases_contact.SILENT,
        *eval_search.SILENT,
        *(turn["q"] for turn in convo),
    ]


@needs_model
def test_no_ask_is_a_turn_an_evaluation_judges_nor_a_near_copy_of_one():
    judged = _judged_silent()
    nearest = (semantic.embed(judged) @ semantic.embed(list(asks())).T).max(axis=0)
    copies = [ask for ask, c in zip(asks(), nearest, strict=True) if c >= 0.8]
    assert not copies, copies


TOLD = [
    "The boiler was serviced by HeatWise in October; the next service is due October 2027.",
    "The car insurance with Admiral renews on 1 March.",
    "Quarterly reports are due to the board on the last Friday of the quarter.",
    "Our accountant is Priya Shah; she files the VAT returns.",
    "The piano lessons are on Tuesdays at 5 with Mrs. Kowalski.",
    "Grandpa Joe likes his tea with lemon, never milk.",
    "Our window cleaner Sergei comes on the first Monday of each month.",
    "Anna is allergic to peanuts and tree nuts; she carries an EpiPen.",
    "The dog, Biscuit, gets 200 g of kibble twice a day.",
    "Our holiday villa in Puglia is booked for 3-17 July.",
    "New hires get a 14-inch MacBook Pro from IT.",
    "Remote work is allowed Mondays and Fridays; the office days are Tuesday to Thursday.",
]


@needs_model
def test_a_question_only_a_memory_answers_speaks_and_a_request_any_assistant_gets_does_not(ws, cli):
    """Told through `memctl remember`, a dozen memories: each question shares no word with its
    answer. Recall without the asks stayed silent on the first question and put a memory on
    the desk for the first two requests (the piano lessons, Grandpa's lemon tea)."""
    cli.tell(*TOLD)
    for prompt, answer in [
        ("when is the next cover for the vehicle due?", "Admiral"),
        ("what deadline is there for the board papers?", "board"),
        ("how does my grandfather drink his brew?", "lemon"),
    ]:
        said = recall(ws, prompt, today=TODAY)
        assert said.pointers and answer in said.pointers[0].text, (prompt, said)
    for prompt in [
        "what are good piano pieces for beginners?",
        "give me a recipe for lemon cake",
        "write a limerick about a frog",
    ]:
        assert recall(ws, prompt, today=TODAY).pointers == [], prompt


@needs_model
def test_reindex_embeds_the_asks_once_and_the_workspace_keeps_them_for_every_process(
    ws, cli, monkeypatch
):
    """So no question pays for them: a later process reads them (half precision, a row for the
    list), and a list changed since is embedded again in its place."""
    cli("remember", "The piano lessons are on Tuesdays at 5 with Mrs. Kowalski.")
    cli("reindex")
    import numpy as np

    with sqlite3.connect(ws.root / ".memctl" / "vectors.db") as db:
        (kept,) = db.execute("SELECT vecs FROM asks").fetchall()
    store = semantic.warm(ws)
    assert len(kept[0]) == 2 * len(asks()) * store.model.dim
    made = semantic.embed(list(asks()))
    assert np.abs(asks_module._read(store, _digest(), len(asks())) - made).max() < 2e-3
    store.asks = None
    ran: list[str] = []
    run = store.model._run
    monkeypatch.setattr(store.model, "_run", lambda texts: ran.extend(texts) or run(texts))
    assert matrix(store).shape == (len(asks()), store.model.dim)
    assert ran == []  # read, not embedded
    asks_module._write(store, b"another list", made)
    store.asks = None
    store.model.forget_memo()
    matrix(store)
    assert len(ran) == len(asks())  # the list it kept was another: embedded again
    with sqlite3.connect(ws.root / ".memctl" / "vectors.db") as db:
        assert db.execute("SELECT count(*) FROM asks").fetchone()[0] == 1


@needs_model
def test_a_server_s_idle_work_embeds_the_asks_before_any_question(ws, cli, monkeypatch):
    """The warm server's first answer does not pay for them either: its idle steps
    (semantic.embed_ahead) read them, or embed them a step's worth at a time."""
    cli("remember", "The piano lessons are on Tuesdays at 5 with Mrs. Kowalski.")
    store = semantic.warm(ws)
    store.asks = None
    with sqlite3.connect(ws.root / ".memctl" / "vectors.db") as db:
        db.execute("DELETE FROM asks")
    store.model.forget_memo()
    ran: list[str] = []
    sizes: list[int] = []
    run = store.model._run

    def counted(texts):
        sizes.append(len(texts))
        ran.extend(texts)
        return run(texts)

    monkeypatch.setattr(store.model, "_run", counted)
    steps = 0
    while semantic.embed_ahead(ws, 50) and steps < 50:
        steps += 1
    assert store.asks is not None and store.asks.shape == (len(asks()), store.model.dim)
    assert sizes and max(sizes) <= 50  # a step no longer than a step of the units'
    with sqlite3.connect(ws.root / ".memctl" / "vectors.db") as db:
        assert db.execute("SELECT count(*) FROM asks").fetchone()[0] == 1
    ran.clear()
    recall(ws, "what's a good name for a goldfish?", today=TODAY)
    assert not set(ran) & set(asks())  # the question embedded itself, not the asks


def _digest() -> bytes:
    return hashlib.blake2b("\n".join(asks()).encode(), digest_size=16).digest()


def test_the_asks_judge_english_prompts_and_leave_other_languages_alone():
    assert judges("who do I call when a tap drips?")
    assert judges("thanks!")  # no longer word to go by
    assert judges("what does Priya like for breakfast?")  # a name among English words
    assert not judges("can Anna have pesto or satay?")  # half of it unknown: recall as before
    assert not judges("Schreib mir ein Gedicht über den Herbst")
    assert not judges("¿Quién arregla las tuberías en casa?")
    assert not judges("Hoe laat komt de vuilniswagen?")


@needs_model
def test_small_talk_in_another_language_gets_nothing_from_memories_in_that_language(ws, cli):
    """The model reads German as word pieces and finds any two German texts close, and every
    ask is far from them: the asks must not take that for a memory standing out."""
    cli.tell(
        "Unser Klempner ist Jörg Weber; er hat im März die Küchenleitung repariert.",
        "Die Müllabfuhr kommt donnerstags, Altpapier alle zwei Wochen.",
        "Die Miete von 1.150 Euro geht bis zum 3. jedes Monats an den Vermieter.",
        "Der Hund Bello bekommt zweimal täglich 200 g Trockenfutter.",
        "Unser Team-Standup ist um 9:30 im Raum Orion.",
    )
    for prompt in [
        "Schreib mir ein Gedicht über den Herbst",
        "Erzähl mir einen Witz",
        "Gib mir ein Rezept für Bananenbrot",
        "Wie funktioniert Zinseszins?",
    ]:
        assert recall(ws, prompt, today=TODAY).pointers == [], prompt
