"""The deterministic labeler: the write gate's offline judge of one new memory.

It reads words (reading.py reads a text, compare.py compares two), and meaning only where the
semantic path is installed and the words cannot tie the user's text to the entry it changes
(`_changes_in_meaning`). Similarity of subjects finds the entry a text is about; what differs
decides the label (a new value, a negation or an opposite, an ending, a word said not to be so,
an added detail, the cue words); injection.py catches injections, the rules on file clashes. A
repeat is only a text that says nothing new. Where the words leave the label open, the verdict
names the entry it might replace (`near`) and stays with what loses nothing. Every threshold is
measured on tests/gate_cases*.jsonl by scripts/eval_gate.py.
"""

from __future__ import annotations

from dataclasses import InitVar, dataclass, field
from typing import Literal

from ..language import cues
from ..language.framing import OWN_SLIP
from ..language.injection import Trust, deobfuscate, injection_reason  # noqa: F401  (re-exported)
from .broken import breaks_in_meaning
from .compare import ENDINGS, Diff, respelled_only
from .foreign import label_across, tied_entries
from .meant import named_by_rejection, rivals, value_turned
from .reading import (
    KIND_NAMES,
    Analysis,
    analyze,
    as_written,
    compare,
    same_text,
    sameness,
    says_fewer,
    says_nothing_new,
    similarity,
)
from .remains import kept_by_kind, of_a_kind_changed, rest_holds
from .restated import (
    ENDED_NAMES,
    changes_what_it_opens_with,
    fills_in,
    names_what_it_opens_with,
    one_more,
    one_more_of_its_kind,
    plans,
    restates_whole,
    reworded_repeat,
)
from .reworded import said_again
from .roles import new_holder, succeeded
from .rulecheck import clash, rule_change  # noqa: F401  (clash: re-exported)
from .ruling import read_as_roles, ruling
from .weekday import some_days_only
from .wordfix import respelled_word

Label = Literal["new", "repeat", "update", "correction", "clash", "injection"]
LABELS: tuple[Label, ...] = ("new", "repeat", "update", "correction", "clash", "injection")
TRUST_RANK: dict[Trust, int] = {"untrusted": 0, "limited": 1, "trusted": 2}

RELATED = 0.52  # subjects at least this similar are about the same thing
FILLS_FLOOR = 0.4  # …or this similar, when it gives a plan on file what it left open
RELATED_CUED = 0.42  # …or this similar, when the text says it changes or corrects something
SAME_SUBJECT = 0.62  # a changed value or a negation counts at this similarity or more
REPEAT = 0.78  # a text this alike in its words, with nothing new, repeats an entry
# How much of the old entry's subject a text must repeat to update or correct it: without a
# changed value ("moved to the small room"), and with one ("Kenji is in Kyoto, not Osaka").
COVERED = 0.6
COVERED_VALUE = 0.34
NEAR = 0.6  # an entry this similar that the text may replace is named when the label is new
NEAR_MEANING = 0.5  # …or this close in meaning (the semantic path), whatever words it shares
UPDATE_MEANING = 0.5  # the user's text this close in meaning to an entry, saying it otherwise…
MEANING_CUED = 0.4  # …or this close, when the text says it changes, ends or corrects something
CLEARLY_CLOSER = 0.1  # …and this much closer than any other entry, updates it
CONTRAST_WORDS = 3  # a text of this many words besides the one it gives up is a bare contrast


@dataclass
class Known:
    """An entry on file the gate compares with: its address, text, trust, and if it is a rule."""

    key: str
    text: str
    trust: Trust = "trusted"
    rule: bool = False
    given: InitVar[Analysis | None] = None  # the text's analysis when the caller has it
    meaning: float | None = None  # closeness in meaning (the semantic path), when installed
    info: Analysis = field(init=False, repr=False)
    kin: tuple[Analysis, ...] = field(default=(), repr=False)  # the other lines of its note
    across: float | None = None  # closeness across languages, for a text in another (foreign.py)

    def __post_init__(self, given: Analysis | None) -> None:
        self.info = analyze(self.text) if given is None else given


@dataclass(frozen=True)
class Verdict:
    label: Label
    reason: str
    target: str | None = None  # the key of the entry repeated, updated, corrected or clashed with
    scores: dict[str, float] = field(default_factory=dict)  # key → similarity, best first
    near: str | None = None  # unsure: the entry this text might replace (or the rule it changes)


