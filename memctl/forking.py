"""When memctl may fork a helper process (the prefetched walk, the catalog's second parser).

A forked child starts at once and imports nothing, where a spawned one would start Python and
run the caller's main script again. But a child gets a copy of every lock of its parent as it
was at that moment, and only the forking thread: a lock another thread held stays locked in the
child for good. So memctl forks only while its process runs a single thread.
"""

from __future__ import annotations

import os
import sys


def fork_is_safe() -> bool:
    """The system can fork, and no other thread runs here (threading is never imported for
    this: a process that has not imported it has no other thread)."""
    if not hasattr(os, "fork"):
        return False
    threading = sys.modules.get("threading")
    return threading is None or threading.active_count() == 1
