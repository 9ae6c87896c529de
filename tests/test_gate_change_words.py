"""A change said in the words people use for it: someone new in a role a note gives a person
("our new landlord is Mr Okafor" for "Landlord is Mrs Reid, rent by standing order"), a date
that slipped ("release slipped to the 28th")."""

from __future__ import annotations

import pytest

from conftest import NOW
from memctl.gate.candidates import Candidate
from memctl.gate.carry import forward
from memctl.gate.reading import analyze
from memctl.gate.remember import remember
from memctl.longterm import add_entry, make_entry, new_note
from memctl.workspace import open_workspace


def entry(ws, text: str):
    if not (ws.root / "semantic/home.md").exists():
        new_note(ws, "semantic/home", title="Home", today=NOW.date())
    return add_entry(ws, "semantic/home", text, kind="FACT", source="user", today=NOW.date())


@pytest.mark.parametrize(
    ("on_file", "said", "label"),
    [
        # the role opens the note, with no "my" or "our" before it, and details after it
        (
            "Landlord is Mrs Reid, rent paid by standing order on the 1st",
            "our new landlord is Mr Okafor",
            "update",
        ),
        ("Landlord is Mrs Reid", "the new landlord is Mr Okafor", "update"),
        ("Plumber: Jim Hardy, 07700 900123", "we've got a new plumber, Joe Rossi", "update"),
        ("Plumber: Jim Hardy, 07700 900123", "new plumber is Joe Rossi, Jim retired", "update"),
        # another role, or no word that the role changed hands
        ("Landlord is Mrs Reid", "our new plumber is Joe Rossi", "new"),
        ("Plumber: Jim Hardy, 07700 900123", "Joe Rossi is a plumber too", "new"),
    ],
)
def test_someone_new_in_a_role_replaces_the_one_on_file(ws, on_file, said, label):
    """ "our new landlord is Mr Okafor" over "Landlord is Mrs Reid, rent paid by standing order
    on the 1st" was filed as new, both open: a role the note opens with, without "our", was not
    read as the role, and the details after it made the text look like another thing."""
    old = entry(ws, on_file)
    result = remember(ws, said, source="user", now=NOW).value
    assert result.label == label, result.reason
    if label == "update":  # the old line closed, the new one open in its place
        assert result.closed.entry.id == old.value.entry.id


@pytest.mark.parametrize(
    ("on_file", "said", "label", "gone"),
    [
        (
            "Our account manager at Northwind is Elena Petrova",
            "elena's left northwind, her replacement is Sam Ortiz",
            "update",
            "Petrova",
        ),
        (
            "Main contact at Fenwick Freight is Omar Haddad, head of ops",
            "Omar has moved on, we deal with Jess Li at Fenwick now",
            "update",
            "Haddad",
        ),
        (
            "Our contact at the bank is Mr Adeyemi on the business desk",
            "adeyemi retired last month, his successor is Ms Clarke",
            "update",
            "Adeyemi",
        ),
        # the one who takes the place, said first
        (
            "Our account manager at Northwind is Elena Petrova",
            "Sam Ortiz took over from Elena at Northwind in March",
            "update",
            "Petrova",
        ),
        (
            "Our contact at the bank is Mr Adeyemi on the business desk",
            "Ms Clarke replaced Mr Adeyemi at the bank",
            "update",
            "Adeyemi",
        ),
        # a place left, not the role; a thing left with someone; a cover for a while
        (
            "Main contact at Fenwick Freight is Omar Haddad, head of ops",
            "Omar left early today so Jess took over the call",
            "new",
            None,
        ),
        (
            "Our account manager at Northwind is Elena Petrova",
            "elena left the contract draft with Sam, talk to him about it",
            "new",
            None,
        ),
        (
            "Our account manager at Northwind is Elena Petrova",
            "Sam is stepping in for Elena at Northwind while she is on leave",
            "new",
            None,
        ),
    ],
)
def test_someone_on_file_who_left_for_another_is_replaced(ws, on_file, said, label, gone):
    """ "priya's left harwood, her replacement is …" over "Main contact at Harwood Logistics is
    Priya Menon" shares only names with it, and was filed beside it as new, both open."""
    old = entry(ws, on_file)
    result = remember(ws, said, source="user", now=NOW).value
    assert result.label == label, result.reason
    if label == "update":  # the role the one who left held holds, without them
        assert result.closed.entry.id == old.value.entry.id
        carried = result.written.entry.text.split("(as before: ")[1]
        assert on_file.split(" is ")[0] in carried and gone not in carried
    else:
        assert result.closed is None


