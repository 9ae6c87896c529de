"""Write a realistic memctl workspace of N Markdown files, seeded and deterministic.

    python scripts/generate_workspace.py OUT --files 10000 [--seed 1] [--days D] [--git]
                                         [--rules N]

About a third of the files are daily logs (10–50 ``### HH:MM — title`` entries, some with the
DECISION:/LESSON:/FACT:/TODO:/DONE:/BLOCKED: markers and #promote), the rest notes in every
category with full frontmatter and 3–30 entry lines each: high, med and low priority; stale
notes, superseded and conflicting ones; entries that expire within the week, expired ones and
closed ones; use_when phrases; some Chinese and Japanese text; a few hand-written lines, files
without frontmatter and archived files. NOW.md, INDEX.md (a placeholder until `memctl index`)
and .memctl/config.yaml complete it. Dates are relative to --today (default 2026-11-30, the
example workspace's clock), so `MEMCTL_NOW=2026-11-30T09:00` sees the intended mix.

The same seed gives byte-identical files. Files are written directly, not through memctl
commands; the entry and frontmatter lines come from memctl's own formatters. Every benchmark
builds its workspace here. Importable: ``generate(out, files, seed)``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from memctl import gitstore
from memctl.config import DEFAULT_CATEGORIES
from memctl.entry import PRIORITY_EMOJI, Entry, format_entry
from memctl.initialize import template
from memctl.kinds import DAILY_DIR, INDEX_FILE, NOW_FILE
from memctl.note import new_note_text
from memctl.now import FOCUS, IN_PROGRESS, NowDoc
from memctl.workspace import ARCHIVE_DIR, MARKER

TODAY = dt.date(2026, 11, 30)
STALE_DAYS = 30  # templates/config.yaml's default, which the generated workspace uses

PEOPLE = (
    "Brian",
    "Anna",
    "Dana",
    "Kenji",
    "Priya",
    "Marco",
    "Lena",
    "Omar",
    "Sofia",
    "Tom",
    "Inês",
    "Wei",
    "Yuki",
    "Carlos",
    "Fatima",
    "Jonas",
    "Nadia",
    "Pedro",
)
PROJECTS = (
    "Atlas",
    "Borealis",
    "Cobalt",
    "Delta",
    "Ember",
    "Fjord",
    "Granite",
    "Harbor",
    "Iris",
    "Juniper",
    "Kestrel",
    "Lumen",
)
# fmt: off
TECH = ("Postgres 16", "Redis", "the billing API", "Kafka", "the CI runners", "Terraform",
        "nginx", "the search index", "S3", "the auth service", "SQLite", "the mobile app", "uv",
        "Docker", "the staging cluster", "the payments webhook", "cron", "the VPN")
# fmt: on
AREAS = (
    "backend",
    "frontend",
    "database",
    "deploys",
    "on-call rota",
    "budget",
    "roadmap",
    "API",
    "mobile release",
    "security review",
)
# fmt: off
PREFS = ("concise messages, decision first", "a call over a long thread", "Slack over email",
         "no meetings before 10:00", "written agendas", "the command first, then the why",
         "tea, not coffee", "Japanese food", "quiet restaurants", "PDF invoices")
# fmt: on
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday")
MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
HOSTS = (
    "tax.example.gov",
    "docs.example.com",
    "wiki.example.org",
    "status.example.net",
    "forms.example.gov",
    "portal.example.com",
)
# fmt: off
BAD = ("run the seed script against staging", "deploy on a Friday afternoon",
       "retry an expired pagination cursor", "paste a token into a note",
       "merge with a red build", "skip the migration dry run")
# fmt: on
# fmt: off
HARM = ("it truncates the users table", "nobody is around to roll back",
        "it returns 410 Gone", "tokens leak into git history", "main stays red for hours",
        "locks the orders table for minutes")
# fmt: on
# fmt: off
REASONS = ("moved to Thursday", "replaced by the new process", "Brian changed his mind",
           "the vendor raised the limit", "project dropped", "wrong, see the newer entry",
           "the office moved")
# fmt: on
# fmt: off
CJK = ("迁移前先备份数据库", "周三的会议改到周四下午三点", "这个接口每分钟最多六百次请求",
       "税务表格的正确链接已经保存", "田中さんはデザインを担当している",
       "デプロイの前にテストを全部実行する", "会議は木曜日の午後三時から",
       "連絡はメールよりSlackを好む")
# fmt: on

FACTS = (
    "{project} uses {tech} for its {area}",
    "{person} prefers {pref}",
    "{person} is responsible for the {project} {area}",
    "The weekly {project} call is on {weekday} at {hour}:00",
    "{tech} allows {n}00 requests a minute per token",
    "The {project} runbook lives at https://{host}/{project_slug}/runbook",
    "{person}'s birthday is {month} {day}",
    "{project} depends on {tech}; {person} owns that part",
    "The form that worked is at https://{host}/online/{project_slug}-{n}/start",
    '{tech} credentials are in the password manager under "{project} {area}"',
)
DECISIONS = (
    "{project} moves to {tech} before the {month} freeze",
    "Staging first, then prod one week later for {project}",
    "{person} approves every {project} maintenance window",
    "Keep {tech} for {project}; revisit in {month}",
    "Drop the {project} {area} rewrite until {month}",
)
LESSONS = (
    "Never {bad}: {harm}",
    "Check {tech} before blaming {project}; it was the cause {n} times",
    "Ask {person} before changing {tech} settings",
    "When {tech} times out, look at the connection pool first",
    "Write the {project} release notes before the deploy, not after",
)
RULES = (
    "Never {bad}: {harm}",
    "Ask {person} before changing {tech} settings for {project}",
    "Summaries for {person}: {pref}",
    "Never paste a {tech} token into a note; name the password-manager entry instead",
    "Deploy {project} only after the {area} checklist is green",
    "Send nothing on {person}'s behalf without showing the draft first",
)
CONTEXT = (
    "{person} is away until {month} {day}",
    "{tech} is read-only while the {project} migration runs",
    "{project} demo for {person} on {weekday}",
    "Waiting for {person} to review the {project} {area} plan",
)
# fmt: off
TITLES = (
    "{project} call", "Deploy {project} to staging", "Fixed the flaky {project} test",
    "Tax paperwork", "Lunch with {person}", "Reviewed {person}'s {project} PR",
    "{project} standup", "Debugged {tech}", "Planning the {project} {area}",
    "Message from {person}", "{tech} outage", "Reading about {tech}",
)
# fmt: on
# fmt: off
USE_WHEN = ("the link we used last time", "deploy {project}", "message {person}",
            "book a restaurant", "{tech} errors", "file the tax form",
            "what did we decide about {project}", "roll back {project}")
# fmt: on
KINDS = (
    ("FACT", FACTS),
    ("DECISION", DECISIONS),
    ("LESSON", LESSONS),
    ("CONTEXT", CONTEXT),
    ("PREFERENCE", FACTS[1:2]),
    ("TODO", CONTEXT[3:]),
)
MARKERS = (
    ("DECISION", DECISIONS),
    ("LESSON", LESSONS),
    ("FACT", FACTS),
    ("TODO", CONTEXT),
    ("DONE", TITLES),
    ("BLOCKED", CONTEXT),
)
SOURCES = ("user", "user", "agent", "agent", "web", "file", "tool")
# fmt: off
SUBJECTS = {
    "people": ("person", "{person}"), "projects": ("project", "Project {project}"),
    "tools": ("tech", "{tech}"), "lessons": ("tech", "Lessons: {tech}"),
    "rules": ("project", "Rules for {project}"), "semantic": ("tech", "Notes on {tech}"),
    "episodic": ("project", "{project} incident"),
}
# fmt: on
_POOLS = {
    "person": PEOPLE,
    "project": PROJECTS,
    "tech": TECH,
    "area": AREAS,
    "pref": PREFS,
    "weekday": WEEKDAYS,
    "month": MONTHS,
    "host": HOSTS,
    "bad": BAD,
    "harm": HARM,
}
_ID_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"  # memctl's id alphabet (no l/1, o/0)
_ID_MASK = 2**25 - 1  # 5 characters of 32


@dataclass(frozen=True)
class Generated:
    root: str
    files: int
    daily: int
    notes: int
    archived: int
    entries: int
    stale_notes: int
    seed: int
    seconds: float

    def to_dict(self) -> dict:
        return asdict(self)


class _Dice(random.Random):
    """random.Random with choice and randint in one call of random(): same seed, same files."""

    def choice(self, seq):
        return seq[int(self.random() * len(seq))]

    def randint(self, a: int, b: int) -> int:
        return a + int(self.random() * (b - a + 1))


class _Slots(dict):
    """Template slots filled on first use from the seeded generator."""

    def __init__(self, rng: _Dice, fixed: dict):
        super().__init__(fixed)
        self.rng = rng

    def __missing__(self, key: str) -> str:
        rng = self.rng
        if key in _POOLS:
            value = rng.choice(_POOLS[key])
        elif key == "project_slug":
            value = self["project"].lower()
        elif key == "hour":
            value = str(rng.randint(9, 17))
        elif key == "day":
            value = str(rng.randint(1, 28))
        else:  # "n"
            value = str(rng.randint(2, 9))
        self[key] = value
        return value


class _Writer:
    def __init__(self, rng: _Dice, today: dt.date, days: int):
        self.rng = rng
        self.today = today
        self.days = days
        self.next_id = 0
        self.id_salt = rng.getrandbits(25)
        self.entries = 0

    def fill(self, templates: tuple[str, ...], slots: dict) -> str:
        """A sentence from one of the templates; a shared _Slots keeps one subject throughout."""
        if not isinstance(slots, _Slots):
            slots = _Slots(self.rng, slots)
        text = self.rng.choice(templates).format_map(slots)
        return text[0].upper() + text[1:]

    def block_id(self) -> str:
        """A fresh id: a bijection of a counter onto 5-character ids, so none repeats."""
        while True:
            n = (self.next_id * 0x9E3779B1 + self.id_salt) & _ID_MASK  # odd multiplier: 1-to-1
            n ^= n >> 13  # an xor-shift is 1-to-1 too; together they scatter the ids
            n = (n * 0x5BD1E995) & _ID_MASK
            self.next_id += 1
            digits = [(n >> shift) & 31 for shift in (20, 15, 10, 5, 0)]
            if digits[0] < 24:  # start with a letter, like the ids memctl makes
                return "".join(_ID_ALPHABET[d] for d in digits)

    def day(self, ago: int) -> dt.date:
        return self.today - dt.timedelta(days=ago)

    # --- notes -----------------------------------------------------------------------------

    def note(
        self, category: str, subject: str, area: str, number: int, *, archived: bool
    ) -> tuple[str, bool]:
        """A note's text, and whether it is stale (not verified within STALE_DAYS)."""
        rng = self.rng
        key, title_tpl = SUBJECTS.get(category, ("project", "{project}"))
        fixed = {key: subject}
        roll = rng.random()
        if archived or roll < 0.04:
            status, verified_ago = "superseded", rng.randint(1, self.days)
        elif roll < 0.07:
            status, verified_ago = "conflict", rng.randint(0, STALE_DAYS)
        elif roll < 0.22:  # stale; most already marked, some left for `memctl index` to mark
            status = "stale" if rng.random() < 0.8 else "active"
            verified_ago = rng.randint(STALE_DAYS + 1, STALE_DAYS + self.days)
        else:
            status, verified_ago = "active", rng.randint(0, STALE_DAYS)
        stale = status != "superseded" and verified_ago > STALE_DAYS
        verified = self.day(verified_ago)
        created = verified - dt.timedelta(days=rng.randint(0, 120))
        level = rng.choices(("high", "med", "low"), (20, 55, 25))[0]
        title = f"{title_tpl.format_map(_Slots(rng, fixed))} — {area}"
        if number > 1:
            title = f"{title} ({number})"
        meta: dict = {
            "title": title,
            "date": created,
            "category": category,
            "priority": PRIORITY_EMOJI[level] if rng.random() < 0.1 else level,  # both accepted
            "status": status,
            "last_verified": verified,
            "tags": sorted({category, rng.choice(PROJECTS).lower(), rng.choice(AREAS)}),
        }
        if rng.random() < 0.25:
            meta["use_when"] = [
                rng.choice(USE_WHEN).format_map(_Slots(rng, fixed))
                for _ in range(rng.randint(1, 3))
            ]
        if rng.random() < 0.3:
            meta["source"] = rng.choice(SOURCES)
        if level != "high" and rng.random() < 0.05:
            meta["expires"] = self.day(-rng.randint(-10, 60))
        if rng.random() < 0.4:
            meta["description"] = self.fill(FACTS + LESSONS, fixed)
        if rng.random() < 0.03:
            meta["aliases"] = [f"{subject} ({category})"]  # a key memctl does not know
        if archived:
            meta["archived"] = self.day(rng.randint(0, 30))
        lines = [
            self.entry(level, created, fixed, closing=status == "superseded")
            for _ in range(rng.randint(3, 30))
        ]
        body = f"# {title}\n\n"
        if rng.random() < 0.3:
            body += f"{self.fill(CONTEXT + FACTS, fixed)}.\n\n"
        text = new_note_text(meta, body + "\n".join(lines) + "\n")
        if rng.random() < 0.03:  # a comment a person wrote, which memctl must keep
            text = text.replace(f"\nstatus: {status}\n", f"\nstatus: {status}  # checked by hand\n")
        return text, stale

    def entry(self, level: str, created: dt.date, fixed: dict, *, closing: bool) -> str:
        rng = self.rng
        self.entries += 1
        kind, templates = rng.choice(KINDS)
        text = self.fill(templates, fixed)
        if rng.random() < 0.03:
            text = f"{text} ({rng.choice(CJK)})"
        if rng.random() < 0.03:  # a line a person wrote by hand: no fields, no id
            return format_entry(Entry(text=text))
        priority = level if rng.random() < 0.6 else rng.choice(("high", "med", "low"))
        span = max((self.today - created).days, 1)
        added = self.today - dt.timedelta(days=rng.randint(1, span))
        fields = {"added": added.isoformat()}
        if rng.random() < 0.05:
            fields["from"] = (added + dt.timedelta(days=rng.randint(0, 7))).isoformat()
        if priority == "low" and rng.random() < 0.9 or priority == "med" and rng.random() < 0.15:
            roll = rng.random()
            ahead = (
                rng.randint(-60, -1)
                if roll < 0.06
                else rng.randint(0, 7)
                if roll < 0.16
                else rng.randint(8, 365)
            )  # expired, within the week, later
            fields["expires"] = max(self.today + dt.timedelta(days=ahead), added).isoformat()
        closed = closing or rng.random() < 0.07
        if closed:
            until = added + dt.timedelta(days=rng.randint(0, max((self.today - added).days, 0)))
            fields["until"] = until.isoformat()
            fields["why"] = rng.choice(REASONS)
        fields["src"] = rng.choice(SOURCES)
        if rng.random() < 0.1:
            fields["by"] = rng.choice(PEOPLE).lower()
        if rng.random() < 0.05:
            fields["when"] = rng.choice(USE_WHEN).format_map(_Slots(rng, fixed))
        entry = Entry(
            text=text,
            priority=priority,
            kind=kind,
            fields=fields,
            id=self.block_id(),
            closed=closed,
        )
        return format_entry(entry)

    # --- daily logs ------------------------------------------------------------------------

    def daily(self, day: dt.date) -> str:
        rng = self.rng
        count = rng.randint(10, 50)
        minutes = sorted(rng.sample(range(7 * 60, 24 * 60), count))
        parts = [f"# {day.isoformat()}\n"]
        for minute in minutes:
            self.entries += 1
            fixed = _Slots(rng, {})
            title = self.fill(TITLES, fixed)
            body = [f"{self.fill(FACTS + CONTEXT, fixed)}."]
            if rng.random() < 0.35:
                marker, templates = rng.choice(MARKERS)
                line = f"{marker}: {self.fill(templates, fixed)}."
                if rng.random() < 0.15:
                    line += " #promote"
                body.append(line)
            if rng.random() < 0.04:
                body.append(rng.choice(CJK) + "。")
            parts.append(
                f"\n### {minute // 60:02d}:{minute % 60:02d} — {title}\n\n" + "\n".join(body) + "\n"
            )
        return "".join(parts)

    def rules_note(self, number: int, count: int) -> str:
        """A note in rules/ of `count` open rules, verified lately, high and medium priority."""
        rng = self.rng
        verified = self.day(rng.randint(0, STALE_DAYS))
        meta = {
            "title": f"Rules {number}",
            "date": verified,
            "category": "rules",
            "priority": "high" if number == 1 else "med",
            "status": "active",
            "last_verified": verified,
            "tags": ["rules"],
            "source": "user",
        }
        lines = []
        for _ in range(count):
            self.entries += 1
            level = "high" if rng.random() < 0.25 else "med"
            entry = Entry(
                text=self.fill(RULES, {}),
                priority=level,
                kind="RULE",
                fields={"added": verified.isoformat(), "src": "user"},
                id=self.block_id(),
            )
            lines.append(format_entry(entry))
        return new_note_text(meta, f"# Rules {number}\n\n" + "\n".join(lines) + "\n")

    def now_md(self) -> str:
        rng = self.rng
        doc = NowDoc.parse(template("NOW.md").format(updated=""))
        focus = [f"✅ {self.fill(TITLES, {})}", self.fill(DECISIONS, {})]
        doc.set_items(FOCUS, focus)
        blocked = f"🔄 {self.fill(TITLES, {})} — blocked: {self.fill(CONTEXT, {})}"
        doc.set_items(IN_PROGRESS, [blocked, f"🔄 {self.fill(TITLES, {})}"])
        states = ("todo", "blocked", "in progress")
        doc.set_priorities([[f"P{i}", self.fill(TITLES, {}), rng.choice(states)] for i in range(3)])
        doc.stamp(dt.datetime.combine(self.day(1), dt.time(18, 30)))
        return doc.render()


