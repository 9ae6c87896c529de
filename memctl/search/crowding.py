"""How near each unit of the vector store sits to the rest of it (memctl.search.vectors).

A unit's crowding is the mean cosine of its CROWD_K nearest among a fixed sample of CROWD_SAMPLE
units of the store. A generic line ("waiting for a review of the plan", a templated log line) is
near a bit of everything and so near any question (a hub); a unit that says one particular thing
is near few. Search ranks by the cosine less a share of it (cross-domain similarity local
scaling, CSLS), so hubs stop crowding out the memory that answers.

A unit's crowding is measured once, when a question first needs it, or ahead of any question
(`ahead`, in the steps a server's idle time allows). A new view of the store (a file embedded
again, one gone) keeps what was measured of every file whose units did not change: a write
costs the crowding of the units it touched, not of the whole store. The sample is drawn again
from the new view; a unit's nearest among some two thousand others barely move when a few
units come or go.
"""

from __future__ import annotations

import numpy as np

from .matrix import FileVectors, View

CROWD_SAMPLE = 2048  # units a unit's crowding is measured against
CROWD_K = 10  # its nearest among them that count


class Crowding:
    """Each row's crowding for the store's current view, NaN until measured."""

    def __init__(self) -> None:
        self.values: np.ndarray | None = None
        self._view: View | None = None  # the view the values belong to
        self._sample: np.ndarray | None = None  # that view's sample, float32, once drawn
        self._ahead = 0  # the rows before this one were measured ahead of any question
        self._measured: dict[str, tuple[bytes, int, int]] = {}  # path → its hashes, its rows

    def of(self, view: View, files: dict[str, FileVectors], rows: np.ndarray) -> np.ndarray:
        """The crowding of these rows of the view, each measured once (0 in a store too small
        to have a crowd)."""
        if len(view.lines) <= CROWD_K * 4:
            return np.zeros(len(rows), dtype=np.float32)
        known = self._for(view, files)
        todo = np.unique(rows[np.isnan(known[rows])])
        if len(todo):
            self._measure(view, todo)
        return known[rows]

    def ahead(self, view: View, files: dict[str, FileVectors], rows: int) -> bool:
        """Measure up to `rows` more rows before any question needs them; whether any are
        left."""
        if len(view.lines) <= CROWD_K * 4:
            return False
        known = self._for(view, files)
        while self._ahead < len(known):
            start, self._ahead = self._ahead, min(len(known), self._ahead + rows)
            todo = np.flatnonzero(np.isnan(known[start : self._ahead])) + start
            if len(todo):  # rows kept from the last view are passed over in the same step
                self._measure(view, todo)
                break
        return self._ahead < len(known)

    def _for(self, view: View, files: dict[str, FileVectors]) -> np.ndarray:
        """The values of this view's rows so far: for a new view, those of the files whose
        units are the same as in the last one (the same hashes, which sync keeps for a file
        it did not embed again), NaN for the rest."""
        if self._view is view and self.values is not None:
            return self.values
        values = np.full(len(view.lines), np.nan, dtype=np.float32)
        measured: dict[str, tuple[bytes, int, int]] = {}
        runs: list[list[int]] = []  # [new row, old row, rows]: files kept side by side, as one
        for path, (start, end) in view.spans.items():
            kept = files.get(path)
            hashes = b"" if kept is None else kept.hashes
            measured[path] = (hashes, start, end)
            old = self._measured.get(path)
            if old is None or old[0] != hashes:
                continue
            last = runs[-1] if runs else None
            if last is not None and last[0] + last[2] == start and last[1] + last[2] == old[1]:
                last[2] += end - start
            else:
                runs.append([start, old[1], end - start])
        if self.values is not None:
            for new, was, rows in runs:
                values[new : new + rows] = self.values[was : was + rows]
        self.values, self._view, self._sample, self._ahead = values, view, None, 0
        self._measured = measured
        return values

    def _measure(self, view: View, todo: np.ndarray) -> None:
        if self._sample is None:
            self._sample = view.sample(CROWD_SAMPLE)
        near = view.matrix[todo].astype(np.float32) @ self._sample.T
        near[near > 0.9999] = -1.0  # the unit itself, or a copy of it
        k = min(CROWD_K, near.shape[1])
        top = np.partition(near, near.shape[1] - k, axis=1)[:, -k:]
        assert self.values is not None
        self.values[todo] = top.mean(axis=1)
