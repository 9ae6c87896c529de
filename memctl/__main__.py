"""`python -m memctl`: the same command line as the `memctl` script.

Python puts the current folder first on `sys.path` for `-m`: run inside a workspace, a program a
peer's sync brought there (`typer.py`, `yaml/__init__.py`) would be imported in place of the
library memctl needs, and run. So the current folder is taken off the path before anything else
is imported, unless memctl itself is imported from it (the root of a checkout of memctl, where
`python -m memctl` runs the code there). `memctl doctor` names such a program in a workspace,
and `memctl sync` refuses a commit that brings one (kinds.harness_file).
"""

import os
import sys


def without_current_folder(path: list[str], here: str, cwd: str | None) -> list[str]:
    """`path` without the entries that name `cwd` ('' among them), unless `here` (the folder
    memctl is imported from) is `cwd`; `cwd` None: the folder is gone, and '' names nothing."""
    if cwd is None:
        return [entry for entry in path if entry not in ("", ".")]
    real = os.path.realpath(cwd)
    if os.path.realpath(here) == real:
        return path
    return [entry for entry in path if os.path.realpath(os.path.join(cwd, entry)) != real]


if __name__ == "__main__":
    try:
        current: str | None = os.getcwd()
    except OSError:
        current = None
    home = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    sys.path[:] = without_current_folder(sys.path, home, current)

    from memctl.cli.launch import run

    run()
