"""The door tests' leak finder (`doors.leaked`) finds what it is meant to find: a needle split
by line breaks anywhere in a long paragraph, and reads every version of a growing log once."""

from __future__ import annotations

from doors import WINDOW, _distinct_lines, leaked

NEEDLE = "the spare key to the shed is under the blue pot"


def test_a_needle_broken_over_lines_is_found_wherever_it_sits_in_a_long_paragraph():
    words = NEEDLE.split()
    span = WINDOW // 2 + 1  # the longest run of lines a window is sure to hold
    broken = [" ".join(words[:2]), *words[2:span], " ".join(words[span:])]
    assert len(broken) == span and " ".join(broken) == NEEDLE
    for at in range(3 * WINDOW):
        lines = [f"line {n} of the log" for n in range(at)] + broken + ["the end"] * 40
        assert leaked("\n".join(lines).encode(), [NEEDLE], fold=True) == [NEEDLE], at


def test_nothing_is_found_across_two_paragraphs_or_two_files():
    assert leaked(b"the spare key to the shed is\n\nunder the blue pot", [NEEDLE], fold=True) == []
    assert (
        leaked(b"the spare key to the shed is\x00\nunder the blue pot", [NEEDLE], fold=True) == []
    )


def test_every_version_of_a_growing_log_is_read_in_a_size_growing_with_the_log():
    versions = [
        "\n".join(f"2026-12-0{n % 9 + 1} refused a text {n}" for n in range(k)) for k in range(400)
    ]
    whole = "\n\n".join(versions).encode()
    # each version adds its last window, of WINDOW // 2 to WINDOW lines
    assert len(_distinct_lines(whole, b"\n\n")) < len(versions[-1]) * (WINDOW + 1) < len(whole) / 10
