"""What bringing the search index up to date took, and whether it could (index.py)."""

from __future__ import annotations

from typing import NamedTuple


class Freshness(NamedTuple):
    """What bringing the index up to date took, and whether it could."""

    files: int = 0
    indexed: int = 0  # files read (added or changed)
    removed: int = 0
    rebuilt: bool = False  # built from nothing (a missing, damaged or outdated index)
    stale: str | None = None  # why the index could not be made current, if it could not
    unreadable: int = 0
    building: bool = False  # a build from nothing is not done: the index holds part of the files

    def to_dict(self) -> dict:
        return {
            "files": self.files,
            "indexed": self.indexed,
            "removed": self.removed,
            "rebuilt": self.rebuilt,
            "stale": self.stale,
            "unreadable": self.unreadable,
            "building": self.building,
        }
