"""Forgetting, by degrees: expiry into .archive/, facts closed in time, and purge, which
rewrites git history and leaves a receipt.

Empty of imports on purpose: importing one module here loads only that module."""
