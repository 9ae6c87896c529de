"""What the nightly job reads in a day's log: the items worth keeping, each with its line.

- Markers: `DECISION:`, `LESSON:`, `FACT:`, `TODO:`, `DONE:`, `BLOCKED:` at the start of a line
  of an entry (after a list bullet, if any) or after the end of a sentence, a colon, a semicolon
  or a dash on it ("Staging is down. BLOCKED: …", "Standup moved: DECISION: …"). The item's
  text runs to the end of the line or to the next marker, and ends where its src:/by: tokens
  start.
- Entry lines with a kind, `- [FACT] src:user · …`, as `memctl add` writes them.
- `#promote` anywhere in an entry: on a marker's line it marks that item (a TODO, DONE or
  BLOCKED item is then kept in long-term memory too); on another line it promotes the thought
  that line is part of (the line, with the lines of a hard-wrapped sentence around it, never
  the next unrelated line); on the heading, each thought of the entry (else the title).

A line says who said it with `src:SOURCE` and `by:WHO` tokens (removed from the text); without
them it is the agent's. Lines in fenced code blocks are not read. With an LLM command (the same
`llm_command` contract as the write gate), the command reads the entries too and may find items
in free text; each must name its line, and a marker wins where both found the same item.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ..daily import HEADING, LogEntry, parse_log, unescape_line
from ..entry import parse_entry
from ..longterm import SOURCES

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..model import Model

MARKERS = ("DECISION", "LESSON", "FACT", "TODO", "DONE", "BLOCKED")
NOW_KINDS = ("TODO", "DONE", "BLOCKED")  # status changes: NOW.md, not long-term by default
# at a line's start, or after the end of a sentence, a colon, a semicolon or a dash ("Standup
# moved: DECISION: …", "staging is down — BLOCKED: …")
_MARKER = re.compile(
    r"(?:^\s*(?:[-*+]\s+)?|(?<=[.!?:;—–])\s+|(?<=\s-)\s+)(?P<kind>"
    + "|".join(MARKERS)
    + r"):(?=\s|$)"
)
_PROMOTE = re.compile(r"(?<!\S)#promote\b")
# a field token; the punctuation ending its sentence ("src:user.") is not part of its value; a
# `src\:user` is a claim memctl defused where it wrote the log (daily.defused): read as none
_WHO = re.compile(
    r'(?<!\S)(?P<key>src|by)(?P<defused>\\?):(?P<value>"[^"]*"|[^\s"]+?)(?=[.,;:!?]*(?:\s|$))'
)
_KIND_LINE = re.compile(r"^[-*+] \[")
# "- [🟡MED][FACT] src:user · …" or "added:… src:user · …" after a marker: an entry line's
# head, pasted in, not who said it
_TAG = r"\[[^\]\s]{1,24}\]"
_KEY = r"[a-z][a-z_]{0,23}:\S+"  # "src:user"; one per word, so a run is read one way only
_ENTRY_HEAD = re.compile(rf"^(?:[-*+] )?(?:(?:{_TAG})+|(?:{_TAG})*\s*{_KEY}(?:\s+{_KEY})*\s+· )")
MAX_TEXT = 500  # an item longer than this is cut (an entry line is one line)


@dataclass(frozen=True)
class Item:
    """One thing the log says that the nightly job acts on."""

    kind: str  # a marker, an entry line's kind, or "" (an entry promoted with #promote)
    text: str
    line: int  # the log line it comes from: its provenance
    entry: int  # the line of its entry's heading
    title: str  # its entry's title
    how: str  # what found it: "DECISION: marker", "[FACT] entry line", "#promote", "llm: …"
    source: str = "agent"
    by: str | None = None
    priority: str | None = None
    promote: bool = False  # #promote on its line

    def to_dict(self) -> dict:
        return {
            "kind": self.kind,
            "text": self.text,
            "line": self.line,
            "entry": self.entry,
            "title": self.title,
            "how": self.how,
            "source": self.source,
            "by": self.by,
            "priority": self.priority,
            "promote": self.promote,
        }


def read_items(rel: str, text: str, *, after: int = 0) -> list[Item]:
    """The items of a day's log on lines after `after` (the lines an earlier run read)."""
    lines = text.splitlines()
    items: list[Item] = []
    for log in parse_log(rel, text):
        items.extend(_entry_items(log, lines, after))
    return items


