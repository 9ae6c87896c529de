"""How a rule reads a text in the words people and agents use: a site's name is the business a
rule names ("ordered on amazon.co.uk" for "never order from Amazon"), a request in another
language asks the agent ("bitte auf Deutsch schreiben"), and an agent's report opens with
"Done," as often as with its act."""

from __future__ import annotations

import pytest

from memctl.gate.labeler import Known, decide
from memctl.gate.values import site_name


def label(rule: str, said: str, trust: str = "untrusted") -> str:
    return decide(said, trust=trust, candidates=[], rules=[Known("r", rule, rule=True)]).label


@pytest.mark.parametrize(
    ("link", "name"),
    [
        ("amazon.co.uk", "amazon"),
        ("https://www.booking.com/hotel/pt/x.html", "booking"),
        ("shop.ikea.com/gb/en", "ikea"),
        ("https://zoom.us/j/991", "zoom"),
        ("sam@example.com", ""),
    ],
)
def test_a_site_goes_by_the_name_before_its_domain_s_end(link, name):
    assert site_name(link) == name


@pytest.mark.parametrize(
    ("rule", "said", "got"),
    [
        ("Never order from Amazon for me", "ordered the HDMI cables on amazon.co.uk", "clash"),
        ("Don't book hotels through Booking.com", "booked the Porto hotel on booking.com", "clash"),
        ("Never order from Amazon for me", "ordered the cables from a shop on ebay.co.uk", "new"),
        # an agent's word that it is done, before the act it did
        ("Never order from Amazon for me", "Done, ordered the HDMI cables from Amazon", "clash"),
        ("Never deploy on Fridays", "Done, deployed the fix to prod on Friday at 4pm", "clash"),
        ("Never deploy on Fridays", "Done, deployed the fix to prod on Thursday", "new"),
    ],
)
def test_a_rule_reads_the_site_a_text_links_to_and_an_agent_s_report(rule, said, got):
    """ "the two HDMI cables are ordered on amazon.co.uk" against "Never order from Amazon"
    was new: a link's host gave no word, so the business the rule names was not there."""
    assert label(rule, said, "limited") == got


@pytest.mark.parametrize(
    "said",
    [
        "Ab sofort bitte alle Erinnerungen auf Deutsch schreiben, nicht mehr auf Englisch.",
        "a partir de ahora, por favor, escribe los recordatorios en español",
        "please write the reminders in French from now on",
    ],
)
def test_a_request_to_write_in_another_language_changes_the_rule(said):
    assert label("Write all my reminders in English", said, "trusted") == "update"


def test_someone_else_s_language_is_no_request():
    assert (
        label("Write all my reminders in English", "Anna schreibt auf Deutsch", "trusted") == "new"
    )
