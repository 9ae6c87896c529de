"""A check's search is stopped past its time: a slow check synced from a peer blocks nothing,
the hook answers within the bound, a check the user enforces still blocks, and the fault is
said once, naming the check's file and line (stderr and .memctl/hooks.log)."""

from __future__ import annotations

import json
import threading

import pytest

from conftest import git, run_memctl
from memctl.nightly.runaway import runs_away

# Twenty optional choices, each of which can read "ab" as one or as two: runs_away does not
# tell it (no repeat of a choice), and re tries every split on "abab…" (past a minute).
SLOW = "(a|b|ab)?" * 20 + "c"
HEAD = "---\ntitle: Git\n---\n# Git\n\n"


def _rules(ws, *lines: str) -> None:
    (ws.root / "rules").mkdir(exist_ok=True)
    (ws.root / "rules/git.md").write_text(HEAD + "".join(f"{line}\n" for line in lines))
    git(ws, "add", "-A")
    git(ws, "commit", "-qm", "a peer's rules")


def _hook(ws, command: str):
    payload = {"hook_event_name": "PreToolUse", "tool_name": "Bash"}
    payload["tool_input"] = {"command": command}
    return run_memctl(
        "-w",
        str(ws.root),
        "guard",
        "check",
        "--hook",
        "claude-code",
        input=json.dumps(payload),
        timeout=30,
    )


def test_the_slow_pattern_is_one_runs_away_cannot_tell():
    assert runs_away(SLOW) is None


def test_a_check_of_alternatives_that_read_a_text_two_ways_is_listed_as_skipped(ws):
    """The finding: `(a|ab|b)*c`, committed by hand, was listed as a normal check and kept
    the hook busy 49 s on "ab" * 26."""
    line = '- [🔴HIGH][RULE] added:2026-12-01 src:user check:"(a|ab|b)*c" guard:watch · no c ^aa12'
    _rules(ws, line)
    listed = json.loads(run_memctl("-w", str(ws.root), "guard", "list", "--json").stdout)
    assert listed["checks"][0]["problem"].startswith("a repeat of alternatives that read a text")
    done = _hook(ws, "ab" * 30)
    assert (done.returncode, done.stdout) == (0, ""), done.stderr


def test_a_slow_enforced_check_is_stopped_and_one_the_user_enforces_still_blocks(ws):
    _rules(
        ws,
        f'- [🔴HIGH][RULE] src:user check:"{SLOW}" guard:enforce · no c ^aa12',
        '- [🔴HIGH][RULE] src:user check:"push --force" guard:enforce · Never force ^bb12',
    )
    done = _hook(ws, "ab" * 2000 + " && git push --force")
    assert done.returncode == 0, done.stderr
    reason = json.loads(done.stdout)["hookSpecificOutput"]["permissionDecisionReason"]
    assert "#^bb12" in reason and "#^aa12" not in reason
    from memctl.nightly.guard import CHECK_S

    said = [line for line in done.stderr.splitlines() if "did not finish" in line]
    assert said == [
        f'memctl: warning: guard: rules/git.md:6: check "{SLOW}" did not finish within '
        f"{CHECK_S:g} s on a 4025-character action: stopped, it blocked nothing"
    ]
    logged = (ws.root / ".memctl/hooks.log").read_text().splitlines()
    assert len(logged) == 1 and "guard: rules/git.md:6: check" in logged[0]


def test_a_slow_check_alone_lets_the_action_through(ws):
    _rules(ws, f'- [🔴HIGH][RULE] src:user check:"{SLOW}" guard:enforce · no c ^aa12')
    done = _hook(ws, "ab" * 2000)
    assert (done.returncode, done.stdout) == (0, "")
    assert "rules/git.md:6" in done.stderr
    plain = run_memctl("-w", str(ws.root), "guard", "check", "ab" * 2000, timeout=30)
    assert plain.returncode == 0 and plain.stdout.startswith("allowed"), plain.stderr


def test_a_search_off_the_main_thread_is_stopped_in_its_child_process():
    """A server answers on a worker thread, where no signal arrives: the search runs in a child
    process, killed past its time, and the next search starts a new one."""
    from memctl.nightly import bounded

    got: list[object] = []

    def work() -> None:
        for pattern, text in ((SLOW, "ab" * 2000), ("push", "git push")):
            try:
                got.append(bounded.search(pattern, [text], 0.5))
            except bounded.TooSlow:
                got.append("too slow")

    thread = threading.Thread(target=work)
    thread.start()
    thread.join(30)
    assert got == ["too slow", "push"]


def test_a_search_on_the_main_thread_leaves_no_timer_behind():
    import signal

    from memctl.nightly import bounded

    with pytest.raises(bounded.TooSlow):
        bounded.search(SLOW, ["ab" * 2000], 0.2)
    assert bounded.search("PUSH", ["git push"], 0.5) == "push"
    assert signal.getitimer(signal.ITIMER_REAL)[0] == 0
    assert signal.getsignal(signal.SIGALRM) == signal.SIG_DFL