def decide(text: str, *, trust: Trust, candidates: list[Known], rules: list[Known]) -> Verdict:
    """One label for `text` against the entries on file and the rules."""
    new = analyze(text)
    scored = sorted(((similarity(new, k.info), k) for k in candidates), key=lambda p: -p[0])
    scores = {k.key: s for s, k in scored if s > 0}

    why = injection_reason(text, trust=trust)
    if why:
        same = next((k for _, k in scored if same_text(k.text, text)), None)
        return Verdict(
            "injection",
            f"{why}; kept only as a quote of its source",
            same.key if same else None,
            scores,
        )
    for s, k in scored:
        if same_text(k.text, text):
            return _repeat(k, trust, "says the same as an entry on file", scores)
        if s < REPEAT:
            break
    maybe = None  # a rule the user may loosen, for a thing the gate cannot tie to it
    said = read_as_roles(new, [k.text for k in candidates if not k.rule], [r.text for r in rules])
    for rule in rules:
        got = ruling(new, rule.info, trusted=trust == "trusted", said=said)
        if got is None or got[0] == "maybe":
            maybe = maybe or (rule.key if got else None)
            continue
        if got[0] != "clash":  # an update or a correction of the rule
            return Verdict(got[0], f"the user changes a rule: {got[1]}", rule.key, scores)
        near = rule.key if trust == "trusted" else None
        return Verdict("clash", f"contradicts a rule: {got[1]}", rule.key, scores, near)
    verdict = _by_entries(new, scored, trust, scores)
    tied = tied_entries(new, [k for _, k in scored]) if verdict.label == "new" else []
    if tied:  # "la mise en prod d'Atlas glisse au 24 mars" for "Atlas go-live is 3 March"
        k = tied[0]
        label, why = label_across(new, k)
        if len(tied) == 1 and trust == "trusted":
            return Verdict(label, why, k.key, scores)
        verdict = Verdict("new", f"{why}{MAY_REPLACE}{k.key}", None, scores, k.key)
    # a rule broken before an entry it may replace, or one another source says it changed
    reported = trust != "trusted" and verdict.label in ("update", "correction")
    if (verdict.label == "new" or reported) and maybe is None:
        closest = sorted(rules, key=lambda r: -(r.meaning or 0.0))
        broken = next((r for r in closest if breaks_in_meaning(new, r.info, r.meaning)), None)
        if broken is not None:
            why = "contradicts a rule it is close to in meaning, on its other side"
            near = broken.key if trust == "trusted" else None
            return Verdict("clash", why, broken.key, scores, near)
    # what lets the agent act unasked turns no statement that is not a norm around ("you can
    # email Mrs Ahmed without asking me" and "Mrs Ahmed is Noor's form tutor")
    said_of = [k for _, k in scored if k.key == verdict.target and not k.info.normative]
    if maybe and (
        verdict.label == "new" and verdict.near is None or said_of and verdict.label != "repeat"
    ):
        why = f"{verdict.reason}; it may loosen the rule {maybe}"
        return Verdict("new", why, None, scores, maybe)
    return verdict


def _by_entries(
    new: Analysis, scored: list[tuple[float, Known]], trust: Trust, scores: dict[str, float]
) -> Verdict:
    """The label the entries on file give the text, once no rule has."""
    cued = says_change(new)
    floor = RELATED_CUED if cued else RELATED
    close = MEANING_CUED if cued else NEAR_MEANING
    named = named_by_rejection(new, [k for _, k in scored])

    related = [
        (s, k)
        for s, k in scored
        if s >= floor
        or k is named
        or _close_in_meaning(new, k, close)
        or _tied(new, k)
        or s >= FILLS_FLOOR
        and _fills(new, k)
    ]
    if not related:
        best = f" (closest {scored[0][0]:.2f})" if scored else ""
        return Verdict("new", f"nothing on file is about the same thing{best}", None, scores)
    if named is not None:  # "the train instead of the car": the entry about the car first
        related.sort(key=lambda pair: pair[1] is not named)
    elif len(related) > 1:  # "halved Biscuit's Apoquel, 8mg now": the dose's entry, not the vet's
        top = max(s for s, _ in related)
        related.sort(key=lambda pair: value_turned(new, pair, top))
    return _against(new, related, trust, scores, close)


def _tied(new: Analysis, k: Known) -> bool:
    """Does the text say an entry again in words of its own (reworded.said_again), name
    someone new in the role the entry gives a person (roles.new_holder), or correct the
    spelling of a name it gives ("it's Sohlberg with an h" for "… is Ingrid Solberg")?"""
    if k.rule:
        return False
    if new.correction and respelled_only(new, k.info, compare(new, k.info)):
        return True
    return said_again(new, k.info, k.meaning, k.kin) or new_holder(new, k.info)


