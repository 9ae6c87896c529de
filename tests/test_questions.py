"""memctl.language.questions: what a question asks for (a name, a place, a time, an amount, a
number, an email address, a link), whether a text holds that kind of thing, and whether a
prompt is a general question, asks about the user's own things, or asks nothing at all."""

from __future__ import annotations

import pytest

from memctl.language.questions import (
    AMOUNT,
    EMAIL,
    LINK,
    NAME,
    NUMBER,
    PLACE,
    TIME,
    asked,
    holds,
    speaks_of,
)


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("who looks after our allotment?", NAME),
        ("I'm baking for the neighbours, and who's allergic to what?", NAME),
        ("where do we store the camping stove?", PLACE),
        ("when is the chimney sweep booked?", TIME),
        ("which weekend is the boat show?", TIME),
        ("how much did the roof repair come to?", AMOUNT),
        ("what does the dog walker charge?", AMOUNT),
        ("what's Jonas's mobile?", NUMBER),
        ("what's our broadband account reference?", NUMBER),
        ("who do I ring about the boiler?", NUMBER),
        ("what's the email of the swim coach?", EMAIL),
        ("send me the link for the school's lunch menu", LINK),
    ],
)
def test_a_question_asks_for_the_kind_its_form_says(prompt, kind):
    assert kind in asked(prompt).kinds, asked(prompt)


@pytest.mark.parametrize(
    "prompt",
    [
        "can you help me thank a colleague who's retiring?",  # "who" of a relative clause
        "we ship code on Fridays, right?",  # "code" asked of no one
        "is the wifi slow for you too?",
    ],
)
def test_a_question_word_inside_a_clause_or_a_kind_said_in_passing_asks_for_nothing(prompt):
    assert not asked(prompt).kinds & {NAME, NUMBER, TIME}, asked(prompt)


@pytest.mark.parametrize(
    ("text", "kind", "held"),
    [
        ("Our allotment is looked after by Wiebke Sandoval.", NAME, True),
        ("The camping stove is in the loft above the garage.", PLACE, True),
        ("The boat show is in Southampton this year.", PLACE, True),
        ("The sweep comes every October.", TIME, True),
        ("Yoga is on Tuesdays at 18:30.", TIME, True),
        ("The roof repair came to 1,240 pounds.", AMOUNT, True),
        ("Broadband account: BT-448812", NUMBER, True),
        ("Jonas: 07700 900111", NUMBER, True),
        ("Swim coach: coach.kim@swimclub.example", EMAIL, True),
        ("Lunch menu is at https://school.example/menu", LINK, True),
        # the digits of a date, a phone number or a link are no amount
        ("The lease ends on 2027-03-31.", AMOUNT, False),
        ("Jonas: 07700 900111", AMOUNT, False),
        ("Menu: https://school.example/menu2024", AMOUNT, False),
        ("an email address is no link: kim@swimclub.example", LINK, False),
        ("the spare charger is blue", PLACE, False),
        ("the recycling goes out after lunch", NAME, False),  # a sentence's first word
        ("The 14-inch laptop is for travel.", NUMBER, False),  # a measure, not a code
    ],
)
def test_a_text_holds_a_kind_of_thing_or_not(text, kind, held):
    assert holds(text, frozenset({kind})) is held


@pytest.mark.parametrize(
    ("prompt", "general"),
    [
        ("Why do cats knead blankets?", True),
        ("what's the difference between a latte and a flat white?", True),
        ("how do I descale a kettle?", True),
        ("can hamsters eat grapes?", True),
        ("how many teaspoons are in a tablespoon?", True),
        ("any good podcasts about architecture?", True),
        ("give me a packing list for a beach weekend", True),
        # the user's own: "we", "my", "I" outside a how-to, something spoken of as known
        ("Why did we cancel the gym?", False),
        ("how do I get to my sister's new flat?", False),
        ("can we take the dog on the ferry?", False),
        ("when does the window cleaner come?", False),
        ("how much do I owe the babysitter?", False),
        ("what laptop does a new starter get?", False),
    ],
)
def test_a_general_question_is_read_from_its_form(prompt, general):
    assert asked(prompt).general is general, asked(prompt)


def test_a_question_general_by_its_form_stays_so_whatever_names_it_writes():
    """ "the difference between Kotlin and Swift" asks what kinds of things are, though a memory
    may hold "Kotlin"; a question asking why, or for advice, is general only as long as no
    memory holds a name it writes ("why does Noor dislike the city?", "a good gift for Sam?"),
    as "how do I reach Kemal?" is (recall reads that)."""
    assert asked("what's the difference between Kotlin and Swift?").by_form
    assert asked("how does a heat pump work?").by_form
    for prompt in (
        "why do tomatoes split?",
        "why does Noor dislike the city?",
        "a good gift for Sam?",
    ):
        reading = asked(prompt)
        assert reading.general and not reading.by_form, prompt
    reading = asked("how do I reach Kemal?")
    assert reading.general and not reading.by_form and reading.names == {"Kemal"}
    assert not asked("why did we pick Kotlin?").general


@pytest.mark.parametrize(
    ("prompt", "asks"),
    [
        ("the printer is jammed again", False),
        ("I finally finished the jigsaw, so proud", False),
        ("is the printer jammed again?", True),
        ("show me the dentist's address", True),
        ("Morning! quick one: when's the bin day", True),
        # a request opens with what to do, in any verb, not only the ones a list knows
        ("email Brian the status update", True),
        ("Book a table for four at Luigi's on Friday", True),
        ("renew the car insurance before it lapses", True),
        ("Priya is off sick today", False),  # a name opening it, not a word
        # a word that only opens a turn says neither
        ("ok book a table for Friday", True),
        ("so, email Brian the notes", True),
        ("just renew the parking permit", True),
        ("thanks, that is all", False),
        ("great, the VPN is slow again", False),
        ("lol", False),
    ],
)
def test_a_remark_asks_nothing(prompt, asks):
    assert asked(prompt).asks is asks


def test_a_prompt_not_in_english_is_read_as_asking_nothing_in_particular():
    reading = asked("Wann kommt die Putzfrau diese Woche", english=False)
    assert reading.asks and not reading.general and not reading.kinds and not reading.particular


def test_the_names_a_prompt_writes_are_found_in_a_memory_as_names():
    names = asked("what shoe size is Leo's?").names
    assert names == {"Leo"}
    assert speaks_of(names, "Leo takes a size 32.")
    assert not speaks_of(names, "Leopold takes a size 32.")
