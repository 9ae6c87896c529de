"""The warm path: per-turn commands answered by a running `memctl serve` through its socket,
byte for byte as the command answers in its own process, and the fallbacks when it cannot."""

from __future__ import annotations

import json
import signal
import stat
import subprocess
import sys
import threading
import time

import pytest
from servekit import HOOK_PROMPT, HOOK_TOOL, memctl, served, serving, status, wait_for

from conftest import MEMCTL_BIN, NOW
from memctl.initialize import init_workspace

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux sockets")

RULE = (
    '- [🔴HIGH][RULE] src:user check:"push --force" guard:enforce · Never force-push to '
    "main ^fp01\n"
)


@pytest.fixture
def root(example_ws):
    rules = example_ws.root / "rules" / "git.md"
    rules.write_text("# Git\n\n" + RULE, encoding="utf-8")
    return example_ws.root


def cases(root):
    """(name, argv, stdin, cwd, env, merged): what a harness and an agent run every turn."""
    w = ["-w", str(root)]
    prompt = HOOK_PROMPT % "book a restaurant for dinner with Anna"
    return [
        ("recall hook", [*w, "recall", "--hook", "claude-code"], prompt, None, {}, False),
        (
            "recall hook, small talk",
            [*w, "recall", "--hook", "claude-code"],
            HOOK_PROMPT % "thanks, that is all",
            None,
            {},
            False,
        ),
        (
            "recall hook, not JSON",
            [*w, "recall", "--hook", "claude-code"],
            "{nope",
            None,
            {},
            False,
        ),
        (
            "recall, prompt on stdin",
            [*w, "recall"],
            "is Anna allergic to anything?",
            None,
            {},
            False,
        ),
        ("recall --json", [*w, "--json", "recall", "Anna", "allergy"], "", None, {}, False),
        (
            "guard hook, enforced",
            [*w, "guard", "check", "--hook", "claude-code"],
            HOOK_TOOL % "git push --force origin main",
            None,
            {},
            False,
        ),
        (
            "guard hook, allowed",
            [*w, "guard", "--hook", "claude-code"],
            HOOK_TOOL % "ls",
            None,
            {},
            False,
        ),
        ("guard, blocked, both streams", [*w, "guard", "git push --force"], "", None, {}, True),
        (
            "guard, blocked, both streams, buffered",
            [*w, "guard", "git push --force"],
            "",
            None,
            {"PYTHONUNBUFFERED": ""},
            True,
        ),
        ("search", [*w, "search", "Anna", "prefers"], "", None, {}, False),
        ("search --json", [*w, "search", "--json", "storage", "-n", "2"], "", None, {}, False),
        ("search, no match", [*w, "search", "zzzqqq"], "", None, {}, False),
        (
            "search, bad date, JSON error",
            [*w, "--json", "search", "x", "--since", "2026-13-01"],
            "",
            None,
            {},
            False,
        ),
        ("search, usage error", [*w, "search", "--bogus"], "", None, {}, False),
        ("now", [*w, "now"], "", None, {}, False),
        ("show a note", [*w, "show", "people/anna.md"], "", None, {}, False),
        ("show an entry --json", [*w, "--json", "show", "c8tm"], "", None, {}, False),
        ("show, not found", [*w, "show", "zz99"], "", None, {}, False),
        ("now --json", [*w, "now", "--json"], "", None, {}, False),
        ("now, found from the working folder", ["now"], "", root / "people", {}, False),
        ("now, MEMCTL_NOW invalid", [*w, "now"], "", None, {"MEMCTL_NOW": "yesterday"}, False),
        (
            "search, another clock",
            [*w, "search", "Anna"],
            "",
            None,
            {"MEMCTL_NOW": "2027-06-01T10:00"},
            False,
        ),
    ]


def run_all(root):
    return {
        name: memctl(*argv, cwd=cwd, input=stdin, env=env, merged=merged)
        for name, argv, stdin, cwd, env, merged in cases(root)
    }


def test_warm_answers_are_the_cold_ones_byte_for_byte(root):
    cold = run_all(root)
    assert cold["guard hook, enforced"][1] and b"deny" in cold["guard hook, enforced"][1]
    assert cold["recall hook"][1], "the example workspace knows Anna"
    with serving(root):
        # idle work (embedding) is done: a step that outlasts BUSY_S on a loaded machine would
        # have the server decline a command, which then answers itself
        wait_for(lambda: status(root)["ahead"] is False)
        before = served(root)
        warm = run_all(root)
        assert served(root) == before + len(warm)  # every one was answered by the server
    for name in cold:
        assert warm[name] == cold[name], name


