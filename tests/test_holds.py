"""A line holding a phone number, an email address, a link or a reference number is asked for
by what it holds ("Kessler's number", "the support email"), though its words never say so."""

from __future__ import annotations

import pytest

from conftest import TODAY
from memctl.language.holds import EMAIL, LINK, NUMBER, PHONE, asked_by
from memctl.search.recall import recall


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Our boiler man is Kessler Heating, 0161 496 0083", PHONE),
        ("Dr Okafor's surgery: +44 20 7946 0018", PHONE),
        ("The Manchester office: (0161) 496 0083", PHONE),
        ("Carla at Northwind, (312) 555-0176", PHONE),
        ("Dave at Ridgeline Roofing, 415-555-0199", PHONE),
        ("Bram in Berlin: +49 30 1234567", PHONE),
        ("Sanne, our host in Utrecht, 06-12345678", PHONE),
        ("Invoices go to accounts@brightwave.example", EMAIL),
        ("The form is filed at https://tax.example.gov/online/start", LINK),
        ("Miles & More: 992 004 118 3", NUMBER),
        ("Our Voltra Energy customer ID is CUST 0048812", NUMBER),
        ("NI: QQ 12 34 56 C", NUMBER),
        ("Supplier number 20045871", NUMBER),
    ],
)
def test_a_line_is_asked_for_by_what_it_holds(text, kind):
    assert set(kind) <= set(asked_by(text))


@pytest.mark.parametrize(
    "text",
    [
        "Dentist on 2026-11-30 at 15:30",
        "Born 14.03.1981 in Porto",
        "Home contents insurance covers up to 40,000 EUR",
        "The quote was 1200.50 for the whole roof",
        "We lived there 2019-2023",
        "Standup moved to 10:00-10:15",
        "Bill to: Northwind GmbH, Hafenstr. 8, 20457 Hamburg",
        "The router is at 10.0.0.12",
        "Anna is allergic to peanuts and tree nuts",
        "Write to me @ the office",
    ],
)
def test_dates_amounts_times_postcodes_and_plain_lines_hold_none_of_them(text):
    assert asked_by(text) == ()


def test_a_line_holding_two_kinds_is_asked_for_by_both():
    both = asked_by("Kessler Heating: 0161 496 0083, office@kessler.example")
    assert set(PHONE) | set(EMAIL) == set(both)


TOLD = [
    "Our boiler man is Kessler Heating, 0161 496 0083",
    "Canvaso support is help@canvaso.example",
    "My PulseFit membership is 7733 0192 4",
    "Anna is allergic to peanuts and tree nuts; she carries an EpiPen.",
    "The team standup is at 9:30 in the Orion room.",
]


def test_a_number_or_an_address_is_recalled_by_what_it_is_with_words_alone(ws, cli):
    """Through the real `remember` and recall, with words alone (no model): the prompt's words
    name the line's subject and what is asked of it, and the line says only the subject."""
    cli.tell(*TOLD)
    asked = {
        "what's Kessler's phone number?": "0161 496 0083",
        "I need to call Kessler": "0161 496 0083",
        "what's the email for Canvaso support?": "help@canvaso.example",
        "what is my PulseFit number?": "7733 0192 4",
    }
    for prompt, detail in asked.items():
        said = recall(ws, prompt, today=TODAY, semantic=False)
        assert said.pointers and detail in said.pointers[0].text, (prompt, said)
    for prompt in ("what's a good phone for my mother?", "write an email declining a meeting"):
        assert recall(ws, prompt, today=TODAY, semantic=False).pointers == [], prompt
    found = cli("search", "phone number", "--json").stdout
    assert "0161 496 0083" in found


def test_a_request_opened_with_a_verb_of_fetching_asks_for_the_thing_not_the_verb(ws, cli):
    """ "Open the website we used last time", "grab the link …": the verb that opens a request
    is not what is asked for, as "get" and "show" never were; the same verb inside a request
    ("the tickets we open") or opening one for something not on file changes nothing."""
    link = "The quarterly tax form is filed at https://tax.example.gov/online/start"
    cli.tell(link, *TOLD)
    asked = [
        "open the website we used last time",
        "can you please grab the link from last time?",
        "send me the url from before",
        "pull up the link we used last time",
    ]
    for prompt in asked:
        said = recall(ws, prompt, today=TODAY, semantic=False)
        assert said.pointers and "tax.example.gov" in said.pointers[0].text, (prompt, said)
    for prompt in ("open the garage door", "send a thank-you note to grandma"):
        assert recall(ws, prompt, today=TODAY, semantic=False).pointers == [], prompt
