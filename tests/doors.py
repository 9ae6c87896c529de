"""Every door into memory, and what it must do with hostile text.

DOORS names, for every command of the CLI's own table, the places a text can go in (an
argument, an option, stdin, a file the command reads) or why the command stores no text of
its own. tests/test_doors.py runs the tuned sets of tests/hostile/ through each place and
checks every store memctl writes: the files, every git object and `git log -p --all`, the SQLite
files and the JSON-lines logs. scripts/bench_admission.py runs the same matrix for its figures.
"""

from __future__ import annotations

import datetime as dt
import html
import json
import re
import subprocess
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from madeonce import copy_of

HOSTILE = Path(__file__).parent / "hostile"
P = "{P}"  # where the hostile text goes
PURGED = (
    "Zanzibar-7731",
    "the blue ledger under the attic stairs",
    "0176 5550 1234",
    "Larkspur Lane",
)
PURGED_PAYLOADS = (
    "Zanzibar-7731",
    "call ZANZIBAR-7731 tomorrow",
    "The Blue Ledger Under The Attic Stairs holds the deeds",
    "note: zanzibar-7731!",
    # as a person reads them: a zero-width space, a soft hyphen, fullwidth letters
    "call Zanzi\u200bbar-7731 tomorrow",
    "the blue ledger under the attic\u00ad stairs",
    "\uff3a\uff21\uff2e\uff3a\uff29\uff22\uff21\uff32-7731 is back",
    # look-alike letters of other scripts: a Cyrillic "а", a Greek "ο" and a Cyrillic "е"
    "call Z\u0430nzibar-7731 tomorrow",
    "the blue ledg\u0435r under the attic stairs h\u03bflds it",
    # a Greek capital Zeta, a dotless i
    "call \u0396anzibar-7731 tomorrow",
    "call Zanz\u0131bar-7731 tomorrow",
    # Markdown emphasis and escapes, HTML character references
    "call Zan**zi**bar-7731 tomorrow",
    "call Zanzi**bar**-7731 tomorrow",
    "call Zanzibar\\-7731 tomorrow",
    "the blue **ledger** under the attic stairs",
    "call Zanzibar&#45;7731 tomorrow",
    # compatibility letters and digits: bold, double-struck, circled, bold digits
    "call \U0001d419\U0001d41a\U0001d427\U0001d433\U0001d422\U0001d41b\U0001d41a\U0001d42b-7731",
    "call \u2124anzibar-7731 tomorrow",
    "call \u24cfanzibar-7731 tomorrow",
    "call Zanzibar-\U0001d7d5\U0001d7d5\U0001d7d1\U0001d7cf tomorrow",
    # dashes read as a hyphen: the hyphen, the non-breaking hyphen, the figure and en dash, minus
    "call Zanzibar\u20107731 tomorrow",
    "call Zanzibar\u20117731 tomorrow",
    "call Zanzibar\u20127731 tomorrow",
    "call Zanzibar\u20137731 tomorrow",
    "call Zanzibar\u22127731 tomorrow",
    # a blank Braille cell inside a word, a combining low line and a long stroke on a letter
    "call Zanz\u2800ibar-7731 tomorrow",
    "call Z\u0332anzibar-7731 tomorrow",
    "call Zanzib\u0336ar-7731 tomorrow",
    # URL-encoded (once, each letter, twice), HTML references for a space and a letter
    "see https://maps.example/?q=Zanzibar%2D7731",
    "call %5A%61%6E%7A%69%62%61%72-7731 tomorrow",
    "the blue ledger%2520under the attic stairs",
    "the blue ledger&#32;under the attic stairs",
    "call &#90;anzibar-7731 tomorrow",
    # its digits in other scripts: Arabic-Indic, Bengali, Devanagari
    "call Zanzibar-\u0667\u0667\u0663\u0661 tomorrow",
    "call Zanzibar-\u09ed\u09ed\u09e9\u09e7 tomorrow",
    "call Zanzibar-\u096d\u096d\u0969\u0967 tomorrow",
    # split by a line break, two spaces, a tab
    "the blue ledger\nunder the attic stairs",
    "the blue ledger  under the attic stairs",
    "the blue ledger under the\tattic stairs",
    # a URL's query, a "+" for each space
    "see https://maps.example/?q=the+blue+ledger+under+the+attic+stairs",
    # a phone number in another grouping, without separators, from abroad
    "call Marco on 0176-5550-1234 tomorrow",
    "call Marco on (0176) 5550 1234",
    "call Marco on 017655501234",
    "call Marco on 0176.5550.1234",
    "call Marco on +49 176 5550 1234",
    # quoted-printable, a JSON or Python escape, split by a Markdown link
    "we live on Larkspur=20Lane",
    "we live on Larkspur\\u0020Lane",
    "we live on Larkspur\\x20Lane",
    "we live on [Larkspur](https://maps.example) Lane",
    # its letters written apart; base64 without its padding
    "we live on L a r k s p u r  L a n e now",
    "we live on TGFya3NwdXIgTGFuZQ",
    # its letters joined by dots, underscores or stars; backwards; in ROT13; in leetspeak;
    # its words in the other order
    "we live on L.a.r.k.s.p.u.r L.a.n.e now",
    "we live on L_a_r_k_s_p_u_r L_a_n_e now",
    "we live on enaL rupskraL now",
    "we live on Ynexfche Ynar now",
    "we live on L4rk5pur L4n3 now",
    "we live on Lane Larkspur now",
    "we live on Lane, Larkspur now",
    # a word split by a blank or a line break; base64 of a longer text that holds it; spaced hex
    "we live on Lark spur\nLane now",
    "see TWFyYSBsaXZlcyBhdCAxMiBMYXJrc3B1ciBMYW5lLCBMZWVkcw==",
    "hex 4c 61 72 6b 73 70 75 72 20 4c 61 6e 65",
)
# How a person reads the look-alike letters of PURGED_PAYLOADS (for `leaked`).
_LOOK_ALIKES = str.maketrans("\u0430\u0435\u03bf\u03b6\u0131", "aeozi")
# How a person reads the Markdown, the references, the dashes and the marks of PURGED_PAYLOADS.
_MARKED = (("**", ""), ("\\-", "-"), ("&#45;", "-"))
_DASHES = str.maketrans("\u2010\u2011\u2012\u2013\u2212", "-----", "\u2800\u0332\u0336")
BENIGN = "benign words about the garden"
# The frontmatter keys memctl writes in a note it creates.
NOTE_KEYS = frozenset(
    """title date category priority status last_verified tags use_when description source
    expires""".split()
)
# Held-out secrets memctl still misses (scripts/bench_admission.py reports them): in "for the
# family iCloud, it's hunter2butlonger" and '"Bluey&Bingo#1" is what I use for all the streaming
# stuff' no word names the secret.
KNOWN_MISSES = frozenset({"hunter2butlonger", "Bluey&Bingo#1"})


