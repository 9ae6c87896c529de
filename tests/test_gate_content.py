"""What the write gate writes once it has the label right: a correction of one word keeps the
rest of the entry, a new number closes only the entry of the same person, a change to one norm
of a rule keeps its others, a new weekday drops the old calendar date, a repeat in other
words restates nothing, and one occasion of a schedule leaves the schedule open. Each through
`remember` on a real workspace."""

from __future__ import annotations

import pytest

from conftest import NOW
from memctl.gate.carry import AS_BEFORE
from memctl.gate.remember import remember
from memctl.language.framing import statement
from memctl.note import read_note


def open_texts(ws) -> list[str]:
    return [
        e.text
        for path in sorted(ws.root.rglob("*.md"))
        if ".git" not in path.parts and path.parent != ws.root
        for e in read_note(path).entries()
        if not e.closed
    ]


@pytest.mark.parametrize(
    ("on_file", "said", "now"),
    [
        (
            "Our plumber is Jim from FlowRight, his number is 0612 334 455",
            "actually it's Joe, not Jim",
            "Our plumber is Joe from FlowRight, his number is 0612 334 455",
        ),
        (
            "Our landlord is Peter Novak, rent is due on the 1st",
            "no wait, it's Pavel not Peter",
            "Our landlord is Pavel Novak, rent is due on the 1st",
        ),
        (
            "The kids' piano teacher is Mrs. Grant, lessons are on Thursdays at 16:00",
            "sorry, Mrs. Hollis, not Mrs. Grant",
            "The kids' piano teacher is Mrs. Hollis, lessons are on Thursdays at 16:00",
        ),
        (
            "The vet we take Biscuit to is Dr. Hansen on Elm Street",
            "correction: it's Dr. Brandt, not Dr. Hansen",
            "The vet we take Biscuit to is Dr. Brandt on Elm Street",
        ),
        (
            "Sam takes almond milk in his coffee, no sugar",
            "actually it's oat milk, not almond",
            "Sam takes oat milk in his coffee, no sugar",
        ),
    ],
)
def test_a_correction_of_one_word_keeps_the_entry_with_the_word_put_right(ws, on_file, said, now):
    """ "actually it's Joe, not Jim" over "Our plumber is Jim from FlowRight, his number is …"
    wrote only "actually it's Joe, not Jim": the plumber, FlowRight and the number were on no
    open line. "it's oat milk, not almond" carried "Sam takes almond milk", the word it said
    was wrong."""
    remember(ws, on_file, source="user", now=NOW)
    fixed = remember(ws, said, source="user", now=NOW).value
    assert fixed.label == "correction", fixed.reason
    assert fixed.written.entry.text == now
    assert open_texts(ws) == [now]


def test_a_name_put_right_beside_what_the_person_is_names_another_person(ws):
    """ "the accountant is Priya, not Pia" says who the accountant is: what the old line says of
    Pia (her VAT returns) is not said of Priya."""
    remember(ws, "Our accountant Pia handles the quarterly VAT returns", source="user", now=NOW)
    said = "the accountant is Priya, not Pia"
    fixed = remember(ws, said, source="user", now=NOW).value
    assert (fixed.label, fixed.written.entry.text) == ("correction", said)


@pytest.mark.parametrize(
    ("other", "said"),
    [
        ("Marco's number is 0176 5550 1234", "Joe the plumber's number is 0612 334 455"),
        ("Jan's number is 0176 5550 1234", "The babysitter's number is 0612 334 455"),
        ("Jun's number is 0176 5550 1234", "Sven the electrician's number is 0612 334 455"),
        ("May's email is may@posteo.de", "The landlord's email is rent@hausverwaltung.de"),
    ],
)
def test_a_number_of_someone_else_never_closes_a_persons_number(ws, other, said):
    """ "Joe the plumber's number is …" closed "Marco's number is …": Marco (Portuguese March),
    Jan and May were read as months that name no date, and dropped, so nothing on file named
    the person whose number it was."""
    remember(ws, "Our plumber is Jim from FlowRight", source="user", now=NOW)
    remember(ws, other, source="user", now=NOW)
    done = remember(ws, said, source="user", now=NOW).value
    assert done.closed is None or other not in done.closed.entry.text, done.reason
    assert other in open_texts(ws)


def test_a_month_said_as_a_date_is_still_a_date(ws):
    remember(ws, "The Lisbon trip starts on 3 Jan", source="user", now=NOW)
    moved = remember(ws, "The Lisbon trip got moved to 5 Jan", source="user", now=NOW).value
    assert moved.label == "update", moved.reason


