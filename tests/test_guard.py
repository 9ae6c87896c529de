"""`memctl guard`: a new check only watches and logs; only the user makes it enforce; the
Claude Code PreToolUse hook gets its documented answer; start-up stays lean."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from conftest import commit_count, git, run_memctl
from memctl.gate import candidates as gate
from memctl.longterm import add_entry, find_entry, new_note
from memctl.nightly import guard
from memctl.nightly.guard import LOG, checks, evaluate

NOW = dt.datetime(2026, 11, 30, 10, 0)


@pytest.fixture
def rule(ws):
    new_note(ws, "rules/git", title="Git rules", today=NOW.date())
    ref = add_entry(
        ws, "rules/git", "Never force-push to main", kind="RULE", source="user", today=NOW.date()
    ).value
    return ref.entry.id


def hook(ws, payload: dict, cli):
    return cli("guard", "--hook", "claude-code", input=json.dumps(payload))


def test_without_checks_everything_is_allowed(ws, rule, cli):
    result = cli("guard", "git push --force origin main")
    assert result.stdout.startswith("allowed: no check matches (0 check(s))")
    assert not (ws.root / LOG).exists()


def test_a_new_check_watches_logs_and_blocks_nothing(ws, rule, cli):
    out = cli("lessons", "--apply", rule, "--check", r"git push (-f|--force)").stdout
    assert "in watch mode" in out
    line = find_entry(ws, rule).entry.format()
    assert 'check:"git push (-f|--force)" guard:watch' in line
    result = cli("guard", "git push --force origin main && echo token=abc123")
    assert result.exit_code == 0 and result.stderr == ""
    assert "watching, would block" in result.stdout and "Never force-push" in result.stdout
    logged = [json.loads(x) for x in (ws.root / LOG).read_text().splitlines()]
    assert [(x["mode"], x["blocked"], x["match"]) for x in logged] == [
        ("watch", False, "git push --force")
    ]
    assert "abc123" not in (ws.root / LOG).read_text()  # the match, never the whole action
    assert cli("guard", "git push origin feature").stdout.startswith("allowed")
    assert ".memctl/guard.jsonl" in (ws.root / ".gitignore").read_text()


def test_the_listing_counts_a_checks_matches_in_every_mode(ws, rule, cli):
    cli("lessons", "--apply", rule, "--check", r"git push (-f|--force)")
    cli("guard", "git push --force origin main")  # watched
    cli("guard", "enforce", rule, "--source", "user")
    cli("guard", "git push -f origin main", code=3)  # enforced
    [listed] = cli.json("guard", "list")["checks"]
    assert listed["mode"] == "enforce" and listed["hits"] == 2
    shown = cli("guard", "list").stdout
    assert f"rules/git.md#^{rule}" in shown and "git push (-f|--force)" in shown


def test_only_the_users_command_enforces_and_then_guard_exits_3(ws, rule, cli):
    cli("lessons", "--apply", rule, "--check", r"git push (-f|--force)")
    before = commit_count(ws)
    for asked in ((), ("--source", "agent"), ("-s", "web")):  # not the user's word: refused
        refused = cli("guard", "enforce", rule, *asked, code=3)
        assert "only the user's words enforce it" in refused.stderr
    assert commit_count(ws) == before and "guard:watch" in find_entry(ws, rule).entry.format()
    cli("guard", "enforce", rule, "--source", "user")
    assert commit_count(ws) == before + 1
    assert "(the user's decision)" in git(ws, "log", "-1", "--format=%s")
    assert "guard:enforce enforced:2026-11-30" in find_entry(ws, rule).entry.format()
    result = cli("guard", "git push -f origin main", code=3)
    assert result.stderr == (
        f"memctl: guard: blocked by memctl rule rules/git.md#^{rule}: Never force-push to main\n"
    )
    assert json.loads(cli("guard", "git push -f", "--json", code=3).stdout)["blocked"] is True
    with pytest.raises(Exception, match="the user enforces"):
        with ws.change("test") as change:
            guard.add_check(ws, change, find_entry(ws, rule), "anything")
    # a check that blocks stops blocking only on the user's word
    refused = cli("guard", "watch", rule, code=3)
    assert "only the user's words loosen it" in refused.stderr
    assert cli("guard", "git push -f origin main", code=3).exit_code == 3
    cli("guard", "watch", rule, "--source", "user")
    assert cli("guard", "git push -f origin main").exit_code == 0


def test_the_claude_code_hook_gets_a_deny_only_from_an_enforced_check(ws, rule, cli):
    cli("lessons", "--apply", rule, "--check", r"git push (-f|--force)")
    # fmt: off
    payload = {"session_id": "s1", "hook_event_name": "PreToolUse", "tool_name": "Bash",
               "tool_input": {"command": "git push --force origin main",
                              "description": "push"}}
    # fmt: on
    watching = hook(ws, payload, cli)
    assert watching.exit_code == 0 and watching.stdout == ""
    assert json.loads((ws.root / LOG).read_text().splitlines()[-1])["tool"] == "Bash"
    cli("guard", "enforce", rule, "--source", "user")
    answer = json.loads(hook(ws, payload, cli).stdout)
    assert answer == {
        "hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": "deny",
            "permissionDecisionReason": f"blocked by memctl rule rules/git.md#^{rule}: "
            "Never force-push to main",
        }
    }
    other = dict(payload, tool_input={"command": "ls -la"})
    assert hook(ws, other, cli).stdout == ""
    bad = cli("guard", "--hook", "claude-code", input="not json", code=1)
    assert "hook input is not JSON" in bad.stderr


def test_checks_are_read_from_rules_only_and_a_bad_pattern_is_listed_not_used(ws, rule, cli):
    add_entry(
        ws,
        "rules/git",
        "Never rebase shared branches",
        kind="RULE",
        source="user",
        today=NOW.date(),
    )
    path = ws.root / "rules/git.md"
    broken = 'src:user check:"rebase (" · Never rebase'
    path.write_text(path.read_text().replace("src:user · Never rebase", broken))
    new_note(ws, "lessons/git", title="Git lessons", today=NOW.date())
    (ws.root / "lessons/git.md").write_text(
        (ws.root / "lessons/git.md").read_text() + '- [LESSON] check:"ls" · not a rule\n'
    )
    found = checks(ws)
    assert [c.problem is not None for c in found] == [True]
    assert evaluate(ws, "git rebase (main)", now=NOW, log=False).hits == ()
    listing = cli.json("guard", "list")["checks"]
    assert listing[0]["problem"].startswith("not a regular expression")


def test_the_check_on_a_note_outside_rules_is_refused(ws, cli):
    new_note(ws, "lessons/git", title="Git lessons", today=NOW.date())
    ref = add_entry(
        ws, "lessons/git", "Never force-push", kind="LESSON", source="agent", today=NOW.date()
    ).value
    result = cli("lessons", "--apply", ref.entry.id, "--check", "push -f", code=1)
    assert "is not in rules/ yet" in result.stderr
    assert "carries no check" in cli("guard", "enforce", ref.entry.id, code=1).stderr


def test_guard_constants_follow_the_gate():  # the guard starts lean: tests/test_startup.py
    assert guard.RULES_DIR == gate.RULES_DIR


def test_a_real_hook_process(ws, rule):
    run_memctl("-w", str(ws.root), "lessons", "--apply", rule, "--check", "push --force")
    run_memctl("-w", str(ws.root), "guard", "enforce", rule, "--source", "user")
    payload = json.dumps({"tool_name": "Bash", "tool_input": {"command": "git push --force"}})
    proc = run_memctl("-w", str(ws.root), "guard", "--hook", "claude-code", input=payload)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["hookSpecificOutput"]["permissionDecision"] == "deny"


def test_a_check_that_could_run_for_ever_is_listed_and_skipped_not_run(ws, rule, cli):
    """A rule synced from a peer with an enforced check of a repeat inside a repeat would hang
    every tool call on a long action: the check is skipped and listed with why, the hook still
    answers at once (a real process, stopped if it hangs), and a new such check is refused."""
    path = ws.root / "rules/git.md"
    runaway = 'src:user check:"^(\\w+\\s?)*$" guard:enforce · Never force-push'
    path.write_text(path.read_text().replace("src:user · Never force-push", runaway))
    assert [c.problem for c in checks(ws)] == [
        "a repeat inside a repeat can run for ever on some texts: skipped"
    ]
    action = "a" * 40 + "!"
    payload = json.dumps({"tool_name": "Bash", "tool_input": {"command": action}})
    proc = run_memctl("-w", str(ws.root), "guard", "--hook", "claude-code", input=payload)
    assert proc.returncode == 0, proc.stderr
    assert "deny" not in proc.stdout
    assert cli.json("guard", "list")["checks"][0]["problem"].startswith("a repeat inside")
    refused = cli("lessons", "--apply", rule, "--check", "(a+)+b", code=None)
    assert refused.exit_code != 0 and "repeat inside a repeat" in refused.stderr


@pytest.mark.parametrize(
    ("pattern", "hangs"),
    [
        ("(a+)+$", True),
        ("(\\w+\\s?)*$", True),
        ("(?:\\w+[-_])+x", True),  # "_" is a word character: "a_b_c" splits many ways
        ("(?:\\s*\\w+:\\S+)+ ·", True),
        ("\\bWebSearch\\b", False),
        ("git\\s+push\\s+.*main", False),
        ("(foo|bar)+", False),
        ("(?:[a-z]+\\.)+com", False),  # each turn ends on a "." no inner repeat takes
        ("(?:[^.]+\\.)+x", False),
        ("(?:\\S+\\s)+x", False),
        ("(.|\\s)*x", True),  # a space is either: a run of them splits every way
        ("(a|ab|b)*c", True),  # "ab" is "a" then "b": 49 s on 52 characters
        ("(?:a|ab|b)+c", True),
        ("(a|a)*x", True),  # the same word twice
        ("(?:foo|foobar|bar)*x", True),  # "foobar" is "foo" then "bar"
        ("(\\w|\\d\\d)+x", True),  # "12" is one turn of "\\w\\w" or one of "\\d\\d"
        ("(ab|ac)*x", False),  # the second letter decides
        ("(ab|abc)*x", False),  # a "c" left over never starts a word: one split only
        ("(\\w|\\d)+x", False),  # re makes one set of them: one way
        ("(?:.|\\n)*x", False),  # "." is never a line break
        ("x.*y.*z.*w.*=", True),  # repeats in a row: each can take what the next takes
        ("git.*push.*--force", False),  # the cube: it reads a short part (the next test)
        ("\\w*\\w*!", False),
        ("\\s+.*main", False),
        ("a*[^a]*a*!", True),  # "[^a]*" takes nothing of a run of "a": the fourth power
        ("(?=.*a.*b)", False),
        ("git\\s+push\\s+.*main", False),  # "\\s" never takes "push": one row of two, anchored
        ("^x.*y.*z", False),  # the search starts in one place only
        ("\\w+\\s*=", False),
        ("(?=.*a)(?=.*b)", False),
        ("\\S+\\.pem\\b", False),
    ],
)
def test_a_repeat_that_can_split_a_run_many_ways_runs_away(pattern, hangs):
    """A repeat inside a repeat, unless each turn holds a character no inner repeat takes; a
    repeat of one-character alternatives that can be the same character; repeats in a row that
    can take the same characters, searched from anywhere."""
    from memctl.nightly.runaway import runs_away

    assert (runs_away(pattern) is not None) == hangs


def test_a_check_of_repeats_in_a_row_is_skipped_and_the_hook_answers_at_once(ws, rule, cli):
    """ "x.*y.*z.*w.*=" synced from a peer and enforced: 1,600 characters of "xyzw" kept guard
    busy past a minute. The check is skipped and listed with why, the hook answers at once (a
    real process, stopped if it hangs), and the agent cannot add such a check."""
    path = ws.root / "rules/git.md"
    rows = 'src:user check:"x.*y.*z.*w.*=" guard:enforce · Never force-push'
    path.write_text(path.read_text().replace("src:user · Never force-push", rows))
    git(ws, "commit", "-qam", "a peer's rule")
    payload = json.dumps({"tool_name": "Bash", "tool_input": {"command": "xyzw" * 400}})
    proc = run_memctl(
        "-w", str(ws.root), "guard", "--hook", "claude-code", input=payload, timeout=20
    )
    assert proc.returncode == 0 and proc.stdout == "", proc.stderr
    listed = run_memctl("-w", str(ws.root), "guard", "list", "--json", timeout=20)
    assert json.loads(listed.stdout)["checks"][0]["problem"].startswith("repeats in a row")
    refused = cli("lessons", "--apply", rule, "--check", "a.*b.*c.*d", code=None)
    assert refused.exit_code != 0 and "repeats in a row" in refused.stderr


@pytest.mark.parametrize(
    ("pattern", "power"),
    [("\\bWebSearch\\b.*form", 2), ("git.*push.*--force", 3), ("x.*y.*z.*w.*=", 5)],
)
def test_the_power_a_check_grows_with_is_read_from_its_pattern(pattern, power):
    from memctl.nightly.runaway import degree

    assert degree(pattern) == power


def test_a_check_that_grows_with_the_cube_still_guards_a_command(ws, rule, cli):
    """ "git.*push.*--force" takes 2 s on 2,048 characters made for it (the cube of the
    length), but it is what a person writes: it is kept, and reads a command's first and last
    256 characters, so it blocks the force-push and the hook answers at once on the rest."""
    cli("lessons", "--apply", rule, "--check", "git.*push.*--force")
    cli("guard", "enforce", rule, "--source", "user")
    for command, blocked in (
        ("git push --force origin main", True),
        ("git push origin main", False),
        ("git push " * 2000, False),
        ("cd src && " + "git push " * 2000 + " --force", True),
    ):
        payload = json.dumps({"tool_name": "Bash", "tool_input": {"command": command}})
        proc = run_memctl(
            "-w", str(ws.root), "guard", "--hook", "claude-code", input=payload, timeout=20
        )
        assert proc.returncode == 0 and ("deny" in proc.stdout) == blocked, (command[:40], proc)


def test_a_long_action_is_read_at_its_start_and_its_end(ws, rule, cli):
    """A check searched from every place of an action grows with the square of its length:
    "\\S+\\.pem\\b" in a 2 MB file content with no dot would take hours. A check reads the
    action's first and last 2,048 characters: the hook answers at once (a real process,
    stopped if it hangs), and a key file named at the start or the end is still blocked."""
    cli("lessons", "--apply", rule, "--check", r"\S+\.pem\b")
    cli("guard", "enforce", rule, "--source", "user")
    blob = "x" * 2_000_000

    def verdict(tool_input: dict) -> str:
        payload = json.dumps({"tool_name": "Write", "tool_input": tool_input})
        proc = run_memctl(
            "-w", str(ws.root), "guard", "--hook", "claude-code", input=payload, timeout=20
        )
        assert proc.returncode == 0, proc.stderr
        return proc.stdout

    assert verdict({"file_path": "notes/blob.txt", "content": blob}) == ""
    assert "deny" in verdict({"file_path": "keys/id.pem", "content": blob})
    assert "deny" in verdict({"file_path": "run.sh", "content": blob + " cat keys/id.pem"})


def test_a_check_written_by_hand_as_the_docs_show_keeps_its_backslashes(ws, cli):
    """`check:"\\bWebSearch\\b.*form"` typed into a rule, as docs/nightly.md shows it: in a
    quoted value only `\\"` and `\\\\` are escapes, so `\\b` stays a word boundary (it was read
    as a plain "b", and the check never matched)."""
    path = ws.root / "rules/web.md"
    new_note(ws, "rules/web", title="Web", today=NOW.date())
    line = (
        '- [🔴HIGH][RULE] src:user check:"\\bWebSearch\\b.*form" guard:watch · Look in '
        "the notes before searching the web for a form ^w3bk\n"
    )
    path.write_text(path.read_text() + line)
    git(ws, "commit", "-qam", "a rule by hand")
    [listed] = cli.json("guard", "list")["checks"]
    assert listed["pattern"] == "\\bWebSearch\\b.*form" and listed["problem"] is None
    hit = cli.json("guard", "check", "WebSearch government form")
    assert [h["id"] for h in hit["hits"]] == ["w3bk"]
    assert cli.json("guard", "check", "myWebSearches for a form")["hits"] == []


def test_a_check_in_a_note_whose_name_no_line_shows_is_not_read(ws, rule, cli):
    """A rules note a peer named with a line break is no note (workspace.stat_markdown), so
    its checks are not read either, and no address printed holds the break."""
    cli("lessons", "--apply", rule, "--check", r"git push (-f|--force)")
    text = (ws.root / "rules/git.md").read_text().replace(rule, "zzz9")
    (ws.root / "rules/x\n- [RULE] forged.md").write_text(text)
    assert [c.path for c in checks(ws)] == ["rules/git.md"]
