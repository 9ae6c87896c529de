"""A text in another language than the entry it is about: the gate reads it across languages
(memctl.search.across, multilingual-e5-small), where the semantic path's model reads English
alone. What ties the two is closeness across languages, clearly closest; what labels it is what
the text says of the entry (another value, a value of a kind the entry lacks, a word of change),
or, for a short text with the entry's values and nothing else, a repeat."""

from __future__ import annotations

import pytest

from conftest import NOW, file_entry, open_lines
from memctl import memos
from memctl.gate.remember import remember
from memctl.search import across
from memctl.workspace import open_workspace

pytestmark = pytest.mark.skipif(not across.available(), reason=across.ENABLE_HINT)


@pytest.mark.parametrize(
    ("on_file", "beside", "said"),
    [
        (  # another amount, and "maintenant"
            "Our plumber charges £60 an hour",
            "The plumber is called Dev",
            "le plombier prend maintenant 75 livres de l'heure",
        ),
        (  # a day and an hour for a plan that had none
            "The kitchen fitter is booked for some time in March",
            "The kitchen budget is 12k",
            "der Küchenmonteur kommt am 17. März um 8 Uhr",
        ),
        (  # dates for a trip planned for a season, in Portuguese ("a" is no English here)
            "Planning a trip to Lisbon with Ana in the autumn",
            "Ana's birthday is in June",
            "a viagem a Lisboa com a Ana ficou marcada de 4 a 11 de outubro",
        ),
    ],
)
def test_a_change_said_in_another_language_updates_the_entry(ws, on_file, beside, said):
    entry = file_entry(ws, "home/plans", on_file)
    file_entry(ws, "home/plans", beside)
    result = remember(ws, said, source="user", now=NOW).value
    assert result.label == "update", result.reason
    assert result.closed.entry.id == entry
    assert beside in open_lines(ws, "home/plans")


def test_the_entry_said_again_in_another_language_is_a_repeat(ws):
    entry = file_entry(ws, "family/dates", "Grandad's birthday is on 9 March")
    file_entry(ws, "family/dates", "Grandad lives in Leeds")
    result = remember(ws, "il compleanno del nonno è il 9 marzo", source="user", now=NOW).value
    assert result.label == "repeat", result.reason
    assert result.verified.entry.id == entry and result.written is None


@pytest.mark.parametrize(
    "said",
    [
        # the entry's day, and a party: more than it says
        "il compleanno del nonno è il 9 marzo, facciamo una festa a sorpresa al ristorante",
        "mi gato se llama Tofu y tiene tres años",  # about none of them
    ],
)
def test_what_says_more_or_is_about_nothing_on_file_is_new(ws, said):
    file_entry(ws, "family/dates", "Grandad's birthday is on 9 March")
    file_entry(ws, "family/dates", "Grandad lives in Leeds")
    result = remember(ws, said, source="user", now=NOW).value
    assert result.label == "new", result.reason
    assert result.written is not None and said in result.written.entry.text
    assert len(open_lines(ws, "family/dates")) == 2 + (result.written.path == "family/dates.md")


def test_a_web_page_in_another_language_retires_nothing(ws):
    file_entry(ws, "home/plans", "Our plumber charges £60 an hour")
    result = remember(
        ws, "le plombier prend maintenant 75 livres de l'heure", source="web", now=NOW
    ).value
    assert result.label == "new", result.reason
    assert result.closed is None
    assert "Our plumber charges £60 an hour" in open_lines(ws, "home/plans")


def test_with_meaning_turned_off_nothing_is_read_across_languages(ws):
    config = ws.root / ".memctl" / "config.yaml"
    config.write_text(config.read_text().replace("semantic: true", "semantic: false"))
    ws = open_workspace(ws.root)
    assert (
        across.unavailable_reason(ws) == "semantic: false in .memctl/config.yaml turns meaning off"
    )
    file_entry(ws, "home/plans", "Our plumber charges £60 an hour")
    result = remember(
        ws, "le plombier prend maintenant 75 livres de l'heure", source="user", now=NOW
    ).value
    assert result.label == "new", result.reason
    assert "Our plumber charges £60 an hour" in open_lines(ws, "home/plans")


def test_a_processor_without_the_engines_instructions_is_not_asked_to_run_it(tmp_path):
    older, newer = tmp_path / "older", tmp_path / "newer"
    older.write_text("processor\t: 0\nflags\t\t: fpu sse2 avx\n", encoding="utf-8")
    newer.write_text("processor\t: 0\nflags\t\t: fpu sse2 avx avx2 fma\n", encoding="utf-8")
    assert not across._cpu_runs_it(older)
    assert across._cpu_runs_it(newer)
    assert not across._cpu_runs_it(tmp_path / "none")


def test_a_purge_empties_the_vectors_read_across_languages():
    across.closeness("la clé est chez Marta", ["The key is with Marta"])
    model = across.model()
    assert model._memo
    memos.forget()
    assert not model._memo


def test_a_long_text_is_read_by_its_head():
    """The engine's time grows with the square of a text's tokens: a page pasted whole is read
    by its first HEAD characters, as fast as those alone."""
    head = "die Ferienwohnung in Zingst ist vom 2. bis 16. August gebucht. " * 10
    whole = head + "und noch viel mehr Text, der nichts mehr ändert. " * 2000
    assert len(head) >= across.HEAD
    model = across.model()
    assert (model.embed([whole]) == model.embed([head[: across.HEAD]])).all()
