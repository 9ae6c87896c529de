"""How many threads numpy's BLAS may run for memctl, and what the programs memctl runs inherit.

OpenBLAS keeps its threads spinning between two products: in a warm server that CPU is taken
from the process that asks (a guard check cost the server 48 ms of CPU per answer beside the
vectors, 4 ms with one thread). The products of the semantic path are small, so it asks for one
thread before numpy is first imported (`one_blas_thread`); a count the user set stays. A program
memctl runs (a configured model command, which may run a local model) gets the environment as
it was, without the count memctl set (`child_environment`).
"""

from __future__ import annotations

import os

BLAS_THREADS = "OPENBLAS_NUM_THREADS"
_set_here = False  # memctl set the count (the user had not)


def one_blas_thread() -> None:
    """Ask for one BLAS thread, unless the user set a count; before numpy loads."""
    global _set_here
    if BLAS_THREADS not in os.environ:
        os.environ[BLAS_THREADS] = "1"
        _set_here = True


def child_environment() -> dict[str, str] | None:
    """The environment for a program memctl runs: None (this process's own) unless memctl set
    the thread count, else a copy without it."""
    if not _set_here:
        return None
    return {k: v for k, v in os.environ.items() if k != BLAS_THREADS}
