"""Workspaces made once per process and copied for each use: tests (and scripts/bench_admission.py,
which runs the door matrix outside pytest) take a copy, which costs a fraction of making one."""

from __future__ import annotations

import atexit
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

_made: dict[str, tuple[Path, Any]] = {}


def copy_of(name: str, make: Callable[[Path], Any], target: Path) -> tuple[Path, Any]:
    """`target`, a copy of the workspace `make(root)` made the first time `name` was asked for
    in this process; and what `make` returned then. The one made is removed when the process
    exits."""
    if name not in _made:
        folder = tempfile.mkdtemp(prefix=f"memctl-{name}-")
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        root = Path(folder) / "ws"
        _made[name] = (root, make(root))
    root, made = _made[name]
    shutil.copytree(root, target, symlinks=True)
    return target, made
