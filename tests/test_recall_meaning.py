"""recall with the semantic path: a memory that answers by meaning alone, clearly nearer the
prompt than anything else stored, is put on the desk; a turn whose nearest memories sit close
together is not."""

from __future__ import annotations

import pytest

from conftest import TODAY
from memctl.search import semantic
from memctl.search.fit import asks_only
from memctl.search.meaning import DENSE_FLOOR, leads
from memctl.search.rank import Hit
from memctl.search.recall import THRESHOLD_MEANING, confident, recall

TOLD = [
    "Our plumber is Jorge Alvarez; he fixed the kitchen leak in March.",
    "Anna is allergic to peanuts and tree nuts; she carries an EpiPen.",
    "I take 50 mg of sertraline every morning.",
    "The dog, Biscuit, gets 200 g of kibble twice a day.",
    "Our holiday villa in Puglia is booked for 3-17 July.",
    "The design files live in Figma under Team Atlas / Mobile.",
    "New hires get a 14-inch MacBook Pro from IT.",
    "Council tax is paid in ten instalments from April to January.",
    "Remote work is allowed Mondays and Fridays; the office days are Tuesday to Thursday.",
]


def _found(*cosines: float) -> list[tuple[str, int, float]]:
    return [(f"notes/n{i}.md", 10 + i, c) for i, c in enumerate(cosines)]


def test_the_nearest_unit_leads_by_its_distance_to_the_next_and_the_others_lead_nothing():
    found = _found(0.45, 0.27, 0.25)
    assert leads(found) == {("notes/n0.md", 10): pytest.approx(0.18)}


def test_a_copy_of_the_same_text_shares_the_lead_instead_of_cancelling_it():
    found = _found(0.45, 0.45, 0.30)
    got = leads(found)
    assert got == {
        ("notes/n0.md", 10): pytest.approx(0.15),
        ("notes/n1.md", 11): pytest.approx(0.15),
    }


def test_alone_in_its_store_a_unit_leads_by_its_distance_to_the_floor():
    assert leads(_found(0.40)) == {("notes/n0.md", 10): pytest.approx(0.40 - DENSE_FLOOR)}
    assert leads(_found(0.10)) == {}  # below the floor: nothing
    assert leads([]) == {}


def _hit(**parts: float) -> Hit:
    where = ("notes/n.md", 3, "abcd", "entry", "active", "2026-11-01", "med", "notes", False)
    return Hit(*where, 0.5, "a memory", "", {"relevance": 0.6, **parts})


@pytest.mark.parametrize(
    ("cosine", "lead", "speaks"),
    [
        (0.45, 0.18, True),  # clearly the nearest, and near
        (0.45, 0.02, False),  # as near as another memory: which one answers?
        (0.22, 0.30, False),  # alone in front, but not near the question at all
    ],
)
def test_meaning_alone_is_enough_when_the_memory_stands_clear_of_the_rest(cosine, lead, speaks):
    closeness = (cosine - 0.15) / 0.45
    hit = _hit(cosine=cosine, closeness=closeness, dense=0.75, lead=lead)
    assert (confident(hit) >= THRESHOLD_MEANING) is speaks


def test_a_request_said_before_is_no_answer_to_a_request_like_it():
    """A chat turn that only asks ("Perfect. Can you draft a rough budget for the week?") stands
    near a prompt asking for something of the same kind, nearer than any memory, and a little
    below the asks: its lead alone put it on the desk."""
    parts = dict(cosine=0.51, closeness=0.81, dense=0.81, lead=0.2, generic=0.59)
    assert confident(_hit(**parts)) >= THRESHOLD_MEANING
    assert confident(_hit(**parts, asks=1.0)) < THRESHOLD_MEANING


@pytest.mark.parametrize(
    ("text", "asks"),
    [
        ("Can you draft a rough budget for the week?", True),
        ("user\nPerfect. Can you draft a rough budget for the week?", True),
        ("Great, thanks! Which day is the plumber coming?", True),
        ("We booked the flat in Porto. Can you check the dates?", False),
        ("The plumber is Joe.", False),
    ],
)
def test_a_unit_asks_only_when_nothing_but_a_word_or_two_stands_before_its_question(text, asks):
    assert asks_only(text) is asks


