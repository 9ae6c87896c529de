"""The typed values the write gate reads in a text: links and email addresses, dates, times,
days of the month, numbers, weekdays and months (memctl.gate.reading reads the rest)."""

from __future__ import annotations

import functools
import re

from .. import lexicon
from ..language import cues
from ..words import tokens

# An address bounded as one is (64 before the @): a long run of word characters is read once
# A link, an address, or a host named bare ("staging.pennant.dev"): one value, a host's words
# no words of the text (of top-level names that are no everyday word: "home.it was late")
_URL = re.compile(
    r"https?://\S+|www\.\S+|\b[\w.+-]{1,64}@[\w-]{1,63}\.[\w.-]+\b"
    r"|(?<![\w.@/-])(?:[a-z0-9][a-z0-9-]{0,62}\.){1,4}"
    r"(?:com|org|net|io|dev|app|uk|de|fr|nl|eu|ai|info|biz|ca|au|gov|edu|cloud|tech|xyz|ie|ch)"
    r"(?![\w-]|\.[a-z0-9])"
)
_ISO = re.compile(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b")
# A date written with slashes after a word that leads one ("due 14/08", "by 3/12/2026"): day
# and month, the way round that its numbers allow ("14/08" only the 14th of August, "8/14"
# only August 14th, "3/3" either way); both 12 or under and unlike, either may be the day, and
# it stays two numbers
_SLASHED = re.compile(
    r"\b(on|by|due|until|till|from|before|after|since|for|is|was)\s+"
    r"(\d{1,2})/(\d{1,2})(?:/(\d{4}|\d{2}))?(?![\w/])"
)
# A phone number: 7 digits or more in groups, opening with +, 0 or "(", or in three groups or
# more ("415-555-0134"): one value, so another number is another value of its kind (its groups
# read as numbers, "0161 555 0129" and "0161 555 0192" shared two of three)
_PHONE = re.compile(
    r"(?<![\w.,:/+-])(?:\+\s?\(?\d|\(\d|0\d)[\d().\- ]{4,}\d(?![\w.,:/-]*\d)"
    r"|(?<![\w.,:/+-])\d{2,4}(?:[ .-]\d{2,4}){2,}(?![\w.,:/-]*\d)"
)
# "7:30", "7h30", "7pm", and "7.30pm" (a dot before the minutes with the half of the day said;
# "7.30" alone may be an amount: compare._dotted reads it beside a time the other text says)
_TIME = re.compile(
    r"\b(\d{1,2})(?:(?::|\.(?=\d\d\s*[ap]\.?m\.?(?!\w)))(\d{2})|h(\d{2})?\b"
    r"|\s*(a\.?m\.?|p\.?m\.?)(?!\w))\s*"
    r"(a\.?m\.?|p\.?m\.?)?|(\d{1,2})時(?:(\d{1,2})分|半)?"
)
# A span of times with one half of the day said at its end ("6-7:30pm", "9 to 11am"): both ends
_HALF_SPAN = re.compile(
    r"\b(\d{1,2})(?:[:.](\d{2}))?\s*(?:-|–|to|till?|until)\s*(\d{1,2})(?:[:.](\d{2}))?\s*"
    r"([ap])\.?m\.?(?!\w)"
)
_NUMBER = re.compile(r"\b[vV]?(\d+(?:[.,]\d+)*)(st|nd|rd|th|er|e|º|ª)?\b|(\d{1,2})日")
# A bare number said as the hour something happens at: "at 9", "until 6 tonight".
_AT_HOUR = re.compile(r"(?<!\w)(?:at|around|until|till|before|after|from)\s+$")
_HOUR_ENDS = re.compile(
    r"\s*(?:$|[.,;:!?)]|(?:from|on|tomorrow|today|tonight|every|each|instead|now|then|and|or|"
    r"but|so|"
    # a clause of its own after it: "at 7 it's choir", "at 6 we eat", "at 9 for the kids"
    r"it'?s|it|we|i|you|he|she|they|there|for|"
    r"with|sharp|o'?clock|this|next|latest|at\s+the\s+latest|(?:are|is)\s+(?:fine|ok|okay|good)"
    r"|(?:work|works|suit|suits)(?!\w)|onwards?)(?!\w))"
)
_OF_A_MONTH = re.compile(r"\s+of\s+(?:each|every|the|this|next|a)\s+month\b")
_COUNTED = re.compile(  # what follows "the 5th" when it counts something ("floor", "time")
    r"\s+(?!(?:of|at|in|on|and|or|to|for|by|from|until|so|but|then|instead|is|was|will|would|"
    r"works|suits|could|should|can|might|may|after|before|as|if|when|since|because|not|now|"
    r"too|either|again|this|that|it|we|i|you|he|she|they|with|unless|though|rather|cos|coz|cuz|"
    r"instead|now|then|due|via|thru|through|per|every|each|without)\b)[a-z]"
)
_CJK_MONTH = re.compile(r"(\d{1,2})月")
# A letter that is a value, named by what it grades or sorts ("blood type O", "grade B", "plan
# B", "gate C", "vitamin D", "size M"): one letter is no word, and would be read as none.
_LETTER = re.compile(
    r"\b(type|grade|group|size|gate|plan|level|block|row|zone|platform|wing|ward|class"
    r"|category|vitamin|terminal|pier|hall|section|tier|band)\s+(ab|[a-z])(?![\w'])"
)
# An hour said in words: "quarter past nine", "half past 7", "quarter to ten", "half seven"
_HOURS = cues.ONES
_CLOCK = re.compile(
    r"(?<!\w)(?:(?P<q>(?:a\s+)?quarter|half|\d{1,2}\s+minutes)\s+(?P<way>past|to|after|til)\s+"
    r"|(?P<m>\d{1,2})\s+(?:past|after)\s+|half\s+(?=\w+\b(?!\s+(?:an?|the|of|past|to)\b)))"
    rf"(?P<h>\d{{1,2}}|{'|'.join(_HOURS)})(?!\w|:\d)"
    r"(?:\s+(?:in\s+the\s+(?P<part>morning|afternoon|evening|night)|at\s+(?P<night>night)))?"
)
# An hour said with its part of the day: "nine at night", "7 in the morning", "ten o'clock in
# the evening"; noon and midnight
_DAYPART = re.compile(
    rf"(?<![\w:.])(?P<h>\d{{1,2}}|{'|'.join(_HOURS)})(?:\s+o'?clock)?\s+(?:at\s+night|in\s+the\s+"
    r"(?P<part>morning|afternoon|evening|night))(?!\w)|(?<!\w)(?P<noon>noon|midday|midnight)(?!\w)"
)
# Hours said as a span of bare numbers: "open 8 to 8" (08:00-20:00), "from 9 till 5", "between 8
# and 12"; a later number smaller than the first is in the afternoon
_HOUR_SPAN = re.compile(
    r"(?<!\w)(?:open|opens|from|between|hours?|is|are)\s+(?P<a>\d{1,2})\s*"
    r"(?:to|till?|until|-|–|and)\s*"
    r"(?P<b>\d{1,2})(?![\w:.])(?=\s*(?:$|[.,;:!?)]|(?:and|on|every|each|daily|weekdays?|"
    r"mon|tue|wed|thu|fri|sat|sun|[a-z]+days?|o'?clock)\b))"
)
# An hour said in words after a word of when, with its minutes or its half of the day or not:
# "at nine", "around ten thirty", "until seven pm"
_AT_WORDED = re.compile(
    rf"(?<!\w)(?:at|around|until|till|by)\s+(?P<h>{'|'.join(_HOURS)})"
    r"(?:[\s-]+(?P<min>fifteen|thirty|forty[\s-]five|o'?clock))?"
    r"(?:\s*(?P<ap>[ap])\.?m\.?(?!\w))?(?=" + _HOUR_ENDS.pattern + ")"
)
# A part of the day and the hour in it: "sun mornings at nine", "thurs evenings at 7" (19:00);
# one value, the hour's
_PART_AT = re.compile(
    r"(?<!\w)(?P<part>morning|afternoon|evening|night)s?\s+(?:at|around|from)\s+"
    rf"(?P<h>\d{{1,2}}|{'|'.join(_HOURS)})(?::(?P<m>\d\d))?(?:\s*(?P<ap>[ap])\.?m\.?)?(?![\w:])"
)
# A number of two words or one said in words past twelve: "twenty five bucks", "forty-two",
# "nineteen" (the numbers up to twelve are cues.NUMBER_WORDS, read word by word)
_TENS, _TEENS = cues.TENS, cues.TEENS
_WORDED_NUMBER = re.compile(
    rf"(?<![\w-])(?:(?P<tens>{'|'.join(_TENS)})(?:[\s-]+(?P<unit>{'|'.join(_HOURS[:9])}))?"
    rf"|(?P<teen>{'|'.join(_TEENS)}))(?![\w-])"
)
# A price said as people say it, pounds then pence ("nineteen ninety-nine quid", "twelve fifty
# a month"): one amount, 19.99 and 12.5, where its currency or what it is paid for follows
_GROUP = rf"(?:(?:{'|'.join(_TENS)})(?:[\s-]+(?:{'|'.join(_HOURS[:9])}))?|{'|'.join(_TEENS)})"
_SPOKEN_PRICE = re.compile(
    rf"(?<![\w-])(?P<a>{_GROUP}|{'|'.join(_HOURS)})[\s-]+(?P<b>{_GROUP}|ten|eleven|twelve)\s+"
    r"(?=(?:quid|pounds?|bucks|dollars?|euros?|a\s+(?:month|week|year)|per\s+(?:month|week|year)"
    r"|an?\s+(?:hour|session|go|visit|lesson))(?!\w))"
)
# An hour said bare after a word of when ("comes at 6", "moved to 7"): no half of the day
_BARE_HOUR = re.compile(r"(?<!\w)(?:at|to|by|around|from|until|till)\s+\d{1,2}(?![\w:.]|\.\d)")
# A time on a twelve-hour clock with no half of the day ("still 6:15 on mondays"); "06:15" is
# on a 24-hour one
_BARE_CLOCK = re.compile(r"(?<![\w:.])(?:1[0-2]|[1-9]):[0-5]\d(?![\w:]|\s*[ap]\.?m\b)")
# A day of the month said as an ordinal word: "due on the first", "on the 3rd of each month"
_ORDINALS = (
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
    "thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth"
).split()
_ON_THE = re.compile(
    rf"(?<!\w)on\s+the\s+(?P<o>{'|'.join(_ORDINALS)})(?=\s*(?:[.,;!?)]|$|of\s+(?:the|each|every)"
    r"\s+month))"
)
# a word of how it is said after "the 21st" ("apparently", "hopefully"), not what it counts
_SAID_HOW = re.compile(
    r"\s+(?!(?:family|assembly|rally|supply|reply|ally|jelly|july|anomaly|monopoly)\b)\w+ly\b"
)
# A number and a half, in digits or words: "one and a half scoops", "2 and a half hours" (2.5)
_AND_A_HALF = re.compile(rf"(?<![\w.,])(\d+|{'|'.join(_HOURS)})\s+and\s+a\s+half(?!\w)")
_THOUSANDS = re.compile(r"\d{1,3}(?:,\d{3})+")  # "1,250": one thousand two hundred and fifty
_BLOOD = re.compile(r"(?<![\w'])(ab|a|b|o|0)\s*(positive|negative|pos|neg|\+|-)(?![\w+-])")
_DIGITS = re.compile(r"\d+(?:\.\d+)*")


def _in_words(said: str) -> int:
    """A number of one or two words up to 99 ("twelve", "ninety-nine") as an int."""
    words = said.replace("-", " ").split()
    if words[0] in _TEENS:
        return _TEENS.index(words[0]) + 13
    if words[0] in _TENS:
        unit = _HOURS.index(words[1]) + 1 if len(words) > 1 else 0
        return (_TENS.index(words[0]) + 2) * 10 + unit
    return _HOURS.index(words[0]) + 1


def _whole(digits: str) -> str:
    """A whole number as its digits, without leading zeros ("007" is "7"): int() reads one of up
    to 4,300 digits, and a pasted run may be longer."""
    return str(int(digits)) if len(digits) <= 100 else digits.lstrip("0") or "0"


def a_value(text: str) -> bool:
    """Is a word of the text one the gate reads as a value (a language, a day, a number)?"""
    return any(
        t in lexicon.LANGUAGE_WORDS
        or t in lexicon.DAY_PARTS
        or t in cues.WEEKDAY_WORDS
        or t in cues.MONTH_WORDS
        or t in cues.NUMBER_WORD_VALUES
        for t in tokens(text)
    )


def date_value(word: str) -> str:
    if word in cues.WEEKDAY_WORDS:
        return f"wd:{cues.WEEKDAY_WORDS[word]}"
    return f"mo:{cues.MONTH_WORDS[word]}"


def next_to_number(word: str, folded: str) -> bool:
    w = re.escape(word)
    return (
        re.search(rf"\d\s*(?:st|nd|rd|th|er)?\s+(?:of\s+|de\s+)?{w}\b|\b{w}\.?\s+\d", folded)
        is not None
    )


def site_names(folded: str) -> list[str]:
    """The names the sites a text links to go by (site_name), in the order it writes them."""
    return [name for m in _URL.finditer(folded) if (name := site_name(m.group()))]


def site_name(link: str) -> str:
    """The name a link's site goes by, a word of the text ("amazon" of "amazon.co.uk/dp/…",
    "booking" of "https://www.booking.com"): its host without "www" and the short labels of
    its domain's end; nothing for an e-mail address."""
    if "@" in link.split("/", 3)[-1] and "://" not in link:
        return ""
    host = re.sub(r"^[a-z]+://", "", link.lower()).split("/", 1)[0].split(":", 1)[0]
    labels = [label for label in host.split(".") if label and label != "www"]
    while len(labels) > 1 and len(labels[-1]) <= 3:
        labels.pop()
    return labels[-1] if labels else ""


def take_values(folded: str, values: set[str]) -> str:
    """Collect the typed values of a folded text; return the text with them blanked out."""

    def url(m: re.Match[str]) -> str:
        values.add("url:" + m.group().rstrip(".,;:)!?").lower())
        return " "

    def iso(m: re.Match[str]) -> str:
        values.update({f"y:{m[1]}", f"mo:{int(m[2])}", f"d:{int(m[3])}"})
        return " "

    def time(m: re.Match[str]) -> str:
        if m[6] is not None:  # 10時30分
            values.add(f"t:{int(m[6]):02d}:{int(m[7] or (30 if '半' in m.group() else 0)):02d}")
            return " "
        hour, minute = int(m[1]), int(m[2] or m[3] or 0)
        suffix = (m[4] or m[5] or "").replace(".", "")
        if suffix == "pm" and hour < 12:
            hour += 12
        if suffix == "am" and hour == 12:
            hour = 0
        if hour > 24 or minute > 59:
            return m.group()
        values.add(f"t:{hour:02d}:{minute:02d}")
        return " "

    def number(m: re.Match[str]) -> str:
        written = m[1] or m[3]
        digits = written.replace(",", "") if _THOUSANDS.fullmatch(written) else written
        digits = digits.replace(",", ".")
        if digits.isdigit() and len(digits) == 4 and 1900 <= int(digits) <= 2100:
            values.add(f"y:{digits}")
            return " "
        start = m.start()
        before, after = folded[max(0, start - 14) : start], folded[m.end() : m.end() + 14]
        near_month = any(
            w.strip(",.") in cues.MONTH_WORDS for w in before.split()[-2:] + after.split()[:2]
        )
        # "the 21st", "sat 15th": a day of the month, named as one
        last = before.split()[-1:]
        the_nth = (
            m[2] in ("st", "nd", "rd", "th")
            and (before.rstrip().endswith("the") or bool(last) and last[0] in cues.WEEKDAY_WORDS)
            and (not _COUNTED.match(after) or bool(_SAID_HOW.match(after)))  # "the 5th floor"
        )
        # "1st of each month": a day of every month
        monthly = m[2] in ("st", "nd", "rd", "th") and _OF_A_MONTH.match(after) is not None
        day = near_month or m[3] or the_nth or monthly
        small = digits.isdigit() and len(digits) <= 2  # a run of 5,000 digits is no int here
        if not day and not m[2] and small and int(digits) <= 24:
            if _AT_HOUR.search(before) and _HOUR_ENDS.match(after):  # "meetings at 9 from now on"
                values.add(f"t:{int(digits):02d}:00")
                return " "
        kind = "d" if day and small and int(digits) <= 31 else "n"
        values.add(f"{kind}:{digits.rstrip('0').rstrip('.') if '.' in digits else _whole(digits)}")
        return " "

    def month(m: re.Match[str]) -> str:
        values.add(f"mo:{int(m[1])}")
        return " "

    def digits(m: re.Match[str]) -> str:
        values.add(f"n:{m.group()}")
        return " "

    def slashed(m: re.Match[str]) -> str:
        a, b = int(m[2]), int(m[3])
        day, month = (a, b) if b <= 12 < a <= 31 or a == b <= 12 else (0, 0)
        day, month = (b, a) if a <= 12 < b <= 31 else (day, month)
        if not (day and month):
            return m.group()
        values.update({f"d:{day}", f"mo:{month}"})
        if m[4]:
            values.add(f"y:{m[4] if len(m[4]) == 4 else '20' + m[4]}")
        return f"{m[1]} "

    def phone(m: re.Match[str]) -> str:
        digits = re.sub(r"\D", "", m.group())
        if len(digits) < 7:
            return m.group()
        values.add(f"tel:{digits}")
        return " "

    def letter(m: re.Match[str]) -> str:
        values.add(f"ltr:{m[1]}:{m[2]}")
        return f"{m[1]} "

    def blood(m: re.Match[str]) -> str:
        sign = "+" if m[2] in ("positive", "pos", "+") else "-"
        values.add(f"blood:{'o' if m[1] == '0' else m[1]}{sign}")
        return " "

    def clock(m: re.Match[str]) -> str:
        h = m["h"]
        hour = int(h) if h.isdigit() else _HOURS.index(h) + 1
        said = (m["q"] or m["m"] or "half").split()  # "5 to 10" may count people: not a time
        minutes = int(said[0]) if said[0].isdigit() else 15 if said[-1] == "quarter" else 30
        if m["way"] in ("to", "til"):
            hour, minutes = (hour - 1) % 24, 60 - minutes
        night = m["part"] == "night" or m["night"] is not None
        late = m["part"] in ("afternoon", "evening") or night and hour > 4
        if late and hour < 12:
            hour += 12  # "half past seven in the evening" is 19:30
        if hour > 24 or not 0 <= minutes < 60:
            return m.group()
        values.add(f"t:{hour:02d}:{minutes:02d}")
        return " "

    def daypart(m: re.Match[str]) -> str:
        if m["noon"]:
            values.add("t:00:00" if m["noon"] == "midnight" else "t:12:00")
            return " "
        h = m["h"]
        hour = int(h) if h.isdigit() else _HOURS.index(h) + 1
        if hour > 12:
            return m.group()
        late = m["part"] in ("afternoon", "evening", "night") or m["part"] is None
        if late and hour < 12 and not (m["part"] in ("night", None) and hour <= 4):
            hour += 12  # "nine at night" is 21:00; "two at night" stays 02:00
        values.add(f"t:{hour % 24:02d}:00")
        return " "

    def span(m: re.Match[str]) -> str:
        a, b = int(m["a"]), int(m["b"])
        if not (1 <= a <= 24 and 1 <= b <= 24):
            return m.group()
        if b <= a and b < 12:
            b += 12
        values.update({f"t:{a:02d}:00", f"t:{b:02d}:00"})
        return m.group().split()[0] + " "  # "open" stays a word

    def half_span(m: re.Match[str]) -> str:
        a, b = int(m[1]), int(m[3])
        a_min, b_min = int(m[2] or 0), int(m[4] or 0)
        if not (1 <= a <= 12 and 1 <= b <= 12 and a_min < 60 and b_min < 60):
            return m.group()
        if m[5] == "p":
            b = b % 12 + 12
            a = a % 12 + 12 if a % 12 + 12 <= b else a  # "11-1pm" opens before noon
        else:
            a, b = a % 12, b % 12
        values.update({f"t:{a:02d}:{a_min:02d}", f"t:{b:02d}:{b_min:02d}"})
        return " "

    def and_a_half(m: re.Match[str]) -> str:
        whole = int(m[1]) if m[1].isdigit() else _HOURS.index(m[1]) + 1
        values.add(f"n:{whole}.5")
        return " "

    def at_worded(m: re.Match[str]) -> str:
        hour = _HOURS.index(m["h"]) + 1
        minutes = _in_words(m["min"]) if m["min"] and "clock" not in m["min"] else 0
        if m["ap"] == "p" and hour < 12:
            hour += 12
        if m["ap"] == "a" and hour == 12:
            hour = 0
        values.add(f"t:{hour:02d}:{minutes:02d}")
        return m.group().split()[0] + " "  # "at" stays a word, as "at 9" leaves it

    def part_at(m: re.Match[str]) -> str:
        hour = int(m["h"]) if m["h"].isdigit() else _HOURS.index(m["h"]) + 1
        minutes = int(m["m"] or 0)
        later = m["ap"] == "p" or m["ap"] is None and m["part"] != "morning" and hour < 12
        if hour > 12 or minutes > 59 or m["part"] == "night" and m["ap"] is None and hour <= 4:
            return m.group()
        hour = (0 if m["ap"] == "a" else 12) if hour == 12 else hour + (12 if later else 0)
        values.add(f"t:{hour:02d}:{minutes:02d}")
        return " "

    def spoken_price(m: re.Match[str]) -> str:
        pounds, pence = _in_words(m["a"]), _in_words(m["b"])
        values.add(f"n:{pounds}.{pence:02d}".rstrip("0").rstrip("."))
        return " "

    def worded_number(m: re.Match[str]) -> str:
        values.add(f"n:{_in_words(m.group())}")
        return " "

    def ordinal(m: re.Match[str]) -> str:
        values.add(f"d:{_ORDINALS.index(m['o']) + 1}")
        return " "

    text = _URL.sub(url, folded)
    text = _CLOCK.sub(clock, text)
    text = _DAYPART.sub(daypart, text)
    text = _HOUR_SPAN.sub(span, text)
    text = _PART_AT.sub(part_at, text)
    text = _AT_WORDED.sub(at_worded, text)
    text = _AND_A_HALF.sub(and_a_half, text)
    text = _SPOKEN_PRICE.sub(spoken_price, text)
    text = _WORDED_NUMBER.sub(worded_number, text)
    text = _ON_THE.sub(ordinal, text)
    if "blood" in text or "rhesus" in text:
        text = _BLOOD.sub(blood, text)
    text = _LETTER.sub(letter, text)
    text = _ISO.sub(iso, text)
    text = _SLASHED.sub(slashed, text)
    text = _PHONE.sub(phone, text)
    text = _HALF_SPAN.sub(half_span, text)
    text = _TIME.sub(time, text)
    text = _CJK_MONTH.sub(month, text)
    return _DIGITS.sub(digits, _NUMBER.sub(number, text))


@functools.lru_cache(maxsize=4096)  # compare reads both texts for every candidate
def worded_hours(folded: str) -> frozenset[str]:
    """The times a text says in words, or as a span of bare hours, with no half of the day
    ("half past seven": 07:30 or 19:30; "2 til 5"), as the "t:HH:MM" values take_values gives
    them."""
    if {"am", "pm"} & set(folded.split()):
        return frozenset()
    found: set[str] = set()
    said = [m.group() for m in _CLOCK.finditer(folded) if not (m["part"] or m["night"])]
    said += [m.group() for m in _HOUR_SPAN.finditer(folded)]  # "visiting is 2 til 5"
    said += [m.group() for m in _BARE_HOUR.finditer(folded)]  # "sunil comes at 6"
    said += [m.group() for m in _BARE_CLOCK.finditer(folded)]  # "still 6:15 on mondays"
    said += [m.group() for m in _AT_WORDED.finditer(folded) if not m["ap"]]  # "at seven"
    take_values(" , ".join(said), found)
    return frozenset(v for v in found if v.startswith("t:") and 1 <= int(v[2:4]) <= 12)


def on_the_clock_of(
    values: frozenset[str], worded: frozenset[str], other: frozenset[str]
) -> frozenset[str]:
    """`values`, each time said in words moved to the other half of the day where the other
    text has it there ("half past seven" beside "19:30" is 19:30), or an hour before 8 where
    the other says every time after noon ("at 6" beside "at 7pm" is 18:00)."""
    moved = set(values)
    hours = [int(v[2:4]) for v in other if v.startswith("t:") and v[2:4].isdigit()]
    # every time the other says is after noon: "comes at 6" is 18:00 ("moved to 9" stays 9:00)
    evening = bool(hours) and min(hours) >= 13
    for value in worded & values:
        later = f"t:{int(value[2:4]) + 12:02d}{value[4:]}"
        if (later in other or evening and int(value[2:4]) < 8) and value not in other:
            moved.discard(value)
            moved.add(later)
    return frozenset(moved)