def _fills(new: Analysis, k: Known, diff: Diff | None = None) -> bool:
    """Does the text give a plan on file what it left open (restated.fills_in)?"""
    ours = not k.rule and k.trust != "untrusted"
    return ours and fills_in(new, diff or compare(new, k.info), k.info, k.meaning)


MAY_REPLACE = "; it may replace "


def says_change(new: Analysis) -> bool:
    """Does the text say in words that something changed, ended or was wrong ("… is cancelled
    for good", "not Jim", "from now on")? Such a text is read against entries less alike."""
    ends = any((pole, -1) in new.poles for pole in ENDINGS)
    return bool(new.update or new.correction or new.rejected or ends or kept_by_kind(new))


def _close_in_meaning(new: Analysis, k: Known, close: float, enough: float = NEAR_MEANING) -> bool:
    """Is the entry close enough in meaning to be what the text is about: `enough`, or `close`
    (lower, for a text that says it changes something) when the two share a word beside the
    names?"""
    meaning = k.meaning or 0.0
    return meaning >= enough or meaning >= close and _shares_more_than_names(new, k.info)


def _shares_more_than_names(new: Analysis, old: Analysis) -> bool:
    """Do the texts share a word beside the names? Less close in meaning than NEAR_MEANING, a
    word of change ties a text to an entry only then: "Ben changed teams, he's in Platform now"
    is not about "Ben is allergic to cats", though both are about Ben."""
    names = new.names | old.names  # a name that opens a sentence is told in either text
    return bool(new.words & old.words - names)


def _repeat(k: Known, trust: Trust, reason: str, scores: dict[str, float]) -> Verdict:
    """A repeat of `k`; but the user's own words for what only a less trusted source said are
    recorded as the user's (a web page said it first: nothing yet says the user did)."""
    if trust == "trusted" and k.trust == "untrusted":
        return Verdict(
            "new",
            f"the user's own words for what {k.key} only quoted ({k.trust}); "
            "recorded as the user's",
            None,
            scores,
            k.key,
        )
    return Verdict("repeat", reason, k.key, scores)


def _against(
    new: Analysis,
    related: list[tuple[float, Known]],
    trust: Trust,
    scores: dict[str, float],
    close: float = NEAR_MEANING,
) -> Verdict:
    rank = TRUST_RANK[trust]
    near = None
    for s, k in related:
        diff = compare(new, k.info)
        label, reason = _label_for(new, diff, s, k)
        if label == "new" and _fills(new, k, diff):
            label, reason = "update", f"fills in what {k.key} left open"
        if label == "new":
            shared = len(new.words & k.info.words)
            by_words = s >= NEAR and diff.covered >= COVERED and len(diff.extra) <= shared
            # close in meaning only, it may replace what it changes (another day alone is any
            # event's), turns (that one first), adds to or swaps a word or two of; not by names
            swap = 0 < len(diff.extra) <= 2 and 0 < len(diff.missing) <= 2
            turns = says_change(new) or new.update_weak or diff.other_value or diff.flipped
            turns = turns or swap or _shares_more_than_names(new, k.info)  # a detail added
            meant = turns and _close_in_meaning(new, k, close)
            first = near is None or diff.flipped and not near[2].flipped
            if first and not diff.apart and not k.rule and (by_words or meant):
                near = (k, reason, diff)
            continue  # maybe a less similar entry is the one this text changes
        if label == "repeat" and new.hedged:  # "is Sam still in Munich?" confirms nothing
            why = f"asks or wonders what {k.key} says, and confirms nothing"
            return Verdict("new", why, None, scores)
        if label == "repeat":
            return _repeat(k, trust, reason, scores)
        if new.hedged and not k.rule:  # "we might cancel the trip": what is on file holds
            near = near or (k, f"{reason}, said as a maybe", diff)
            continue
        if label != "repeat" and not k.rule and some_days_only(new, k.info):
            near = near or (k, f"{reason}, on some of its days only", diff)
            continue  # "6pm now on thursdays" over "5:45pm, mon to thurs": Monday still holds
        if diff.rejects and rivals(new, s, k, related, CLEARLY_CLOSER):
            near = near or (k, f"{reason}, but another entry holds it too", diff)
            continue  # "forget about the hotel" with two hotels on file: which one?
        dropped = diff.lost and not (new.update or new.update_weak)
        if k.rule and (not reason.startswith("adds a detail") or dropped):
            # what changes a rule, rulecheck says; a rule refined in more words may, when it
            # still says the rule's values or says it changes ("keep answers short" is not
            # "always answer in Spanish" refined: it drops the Spanish, a rule of its own)
            continue
        if k.rule and trust != "trusted":
            return Verdict(
                "clash", "would change a rule, and only the user's words can", k.key, scores
            )
        # "Actually Noor isn't lactose intolerant": says a more trusted source was wrong; that
        # waits for that source's word (the world changing is an update)
        reverses = label == "correction" and not OWN_SLIP.search(new.text)
        if TRUST_RANK[k.trust] > rank and (trust == "untrusted" or reverses):
            who = "an untrusted source" if trust == "untrusted" else f"the {trust} source"
            a = "an" if label == "update" else "a"
            why = f"reads as {a} {label} of {k.key}, but {who} cannot retire a trusted memory"
            beside = None if trust == "untrusted" else k.key
            return Verdict("new", f"{why}; kept beside it", None, scores, beside)
        return Verdict(label, reason, k.key, scores)
    if near is not None:
        k, reason, diff = near
        if trust == "trusted" and _changes_in_meaning(new, k, diff, related, close):
            label = "correction" if new.correction else "update"
            why = f"is about what {k.key} says (close in meaning) and says it otherwise"
            return Verdict(label, why, k.key, scores)
        return Verdict("new", f"{reason}{MAY_REPLACE}{k.key}", None, scores, k.key)
    return Verdict("new", "adds something the entries on file do not say", None, scores)