needs_model = pytest.mark.skipif(not semantic.available(), reason=semantic.ENABLE_HINT)


ASKED = [
    ("what medication am I on?", "sertraline"),
    ("how much does our puppy eat?", "kibble"),
    ("what laptop does a newcomer receive?", "MacBook"),
]
NOT_ASKED = ["write a haiku about autumn", "what's the capital of Peru?", "how do I boil an egg?"]


@needs_model
def test_a_new_users_question_brings_the_memory_that_answers_it_and_small_talk_gets_none(ws, cli):
    """Told through `memctl remember`, a handful of memories: each question shares no word
    with its answer (the old confidence stayed under the threshold for all three)."""
    cli.tell(*TOLD)
    for prompt, answer in ASKED:
        said = recall(ws, prompt, today=TODAY)
        assert said.pointers and answer in said.pointers[0].text, (prompt, said)
    for prompt in NOT_ASKED:
        said = recall(ws, prompt, today=TODAY)
        assert not said.pointers, (prompt, said)


@needs_model
def test_a_stamp_nearest_the_question_neither_leads_nor_takes_the_answers_lead(ws, cli):
    """NOW.md's "Updated: DATE TIME" is near any question asking when; meaning does not offer
    it, and the memory that answers leads as if it were not there."""
    from memctl.search.index import open_index
    from memctl.search.meaning import prepare

    cli("remember", "Quarterly planning is the first Monday of each quarter", "--source", "user")
    cli("remember", "Sam prefers the morning slot for dentist visits", "--source", "user")
    stamp = ("NOW.md", 2)
    with open_index(ws) as index:
        meaning = prepare(index, "when was it updated, what time and date?")
        assert meaning is not None
        [(path, line)] = index.db.execute(
            "SELECT path, line FROM units WHERE text LIKE 'Quarterly planning%'"
        ).fetchall()
        plan = (path, line)
        near = meaning.vectors.similarity(meaning.query, [stamp, plan])
        assert near[0] is not None and near[1] is not None and near[0] > near[1] + 0.05, near
        assert meaning.lead(stamp) == 0.0
        assert meaning.lead(plan) > 0.0


OTHERS = [  # beside a link, what a new user tells in the same weeks
    "Our plumber is Jorge Alvarez; he fixed the kitchen leak in March.",
    "Anna is allergic to peanuts and tree nuts; she carries an EpiPen.",
    "The team standup is at 9:30 in the Orion room.",
]


def _points_at_the_link(ws, link: str, prompts: list[str]) -> None:
    for prompt in prompts:
        said = recall(ws, prompt, today=TODAY)
        assert said.pointers and link in said.pointers[0].text, (prompt, said)


@needs_model
def test_a_memory_holding_every_word_asked_with_speaks_though_the_model_misses_the_match(ws, cli):
    """ "Get me the link we used last time": the line holds the word the prompt asks with, and a
    URL the model reads as pieces (a cosine of 0.2). Meaning's mix took its fit under the
    threshold, where words alone spoke; a line holding one word of several still counts as
    little as meaning makes it."""
    told = "The working link for the quarterly tax form is https://tax.example.gov/pay."
    cli.tell(told, *OTHERS)
    asked = ["get me the link we used last time", "what was that link again?"]
    _points_at_the_link(ws, "tax.example.gov", asked)
    assert recall(ws, "which standup comedian is the funniest?", today=TODAY).pointers == []


@needs_model
def test_a_line_holding_a_url_is_the_link_asked_for_though_it_never_says_link(ws, cli):
    """Told as people tell it ("… is filed at https://…"): the line holds a link and a url,
    said or not, and is found by either word."""
    told = (
        "The quarterly estimated-tax form is filed at https://tax.example.gov/online/start, the"
        " page that worked after an hour of wrong ones."
    )
    cli.tell(told, *OTHERS)
    asked = [
        "get me the link we used last time",
        "what's the url of the tax site?",
        "show me the website we used last time",
    ]
    _points_at_the_link(ws, "tax.example.gov", asked)
    assert "tax.example.gov" in cli("search", "url", "--json").stdout


