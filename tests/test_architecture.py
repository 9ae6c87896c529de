"""Import boundaries: the core never imports the CLI; start-up stays free of heavy imports."""

from __future__ import annotations

import ast
import subprocess
import sys

from conftest import REPO

# The core is every top-level module but __main__.py, which is `python -m memctl`: the CLI.
CORE = [p for p in (REPO / "memctl").glob("*.py") if p.name != "__main__.py"]
FORBIDDEN_IN_CORE = ("typer", "rich", "memctl.cli", "click")


def imported_names(path):
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            yield ("." * node.level) + (node.module or "")


def test_core_modules_never_import_the_cli_layer():
    for path in CORE:
        for name in imported_names(path):
            assert not name.startswith(FORBIDDEN_IN_CORE) and not name.startswith(".cli"), (
                f"{path.name} imports {name}"
            )


def test_only_gitstore_imports_git():
    for path in [*CORE, *(REPO / "memctl" / "cli").glob("*.py")]:
        if path.name == "gitstore.py":
            continue
        assert not any(n == "git" or n.startswith("git.") for n in imported_names(path)), path


def test_startup_does_not_load_heavy_modules():
    code = (
        "import sys; import memctl.cli.main; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'git', 'rich', 'rapidfuzz', 'ruamel', 'yaml', 'frontmatter', 'sqlite3', 'pydantic'}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_no_module_is_too_long():
    for path in [*CORE, *(REPO / "memctl" / "cli").glob("*.py")]:
        assert len(path.read_text().splitlines()) <= 450, f"{path.name} is asking to be split"
