"""Every JSON-lines log memctl writes under `.memctl/`, held to the write layer: no secret and no
purged text is kept in any of them, whoever writes the line (docs/safety.md). The committed
logs are written by a change (change.append), the local ones by jsonlines.append_local; a
module that appends to a file by itself goes around the layer.

A new log joins on its own: the first test fails until LOGS names its writer.
"""

from __future__ import annotations

import ast
import datetime as dt
import json
import re
from pathlib import Path

from conftest import TODAY
from memctl.errors import Refused
from memctl.purged import new_records, register

PACKAGE = Path(__file__).resolve().parents[1] / "memctl"
NOW = dt.datetime(2026, 11, 30, 10, 0)

# Secrets of several families, spelled apart so this file holds none whole.
SECRETS = [
    "ghp_" + "Zx9" * 12,
    "AKIA" + "QW3RT7YU8IO2PL5K",
    "sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc",
    "xoxb-2048-1024-" + "aZ3kL9pQ2wE7rT5y",
    "glpat-" + "x7Kp2Lm9Qr4Tv8Wz3Yb6",
]
# Texts purged on purpose: a person, a clinic, a home address, a lender.
PURGED = ["Brambleworth", "Larkspur Clinic", "Fenwick Lane 14", "Ostrander Capital"]
# What must come through as it was: words near the purged ones, a command, an address.
KEPT = ["Bramble jam", "the clinic on Lark Street", "git push --force", "notes/garden.md#^k3p9"]


def _guard(ws, values: list[str]) -> None:
    from memctl.nightly.guard import evaluate

    for value in values:
        evaluate(ws, f"run {value}", tool="Bash", now=NOW)


def _gate(ws, values: list[str]) -> None:
    from memctl.gate.audit import audit_refusal

    with ws.change("remember", "refused") as change:
        for value in values:
            refused = Refused(f"refused: {value}")
            audit_refusal(ws, change, "t", refused, source="agent", now=NOW)


def _nightly(ws, values: list[str]) -> None:
    from memctl.nightly import runs

    with ws.change("sleep", "report", unattended=True) as change:
        for value in values:
            runs.append(ws, change, {"event": "sleep", "report": value})


def _slips(ws, values: list[str]) -> None:
    from memctl.nightly import lessons

    with ws.change("slip", "") as change:
        for value in values:
            lessons._append(ws, change, {"event": "slip", "id": "k3p9", "note": value})


def _registry(ws, values: list[str]) -> None:
    with ws.change("forget", "purge") as change:
        register(ws, change, commits={f"{n:040x}": value for n, value in enumerate(values)})


# log → its writer, given values to hold each in a string of a record
LOGS = {
    "guard.jsonl": _guard,
    "gate.jsonl": _gate,
    "nightly.jsonl": _nightly,
    "slips.jsonl": _slips,
    "purged.jsonl": _registry,
}
# Logs that hold no outside text, and why (each is still named, so a new log must choose).
NO_TEXT = {
    "usage.jsonl": "a command's name, a count, addresses the search index holds: on every turn",
}
# What a log may hold of a purged text: the purge's own record (purged.bookkeeping).
BOOKKEEPING = {"purged.jsonl"}
# The modules that append to a file by themselves, and why that is no JSON-lines log.
APPENDERS = {
    "jsonlines.py": "the layer: each line admitted first (append_local)",
    "claudemd.py": "paths of rules files, in git's own folder",
    "cli/serve.py": "the server's own output, handed to the child it starts",
}
_NAME = re.compile(r"(?:^|/)([\w-]+\.jsonl)$")
_MODE = re.compile(r"^[rwxbt+]*a[rwxbt+]*$")  # a mode that appends: "a", "ab", "a+"
_APPENDING = re.compile(r"O_APPEND|[\"'][rwxbt+]*a[rwxbt+]*[\"']")  # where to look closer


def _sources(seen: re.Pattern[str]) -> list[tuple[str, ast.AST]]:
    """(path under memctl/, tree) of each module whose text `seen` finds in (others unparsed)."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if seen.search(text):
            found.append((path.relative_to(PACKAGE).as_posix(), ast.parse(text)))
    return found


def _strings(tree: ast.AST) -> list[str]:
    """The strings of a module, and the literal tail of each f-string (f"{MARKER}/x.jsonl")."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.append(node.value)
        elif isinstance(node, ast.JoinedStr) and node.values:
            last = node.values[-1]
            if isinstance(last, ast.Constant) and isinstance(last.value, str):
                found.append(last.value)
    return found


def named_logs() -> set[str]:
    """Every `.jsonl` file memctl names as a path of its own (a constant, not a glob)."""
    names = set()
    for _, tree in _sources(re.compile(r"\.jsonl")):
        for text in _strings(tree):
            match = _NAME.search(text)
            if match and " " not in text:
                names.add(match.group(1))
    return names


