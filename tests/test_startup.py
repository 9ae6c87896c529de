"""What the hot paths load: heavy modules stay out of every path an agent runs each turn.

One case a path: the command line starting, a read counted in the usage log, recall before a
turn, the guard before a tool call, a graph question. Each runs in a fresh Python process in a
real workspace and lists the modules it found loaded that its path must not load.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import Cli

# Loaded only by the commands that need them (docs/performance.md)
HEAVY = {"git", "rich", "rapidfuzz", "ruamel", "yaml", "frontmatter", "sqlite3", "pydantic"}
RUN = "from memctl.cli.main import run\ntry:\n    run()\nexcept SystemExit:\n    pass\n"

# name: (the code run, with ROOT the workspace; what it must not load; the workspace it needs)
CASES = {
    "start-up": ("import memctl.cli.main", HEAVY, None),
    "a read counted": (
        "import datetime as dt; from memctl.usage import record; "
        "record(ROOT, 'now', at=dt.datetime(2026, 11, 30, 9))",
        HEAVY | {"typer"},
        "ws",
    ),
    "recall": (
        "import datetime; from memctl.workspace import open_workspace; "
        "from memctl.search.recall import recall; "
        "recall(open_workspace(ROOT), 'the link we used last time', "
        "today=datetime.date(2026, 11, 30))",
        {"git", "rich", "ruamel", "yaml", "frontmatter", "typer"},
        "example",
    ),
    "guard": (
        "import memctl.cli.main, memctl.cli.guard, memctl.nightly.guard",
        {"memctl.gate.decide", "memctl.search.rank", "memctl.note"} | HEAVY - {"yaml"},
        None,
    ),
    "a graph question": (
        f"sys.argv = ['memctl', '-w', ROOT, 'graph', 'neighbors', 'Brian', '-d', '3']\n{RUN}",
        {"git", "rich", "rapidfuzz", "ruamel", "yaml", "frontmatter"},
        "graph",
    ),
}


@pytest.fixture
def root(request, ws, example_ws) -> str:
    needs = CASES[request.node.callspec.params["case"]][2]
    if needs == "example":
        from conftest import TODAY
        from memctl.search.recall import recall

        recall(example_ws, "warm the index", today=TODAY)  # the index built, as every turn finds it
        return str(example_ws.root)
    if needs == "graph":
        cli = Cli(ws.root)
        cli("graph", "add", "Brian", "responsible for", "Project X")
        cli("graph", "add", "Project X", "depends on", "Tool Y")
        cli("graph", "neighbors", "Brian")  # the mirror built
    return str(ws.root)


@pytest.mark.parametrize("case", list(CASES))
def test_a_hot_path_loads_no_heavy_module(case, root):
    code, heavy, _ = CASES[case]
    probe = (
        f"import sys\nROOT = {root!r}\n{code}\n"
        f"print(sorted(m for m in sys.modules if m in {sorted(heavy)} "
        f"or m.split('.')[0] in {sorted(heavy)}), file=sys.stderr)\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stderr.strip().splitlines()[-1] == "[]", out.stderr
    if case == "a graph question":
        assert "Tool Y" in out.stdout  # the question was answered, not refused


def test_the_warm_paths_client_loads_nothing_past_the_interpreter():
    """The console script's first step (memctl.cli.launch, which hands a turn's command to a
    running server) imports only what every interpreter's start-up has (`os`, which `site`
    loads): each module more is paid on every answer the server gives. Run without site, so
    that nothing an environment's own start-up files load hides what memctl loads."""
    import memctl

    source = str(Path(memctl.__file__).resolve().parents[1])
    probe = (
        f"import sys\nsys.path.insert(0, {source!r})\nbefore = set(sys.modules)\n"
        "import memctl.cli.launch\n"
        "print(sorted(m for m in set(sys.modules) - before if m.split('.')[0] != 'memctl'))\n"
    )
    out = subprocess.run(
        [sys.executable, "-S", "-c", probe], capture_output=True, text=True, check=True
    )
    site_loads = {"os", "os.path", "posixpath", "genericpath", "stat", "_stat", "_collections_abc"}
    assert set(ast.literal_eval(out.stdout)) <= site_loads | {"__future__"}, out.stdout
