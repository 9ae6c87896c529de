"""`python -m memctl`: the same command line as the `memctl` script."""

from memctl.cli.launch import run

if __name__ == "__main__":
    run()
