"""What an update carries forward when the new text touches the phrase that holds a detail:
the value it corrects is never carried (even one it names in a "not" clause), someone named in
part is still who the entry says they are, a phrase the new text says in part keeps the names
it leaves unsaid, and a move to another weekday is written as the date it means. Each through
`remember` on a real workspace (the clock: Monday 30 November 2026)."""

from __future__ import annotations

import pytest

from conftest import NOW
from memctl.gate.carry import AS_BEFORE
from memctl.gate.remember import remember


def _written(ws, on_file: str, said: str) -> str:
    remember(ws, on_file, source="user", now=NOW)
    result = remember(ws, said, source="user", now=NOW).value
    assert result.label in ("update", "correction"), result.reason
    return result.written.entry.text


def _carried(line: str) -> str:
    assert AS_BEFORE in line, line
    return line.split(AS_BEFORE, 1)[1]


@pytest.mark.parametrize(
    ("on_file", "said", "kept", "gone"),
    [
        (
            "Storage unit 14B at SafeStore, £89, billed quarterly",
            "my mistake, the storage unit is £95 not £89",
            ["billed quarterly", "at SafeStore"],
            "£89",
        ),
        (
            "The cleaner comes on Fridays, £60, cash on the day",
            "oops, the cleaner is £65 not £60",
            ["cash on the day", "on Fridays"],
            "£60",
        ),
        (
            "Piano lessons for Ada with Mrs Cole on Mondays, €35, paid by card",
            "sorry I got that wrong, Ada's lessons are €38 a lesson not €35",
            ["paid by card", "with Mrs Cole"],
            "€35",
        ),
        (
            "Rent goes to lettings@oakhomes.co.uk, due on the 1st",
            "actually rent goes to accounts@oakhomes.co.uk not lettings@, the agent emailed me",
            ["due on the 1st"],
            "lettings@oakhomes.co.uk",
        ),
    ],
)
def test_a_value_the_new_text_names_is_never_carried(ws, on_file, said, kept, gone):
    """ "the rate is £2,600 a month not £2,400" carried "(as before: …, £2,400 net 30, …)": the
    value it corrects came back beside the detail it shared a phrase with; and a "not" said of
    an address in part ("not accounts@") read as the whole entry ended, carrying nothing."""
    carried = _carried(_written(ws, on_file, said))
    assert gone not in carried and all(k in carried for k in kept), carried


def test_a_correction_leaves_out_its_lead_in(ws):
    line = _written(
        ws,
        "Piano lessons for Ada with Mrs Cole on Mondays, €35, paid by card",
        "sorry I got that wrong, Ada's lessons are €38 a lesson not €35",
    )
    assert line.startswith("Ada's lessons are €38"), line


@pytest.mark.parametrize(
    ("on_file", "said", "who"),
    [
        (
            "Our electrician is Kofi Mensah from BrightSpark, his number is 07700 900111",
            "Kofi from BrightSpark has a new number: 07700 900222",
            "Our electrician is Kofi Mensah",
        ),
        (
            "The kids' swimming coach is Marta Silva, lessons at 17:00",
            "Marta says lessons are at 17:30 from now on",
            "The kids' swimming coach is Marta Silva",
        ),
        (
            "Our vet is Priya Nair at Parkside Vets, her number is 0161 496 0000",
            "Priya at Parkside has a new direct line: 0161 496 0999",
            "Our vet is Priya Nair",
        ),
        (
            "Our accountant is Helen Ward from Ward & Co, her email is helen@wardco.uk",
            "Helen has a new email: hward@wardco.uk",
            "Our accountant is Helen Ward",
        ),
    ],
)
def test_someone_named_in_part_is_still_who_the_entry_says(ws, on_file, said, who):
    """ "Jim from FlowRight has a new mobile" over "Our plumber is Jim Reyes from FlowRight, his
    number is …" carried nothing: the new line said no plumber, and no search for one found it."""
    carried = _carried(_written(ws, on_file, said))
    assert carried.startswith(who), carried


def test_someone_named_in_part_is_found_by_what_they_are(cli):
    """After the update, a search or a question for the electrician found nothing."""
    cli.tell(
        "Our electrician is Kofi Mensah from BrightSpark, his number is 07700 900111",
        "Kofi from BrightSpark has a new number: 07700 900222",
    )
    assert "07700 900222" in cli("search", "electrician").stdout
    assert "07700 900222" in cli("recall", "what's the electrician's number?").stdout


