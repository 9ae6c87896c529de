"""The words a person opens with ("Oh and by the way,", "FYI:", "Sorry, I misspoke earlier:")
change neither the gate's label nor where a memory goes, and are not stored in its line; the
label says what they said ("misspoke": a correction)."""

from __future__ import annotations

import datetime as dt

import pytest

from conftest import NOW
from memctl.gate.remember import explain, remember
from memctl.language.framing import split_framing
from memctl.longterm import add_entry, new_note
from memctl.note import read_note

STANDUP = "The team standup is every weekday at 9:30 in the Blue room."


@pytest.mark.parametrize(
    ("text", "lead", "rest"),
    [
        ("Oh and by the way, the standup is at 10:15.", "Oh and by the way,", "The standup"),
        ("FYI: the boiler was serviced.", "FYI:", "The boiler"),
        ("Sorry, I misspoke earlier: it is at 9:45.", "Sorry, I misspoke earlier:", "It is"),
        ("Note to self: Anna hates mushrooms.", "Note to self:", "Anna hates"),
        ("Remember that the bins go out on Tuesday.", "Remember that", "The bins"),
        ("Oh, and Anna is vegan now.", "Oh, and", "Anna is"),
        ("Heads up — the office is closed Friday.", "Heads up —", "The office"),
        ("PS: the gate code changed last week.", "PS:", "The gate"),
        ("Übrigens, Oma wohnt jetzt in Köln.", "Übrigens,", "Oma wohnt"),
        ("sorry I got that wrong, the gym is £32 a month", "sorry I got that wrong,", "the gym"),
        ("Sorry, I was wrong: the skip comes on Monday.", "Sorry, I was wrong:", "The skip"),
        ("I made a mistake, the meter number is 4471.", "I made a mistake,", "The meter"),
    ],
)
def test_the_opening_words_are_told_from_the_statement(text, lead, rest):
    got_lead, got_rest = split_framing(text)
    assert got_lead == lead and got_rest.startswith(rest)


@pytest.mark.parametrize(
    "text",
    [
        "Update the router firmware every month.",  # a verb, not "Update:"
        "So far the roof holds fine.",
        "Well water is tested every year.",
        "Wait times at the clinic are two hours.",
        "Note the code on the back of the card.",
        "Actually no.",  # nothing left to state
        "Ok, thanks.",
    ],
)
def test_a_sentence_that_opens_with_such_a_word_is_left_whole(text):
    assert split_framing(text) == ("", text)


@pytest.fixture
def standup(ws):
    new_note(ws, "projects/team", title="Team", today=dt.date(2026, 10, 1))
    return add_entry(
        ws, "projects/team", STANDUP, kind="FACT", source="user", today=dt.date(2026, 10, 1)
    ).value


@pytest.mark.parametrize(
    ("lead", "label"),
    [
        ("Oh and by the way,", "update"),
        ("FYI:", "update"),
        ("Just so you know,", "update"),
        ("Okay so", "update"),
        ("Sorry, I misspoke earlier:", "correction"),
        ("Scratch that,", None),  # an update or a correction: the cue's to say, not the lead's
    ],
)
def test_a_lead_in_leaves_the_label_and_the_line_as_the_statement_has_them(
    ws, standup, lead, label
):
    plain = explain(ws, "The standup is at 10:15 now.", source="user", now=NOW)
    said = remember(ws, f"{lead} the standup is at 10:15 now.", source="user", now=NOW).value
    assert said.label in ((label,) if label else ("update", "correction"))
    assert plain.label in ("update", "correction")
    assert said.decision.target is not None and said.decision.target.entry.id == standup.entry.id
    line = said.written.entry.text
    assert line.startswith("The standup is at 10:15 now.") and lead.split()[0] not in line
    assert "9:30" not in line and "weekday" in line  # the unchanged details carried forward
    assert said.written.path == "projects/team.md"


def test_a_repeat_with_a_lead_in_is_still_a_repeat(ws, standup):
    said = remember(ws, f"Just a reminder: {STANDUP.lower()}", source="agent", now=NOW).value
    assert said.label == "repeat"
    assert len(read_note(ws.root / "projects/team.md").entries()) == 1


def test_a_quote_keeps_every_word_its_source_wrote(ws, standup):
    said = remember(ws, "FYI: the standup is at 11:00 from now on.", source="web", now=NOW).value
    assert said.written is not None and "FYI: the standup" in said.written.entry.text


@pytest.mark.parametrize(
    ("text", "rest"),
    [
        ("My blood type is A positive, just so you know.", "My blood type is A positive."),
        ("The bins go out on Tuesday btw", "The bins go out on Tuesday"),
        ("FYI: Anna is vegan now, for the record.", "Anna is vegan now."),
        ("We love the band Just So You Know", "We love the band Just So You Know"),  # a name
    ],
)
def test_the_same_words_at_the_end_are_left_out_too(text, rest):
    assert split_framing(text)[1] == rest


CORVO = ("Invoices from Corvo are paid within 45 days", "Corvo's account manager is Lena")


@pytest.mark.parametrize(
    "said",
    [
        "Just to recap: Corvo invoices get paid within 45 days",
        "Confirming that Corvo invoices are paid within 45 days",
        "double-checking: Corvo invoices are paid within 45 days",
    ],
)
def test_an_opener_that_only_checks_what_is_known_adds_nothing(said):
    """ "recap", "confirming" were read as a detail added to the entry."""
    from memctl.gate.labeler import Known, decide

    known = [Known(f"n{i}", text) for i, text in enumerate(CORVO, 1)]
    assert decide(said, trust="trusted", candidates=known, rules=[]).label == "repeat"


@pytest.mark.parametrize(
    "said",
    [
        "To confirm, Corvo invoices are paid within 60 days now",  # another value
        "Please confirm: are Corvo invoices paid within 45 days?",  # a question
        "To recap, Corvo invoices are paid within 45 days and Lena left",  # one more thing
    ],
)
def test_such_an_opener_before_something_new_leaves_it_new(said):
    from memctl.gate.labeler import Known, decide

    known = [Known(f"n{i}", text) for i, text in enumerate(CORVO, 1)]
    assert decide(said, trust="trusted", candidates=known, rules=[]).label != "repeat"