def test_an_edit_by_hand_and_a_cli_write_are_seen_by_the_next_warm_answer(root):
    with serving(root):
        note = root / "projects" / "heron.md"
        note.write_text("# Heron\n\n- [🟡MED][FACT] · The Heron kiln fires at 1280 degrees\n")
        code, out, _ = memctl("-w", str(root), "search", "heron kiln")
        assert code == 0 and b"projects/heron.md:3" in out
        with note.open("a") as handle:  # the same file again, within the same second
            handle.write("- [🟡MED][FACT] · The Heron glaze is celadon\n")
        code, out, _ = memctl("-w", str(root), "search", "celadon glaze")
        assert b"projects/heron.md:4" in out
        code, _, err = memctl(
            "-w", str(root), "log", "Ordered the quokka feeder", "-m", "From the zoo supplier"
        )
        assert code == 0, err
        count = served(root)
        code, out, _ = memctl(
            "-w",
            str(root),
            "recall",
            "--hook",
            "claude-code",
            input=HOOK_PROMPT % "where did the quokka feeder come from?",
        )
        assert served(root) == count + 1 and b"quokka" in out
        rules = root / "rules" / "git.md"
        rules.write_text(rules.read_text().replace("guard:enforce", "guard:watch"))
        code, out, _ = memctl(
            "-w", str(root), "guard", "--hook", "claude-code", input=HOOK_TOOL % "git push --force"
        )
        assert code == 0 and out == b""  # watching now: allowed, nothing to say


def test_a_killed_server_leaves_a_stale_socket_and_commands_answer_themselves(root):
    args = ["-w", str(root), "recall", "--hook", "claude-code"]
    prompt = HOOK_PROMPT % "book a restaurant for dinner with Anna"
    cold = memctl(*args, input=prompt)
    with serving(root) as proc:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        assert (root / ".memctl" / "serve.sock").exists()  # left behind
        assert memctl(*args, input=prompt) == cold
    with serving(root):  # a new server takes the stale socket's place
        count = served(root)
        assert memctl(*args, input=prompt) == cold
        assert served(root) == count + 1


def test_a_socket_file_nobody_listens_on_is_passed_over(root):
    args = ["-w", str(root), "search", "Anna"]
    expected = memctl(*args)
    (root / ".memctl" / "serve.sock").write_text("not a socket")
    assert memctl(*args) == expected and expected[0] == 0 and expected[1]


def test_a_server_that_does_not_answer_in_time_is_passed_over_and_keeps_no_input(root):
    args = ["-w", str(root), "recall", "--hook", "claude-code"]
    prompt = HOOK_PROMPT % "book a restaurant for dinner with Anna"
    cold = memctl(*args, input=prompt)
    with serving(root) as proc:
        proc.send_signal(signal.SIGSTOP)  # alive, listening, answering nothing
        try:
            # stdin was not the server's to read (a wait shorter than the tests' own)
            assert memctl(*args, input=prompt, env={"MEMCTL_SERVE_WAIT_MS": "300"}) == cold
        finally:
            proc.send_signal(signal.SIGCONT)
        count = served(root)
        assert memctl(*args, input=prompt) == cold
        assert served(root) == count + 1


def test_a_command_waits_for_a_server_as_long_as_memctl_serve_wait_ms_says(root):
    """A server stopped for a moment (a loaded machine that schedules it late) still answers
    a command told to wait longer than that; with the 20 ms it waits by default, the command
    answers itself."""
    args = ["-w", str(root), "recall", "--hook", "claude-code"]
    prompt = HOOK_PROMPT % "book a restaurant for dinner with Anna"
    cold = memctl(*args, input=prompt)
    with serving(root) as proc:
        wait_for(lambda: status(root)["ahead"] is False)
        for wait_ms, answers in (("30000", 1), ("20", 0)):
            count = served(root)
            proc.send_signal(signal.SIGSTOP)
            resume = threading.Timer(1.0, proc.send_signal, (signal.SIGCONT,))
            resume.start()
            try:
                assert memctl(*args, input=prompt, env={"MEMCTL_SERVE_WAIT_MS": wait_ms}) == cold
            finally:
                resume.join()
                proc.send_signal(signal.SIGCONT)
            assert served(root) == count + answers, wait_ms