@pytest.mark.parametrize(
    ("rule", "said", "kept"),
    [
        (
            "Always answer me in English, keep replies under ten lines",
            "Reply in German from now on",
            "keep replies under ten lines",
        ),
        (
            "Answer in English and keep replies under ten lines",
            "Reply in German from now on",
            "keep replies under ten lines",
        ),
        (
            "Write commit messages in English and keep them under 72 characters",
            "Write commit messages in German from now on",
            "keep them under 72 characters",
        ),
        (
            "Send me the standup notes at 9:00 and keep them short, under 200 words",
            "Send the standup notes to the team channel from now on",
            "under 200 words",
        ),
        (
            "Always reply in Spanish, and use bullet points for lists",
            "Answer in French from now on",
            "(as before: use bullet points for lists)",
        ),
    ],
)
def test_a_change_to_one_norm_of_a_rule_keeps_its_others(ws, rule, said, kept):
    """ "Reply in German from now on" over "Always answer me in English, keep replies under ten
    lines" closed the whole rule: the length limit, which speaks of replies too, was on no open
    line."""
    remember(ws, rule, source="user", kind="RULE", now=NOW)
    changed = remember(ws, said, source="user", now=NOW).value
    assert changed.label == "update", changed.reason
    text = changed.written.entry.text
    assert text.startswith(said) and kept in text
    assert not any(lang in text for lang in ("English", "Spanish"))
    assert [t for t in open_texts(ws) if said in t] == [text]


@pytest.mark.parametrize(
    ("on_file", "said", "gone", "kept"),
    [
        (
            "Lena's dentist appointment is on Wednesday 16 December at 15:30 with Dr. Okafor",
            "the dentist moved to Thursday",
            "16 December",
            ["at 15:30", "Okafor"],
        ),
        (
            "Parent-teacher meeting on Tuesday, 8 December at 18:00 in room 4B",
            "The parent-teacher meeting moved to Thursday",
            "8 December",
            ["at 18:00", "room 4B"],
        ),
        (
            "Haircut booked for Friday 11 December at 10:00 at Salon Mira",
            "The haircut is on Saturday now",
            "11 December",
            ["at 10:00", "Salon Mira"],
        ),
        (
            "Team dinner on Friday 18 December at 19:00 at Luigi's",
            "Team dinner moved to the 19th",
            "Friday",
            ["at 19:00", "Luigi's"],
        ),
    ],
)
def test_a_new_weekday_drops_the_old_date_and_a_new_date_the_old_weekday(
    ws, on_file, said, gone, kept
):
    """ "the dentist moved to Thursday" carried "on 16 December", a Wednesday: a date has one
    weekday, so a weekday changed changes the date (and a date changed, the weekday)."""
    remember(ws, on_file, source="user", now=NOW)
    moved = remember(ws, said, source="user", now=NOW).value
    assert moved.label == "update", moved.reason
    text = moved.written.entry.text
    assert gone not in text and all(k in text for k in kept), text


def test_a_new_weekday_keeps_a_month_that_is_no_date(ws):
    remember(ws, "Yoga every Wednesday in December at 7:00", source="user", now=NOW)
    moved = remember(ws, "Yoga moved to Thursdays", source="user", now=NOW).value
    assert "in December" in moved.written.entry.text


@pytest.mark.parametrize(
    ("on_file", "said"),
    [
        ("Our plumber is Jim from FlowRight", "Jim at FlowRight is the plumber we use"),
        (
            "Our dentist is Dr. Okafor on Main Street",
            "Dr. Okafor on Main Street is the dentist we go to",
        ),
        ("My mechanic is Sven at AutoFix", "Sven at AutoFix is the mechanic I use"),
    ],
)
def test_the_one_we_use_is_ours_said_again(ws, on_file, said):
    """ "Jim at FlowRight is the plumber we use" over "Our plumber is Jim from FlowRight" was an
    update that "adds a detail: us", written "(as before: Our plumber is Jim)"."""
    remember(ws, on_file, source="user", now=NOW)
    again = remember(ws, said, source="user", now=NOW).value
    assert again.label == "repeat", again.reason
    assert open_texts(ws) == [on_file]


def test_a_detail_after_the_one_we_use_is_added_and_restates_nothing(ws):
    remember(ws, "Our plumber is Jim from FlowRight", source="user", now=NOW)
    said = "Jim at FlowRight is the plumber we use for the boiler"
    more = remember(ws, said, source="user", now=NOW).value
    assert (more.label, more.written.entry.text) == ("update", said)


