"""The deterministic labeler: the write gate's offline judge of one new memory.

It reads words, not meaning (see gatetext.py for how a text is read). Similarity of subjects
finds the entry a text is about; the values that differ and the cue words decide the label;
instruction patterns (cues.py) catch injections and the rules on file catch clashes. Every
threshold is measured on tests/gate_cases.jsonl by scripts/eval_gate.py.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from . import cues
from .gatetext import (
    KIND_NAMES,
    Analysis,
    Diff,
    analyze,
    compare,
    same_text,
    sameness,
    similarity,
)  # fmt: skip
from .tokens import fold

LABELS = ("new", "repeat", "update", "correction", "clash", "injection")
TRUST_RANK = {"untrusted": 0, "limited": 1, "trusted": 2}

RELATED = 0.52  # subjects at least this similar are about the same thing
RELATED_CUED = 0.42  # …or this similar, when the text says it changes or corrects something
SAME_SUBJECT = 0.62  # a changed value or a negation counts at this similarity or more
REWORDED_CORRECTION = 0.7  # "actually …" with other words (no value) needs this much
REPEAT = 0.78  # …and at least this similar (and as many same words), with nothing changed
# How much of the old entry's subject a text must repeat to update or correct it: without a
# changed value ("moved to the small room"), and with one ("Kenji is in Kyoto, not Osaka").
COVERED = 0.6
COVERED_VALUE = 0.34
CLASH_WORDS = 2  # content words a text must share with a rule to clash with it


# --- injections ------------------------------------------------------------------------------

_ZERO_WIDTH = re.compile("[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]")
_HOMOGLYPHS = str.maketrans("аеорсухіјѕԁɡοαειντκρ", "aeopcyxijsdgoaeivtkp")
_LEET = str.maketrans("0134578@$|!", "oieastbasii")
_SPACED = re.compile(r"(?<!\w)(?:\w[ \t._*~-]+){3,}\w(?!\w)")
_STRONG = [(cues.fold_pattern(p), why) for p, why in cues.INJECTION_STRONG]
_WEAK = [(cues.fold_pattern(p), why) for p, why in cues.INJECTION_WEAK]


def deobfuscate(text: str) -> list[str]:
    """The text as an injection check reads it: folded, plus homoglyph, leet and de-spaced forms."""
    folded = fold(_ZERO_WIDTH.sub("", unicodedata.normalize("NFKC", text))).replace("’", "'")
    mapped = folded.translate(_HOMOGLYPHS)
    joined = _SPACED.sub(lambda m: re.sub(r"[ \t._*~-]+", "", m.group()), mapped)
    forms = [folded, mapped, joined, joined.translate(_LEET), mapped.translate(_LEET)]
    return list(dict.fromkeys(" ".join(f.split()) for f in forms))


def injection_reason(text: str, *, trust: str) -> str | None:
    """Why `text` reads as an instruction to the agent, for a source that is not the user."""
    if trust == "trusted":
        return None
    forms = deobfuscate(text)
    checks = _STRONG + (_WEAK if trust == "untrusted" else [])
    for pattern, why in checks:
        if any(pattern.search(form) for form in forms):
            return why
    return None


# --- rules -----------------------------------------------------------------------------------


def clash(new: Analysis, rule: Analysis) -> str | None:
    """Why `new` contradicts `rule`, or None: they share subject words (half the rule's, for a
    number), and the text sets another number or time than the rule, or states the opposite
    norm (negation parity)."""
    shared_all = new.words & rule.words
    shared = shared_all - new.names - rule.names
    if compare(new, rule).apart:
        return None  # about another person or thing
    words = ", ".join(sorted(shared_all)[:4])
    if shared and len(shared_all) >= max(CLASH_WORDS, len(rule.words) / 2):
        for kind in ("n", "t"):
            mine = {v for v in new.values if v.startswith(f"{kind}:")}
            theirs = {v for v in rule.values if v.startswith(f"{kind}:")}
            if mine and theirs and not mine & theirs:
                return f"a different {KIND_NAMES[kind]} than the rule sets ({words})"
    plain = min(len(new.words - new.names), len(rule.words - rule.names))
    if len(shared) < CLASH_WORDS or len(shared) / max(1, plain) < 0.25:
        return None
    if new.normative and new.polarity != rule.polarity:
        return f"the opposite of what the rule says about {words}"
    return None


# --- the decision ----------------------------------------------------------------------------


@dataclass
class Known:
    """An entry on file the gate compares with: its address, text, trust, and if it is a rule."""

    key: str
    text: str
    trust: str = "trusted"
    rule: bool = False
    info: Analysis | None = field(default=None, repr=False)

    def __post_init__(self):
        if self.info is None:
            self.info = analyze(self.text)


@dataclass(frozen=True)
class Verdict:
    label: str
    reason: str
    target: str | None = None  # the key of the entry repeated, updated, corrected or clashed with
    scores: dict[str, float] = field(default_factory=dict)  # key → similarity, best first


def decide(text: str, *, trust: str, candidates: list[Known], rules: list[Known]) -> Verdict:
    """One label for `text` against the entries on file and the rules."""
    new = analyze(text)
    scored = sorted(((similarity(new, k.info), k) for k in candidates), key=lambda p: -p[0])
    scores = {k.key: s for s, k in scored if s > 0}

    why = injection_reason(text, trust=trust)
    if why:
        same = next((k for _, k in scored if same_text(k.text, text)), None)
        return Verdict("injection", f"{why}; kept only as a quote of its source",
                       same.key if same else None, scores)  # fmt: skip
    for s, k in scored:
        if same_text(k.text, text):
            return Verdict("repeat", "says the same as an entry on file", k.key, scores)
        if s < REPEAT:
            break
    for rule in rules:
        reason = clash(new, rule.info)
        if reason is None or (similarity(new, rule.info) >= REPEAT and not
                              compare(new, rule.info).differs):  # fmt: skip
            continue
        if trust == "trusted" and (new.update or new.correction):
            label = "correction" if new.correction else "update"
            return Verdict(label, f"the user changes a rule: {reason}", rule.key, scores)
        return Verdict("clash", f"contradicts a rule: {reason}", rule.key, scores)

    floor = RELATED_CUED if new.update or new.correction else RELATED
    related = [(s, k) for s, k in scored if s >= floor]
    if not related:
        best = f" (closest {scored[0][0]:.2f})" if scored else ""
        return Verdict("new", f"nothing on file is about the same thing{best}", None, scores)
    return _against(new, related, trust, scores)


def _against(new: Analysis, related: list[tuple[float, Known]], trust: str,
             scores: dict[str, float]) -> Verdict:  # fmt: skip
    rank = TRUST_RANK[trust]
    for s, k in related:
        diff = compare(new, k.info)
        label, reason = _label_for(new, diff, s, k)
        if label == "new" and k is not related[-1][1] and not diff.differs:
            continue  # maybe a less similar entry is the one this text changes
        if label in ("update", "correction") and k.rule and trust != "trusted":
            return Verdict("clash", "would change a rule, and only the user's words can",
                           k.key, scores)  # fmt: skip
        if label in ("update", "correction") and trust == "untrusted" \
                and TRUST_RANK[k.trust] > rank:  # fmt: skip
            return Verdict("new", f"reads as {'an' if label == 'update' else 'a'} {label} of "
                           f"{k.key}, but an untrusted source cannot retire a trusted memory; "
                           "kept beside it", None, scores)  # fmt: skip
        return Verdict(label, reason, k.key if label != "new" else None, scores)
    return Verdict("new", "adds something the entries on file do not say", None, scores)


def _label_for(new: Analysis, diff: Diff, score: float, old: Known) -> tuple[str, str]:
    what = ", ".join(KIND_NAMES.get(k, k) for k in diff.changed) or (
        "negation" if diff.flipped else "wording")  # fmt: skip
    close = score >= SAME_SUBJECT
    if diff.apart:
        return "new", "is about another person or thing than the closest entries"
    if diff.covered < (COVERED_VALUE if diff.differs else COVERED):
        same = sameness(new, old.info)
        if same >= REPEAT and not diff.differs and not diff.added:
            return "repeat", f"says the same as an entry on file (sameness {same:.2f})"
        return "new", "adds something the entries on file do not say"
    if new.correction and (diff.differs or diff.reworded and score >= REWORDED_CORRECTION):
        return "correction", f"says an entry on file was wrong ({what} differs)"
    if new.update and (diff.differs or diff.extra or diff.added):
        return "update", f"says the world changed ({what} differs)"
    if diff.flipped and close and not diff.reworded:
        if new.update_weak:
            return "update", "says it no longer holds"
        return "correction", "says the opposite of an entry on file"
    if diff.changed and not diff.flipped and (close and not diff.reworded or new.update_weak):
        if new.words & cues.IMMUTABLE:
            return "correction", f"gives another {what} for something that does not change"
        return "update", f"gives a new {what} for the same thing"
    if new.update_weak and diff.reworded and score >= REPEAT:
        return "update", "says the world changed (wording differs)"
    same = sameness(new, old.info)
    if same >= REPEAT and not diff.differs and not diff.added:
        return "repeat", f"says the same as an entry on file (sameness {same:.2f})"
    return "new", "adds something the entries on file do not say"
