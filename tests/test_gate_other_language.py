"""A change said in another language than the entry it changes: the model of meaning reads
English, and the words of two languages are not alike, so such a text was filed as new beside
the entry, both open. A name both write the same way and another value of a kind both give tie
the text to the one entry it changes."""

from __future__ import annotations

import pytest

from conftest import NOW, file_entry
from memctl.gate.foreign import not_english
from memctl.gate.reading import analyze
from memctl.gate.remember import remember

TUTOR = ("Bram pays 25 a week for the maths tutoring", "Bram's tutor is Ms Achterberg")
DENTIST = ("Dentist appointment with Dr Okafor on 5 May", "Okafor Dental is on Queen Street")
FERRARO = ("Budget review with Ferraro on 10 June", "Ferraro's assistant is Giulia")
SEVILLA = ("Rent for the Sevilla flat is 900 a month", "The Sevilla flat's landlord is Mr Romero")


def _file(ws, entries: tuple[str, ...], source: str = "user") -> list[str]:
    return [file_entry(ws, "semantic/home", text, source=source) for text in entries]


@pytest.mark.parametrize(
    ("text", "other"),
    [
        ("el alquiler del piso de Sevilla es de 950 desde enero", True),
        ("Die Praxis von Dr. Okafor hat den Termin auf den 12. Mai gelegt", True),
        ("la riunione con Ferraro è il 14 giugno", True),
        ("Bram betaalt voortaan 30 per week voor de bijles", True),
        ("the meeting with Ferraro is on the 14th", False),
        ("Sam vive en Lisboa", False),  # too short to tell
    ],
)
def test_a_text_not_english_is_told_by_its_small_words(text, other):
    assert not_english(analyze(text)) is other


@pytest.mark.parametrize(
    ("on_file", "said"),
    [
        (SEVILLA, "el alquiler del piso de Sevilla es de 950 desde enero"),
        (DENTIST, "Die Praxis von Dr. Okafor hat den Termin auf den 12. Mai gelegt"),
        (FERRARO, "la riunione con Ferraro è il 14 giugno, non più il 10"),
        (TUTOR, "Bram betaalt voortaan 30 per week voor de bijles"),
    ],
)
def test_a_change_not_english_updates_the_entry_it_names(ws, on_file, said):
    ids = _file(ws, on_file)
    result = remember(ws, said, source="user", now=NOW).value
    assert result.label in ("update", "correction"), result.reason
    assert result.closed.entry.id == ids[0]
    # what is carried has no value of the kinds the text gives again: the old one is gone
    carried = result.written.entry.text.partition("(as before: ")[2]
    old_values = analyze(on_file[0]).values - analyze(said).values
    assert not analyze(carried).values & old_values


@pytest.mark.parametrize(
    ("on_file", "said"),
    [
        # the name, and nothing of a kind the entry gives that differs
        (TUTOR, "Bram hat heute seine Brille in der Schule vergessen"),
        # two entries name Ferraro and give a date: which one?
        (FERRARO + ("Dinner with Ferraro on 12 June",), "la cena con Ferraro è il 20 giugno"),
        # a maybe
        (SEVILLA, "quizás el alquiler del piso de Sevilla suba a 950 en enero"),
    ],
)
def test_a_text_not_english_that_ties_to_no_one_entry_is_new(ws, on_file, said):
    _file(ws, on_file)
    result = remember(ws, said, source="user", now=NOW).value
    assert result.label == "new", result.reason
    assert result.closed is None


def test_a_web_page_not_english_retires_nothing(ws):
    _file(ws, SEVILLA)
    result = remember(
        ws, "el alquiler del piso de Sevilla es de 950 desde enero", source="web", now=NOW
    ).value
    assert result.closed is None


@pytest.mark.parametrize(
    "said",
    [
        "scusa, ho sbagliato: la raccolta della carta è il giovedì, non il lunedì",
        "pardon, erreur de ma part : le ramassage du papier c'est le jeudi, pas le lundi",
        "sorry, fout van mij: het oud papier wordt op donderdag opgehaald, niet op maandag",
        "perdón, me equivoqué: el papel se recoge el jueves, no el lunes",
    ],
)
def test_a_day_said_not_to_be_so_ties_the_one_entry_that_gives_it(ws, said):
    """ "non il lunedì" names no word of "Paper recycling is collected on Monday", but the day
    it says is not so is the entry's, in any language: the one entry that gives it is
    corrected."""
    paper, _ = _file(
        ws, ("Paper recycling is collected on Monday", "Wifi password is on the router")
    )
    result = remember(ws, said, source="user", now=NOW).value
    assert result.label == "correction", result.reason
    assert result.closed.entry.id == paper


def test_a_day_said_not_to_be_so_that_two_entries_give_names_one_it_may_replace(ws):
    _file(ws, ("Paper recycling is collected on Monday", "Piano lesson is on Mondays at 5"))
    said = "pardon, erreur de ma part : le ramassage du papier c'est le jeudi, pas le lundi"
    result = remember(ws, said, source="user", now=NOW).value
    assert result.label == "new" and result.unsure, result.reason