SCHEDULE = "Team standup is every weekday at 10:00 on Zoom."


@pytest.mark.parametrize(
    "said",
    [
        "Next Monday's standup is cancelled for the offsite.",
        "Standup on the 10th is moved to 11:00",
        "Tomorrow's standup is at 11 instead",
        "This Friday's standup is cancelled, half the team is off",
    ],
)
def test_one_occasion_of_a_schedule_is_kept_beside_it(ws, said):
    """ "Next Monday's standup is cancelled" closed "standup is every weekday at 10:00": after
    that Monday nothing said when the standup was."""
    remember(ws, SCHEDULE, source="user", now=NOW)
    result = remember(ws, said, source="user", now=NOW).value
    assert result.label == "new" and result.closed is None
    assert sorted(open_texts(ws)) == sorted([SCHEDULE, said])


@pytest.mark.parametrize(
    ("schedule", "said"),
    [
        (SCHEDULE, "Standup moves to 10:30 starting next Monday"),
        (SCHEDULE, "From now on the standup is at 9:30"),
        (SCHEDULE, "heads up: standup's on Google Meet from tomorrow"),
        ("Leo's swimming lesson is every Saturday at 9", "Leo quit his swimming lesson today"),
    ],
)
def test_a_change_to_the_schedule_itself_is_an_update(ws, schedule, said):
    remember(ws, schedule, source="user", now=NOW)
    result = remember(ws, said, source="user", now=NOW).value
    assert result.label == "update"


@pytest.mark.parametrize(
    ("on_file", "said", "holds"),
    [
        (
            "Emma is allergic to peanuts and also to kiwi.",
            "Emma is not allergic to peanuts after all.",
            "Emma is allergic to kiwi",
        ),
        (
            "Emma is allergic to peanuts and also to kiwi.",
            "Actually Emma isn't allergic to peanuts, the test was negative.",
            "Emma is allergic to kiwi",
        ),
        (
            "Leo plays football, tennis and chess",
            "Leo doesn't play tennis anymore",
            "Leo plays football and chess",
        ),
        (
            "The gym is open on Saturdays and Sundays",
            "The gym is not open on Sundays anymore",
            "The gym is open on Saturdays",
        ),
    ],
)
def test_saying_one_item_of_a_list_is_not_so_keeps_the_others(ws, on_file, said, holds):
    """ "Emma is not allergic to peanuts after all" closed "Emma is allergic to peanuts and also
    to kiwi" and wrote only itself: the kiwi allergy was on no open line."""
    remember(ws, on_file, source="user", now=NOW)
    result = remember(ws, said, source="user", now=NOW).value
    assert result.closed is not None
    assert open_texts(ws) == [f"{statement(said)} (as before: {holds})"]  # "Actually" is its label


def test_a_fact_said_not_to_hold_carries_no_clause_of_it(ws):
    """Clauses are no list: "Jim isn't our plumber anymore" carries nothing of "Our plumber is
    Jim, his number is …" (not "Our plumber is his number is …")."""
    remember(ws, "Our plumber is Jim, his number is 0612 334 455", source="user", now=NOW)
    said = "Jim isn't our plumber anymore"
    remember(ws, said, source="user", now=NOW)
    assert open_texts(ws) == [said]


@pytest.mark.parametrize(
    ("on_file", "said", "holds"),
    [
        (
            "Our landlord is Mr. Grant, his number is 0612 334 455.",
            "Mr. Grant has a new number: 0699 100 200.",
            "Our landlord is Mr. Grant",
        ),
        (
            "Dr. Okafor is the kids' dentist, on Elm Street",
            "Dr. Okafor moved her practice to Oak Avenue",
            "Dr. Okafor is the kids' dentist",
        ),
    ],
)
def test_an_update_that_names_someone_keeps_what_they_are(ws, on_file, said, holds):
    """ "Mr. Grant has a new number" over "Our landlord is Mr. Grant, his number is …" wrote
    only itself: `recall "who is our landlord?"` found nothing open."""
    remember(ws, on_file, source="user", now=NOW)
    result = remember(ws, said, source="user", now=NOW).value
    assert result.label == "update"
    assert open_texts(ws) == [f"{said} (as before: {holds})"]


