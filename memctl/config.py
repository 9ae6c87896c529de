"""`.memctl/config.yaml`: strict settings with documented defaults.

Parsed YAML is cached as JSON beside it (keyed by the file's mtime and size), so the commands an
agent runs every turn do not pay for a YAML import.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from .errors import ConfigError

DEFAULT_CATEGORIES = ("lessons", "people", "rules", "semantic", "episodic", "tools", "projects")


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
    llm_timeout_seconds: float = 20.0
    exclude: tuple[str, ...] = ()
    semantic: bool = True  # find memories by meaning when memctl[semantic] is installed
    semantic_model: str | None = None  # another model: an ONNX file or folder, or a fastembed name
    extra: dict = field(default_factory=dict, compare=False)

    def to_dict(self) -> dict:
        data = asdict(self)
        data.pop("extra")
        data["categories"] = list(self.categories)
        data["exclude"] = list(self.exclude)
        return data


_TYPES = {f.name: f.type for f in fields(Config) if f.name != "extra"}


def load_config(path: Path) -> Config:
    """The workspace config; a missing file means all defaults."""
    try:
        stat = path.stat()
    except FileNotFoundError:
        return Config()
    cache = path.parent / "cache" / "config.json"
    stamp = [stat.st_mtime_ns, stat.st_size]
    try:
        cached = json.loads(cache.read_text())
        if cached["stamp"] == stamp:
            return _build(cached["values"], path, {})
    except (OSError, ValueError, KeyError):
        pass
    values, lines = _parse(path)
    config = _build(values, path, lines)
    try:
        cache.parent.mkdir(exist_ok=True)
        tmp = cache.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps({"stamp": stamp, "values": values}, default=str))
        os.replace(tmp, cache)
    except OSError:
        pass  # a read-only workspace still works, just slower
    return config


def _parse(path: Path) -> tuple[dict, dict]:
    from ruamel.yaml import YAML
    from ruamel.yaml.error import YAMLError

    try:
        data = YAML(typ="rt").load(path.read_text(encoding="utf-8"))
    except YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise ConfigError(f"broken YAML: {getattr(exc, 'problem', exc)}", path=path,
                          line=mark.line + 1 if mark else None) from exc  # fmt: skip
    except UnicodeDecodeError as exc:
        raise ConfigError("not UTF-8 text", path=path) from exc
    if data is None:
        return {}, {}
    if not isinstance(data, dict):
        raise ConfigError("must be a mapping of setting: value", path=path, line=1)
    lines = {key: data.lc.key(key)[0] + 1 for key in data}
    return _plain(data), lines


def _plain(value):
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _build(values: dict, path: Path, lines: dict) -> Config:
    kwargs = {}
    for key, value in values.items():
        if key not in _TYPES:
            raise ConfigError(f"unknown setting {key!r} (known: {', '.join(_TYPES)})",
                              path=path, line=lines.get(key))  # fmt: skip
        kwargs[key] = _check(key, value, path, lines.get(key))
    return Config(**kwargs)


def _check(key: str, value, path: Path, line: int | None):
    kind = _TYPES[key]
    bad = ConfigError(f"{key}: {value!r} is not valid here (expected {kind})", path=path, line=line)
    if key == "exclude":
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            raise bad
        return tuple(value)
    if key == "daily_dir":
        if not isinstance(value, str) or not _safe_folder(value, daily=True):
            raise bad
        return value
    if key == "categories":
        if not isinstance(value, list) or not all(_safe_folder(v) for v in value):
            raise bad
        return tuple(value)
    if value is None and "None" in str(kind):
        return None
    if "bool" in str(kind):
        if not isinstance(value, bool):
            raise bad
        return value
    if "int" in str(kind):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise bad
        return value
    if "float" in str(kind):
        if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
            raise bad
        return float(value)
    if not isinstance(value, str):
        raise bad
    return value


def _safe_folder(name: object, *, daily: bool = False) -> bool:
    """A folder name at the workspace root; `daily` allows the daily-log folder's own name."""
    reserved = {"..", "."} if daily else {"daily", "..", "."}
    return (isinstance(name, str) and bool(name) and "/" not in name and "\\" not in name
            and not name.startswith(".") and name not in reserved)  # fmt: skip