@pytest.mark.parametrize(
    ("on_file", "said", "kept"),
    [
        (  # a name beside a word the new text says; a code the subject is
            "Train to Edinburgh is the LNER 1S12 on 14 May, from King's Cross at 10:00",
            "LNER emailed, the Edinburgh train now departs at 10:30",
            ["1S12", "14 May", "King's Cross"],
        ),
        (  # who texted and where the table was said in part
            "Book club with Sara and Lin on Thursday 3 December at Foyles Charing Cross at 19:00",
            "sara texted, foyles can't do 19:00 so it's at 19:30 instead",
            ["Lin", "Charing Cross", "3 December"],
        ),
        (  # the amount and what it goes into in one phrase
            "Pension contributions are £150 a month into the Aviva Growth fund",
            "i've cut the pension payments to £100 a month",
            ["Aviva Growth fund"],
        ),
        (  # the new text says "into the ISA" of "into the Marcus ISA"
            "£300 a month goes into the Marcus ISA on the 28th",
            "I'm putting 400 into the ISA each month now, got a raise",
            ["Marcus", "28th"],
        ),
    ],
)
def test_a_phrase_said_in_part_keeps_its_other_details(ws, on_file, said, kept):
    """ "tom texted, dishoom couldnt do 7:30 …" over "Dinner with Tom and Priya … at Dishoom
    Shoreditch at 7:30" dropped Priya and Shoreditch: a phrase sharing one word with the new
    text was dropped whole, with the names beside that word."""
    carried = _carried(_written(ws, on_file, said))
    assert all(k in carried for k in kept), carried


@pytest.mark.parametrize(
    ("on_file", "said", "gone"),
    [
        (  # Meet is what broke: the standup moved to another tool
            "Standup is daily at 9:15 on Google Meet",
            "we moved the standup over to zoom, meet links kept breaking",
            "Google Meet",
        ),
        (  # another place named: the old one's other name goes with it
            "Lunch with Ana and Ben on Friday at Padella Borough at 13:00",
            "lunch moved to Padella Soho at 13:30",
            "Borough",
        ),
        (  # named whole in the new text: who it was goes, the role is another's now
            "the plumber is jim, number 07700 900123, based in leeds",
            "the plumber is joe now",
            "jim",
        ),
        (  # "same" of another thing than the time: the old time still goes
            "Tom's football training is Tuesday at 18:00 at the rec",
            "toms football moved to thursday at 19:00, same pitch",
            "18:00",
        ),
        (  # the ISA top-up lowered: the old amount is not carried
            "Pension contributions are £150 a month into the Aviva Growth fund",
            "i've cut the pension payments to £100 a month",
            "£150",
        ),
    ],
)
def test_a_replaced_detail_is_still_not_carried(ws, on_file, said, gone):
    line = _written(ws, on_file, said)
    assert gone not in line.split(AS_BEFORE, 1)[-1] or AS_BEFORE not in line, line


def test_an_ended_thing_carries_nothing(ws):
    line = _written(
        ws,
        "Guitar lessons with Marco on Tuesdays at 18:00 at the Music Hub",
        "I've stopped the guitar lessons with Marco",
    )
    assert AS_BEFORE not in line, line


@pytest.mark.parametrize(
    ("on_file", "said", "date", "kept"),
    [
        (  # no direction said: the same week
            "Haircut on Tuesday 8 December at 10:00 at Salon Mira",
            "salon mira called, the haircut is moved to friday now",
            "on Friday 11 December",
            ["at 10:00", "at Salon Mira"],
        ),
        (  # pushed back: the Wednesday after
            "Biscuit's vet appointment on Monday 14 December at 9:00 at Parkside",
            "Parkside pushed Biscuit's vet appointment back to Wednesday",
            "on Wednesday 16 December",
            ["at 9:00"],
        ),
        (  # brought forward: the Tuesday before
            "Parents' evening on Thursday 10 December at 18:00 in the school hall",
            "parents' evening was brought forward to Tuesday",
            "on Tuesday 8 December",
            ["at 18:00", "in the school hall"],
        ),
        (  # postponed to Monday: the next one, not the Monday of that week
            "Call with the bank on Friday 11 December at 14:00",
            "the bank postponed the call to Monday",
            "on Monday 14 December",
            ["at 14:00"],
        ),
    ],
)
def test_a_move_to_another_weekday_is_written_as_the_date_it_means(ws, on_file, said, date, kept):
    """ "dentist is moved to thursday now, same time" over "… on Wednesday 9 December at 15:30
    …" carried the time but no date: the line no longer said which Thursday."""
    carried = _carried(_written(ws, on_file, said))
    assert date in carried and all(k in carried for k in kept), carried


def test_a_weekday_that_does_not_match_its_date_is_not_moved(ws):
    """10 December 2026 is a Thursday: "Wednesday 10 December" says no one date to move from."""
    carried = _carried(
        _written(
            ws,
            "Call with the bank on Wednesday 10 December at 14:00",
            "the bank call is moved to Friday",
        )
    )
    assert "December" not in carried and "at 14:00" in carried, carried


