"""memctl's settings: strict, with documented defaults, read from up to three files.

In order, each one overriding the one before:
1. the user's own config, `~/.config/memctl/config.yaml` (`$XDG_CONFIG_HOME/memctl/…`);
2. the workspace's `.memctl/config.yaml`, committed: it travels with `memctl sync`;
3. this machine's `.memctl/local.yaml`, ignored by git: for this workspace on this machine.

A setting that names a program to run (MACHINE_ONLY: `llm_command`, `llm_program`, and
`llm_model`, which says where the memory is sent, and `semantic_model`, a model file to run or
a name to fetch from the network) is read only from the user's config and `local.yaml`, files
that neither a sync nor a checkout can change. In the committed config it is ignored, with a
warning naming the file and the line: a peer's commit must never make this machine run a
program. (That `local.yaml` is not tracked by git after all is checked before its
program runs: see model.py.)

Parsed YAML is cached as JSON beside it (keyed by the files' mtimes and sizes), so the commands
an agent runs every turn do not pay for a YAML import.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import TYPE_CHECKING, overload

from .controls import MOST
from .errors import ConfigError

if TYPE_CHECKING:
    from typing import Any

DEFAULT_CATEGORIES = ("lessons", "people", "rules", "semantic", "episodic", "tools", "projects")
LOCAL_FILE = "local.yaml"  # beside config.yaml in .memctl/, ignored by git
MACHINE_ONLY = ("llm_command", "llm_program", "llm_model", "semantic_model")
_CACHE_VERSION = 3
# The largest value of a number setting (others: controls.MOST): days reach a century at most,
# a wait an hour.
_HIGHEST: dict[str, float] = {
    "stale_days": 36_500,
    "expiring_days": 36_500,
    "superseded_archive_days": 36_500,
    "lock_timeout_seconds": 3600,
    "llm_timeout_seconds": 3600,
}


@dataclass(frozen=True)
class Config:
    stale_days: int = 30
    categories: tuple[str, ...] = DEFAULT_CATEGORIES
    daily_dir: str = "daily"
    auto_commit: bool = True
    now_budget_tokens: int = 1500
    expiring_days: int = 7
    lock_timeout_seconds: float = 10.0
    superseded_archive_days: int = 30
    llm_command: str | None = None
    llm_program: str | None = None
    llm_model: str | None = None
    llm_timeout_seconds: float = 20.0
    exclude: tuple[str, ...] = ()
    semantic: bool = True  # find memories by meaning when memctl[semantic] is installed
    semantic_model: str | None = None  # another model: an ONNX file or folder, or a fastembed name
    extra: dict = field(default_factory=dict, compare=False)
    # Where each setting that was set came from ("FILE:LINE"), and the settings ignored.
    sources: dict[str, str] = field(default_factory=dict, compare=False)
    warnings: tuple[str, ...] = field(default=(), compare=False)

    def to_dict(self) -> dict:
        data = asdict(self)
        for key in ("extra", "sources", "warnings"):
            data.pop(key)
        data["categories"] = list(self.categories)
        data["exclude"] = list(self.exclude)
        return data


_TYPES = {f.name: f.type for f in fields(Config) if f.name not in ("extra", "sources", "warnings")}


def user_config_path() -> Path:
    """The user's own config: `$XDG_CONFIG_HOME/memctl/config.yaml`, else under ~/.config."""
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / "memctl" / "config.yaml"


def _stamp(path: Path) -> list[int] | None:
    try:
        stat = path.stat()
    except OSError:
        return None
    return [stat.st_mtime_ns, stat.st_size]


def load_config(path: Path) -> Config:
    """The settings for the workspace whose config is `path`: the user's config, then `path`,
    then `local.yaml` beside it; missing files mean the defaults."""
    layers = [
        (user_config_path(), "user"),
        (path, "workspace"),
        (path.with_name(LOCAL_FILE), "local"),
    ]
    stamps = [_stamp(p) for p, _ in layers]
    if all(s is None for s in stamps):
        return Config()
    cache = path.parent / "cache" / "config.json"
    try:
        cached = json.loads(cache.read_text())
        if cached["version"] == _CACHE_VERSION and cached["stamp"] == stamps:
            return _build(cached["values"], cached["sources"], cached["warnings"])
    except (OSError, ValueError, KeyError, TypeError):
        pass
    texts = [(_read(layer, role), role, _shown(layer, role)) for layer, role in layers]
    values, sources, warnings = _layered(texts)
    config = _build(values, sources, warnings)
    try:
        cache.parent.mkdir(exist_ok=True)
        tmp = cache.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(
            json.dumps(
                {
                    "version": _CACHE_VERSION,
                    "stamp": stamps,
                    "values": values,
                    "sources": sources,
                    "warnings": warnings,
                },
                default=str,
            )
        )
        os.replace(tmp, cache)
    except OSError:
        pass  # a read-only workspace still works, just slower
    return config


