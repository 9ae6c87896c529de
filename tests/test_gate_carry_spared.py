"""What an update carries when it touches the phrase, the kind of value or the person of an
entry, but leaves some of it standing: one of two times or days it does not name, the rest of an
entry whose detail alone it ends, where a role is held when a correction puts the name right,
the words that say which thing it is, and a clause kept whole. And never the value it replaces.
In-process: the gate's `forward` over an entry line (memctl/gate/spared.py)."""

from __future__ import annotations

import datetime as dt

import pytest

from conftest import NOW
from memctl.entry import parse_entry
from memctl.gate.candidates import candidate
from memctl.gate.carry import AS_BEFORE, forward
from memctl.gate.reading import analyze
from memctl.gate.remember import remember


def _carried(on_file: str, said: str) -> str:
    entry = parse_entry(f"- [🟡MED][FACT] added:2026-11-01 src:user · {on_file} ^k3x9")
    assert entry is not None
    line = forward(said, candidate("notes/x.md", entry, said), dt.date(2026, 11, 30))
    return line.split(AS_BEFORE, 1)[1] if AS_BEFORE in line else ""


@pytest.mark.parametrize(
    ("on_file", "said", "kept", "gone"),
    [
        # one of two times: named by the part of the day, or said not to be so
        (
            "Mum takes her inhaler at 7am and 9pm, two puffs",
            "mum's night inhaler dose is at 10pm now",
            ["7am", "two puffs"],
            ["9pm"],
        ),
        (
            "Standups are at 9:30 and 16:00 in the Orion room",
            "the afternoon standup moved to 15:00",
            ["9:30", "Orion room"],
            ["16:00"],
        ),
        (
            "The dog walker comes at 8am and 5pm, key in the lockbox",
            "dog walker's coming at 6pm instead of 5",
            ["8am", "lockbox"],
            ["5pm"],
        ),
        (
            "Grandad's carers come at 9am and 4pm, from Helping Hands",
            "the afternoon call is at 5pm now",
            ["9am", "Helping Hands"],
            ["4pm"],
        ),
        # look-alikes: which one is not said, or both fall in the part named
        (
            "Standups are at 9:30 and 16:00 in the Orion room",
            "standups moved to 10:00",
            ["Orion room"],
            ["9:30", "16:00"],
        ),
        (
            "Feeds are at 6pm and 10pm, 150ml formula",
            "the evening feed is at 7pm now",
            ["150ml"],
            ["6pm", "10pm"],
        ),
    ],
)
def test_one_of_two_values_of_a_kind_keeps_the_other(on_file, said, kept, gone):
    """ "bright care have moved dads evening visit to 7pm" over "… carers come at 8am and 6pm"
    carried neither time: the morning visit, which nothing changed, was lost."""
    carried = _carried(on_file, said)
    assert all(k in carried for k in kept) and not any(g in carried for g in gone), carried


@pytest.mark.parametrize(
    ("on_file", "said", "kept", "gone"),
    [
        (
            "Kemi works 10 hour shifts at St Mary's, mostly weekends and bank holidays",
            "kemi's not doing bank holidays anymore, weekends only now",
            ["10 hour shifts", "St Mary's"],
            ["bank holidays"],
        ),
        (
            "Ella has piano on Mondays at 5pm with Mrs Price, grade 3 exam in March",
            "ella's not having lessons with mrs price anymore, she's with mr jones now",
            ["grade 3 exam in March"],
            ["Mrs Price"],
        ),
        (
            "Our water softener is serviced by Aqua Brothers, salt top-up every 6 weeks",
            "we don't use aqua brothers anymore, went with clearflow for the softener",
            ["salt top-up every 6 weeks"],
            ["Aqua Brothers"],
        ),
        # look-alikes: the thing itself ends
        (
            "Tomasz works at Halden in Gdansk, data team lead",
            "tomasz doesn't work at halden anymore, he's at monzo now",
            [],
            ["Gdansk", "data team"],
        ),
        (
            "Gym membership at PureGym, £30 a month, renews in May",
            "we cancelled the gym membership, too expensive",
            [],
            [],
        ),
    ],
)
def test_a_not_said_of_a_detail_ends_only_that_detail(on_file, said, kept, gone):
    """ "sion's on days only now, no more nights" and "we're not using dai plumbing anymore,
    switched to cwmbran heating" carried nothing: the "not" was read as the whole entry ending,
    and the 12 hour shifts, the hospital and the service each October were lost."""
    carried = _carried(on_file, said)
    assert all(k in carried for k in kept) and not any(g in carried for g in gone), carried


