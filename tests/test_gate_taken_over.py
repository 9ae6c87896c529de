"""A change said by what it makes someone do: another person now doing what one is in charge
of ("going forward Priya leads the design review" for "Tom runs the weekly design review"), a
job said by how it began ("Jonas started at Monzo" for "Jonas works … at Revolut"). Each table
holds the look-alikes that must still be labelled otherwise. Read by words alone (the labeler,
without the semantic path)."""

from __future__ import annotations

import pytest

from memctl.gate.labeler import Known, decide


def _label(said: str, *entries: str) -> tuple[str, str | None]:
    known = [Known(f"n{i}", text) for i, text in enumerate(entries, 1)]
    got = decide(said, trust="trusted", candidates=known, rules=[])
    return got.label, got.target


REVIEW = ("Tom runs the weekly design review for the mobile team", "The design review is on Zoom")


@pytest.mark.parametrize(
    "said",
    [
        "From now on Priya runs the design review for the mobile team",
        "Going forward Priya will lead the weekly design review for the mobile team",
        "As of March Priya leads the mobile team's design review",
    ],
)
def test_someone_else_now_in_charge_updates_who_is(said):
    """Each names a person of its own: read as about someone else, and the change put on the
    entry about Zoom, or kept new beside it."""
    assert _label(said, *REVIEW) == ("update", "n1")


@pytest.mark.parametrize(
    "said",
    [
        "From now on Priya also runs the design review for the mobile team",  # one more holder
        "From now on Priya runs the sprint demo for the web team",  # in charge of another thing
        "Priya runs the weekly design review for the mobile team",  # not said to change
    ],
)
def test_another_holder_beside_or_of_another_thing_changes_no_holder(said):
    assert _label(said, *REVIEW) != ("update", "n1")


JOBS = ("Jonas works as a designer at Revolut", "Jonas lives in Neukölln with his sister Ana")


@pytest.mark.parametrize(
    "said",
    [
        "Jonas started at Monzo in the spring",
        "Jonas got a new job with Monzo",
        "Jonas took a role at Monzo",
    ],
)
def test_a_job_said_by_how_it_began_changes_where_someone_works(said):
    """These were new, or read as a change of where he lives (its name as alike)."""
    assert _label(said, *JOBS) == ("update", "n1")


@pytest.mark.parametrize("said", ["Jonas started at 9 today", "Jonas started at noon on the mural"])
def test_a_start_at_a_time_is_no_job(said):
    assert _label(said, *JOBS) != ("update", "n1")