@pytest.mark.parametrize(
    "said",
    ["release slipped to the 28th because of the audit", "the release slips to the 28th"],
)
def test_a_date_that_slipped_is_a_change(ws, said):
    entry(ws, "v3.2 release is planned for 2026-11-14")
    assert remember(ws, said, source="user", now=NOW).value.label == "update"


@pytest.mark.parametrize(
    ("on_file", "said", "label"),
    [
        # a plan on file, and what it left open: a time, a day, a place, who
        (
            "Eye test for Nora booked at Specsavers",
            "nora's eye test is on the 9th at 4:15",
            "update",
        ),
        (
            "Electrician coming to look at the fuse box",
            "the electrician for the fuse box is Dev, he's coming Thursday 8-10am",
            "update",
        ),
        (
            "Team offsite in Lisbon sometime in March",
            "lisbon offsite is 12-14 March, at the Hotel Lumen",
            "update",
        ),
        # with an instruction of its own that says "no" of another thing
        (
            "Pepper is booked in for her annual vaccinations at Hillside vets",
            "pepper's vaccinations are on 3 october at 9:15, no need to fast",
            "update",
        ),
        (
            "Colonoscopy for Dad booked at St Mary's",
            "dad's colonoscopy is on the 14th at 8am; nothing to eat after midnight",
            "update",
        ),
        # the "no" said of the plan itself: it says the entry is wrong, it fills in nothing
        (
            "Colonoscopy for Dad booked at St Mary's",
            "dad's colonoscopy is not on the 14th at 8am",
            "correction",
        ),
        # not a plan: another thing of the same person
        ("Brian prefers a call over a long thread", "Brian's weekly call is on Thursdays", "new"),
        # one more of its kind
        (
            "Eye test for Nora booked at Specsavers",
            "nora also has an eye test booked for her contact lenses, on the 9th at 4:15",
            "new",
        ),
    ],
)
def test_what_a_plan_left_open_fills_it_in(ws, on_file, said, label):
    """ "leo's dentist fri is 8:45, at the practice on carver rd" over "Dentist check-up for
    Leo on Friday" was filed beside it as new: it said more than it shared. A plan given what
    it left open is the plan, updated, and the new line keeps what it said."""
    _over(ws, on_file, said, label)


@pytest.mark.parametrize(
    ("on_file", "said", "label"),
    [
        # few of the text's words are the plan's, the rest its details
        (
            "Boiler service booked through the letting agency",
            "boiler service confirmed thursday 8-12, engineer needs access to the airing cupboard",
            "update",
        ),
        (
            "Onboarding session with the new designer Dana Whitlock sometime next week",
            "onboarding for Dana Whitlock is fixed for the 9th, 10am, she needs a laptop, a badge"
            " and a desk near the window",
            "update",
        ),
        # a thing needed, and who comes to do it
        (
            "Need a plumber to look at the leaking bath tap",
            "got someone sorted for the bath tap, gary from flowright, coming fri morning",
            "update",
        ),
        # someone else's thing of the same name: another plan
        (
            "Boiler service booked through the letting agency",
            "mum's boiler service is thursday 8-12, the engineer needs access to the airing"
            " cupboard",
            "new",
        ),
        (
            "Design offsite for the product team sometime in June",
            "my sister's design offsite is 17-18 june at the Barn near Tring, the coach leaves"
            " at 8",
            "new",
        ),
        # a day a fact recurs on ("paid on the 1st") makes it no plan another detail fills in
        (
            "The Harbour Street flat rent is £950 a month, paid on the 1st",
            "the harbour street flat's boiler was serviced in march, new filter fitted",
            "new",
        ),
        # a date of another kind of thing said again is no plan filled in
        (
            "Visa expires on 20 March",
            "visa renewal by 20 march, the appointment at the consulate is 10:15 and they want two"
            " photos",
            "new",
        ),
    ],
)
def test_a_plan_is_filled_in_by_a_text_mostly_of_its_details(ws, on_file, said, label):
    """ "bluefin kickoff is locked for the 22nd, 3pm uk time" for "Kickoff call with new
    client Tamsin Ortiz (Bluefin Dental) sometime this month" shares two of its five words: too
    few for the words alone to tie it to the plan, though it fills it in. Read by the words
    alone (no semantic path), as any workspace without the extra reads it."""
    ws = _words_only(ws)
    _over(ws, on_file, said, label)


