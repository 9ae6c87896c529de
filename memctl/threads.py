"""What memctl asks of the native libraries of the semantic path, before they load, and what the
programs memctl runs inherit.

- OpenBLAS keeps its threads spinning between two products: in a warm server that CPU is taken
  from the process that asks (a guard check cost the server 48 ms of CPU per answer beside the
  vectors, 4 ms with one thread). The products of the semantic path are small: one thread.
- onnxruntime 1.29 and later, outside Windows, keep a device id and usage events (the model's
  file name and producer, the machine's processor and memory, run counts) under
  `~/.cache/Microsoft/DeveloperTools/` and send them to Microsoft when a network allows. The
  semantic path is offline: ORT_DISABLE_TELEMETRY=1, read once when onnxruntime starts, stops
  all of it (no id, no cache, no upload).

`native_settings` sets both before numpy or onnxruntime is first imported (only the semantic path
imports them); a value the user set stays. A program memctl runs (a configured model command,
which may run a local model) gets the environment as it was, without what memctl set
(`child_environment`).
"""

from __future__ import annotations

import os

SETTINGS = {"OPENBLAS_NUM_THREADS": "1", "ORT_DISABLE_TELEMETRY": "1"}
_set_here: set[str] = set()  # the settings memctl made (the user had not)


def native_settings() -> None:
    """Ask for one BLAS thread and no onnxruntime telemetry, unless the user said otherwise;
    before numpy and onnxruntime load."""
    for key, value in SETTINGS.items():
        if key not in os.environ:
            os.environ[key] = value
            _set_here.add(key)


def child_environment() -> dict[str, str] | None:
    """The environment for a program memctl runs: None (this process's own) unless memctl set
    something, else a copy without what it set."""
    if not _set_here:
        return None
    return {k: v for k, v in os.environ.items() if k not in _set_here}
