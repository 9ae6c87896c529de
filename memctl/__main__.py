"""`python -m memctl`: the same as the `memctl` console script."""

from .cli.launch import run

run()
