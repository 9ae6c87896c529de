"""Does a text change or contradict a rule on file? The write gate's reading of rules.

A text speaks of a rule when it shares the rule's subject words (a synonym counts: "reply" is
"answer"), enough of them for a short rule, two for a long one. It contradicts the rule when it
sets another value of a kind the rule sets (five lines → ten, Spanish → English, Fridays →
Mondays), or states the opposite norm ("never push to main" / "it's fine to push to main";
a text that opens with the act the rule governs, "push hotfixes straight to main", is a norm),
or says the rule changes ("from now on", "no longer") in other words.

Whether the user changes the rule or clashes with it is a question of how the user says it:
words that say it changes ("from now on", "now", "anymore", "stop", "again", "actually") make
it lasting, and the rule is retired; a contradiction said without them, or said of one time
("today", "this once"), is a clash, recorded beside the rule, and the gate names the command
that makes it the rule instead. From any other source it is always a clash.
"""

from __future__ import annotations

import re

from ..lexicon import ONE_OFF
from ..words import tokens
from .reading import KIND_NAMES, Analysis, compare, content_word

CLASH_WORDS = 2  # content words a text must share with a long rule
_VALUE_KINDS = ("n", "t", "wd", "lang", "d", "mo")
_NORM_WORDS = frozenset("always never only ever must should please don dont not no".split())
_FILLERS = frozenset(
    "please ok okay so just and then also now hey well from on going forward "
    "you we i can may".split()
)
_LASTING = re.compile(r"(?<!\w)(?:stop|stops|quit|no\s+more|again|anymore|any\s+more)(?!\w)")


def acts(rule: Analysis) -> frozenset[str]:
    """The acts a rule governs: its first word, and the word after each norm word ("never
    push …", "always cc …")."""
    words = tokens(rule.folded)
    found = {content_word(words[0])} if words else set()
    for before, word in zip(words, words[1:], strict=False):
        if before in _NORM_WORDS and word not in _NORM_WORDS:
            found.add(content_word(word))
    return frozenset(found)


def opens_with_act(new: Analysis, rule: Analysis) -> bool:
    """Does the text open with an act the rule governs, as an instruction does?"""
    words = [w for w in tokens(new.folded) if w not in _FILLERS]
    return bool(words) and content_word(words[0]) in acts(rule)


def rule_change(new: Analysis, rule: Analysis) -> tuple[str, bool] | None:
    """(why the text contradicts the rule, whether it says so for good), or None."""
    diff = compare(new, rule)
    if diff.apart:
        return None
    shared_all = new.words & rule.words
    shared = shared_all - new.names - rule.names
    plain = rule.words - rule.names
    if not shared or len(shared_all) < min(CLASH_WORDS, len(rule.words)):
        return None
    words = ", ".join(sorted(shared_all)[:4])
    normative = new.normative or opens_with_act(new, rule)
    reason = None
    for kind in _VALUE_KINDS:
        mine = {v for v in new.values if v.startswith(f"{kind}:")}
        theirs = {v for v in rule.values if v.startswith(f"{kind}:")}
        if mine and theirs and mine - theirs and len(shared_all) >= len(rule.words) / 2:
            reason = f"a different {KIND_NAMES[kind]} than the rule sets ({words})"
            break
    least = min(len(new.words - new.names), len(plain))
    enough = len(shared) >= min(CLASH_WORDS, len(plain)) and len(shared) / max(1, least) >= 0.2
    if reason is None and diff.flipped and normative and enough:
        reason = f"the opposite of what the rule says about {words}"
    if (
        reason is None
        and new.update
        and normative
        and enough
        and diff.reworded
        and diff.covered >= 0.5
    ):
        reason = f"says the rule changes ({words})"
    if reason is None:
        return None
    said = new.update or new.update_weak or new.correction or _LASTING.search(new.folded)
    once = ONE_OFF.search(new.folded) or any(
        v[:2] in ("d:", "y:") for v in new.values - rule.values
    )
    return reason, bool(said) and not once


def clash(new: Analysis, rule: Analysis) -> str | None:
    """Why `new` contradicts `rule`, or None (however it is said)."""
    change = rule_change(new, rule)
    return change[0] if change else None
