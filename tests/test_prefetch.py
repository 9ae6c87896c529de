"""The stat walk a forked child does while `memctl search | recall` start up.

Forking is tried in a fresh interpreter (never in pytest's own process, which may run threads),
and through the installed console script.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

from conftest import NOW, run_memctl
from memctl.initialize import init_workspace

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this system")


def python(code: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code), *args],
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_the_child_walks_what_the_parent_would(ws):
    for n in range(3000):  # more than a pipe holds at once
        path = ws.root / f"people/p{n // 500}/person-{n}.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"- person {n}\n")
    done = python(
        """
        import os, sys
        from memctl.search import prefetch
        from memctl.search.index import stat_walk
        from memctl.workspace import open_workspace
        prefetch.start(sys.argv[1])
        ws = open_workspace(sys.argv[1])
        walked = prefetch.take(ws)
        assert walked is not None and len(walked) >= 3 * 3000
        assert prefetch.take(ws) is None  # taken once: later checks walk again
        assert walked == stat_walk(ws)
        try:
            os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            print("reaped")
    """,
        str(ws.root),
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "reaped\n"


def test_a_walk_of_another_workspace_or_none_is_not_taken(ws, tmp_path):
    init_workspace(tmp_path / "other", now=NOW)
    done = python(
        """
        import sys
        from memctl.search import prefetch
        from memctl.workspace import open_workspace
        ws = open_workspace(sys.argv[1])
        prefetch.start(sys.argv[2])  # another workspace: its walk is not this one's
        assert prefetch.take(ws) is None
        prefetch.start(sys.argv[3])  # not a workspace: the child finds none and says nothing
        assert prefetch.take(ws) is None
        print("ok")
    """,
        str(ws.root),
        str(tmp_path / "other"),
        str(tmp_path / "nowhere"),
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "ok\n"


def test_a_walk_never_taken_does_not_hold_up_the_exit(ws):
    for n in range(2000):
        (ws.root / f"semantic/fact-{n}.md").parent.mkdir(parents=True, exist_ok=True)
        (ws.root / f"semantic/fact-{n}.md").write_text(f"- fact {n}\n")
    done = python(
        """
        import sys
        from memctl.search import prefetch
        prefetch.start(sys.argv[1])
        print("leaving")
    """,
        str(ws.root),
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "leaving\n"


def test_search_and_recall_through_the_console_script_see_a_file_edited_just_before(example_ws):
    root = example_ws.root
    note = root / "lessons/locker.md"
    note.write_text("- the gym locker is 1111\n")
    assert "1111" in run_memctl("-w", str(root), "search", "gym locker").stdout
    note.write_text("- the gym locker is 2468 since the locksmith visit\n")
    found = run_memctl("search", "gym", "locker", cwd=root / "lessons")
    assert found.returncode == 0, found.stderr
    assert "2468" in found.stdout and "1111" not in found.stdout
    note.write_text("- the gym locker is 8642 since the locksmith visit\n")
    said = run_memctl(
        "recall", "which gym locker is mine since the locksmith visit?", "-w", str(root)
    )
    assert said.returncode == 0, said.stderr
    assert "lessons/locker.md:1" in said.stdout and "8642" in said.stdout


def test_no_fork_while_another_thread_runs():
    done = python("""
        import threading
        from memctl.forking import fork_is_safe
        from memctl.search import prefetch
        assert fork_is_safe()
        stop = threading.Event()
        worker = threading.Thread(target=stop.wait)
        worker.start()
        assert not fork_is_safe()
        prefetch.start(None)
        assert prefetch._child is None  # nothing forked
        stop.set()
        worker.join()
        assert fork_is_safe()
        print("ok")
    """)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "ok\n"