def load(name: str, *, held: bool = True) -> list[dict]:
    """A labelled set of tests/hostile/: the part tuned on and, with `held`, the held-out
    parts (written without sight of the code)."""
    rows = []
    for prefix in ("", "held-", "held2-") if held else ("",):
        path = HOSTILE / f"{prefix}{name}.jsonl"
        if path.exists():
            rows += [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return rows


@dataclass(frozen=True)
class Door:
    """One command and the places hostile text can enter it."""

    command: str  # as in the command table: "add", "now focus", "graph add"
    slots: tuple[tuple[str, ...], ...] = ()  # argv with P where the text goes
    stdin: tuple[str, ...] | None = None  # argv of a call that reads the text on stdin
    unattended: str | None = None  # "transcript", "openclaw", "log": the text arrives in a file
    stores_nothing: str | None = None  # why no text of the caller is stored

    @property
    def writes(self) -> bool:
        return self.stores_nothing is None


DOORS = [
    Door("init", stores_nothing="takes a folder and category names, which become folders"),
    Door("now", stores_nothing="prints NOW.md"),
    Door("now focus", slots=(("now", "focus", "--", P),)),
    Door(
        "now start", slots=(("now", "start", "--", P), ("now", "start", "task", f"--blocked={P}"))
    ),
    Door("now done", stores_nothing="moves an existing task; its value only names the task"),
    Door("now block", slots=(("now", "block", "1", f"--reason={P}"),)),
    Door(
        "now priority",
        slots=(("now", "priority", "--", P), ("now", "priority", "task", f"--status={P}")),
    ),
    Door(
        "log", slots=(("log", "--", P), ("log", "title", f"--message={P}")), stdin=("log", "title")
    ),
    Door(
        "new",
        slots=(
            ("new", "lessons/n{N}", f"--title={P}"),
            ("new", "lessons/n{N}", f"--description={P}"),
            ("new", "lessons/n{N}", f"--tag={P}"),
            ("new", "lessons/n{N}", f"--use-when={P}"),
        ),
    ),
    Door(
        "add",
        slots=(
            ("add", "lessons/a", "--", P),
            ("add", "lessons/a", "text", f"--when={P}"),
            ("add", "lessons/a", "text", f"--by={P}"),
        ),
    ),
    Door("verify", stores_nothing="takes a note or an entry id"),
    Door("show", stores_nothing="prints a note or an entry"),
    Door("ls", stores_nothing="lists notes"),
    Door(
        "remember",
        slots=(
            ("remember", "--", P),
            ("remember", "a fact", f"--by={P}"),
            ("remember", "a fact", f"--when={P}"),
            ("remember", "a fact about {N}", f"--reason={P}"),
        ),
    ),
    Door("search", stores_nothing="reads; the usage log keeps addresses, never the query"),
    Door("recall", stores_nothing="reads; the usage log keeps addresses, never the prompt"),
    Door("key", slots=(("key", "lessons/a", "--", P), ("key", "{ID}", "--", P))),
    Door("reindex", stores_nothing="rebuilds the index from the files"),
    Door(
        "graph add",
        slots=(
            ("graph", "add", "--", P, "uses", "tool {N}"),
            ("graph", "add", "svc {N}", "--", P, "tool"),
            ("graph", "add", "svc {N}", "uses", "--", P),
        ),
    ),
    Door("graph query", stores_nothing="reads"),
    Door("graph asof", stores_nothing="reads"),
    Door("graph neighbors", stores_nothing="reads"),
    Door("graph path", stores_nothing="reads"),
    Door("graph close", slots=(("graph", "close", "{REL}", f"--reason={P}"),)),
    Door("graph entities", stores_nothing="reads"),
    Door("graph export", stores_nothing="reads"),
    Door("graph import", slots=(("graph", "import", "-", "-f", "tsv"),), unattended=None),
    Door("close", slots=(("close", "{ID}", f"--reason={P}"),)),
    Door("closed", stores_nothing="reads"),
    Door("asof", stores_nothing="reads"),
    Door("forget", slots=(("forget", "{ID}", f"--reason={P}"),)),
    Door("restore", stores_nothing="brings back what git holds"),
    Door("expiring", stores_nothing="reads"),
    Door("archive", stores_nothing="moves what expired; takes a date"),
    Door("cron", stores_nothing="prints the jobs (as `cron print` does)"),
    Door("cron print", stores_nothing="prints"),
    Door("cron install", stores_nothing="writes the crontab, not memory"),
    Door("cron uninstall", stores_nothing="writes the crontab, not memory"),
    Door("index", stores_nothing="regenerates INDEX.md from the notes"),
    Door("doctor", stores_nothing="reads"),
    Door("consolidate", unattended="log"),
    Door("sleep", unattended="log"),
    Door("slip", slots=(("slip", "{LESSON}", f"--note={P}"),)),
    Door("lessons", slots=(("lessons", "--apply", "{RULE}", f"--check={P}"),)),
    Door("guard check", stores_nothing="logs the match through the layer (test_logs.py)"),
    Door("guard enforce", stores_nothing="takes a rule id"),
    Door("guard watch", stores_nothing="takes a rule id"),
    Door("guard list", stores_nothing="reads"),
    Door("hooks install", stores_nothing="writes the harness's settings, not memory"),
    Door("hooks uninstall", stores_nothing="writes the harness's settings, not memory"),
    Door("flush", unattended="transcript"),
    Door("chats index", unattended="transcript"),
    Door("import openclaw", unattended="openclaw"),
    Door("sync", stores_nothing="moves commits; the remote is not stored"),
    Door("stats", stores_nothing="reads"),
    Door("serve", stores_nothing="serves the MCP tools, each a door of its own (MCP_DOORS)"),
    Door("serve start", stores_nothing="starts a server"),
    Door("serve stop", stores_nothing="stops a server"),
    Door("serve status", stores_nothing="reads"),
]
# --- names: a file's name is memory text too ------------------------------------------------

NAME = "{NAME}"  # where a hostile file name goes
# For every command that writes, and every other that makes a file or a folder: the places a
# name the caller gives becomes a path (argv with NAME; "openclaw": the names of the files the
# import reads), or why every path it makes is one of memctl's own. Found by reading each call
# of a Change's write, append, write_many and move (memctl/change.py) and what names its path.
NAME_DOORS: dict[str, tuple[tuple[str, ...], ...] | str] = {
    "init": (("init", "{ROOT}", f"--category={NAME}"),),
    "new": (("new", f"people/{NAME}"), ("new", f"{NAME}/n{{N}}")),
    "remember": (("remember", "a fact about {N}", f"--topic=people/{NAME}"),),
    "import openclaw": "openclaw",
    "add": "writes a note that is there (`add` makes none: resolve_note)",
    "key": "writes a note that is there",
    "log": "appends to the day's log, daily/<date>.md",
    "flush": "appends to the day's log",
    "now focus": "writes NOW.md",
    "now start": "writes NOW.md",
    "now block": "writes NOW.md",
    "now priority": "writes NOW.md",
    "graph add": "writes graph/relations.md",
    "graph close": "writes graph/relations.md",
    "graph import": "writes graph/relations.md",
    "close": "rewrites the note that holds the entry",
    "forget": "moves an entry into .archive/ under its note's own path; a purge's receipt is "
    "named by its id",
    "restore": "brings back the paths a forget moved, as git held them",
    "archive": "moves files and entries into .archive/ under the paths they had",
    "index": "writes INDEX.md",
    "consolidate": "routes into a note on file or one of a fixed name (episodic/decisions, "
    "<category>/inbox, rules/general), as the gate does without --topic",
    "sleep": "consolidates, and writes reports/<date>.md",
    "slip": "appends to the slips record",
    "lessons": "moves a lesson into rules/lessons.md",
    "chats index": "writes the chats note",
}
# --- references: what a memory was made from ----------------------------------------------

REF = "{REF}"  # where a reference goes
# For every command that writes: the places it takes a reference (`ref:` of an entry or a
# relation: argv with REF; "import": a row's ref column on stdin), or why it takes none. Every
# reference is checked where the entry or the relation is written (memctl.outside.check_ref).
REF_DOORS: dict[str, tuple[tuple[str, ...], ...] | str] = {
    "graph add": (("graph", "add", "svc {N}", "uses", "tool {N}", f"--ref={REF}"),),
    "graph import": "import",
    "remember": (("remember", "the shed {N} is green", f"--from={REF}"),),
    "consolidate": "writes daily/DATE.md:LINE of the log it reads, checked as any other",
    "sleep": "consolidates",
    "flush": "appends to the day's log; no ref:",
    "chats index": "writes the chats note; no ref:",
    "import openclaw": "copies files as they are, as a hand edit would (their ref: is theirs)",
    "log": "appends to the day's log; no ref:",
    "new": "makes a note; no ref:",
    "add": "takes no reference (--by, --when only); a ref: would be checked as any other",
    "key": "changes a use-when phrase",
    "now focus": "writes NOW.md",
    "now start": "writes NOW.md",
    "now block": "writes NOW.md",
    "now priority": "writes NOW.md",
    "graph close": "closes a relation; its ref: is kept",
    "close": "closes an entry; its ref: is kept",
    "forget": "takes an id",
    "slip": "appends to the slips record",
    "lessons": "moves a lesson with its ref:",
}
# The MCP tools that take a reference.
MCP_REF_DOORS = {"remember": ({"text": "the shed {N} is green", "ref": REF},)}
# The MCP tools that make a file from a name they are given (MCP_DOORS names all that write).
MCP_NAME_DOORS = {"remember": ({"text": "a fact about {N}", "topic": f"people/{NAME}"},)}
# Names holding a secret, and names holding a text of PURGED as a path or a title reads it.
SECRET_NAMES = (
    "ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5",
    "sk_live_51Hx9aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789abcdEFGH",
)
PURGED_NAMES = (
    "Zanzibar-7731",
    "zanzibar-7731-notes",
    "the blue ledger under the attic stairs",
    "the_blue_ledger_under_the_attic_stairs",  # its title reads "The blue ledger under …"
    "Larkspur-Lane",
    "0176-5550-1234",
)


def names_through(door: str, b: Bench, cli, name: str, tmp: Path) -> list[int]:
    """Send one name through every place of a door of NAME_DOORS; the exit codes."""
    places = NAME_DOORS[door]
    if isinstance(places, str) and places != "openclaw":
        return []
    if places == "openclaw":
        b.counter += 1
        folder = tmp / f"ocn{b.counter}"
        (folder / "memory" / "sub").mkdir(parents=True)
        (folder / "MEMORY.md").write_text("# Memory\n\n- the shed is green\n")
        codes = []
        for rel in (f"memory/{name}.md", f"memory/sub/{name}.md"):
            (folder / rel).write_text("- the gate is blue\n")
            codes.append(run(cli, ["import", "openclaw", str(folder)]))
            (folder / rel).unlink()
        return codes
    codes = []
    for slot in places:
        b.counter += 1
        marks = {"{N}": str(b.counter), "{ROOT}": str(b.root)}
        argv = []
        for arg in slot:
            for mark, value in marks.items():
                arg = arg.replace(mark, value)
            argv.append(arg.replace(NAME, name))
        codes.append(run(cli, argv))
    return codes


def paths_of(root: Path) -> bytes:
    """Every path of the workspace, and every path git's history holds: the names to look in."""
    found = [p.relative_to(root).as_posix() for p in root.rglob("*") if ".git/" not in str(p)]
    found.append(git(root, "log", "--all", "--name-only", "--format=%B"))
    return "\n".join(found).encode("utf-8")


# `graph import` reads its rows on stdin: the text goes in as the object of one row, escaped
# as TSV escapes it (a backslash, a tab, a line break), so the row holds the text as given.
GRAPH_ROW = "subject\tpredicate\tobject\nsvc {N}\tuses\t{P}\n"


@dataclass
class Bench:
    """One workspace for one door, with what its commands need: ids and a purge done."""

    root: Path
    ids: dict[str, str] = field(default_factory=dict)
    counter: int = 0
    sources: list[str] = field(default_factory=list)  # the person's own files (logs written)


def run(cli, argv: list[str], stdin: str | None = None) -> int:
    return cli(*argv, input=stdin, code=None).exit_code


def bench(tmp: Path, cli_for) -> tuple[Bench, object]:
    """A workspace with what the doors need (a note, a lesson, a rule, a relation, a task, two
    texts purged), copied from one built once per process."""
    root, ids = copy_of("doors", lambda made: _template(made, cli_for), tmp / "ws")
    return Bench(root, dict(ids)), cli_for(root)


def _template(root: Path, cli_for) -> dict[str, str]:
    from memctl.initialize import init_workspace

    init_workspace(root, now=dt.datetime(2026, 11, 30, 9, 0))
    cli = cli_for(root)
    ids = {}
    cli("new", "lessons/a", "-t", "Garden")
    ids["ID"] = cli.json("add", "lessons/a", "water the tomatoes at dawn")["id"]
    ids["LESSON"] = cli.json("add", "lessons/a", "check the frost", "-k", "LESSON")["id"]
    cli("new", "rules/house", "-t", "House rules")
    ids["RULE"] = cli.json("add", "rules/house", "never leave the gate open", "-s", "user")["id"]
    ids["REL"] = cli.json("graph", "add", "Anna", "owns", "the shed")["relation"]["id"]
    cli("now", "start", "setup task")
    for text in PURGED:
        cli("add", "lessons/a", f"keep {text}")
        cli("forget", "--purge", "--match", text, "--yes")
    return ids


def fill(argv: tuple[str, ...], b: Bench, text: str) -> list[str]:
    b.counter += 1
    marks = {"{N}": str(b.counter), **{f"{{{k}}}": v for k, v in b.ids.items()}}
    filled = []
    for arg in argv:
        for mark, value in marks.items():
            arg = arg.replace(mark, value)
        filled.append(arg.replace(P, text))  # last: the text itself is never read as a mark
    return filled


def through(
    door: Door,
    b: Bench,
    cli,
    text: str,
    tmp: Path,
    *,
    by_hand: bool = True,
    slots: list[int] | None = None,
) -> list[int]:
    """Send one text through every place of the door (`slots`: those of these numbers only);
    the exit codes. The nightly doors read a day's log: written by hand (the person's own
    words, which memctl must not spread when they hold a secret), or with `by_hand=False`
    through `memctl log` (the agent's words, which must not turn into structure on the way
    into notes)."""
    codes = []
    chosen = door.slots if slots is None else [door.slots[n] for n in sorted(set(slots))]
    for slot in chosen:
        if door.command == "graph import":
            escaped = text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")
            row = GRAPH_ROW.replace("{N}", str(b.counter)).replace("{P}", escaped)
            b.counter += 1
            codes.append(run(cli, list(slot), stdin=row))
        else:
            codes.append(run(cli, fill(slot, b, text), None))
    if door.stdin:
        codes.append(run(cli, list(door.stdin), stdin=text))
    if door.unattended:
        codes.append(_unattended(door, b, cli, [text], tmp, by_hand))
    return codes


NIGHT = 16  # the texts one day's log, or one transcript, holds in through_all


def through_all(door: Door, b: Bench, cli, texts: list[str], tmp: Path) -> list[int]:
    """Send each text through the door, as `through` does; a door that reads a day's log or a
    transcript reads NIGHT texts at a time, each in an entry (a prompt) of its own, as a day
    holds several."""
    if door.unattended not in ("log", "transcript"):
        return [code for text in texts for code in through(door, b, cli, text, tmp)]
    return [
        _unattended(door, b, cli, texts[at : at + NIGHT], tmp, by_hand=True)
        for at in range(0, len(texts), NIGHT)
    ]


def _unattended(door: Door, b: Bench, cli, texts: list[str], tmp: Path, by_hand: bool) -> int:
    b.counter += 1
    n = b.counter
    if door.unattended == "transcript":
        prompts = [p for text in texts for p in (f"please remember {text}", text)]
        path = write_transcript(tmp / f"t{n}", f"s-{n}", prompts)
        if door.command == "flush":
            return run(cli, ["flush", str(path), "--event", "ended"])
        return run(cli, ["chats", "index", str(path)])
    if door.unattended == "openclaw":
        folder = tmp / f"oc{n}"
        (folder / "memory").mkdir(parents=True)
        lines = "".join(f"- {text}\n- [RULE] src:agent · {text}\n" for text in texts)
        (folder / "MEMORY.md").write_text(f"# Memory\n\n{lines}")
        log = "".join(f"### 09:{i:02d} — x\n{text}\n" for i, text in enumerate(texts))
        (folder / "memory" / "2026-11-01.md").write_text(f"# 2026-11-01\n\n{log}")
        return run(cli, ["import", "openclaw", str(folder)])
    day = dt.date(2026, 10, 1) + dt.timedelta(days=n % 58)
    if by_hand:
        rel = f"daily/{day}.md"
        entries = "".join(
            f"### 09:{i:02d} — note {n}.{i}\nFACT: {text}\nDECISION: {text}\n"
            for i, text in enumerate(texts)
        )
        with (b.root / rel).open("a") as handle:  # the person's own log, committed as theirs
            handle.write(f"# {day}\n\n{entries}")
        git(b.root, "add", rel)
        git(b.root, "commit", "-qm", f"by hand {n}")
        b.sources.append(rel)
    else:
        for i, text in enumerate(texts):
            body = f"FACT: {text}\nDECISION: {text}\n{text}"
            run(cli, ["log", f"note {n}.{i}", f"--message={body}"], None)
        day = dt.date(2026, 11, 30)
    if door.command == "sleep":
        return run(cli, ["sleep"])
    return run(cli, ["consolidate", "--date", str(day)])


def write_transcript(folder: Path, session: str, prompts: list[str]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    base = {"cwd": "/home/sam/app", "sessionId": session, "isSidechain": False}
    lines = []
    for i, prompt in enumerate(prompts):
        stamp = f"2026-11-24T09:{i:02d}:00.000Z"
        lines.append(
            {
                **base,
                "type": "user",
                "uuid": f"u{i}",
                "timestamp": stamp,
                "message": {"role": "user", "content": prompt},
            }
        )
        lines.append(
            {
                **base,
                "type": "assistant",
                "uuid": f"a{i}",
                "timestamp": stamp,
                "message": {
                    "role": "assistant",
                    "content": [{"type": "text", "text": f"noted {prompt}"}],
                },
            }
        )
    path = folder / f"{session}.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


def git(root: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=root, capture_output=True, text=True, check=True
    ).stdout


# --- what memctl stored -----------------------------------------------------------------


def stores(b: Bench) -> bytes:
    """Everything memctl keeps, as one haystack: every file of the workspace (SQLite files and
    their WAL, caches and JSON-lines logs included), every git object, `git log -p --all` and
    git's own files. The person's own logs (the nightly doors' sources) are left out, and so is
    the search index that mirrors them (it is rebuilt from the files, and `forget --purge`
    clears it; `memctl doctor` names a secret written by hand so it can be purged)."""
    own = set(b.sources)
    chunks: list[bytes] = []
    for path in sorted(b.root.rglob("*")):
        rel = path.relative_to(b.root).as_posix()
        if not path.is_file() or rel in own or rel.startswith(".git/objects/"):
            continue
        if own and rel.startswith((".memctl/search.db", ".memctl/graph.db")):
            continue  # the search index mirrors the person's own files, what they hold too
        chunks.append(path.read_bytes())
    excluded = _blobs_of(b.root, own)
    listing = subprocess.run(
        ["git", "cat-file", "--batch-all-objects", "--batch-check"],
        cwd=b.root,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    wanted = "".join(
        line.split()[0] + "\n" for line in listing.splitlines() if line.split()[0] not in excluded
    )
    objects = subprocess.run(
        ["git", "cat-file", "--batch"],
        cwd=b.root,
        input=wanted.encode(),
        capture_output=True,
        check=True,
    ).stdout
    chunks.append(objects)
    log = ["log", "-p", "--all", "--format=%H%n%B"]
    chunks.append(git(b.root, *log, "--", ".", *(f":!{p}" for p in own)).encode())
    return b"\n".join(chunks)


def _blobs_of(root: Path, paths: set[str]) -> set[str]:
    """Every blob and tree that held the person's own files, and the commits that added them."""
    if not paths:
        return set()
    out = git(root, "log", "--all", "--format=%H %T", "--raw", "--no-abbrev", "--", *paths)
    found = set()
    for line in out.splitlines():
        if line.startswith(":"):
            found.add(line.split()[3])
    return found


def leaked(haystack: bytes, needles: list[str], *, fold: bool = False) -> list[str]:
    """The needles the haystack holds; with `fold`, as a person reads it: URL-encoding and
    HTML references read, digits of any script as ASCII, whitespace runs and a URL's "+" as a
    space, whatever the case, without format characters nobody sees (Unicode's Cf),
    compatibility forms as what they stand for (NFKC: fullwidth, bold and circled letters),
    the payloads' look-alike letters as Latin, their dashes as a hyphen, without their Markdown
    marks, references and stray marks.

    A needle of one line is found in a line (folded: in a paragraph): each distinct one of the
    haystack is read once (every version of a note is in the haystack, so most lines are there
    hundreds of times)."""
    if any("\n" in n for n in needles):
        hay = haystack.decode("utf-8", "replace")
    elif fold:  # whitespace runs are read as a space: a text split by a line break is one
        hay = _distinct_lines(haystack, b"\n\n").decode("utf-8", "replace")
    else:
        hay = _distinct_lines(haystack).decode("utf-8", "replace")
    if fold:
        hay = folded(hay)
        numbers = _digits(hay) or ""
        # letters joined by one mark each read as one word; leetspeak's digits as letters
        hays = (hay, _APART.sub(lambda m: re.sub(r"[^\w\s]|_", "", m.group()), hay))
        hays += (hays[1].translate(_LEET),)
        return [
            n
            for n in needles
            if any(f in h for f in _turned(n.casefold()) for h in hays)
            or (_digits(n) or "\n") in numbers
        ]
    return [n for n in needles if n in hay]


def folded(hay: str) -> str:
    """The text as `leaked` reads it with `fold`, all but its numbers (`_digits`)."""
    for written, read in _MARKED:
        hay = hay.replace(written, read)
    hay = html.unescape(_unquote(_unquote(hay.replace("+", " "))))
    hay = _LINK.sub(r"\1", hay.replace("=20", " ").replace("\\u0020", " "))
    hay = hay.replace("\\x20", " ")
    chars = set(hay)  # the next two folds bring only ASCII characters
    hay = _spaced(_ascii_digits(hay, chars))
    hay = _without(hay, [c for c in chars if unicodedata.category(c) == "Cf"])
    hay = _each(hay, _DASHES)
    hay = unicodedata.normalize("NFKC", hay).casefold()
    hay = _each(hay, _LOOK_ALIKES)
    return hay


# Letters or digits joined by one mark each ("l.a.n.e"); leetspeak; ROT13.
_APART = re.compile(r"(?<![^\W_])[^\W_](?:(?:[^\w\s]|_)[^\W_](?![^\W_])){2,}")
_LEET = str.maketrans("013457@$", "oieasta" + "s")
_ROT13 = str.maketrans("abcdefghijklmnopqrstuvwxyz", "nopqrstuvwxyzabcdefghijklm")


def _turned(needle: str) -> list[str]:
    """A needle as it is, backwards, in ROT13 and, a name of two words, in the other order."""
    forms = [needle, needle[::-1], needle.translate(_ROT13)]
    words = needle.split(" ")
    if len(words) == 2 and all(w.isalpha() for w in words):
        forms += [f"{words[1]} {words[0]}", f"{words[1]}, {words[0]}"]
    return forms


_LINK = re.compile(r"\[([^\[\]\n]*)\]\([^()\n]*\)")  # a Markdown link, read as its text


def _digits(text: str) -> str | None:
    """A text with its numbers read in one grouping: separators between digits dropped, +49
    read as a trunk 0 (None: a text without seven digits in a row)."""
    text = re.sub(r"\+49 ?(?:\(0\) ?)?", "0", text)
    text = re.sub(r"(?<=[0-9])[ ./()-]{1,3}(?=[0-9])|\((?=[0-9])", "", text)
    return text if re.search("[0-9]{7}", text) else None


def _ascii_digits(text: str, chars: set[str]) -> str:
    """The text with each decimal digit of another script (of `chars`, the text's characters)
    as its ASCII digit."""
    other = [c for c in chars if not c.isascii() and unicodedata.decimal(c, None) is not None]
    if not other:
        return text
    each = re.compile("[" + "".join(other) + "]")  # digits: nothing to escape in a class
    return each.sub(lambda m: str(unicodedata.decimal(m[0])), text)


def _without(text: str, chars: list[str]) -> str:
    """The text without the characters (one pass, however many)."""
    if not chars:
        return text
    return re.compile("[" + "".join(re.escape(c) for c in chars) + "]").sub("", text)


# A run of URL-encoded bytes ("%5A%61", "%E2%80%8B"): `urllib.parse.unquote` decodes each run
# as UTF-8 (an invalid byte read as U+FFFD) and leaves every other character as it is.
_ENCODED = re.compile(r"(?:%[0-9A-Fa-f]{2})+")


def _unquote(text: str) -> str:
    """`urllib.parse.unquote(text)`, decoding only the runs of URL-encoded bytes (unquote
    splits the whole text at every character that is not ASCII and at every "%")."""
    if "%" not in text:
        return text
    return _ENCODED.sub(
        lambda m: bytes.fromhex(m[0].replace("%", "")).decode(errors="replace"), text
    )


def _spaced(text: str) -> str:
    """`re.sub(r"\\s+", " ", text)`: each whitespace run as one space (str.split and the
    pattern's \\s read the same characters as whitespace)."""
    words = text.split()
    if not words:
        return " " if text else ""
    start = " " if text[0].isspace() else ""
    end = " " if text[-1].isspace() else ""
    return start + " ".join(words) + end


def _each(text: str, table: dict[int, int | None]) -> str:
    """`text.translate(table)`, one character at a time: a table of a few characters, none
    written as another's replacement, read at the speed of `str.replace` (translate looks up
    every character of a text that is not ASCII)."""
    for char, read in table.items():
        text = text.replace(chr(char), "" if read is None else chr(read))
    return text


def _distinct_lines(haystack: bytes, end: bytes = b"\n") -> bytes:
    """The haystack's lines (or, with `end` a blank line, its paragraphs), each once, a NUL
    between them. Folding a line (decoding, removing, normalizing) never reaches past its end,
    so a one-line needle is in the folded haystack exactly when it is in the folded distinct
    lines; whitespace read as a space reaches past a line's end but not a paragraph's, and no
    fold takes the NUL, so nothing is found across two pieces that were never side by side.

    A long paragraph is read as windows of WINDOW lines, one starting every WINDOW // 2 lines,
    so that a file growing by a line a commit (a log, every version of which git keeps) adds a
    window, not another copy of itself: a needle is found if it spans at most WINDOW // 2 + 1
    lines."""
    pieces = set(haystack.split(end))
    if end != b"\n":
        pieces = {window for piece in pieces for window in _windows(piece)}
    return b"\x00\n".join(sorted(pieces))


WINDOW = 16


def _windows(paragraph: bytes) -> list[bytes]:
    lines = paragraph.split(b"\n")
    if len(lines) <= WINDOW:
        return [paragraph]
    step = WINDOW // 2
    return [b"\n".join(lines[at : at + WINDOW]) for at in range(0, len(lines) - step, step)]


def leaked_secrets(haystack: bytes, cases: list[dict]) -> list[str]:
    """The cases' secrets the haystack holds. A short one (a PIN, a CVV) counts with the words
    before it in its case ("CVV 613"): "613" alone is in any commit id or count.

    Looked for first among the haystack's distinct lines: a secret is in the haystack only if
    it is in one of them, and a short one with its words only if each is in one of them."""
    lines = _InLines(_distinct_lines(haystack))
    hay: str | None = None  # the whole haystack, decoded only when a short one may be in it
    found = []
    for case in cases:
        secret, text = case["secret"], case["text"]
        if "\n" in secret:
            hay = hay if hay is not None else haystack.decode("utf-8", "replace")
            hit = secret in hay
        elif len(secret) >= 8:
            hit = secret in lines
        else:
            at = text.index(secret)
            before = text[max(0, at - 12) : at].split()[-1:]  # the word before it
            hit = False
            if all(word in lines for word in [*before, secret]):
                hay = hay if hay is not None else haystack.decode("utf-8", "replace")
                context = r"\s*".join(re.escape(w) for w in [*before, secret])
                hit = re.search(rf"(?<![\w-]){context}(?![\w-])", hay) is not None
        if hit:
            found.append(secret)
    return found


class _InLines:
    """`part in lines.decode("utf-8", "replace")`, asked of the bytes: a text that UTF-8
    encodes, without U+FFFD, is in the decoded bytes exactly where its encoding is in them (no
    character's encoding starts with a byte that continues another's, and the decoder reads an
    invalid byte as U+FFFD without taking a byte that starts a character)."""

    def __init__(self, lines: bytes) -> None:
        self.lines = lines
        self.decoded: str | None = None

    def __contains__(self, part: str) -> bool:
        if "\ufffd" not in part:
            try:
                return part.encode("utf-8") in self.lines
            except UnicodeEncodeError:  # an unpaired surrogate
                pass
        if self.decoded is None:
            self.decoded = self.lines.decode("utf-8", "replace")
        return part in self.decoded


def shape(root: Path) -> Counter:
    """The structure memctl reads back from a workspace, counted: notes, frontmatter keys,
    entries by kind and source, log headings, NOW.md's sections, items and rows, relations."""
    from memctl.daily import parse_log
    from memctl.graph.text import parse_relations
    from memctl.note import parse_note
    from memctl.now import NowDoc

    found: Counter = Counter()
    for path in sorted(root.rglob("*.md")):
        rel = path.relative_to(root).as_posix()
        if rel.startswith((".git/", ".memctl/")):
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        if rel == "NOW.md":
            doc = NowDoc.parse(text)
            found.update(f"now section {name}" for name, _ in doc.sections)
            found["now items"] += sum(len(doc.items(name)) for name, _ in doc.sections)
            found["now rows"] += len(doc.priorities())
        elif rel.startswith("daily/"):
            found["log entries"] += len(parse_log(rel, text))
        elif rel == "graph/relations.md":
            found["relations"] += len(parse_relations(path.read_bytes()).triples)
        else:
            try:
                note = parse_note(text, path=path, display=rel)
            except Exception:
                found["unreadable"] += 1
                continue
            found["notes"] += 1
            found.update(f"key {k}" for k in note.meta)
            for e in note.entries():
                found[f"entry {e.kind} {e.fields.get('src')}"] += 1
    return found


# --- the MCP tools of `memctl serve`: doors too ---------------------------------------------

# Each tool that writes, with the places a text goes in (as the tool's arguments).
MCP_DOORS = {
    "remember": (
        {"text": P},
        {"text": "a fact", "by": P},
        {"text": "a fact", "when": P},
        {"text": "a fact about {N}", "reason": P},
    ),
    "log": ({"title": P}, {"title": "title", "text": P}),
    "forget": ({"target": "{ID}", "reason": P},),
}
MCP_READS = frozenset({"now", "recall", "search", "show", "graph_path", "graph_neighbors"})


def mcp_arguments(arguments: dict[str, str], b: Bench, text: str) -> dict[str, str]:
    return {key: fill((value,), b, text)[0] for key, value in arguments.items()}