@pytest.mark.parametrize(
    ("phrase", "written"),
    [
        ("on Wednesday 8 December 2027", "on Thursday 9 December 2027"),  # the year written
        ("on Wednesday, December 9", "on Thursday December 10"),
    ],
)
def test_a_weekday_move_keeps_the_year_and_the_order_the_date_was_written_in(phrase, written):
    import datetime as dt

    from memctl.gate.reading import analyze
    from memctl.gate.weekday import moved_to

    said = analyze("the dentist moved to thursday")
    assert moved_to(phrase, analyze(phrase), said, dt.date(2026, 12, 1)) == written


@pytest.mark.parametrize(
    ("on_file", "said", "kept", "gone"),
    [
        (  # a phrase said again in part keeps the values and words it leaves unsaid
            "Dog walker is Priya, walks at 12:00 mon-thu",
            "dog walks are at 13:00 now",
            ["mon-thu", "Priya"],
            ["12:00"],
        ),
        (
            "Council tax £160 a month, paid on the 15th",
            "council tax payment went up to £172 a month",
            ["on the 15th"],
            ["£160"],
        ),
        (
            "Choir at St Anne's, rehearsal 19:30 tuesdays, bring water",
            "choir rehearsal is 19:00 now",
            ["tuesdays", "bring water"],
            ["19:30"],
        ),
        (  # the words of a name are no role ("Little" of "Little Stars")
            "Ava's childminder is Little Stars, pickup at 15:15 mon-thu",
            "little stars pickup is 15:45 now",
            ["Ava's childminder", "mon-thu"],
            ["15:15"],
        ),
        (  # a value given up and another of its kind given: the rest holds
            "Piano lessons every Monday, 4pm, bring the theory book",
            "scrap mondays for piano, doing wednesdays now",
            ["4pm", "theory book"],
            ["Monday"],
        ),
        (  # someone of the entry replaced in their role: what the entry is about holds
            "Smith kitchen refit 3 March at Elm Road, electrician Tom, £200 a day",
            "tom can't do the smith job anymore, got raj as electrician instead",
            ["3 March", "Elm Road"],
            ["Tom", "£200"],
        ),
        (  # what it is about, in more words than the new text uses
            "Large oak dining table listed for £400 on eBay, collection only",
            "large tables down to £350 now",
            ["oak", "collection only"],
            ["£400"],
        ),
        (  # "same time": a part of the day replaces no time
            "Tom's football training is Tuesday at 18:00 at the rec",
            "toms football moved to thursday evenings, same time",
            ["18:00", "at the rec"],
            ["Tuesday"],
        ),
        (  # a date whole, its weekday and day written before the month
            "smith party fri 4 july 2027 at the old barn, starts 7pm, dj booked",
            "smith party start pushed to 8pm",
            ["fri 4 july 2027", "old barn"],
            ["7pm"],
        ),
        (  # someone named in part, the entry written without capitals
            "sara okoye is our accountant for the business, £90/hour, based in leeds",
            "sorry typo, sara is £95 an hour not 90",
            ["okoye", "our accountant", "leeds"],
            ["£90"],
        ),
        (  # days written short with spaces only are days, and the old ones go
            "jo volunteers at the food bank, driver, mon wed fri",
            "jo's moved to tue thu at the food bank",
            ["driver"],
            ["mon wed fri"],
        ),
        (  # an amount per month however written is the amount replaced
            "Storage unit at Big Yellow, £85 pcm, paid on the 2nd",
            "storage went up to £90/month",
            ["Big Yellow", "on the 2nd"],
            ["£85"],
        ),
        (  # …said with the verb of its price: neither the amount nor its verb is left
            "Broadband with Zen costs £32 a month, contract runs to October",
            "zen just put the broadband up to £36.50/mo",
            ["contract runs to October"],
            ["£32", "costs"],
        ),
        (
            "Gym membership at Anytime costs £39 a month, direct debit on the 5th",
            "gym membership went up to £42 a month",
            ["at Anytime", "on the 5th"],
            ["£39", "costs"],
        ),
    ],
)
def test_an_update_carries_what_it_leaves_unsaid_and_not_what_it_replaces(
    ws, on_file, said, kept, gone
):
    """ "van payment went up to £329 a month" lost "paid on the 1st" (a phrase said in part was
    dropped whole), "scrap sundays …, going every other saturday now" carried nothing, "harris
    ceremony got pushed to 3:30" kept "june 2027" of "sat 13 june 2027", and "£329/month" kept
    "£312 pm" beside it."""
    carried = _carried(_written(ws, on_file, said))
    assert all(k in carried for k in kept), carried
    assert not any(g in carried for g in gone), carried


@pytest.mark.parametrize(
    "text", ["we sat down at the table", "the sun was out", "they wed in june"]
)
def test_a_short_weekday_alone_is_a_word(text):
    """ "mon tue wed" reads as three days; a short weekday no other day stands beside is not."""
    from memctl.gate.reading import analyze

    assert not any(v.startswith("wd:") for v in analyze(text).values)
