"""The knowledge graph: relations between entities kept in graph/relations.md, mirrored in
SQLite for multi-hop questions, with export and import.

Empty of imports on purpose: importing one module here loads only that module."""
