"""How a text speaks: the cue words the write gate reads (change, correction, negation, norms),
and whether a text gives the agent orders (an injection), wherever memctl reads one: the gate,
the nightly job, recall's pointers.

Empty of imports on purpose: importing one module here loads only that module."""
