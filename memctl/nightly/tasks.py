"""Which In Progress task of NOW.md a TODO or DONE line of a day's log is.

A task is what its content words say (gate.reading: stemmed, a synonym as its class's word),
less the words that say how far along it is or when ("finish", "start", "work on", "today").
A task of NOW.md is said by its whole text or by what comes before " — " on it ("Q4 estimated
tax payment — collect the 1099-INT from the bank first": a note on the task follows).

- a TODO is a task already in In Progress only when it says the same thing: the same words, no
  other value ("TODO: finish the Atlas migration plan" is "Atlas migration plan"). A word of its
  own is another act, person or object, so another task ("send Brian the migration plan",
  "review the migration plan with Priya"), however much of the topic they share.
- a DONE ticks off a task only when it names it whole: every word of the task, and beside them
  at most one word of its own that is no name (the act: "sent Brian the Atlas migration plan"
  for "Atlas migration plan for Brian"). A DONE close to a task without naming it whole
  ("sent the migration plan link to Brian" for "Atlas migration plan") finishes nothing: the
  run names the task it may have finished, for a person to tick.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..gate.reading import Analysis, analyze, content_word, similarity
from ..now import task_text
from ..words import fold
from .consolidation import MAY_HAVE_FINISHED, Step

if TYPE_CHECKING:
    from collections.abc import Callable

    from .markers import Item

NOTE = " — "  # what follows it in a task is a note on the task
NEAR = 0.55  # a task this similar (gate.reading.similarity) to a line is worth naming beside it
# Words that say how far along a task is, or when, not which task it is
_PROGRESS = frozenset(
    content_word(w)
    for w in """finish finished complete completed do did done start started begin began
    continue resume work worked wrap wrapped get got keep task todo again today tonight
    tomorrow asap soon later still up off finally""".split()
)


@dataclass(frozen=True)
class TaskMatch:
    """The task of In Progress a line names, or the one closest to it."""

    index: int  # the task's place in In Progress; -1 when there are no tasks
    named: bool  # the line is this task (a TODO) or names it whole (a DONE)
    score: float  # how similar they are (gate.reading.similarity)
    apart: str = ""  # what sets the line apart from the closest task, when it is not named

    @property
    def near(self) -> bool:
        """Not named, but close enough to say which task it may be."""
        return not self.named and self.index >= 0 and self.score >= NEAR


def same_task(tasks: list[str], text: str) -> TaskMatch:
    """The task a TODO's `text` already is (it says the same thing), else the closest."""
    line = analyze(text)
    return _pick(tasks, line, lambda task: _same(line, task))


def finished_task(tasks: list[str], text: str) -> TaskMatch:
    """The task a DONE's `text` names whole, else the closest. Of several it names, the one it
    adds fewest words to."""
    line = analyze(text)
    return _pick(tasks, line, lambda task: _names_whole(line, task))


def closest_task(tasks: list[str], text: str) -> tuple[float, int]:
    """(similarity, place) of the In Progress task most like `text`; (0.0, -1) for none."""
    about = analyze(text)
    scores = [similarity(about, analyze(task_text(t))) for t in tasks]
    if not scores:
        return 0.0, -1
    best = max(scores)
    return best, scores.index(best)


def unfinished(item: Item, tasks: list[str], found: TaskMatch) -> Step:
    """A DONE that names no task whole leaves NOW.md as it is; one close to a task is held
    for a person, with the command that ticks it."""
    if not found.near:
        return Step(
            item,
            "now",
            f"{item.how}; no task in In Progress matches it (closest {found.score:.2f}); "
            "nothing to take out",
            now="no matching task",
        )
    near = task_text(tasks[found.index])
    why = (
        f'it may have finished "{near}" but does not name it whole ({found.apart}); NOW.md '
        f"is left as it is: `memctl now done {shlex.quote(near)}` ticks it"
    )
    return Step(
        item, "held", f"{item.how}; held for a person: {why}", now=f"{MAY_HAVE_FINISHED}{near}"
    )


def _pick(tasks: list[str], line: Analysis, test: Callable[[Analysis], int | None]) -> TaskMatch:
    readings = [analyze(task_text(t)) for t in tasks]
    scores = [similarity(line, task) for task in readings]
    # a task is named by all its text or by what comes before a note on it ("Q4 estimated tax
    # payment — collect the 1099-INT first"); a rank is how far off it is (lower is closer)
    hits = [
        (rank, i)
        for i, t in enumerate(tasks)
        for said in {task_text(t), task_text(t).split(NOTE, 1)[0]}
        if (rank := test(analyze(said))) is not None
    ]
    if hits:
        index = min(hits)[1]
        return TaskMatch(index, True, scores[index])
    if not scores:
        return TaskMatch(-1, False, 0.0)
    best = max(scores)
    index = scores.index(best)
    return TaskMatch(index, False, best, _apart(line, readings[index]))


def _words(said: Analysis) -> frozenset[str]:
    return said.words - _PROGRESS


def _clash(a: Analysis, b: Analysis) -> bool:
    """A value of one kind both give, not the same ("PR 412" and "PR 413")."""
    kinds = {v.split(":", 1)[0] for v in a.values} & {v.split(":", 1)[0] for v in b.values}
    return any(
        {v for v in a.values if v.startswith(f"{k}:")}
        != {v for v in b.values if v.startswith(f"{k}:")}
        for k in kinds
    )


def _same(line: Analysis, task: Analysis) -> int | None:
    words = _words(line)
    return 0 if words and words == _words(task) and not _clash(line, task) else None


def _names_whole(line: Analysis, task: Analysis) -> int | None:
    words, theirs = _words(line), _words(task)
    own = words - theirs
    if not theirs or not theirs <= words or _clash(line, task):
        return None
    return len(own) if len(own) <= 1 and not own & line.names else None


_WORD = re.compile(r"[^\W_]+(?:['-][^\W_]+)*")


def _apart(line: Analysis, task: Analysis) -> str:
    """What sets a line apart from a task: "it says link, Brian; the task says Atlas"."""
    own, theirs = _words(line) - _words(task), _words(task) - _words(line)
    parts = [f"it says {_spelled(own, line.text)}"] if own else []
    parts += [f"the task says {_spelled(theirs, task.text)}"] if theirs else []
    return "; ".join(parts) or "another value"


def _spelled(words: frozenset[str], text: str) -> str:
    """`words` as `text` spells them, in its order."""
    found: dict[str, str] = {}
    for raw in _WORD.findall(text):
        key = content_word(fold(raw.removesuffix("'s")))
        if key in words:
            found.setdefault(key, raw.removesuffix("'s"))
    return ", ".join([*found.values(), *sorted(words - found.keys())])