def _label_for(new: Analysis, diff: Diff, score: float, old: Known) -> tuple[Label, str]:
    what = ", ".join(KIND_NAMES.get(k, k) for k in diff.changed) or (
        "negation" if diff.flipped else "wording"
    )
    close = score >= SAME_SUBJECT
    cued = new.update or new.correction
    if diff.apart:
        return "new", "is about another person or thing than the closest entries"
    if new.correction and respelled_only(new, old.info, diff):
        return "correction", "spells a name of an entry on file another way"
    if diff.rejects and respelled_word(new, old.info):  # "hanna not hannah, no h at the end"
        return "correction", "spells a word of an entry on file another way"
    if succeeded(new, old.info):  # "priya's left harwood, her replacement is Tomasz Ruda"
        return "update", f"says someone {old.key} names left, and who is in their place"
    # "dentist got pushed to June 19"; "we ended up booking an airbnb so scrap the guesthouse"
    short = cued and diff.differs and not diff.extra or (cued or diff.ended) and diff.rejects
    # An ending needs only the thing's name ("book club is cancelled for good, the group broke
    # up" ends "Book club meets the first Tuesday … at Clara's"), not its details again; so
    # does a change, of the name the entry opens with ("Book club is moving to the library").
    ends = diff.ended and len(new.words & old.info.words) >= ENDED_NAMES
    short = short or ends or changes_what_it_opens_with(new, old.info)
    # A contrast said alone ("it's Virgin Media not Vodafone") needs only the word it gives up
    short = short or diff.rejects and len(new.words - new.rejected) <= CONTRAST_WORDS
    if reworded_repeat(new, diff, old.info, old.meaning):
        return "repeat", "says what the entry on file says, in other words (close in meaning)"
    if said_again(new, old.info, old.meaning, old.kin):
        return "repeat", "says what the entry on file says, in words of its own"
    if diff.covered < (COVERED_VALUE if diff.differs else COVERED) and not short:
        within = len(new.words) >= 2 and new.words <= old.info.words  # every word of it there
        if says_nothing_new(new, diff) and (within or sameness(new, old.info) >= REPEAT):
            return "repeat", "says the same as an entry on file, in fewer words"
        return "new", "adds something the entries on file do not say"
    # "going with Nordic Kitchens in the end, not IKEA": a choice made, said as a contrast
    chose = not new.corrects_in_words and (new.update or new.update_weak or plans(new, old.info))
    if new.correction and not chose and (diff.differs or diff.says_more or diff.missing):
        return "correction", f"says an entry on file was wrong ({what} differs)"
    if one_more_of_its_kind(new, diff):
        return "new", "names one more thing beside the entry's, not it changed"
    if new.update and (diff.differs or diff.says_more or diff.missing):
        return "update", f"says the world changed ({what} differs)"
    if diff.flipped and one_more(new, diff, old.info):
        return "update", f"adds a detail to {old.key}: {as_written(diff.extra, new.text)}"
    if diff.flipped:
        if diff.reworded and not ends:
            return "new", "says the opposite of a similar entry on file, about another thing"
        if diff.ended or new.update_weak or plans(new, old.info):
            return "update", "says it no longer holds"
        if close:
            return "correction", "says the opposite of an entry on file"
        return "new", "says the opposite of a similar entry on file"
    if diff.rejects:
        if new.gives_up:  # "we're renting a flat, so forget about the hotel"
            return "update", "gives up a part of an entry on file"
        if new.update_weak:  # "I go after work these days rather than at lunch"
            return "update", "says a part of an entry on file no longer holds"
        if plans(new, old.info):  # "we're going to take the car" / "…rather than the car"
            return "update", "changes a part of a plan on file"
        return "correction", "says a part of an entry on file is not so"
    if diff.changed:
        if cues.ALSO.search(new.folded) and not new.update:
            return "new", f"gives one more {what} beside the entry's"  # "we also have a …"
        if not (close and not diff.reworded or new.update_weak):
            return "new", f"gives another {what} for a similar thing"
        if new.words & cues.IMMUTABLE:
            return "correction", f"gives another {what} for something that does not change"
        return "update", f"gives a new {what} for the same thing"
    if diff.lost and not diff.says_more and says_fewer(new) and not old.rule:
        gone = {v.split(":", 1)[0] for v in old.info.values - new.values}
        fewer = ", ".join(sorted(KIND_NAMES.get(k, k) for k in gone)) or what
        return "update", f"says it holds of fewer than {old.key} does ({fewer})"
    if says_nothing_new(new, diff):
        return "repeat", "says nothing the entry on file does not"
    # What it says again counts its values too ("the board meeting on the 12th will be held in
    # the Lisbon office" says the meeting and its day again, and adds where)
    few = len(diff.extra) <= len(new.words & old.info.words) + len(new.values & old.info.values)
    if not diff.missing and (few or restates_whole(new, diff, old.info)):
        return "update", f"adds a detail to {old.key}: {as_written(diff.extra, new.text) or what}"
    if new.update_weak and score >= REPEAT:
        return "update", "says the world changed (wording differs)"
    return "new", "says it in other words, or says another thing"