@pytest.mark.parametrize(
    ("on_file", "said"),
    [
        # the "as well" is of another clause's thing: who joins, not one more call
        (
            "Supplier review call with Brightline's account manager on Thursday",
            "brightline review call thursday is at 11, and their finance director is joining as"
            " well",
        ),
        (
            "Quarterly review with Harrow Bank on the 14th",
            "the quarterly with Harrow Bank on the 14th is at 10:30, and their CFO is joining too",
        ),
        # the day of a deadline said again ties it, with one word of it
        (
            "Dissertation submission deadline is 2 May",
            "dissertation due 2 may - it has to go through the faculty portal by noon, emailing it"
            " doesn't count",
        ),
    ],
)
def test_what_fills_a_plan_in_may_say_also_of_another_thing(ws, on_file, said):
    _over(ws, on_file, said, "update")


@pytest.mark.parametrize(
    ("on_file", "said", "label"),
    [
        # a thing needed, booked in words of its own: one word shared, close in meaning
        (
            "Pepper needs her booster jabs this autumn",
            "booked pepper's jabs for the 3rd at 9:15, no food that morning",
            "update",
        ),
        # the same thing needed, another's
        (
            "Miso needs a dental cleaning this spring",
            "booked biscuit's dental cleaning for april 9th at greenway",
            "new",
        ),
    ],
)
def test_a_thing_needed_is_filled_in_by_its_booking(ws, on_file, said, label):
    _over(ws, on_file, said, label)


@pytest.mark.parametrize(
    ("on_file", "said"),
    [
        (
            "Flight to Barcelona on 9 July at 08:15 from Luton",
            "Vueling retimed our Barcelona outbound: it leaves 14:20 on the same day, still from"
            " Luton",
        ),
        (
            "Hallway painting job is with Marek's crew",
            "the painting job got reassigned to Ollie's crew",
        ),
    ],
)
def test_a_verb_of_doing_it_again_says_it_changed(ws, on_file, said):
    """ "retimed", "rebooked", "reassigned": the thing done again another way, as
    "rescheduled" says (read by the words alone, where no closeness in meaning helps)."""
    ws = _words_only(ws)
    _over(ws, on_file, said, "update")


def _over(ws, on_file: str, said: str, label: str) -> None:
    """`said` by the user over `on_file`: its label, and the entry it updates."""
    old = entry(ws, on_file)
    result = remember(ws, said, source="user", now=NOW).value
    assert result.label == label, result.reason
    if label == "update":
        assert result.closed.entry.id == old.value.entry.id


def _words_only(ws):
    """The workspace, read without the semantic path."""
    config = ws.root / ".memctl" / "config.yaml"
    config.write_text(config.read_text().replace("semantic: true", "semantic: false"))
    again = open_workspace(ws.root)
    assert not again.config.semantic
    return again


def test_a_quote_is_not_filled_in_by_the_user_s_own_words(ws):
    new_note(ws, "semantic/trips", title="Trips", today=NOW.date())
    quoted = "Rijksmuseum tickets must be booked online in advance"
    add_entry(ws, "semantic/trips", quoted, kind="QUOTE", source="web", today=NOW.date())
    said = "Rijksmuseum tickets booked for Saturday at 10"
    assert remember(ws, said, source="user", now=NOW).value.label == "new"


@pytest.mark.parametrize(
    "said",
    [
        "yoga's in the church hall for the foreseeable future",
        "the surgery is closed on Wednesdays until further notice",
        "the new rent applies from the March payment",
        "the higher rate kicks in next month",
        "Marek has handed the release duty over to Ines",
        "mi hermano se ha ido a vivir a Valencia",
    ],
)
def test_a_change_said_to_hold_from_now_on_is_a_word_of_change(said):
    from memctl.gate.reading import analyze

    assert analyze(said).update


def test_a_duty_handed_over_to_someone_else_updates_who_holds_it(ws):
    old = entry(ws, "Marek runs the release duty this sprint")
    said = "Marek has handed the release duty over to Ines, he's off sick"
    result = remember(ws, said, source="user", now=NOW).value
    assert (result.label, result.closed.entry.id) == ("update", old.value.entry.id)


def test_a_no_said_of_another_thing_keeps_what_the_plan_said():
    """ "…, drop her off by 8, no food after midnight" says "no" of the food, not of the plan on
    file: what the plan said still holds ("at Greenway vets")."""
    on_file = "Pepper is booked in for her annual vaccinations at Hillside vets"
    target = Candidate(
        "semantic/home.md",
        make_entry(on_file, kind="FACT", source="user", today=NOW.date()),
        1.0,
        False,
        "trusted",
        analyze(on_file),
    )
    said = "pepper's vaccinations are on 3 october at 9:15, drop her off by 9, no food after 8pm"
    assert "Hillside vets" in forward(said, target)