@pytest.mark.parametrize(
    ("on_file", "said", "kept", "gone"),
    [
        (
            "Priya's dentist is Dr Shah at Smile Studio in Pontcanna",
            "priya's dentist is dr khan, not dr shah",
            ["Smile Studio", "Pontcanna"],
            ["Shah"],
        ),
        (
            "Our broker is Tom Reed at Hallmark Finance",
            "our broker is sam reed, not tom reed",
            ["Hallmark Finance"],
            ["Tom"],
        ),
        (
            "Our account manager is Jenna at Northwind Logistics",
            "the account manager is Laura not Jenna",
            ["Northwind Logistics"],
            ["Jenna"],
        ),
        # look-alike: what the entry says the person does is theirs
        (
            "Our plumber is Jim, he comes on short notice",
            "No, the plumber is Joe, not Jim",
            [],
            ["short notice"],
        ),
    ],
)
def test_a_name_put_right_keeps_where_the_role_is_held(on_file, said, kept, gone):
    """ "dads gp is dr price, not dr rees" over "Dad's GP is Dr Rees at Llandaff North surgery"
    carried nothing: the surgery was lost with the name that was wrong."""
    carried = _carried(on_file, said)
    assert all(k in carried for k in kept) and not any(g in carried for g in gone), carried


@pytest.mark.parametrize(
    ("on_file", "said", "kept", "gone"),
    [
        # the amount, where who rang names the clause of another amount
        (
            "Riverside unit rent is £800 pcm, parking £40 via Kowalczyk Lets",
            "kowalczyk lets emailed, unit rent going up to £850 from april",
            ["parking £40", "Riverside unit rent"],
            ["£800"],
        ),
        # a day of the month said "the 23rd" with a word of how it is said after it
        (
            "Ben's driving test is on 9 June",
            "ben's test got moved to the 23rd hopefully",
            [],
            ["9 June"],
        ),
        # a number said not to be so in part, where "ends" says what it ends with
        (
            "Our broadband account number is 4410-2289-5531, with Zen",
            "the broadband account number ends 5513 not 5531",
            ["with Zen"],
            ["4410"],
        ),
        (
            "The van's tracker SIM is 0790-112-3345, registered to Hollis Ltd",
            "the tracker sim ends 3354 not 3345",
            ["Hollis Ltd"],
            ["0790"],
        ),
    ],
)
def test_the_value_replaced_is_never_carried(on_file, said, kept, gone):
    """ "harris lettings rang, …, rent up to £700" carried "newport flat rent is £675 pcm"; "efa's
    paper 1 got moved to the 21st apparently" carried "on 14 may"; "the lpa ref for dad ends 6798
    not 6789" read "ends" as the entry ending and carried nothing else."""
    carried = _carried(on_file, said)
    assert all(k in carried for k in kept) and not any(g in carried for g in gone), carried


@pytest.mark.parametrize(
    ("on_file", "said", "kept", "gone"),
    [
        (
            "Girls' U9 swimming is Saturday 8am at Splott pool",
            "swimming moved to the international pool from this week",
            ["Girls' U9 swimming is Saturday 8am"],
            ["Splott"],
        ),
        (
            "The joint account standing order is £400, on the 1st",
            "standing order going up to £450",
            ["joint account", "on the 1st"],
            ["£400"],
        ),
        (
            "MOT on the van runs out 3 April 2026",
            "the MOT runs out 3 april 2027 not 2026",
            ["on the van"],
            ["2026"],
        ),
        # look-alike: the new text names it in as many words
        ("The rent is £675 a month", "the rent is going up to £700", [], ["rent", "£675"]),
    ],
)
def test_the_words_that_say_which_thing_it_is_are_kept(on_file, said, kept, gone):
    """ "trainings at heath park from tonight" over "u11s training is thursday 5.30 at llandaff
    fields" carried "thursday 5.30", not whose training; "the gas cert runs out 14 march 2026
    not 2027" lost "on the flat"."""
    carried = _carried(on_file, said)
    assert all(k in carried for k in kept) and not any(g in carried for g in gone), carried


@pytest.mark.parametrize(
    ("on_file", "said", "whole"),
    [
        (
            "Spare key is with Mrs Ali at no. 4, the alarm code is in the blue notebook",
            "the spare key's with mr evans now",
            "the alarm code is in the blue notebook",
        ),
        (
            "Deploys go through Jenkins, the runbook is on the team wiki",
            "deploys go through github actions now",
            "the runbook is on the team wiki",
        ),
    ],
)
def test_a_clause_is_carried_whole(on_file, said, whole):
    """ "the agency number is on the fridge" was carried as "the agency number, on the fridge"."""
    assert whole in _carried(on_file, said)


def test_what_a_day_and_an_ending_are_read_as():
    assert "d:23" in analyze("moved to the 23rd hopefully").values
    assert "d:23" not in analyze("she lives on the 23rd floor").values
    assert "goes on" not in dict(analyze("the ref ends 6798").poles)
    assert dict(analyze("the contract ends today").poles).get("goes on") == -1


def test_a_correction_through_the_gate_keeps_the_surgery(ws):
    remember(ws, "Grandma's GP is Dr Evans at Roath surgery", source="user", now=NOW)
    done = remember(ws, "actually grandma's gp is dr morgan, not dr evans", source="user", now=NOW)
    line = done.value.written.entry.text
    assert (
        done.value.label == "correction"
        and "Roath surgery" in line
        and "Evans" not in line.split(AS_BEFORE)[-1]
    ), line
