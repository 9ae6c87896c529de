"""Rule changes, corrections and replaced contact details said loosely: a rule given another
number keeps its words with the new number; going past what a rule bounds ("a longer email")
speaks of the rule; "the 14th of may not march" rejects the month; "use that not the landline"
gives up the landline; a word spelled anew ("hanna not hannah, no h at the end") puts the entry
right; the slip owned to before the fix ("sorry typo earlier,", "scrap that,") is no part of
the line."""

from __future__ import annotations

import pytest

from conftest import NOW, file_entry, open_lines, told
from memctl.gate.compare import compare
from memctl.gate.labeler import Known, decide
from memctl.gate.norms import with_new_number
from memctl.gate.reading import analyze
from memctl.gate.remember import remember
from memctl.language.framing import statement


def test_a_rule_given_another_number_keeps_its_words(ws):
    rule = "Always reply to client enquiries within 24 hours"
    said = (
        "ok new rule: 48 hrs is fine for replying to enquiries, 24 is too tight in wedding season"
    )
    file_entry(ws, "rules/general", rule, kind="RULE")
    done = remember(ws, said, source="user", now=NOW).value
    assert done.label == "update", done.reason
    assert open_lines(ws, "rules/general") == ["Always reply to client enquiries within 48 hours"]


@pytest.mark.parametrize(
    ("rule", "said", "now"),
    [
        (
            "No more than 2 coffees a day",
            "from now on 3 coffees a day is fine, the doctor said so",
            "No more than 3 coffees a day",
        ),
        (
            "Never spend more than 50 euros without asking me",
            "from now on 80 euros is fine without asking",
            "Never spend more than 80 euros without asking me",
        ),
        ("Water the tomatoes every 2 days", "water them every 3 days and the basil too", None),
        ("Always reply to client enquiries within 24 hours", "48 is fine", None),
    ],
)
def test_only_a_number_given_for_the_rule_alone_is_written_into_it(rule, said, now):
    new, old = analyze(said), analyze(rule)
    assert with_new_number(rule, new, old, compare(new, old)) == now


@pytest.mark.parametrize(
    ("rule", "said", "label"),
    [
        (
            "Reply to clients in British English, keep emails under 150 words",
            "its fine to send the harris couple a longer email this time, they asked loads",
            "clash",
        ),
        (
            "No more than 2 drinks on school nights",
            "its fine to have a few more drinks tonight, its jos leaving do",
            "clash",
        ),
        (
            "Keep calls with the bank to at most 30 minutes",
            "you can stay on a longer call with the bank today, the mortgage stuff is complicated",
            "clash",
        ),
        ("Run at least 5 km every morning", "a shorter run is fine today, my knee hurts", "clash"),
        # told of someone else, said not to, or of another thing: no word of the rule
        (
            "Reply to clients in British English, keep emails under 150 words",
            "the harris couple sent a longer email than usual",
            "new",
        ),
        (
            "Keep calls with the bank to at most 30 minutes",
            "you can book a longer slot at the gym on friday",
            "new",
        ),
        ("No more than 2 drinks on school nights", "Jo drank more than me at the do", "new"),
    ],
)
def test_going_past_what_a_rule_bounds_speaks_of_the_rule(rule, said, label):
    verdict = decide(said, trust="trusted", candidates=[], rules=[Known("r1", rule, rule=True)])
    assert verdict.label == label, verdict.reason


@pytest.mark.parametrize(
    ("on_file", "said", "label", "holds", "gone"),
    [
        (
            "Sam's birthday is 14 March, she loves Thai food",
            "no sams bday is the 14th of may not march",
            "correction",
            "Thai food",
            "14 March",
        ),
        (
            "Mum lives in Ludlow, landline 01584 872310, best to call after 6pm",
            "mum finally got a mobile, 07700 900412, use that not the landline",
            "update",
            "Ludlow",
            "872310",
        ),
        (
            "lila's key worker at little acorns is hannah",
            "sorry its hanna not hannah, no h at the end",
            "correction",
            "lila's key worker at little acorns is hanna",
            "sorry",
        ),
        (
            "The new vet is Marcus at the Elm Street practice, open till 7",
            "its markus not marcus, with a k",
            "correction",
            "The new vet is Markus at the Elm Street practice, open till 7",
            "with a k",
        ),
    ],
)
def test_a_correction_said_loosely_puts_the_entry_right(ws, on_file, said, label, holds, gone):
    done = told(ws, "life/facts", on_file, said)
    assert done.label == label, done.reason
    line = open_lines(ws, "life/facts")[-1]
    assert holds in line and gone not in line, line


@pytest.mark.parametrize(
    ("said", "stated"),
    [
        (
            "sorry typo earlier, the boiler service is on the 9th",
            "the boiler service is on the 9th",
        ),
        ("scrap that, dinner is at 8 at Luca's", "dinner is at 8 at Luca's"),
        ("typo: the gate code is 4471", "the gate code is 4471"),
        ("Scrap that idea about the boat trip", "Scrap that idea about the boat trip"),
        ("scrap that plan, we are staying home", "scrap that plan, we are staying home"),
    ],
)
def test_the_slip_owned_to_before_a_fix_is_no_part_of_the_statement(said, stated):
    assert statement(said) == stated
