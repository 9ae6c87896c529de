"""The nightly pass: consolidating a day's log into notes, temporal closing, lessons that
climb to rules and checks, and the guard that runs those checks.

Empty of imports on purpose: importing one module here loads only that module."""
