"""The write gate: what `memctl remember` decides for a new memory (add, update, supersede,
quote, refuse), how it reads texts, labels them and routes them to a note.

Empty of imports on purpose: importing one module here loads only that module."""
