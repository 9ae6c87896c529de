"""recall reads what a prompt asks beside meaning (memctl.language.questions): a general
question near a memory's topic, or a remark, stays silent; a question about the user's own
things whose memory holds the kind of thing asked for speaks, however near a request any
assistant gets."""

from __future__ import annotations

import pytest

from conftest import TODAY
from memctl.search import semantic
from memctl.search.recall import recall

needs_model = pytest.mark.skipif(not semantic.available(), reason=semantic.ENABLE_HINT)

TOLD = [
    "Ines Moreau looks after our garden every other Wednesday.",
    "The spare key for the bike lock hangs on a hook in the shed.",
    "I always order the vegetarian meal on long-haul flights.",
    "Our piano gets tuned by Mr Haddad each September.",
    "We pay 38 pounds a month for the climbing gym.",
    "The kids' dentist is Dr. Lindqvist on Mill Lane.",
    "Our team's on-call handbook lives at https://wiki.example/oncall.",
    "Grandad's care home lets visitors in until 7 pm.",
    "We build the phone app in Kotlin.",
]


@needs_model
def test_a_general_question_stays_silent_and_the_users_own_question_speaks(ws, cli):
    cli.tell(*TOLD)
    for prompt, answer in (
        ("which day does the garden get done?", "Ines"),  # a day asked, a day held (was silent)
        ("who tunes our piano?", "Haddad"),
        ("where do we hide the bike lock key?", "shed"),
    ):
        said = recall(ws, prompt, today=TODAY)
        assert any(answer in p.text for p in said.pointers), (prompt, said)
    for prompt in (
        "Why do airlines serve such bad food?",  # near the flights memory, of no one's
        "How often should a piano be tuned?",
        "What's the best bike lock?",
        "how do I tune a guitar?",
        "what's the difference between Kotlin and Swift?",  # a name held, a general form
    ):
        assert not recall(ws, prompt, today=TODAY).pointers, prompt


@needs_model
def test_a_why_or_advice_question_naming_someone_a_memory_names_speaks(ws, cli):
    """A reason or advice asked of someone by name is asked of them, not of kinds of things."""
    cli.tell(
        "Sam can't stand coriander, he says it tastes of soap.",
        "Noor grew up on Lake Ferris; her grandfather taught her to paddle there.",
    )
    for prompt, answer in (
        ("would a coriander pesto be a good present for Sam?", "coriander"),
        ("why does Lake Ferris mean so much to Noor?", "grandfather"),
    ):
        said = recall(ws, prompt, today=TODAY)
        assert any(answer in p.text for p in said.pointers), (prompt, said)
    assert not recall(ws, "why do paddles have two blades?", today=TODAY).pointers
