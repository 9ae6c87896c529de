"""Frontmatter as memctl writes it: values plain where every YAML reader reads the string back,
quoted everywhere else; and ruamel.yaml's round trip for the changes a one-line edit cannot make.

A title or a tag is text, whatever it looks like. Written plain, `0xFF` reads back as 255,
`yes` as true, `1:30` as 90, `2026-12-05` as a date and `~` as nothing; which plain scalars a
reader types is its resolvers' to say, and they differ: PyYAML (YAML 1.1, memctl's own reader)
reads `0b101` and `on` as such, YAML 1.2 (ruamel.yaml, an editor's plugin) reads `0o17` and
`1e3` as numbers, and ruamel.yaml's YAML 1.1 `y` and `n` as booleans. So a value is written plain
only when no resolver of either library types it (their own rules are asked), it has no white
space at either end, and it holds only characters that never start YAML syntax.

Changing a list or a block value in a person's frontmatter goes through ruamel.yaml's round
trip (`RoundTrip`, with python-frontmatter's handler methods `load` and `export`): their keys,
the keys' order, quotes and comments survive; only the changed key is written anew
(note.set_meta), its strings quoted where a reader would retype them.
"""

from __future__ import annotations

import datetime as dt
import functools
import io
import re
from typing import Any

# What a plain scalar may hold here: a letter or digit first, then letters, digits and a few
# marks that never start YAML syntax ("," only outside a flow list, where it ends an item).
_PLAIN = re.compile(r"[\w][\w .,/@+()-]*")
# What any resolver could type begins so: a sign, a digit, a dot, one of "~<=!&*", or is a word
# of at most five letters starting with a letter a boolean or null word starts with (yes, no,
# on, off, y, n, true, false, null). Anything else is a string to both libraries, and the
# second one (ruamel.yaml, 11 ms to import) is asked only about what begins so.
_MAYBE_TYPED = re.compile(r"[-+.~<=!&*\d]|[yYnNtTfFoO]\w{0,4}\Z")


def yaml_value(value: object) -> str:
    """One frontmatter value as memctl writes it: a scalar, or a flow list `[a, b]`."""
    if isinstance(value, list | tuple):
        return "[" + ", ".join(scalar(v, flow=True) for v in value) + "]"
    return scalar(value)


def scalar(value: object, *, flow: bool = False) -> str:
    """A value as a YAML scalar every reader reads back as it is (`flow`: in a flow list)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dt.date | int | float):
        return str(value)
    text = str(value)
    if _PLAIN.fullmatch(text) and not (flow and "," in text) and not retyped(text):
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def quoted_where_retyped(value: object) -> object:
    """A value for ruamel.yaml's dumper, each string in it that a reader would retype marked
    to be written in quotes: the dumper quotes what YAML 1.2 types, not `yes` or `1:30`,
    which PyYAML reads as true and 90."""
    from ruamel.yaml.scalarstring import DoubleQuotedScalarString, ScalarString

    if isinstance(value, str) and not isinstance(value, ScalarString) and retyped(value):
        return DoubleQuotedScalarString(value)
    if isinstance(value, list):
        return [quoted_where_retyped(item) for item in value]
    if isinstance(value, dict):
        return {key: quoted_where_retyped(item) for key, item in value.items()}
    return value


def retyped(text: str) -> bool:
    """Would a YAML reader read `text`, written plain, as anything but this string: a number,
    a boolean, null, a date or a timestamp to PyYAML, or to ruamel.yaml under YAML 1.1 or 1.2?
    (Leading or trailing white space is lost as well.)"""
    if text != text.strip() or text == "":
        return True
    if any(rule.match(text) for rule in _pyyaml_rules().get(text[0], ())):
        return True
    return _MAYBE_TYPED.match(text) is not None and any(r.match(text) for r in _ruamel_rules())


@functools.cache
def _pyyaml_rules() -> dict[str, tuple[re.Pattern[str], ...]]:
    """PyYAML's implicit resolvers (the ones its loaders use), by the first character."""
    from yaml.resolver import Resolver

    table = Resolver.yaml_implicit_resolvers
    wild = [rule for _tag, rule in table.get(None, [])]
    return {
        first: tuple(rule for _tag, rule in rules) + tuple(wild)
        for first, rules in table.items()
        if first is not None
    }


@functools.cache
def _ruamel_rules() -> tuple[Any, ...]:
    """ruamel.yaml's implicit resolvers for YAML 1.1 and 1.2, every one (each a pattern
    ruamel.yaml compiles on first use)."""
    from ruamel.yaml.resolver import implicit_resolvers

    return tuple(dict.fromkeys(rule for _versions, _tag, rule, _first in implicit_resolvers))


class RoundTrip:
    """Loads frontmatter as ruamel.yaml's commented mapping and exports it back as written."""

    def __init__(self, like: str = "") -> None:
        from ruamel.yaml import YAML

        self.yaml = YAML()
        self.yaml.preserve_quotes = True
        self.yaml.width = 4096
        if re.search(r"^[ \t]+- ", like, re.MULTILINE):  # keep the person's "  - item" style
            self.yaml.indent(mapping=2, sequence=4, offset=2)

    def load(self, fm: str, **kwargs: object) -> Any:
        return self.yaml.load(fm)

    def export(self, metadata: dict[str, object], **kwargs: object) -> str:
        out = io.StringIO()
        self.yaml.dump(metadata, out)
        return out.getvalue()