def check_config(path: Path, text: str | None) -> Config:
    """The settings this machine would have were the workspace's config `path` to hold
    `text` (None: no such file), with its own user config and local.yaml as they are; the
    ConfigError loading them would raise. Nothing is cached: `memctl sync` asks it of a
    peer's config.yaml before that lands."""
    user, local = user_config_path(), path.with_name(LOCAL_FILE)
    texts = [
        (_read(user, "user"), "user", _shown(user, "user")),
        (text, "workspace", _shown(path, "workspace")),
        (_read(local, "local"), "local", _shown(local, "local")),
    ]
    return _build(*_layered(texts))


def fallback_config(path: Path) -> Config:
    """The settings without the workspace's committed config (the user's config and
    local.yaml), or the defaults when those fail too: what the guard and `memctl now` go by
    when `load_config` fails, so that a peer's broken config.yaml neither silences a check
    nor hides the rules."""
    layers = [(user_config_path(), "user"), (path.with_name(LOCAL_FILE), "local")]
    try:
        return _build(*_layered([(_read(p, role), role, _shown(p, role)) for p, role in layers]))
    except ConfigError:
        return Config()


def _read(path: Path, role: str) -> str | None:
    """A config file's text (None: there is none); one that is not UTF-8 is a ConfigError."""
    try:
        data = path.read_bytes()
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as exc:
        raise ConfigError(f"cannot be read ({exc.strerror})", path=_shown(path, role)) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise ConfigError("not UTF-8 text", path=_shown(path, role)) from None


def _layered(texts: list[tuple[str | None, str, str]]) -> tuple[dict, dict[str, str], list[str]]:
    """The values, their sources and the warnings of the layers (text, role, shown name), each
    overriding the one before; each value checked, then the values together."""
    values: dict = {}
    sources: dict[str, str] = {}
    warnings: list[str] = []
    for text, role, shown in texts:
        if text is None:
            continue
        data, lines = _parse(text, shown)
        for key, value in data.items():
            line = lines.get(key)
            if key not in _TYPES:
                raise ConfigError(
                    f"unknown setting {key!r} (known: {', '.join(_TYPES)})", path=shown, line=line
                )
            _check(key, value, shown, line)
            if key in MACHINE_ONLY and role == "workspace":
                if value is not None:
                    warnings.append(
                        f"{shown}:{line}: {key} is ignored here: a setting that "
                        "names a program or a model is read only from .memctl/local.yaml or "
                        f"{_shown(user_config_path(), 'user')}, which sync and "
                        "checkouts never change"
                    )
                continue
            values[key] = value
            sources[key] = f"{shown}:{line}" if line else shown
    _daily_apart(values, sources)
    return values, sources, warnings


# Folders whose files are memory of another kind, whatever the categories say: the rules the
# guard and the gate read (rules/ always), the relations, the nightly reports, the archive.
RESERVED = frozenset({*DEFAULT_CATEGORIES, "graph", "reports"})


def _daily_apart(values: dict, sources: dict[str, str]) -> None:
    """daily_dir names no category nor a folder RESERVED: a peer's `daily_dir: rules` made
    every rule a daily log's line, read by nothing that reads rules."""
    daily = values.get("daily_dir")
    if daily is None:
        return
    categories = values.get("categories", DEFAULT_CATEGORIES)
    if daily in categories or daily in RESERVED:
        where = sources.get("daily_dir", "")
        path, _, line = where.rpartition(":")
        if not line.isdigit():
            path, line = where, ""
        what = "a category (its notes" if daily in categories else "a folder of memory (its files"
        raise ConfigError(
            f"daily_dir: {daily!r} is {what} would be read as daily logs); give the daily "
            "logs a folder of their own",
            path=path,
            line=int(line) if line else None,
        )


