"""All files' vectors as one matrix (memctl.search.vectors keeps them; this is how a question
reads them): the rows, each row's file and line, and past the exact product's size the signs of
the vectors, packed, for the prefilter that picks the candidates the full vectors rank."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np


class FileVectors(NamedTuple):
    stamp: tuple[int, int]
    lines: np.ndarray  # int32, ascending
    hashes: bytes  # 16 bytes a unit
    vecs: np.ndarray  # float16 (units, dim)


def hamming(codes: np.ndarray, signs: np.ndarray) -> np.ndarray:
    """The Hamming distance of each unit's signs (`codes`: one row per 64 bits, a column per
    unit) to the query's: counted a row of 64 bits at a time, five times faster than a sum
    across each unit's row."""
    distance = np.bitwise_count(codes[0] ^ signs[0]).astype(np.uint16)
    for word, sign in zip(codes[1:], signs[1:], strict=True):
        distance += np.bitwise_count(word ^ sign)
    return distance


class View(NamedTuple):
    """All files' vectors as one matrix, with each row's file and line."""

    paths: list[str]
    owner: np.ndarray  # row -> index into paths
    lines: np.ndarray
    matrix: np.ndarray  # float32 up to the exact product's size, else float16
    codes: np.ndarray | None  # the signs, packed, when there are more: one row per 64 bits
    spans: dict[str, tuple[int, int]]  # path -> its rows, first and past the last

    def row(self, path: str, line: int) -> int | None:
        """The row of a (path, line) unit, None when it has no vector."""
        start, end = self.spans.get(path, (0, 0))
        lines = self.lines[start:end]
        at = int(np.searchsorted(lines, line))
        return start + at if at < len(lines) and lines[at] == line else None

    def sample(self, size: int) -> np.ndarray:
        """`size` rows, the same ones for the same store (float32)."""
        if len(self.lines) <= size:
            return self.matrix.astype(np.float32)
        picked = np.random.default_rng(0).choice(len(self.lines), size, replace=False)
        return self.matrix[np.sort(picked)].astype(np.float32)

    @classmethod
    def of(cls, files: dict[str, FileVectors], dim: int, exact_max: int) -> View:
        """One matrix of all files' vectors; past `exact_max` rows, with their signs packed
        for the prefilter."""
        paths = list(files)
        if not paths:
            empty = np.zeros(0, dtype=np.int32)
            return cls([], empty, empty, np.zeros((0, dim), dtype=np.float32), None, {})
        owner = np.concatenate(
            [np.full(len(files[p].lines), i, dtype=np.int32) for i, p in enumerate(paths)]
        )
        lines = np.concatenate([files[p].lines for p in paths])
        matrix = _one_block(files, paths)
        if matrix is None:
            matrix = np.concatenate([files[p].vecs for p in paths])
        sizes = np.cumsum([0] + [len(files[p].lines) for p in paths])
        spans = {p: (int(sizes[i]), int(sizes[i + 1])) for i, p in enumerate(paths)}
        if len(matrix) <= exact_max:
            return cls(paths, owner, lines, matrix.astype(np.float32), None, spans)
        codes = np.ascontiguousarray(np.packbits(positive(matrix), axis=1).view(np.uint64).T)
        return cls(paths, owner, lines, matrix, codes, spans)


def positive(matrix: np.ndarray) -> np.ndarray:
    """`matrix > 0`, for float16 read from the bits: a float16 comparison is done value by
    value in software (0.5 s for 218,224 units of 384), this one in a tenth of it. A float16
    is more than 0 when its sign bit is clear and it is not +0: as a 16-bit integer, more than
    0 (the embeddings hold no NaN)."""
    if matrix.dtype != np.float16:
        return matrix > 0
    return matrix.view(np.int16) > 0


def _one_block(files: dict[str, FileVectors], paths: list[str]) -> np.ndarray | None:
    """The files' vectors when they already are one block, row after row in `paths`' order
    (as VectorIndex loads them, or as an earlier view left them): that block, not a copy."""
    held = [files[p].vecs for p in paths if len(files[p].vecs)]  # a file without units: none
    if not held:
        return None
    base = held[0].base
    if not isinstance(base, np.ndarray) or base.dtype != held[0].dtype or base.ndim != 2:
        return None
    start = base.__array_interface__["data"][0]
    row = base.strides[0]
    at = 0
    for vecs in held:
        if vecs.base is not base or vecs.__array_interface__["data"][0] != start + at * row:
            return None
        at += len(vecs)
    return base[:at]


def addressed(view: View, rows: np.ndarray, sims: np.ndarray) -> list[tuple[str, int, float]]:
    """(path, line, cosine) of each of the rows."""
    owners = view.owner[rows].tolist()
    return [
        (view.paths[owner], line, sim)
        for owner, line, sim in zip(owners, view.lines[rows].tolist(), sims.tolist(), strict=True)
    ]


def closest(distance: np.ndarray, keep: int) -> np.ndarray:
    """The rows of the `keep` smallest distances, and those tied with the last of them: the
    distances are a few hundred bit counts, so counting each is three times faster than a
    partition of every row."""
    counts = np.cumsum(np.bincount(distance))
    within = int(np.searchsorted(counts, min(keep, len(distance))))
    return np.flatnonzero(distance <= within)
