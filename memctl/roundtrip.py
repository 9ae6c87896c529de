"""python-frontmatter's YAML handler on ruamel.yaml's round trip: for the changes to a person's
frontmatter that a one-line edit cannot make (a list, a block value). Their keys, the keys'
order, quotes and comments survive; only the changed key is written anew (note.set_meta)."""

from __future__ import annotations

import io
import re
from typing import Any

from frontmatter import YAMLHandler
from ruamel.yaml import YAML


class RoundTrip(YAMLHandler):
    """Loads frontmatter as ruamel.yaml's commented mapping and exports it back as written."""

    def __init__(self, like: str = "") -> None:
        super().__init__()
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