def _changes_in_meaning(
    new: Analysis,
    k: Known,
    diff: Diff,
    related: list[tuple[float, Known]],
    floor: float = UPDATE_MEANING,
) -> bool:
    """The user's text is about one entry, by meaning (the semantic path: close, and clearly
    closer than any other), and says something else of it: another value of a kind both hold,
    the other side, an ending, or a word of change. Only what a person said, and never a rule
    or a quote: those have their own ways to change."""
    if k.rule or k.trust == "untrusted" or new.hedged or some_days_only(new, k.info):
        return False
    if not _close_in_meaning(new, k, floor, UPDATE_MEANING):
        return False
    close = k.meaning or 0.0
    near = [o for _, o in related if o is not k and (o.meaning or 0.0) > close - CLEARLY_CLOSER]
    rivals = [o for o in near if of_a_kind_changed(diff, o.info)]  # the vet's, not the dose's
    if rivals and not (diff.flipped and not any(compare(new, o.info).flipped for o in rivals)):
        return False  # as close, unless it turns the side of k alone ("keep" for "selling")
    if cues.ALSO.search(new.folded):
        return False  # "Anna also likes Korean barbecue": one more, beside what is on file
    # A word of the entry swapped for another is another thing ("the property tax" for "the
    # income tax"), unless the text says in words that it changes.
    swapped = bool(diff.extra and diff.missing)
    # A word of change with a value of a kind the entry has none of, and nothing of the entry
    # turned, rejected or ended, changes something else of the same person or thing ("The
    # monthly call with Dana moved to Friday" for "Dana prefers a call over email"), unless it
    # names what the entry opens with ("Book club is moving to the library from January").
    turned = diff.changed or diff.rejects or diff.ended or diff.flipped or new.correction
    if diff.added and not turned and not names_what_it_opens_with(new, k.info):
        return False
    return bool(
        new.update
        or new.update_weak
        or new.correction
        or diff.changed
        and rest_holds(new, k.info)  # "fridays now, still at fairfield"
        or diff.rejects
        or diff.ended
        or diff.flipped
        and "goes on" in dict(new.poles)  # "I'm back on coffee"
        or not swapped
        and (diff.changed or diff.flipped)
    )
