"""A text as the purge registry reads it (memctl.purged): as a person reads it, its encodings
read, casefolded, and the span in the text given of a span of each reading. (A text's numbers,
read by their digits in any grouping, are numbers.py's.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from . import encoded, hidden, letters, turned

if TYPE_CHECKING:
    from collections.abc import Callable


class Searched(NamedTuple):
    """A text as the registry reads it (`folded`), and the span in the text given of a span of
    that. `others` are further readings, each with its own spans: without look-alike letters
    read as Latin, when that differs (a record made before they were, of a text in Cyrillic,
    is found in it), and the reading of memctl before it read encodings, digits of other
    scripts and runs of whitespace (see `_earlier`), when that differs."""

    folded: str
    span: Callable[[int, int], tuple[int, int]]
    others: list[tuple[str, Callable[[int, int], tuple[int, int]]]]

    def all(self) -> list[tuple[str, Callable[[int, int], tuple[int, int]]]]:
        return [(self.folded, self.span), *self.others]

    def words(self) -> list[tuple[str, Callable[[int, int], tuple[int, int]]]]:
        """`folded` with its words read whatever joins them (encoded.words: `jim-hardie` and
        `<b>Jim</b> Hardie` are "jim hardie"), and with letters written apart and words a
        hyphen splits run together (encoded.run_together: `j i m` and `j.i.m` are "jim",
        `har-die` is "hardie"), and with its leetspeak read as letters and then its words
        whatever joins them (turned.leet_readings: `j1m-h4rd1e` is "jim hardie"), when that
        differs: not a
        reading of the text itself, so not one `Registry.find` reads a purged text by."""
        read = [encoded.words(self.folded), encoded.run_together(self.folded)]
        found = [(r.text, _through(r, self.span)) for r in read if r is not None]
        # leetspeak read as letters (turned.leet_readings: `j1m h4rd1e`, `l@ne`), and then its
        # words whatever joins them (`j1m-h4rd1e`; in a text of up to 64K characters: a long
        # one, a blob's, is read once less)
        leet = []
        for r in turned.leet_readings(self.folded):
            w = encoded.words(r.text) if len(r.text) <= turned.LONG else None
            span = _through(r, self.span)
            leet.append((r.text, span) if w is None else (w.text, _through(w, span)))
        return found + leet

    def every(self) -> list[tuple[str, Callable[[int, int], tuple[int, int]]]]:
        """`all` and `words`, and each of them as someone typing ASCII writes it
        (letters.readings: "José Núñez" as "jose nunez", "Jörg" as "jorg" and "joerg"), where
        that differs: the readings a purged text is looked for in."""
        found = self.all() + self.words()
        more = [(r.text, _through(r, span)) for text, span in found for r in letters.readings(text)]
        return found + [m for m in more if all(m[0] != f for f, _ in found)]


def searched(text: str) -> Searched:
    """The text as the registry reads it: as a person reads it (memctl.secrets.hidden: no
    character nobody sees, fullwidth letters as ASCII, so "Zanzi\u00adbar" is "Zanzibar";
    look-alike letters of other scripts as the Latin ones, so "Zаnzibar" with a Cyrillic "а"
    is too), with its encodings read (memctl.secrets.encoded: a Markdown link as its text,
    `Jim=20Hardie` and `Jim\\u0020Hardie`, `Jim%20Hardie`, digits of other scripts, a line
    break, a run of spaces or a URL's "+" as one space), casefolded."""
    layers: list[hidden.Seen] = []
    escaped = encoded.escapes(text)
    shown = text if escaped is None else escaped.text
    pct = encoded.percent(shown)
    shown = shown if pct is None else pct.text
    read = hidden.seen(shown)
    seen = shown if read is None else read.text
    shown = encoded.pluses(encoded.digits(seen))
    spaced = encoded.spaces(shown)
    layers = [r for r in (spaced, read, pct, escaped) if r is not None]
    folded, span, plain = _folded(shown if spaced is None else spaced.text, layers)
    others = [] if plain is None else [(plain, span)]
    # a record made before could hold what is read differently now: "%20", "=20", a link, a
    # digit of another script, two spaces, a tab or a "+" (never a line break: a purged text
    # is one line)
    if escaped or pct is not None or shown is not seen or "  " in seen or "\t" in seen:
        earlier = _earlier(text)
        if earlier[0] != folded:
            others.append(earlier[:2])
            if earlier[2] is not None:
                others.append((earlier[2], earlier[1]))
    return Searched(folded, span, others)


def _through(
    read: hidden.Seen, span: Callable[[int, int], tuple[int, int]]
) -> Callable[[int, int], tuple[int, int]]:
    """The span in the text given of a span of `read`, a reading of the reading `span` maps."""
    return lambda start, end: span(*read.span(start, end))


def _earlier(text: str) -> tuple[str, Callable[[int, int], tuple[int, int]], str | None]:
    """The text as the registry read it before it read encodings and runs of whitespace: a
    record of a text with `%20` or two spaces inside, made then, is found as it was."""
    read = hidden.seen(text)
    return _folded(text if read is None else read.text, [] if read is None else [read])


def _folded(
    shown: str, layers: list[hidden.Seen]
) -> tuple[str, Callable[[int, int], tuple[int, int]], str | None]:
    """`shown` casefolded, look-alikes read as Latin; the span in the text given of a span of
    that, through `layers` (the last read first); and the reading without look-alikes read as
    Latin, when it differs."""
    plain = shown.casefold()
    folded = hidden.folded_latin(shown)  # as long as `plain`, position for position
    # where in `shown` each character of `folded` comes from, when casefolding changed a length
    # ("ß" is "ss")
    at = (
        None
        if len(folded) == len(shown)
        else [i for i, c in enumerate(shown) for _ in c.casefold()]
    )

    def span(start: int, end: int) -> tuple[int, int]:
        if at is not None:
            start, end = at[start], at[end - 1] + 1
        for layer in layers:
            start, end = layer.span(start, end)
        return start, end

    return folded, span, None if folded == plain else plain