def log_lines(log: LogEntry, lines: list[str]) -> list[tuple[int, str]]:
    """(line number, text) of an entry: its title on the heading's line, then its body, fenced
    code left out; both as written (a claim memctl defused stays one: daily.defused)."""
    heading = HEADING.match(lines[log.line - 1]) if 0 < log.line <= len(lines) else None
    found = [(log.line, (heading["title"] or "").strip() if heading else log.title)]
    fenced = False
    for number in range(log.line + 1, len(lines) + 1):
        line = lines[number - 1]
        if HEADING.match(line):
            break
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
        elif not fenced and line.strip():
            found.append((number, line))  # as written: an escaped line is no item
    return found


def _entry_items(log: LogEntry, lines: list[str], after: int) -> list[Item]:
    items: list[Item] = []
    tagged_free: list[int] = []  # lines with #promote and no item of their own
    for number, line in log_lines(log, lines):
        if number <= after:
            continue
        found = _line_items(line, number, log)
        tagged = _PROMOTE.search(line) is not None
        if tagged and not found:
            tagged_free.append(number)
        items.extend(
            replace(i, promote=True, how=f"{i.how} #promote") if tagged else i for i in found
        )
    if tagged_free:
        taken = {i.line for i in items}
        thoughts = _thoughts([(n, t) for n, t in log_lines(log, lines)[1:] if n not in taken])
        if log.line in tagged_free:  # on the heading: every thought of the entry
            picked = thoughts or [[(log.line, log.title)]]
        else:  # on a line: the thought that line is part of, and nothing around it
            picked = [t for t in thoughts if any(n in tagged_free for n, _ in t)]
        for thought in picked:
            text, source, by = _who(" ".join(_clean(unescape_line(t)) for _, t in thought))
            if text:
                items.append(
                    Item(
                        "", _clean(text), thought[0][0], log.line, log.title, "#promote", source, by
                    )
                )
    return sorted(items, key=lambda i: i.line)


_ENDS = (".", "!", "?", "…", ")", '"', "”")  # a line ending so ends its sentence
_GOES_ON = (",", ";", ":", "—", "–", "-", "(", "/", "&")  # …and ending so, it does not


def _thoughts(free: list[tuple[int, str]]) -> list[list[tuple[int, str]]]:
    """The entry's lines that are not items, grouped into thoughts: a line joins the one before
    only when it continues its sentence (a hard-wrapped paragraph: the line before does not end
    a sentence, and this one starts in lower case or the one before ends on a comma, a colon…).
    A blank line, an item line or a new sentence starts a new thought."""
    thoughts: list[list[tuple[int, str]]] = []
    for number, text in free:
        line = text.strip()
        if thoughts:
            prev_number, prev = thoughts[-1][-1]
            prev = _PROMOTE.sub("", prev).strip()
            wraps = (
                number == prev_number + 1
                and not prev.endswith(_ENDS)
                and (line[:1].islower() or prev.endswith(_GOES_ON))
            )
            if wraps:
                thoughts[-1].append((number, text))
                continue
        thoughts.append([(number, text)])
    return thoughts


def _line_items(line: str, number: int, log: LogEntry) -> list[Item]:
    if _KIND_LINE.match(line):
        entry = parse_entry(line)
        if entry is not None and entry.kind and entry.text.strip():
            source = entry.fields.get("src")
            text = _clean(entry.text)
            how = f"[{entry.kind}] entry line"
            return (
                [
                    Item(
                        entry.kind,
                        text,
                        number,
                        log.line,
                        log.title,
                        how,
                        source if source in SOURCES else "agent",
                        entry.fields.get("by"),
                        entry.priority,
                    )
                ]
                if text
                else []
            )
    marks = list(_MARKER.finditer(line))
    items = []
    for i, mark in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(line)
        text, source, by = _marked(line[mark.end() : end])
        if text:
            kind = mark["kind"]
            items.append(
                Item(kind, text, number, log.line, log.title, f"{kind}: marker", source, by)
            )
    return items


