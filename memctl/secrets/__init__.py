"""Secrets in text: shapes of keys and tokens, secrets said in words ("my bank password is
..."), and the near words that only count where a trigger stands. The write layer
(memctl.admission) refuses or redacts what these find.

Empty of imports on purpose: importing one module here loads only that module."""
