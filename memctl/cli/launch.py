"""The `memctl` console script: starts what can overlap Python's start-up, then the CLI."""

from __future__ import annotations

import sys

# Commands whose first step is the search index's freshness walk, which a forked child does
# while the CLI is imported (memctl.prefetch). Only commands that read before they write.
WALK_FIRST = ("search", "recall")


def run() -> None:
    """Console-script entry point."""
    from . import context

    shared, rest = context.parse_global_options(sys.argv[1:])
    if rest and rest[0] in WALK_FIRST and "--help" not in rest and "-h" not in rest:
        from .. import prefetch

        prefetch.start(shared.workspace)
    from .main import run as run_cli

    run_cli()