def test_a_server_of_another_workspace_is_passed_over(root, tmp_path):
    moved = tmp_path / "moved"
    args = ["search", "Anna", "prefers"]
    expected = memctl("-w", str(root), *args)
    with serving(root):
        count = served(root)
        root.rename(moved)  # the socket moves with the folder; the server still serves `root`
        root.symlink_to(moved)  # (so that the test can still ask it)
        try:
            answer = memctl("-w", str(moved), *args)
            assert served(root) == count  # declined: the answer came from the command itself
            assert answer == expected
        finally:
            root.unlink()
            moved.rename(root)


def test_a_server_of_another_memctl_is_passed_over(root):
    args = ["-w", str(root), "search", "Anna", "prefers"]
    expected = memctl(*args)
    other = (
        "import sys, memctl; memctl.__version__ = '0.0.0-other'; "
        "sys.argv = ['memctl', *sys.argv[1:]]; from memctl.cli.launch import run; run()"
    )
    with serving(root):
        count = served(root)
        proc = subprocess.run([sys.executable, "-c", other, *args], capture_output=True)
        assert served(root) == count
        assert (proc.returncode, proc.stdout, proc.stderr) == expected


def test_one_server_owns_the_socket_and_it_is_its_owners_alone(root):
    with serving(root):
        sock = root / ".memctl" / "serve.sock"
        assert stat.S_ISSOCK(sock.stat().st_mode) and stat.S_IMODE(sock.stat().st_mode) == 0o600
        second = subprocess.run(
            [str(MEMCTL_BIN), "-w", str(root), "serve", "--no-mcp"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert second.returncode == 3 and "already serves" in second.stderr
        assert status(root) is not None


def test_a_deep_workspace_is_served_through_its_folder(tmp_path):
    deep = tmp_path.joinpath(*["a-long-folder-name"] * 6, "ws")
    init_workspace(deep, now=NOW)
    assert len(str(deep / ".memctl" / "serve.sock")) > 108
    with serving(deep):
        count = served(deep)
        code, out, _ = memctl("-w", str(deep), "now")
        assert code == 0 and out
        assert served(deep) == count + 1


def test_serve_start_status_stop_and_idle_exit(root):
    code, out, err = memctl("-w", str(root), "serve", "start", "--json")
    try:
        assert code == 0, err
        started = json.loads(out)
        assert started["launched"] is True and started["root"] == str(root)
        code, out, _ = memctl("-w", str(root), "serve", "start", "--json")
        again = json.loads(out)
        assert again["launched"] is False  # one is enough
        assert again["started"] == started["started"] and isinstance(started["started"], float)
        assert (
            json.loads(memctl("-w", str(root), "serve", "status", "--json")[1])["pid"]
            == started["pid"]
        )
    finally:
        code, out, _ = memctl("-w", str(root), "serve", "stop", "--json")
    assert json.loads(out) == {"stopped": True, "pid": started["pid"]}
    code, _, err = memctl("-w", str(root), "serve", "status")
    assert code == 1 and b"no memctl server" in err
    assert not (root / ".memctl" / "serve.sock").exists()
    with serving(root, "--idle", "0.02") as proc:  # 1.2 s without a request
        proc.wait(timeout=60)
        assert proc.returncode == 0
    assert status(root) is None


def test_the_workspace_lock_excludes_other_threads_of_the_process(ws):
    inside, overlaps = [], []

    def hold() -> None:
        with ws.lock():
            inside.append(1)
            overlaps.append(len(inside))
            time.sleep(0.05)
            with ws.lock():  # re-entrant in its own thread
                pass
            inside.pop()

    threads = [threading.Thread(target=hold) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert overlaps == [1, 1, 1, 1]


def test_serve_without_the_mcp_extra_says_how_to_install_it(ws):
    code = (
        "import sys; sys.modules['mcp'] = None; sys.argv = ['memctl', *sys.argv[1:]]; "
        "from memctl.cli.launch import run; run()"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code, "-w", str(ws.root), "serve"],
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    assert proc.returncode == 1
    assert "pip install 'memctl[mcp]'" in proc.stderr


def test_a_warm_answer_imports_nothing_but_the_client(root):
    """The installed `memctl` command, answered by a server: Python's own start, the client
    module and nothing else (no `re` of a generated console script, no Typer, no memctl core)."""
    with serving(root):
        before = served(root)
        proc = subprocess.run(
            [sys.executable, "-X", "importtime", str(MEMCTL_BIN), "-w", str(root), "recall"],
            input=b"is Anna allergic to anything?",
            capture_output=True,
            timeout=60,
        )
        assert served(root) == before + 1
    assert proc.returncode == 0 and b"Anna" in proc.stdout, proc.stderr.decode()[-2000:]
    python = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "pass"], capture_output=True, timeout=60
    )
    loaded = _imported(proc.stderr) - _imported(python.stderr)  # Python's own start aside
    memctl_modules = {name for name in loaded if name.startswith("memctl")}
    assert memctl_modules == {"memctl", "memctl.cli", "memctl.cli.launch"}
    assert len(loaded - memctl_modules) <= 3, loaded  # _socket, marshal, __future__
    assert not loaded & {"re", "typer", "rich", "enum", "json"}
    # an editable install's finder loads `re` with Python's own start: the script itself must not
    assert "import re" not in MEMCTL_BIN.read_text()


def _imported(importtime: bytes) -> set[str]:
    lines = importtime.decode().splitlines()
    return {line.split("|")[-1].strip() for line in lines if line.startswith("import time:")}


def test_idle_work_runs_in_steps_between_requests_and_is_not_counted_as_served():
    import time

    from memctl.cli.warm import Worker

    worker, order = Worker(), []

    def step() -> bool:
        order.append("step")
        if len(order) == 1:
            worker.submit(order.append, "request")  # arrives while the first step runs
        return order.count("step") < 3

    worker.background(step)
    assert worker.ahead  # `memctl serve status` says idle work is left
    deadline = time.monotonic() + 10
    while worker.ahead and time.monotonic() < deadline:
        time.sleep(0.01)
    worker.shutdown()
    assert order == ["step", "request", "step", "step"]
    assert worker.served == 1  # the request; the steps are not requests
    assert not worker.ahead  # the last step said none was left


def test_idle_work_is_taken_up_again_when_rearmed_and_once_more_if_rearmed_during_a_step():
    """Idle work that found nothing left runs again when something changed (`rearm`); a
    change seen while a step runs (the step may have looked too early) earns one more round
    after it, not a second round at once."""
    from memctl.cli.warm import Worker

    worker, steps = Worker(), []
    under_way = threading.Event()
    go_on = threading.Event()

    def step() -> bool:
        steps.append(time.monotonic())
        if len(steps) == 2:
            under_way.set()
            go_on.wait(10)
        return False

    worker.background(step)
    _until(lambda: len(steps) == 1 and not worker.ahead)
    worker.rearm()
    assert worker.ahead
    assert under_way.wait(10)
    worker.rearm()  # while the second step runs: one more round after it
    worker.rearm()
    go_on.set()
    _until(lambda: len(steps) == 3 and not worker.ahead)
    time.sleep(1.0)  # QUIET_S twice over: no fourth round
    worker.shutdown()
    assert len(steps) == 3


def _until(condition, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "gave up waiting"
        time.sleep(0.01)


def test_a_server_embeds_a_note_written_while_it_runs_before_anything_asks(root):
    """A note written while the server runs (an editor, an import, another memctl) is embedded
    in the server's idle time once the watcher sees it, with no question asked meanwhile: the
    next question finds it ready instead of embedding it, or leaving it out."""
    semantic = pytest.importorskip("memctl.search.semantic")
    if not semantic.available():
        pytest.skip("the semantic extra is not installed")
    import sqlite3

    vectors = root / ".memctl" / "vectors.db"

    def embedded(path: str) -> bool:
        if not vectors.exists():
            return False
        db = sqlite3.connect(f"file:{vectors}?mode=ro", uri=True)
        try:
            return db.execute("SELECT 1 FROM files WHERE path = ?", (path,)).fetchone() is not None
        except sqlite3.Error:
            return False
        finally:
            db.close()

    with serving(root):
        wait_for(lambda: status(root)["ahead"] is False)
        count = served(root)
        note = root / "people" / "orla.md"
        note.write_text(
            "---\ntitle: Orla\n---\n# Orla\n\n"
            "- [🟡MED][FACT] added:2026-11-30 src:user · Orla repairs vintage accordions ^or01\n",
            encoding="utf-8",
        )
        wait_for(lambda: embedded("people/orla.md"), timeout=30)
        assert served(root) == count  # nothing asked: the idle work did it


def test_what_a_server_loads_to_warm_up_is_left_out_of_full_collections(ws):
    import gc

    from memctl.cli import serve

    gc.unfreeze()
    try:
        serve._prewarm(ws.root)
        assert gc.get_freeze_count() > 1000  # the modules, the index, the warm-up's answer
    finally:
        gc.unfreeze()