def test_every_log_memctl_names_has_its_writer_here():
    named = named_logs()
    missing = sorted(named - set(LOGS) - set(NO_TEXT))
    assert not missing, f"name the writer of {missing} in tests/test_logs.py LOGS"
    assert not (set(LOGS) | set(NO_TEXT)) - named, "LOGS names a log memctl no longer writes"


def _appends(node: ast.AST) -> bool:
    if isinstance(node, ast.Attribute) and node.attr == "O_APPEND":
        return True
    if not isinstance(node, ast.Call):
        return False
    if getattr(node.func, "attr", getattr(node.func, "id", "")) != "open":
        return False
    given = [*node.args, *(k.value for k in node.keywords if k.arg == "mode")]
    return any(
        isinstance(a, ast.Constant) and isinstance(a.value, str) and bool(_MODE.match(a.value))
        for a in given
    )


def test_no_module_but_the_layer_appends_to_a_file_by_itself():
    """An append of its own (os.O_APPEND, open(..., "a")) skips the write layer: a log goes
    through jsonlines.append_local, or a change."""
    found = [
        f"memctl/{rel}:{node.lineno}"
        for rel, tree in _sources(_APPENDING)
        if rel not in APPENDERS
        for node in ast.walk(tree)
        if _appends(node)
    ]
    assert not found, f"append through jsonlines.append_local or a change: {found}"
    assert all((PACKAGE / rel).is_file() for rel in APPENDERS)


def test_no_log_keeps_a_secret_or_a_purged_text_whoever_writes_it(ws):
    with ws.change("forget", "purge") as change:
        for n, text in enumerate(PURGED):
            register(ws, change, *new_records(text, salt="ab" * 16, receipt=f"r{n}", today=TODAY))
    rules = ws.root / "rules"
    rules.mkdir(exist_ok=True)
    (rules / "shell.md").write_text(
        '- [🔴HIGH][RULE] src:user check:"^run .+" guard:watch · Watch what runs ^w3bk\n',
        encoding="utf-8",
    )
    values = [
        *SECRETS,
        *PURGED,
        *(f"{p} and {s}" for p, s in zip(PURGED, SECRETS, strict=False)),
        *KEPT,
    ]
    leaks = {}
    for name, write in LOGS.items():
        path = ws.root / ".memctl" / name
        before = path.read_text(encoding="utf-8") if path.exists() else ""
        write(ws, values)
        text = path.read_text(encoding="utf-8")[len(before) :]
        assert [json.loads(line) for line in text.splitlines()], name
        held = [s for s in SECRETS if s in text]
        if name not in BOOKKEEPING:
            held += [p for p in PURGED if p.lower() in text.lower()]
            assert "[purged]" in text or held, name
        assert "[redacted:" in text or held, name
        assert all(kept in text for kept in KEPT), name  # no false positives
        if held:
            leaks[name] = held
    assert not leaks, f"kept in clear: {leaks}"


def test_the_morning_report_shows_no_secret_or_purged_text_an_older_line_holds(ws):
    from memctl.nightly.guard import LOG, watched
    from memctl.nightly.sleep import _watched

    with ws.change("forget", "purge") as change:
        register(
            ws, change, *new_records("Larkspur Clinic", salt="cd" * 16, receipt="r", today=TODAY)
        )
    lines = [  # as an earlier memctl wrote them, or before the purge
        {"time": "2026-11-29T08:00:00", "check": "rules/a.md#^a1", "mode": "watch", "match": m}
        for m in (f"curl -H 'token {SECRETS[0]}'", "call larkspur clinic", "git push --force")
    ]
    (ws.root / LOG).write_text("".join(json.dumps(r) + "\n" for r in lines), encoding="utf-8")
    [seen] = watched(ws)
    shown = _watched(seen)
    assert SECRETS[0] not in shown and "larkspur" not in shown.lower()
    assert "[redacted:github-token]" in shown and "call [purged]" in shown
    assert "git push --force" in shown and seen.hits == 3


def test_a_record_holding_a_character_read_as_a_line_break_is_read_back(ws):
    from memctl.jsonlines import append_local, read_records

    odd = ["a\u2028b", "c\u0085d", "e\u2029f", "g\x1ch", "i\rj"]
    append_local(ws.root, ".memctl/guard.jsonl", [{"match": m} for m in odd])
    assert [r["match"] for r in read_records(ws.root / ".memctl/guard.jsonl")] == odd


def test_a_line_holding_a_lone_surrogate_is_written_not_raised(tmp_path):
    """A name read from a byte that is not UTF-8 (os.fsdecode) or a cut emoji reaches a log as a
    lone surrogate: the line is written with it replaced, and the command is not failed."""
    from memctl.jsonlines import append_line

    log = tmp_path / "x.log"
    append_line(log, "notes/caf\udce9.md read\n")
    assert log.read_bytes() == b"notes/caf?.md read\n"
