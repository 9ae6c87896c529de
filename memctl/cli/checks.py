"""Every option of a command that writes memory is checked before the command runs.

The write layer (memctl/admission.py) checks every line a change adds, whatever the command;
checking the values here first lets the error name the option a value came from:

    memctl: error: --when: a line break is not allowed here (this value is one line of memory)

A value with a control character is a usage error (exit 2); one that holds a secret or a purged
text is refused (exit 3). Values of the few options that are text by nature (a log entry's body,
the text of a memory) may hold line breaks. Commands that only read are not checked: what they
are given is never stored (NOT_STORED).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..workspace import Workspace

# Commands that store none of their values as memory text: they only read, or their values are
# paths, ids and settings ("guard check" logs a hash of the action, never the action).
NOT_STORED = frozenset(
    """now show ls search recall closed asof expiring doctor stats index reindex
    graph_query graph_asof graph_neighbors graph_path graph_entities graph_export guard_list
    guard_check cron_print cron_install cron_uninstall hooks_install hooks_uninstall sync
    restore verify""".split()
)
# Options whose value is text by nature: line breaks are allowed (the write layer still checks).
MULTILINE = frozenset({("log", "message"), ("remember", "text"), ("add", "text"), ("slip", "note")})
# The purge names the very text it removes: that value is neither a secret nor purged to check.
UNCHECKED = frozenset({("forget", "match")})
# Commands whose library call refuses secrets and purged text itself, and records the refusal
# in the gate's audit log: only the one-line checks run here.
AUDITED = frozenset({"remember"})


def guard(command: Any, name: str) -> None:
    """Wrap a loaded command (recursively for a group) so its values are checked first: its
    numbers for every command, its text for those that store it."""
    subcommands = getattr(command, "commands", None)
    if subcommands is not None:
        for sub, child in subcommands.items():
            guard(child, f"{name}_{sub}")
        return
    if command.callback is None:
        return
    callback = command.callback
    labels = {p.name: label_of(p) for p in command.params}
    stored = name not in NOT_STORED

    @functools.wraps(callback)
    def checked(*args: Any, **params: Any) -> Any:
        check_numbers(params, labels)
        if stored:
            check_values(name, params, labels)
        return callback(*args, **params)

    command.callback = checked


def check_numbers(params: dict[str, Any], labels: dict[str, str]) -> None:
    """A whole number past MOST either way is a usage error naming its option (exit 2): for
    every option, also those no library call checks with `controls.count`."""
    from ..controls import MOST, FieldRefused

    for key, value in params.items():
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MOST:
            what = labels.get(key, key)
            raise FieldRefused(f"{what}: {MOST:,} at most", field=what)


def check_call(name: str, values: dict[str, Any], labels: dict[str, str], ws: Workspace) -> None:
    """Check the values of a call the CLI's command `name` ("log", "graph_path") also makes,
    as the command checks its own, by its parameters' names (`labels`: each one's label, as
    the command shows it): the MCP tools are doors too."""
    from ..controls import FieldRefused

    unknown = set(values) - set(labels)
    if unknown:
        raise TypeError(f"{name} has no parameter {', '.join(sorted(unknown))}")
    check_numbers(values, labels)
    for key, value in values.items():
        if isinstance(value, str) and "\x00" in value:  # argv cannot hold one; JSON can
            what = labels[key]
            raise FieldRefused(f"{what}: a NUL character is not allowed here", field=what)
    if name not in NOT_STORED:
        check_values(name, values, labels, ws)


def check_values(
    name: str, params: dict[str, Any], labels: dict[str, str], ws: Workspace | None = None
) -> None:
    from ..controls import one_line, refuse_text

    ws = _workspace() if ws is None else ws
    for key, value in params.items():
        values = value if isinstance(value, list | tuple) else [value]
        for one in values:
            if not isinstance(one, str) or (name, key) in UNCHECKED:
                continue
            what = labels.get(key, key)
            if (name, key) not in MULTILINE:
                one_line(one, what)
            refuse_text(one, what, None if name in AUDITED else ws, secrets=name not in AUDITED)


def _workspace() -> Workspace | None:
    """The workspace whose purged texts a value must not hold (None outside any)."""
    from ..errors import MemctlError
    from . import context

    try:
        return context.workspace()
    except MemctlError:
        return None


def label_of(param: Any) -> str:
    if getattr(param, "param_type_name", "") == "argument":
        return str(param.human_readable_name).upper()
    options = [o for o in param.opts if o.startswith("--")] or list(param.opts)
    return options[0] if options else param.name


def asked_by(what: str) -> Any:  # a typer.Option default, as typer types it
    """The --source option of the commands that retire or loosen what the user set (forget,
    close, guard watch): who asked. The core checks that a rule changes only on the user's word
    (memctl.forgetting.closing.refuse_retiring_rule); `what` names what needs it."""
    import typer

    from . import flags

    return typer.Option(
        "agent",
        "--source",
        "-s",
        help=f"Who asked: user | agent. {what} only when the user asked.",
        callback=flags.source_word,
    )
