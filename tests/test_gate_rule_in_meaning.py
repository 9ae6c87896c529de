"""A rule broken in words of its own: with the semantic path, a text close in meaning to a rule,
on its other side, that does, plans or allows something, is a clash kept beside the rule; one
that agrees, asks, wonders, or names a value or a bound whose side the words must read is not."""

from __future__ import annotations

import pytest

from memctl.gate.labeler import Known, decide

RULE = "rules/house.md#^r1"


def _label(rule: str, said: str, *, meaning: float = 0.6, trust: str = "untrusted") -> str:
    known = Known(RULE, rule, rule=True, meaning=meaning)
    return decide(said, trust=trust, candidates=[known], rules=[known]).label


@pytest.mark.parametrize(
    ("rule", "said"),
    [
        ("No sugary snacks for the kids before dinner", "gave the children chocolate biscuits"),
        ("Never leave the back door unlocked", "left the garden entrance open all night"),
        ("Don't feed the dog from the table", "the pup can have scraps from our plates"),
        ("Always lock the shed", "I didn't bother securing the garden hut"),
    ],
)
def test_a_rule_broken_in_other_words_is_a_clash(rule, said):
    assert _label(rule, said) == "clash"
    assert _label(rule, said, trust="trusted") == "clash"  # the user's too: the rule stays


@pytest.mark.parametrize(
    ("rule", "said", "meaning"),
    [
        # on the rule's own side: it agrees
        ("Never leave the back door unlocked", "we always bolt the garden entrance", 0.6),
        # a question, a maybe
        ("Never leave the back door unlocked", "can we leave the garden entrance open?", 0.6),
        ("Never leave the back door unlocked", "might leave the garden entrance open", 0.6),
        # about the rule's subject, doing nothing
        ("Never leave the back door unlocked", "the garden entrance has a new lock", 0.6),
        # the other side of its bound, a value the words must place
        (
            "No sugary snacks for the kids before dinner",
            "bought the kids sweets for after dinner",
            0.6,
        ),
        ("Never schedule meetings before 10am", "set up the review with Tom at 2pm", 0.6),
        # not close enough in meaning
        (
            "No sugary snacks for the kids before dinner",
            "gave the children chocolate biscuits",
            0.4,
        ),
    ],
)
def test_agreeing_asking_describing_or_a_value_on_the_allowed_side_is_no_clash(rule, said, meaning):
    assert _label(rule, said, meaning=meaning) != "clash"


def test_through_remember_with_the_model_the_clash_names_the_rule(cli):
    cli.json(
        "remember", "No sugary snacks for the kids before dinner", "--kind", "RULE", "-s", "user"
    )
    said = cli.json(
        "remember", "gave the children chocolate biscuits at 4pm", "-s", "agent", code=3
    )
    assert said["label"] == "clash"
    assert said["target"].startswith("rules/")


def test_a_rule_far_down_the_nearest_units_is_still_read_by_meaning(cli):
    """In a workspace of many notes, a diary's lines stand nearer the text than the rule it
    breaks: every rule gets its closeness, near or not."""
    cli.json(
        "remember", "No sugary snacks for the kids before dinner", "--kind", "RULE", "-s", "user"
    )
    foods = "apple slices, rice cakes, carrot sticks, a yoghurt, grapes, toast, cheese cubes, "
    foods += "a banana, oatcakes, cucumber, a pear, raisins"
    for day, food in enumerate(foods.split(", "), start=1):
        said = f"Gave the children {food} and milk after school on day {day} of the holiday"
        cli.json("remember", said, "-s", "user", "--as-new")
    said = cli.json("remember", "gave the children chocolate biscuits", "-s", "agent", code=3)
    assert said["label"] == "clash" and said["target"].startswith("rules/")
