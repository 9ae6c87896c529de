"""What a line holds that its words do not say: a link, an email address, a phone number, a
reference number.

People tell such a line by its name and its value ("Kessler Heating, 0161 496 0083", "the
form is at https://…") and ask for it by what it is ("who do I ring about the boiler?",
"what's the link we used last time?", "what's my member number?"). A line holding one of these
holds the words a person asks for it with as its own (memctl.search.kept.unit_words), and
carries them in its context, where the index finds it by them (memctl.search.units); recall
reads the same numbers as what a "who do I ring" asks for (memctl.language.questions).

The words are few and each names the thing itself: "address" is left out (a street has one
too), and so are "site" and "page" (a building site, page 3).
"""

from __future__ import annotations

import re

LINK = ("link", "url", "website")
EMAIL = ("email", "mail", "contact", "reach")
PHONE = ("phone", "number", "call", "ring", "contact", "reach")
NUMBER = ("number",)

# bounded as an address is (64 before the @): a long run of word characters is read once
EMAIL_ADDRESS = re.compile(r"[\w.+-]{1,64}@[\w-]{1,63}\.[\w.-]+")
# A run of six digits or more, with the separators phone and reference numbers are written with
_DIGITS = re.compile(r"[+(]?\d(?:[ ()./-]{0,2}\d){5,}\)?")
_YEAR = re.compile(r"(?:19|20)\d\d")
_DATE = re.compile(r"\d{1,4}[./-]\d{1,2}[./-]\d{1,4}")
_DECIMAL = re.compile(r".*\d\.\d{1,2}")
_US = re.compile(r"\(?\d{3}\)?[ .-]?\d{3}[ .-]\d{4}|\d{3}[ .-]\d{4}")
LEAST_DIGITS = 6  # a shorter run is a count, a year, an amount, a time, a postcode


def asked_by(text: str) -> tuple[str, ...]:
    """The words a line is asked for by because of what it holds (none for most lines)."""
    found: list[str] = []
    if "://" in text:
        found += LINK
    if "@" in text and EMAIL_ADDRESS.search(text):
        found += EMAIL
    for run in _DIGITS.finditer(text):
        found += _number_words(run.group().strip())
    return tuple(dict.fromkeys(found))


def without_numbers(text: str) -> tuple[str, bool]:
    """The text with its phone and reference numbers blanked, and whether it held one."""
    found = False

    def blank(run: re.Match[str]) -> str:
        nonlocal found
        if not _number_words(run.group().strip()):
            return run.group()
        found = True
        return " "

    return _DIGITS.sub(blank, text), found


def _number_words(run: str) -> tuple[str, ...]:
    digits = sum(c.isdigit() for c in run)
    if _phone(run, digits):
        return PHONE
    if digits < LEAST_DIGITS or _DATE.fullmatch(run) or _DECIMAL.fullmatch(run):
        return ()
    if all(_YEAR.fullmatch(group) for group in re.findall(r"\d+", run)):
        return ()  # 2022-2023, 2026 2027
    return NUMBER


def _phone(run: str, digits: int) -> bool:
    """A run written as a phone number: with a country code (+44 …), an area code in brackets
    or a leading 0 (0161 496 0083, 06-12345678), or in the 3-3-4 shape of North America."""
    if run.startswith("+"):
        return 8 <= digits <= 15
    if run.lstrip("(").startswith("0"):  # (0161) 496 0083
        return 9 <= digits <= 12 and _DATE.fullmatch(run) is None
    return _US.fullmatch(run) is not None