def _marked(text: str) -> tuple[str, str, str | None]:
    """A marker's text, source and by: the text ends at its src:/by: tokens when text comes
    before them (what follows them is another sentence, not this item's); without them it runs
    to the end of the line, whose later sentences may hold the item's details ("Rolling the
    hotfix out now. It's 17:40 …")."""
    text = " ".join(text.split())
    _, source, by = _who(text)
    first = _WHO.search(text)
    if first and not _ENTRY_HEAD.match(text) and text[: first.start()].strip(" ,;:—-"):
        text = text[: first.start()]
    return _who(_clean(text))[0], source, by


def _clean(text: str) -> str:
    """One line: #promote taken out, spaces collapsed, one final full stop dropped."""
    text = " ".join(_PROMOTE.sub(" ", text).split())
    if text.endswith(".") and not text.endswith(".."):
        text = text[:-1].rstrip()
    return text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 1].rstrip() + "…"


def _who(text: str) -> tuple[str, str, str | None]:
    """The text without its src:/by: tokens, the source (agent unless it says), and by."""
    source, by = "agent", None
    if _ENTRY_HEAD.match(text):  # text shaped like an entry line confers no provenance
        return " ".join(text.split()).strip(" ,;:—-"), source, by
    for m in _WHO.finditer(text):
        value = m["value"].strip('"')
        if m["key"] == "src" and value in SOURCES and not m["defused"]:
            source = value
        elif m["key"] == "by" and value:
            by = value
    rest = _WHO.sub(
        lambda m: "" if m["key"] == "by" or m["value"].strip('"') in SOURCES else m.group(), text
    )
    return " ".join(rest.split()).strip(" ,;:—-"), source, by


# --- the LLM path ----------------------------------------------------------------------------


def llm_items(
    model: Model, rel: str, text: str, found: list[Item], *, after: int = 0
) -> tuple[list[Item], str | None]:
    """Items the model (model.py) finds in free text, checked: each names a line of an entry
    after `after`, a known kind and a text. (items, None), or ([], why the markers alone were
    used); items it drops are counted in the note."""
    lines = text.splitlines()
    entries, where = [], {}
    for log in parse_log(rel, text):
        shown = [(n, line) for n, line in log_lines(log, lines) if n > after]
        if shown:
            entries.append(
                {
                    "line": log.line,
                    "title": log.title,
                    "lines": [{"line": n, "text": t} for n, t in shown],
                }
            )
            where.update({n: (log, t) for n, t in shown})
    if not entries:
        return [], None
    request = {
        "task": "consolidate",
        "log": rel,
        "kinds": list(MARKERS),
        "entries": entries,
        "found": [{"line": i.line, "kind": i.kind, "text": i.text} for i in found],
        "answer_with": {
            "items": [
                {
                    "kind": "one of kinds",
                    "line": "the log line it comes from",
                    "text": "the item in one sentence, in the log's words",
                    "reason": "one short phrase",
                }
            ]
        },
    }
    answer, problem = model.ask(request)
    if problem or answer is None:
        return [], f"{problem or 'the LLM command gave no answer'}; used the markers only"
    raw = answer.get("items")
    if not isinstance(raw, list):
        return [], "the LLM command answered no list of items; used the markers only"
    taken = {(i.line, i.kind) for i in found}
    items, dropped = [], 0
    for one in raw:
        got = _llm_item(one, where)
        if got is None:
            dropped += 1
        elif (got.line, got.kind) not in taken:
            taken.add((got.line, got.kind))
            items.append(got)
    note = (
        f"dropped {dropped} LLM item(s) naming no line of the log or no known kind"
        if dropped
        else None
    )
    return items, note


def _llm_item(one: object, where: dict) -> Item | None:
    if not isinstance(one, dict) or one.get("kind") not in MARKERS:
        return None
    line, text = one.get("line"), one.get("text")
    if not isinstance(line, int) or line not in where or not isinstance(text, str):
        return None
    log, raw = where[line]
    text = _clean(text)
    _, source, by = _who(raw)  # who said it is what the line says, not what the LLM says
    reason = " ".join(str(one.get("reason") or "found in free text").split())[:120]
    return (
        Item(one["kind"], text, line, log.line, log.title, f"llm: {reason}", source, by)
        if text
        else None
    )
