"""Finding memories: the search index (SQLite FTS5), ranking by words and by meaning, use-when
keys and the recall that runs before every turn.

Empty of imports on purpose: importing one module here loads only that module."""
