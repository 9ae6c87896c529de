"""The secret scanner reads a long run of one short piece (a secret's prefix or name, repeated:
a pasted blob, a hostile page) in a time growing with the run's length, not its square: every
write, and the flush hook with its 30 s limit, pays for it. Each run is scanned at two lengths,
the second four times the first: a time growing with the length takes about four times as
long, with the square sixteen. The processor time of a scan is
taken (not the time a loaded machine gave to others), the best of three runs is kept, and the
bound (ten) leaves room for a slow machine."""

from __future__ import annotations

import time

import pytest

# pieces whose runs once took a time growing with their square: a name of a secret read with
# the rest of the run after each ("sig=", "password="), a pattern whose look-ahead or first part
# read on from each start ("xoxb-", "eyJ"), a split token's prefix ("glpat-", "ghp_")
# ("eyJ", "glpat-", "ghp_"); a word or a tool's name read with the rest of its word or line
# after each ("backup-", "curl ", "otpauth://")
PIECES = ["sig=", "password=", "xoxb-", "eyJ", "glpat-", "ghp_", "AKIA", "token:", "backup-"]
PIECES += ["2fa-", "curl ", "sudo -", "smbclient -U ", "otpauth://", "WIFI: ", "ldapadd "]
TAIL = "\nkey <<<"  # the words a pattern's triggers want besides the piece


def _took(text: str) -> float:
    from memctl.secrets.scan import scan

    best = float("inf")
    for _ in range(3):
        started = time.thread_time()
        scan(text)
        best = min(best, time.thread_time() - started)
    return best


@pytest.mark.parametrize("piece", PIECES)
def test_a_run_of_one_piece_is_scanned_in_a_time_growing_with_its_length(piece):
    short = _took(piece * 2500 + TAIL)
    long = _took(piece * 10000 + TAIL)
    assert long < 10 * max(short, 0.005), (piece, short, long)
