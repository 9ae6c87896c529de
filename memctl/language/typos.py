"""A word of change or of correction typed one letter off ("actualy", "acutally", "insted",
"anymroe") is read as the word: a person typing fast still says the rate changed.

Only long cue words whose one-letter neighbours are no everyday words are mended ("changed" is
not: "charged" is a word of its own), and only a word of at least six letters.

Chat shorthand is read as the words it stands for: "w/" with, "r" are, "n" and, "u" you,
"cant" can't, "hes" he's, "pls" please, "tmrw" tomorrow: "bins r fortnightly" says no word
"r", and "rafi cant have penicillin, hes allergic" has the "not" it means.
"""

from __future__ import annotations

import re
from functools import cache

CUE_WORDS = (
    "actually",
    "anymore",
    "instead",
    "rescheduled",
    "postponed",
    "correction",
    "cancelled",
    "apparently",
    "nowadays",
    "misremembered",
)
_WORD = re.compile(r"[a-z]{6,}")


@cache
def _mended(word: str) -> str:
    from rapidfuzz.distance import OSA

    for cue in CUE_WORDS:
        if abs(len(cue) - len(word)) <= 1 and OSA.distance(word, cue, score_cutoff=1) <= 1:
            return cue
    return word


_SHORTHAND = {
    "w/o": "without",
    "w/": "with ",
    "b4": "before",
    "r": "are",
    "n": "and",
    "u": "you",
    "w": "with",
    "ur": "your",
    "hes": "he's",
    "shes": "she's",
    "ive": "i've",
    "cant": "can't",
    "dont": "don't",
    "doesnt": "doesn't",
    "isnt": "isn't",
    "arent": "aren't",
    "wasnt": "wasn't",
    "didnt": "didn't",
    "wont": "won't",
    "thats": "that's",
    "theres": "there's",
    "theyre": "they're",
    "youre": "you're",
    "pls": "please",
    "plz": "please",
    "thx": "thanks",
    "abt": "about",
    "tmrw": "tomorrow",
    "tmr": "tomorrow",
    "tomoz": "tomorrow",
    "appt": "appointment",
    "appts": "appointments",
    "mins": "minutes",
    "hr": "hour",
    "hrs": "hours",
    "wk": "week",
    "wks": "weeks",
    "yr": "year",
    "yrs": "years",
    "bday": "birthday",
    "msg": "message",
    "til": "until",
    "wfh": "work from home",
    "pcm": "a month",
    "yo": "years old",
    "y/o": "years old",
    "wfo": "work from the office",
    "bc": "because",
    "cuz": "because",
    "coz": "because",
}
# a letter alone ("r", "n", "u") only between two words: "plan b", "size n" stay as written
_SHORT = re.compile(
    r"(?<![\w/'-])w/(?!o(?![\w'-]))"
    r"|(?<![\w/'-])(?:w/o|b4|ur|hes|shes|ive|cant|dont|doesnt|isnt|arent|wasnt|didnt|wont|"
    r"thats|theres|theyre|youre|pls|plz|thx|abt|tmrw|tmr|tomoz|appts?|mins|hrs?|wks?|yrs?|bday|msg|"
    r"til|bc|cuz|coz|wfh|wfo|pcm)(?![\w'-])"
    # "£28/hr", "£2,000/wk": a unit after a number and a slash
    r"|(?<=[0-9]/)(?:hrs?|wks?|yrs?)(?![\w'-])"
    r"|(?<=[a-z] )[rnuw](?= [a-z])"
)

# a unit written against its number ("2hrs", "45mins", "3wks"), as the unit
_UNIT = re.compile(r"(?<=\d)(?:hrs?|mins|wks?|yrs?|yo|y/o)(?![\w'-])|(?<=\d )y/o(?![\w'-])")


def mend(folded: str) -> str:
    """The folded text with each cue word typed one letter off written as the word, and chat
    shorthand as the words it stands for."""
    folded = _UNIT.sub(lambda m: f" {_SHORTHAND[m.group()]}", folded)  # "2hrs", "5yo"
    return _SHORT.sub(
        lambda m: _SHORTHAND[m.group()], _WORD.sub(lambda m: _mended(m.group()), folded)
    )
