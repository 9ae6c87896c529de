"""The command line: thin Typer wrappers over the memctl library."""