def test_a_line_that_may_replace_an_entry_no_note_fits_goes_beside_it(cli, ws):
    """ "My passport needs renewing before May 2029" went to semantic/inbox.md, away from the
    entry in people/me.md it may replace: whoever settles it saw one of the two."""
    cli("new", "people/me", "-t", "Me")
    cli("add", "people/me", "Passport expiry date: May 2029.")
    said = cli.json("remember", "My passport needs renewing before May 2029.", "-s", "user")
    assert said["label"] == "new" and said["unsure"]["near"].startswith("people/me.md#^")
    assert said["written"]["path"] == "people/me.md"


@pytest.mark.parametrize(
    ("on_file", "said"),
    [
        (
            "Climbing with Tomasz on Tuesday and Thursday evenings at Boulderhal Noord.",
            "Climbing with Tomasz is only on Tuesday evenings now",
        ),
        (
            "Mila has swimming on Monday and Wednesday at 16:00.",
            "Mila only swims on Mondays at 16:00 now",
        ),
        ("The gym is open on Saturdays and Sundays.", "The gym is just open on Saturdays"),
    ],
)
def test_saying_it_holds_of_fewer_is_an_update_not_a_repeat(ws, on_file, said):
    """ "Climbing … is only on Tuesday evenings now" over "… Tuesday and Thursday evenings" was
    a repeat: the Thursdays stayed open, re-verified, and the change was lost."""
    remember(ws, on_file, source="user", now=NOW)
    result = remember(ws, said, source="user", now=NOW).value
    assert result.label == "update", result.reason
    assert result.closed is not None and len(open_texts(ws)) == 1


@pytest.mark.parametrize(
    ("said", "label"),
    [
        ("Wait, my blood type is actually O positive, I misremembered", "correction"),
        ("My blood type is A positive, just so you know.", "repeat"),
        ("I'm B negative, blood-wise.", None),
    ],
)
def test_a_blood_group_is_a_value(ws, said, label):
    """A letter is no word: "O positive" over "A positive" read as nothing new."""
    remember(ws, "My blood type is A positive.", source="user", now=NOW)
    result = remember(ws, said, source="user", now=NOW).value
    assert result.label != "repeat" if label is None else result.label == label, result.reason


@pytest.mark.parametrize(
    ("on_file", "said", "carried", "not_carried"),
    [
        (
            "My wife Sanne is vegetarian.",
            "Correction: my wife is pescatarian, she does eat fish",
            "My wife Sanne",
            "vegetarian",
        ),
        (
            "The car is insured with Centraal Beheer for 62 euros a month.",
            "We moved the car insurance over to ANWB, 55 a month now",
            None,
            "Centraal Beheer",
        ),
        (
            "Our landlord is Mr. Grant, his number is 0612 345 678.",
            "Mr. Grant has a new number: 0687 654 321",
            "Our landlord is Mr. Grant",
            "0612",
        ),
    ],
)
def test_what_is_carried_forward_never_says_again_what_changed(
    ws, on_file, said, carried, not_carried
):
    """ "(as before: My wife Sanne is vegetarian)" on the line saying she is pescatarian, and
    "(as before: with Centraal Beheer)" on the line saying the insurance moved to ANWB: the
    carried details brought back the very thing the new words replace."""
    remember(ws, on_file, source="user", now=NOW)
    result = remember(ws, said, source="user", now=NOW).value
    assert result.label in ("update", "correction"), result.reason
    line = result.written.entry.text
    assert not_carried not in line
    assert carried is None or f"(as before: {carried}" in line


@pytest.mark.parametrize(
    ("said", "clashes"),
    [
        ("Bought a new espresso machine for 180 euros without checking", True),
        ("Purchased concert tickets for 250 euros", True),
        ("Spent 180 euros on an espresso machine", True),
        ("Bought a 40 euro kettle", False),  # within the limit
        ("Spent 40 euros on a kettle", False),
        ("Spent 100 euros on groceries", False),  # at the limit: not more than it
        ("Ordered the 180 euro espresso machine from bol.com", True),  # ordered for a price
        ("Ordered a 40 euro kettle", False),
    ],
)
def test_buying_past_a_spending_limit_clashes_and_within_it_does_not(ws, said, clashes):
    """With "Never spend more than 100 euros without asking me first" on file, only "spent"
    clashed ("bought … for 180 euros" was new), and 40 euros clashed as "a different number"."""
    remember(
        ws,
        "Never spend more than 100 euros without asking me first.",
        source="user",
        topic="rules/money",
        kind="RULE",
        now=NOW,
    )
    result = remember(ws, said, source="agent", now=NOW).value
    assert (result.label == "clash") == clashes, result.reason


