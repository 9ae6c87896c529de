"""The desk at session start: `memctl now` prints NOW.md cut by section within the budget and
the rules in force, names what it left out, and never drops a P0; for Claude Code the rules
also reach CLAUDE.md, through an import memctl adds and removes."""

from __future__ import annotations

import json
import re
import subprocess

from test_lessons import lesson, slips

from conftest import TODAY, Cli
from memctl.budget import estimate_tokens
from memctl.desk import fit
from memctl.longterm import add_entry, new_note
from memctl.rules import Rule

BIG = """# NOW.md — Workspace
Updated: 2026-11-29 18:00

## Today's Focus
{done}- answer Anna about the venue

## Notes by Sam
Keep this section exactly as it is.
{notes}
## In Progress
- 🔄 migrate the wiki — blocked: waiting for admin access
- 🔄 draft the Q4 board update

## Current Priorities
| Priority | Task | Status |
|----------|------|--------|
| P0 | file the tax form | in progress |
| P0 | renew the passport before the Lisbon trip | todo |
| P1 | book the dentist | todo |
| P2 | clean the garage | todo |
"""


def big_now(done: int = 30, notes: int = 60) -> str:
    return BIG.format(
        done="".join(
            f"- ✅ finished chore number {i} of the long week, all of it\n" for i in range(done)
        ),
        notes="".join(
            f"- note line {i}: " + "the details of the thing " * 3 + "\n" for i in range(notes)
        ),
    )


def printed_tokens(out: str) -> int:
    return estimate_tokens(out)


def add_rules(ws, n: int, *, note: str = "rules/ops", high: int = 5) -> list[str]:
    new_note(ws, note, title="Ops rules", today=TODAY)
    ids = []
    for i in range(n):
        ref = add_entry(
            ws,
            note,
            f"Rule {i}: check the deploy target twice before step {i} of the runbook",
            kind="RULE",
            source="user",
            today=TODAY,
            priority="high" if i < high else "med",
        ).value
        ids.append(ref.entry.id)
    return ids


def test_the_example_workspace_puts_every_rule_on_the_desk(example_ws):
    out = Cli(example_ws.root)("now").stdout
    assert (
        "- Never send an email or message on Sam's behalf without showing him the draft "
        "first ^g8hn" in out
    )
    rules = [line for line in out.split("## Rules", 1)[1].splitlines() if line.startswith("- ")]
    assert len(rules) == 6 and rules[0].endswith("^g8hn")  # high priority first
    data = Cli(example_ws.root).json("now")
    assert data["rules_shown"] == 6 and data["tokens"] <= data["budget_tokens"]
    assert not data["truncated"] and data["notice"] is None
    # shown whole, what is printed is the total, counted the same way (the health line too)
    assert data["tokens"] == data["total_tokens"]
    full = Cli(example_ws.root)("now", "--full").stdout
    assert data["total_tokens"] == estimate_tokens(full.rstrip("\n"))


def test_over_budget_the_least_important_goes_first_and_is_named(ws, cli):
    ws.now_path.write_text(big_now())
    out = cli("now").stdout
    assert printed_tokens(out) <= 1500
    data = cli.json("now")
    assert data["truncated"] and data["tokens"] <= 1500 < data["total_tokens"]
    for kept in (
        "| P0 | file the tax form |",
        "| P0 | renew the passport",
        "🔄 migrate the wiki",
        "🔄 draft the Q4 board update",
        "answer Anna about the venue",
    ):
        assert kept in out, kept
    notice = next(line for line in out.splitlines() if line.startswith("[memctl:"))
    assert "over the 1,500-token budget" in notice and "memctl now --full" in notice
    assert "Today's Focus: all 30 done items" in notice and '"Notes by Sam":' in notice
    assert out.splitlines()[-1].startswith("health:")
    assert "finished chore number 29" in cli("now", "--full").stdout


def test_done_focus_items_go_oldest_first(ws, cli):
    ws.now_path.write_text(big_now(done=30, notes=0))
    (ws.state_dir / "local.yaml").write_text("now_budget_tokens: 500\n")
    out = cli("now").stdout
    shown = [int(n) for n in re.findall(r"finished chore number (\d+)", out)]
    assert shown and shown == list(range(30 - len(shown), 30))  # the newest stayed
    assert f"Today's Focus: the oldest {30 - len(shown)} of 30 done items" in out
    assert printed_tokens(out) <= 500


def test_the_p0s_stay_even_in_a_tiny_budget(ws, cli):
    ws.now_path.write_text(big_now())
    (ws.state_dir / "local.yaml").write_text("now_budget_tokens: 120\n")
    out = cli("now").stdout
    assert "| P0 | file the tax form |" in out and "| P0 | renew the passport" in out
    assert "| P1 |" not in out and "Current Priorities: all 2 rows" in out
    data = cli.json("now")
    assert data["truncated"] and "In Progress: all 2 tasks" in data["left_out"]