def _shown(path: Path, role: str) -> str:
    """How a config file is named in messages."""
    if role == "user":
        home = os.path.expanduser("~")
        text = str(path)
        return "~" + text[len(home) :] if home != "/" and text.startswith(home + os.sep) else text
    return f".memctl/{path.name}" if path.parent.name == ".memctl" else str(path)


def _parse(text: str, shown: str) -> tuple[dict, dict]:
    """The settings of one file's text and the line of each; errors name the file as `shown`."""
    from ruamel.yaml import YAML
    from ruamel.yaml.comments import CommentedMap
    from ruamel.yaml.error import YAMLError

    try:
        data = YAML(typ="rt").load(text)
    except YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise ConfigError(
            f"broken YAML: {getattr(exc, 'problem', exc)}",
            path=shown,
            line=mark.line + 1 if mark else None,
        ) from exc
    except ValueError as exc:  # a number of 4,300 digits or more
        from .controls import long_number_line

        line = long_number_line(text)
        raise ConfigError("a number too long to read", path=shown, line=line) from exc
    if data is None:
        return {}, {}
    if not isinstance(data, CommentedMap):
        raise ConfigError("must be a mapping of setting: value", path=shown, line=1)
    lines = {key: data.lc.key(key)[0] + 1 for key in data}
    return _plain(data), lines


@overload
def _plain(value: dict) -> dict: ...
@overload
def _plain(value: object) -> object: ...
def _plain(value: object) -> object:
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _build(values: dict, sources: dict[str, str], warnings: list[str]) -> Config:
    kwargs = {
        key: _check(key, value, sources.get(key, ""), None)
        for key, value in values.items()
        if key in _TYPES
    }
    return Config(**kwargs, sources=dict(sources), warnings=tuple(warnings))


def _check(key: str, value: object, path: Path | str, line: int | None) -> Any:
    """`value`, checked and converted to the type of the Config field `key` (that type)."""
    kind = _TYPES[key]

    def bad() -> ConfigError:  # made only when raised: an error's message is read for secrets
        return ConfigError(
            f"{key}: {value!r} is not valid here (expected {kind})", path=path, line=line
        )

    if key == "exclude":
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            raise bad()
        return tuple(value)
    if key == "daily_dir":
        if not isinstance(value, str):
            raise bad()
        if not _safe_folder(value, daily=True):
            raise ConfigError(f"{key}: {value!r} {_FOLDER_RULE}", path=path, line=line)
        return value
    if key == "categories":
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ConfigError(
                f"{key}: {value!r} is not valid here (expected a list of folder names)",
                path=path,
                line=line,
            )
        for name in value:
            if not _safe_folder(name):
                rule = (
                    "is kept for the daily logs; give another name"
                    if name == "daily"
                    else _FOLDER_RULE
                )
                raise ConfigError(f"{key}: {name!r} {rule}", path=path, line=line)
        return tuple(value)
    if value is None and "None" in str(kind):
        return None
    if "bool" in str(kind):
        if not isinstance(value, bool):
            raise bad()
        return value
    if "int" in str(kind):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise bad()
        _within(key, value, path, line)
        return value
    if "float" in str(kind):
        if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
            raise bad()  # `not >` refuses NaN too
        _within(key, value, path, line)
        return float(value)
    if not isinstance(value, str):
        raise bad()
    return value


def _within(key: str, value: float, path: Path | str, line: int | None) -> None:
    """A number setting at most its bound: a peer's config.yaml (sync brings it) must not make
    a date overflow or a lock wait for ever."""
    high = _HIGHEST.get(key, MOST)
    if value > high:  # infinity is above every bound
        raise ConfigError(f"{key}: {high:,} at most", path=path, line=line)


_FOLDER_RULE = (
    "must be a folder name inside the workspace: one name at its root, without '/', '\\', "
    "'..' or a leading '.'"
)


def _safe_folder(name: object, *, daily: bool = False) -> bool:
    """A folder name at the workspace root; `daily` allows the daily-log folder's own name."""
    reserved = {"..", "."} if daily else {"daily", "..", "."}
    return (
        isinstance(name, str)
        and bool(name)
        and "/" not in name
        and "\\" not in name
        and not name.startswith(".")
        and name not in reserved
    )