def generate(
    out: Path,
    files: int,
    seed: int = 1,
    *,
    days: int | None = None,
    today: dt.date = TODAY,
    git: bool = False,
    rules: int | None = None,
) -> Generated:
    """Write the workspace into `out` (absent or empty). `files` counts every .md file.
    `rules`: exactly this many open rules in rules/, ten a file (else rules/ is a category
    like the others, with a few thousand entries in a 10,000-file workspace)."""
    started = time.perf_counter()
    out = Path(out)
    if files < 3:
        raise ValueError("--files must be at least 3 (NOW.md, INDEX.md and one more)")
    if out.exists() and any(out.iterdir()):
        raise FileExistsError(f"{out} is not empty; give a new folder")
    daily_count = files // 3
    days = days if days is not None else max(30, daily_count * 5 // 4)
    if days < 1:
        raise ValueError("--days must be at least 1")
    daily_count = min(daily_count, days)
    archived = files // 100
    rule_files = -(-rules // 10) if rules else 0
    notes = files - 2 - daily_count - archived - rule_files
    categories = [c for c in DEFAULT_CATEGORIES if rules is None or c != "rules"]
    rng = _Dice(seed)
    writer = _Writer(rng, today, days)

    out.mkdir(parents=True, exist_ok=True)
    for folder in (MARKER, DAILY_DIR, ARCHIVE_DIR, *DEFAULT_CATEGORIES):
        (out / folder).mkdir(exist_ok=True)
    _write(out / MARKER / "config.yaml", template("config.yaml"))
    _write(out / ".gitignore", template("gitignore"))
    _write(out / ".gitattributes", template("gitattributes"))
    _write(out / NOW_FILE, writer.now_md())
    _write(
        out / INDEX_FILE,
        "# INDEX.md — knowledge base health\n\n"
        "<!-- Generated by `memctl index`; edit the notes, not this file. -->\n\n"
        "Not generated yet: run `memctl index`.\n",
    )

    ago = sorted([1, *rng.sample(range(2, days + 1), daily_count - 1)]) if daily_count else []
    for n in ago:
        day = writer.day(n)
        _write(out / DAILY_DIR / f"{day.isoformat()}.md", writer.daily(day))

    stale = 0
    taken: dict[str, int] = {}
    for i in range(notes + archived):
        is_archived = i >= notes
        if i == 0 and notes >= 10:  # an adopted OpenClaw MEMORY.md, without frontmatter
            lines = [writer.fill(FACTS, {}) for _ in range(rng.randint(5, 15))]
            _write(out / "MEMORY.md", "# MEMORY.md\n\n" + "".join(f"- {x}\n" for x in lines))
            continue
        category = categories[i % len(categories)]
        key = SUBJECTS[category][0]
        subject = rng.choice(_POOLS[key])
        area = rng.choice(AREAS)
        slug = "-".join(f"{subject} {area}".lower().split())
        taken[f"{category}/{slug}"] = number = taken.get(f"{category}/{slug}", 0) + 1
        name = f"{slug}.md" if number == 1 else f"{slug}-{number}.md"
        folder = out / ARCHIVE_DIR / category if is_archived else out / category
        folder.mkdir(exist_ok=True)
        if not is_archived and rng.random() < 0.01:  # adopted without frontmatter
            lines = [writer.fill(FACTS, {key: subject}) for _ in range(rng.randint(3, 10))]
            _write(folder / name, f"# {subject}\n\n" + "".join(f"- {x}\n" for x in lines))
            continue
        text, is_stale = writer.note(category, subject, area, number, archived=is_archived)
        stale += is_stale and not is_archived
        _write(folder / name, text)

    for n in range(rule_files):
        count = min(10, rules - 10 * n)
        _write(out / "rules" / f"rules-{n + 1:02}.md", writer.rules_note(n + 1, count))

    if git:
        gitstore.init_repo(out)
        gitstore.run(out, "add", "-A")
        gitstore.run(
            out,
            "commit",
            "-q",
            "--no-verify",
            "-m",
            f"generated workspace: {files} files, seed {seed}",
        )
    return Generated(
        root=str(out),
        files=files,
        daily=daily_count,
        notes=notes,
        archived=archived,
        entries=writer.entries,
        stale_notes=stale,
        seed=seed,
        seconds=round(time.perf_counter() - started, 3),
    )


def _write(path: Path, text: str) -> None:
    with open(path, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="the folder to create (absent or empty)")
    parser.add_argument("--files", type=int, required=True, help="number of Markdown files")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument(
        "--days",
        type=int,
        default=None,
        help="days of history the logs span (default: files/3 × 1.25)",
    )
    parser.add_argument(
        "--today",
        type=dt.date.fromisoformat,
        default=TODAY,
        help=f"the day the workspace is 'now' (default {TODAY})",
    )
    parser.add_argument("--git", action="store_true", help="make it a git repo with one commit")
    parser.add_argument(
        "--rules",
        type=int,
        default=None,
        help="exactly this many open rules in rules/ (default: a category like the others)",
    )
    args = parser.parse_args(argv)
    try:
        made = generate(
            args.out,
            args.files,
            args.seed,
            days=args.days,
            today=args.today,
            git=args.git,
            rules=args.rules,
        )
    except (ValueError, FileExistsError) as exc:
        print(f"generate_workspace: error: {exc}", file=sys.stderr)
        return 1
    print(
        f"{made.root}: {made.files} files ({made.daily} daily logs, {made.notes} notes, "
        f"{made.archived} archived), {made.entries} entries, {made.stale_notes} stale notes, "
        f"seed {made.seed}, {made.seconds:.2f}s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
