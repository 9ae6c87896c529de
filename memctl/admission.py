"""What a change may add to memory: the checks of the write layer.

Every file a change writes passes here with the text it had before the change, so only the
lines the change adds are read; a person's own edits are never judged (they are committed as
theirs before memctl touches the file). Nothing a command writes can go around it:

- **secrets** (secrets/scan.py) and **purged text** (purged.py) are refused; a command that runs
  with nobody to ask (`flush`, `chats index`, `consolidate`, `import openclaw`, `sleep`) stores
  `[redacted:KIND]` or `[purged]` in their place instead and says so;
- **control characters** are refused (NUL, ESC, and every character Python reads as a line
  break inside a line: CR, VT, FF, U+0085, U+2028, U+2029), so text can neither clear the
  terminal of whoever reads it nor split into lines a reader would take as structure;
- **trust**: a new entry in rules/, or of kind RULE, carries the user's own words (`src:user`);
  an entry from an untrusted source (`src:web|file|tool`, `trust:untrusted`) is a QUOTE (or a
  CONFLICT, or a CHAT pointer to a past session), never a fact. An entry moved or rewritten
  (its id was there before the change) keeps its place.

A text the change only moves (archived lines, a rewritten entry) was there before and passes.
Generated views (INDEX.md, reports/) are never refused: they show what other files hold, so a
secret a person wrote by hand is redacted in them. Commit messages are redacted the same way.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import TYPE_CHECKING, NamedTuple

from .controls import SECRET_ADVICE, control, control_name, without_controls
from .controls import excerpt as _excerpt
from .errors import InvalidValue, Refused
from .kinds import folder_clash, in_rules
from .secrets.shown import strings_in, with_strings
from .textstyle import bare, file_lines, line_end

if TYPE_CHECKING:
    from .secrets.shape import Finding
    from .workspace import Workspace

_BREAKS = "\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"  # read as line breaks: become spaces
VIEWS = ("INDEX.md", "reports/")  # generated from other files: redacted, never refused
UNTRUSTED_SOURCES = ("web", "file", "tool")
# What an untrusted text may be stored as: a quote, a conflict for a person, a pointer to a chat.
UNTRUSTED_KINDS = ("QUOTE", "CONFLICT", "CHAT")
PURGED_MARK = "[purged]"


class Redaction(NamedTuple):
    path: str
    kind: str  # a secret's kind, "purged", or "control"


def _secret_refused(rel: str, text: str, found: list[Finding], why: str = "") -> Refused:
    """The refusal of a text that holds a secret, naming its kind and showing it redacted."""
    from .secrets.scan import redact

    shown = _excerpt(redact(text, found), found[0].start)
    return Refused(
        f"looks like it holds a secret ({found[0].label}{why}): {shown}; {SECRET_ADVICE}", path=rel
    )


def unattended_controls(text: str) -> str:
    """The text as a write with nobody to ask stores it: each character read as a line break
    inside a line a space, each other control character U+FFFD (controls.without_controls)."""
    return without_controls(text, _BREAKS)


def scrub(ws: Workspace, text: str) -> tuple[str, list[str]]:
    """A text an unattended command will store, with what nobody could be asked about replaced:
    control characters, secrets (`[redacted:KIND]`) and purged text (`[purged]`); and the kinds
    replaced. The command says so in its report; the write layer would redact it anyway."""
    admission = Admission(ws, unattended=True)
    fixed = "\n".join(admission.lines("", text.split("\n")))
    return fixed, sorted({r.kind for r in admission.redactions})


def _names(rel: str, lines: list[str], picked: list[int]) -> list[list[str]] | None:
    """For each picked line of a note, the words around it that name a secret
    (memctl.naming); None for a file that is not a live note, or whose names name none."""
    if not rel.endswith(".md") or rel.startswith((*VIEWS, ".archive/")):
        return None
    from .naming import contexts

    return contexts(lines, picked)


class Admission:
    """The checks of one change (see the module docstring)."""

    def __init__(
        self, ws: Workspace, *, unattended: bool = False, source: str | None = None
    ) -> None:
        self.ws = ws
        self.unattended = unattended
        self.source = source  # where all the text comes from, when the change knows it
        self.redactions: list[Redaction] = []
        self._before: list[str] = []  # the texts the touched files had before the change
        self._secrets_before: tuple[int, set[str]] = (0, set())  # of how many texts, found
        self._paths_before: list[str] = []  # the touched files that were there before
        self._rels_before: set[str] = set()  # the same, as paths

    def saw(self, text: str | None) -> None:
        """A touched file's text before the change: what is in it is not new."""
        if text:
            self._before.append(text)

    def saw_path(self, rel: str) -> None:
        """A touched file that was there before the change: what its name holds is not new (a
        file moved into .archive/ keeps its name there)."""
        self._paths_before += _readings(rel)
        self._rels_before.add(rel)

    def path(self, rel: str) -> None:
        """A path the change adds: a name is memory text too (`ls`, INDEX.md and every commit
        list it, and a new note's title and heading are made of it), so a secret or a purged
        text in it is refused, read as it is and as a title reads it (`-` and `_` as spaces).
        Refused unattended too: no name can be redacted and still be the file it names. What
        the name of a file the change had before holds (a move's source) is not new."""
        if rel.removeprefix(".archive/") in self._rels_before:
            return  # an archive run's copy, under the path its note has: read once per note
        clash = folder_clash(self.ws.root, rel)
        if clash is not None:  # what is held to rules/ is held to it whatever its case
            raise Refused(f"{clash}, one folder where case is ignored: use that one", path=rel)
        from .purged import bookkeeping, find_purged, searched
        from .secrets.scan import redact, scan

        for text in _readings(rel):
            found = [f for f in scan(text) if not self._known_in_path(text[f.start : f.end])]
            if found:
                raise Refused(
                    f"the name looks like it holds a secret ({found[0].label}); memctl commits "
                    f"none, not in a file name either: {SECRET_ADVICE}, and name the note for "
                    "what it is about",
                    path=redact(rel, found),
                )
            hits = [
                h
                for h in ([] if bookkeeping(rel) else find_purged(self.ws, text))
                if not self._known_in_path(searched(text[h.start : h.end])[0], fold=True)
            ]
            if hits:
                at = hits[0]
                raise Refused(
                    f"the name contains something purged on purpose (receipt {at.receipt}); "
                    "memctl will not store it again, not in a file name either",
                    path=f"{rel[: at.start]}{PURGED_MARK}{rel[at.end :]}",
                )

    def _known_in_path(self, value: str, *, fold: bool = False) -> bool:
        if fold:
            from .purged import searched

            return any(value in searched(before)[0] for before in self._paths_before)
        return any(value in before for before in self._paths_before)

    def added_lines(self, rel: str, old: str | None, new: str) -> str:
        """`new` with the lines that were not in `old` checked (and, unattended, redacted).
        Lines are what git counts (textstyle.file_lines): a lone CR, FF or U+2028 inside
        one is a control character of that line, checked as any other, never a line end."""
        old_lines = Counter(bare(line) for line in file_lines(old or ""))
        lines = file_lines(new)
        bares = [bare(line) for line in lines]
        picked: list[int] = []
        for i, line in enumerate(bares):
            if old_lines[line] > 0:
                old_lines[line] -= 1
            else:
                picked.append(i)
        if not picked:
            return new
        added = [bares[i] for i in picked]
        checked = self.lines(rel, added, _names(rel, bares, picked))
        again = self._renamed(rel, old, bares, picked)
        if checked == added and not again:
            return new
        for i, line in [*zip(picked, checked, strict=True), *again]:
            lines[i] = line + line_end(lines[i])
        return "".join(lines)

    def _renamed(self, rel: str, old: str | None, lines: list[str], picked: list[int]) -> list:
        """The lines the change did not add that a name it added now names (naming.newly_named:
        "Xk7#pLq2vR9m", then a key "the bank password"), refused (unattended, redacted)."""
        if not old or not rel.endswith(".md") or rel.startswith((*VIEWS, ".archive/")):
            return []
        from .naming import newly_named
        from .secrets.scan import redact as redacted

        fixed = []
        for i, names, found in newly_named([bare(line) for line in file_lines(old)], lines, picked):
            if not self.unattended:
                excerpt = _excerpt(redacted(lines[i], found), found[0].start)
                raise Refused(
                    f'would name a secret written before ({found[0].label}, named by "{names[0]}"'
                    f"): {excerpt}; {SECRET_ADVICE}",
                    path=rel,
                )
            self.redactions += [Redaction(rel, f.kind) for f in found]
            fixed.append((i, redacted(lines[i], found)))
        return fixed

    def appended(self, rel: str, text: str) -> str:
        """Text appended at the end of a file: all of it is new."""
        lines = text.split("\n")
        checked = self.lines(rel, lines, _names(rel, lines, list(range(len(lines)))))
        return text if checked == lines else "\n".join(checked)

    def message(self, text: str) -> str:
        """A commit message: redacted, never refused (the files it names were checked)."""
        lines = text.split("\n")
        return "\n".join(self._checked("commit message", lines, redact=True))

    def lines(self, rel: str, lines: list[str], names: list[list[str]] | None = None) -> list[str]:
        """`names`: for each line, the words around it that name a secret (memctl.naming)."""
        view = rel.startswith(VIEWS)
        if rel.endswith((".jsonl", ".json")):
            checked = [self._json_line(rel, line, view) for line in lines]
        else:
            checked = self._checked(rel, lines, redact=self.unattended or view, names=names)
        if not view and self._holds_entries(rel):
            checked = self._trust(rel, checked)
        return checked

    def _holds_entries(self, rel: str) -> bool:
        if rel.startswith(".archive/") or not rel.endswith(".md"):
            return False  # archived entries were moved there from live notes
        if rel.startswith(f"{self.ws.config.daily_dir}/"):
            return False  # a daily log: the write that matters most skips loading the catalog
        from .kinds import kind_of

        return kind_of(rel, self.ws.config.daily_dir) == "note"

    # --- secrets, purged text, control characters ---------------------------------------

    def _checked(
        self, rel: str, lines: list[str], *, redact: bool, names: list[list[str]] | None = None
    ) -> list[str]:
        text = "\n".join(lines)
        fixed = self._controls(rel, text, redact)
        fixed = self._secrets(rel, fixed, redact)
        fixed = self._within(rel, fixed, redact)
        if names is not None:
            fixed = self._named(rel, fixed, names, redact)
        fixed = self._purged(rel, fixed, redact)
        return lines if fixed == text else fixed.split("\n")

    def _controls(self, rel: str, text: str, redact: bool) -> str:
        bad = control(text)
        if bad is None:
            return text
        if not redact:
            line = text.count("\n", 0, bad.start()) + 1
            raise InvalidValue(
                f"{control_name(bad.group())} is not allowed in memory text "
                f"(line {line} of what memctl would write)",
                path=rel,
            )
        self.redactions.append(Redaction(rel, "control"))
        return unattended_controls(text)

    def _secrets(self, rel: str, text: str, redact: bool) -> str:
        from .secrets.scan import redact as redacted
        from .secrets.scan import scan

        found = [f for f in scan(text) if not self._known_secret(text[f.start : f.end])]
        if not found:
            return text
        if not redact:
            raise _secret_refused(rel, text, found)
        self.redactions += [Redaction(rel, f.kind) for f in found]
        return redacted(text, found)

    def _within(self, rel: str, text: str, redact: bool) -> str:
        """An entry line read as one unit: its text and the values said of it name each other
        ("Sam's password for the billing portal" with `by:Tr0ub4dor&3x`: memctl.naming)."""
        from .naming import named_within
        from .secrets.scan import redact as redacted

        if " · " not in text and ":" not in text:
            return text
        lines = text.split("\n")
        for i, line in enumerate(lines):
            found = [f for f in named_within(line) if not self._known(line[f.start : f.end])]
            if not found:
                continue
            if not redact:
                raise _secret_refused(rel, line, found, ", named by the entry's own words")
            self.redactions += [Redaction(rel, f.kind) for f in found]
            lines[i] = redacted(line, found)
        return "\n".join(lines)

    def _named(self, rel: str, text: str, names: list[list[str]], redact: bool) -> str:
        """A value on a line of its own, read with the words around it that name a secret (a
        note titled "Online banking password": memctl.naming, memctl.secrets.named)."""
        from .naming import own_words
        from .secrets.named import in_context
        from .secrets.scan import redact as redacted

        lines = text.split("\n")
        for i, (line, named) in enumerate(zip(lines, names, strict=False)):
            if not named:
                continue
            found = [
                f._replace(start=f.start + at, end=f.end + at)
                for at, words in own_words(line)
                for f in in_context(named, words)
                if not self._known(words[f.start : f.end])
            ]
            found.sort(key=lambda f: f.start)
            if not found:
                continue
            if not redact:
                raise Refused(
                    f"looks like it holds a secret ({found[0].label}, named by "
                    f'"{named[0]}" above it): {_excerpt(redacted(line, found), found[0].start)}; '
                    f"{SECRET_ADVICE}",
                    path=rel,
                )
            self.redactions += [Redaction(rel, f.kind) for f in found]
            lines[i] = redacted(line, found)
        return "\n".join(lines)

    def _purged(self, rel: str, text: str, redact: bool) -> str:
        from .purged import bookkeeping, find_purged, searched

        if bookkeeping(rel):
            return text
        hits = [
            h
            for h in find_purged(self.ws, text, first=not redact)
            if not self._known(searched(text[h.start : h.end])[0], fold=True)
        ]
        if not hits:
            return text
        if not redact:
            raise Refused(
                f"this text contains something purged on purpose (receipt "
                f"{hits[0].receipt}); memctl will not store it again",
                path=rel,
            )
        end = len(text)
        for hit in reversed(hits):  # every place each stands, the last first
            if hit.end <= end:
                self.redactions.append(Redaction(rel, "purged"))
                breaks = "\n" * text.count("\n", hit.start, hit.end)  # the lines stay
                text = f"{text[: hit.start]}{PURGED_MARK}{breaks}{text[hit.end :]}"
                end = hit.start
        return text

    def _known_secret(self, value: str) -> bool:
        """Whether the touched files held this secret, as a secret, before the change (a line
        a person wrote by hand, moved or rewritten): a value alone is no secret, and the same
        value later given a name ("the bank password") is a new one."""
        read, found = self._secrets_before
        if read < len(self._before):
            from .secrets.scan import scan

            for before in self._before[read:]:
                found |= {before[f.start : f.end] for f in scan(before)}
            self._secrets_before = (len(self._before), found)
        return value in found

    def _known(self, value: str, *, fold: bool = False) -> bool:
        """Whether the value was there before the change: a purged text a person wrote by hand
        (`fold`: read as the purge registry reads, memctl.purged.searched)."""
        if fold:
            from .purged import searched

            return any(value in searched(before)[0] for before in self._before)
        return any(value in before for before in self._before)

    def _json_line(self, rel: str, line: str, view: bool) -> str:
        """A JSON record's strings are what it stores: each is checked once decoded, and
        redacted (a record keeps hashes and addresses; a value that slipped in is not kept).
        A string the record holds again (a night's run record names each note, kind and line
        many times) is read once, and what it was redacted of is counted each time."""
        if not line.strip():
            return line
        try:
            record = json.loads(line)
        except ValueError:
            return self._checked(rel, [line], redact=self.unattended or view)[0]
        strings: list[str] = []
        strings_in(record, strings)
        read: dict[str, tuple[str, list[Redaction]]] = {}
        checked = []
        for value in strings:
            if value not in read:
                before = len(self.redactions)
                done = self._purged(rel, self._secrets(rel, value, True), True)
                read[value] = (done, self.redactions[before:])
            else:
                self.redactions += read[value][1]
            checked.append(read[value][0])
        if checked == strings:
            return line
        fixed = with_strings(record, iter(checked))
        return json.dumps(fixed, ensure_ascii=False, separators=(",", ":"))

    # --- trust --------------------------------------------------------------------------

    def _trust(self, rel: str, lines: list[str]) -> list[str]:
        """The trust caps on new entries. Unattended, a line that breaks them is kept as plain
        text (a backslash in front: no longer an entry), so an import loses no line."""
        from .entry import parse_entry

        ruled = in_rules(rel)
        checked = list(lines)
        for i, line in enumerate(lines):
            if line[1:2] != " " or line[:1] not in "-*+":
                continue
            entry = parse_entry(line)
            if entry is None or (entry.id and self._known(f"^{entry.id}")):
                continue  # not an entry, or one the change moved or rewrote
            source = entry.fields.get("src")
            if self.source in UNTRUSTED_SOURCES and (source == "user" or entry.kind == "RULE"):
                source = self.source  # an imported file's "src:user" is only its claim
            untrusted = source in UNTRUSTED_SOURCES or entry.fields.get("trust") == "untrusted"
            if untrusted and entry.kind not in UNTRUSTED_KINDS:
                why = (
                    f"text from an untrusted source (src:{source or 'untrusted'}) is kept as "
                    "a quote, never as a fact or a rule"
                )
            elif (ruled or entry.kind == "RULE") and source != "user":
                why = (
                    "only the user's own words become a rule or go in rules/ (give --source "
                    "user when the user said it)"
                )
            else:
                continue
            if not self.unattended:
                raise Refused(why, path=rel)
            self.redactions.append(Redaction(rel, "trust"))
            checked[i] = "\\" + line
        return checked


def _readings(rel: str) -> tuple[str, str]:
    """A path as it is and as a new note's title reads it (`-` and `_` as spaces): of one
    length, so a span found in either is the same span of the path."""
    return rel, rel.replace("-", " ").replace("_", " ")