@pytest.mark.parametrize(
    ("on_file", "said"),
    [
        (
            "The book club meets at 19:30 on Thursdays.",
            "Book club is at half past seven on Thursdays",
        ),
        ("Yoga is at 18:45 on Mondays.", "Yoga is at a quarter to seven on Mondays"),
        (
            "The mortgage is 1,480 euros, paid on the 28th.",
            "Our mortgage is €1480, paid on the 28th",
        ),
        (
            "School fees of 2,300 pounds are due on the 1st.",
            "The school fees, £2300, are due on the first",
        ),
        ("Our spare key is with Mrs. Patel at number 7.", "Mrs. Patel at no. 7 has our spare key"),
        ("My mother lives in Porto.", "Mum lives in Porto."),
        ("Grandma's birthday is on 4 June.", "My grandmother's birthday is on 4 June."),
    ],
)
def test_the_same_said_in_other_words_for_its_values_is_a_repeat(ws, on_file, said):
    """A time said in words ("half past seven"), a thousands comma ("1,480" read as 1.48), a
    day said as an ordinal word ("the first"), "no. 7" (read as a "no") and a parent's other
    name (Mum, mother) made a repeat new, or worse, "says the opposite"."""
    remember(ws, on_file, source="user", now=NOW)
    result = remember(ws, said, source="user", now=NOW).value
    assert result.label == "repeat", result.reason


def test_a_reason_names_the_words_as_the_text_writes_them(ws):
    remember(ws, "I'm allergic to penicillin.", source="user", now=NOW)
    result = remember(ws, "Penicillin gives me a rash, I'm allergic", source="user", now=NOW).value
    assert "giv," not in result.reason and ("gives" in result.reason or "rash" in result.reason)


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("Standup is at quarter past nine", {"t:09:15"}),
        ("Pick-up is 20 minutes past 4", {"t:04:20"}),
        ("The rent, 1,250 euros, is due on the first", {"n:1250", "d:1"}),
        ("My blood type is O negative", {"blood:o-"}),
    ],
)
def test_values_said_in_words(text, values):
    from memctl.gate.reading import analyze

    assert values <= analyze(text).values


def test_a_count_is_no_time():
    """ "5 to 10 people" was read as 09:55."""
    from memctl.gate.reading import analyze

    said = analyze("We expect 5 to 10 people")
    assert {"n:5", "n:10"} <= said.values and not any(v.startswith("t:") for v in said.values)


@pytest.mark.parametrize(
    ("rule", "said", "within"),
    [
        ("Spend at most 100 euros on gifts.", "Spent 80 euros on a gift", True),
        ("Spend at most 100 euros on gifts.", "Spent 180 euros on a gift", False),
        ("Always get at least 2 reviews before merging.", "Merged with 3 reviews", True),
        ("Always get at least 2 reviews before merging.", "Merged with 1 review", False),
        ("Never spend more than 50 euros on wine.", "Bought wine for 45 euros", True),
        ("Never spend more than 50 euros on wine.", "Spent 45 euros on 120 bottle caps", True),
        ("Never spend more than 50 euros on wine.", "Bought 2 bottles for 80 euros", False),
    ],
)
def test_an_amount_stands_on_one_side_of_a_rules_limit(rule, said, within):
    from memctl.gate.bounds import amounts_within
    from memctl.gate.reading import analyze

    assert amounts_within(analyze(said), analyze(rule)) is within


@pytest.mark.parametrize(
    ("on_file", "said", "holds"),
    [
        (
            "Staging database listens on port 5432 on db-stg-01",
            "Correction: the staging db is on 5433",
            "on db-stg-01",
        ),
        (
            "The wiki runs on port 8080 on srv-wiki-02",
            "Sorry, I had it wrong: the wiki is on 8081",
            "on srv-wiki-02",
        ),
    ],
)
def test_a_code_keeps_its_pieces_to_itself(ws, on_file, said, holds):
    """A correction of the port over "… on port 5432 on db-stg-01" dropped the host: "db" of the
    code read as restated, "01" as a number the new port replaced."""
    remember(ws, on_file, source="user", now=NOW)
    result = remember(ws, said, source="user", now=NOW).value
    assert result.label in ("update", "correction")
    [line] = open_texts(ws)
    said_now, _, before = line.partition(AS_BEFORE)
    assert said_now.split()[-1] == said.split()[-1] and holds in before