def test_forty_rules_and_a_long_now_every_rule_shown_or_named(ws, cli):
    ws.now_path.write_text(big_now())
    ids = add_rules(ws, 40)
    for budget in (1500, 700):
        (ws.state_dir / "local.yaml").write_text(f"now_budget_tokens: {budget}\n")
        out = cli("now").stdout
        assert printed_tokens(out) <= budget
        for rule_id in ids:
            assert f"^{rule_id}" in out, (budget, rule_id)  # on its line, or named in the notice
        assert "| P0 | file the tax form |" in out and "| P0 | renew the passport" in out
        data = cli.json("now")
        assert data["tokens"] <= data["budget_tokens"] and len(data["rules"]) == 40
        on_desk = data["now"].split("## Rules", 1)[1]
        assert all(f"^{i}" in on_desk for i in ids[:5])  # the high ones first
    assert (
        data["rules_shown"] < 40
        and f"{40 - data['rules_shown']} rule(s): rules/ops.md ^" in (data["notice"])
    )


def test_thousands_of_rules_are_named_by_file_within_the_budget():
    rules = [
        Rule(f"rules/r{i % 30}.md", i, f"id{i}", "med", f"rule number {i} " * 4)
        for i in range(3000)
    ]
    desk = fit("# NOW.md\n\n## In Progress\n- 🔄 one task\n", rules, budget=1500, reserve=30)
    assert estimate_tokens(desk.text + desk.notice) <= 1470
    assert "3000 rule(s)" not in desk.notice and "rule(s): rules/r" in desk.notice
    assert "(memctl show FILE)" in desk.notice and "🔄 one task" in desk.text


def test_a_lesson_moved_into_rules_is_on_the_next_desk(ws, cli):
    ref = lesson(
        ws,
        "Look in lessons/forms.md before searching the web for a form",
        note="lessons/forms",
        use_when=["the link we used last time"],
    )
    assert "Look in lessons/forms.md" not in cli("now").stdout
    slips(ws, ref.entry.id, 2)
    cli("lessons", "--apply", ref.entry.id, "--source", "user")
    out = cli("now").stdout
    assert f"- Look in lessons/forms.md before searching the web for a form ^{ref.entry.id}" in out


def test_hooks_put_the_rules_in_claude_md_and_take_only_them_out(example_ws, tmp_path):
    cli = Cli(example_ws.root)
    project = tmp_path / "app"
    project.mkdir()
    mine = "# App\n\nUse tabs, not spaces.\n"
    (project / "CLAUDE.md").write_text(mine)
    data = cli.json("hooks", "install", "claude-code", "--project", str(project))
    rules_file = project / ".claude" / "memctl-rules.md"
    assert data["rules"]["rules_file"] == str(rules_file) and data["rules"]["rules"] == 6
    claude = (project / "CLAUDE.md").read_text()
    assert claude.startswith(mine) and "\n@.claude/memctl-rules.md\n" in claude
    assert "Never send an email or message on Sam's behalf" in rules_file.read_text()
    session_start = json.loads((project / ".claude/settings.json").read_text())["hooks"][
        "SessionStart"
    ][0]["hooks"][0]["command"]
    assert f"now --rules-file {rules_file}" in session_start
    before = {p: p.read_bytes() for p in (project / "CLAUDE.md", rules_file)}
    assert (
        cli.json("hooks", "install", "claude-code", "--project", str(project))["changed"] is False
    )
    assert before == {p: p.read_bytes() for p in before}
    cli("hooks", "uninstall", "claude-code", "--project", str(project))
    assert (project / "CLAUDE.md").read_text() == mine and not rules_file.exists()


def test_a_rule_naming_a_path_after_an_at_sign_imports_nothing_into_claude_md(ws, cli, tmp_path):
    """Claude Code reads `@path` in an imported file as the file at path: a rule that names one
    ("Never commit @../.env", or a line a peer wrote) would have read the project's .env into
    every session. The generated file writes each such `@path` in a code span."""
    project = tmp_path / "app"
    project.mkdir()
    cli("new", "rules/core", "-t", "Core")
    cli("add", "rules/core", "Never commit @../.env or @~/.ssh/id_rsa", "-k", "RULE", "-s", "user")
    cli("add", "rules/core", "Send the weekly report to sam@acme.com", "-k", "RULE", "-s", "user")
    cli("hooks", "install", "claude-code", "--project", str(project))
    text = (project / ".claude/memctl-rules.md").read_text()
    assert "Never commit `@../.env` or `@~/.ssh/id_rsa`" in text
    assert "sam@acme.com" in text and "`sam@acme.com`" not in text
    bare = [w for line in text.splitlines() for w in line.split() if w.startswith("@")]
    assert bare == []


