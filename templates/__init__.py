"""The files `memctl init` and `memctl new` write (read with importlib.resources)."""