@needs_model
def test_a_corrected_line_takes_no_lead_from_the_line_that_corrected_it(ws, cli):
    """After "actually it's Joe, not Jim" the closed line stands as near a question as the new
    one (they differ in a name): it is no other memory as near, so the answer keeps its lead
    and recall still speaks (it fell from 0.60 to 0.21, silent)."""
    cli("remember", "Our plumber is Jim from FlowRight, his number is 0612 334 455", "-s", "user")
    before = recall(ws, "who fixes our pipes?", today=TODAY)
    cli("remember", "actually it's Joe, not Jim", "-s", "user")
    after = recall(ws, "who fixes our pipes?", today=TODAY)
    assert after.pointers and "Joe" in after.pointers[0].text, after
    assert after.confidence == pytest.approx(before.confidence, abs=0.05)


FAMILY = [
    "Dad's birthday is on 14 March",
    "Dad loves single malt whisky, especially Talisker",
    "Mum is allergic to lilies",
]


def test_a_word_finds_a_memory_that_says_it_another_way_with_words_alone(ws, cli):
    """ "my father" found nothing where the memory says "Dad": the words of one class
    (father, dad, daddy; mother, mum, mom…) are one word to search, as they are to the gate."""
    cli.tell(*FAMILY)
    found = cli.json("search", "presents for my father", "--limit", "3")
    assert any("Talisker" in hit["text"] for hit in found["results"]), found
    said = recall(ws, "is my mother allergic to anything?", today=TODAY, semantic=False)
    assert said.pointers and "lilies" in said.pointers[0].text, said


@needs_model
def test_a_request_naming_what_is_the_users_is_not_one_any_assistant_gets(ws, cli):
    """ "any gift ideas for my father?" stands near a request any assistant gets (gift ideas),
    and recall was silent though the memory says what Dad loves: a memory naming what the
    prompt says is the user's ("my father", a name) stands beyond those requests."""
    cli.tell(*FAMILY)
    said = recall(ws, "any gift ideas for my father? his big day is coming up", today=TODAY)
    assert any("Talisker" in p.text for p in said.pointers), said
    for prompt in ("any gift ideas for a coworker who is leaving?", "What's 17% of 240?"):
        assert not recall(ws, prompt, today=TODAY).pointers, prompt


@needs_model
def test_mum_or_dad_said_alone_is_the_users_as_my_mum_is(ws, cli):
    """ "what flowers should i bring when i visit mum" stood near a request any assistant gets
    (flowers to bring) and recall was silent, though a memory says Mum is allergic to lilies:
    a parent or grandparent called by the word alone is the user's, as "my mother" is."""
    cli.tell(*FAMILY)
    for prompt, answer in (
        ("what flowers should i bring when i visit mum", "lilies"),
        ("any gift ideas for dad? his big day is coming up", "Talisker"),
    ):
        said = recall(ws, prompt, today=TODAY)
        assert any(answer in p.text for p in said.pointers), (prompt, said)
    for prompt in ("what flowers are good for a wedding?", "gift ideas for a new mum at work?"):
        assert not recall(ws, prompt, today=TODAY).pointers, prompt


@needs_model
@pytest.mark.parametrize("command", ["recall", "search"])
def test_a_prompt_of_unknown_names_alone_exits_cleanly_every_time(ws, command):
    """A prompt of names alone ("Zzzz") never reads the meaning looked up on its own thread:
    the process still waits for that thread before it exits, never torn down inside
    onnxruntime (exit 134, "terminate called without an active exception")."""
    import json

    from conftest import run_memctl

    env = {"MEMCTL_WORKSPACE": str(ws.root)}
    # about two runs in five aborted: eight runs of recall miss it once in 600
    for prompt in ["Zzzz", "NaN", "Foo", "Infinity"] * (2 if command == "recall" else 1):
        if command == "recall":
            payload = json.dumps({"hook_event_name": "UserPromptSubmit", "prompt": prompt})
            done = run_memctl("recall", "--hook", "claude-code", input=payload, env=env)
        else:
            done = run_memctl("search", prompt, env=env)
        assert done.returncode == 0, (prompt, done.stderr)
        assert "terminate" not in done.stderr
