"""The shape of the package, checked over every module at every depth (docs/architecture.md):

- layers: a module imports its own package and the layers below it, never above or beside it;
- no import cycle between modules, counting the lazy imports inside functions too (not the
  type-only ones under `if TYPE_CHECKING:`, which never run);
- the core never imports the CLI or GitPython, and only gitstore spawns git;
- no module is longer than 450 lines (what start-up loads: test_startup.py).
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

from conftest import REPO

PACKAGE = REPO / "memctl"
MODULES = sorted(p for p in PACKAGE.rglob("*.py") if "templates" not in p.parts)

# Lowest first. "" is the top level: the foundation (workspace, change, gitstore, config, …) and
# the note layer (note, entry, daily, now, longterm, dashboard, …). Packages on one layer do not
# import each other.
LAYERS: list[set[str]] = [
    {"secrets"},
    {""},
    {"graph", "forgetting", "language"},
    {"search"},
    {"gate", "integrations"},
    {"nightly"},
    {"cli"},
]
LAYER = {package: n for n, packages in enumerate(LAYERS) for package in packages}
FORBIDDEN_IN_CORE = ("typer", "rich", "click")


def module_name(path: Path) -> str:
    parts = path.relative_to(REPO).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def package_of(module: str) -> str:
    """The subpackage a module of memctl lives in: "search", "cli", … or "" for the top level."""
    parts = module.split(".")
    return parts[1] if len(parts) > 2 else ""


NAMES = {module_name(p) for p in MODULES}


def imports(path: Path, *, run_time: bool = False) -> list[tuple[int, str]]:
    """(line, absolute module name) for every import in `path`, the lazy ones too; for `from x
    import y` where x.y is a module, the module. `run_time`: without the imports under `if
    TYPE_CHECKING:`, which only the type checker reads (they never run)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in walk(ast.parse(path.read_text(encoding="utf-8")), run_time=run_time):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            for alias in node.names:
                full = f"{target}.{alias.name}"
                found.append((node.lineno, full if full in NAMES else target))
        elif isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
    return found


def walk(tree: ast.AST, *, run_time: bool) -> Iterator[ast.AST]:
    """Every node of `tree` (as ast.walk), leaving out `if TYPE_CHECKING:` blocks when only
    what runs is asked for."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        if run_time and isinstance(node, ast.If) and _type_checking(node.test):
            todo += node.orelse
            continue
        todo += ast.iter_child_nodes(node)


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def graph() -> dict[str, set[str]]:
    """Who imports whom when the code runs: a type-only import is no cycle."""
    edges: dict[str, set[str]] = {}
    for path in MODULES:
        name = module_name(path)
        edges[name] = {t for _, t in imports(path, run_time=True) if t in NAMES and t != name}
    return edges


def test_every_package_has_a_layer():
    packages = {package_of(module_name(p)) for p in MODULES}
    assert packages <= set(LAYER), packages - set(LAYER)
    assert len([p for p in MODULES if p.parent == PACKAGE]) < 50, "the top level is crowded again"


def test_modules_import_down_only():
    wrong = []
    for path in MODULES:
        name = module_name(path)
        if name == "memctl.__main__":  # `python -m memctl` is the command line
            continue
        mine = package_of(name)
        for line, target in imports(path):
            if target not in NAMES or package_of(target) == mine:
                continue
            theirs = package_of(target)
            if LAYER[theirs] >= LAYER[mine]:
                wrong.append(f"{path.relative_to(REPO)}:{line}: {mine or 'top'} -> {target}")
    assert not wrong, "\n".join(wrong)


def test_no_import_cycle_even_through_lazy_imports():
    edges = graph()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(node: str) -> None:  # Tarjan's strongly connected components
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in edges[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            part = []
            while True:
                top = stack.pop()
                part.append(top)
                if top == node:
                    break
            if len(part) > 1:
                cycles.append(sorted(part))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10 * len(edges)))
    for node in edges:
        if node not in index:
            visit(node)
    assert not cycles, cycles


def test_core_modules_never_import_the_cli_layer():
    for path in MODULES:
        name = module_name(path)
        if package_of(name) == "cli" or name == "memctl.__main__":
            continue
        for line, target in imports(path):
            assert not target.startswith(("memctl.cli", *FORBIDDEN_IN_CORE)), (
                f"{path.relative_to(REPO)}:{line} imports {target}"
            )


def test_only_gitstore_spawns_git_or_imports_gitpython():
    for path in MODULES:
        if path == PACKAGE / "gitstore.py":
            continue
        for line, target in imports(path):
            assert target != "git" and not target.startswith("git."), (
                f"{path.relative_to(REPO)}:{line}"
            )
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.List | ast.Tuple) and node.elts:
                first = node.elts[0]
                assert not (isinstance(first, ast.Constant) and first.value == "git"), (
                    f"{path.relative_to(REPO)}:{node.lineno} runs git: use gitstore"
                )


def test_no_module_is_too_long():
    for path in MODULES:
        lines = len(path.read_text(encoding="utf-8").splitlines())
        assert lines <= 450, f"{path.relative_to(REPO)}: {lines} lines is asking to be split"


def test_only_the_output_module_writes_to_stderr():
    """A line on stderr may carry a name or a value a file brought (a line break forging a
    `memctl: error:` line of its own, a secret): every one goes through cli/output.py, which
    escapes and redacts it (one_line), not by a write of its own."""

    def is_stderr(node: ast.expr) -> bool:
        return (
            isinstance(node, ast.Attribute)
            and node.attr == "stderr"
            and isinstance(node.value, ast.Name)
            and node.value.id == "sys"
        )

    for path in MODULES:
        if path == PACKAGE / "cli" / "output.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            where = f"{path.relative_to(REPO)}:{getattr(node, 'lineno', 0)}"
            writes = isinstance(node, ast.Attribute) and node.attr == "write"
            assert not (writes and is_stderr(node.value)), f"{where}: use cli.output.say"
            if isinstance(node, ast.keyword):
                printed = node.arg == "file" and is_stderr(node.value)
                echoed = node.arg == "err" and isinstance(node.value, ast.Constant)
                assert not (printed or (echoed and node.value.value)), (
                    f"{where}: use cli.output.say"
                )
