"""A thing said to be off for a while ("no swimming lessons until half term", "no window
cleaner this month") is paused: the world changed, an update; a plain "no" or "not" of what an
entry says still says it was wrong."""

from __future__ import annotations

import pytest

from memctl.gate.labeler import Known, decide


@pytest.mark.parametrize(
    ("on_file", "said", "label"),
    [
        ("Swimming lessons are Fridays at 5pm", "No swimming lessons until half term", "update"),
        ("Choir practice is Mondays at 7pm", "no choir practice till after Christmas", "update"),
        ("The window cleaner comes on the first Monday", "No window cleaner this month", "update"),
        ("Lina is allergic to sesame", "Lina is not allergic to sesame", "correction"),
        ("Lina can have sesame", "No sesame for Lina", "correction"),
    ],
)
def test_a_thing_off_for_a_while_is_paused_not_said_wrong(on_file, said, label):
    known = [Known("semantic/home.md#^n1", on_file)]
    done = decide(said, trust="trusted", candidates=known, rules=[])
    assert (done.label, done.target) == (label, known[0].key), done.reason