# Rules that name a path after an at sign among backticks of every kind, in several domains
HOSTILE_RULES = [
    "A stray ` before @/etc/passwd must not open a span",  # a lone backtick
    "Quote it as \\`@/etc/group\\` in the notes",  # escaped backticks
    "Bank export @~/money/statements.csv`` stays private",  # a run nothing closes
    "Use ``git log`` and never read @../payroll/salaries.txt",  # double backticks before
    "``@~/.aws/credentials` is the work account",  # a run of two, then of one
    "`a clinic note `@~/health/labs.pdf",  # a span that ends where the at sign starts
    "Run `make`@./Makefile first",
    "Logs: ```@/var/log/auth.log stays closed",  # a run of three nothing closes
    "Never cat @.env, @../.env or @~/.config/gh/hosts.yml",  # several
    "Alarm code lives in @../home/alarm.txt\\\\` and \\@/root/.bashrc",  # backslashes
    "Keep `the spare key` away from @~/house/keys.md and ` this one",
    "Escaped \\`x\\` then @/srv/garden/plan.md then `b`@/srv/b`c`",
    "Lease in [the folder](@~/home/lease.pdf) and <@~/home/deposit.pdf>",  # a link, an autolink
    "The _@~/notes/diary.md_ stays out",  # emphasis
]
# Lines that must come out as they are: an address, spans without an at sign, one in a span
PLAIN_RULES = [
    "Email sam@acme.com the weekly report",
    "Run `make test` before pushing",
    "Use the `@dataclass` decorator for records",
    "The rate is 3 @ 4 euros",
    "Write ``a `tick` inside`` like this",
    "Mail [the vet](https://vet.example) at clinic@vet.example, a lone ` and a <b>",
]


def _outside_code(text: str) -> list[str]:
    """Each at sign a word does not end before and something follows that CommonMark (markdown-it)
    reads outside every code span and block."""
    from markdown_it import MarkdownIt

    found = []
    for token in MarkdownIt("commonmark").parse(text):
        if token.type == "inline" and token.children is not None:
            read = "".join("\0" if c.type == "code_inline" else c.content for c in token.children)
            found += re.findall(r"(?<!\w)@\S+", read)
    return found


def test_every_at_path_of_the_rules_file_is_in_a_code_span_whatever_backticks_surround_it():
    from memctl.claudemd import rules_text

    rules = [Rule("rules/core.md", n, f"r{n:03}", "high", t) for n, t in enumerate(HOSTILE_RULES)]
    plain = [
        Rule("rules/core.md", 99 + n, f"p{n:03}", "high", t) for n, t in enumerate(PLAIN_RULES)
    ]
    text = rules_text(rules + plain, budget=4000)
    assert _outside_code(text) == []
    lines = [line for line in text.splitlines() if line.startswith("- ")]
    assert len(lines) == len(rules + plain)
    for rule, line in zip(rules, lines, strict=False):
        assert _outside_code(rule.shown()), rule.text  # each was plain text as written
        for path in re.findall(r"@[^\s`\\,]+", rule.text):
            assert path in line, (path, line)  # nothing lost
    for rule, line in zip(plain, lines[len(rules) :], strict=True):
        assert line == rule.shown()


def test_a_claude_md_memctl_made_goes_with_uninstall(ws, cli, tmp_path):
    project = tmp_path / "app"
    project.mkdir()
    cli("hooks", "install", "claude-code", "--project", str(project))
    assert (project / "CLAUDE.md").exists()
    cli("hooks", "uninstall", "claude-code", "--project", str(project))
    assert not (project / "CLAUDE.md").exists()


def test_session_start_counts_the_rules_claude_md_has_and_shows_changed_ones(ws, cli, tmp_path):
    project = tmp_path / "app"
    project.mkdir()
    add_rules(ws, 2)
    cli("hooks", "install", "claude-code", "--project", str(project))
    settings = json.loads((project / ".claude/settings.json").read_text())
    command = settings["hooks"]["SessionStart"][0]["hooks"][0]["command"]
    rules_file = project / ".claude/memctl-rules.md"

    def session_start() -> str:  # the hook's command line, run by a shell as Claude Code does
        done = subprocess.run(
            ["sh", "-c", command],
            capture_output=True,
            text=True,
            timeout=60,
            input='{"hook_event_name": "SessionStart", "source": "startup"}',
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    out = session_start()
    assert "2 rules in force: in CLAUDE.md" in out and "## Rules" not in out
    add_entry(
        ws,
        "rules/ops",
        "Never restart prod without a ticket",
        kind="RULE",
        source="user",
        today=TODAY,
    )
    changed = session_start()  # this session may have read the old file: shown here too
    assert "- Never restart prod without a ticket" in changed
    assert "Never restart prod without a ticket" in rules_file.read_text()
    assert "3 rules in force: in CLAUDE.md" in session_start()
