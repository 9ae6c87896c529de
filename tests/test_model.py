"""The model adapter (model.py): the `llm` command-line tool for the gate and the nightly job,
set on this machine only; never a program named by a file that sync can change.

The `llm` here is a real executable on PATH that parses its arguments as `llm prompt` does
(`-m/--model`, `-s/--system`, `--no-stream`, `-n/--no-log`, the prompt piped on stdin, an
unknown model an error), records each call, and answers like a model would: JSON, often
wrapped in prose and a code fence.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest
from test_consolidate import write_log

from conftest import NOW, Cli, git, run_memctl

STAND_IN = '''\
#!{python}
"""A stand-in for `llm` (llm.datasette.io): llm [PROMPT] -m MODEL [-s SYSTEM] [--no-stream] [-n]."""
import argparse, json, os, sys

parser = argparse.ArgumentParser(prog="llm")
parser.add_argument("prompt", nargs="?")
parser.add_argument("-m", "--model", default="gpt-4o-mini")
parser.add_argument("-s", "--system")
parser.add_argument("--no-stream", action="store_true")
parser.add_argument("-n", "--no-log", action="store_true")
args = parser.parse_args()
if args.model != "stand-in-1":
    print(f"Error: '{{args.model}}' is not a known model", file=sys.stderr)
    sys.exit(1)
prompt = "" if sys.stdin.isatty() else sys.stdin.read()
if args.prompt:
    prompt = f"{{prompt}}\\n{{args.prompt}}" if prompt else args.prompt
with open(os.environ["STAND_IN_LOG"], "a") as log:
    log.write(json.dumps({{"argv": sys.argv[1:], "prompt": prompt}}) + "\\n")
request = json.loads(prompt)
if request.get("task") == "consolidate":
    lines = [line for entry in request["entries"] for line in entry["lines"]]
    items = [{{"kind": "DECISION", "line": line["line"], "reason": "agreed in the call",
              "text": "Atlas moves to Postgres 16 in December"}}
             for line in lines if "we agreed" in line["text"]]
    answer = {{"items": items}}
elif "moved" in request["text"] and request["candidates"]:
    answer = {{"label": "update", "target": request["candidates"][0]["id"],
              "reason": "the stand-in model read a move"}}
else:
    answer = {{"label": "new", "target": None, "reason": "the stand-in model saw nothing like it"}}
print("Here is my answer:\\n```json\\n" + json.dumps(answer) + "\\n```")
'''


@pytest.fixture
def llm_tool(tmp_path, monkeypatch):
    """`llm` on PATH, and the file where it records its calls."""
    folder = tmp_path / "bin"
    folder.mkdir()
    program = folder / "llm"
    program.write_text(STAND_IN.format(python=sys.executable))
    program.chmod(0o755)
    calls = tmp_path / "llm-calls.jsonl"
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("STAND_IN_LOG", str(calls))
    return calls


def calls(log) -> list[dict]:
    return [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []


@pytest.fixture
def atlas(ws):
    from memctl.longterm import add_entry, new_note

    new_note(ws, "projects/atlas", title="Project Atlas", today=NOW.date())
    add_entry(
        ws,
        "projects/atlas",
        "The weekly Atlas call is on Wednesday",
        source="user",
        today=NOW.date(),
    )
    return ws


def local(ws, text: str) -> None:
    (ws.state_dir / "local.yaml").write_text(textwrap.dedent(text))


def test_the_gate_asks_the_llm_tool_named_in_the_local_config(atlas, llm_tool, cli):
    local(atlas, "llm_model: stand-in-1\n")
    data = cli.json("remember", "The weekly Atlas call moved to Thursday", "-s", "user")
    assert data["labeler"] == "llm" and data["label"] == "update"
    assert data["reason"] == "the stand-in model read a move"
    (call,) = calls(llm_tool)
    argv = call["argv"]
    assert argv[:2] == ["-m", "stand-in-1"] and "--no-log" in argv and "--no-stream" in argv
    system = argv[argv.index("-s") + 1]
    assert "write gate" in system and "JSON object" in system
    request = json.loads(call["prompt"])  # the request, piped on stdin
    assert request["task"] == "label" and request["text"].startswith("The weekly Atlas call")


def test_the_nightly_job_reads_free_text_with_the_llm_tool(ws, llm_tool, cli):
    local(ws, "llm_model: stand-in-1\n")
    write_log(
        ws,
        "2026-11-29",
        ("15:00", "Atlas call\nAfter a long talk we agreed on Postgres 16 for Atlas, in December."),
    )
    data = cli.json("consolidate", "2026-11-29")
    assert data["llm"] == "used"
    assert [(s["kind"], s["line"], s["how"]) for s in data["steps"]] == [
        ("DECISION", 5, "llm: agreed in the call")
    ]
    system = calls(llm_tool)[0]["argv"]
    assert "daily log" in system[system.index("-s") + 1]


def test_the_users_own_config_works_for_every_workspace(atlas, llm_tool, cli):
    config = atlas.root.parent / "home-config" / "memctl" / "config.yaml"
    config.parent.mkdir(parents=True)
    config.write_text(f"llm_model: stand-in-1\nllm_program: {llm_tool.parent / 'bin' / 'llm'}\n")
    env = {"XDG_CONFIG_HOME": str(config.parent.parent)}
    data = json.loads(
        cli("remember", "The weekly Atlas call moved to Friday", "--json", env=env).stdout
    )
    assert data["labeler"] == "llm"


def test_an_unknown_model_falls_back_and_says_why(atlas, llm_tool, cli):
    local(atlas, "llm_model: no-such-model\n")
    data = cli.json("remember", "The weekly Atlas call moved to Thursday", "-s", "user")
    decision = data
    assert decision["labeler"] == "deterministic" and decision["label"] == "update"
    assert (
        "failed with exit code 1: Error: 'no-such-model' is not a known model"
        in decision["fallback"]
    )


def test_a_program_in_the_committed_config_is_ignored_with_a_warning(atlas, llm_tool, tmp_path):
    marker = tmp_path / "ran"
    config = atlas.state_dir / "config.yaml"
    config.write_text(
        config.read_text() + f"llm_command: \"sh -c 'touch {marker}'\"\nllm_model: stand-in-1\n"
    )
    line = len(config.read_text().splitlines()) - 1
    result = Cli(atlas.root)("remember", "The weekly Atlas call moved to Thursday", "--json")
    assert not marker.exists() and calls(llm_tool) == []
    assert json.loads(result.stdout)["labeler"] == "deterministic"
    assert (
        f"memctl: warning: .memctl/config.yaml:{line}: llm_command is ignored here: a "
        "setting that names a program or a model is read only from .memctl/local.yaml or "
        "~/.config/memctl/config.yaml"
    ) in result.stderr
    assert f".memctl/config.yaml:{line + 1}: llm_model is ignored here" in result.stderr


def test_a_local_config_that_git_tracks_runs_nothing(atlas, llm_tool, cli):
    local(atlas, "llm_model: stand-in-1\n")
    git(atlas, "add", "-f", ".memctl/local.yaml")
    git(atlas, "commit", "-q", "-m", "a peer's local config")
    data = cli.json("remember", "The weekly Atlas call moved to Thursday", "-s", "user")
    assert calls(llm_tool) == [] and data["labeler"] == "deterministic"
    assert ".memctl/local.yaml is tracked by git" in data["fallback"]


def test_a_peers_llm_command_never_runs_after_a_sync(ws, tmp_path):
    """A peer commits a program into the shared config; this machine syncs and remembers."""
    remote = tmp_path / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(remote)], check=True)
    git(ws, "remote", "add", "origin", str(remote))
    assert run_memctl("-w", str(ws.root), "sync").returncode == 0
    peer = tmp_path / "peer"
    subprocess.run(["git", "clone", "-q", str(remote), str(peer)], check=True)
    marker = tmp_path / "pwned"
    config = peer / ".memctl/config.yaml"
    config.write_text(config.read_text() + f"llm_command: \"sh -c 'touch {marker}'\"\n")
    git(peer, "-c", "user.name=Peer", "-c", "user.email=p@example.com", "commit", "-qam", "x")
    git(peer, "push", "-q", "origin", "main")
    assert run_memctl("-w", str(ws.root), "sync").returncode == 0
    done = run_memctl("-w", str(ws.root), "remember", "Anna prefers tea", "--json")
    assert done.returncode == 0 and not marker.exists()
    assert "llm_command is ignored here" in done.stderr


def test_the_model_command_gets_the_environment_without_memctls_thread_count():
    """memctl asks numpy for one BLAS thread (memctl.threads); a model command, which may run a
    local model, gets the environment as the user had it."""
    from memctl import threads
    from memctl.model import Model

    threads.native_settings()
    said = "import os, json; print(json.dumps({'seen': os.environ.get('OPENBLAS_NUM_THREADS')}))"
    answer, why = Model((sys.executable, "-c", said), 20.0, "llm_command").ask({"task": "label"})
    assert why is None and answer is not None
    expected = (
        None if threads.child_environment() is not None else os.environ.get("OPENBLAS_NUM_THREADS")
    )
    assert answer["seen"] == expected
