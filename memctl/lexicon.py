"""What the write gate knows of meaning without a model: words that say the same, words that say
the opposite, languages as values, and the small words that add nothing.

These are classes of everyday language, not phrasings of particular memories:
- SAME: words that name the same thing or act ("reply", "answer", "respond"); a text read by
  the gate carries the class's first word instead, so a repeat or a rule is recognised in other
  words. Only near-exact synonyms belong here: a class merges what the gate tells apart.
- POLES: words and phrases that put a thing on one side of an opposition: going on or ending
  ("keep", "resume" / "drop", "cancel", "quit", "on hold"), open or closed, allowed or
  forbidden, liked or disliked. Two texts about the same thing on opposite sides say opposite
  things, whatever their negations; an ending word ("we cancelled swimming") reverses a text
  that never named the opposition at all.
- LANGUAGES: a language is a value, like a weekday: "reply in English" sets another value than
  "answer in Spanish".
- LIGHT: words that add nothing to what a text says ("called", "usually", "located").
Matched on folded text (tokens.fold), so written without accents.
"""

from __future__ import annotations

import re
from functools import cache

from .words import fold, stem

_SAME = (
    "answer answers answered answering reply replies replied replying respond responds "
    "responded responding antworten antworte antwortet antwortest responde responda responder "
    "respondan repondre reponds repondez rispondi rispondere rispondete beantworte "
    "respondeme respondame contestame contestar contestes rispondimi responde-me responda-me",
    "direct directly straight",
    "email emails e-mail mail mails emailed",
    "phone telephone mobile cellphone",
    "call calls calling ring rings ringing rang",
    "buy buys bought purchase purchases purchased spend spends spending pay pays paying",
    "big large",
    "small little tiny",
    "prefer prefers preferred like likes liked",
    "kid kids child children",
    "father fathers dad dads daddy",
    "mother mothers mum mums mom moms mam mams mummy mommy",
    "grandmother grandmothers grandma grandmas gran grans granny nan nana",
    "grandfather grandfathers grandpa grandpas granddad grandad",
    "neighbour neighbours neighbor neighbors",
    "boss bosses manager managers",
    "hall hallway hallways",
    "pill pills tablet tablets",
    "flat apartment",
    "holiday holidays vacation vacations",
    "film films movie movies",
    "fly flies flying flew flown flight flights plane planes",
    "shop shops store stores",
    "fix fixes fixed repair repairs repaired",
    "close closes closed closing shut shuts",
    "open opens opened opening",
    "talk talks talked speak speaks spoke",
    "book booked booking reserve reserved schedule scheduled scheduling arrange arranged "
    "arranging organise organised organising organize organized organizing",
    # (not "standup" or "retro": a team's standup is a thing of its own, said "on Google Meet";
    # not "appointment": "meets" is read as "meeting", and a dentist's appointment is no club's)
    "meeting meetings catchup catchups workshop workshops interview interviews",
    "register registers registered registering enrol enrols enrolled enrolling enroll enrolls",
    "quick fast",
    "goal goals aim aims aiming aimed",
    "game games fixture fixtures",
    # the words chat says them in
    "football footy",
    "husband husbands hubby",
    "breakfast breakfasts brekkie brekky",
    "television televisions telly tv",
    "doctor doctors physician gp",
    "commit commits committed",
    "message messages text texts",
    "production prod",
    "deploy deploys deployed deploying deployment deployments rollout rollouts",
    "month months monthly",
    "week weeks weekly",
    "year years yearly annual annually",
)
# A negation that says a side of "taken" ("can't have"): the side, not a turn of the text.
_KEPT_AWAY = (
    r"can't\s+have|can't\s+eat|can't\s+drink|can't\s+take|cannot\s+have|cannot\s+eat"
    r"|cannot\s+drink|cannot\s+take|mustn't\s+have|mustn't\s+eat|must\s+not\s+have"
    r"|must\s+not\s+eat|shouldn't\s+have|shouldn't\s+eat|should\s+not\s+have|should\s+not\s+eat"
    r"|can't\s+be\s+(?:around|near)|cannot\s+be\s+(?:around|near)"  # "can't be around cats"
    r"|away\s+from|steer\s+clear\s+of|steers\s+clear\s+of"  # "keep peanuts away from Ethan"
).replace("|", "|")
KEPT_AWAY = re.compile(rf"(?<![\w'])(?:{_KEPT_AWAY})(?!\w)")
# A side said with a "not" in it ("can't stand" is "hate"): the side, not a turn of the text.
_DISLIKED = r"can't\s+stand|cannot\s+stand|couldn't\s+stand|can't\s+bear|cannot\s+bear"
NEGATED_SIDES = re.compile(rf"(?<![\w'])(?:{_KEPT_AWAY}|{_DISLIKED})(?!\w)")
# side +1 / -1 of an opposition; multi-word phrases are matched on the folded text.
_POLES = {
    "goes on": (
        "keep keeps kept keeping continue continues continued continuing resume resumes resumed "
        "restart restarted start starts started starting begin begins began stay stays stayed "
        "|stick with|sticking with|stuck with|back on|still on|go ahead|going ahead|proceed",
        "drop drops dropped dropping stop stops stopped stopping quit quits quitting end ends "
        "ended ending cancel cancels cancelled canceled cancelling canceling scrap scrapped "
        "scratched nix nixed outgrew outgrown outgrow "
        "abandon abandoned ditch ditched retire retires retired retiring discontinue "
        "discontinued pause paused shelve shelved axed delete deletes deleted deleting "
        "uninstall uninstalls uninstalled unsubscribe unsubscribes unsubscribed "
        "|got rid of|get rid of|getting rid of|fell through"
        "|falls through|fallen through|pulled the plug|pull the plug|pulling the plug"
        "|give up|gave up|given up|giving up|taken off|took me off|took him off|took her off"
        "|came off|come off|coming off|weaned off"
        "|call off|called off|calling off|shut down|shutting down|shuts down|wind down"
        "|closed down|closes down|closing down|out of business|went bust"
        "|on hold|is off|are off|'s off|no longer|packed in|packed it in|pack it in"
        "|call it a day|called it a day|call it quits|called it quits|done for good"
        "|over for good|finished for good",
    ),
    "open": ("open opens opened reopen reopened", "closed close closes shut"),
    "allowed": (
        "allow allows allowed permit permits permitted |fine to|ok to|okay to|is fine|are fine"
        "|is ok|are ok|is okay|are okay|can be|can go|may go|can now|may now",
        "forbid forbids forbidden ban bans banned prohibit prohibits prohibited",
    ),
    "enabled": ("enable enables enabled", "disable disables disabled"),
    "included": ("include includes included", "exclude excludes excluded"),
    "accepted": (
        "accept accepts accepted approve approves approved",
        "reject rejects rejected decline declines declined refuse refuses refused deny denied",
    ),
    "liked": (
        "like likes liked love loves loved enjoy enjoys enjoyed",
        "hate hates hated dislike dislikes disliked detest detests |"
        + _DISLIKED.replace(r"\s+", " "),
    ),
    "hired": (
        "hire hires hired",
        "fire fires fired |let go|let him go|let her go|let them go|laid off|lays off",
    ),
    "bought": ("buy buys bought keep keeps kept keeping", "sell sells sold selling"),
    "raised": (
        "raise raised increase increases increased bump bumps bumped upped doubled tripled "
        "|went up|goes up|gone up",
        "lower lowered decrease decreases decreased halved |went down|goes down|gone down",
    ),
    "won": ("win wins won pass passes passed", "lose loses lost fail fails failed"),
    # what a person may take in: "can't have peanuts" says what "allergic to peanuts" says
    "taken": (
        "tolerate tolerates tolerated |can have|can eat|can drink|can take"
        "|fine with|can now have|can now eat|fine for|safe for|ok for|okay for|safe to eat",
        "allergic allergy allergies intolerant intolerance |" + _KEPT_AWAY.replace(r"\s+", " "),
    ),
}
_LANGUAGES = {
    "en": "english ingles anglais englisch inglese engels 英语 英文 英語",
    "es": "spanish espanol castellano espagnol spanisch espanhol spagnolo spaans 西班牙语",
    "de": "german aleman allemand deutsch alemao tedesco duits 德语 ドイツ語",
    "fr": "french frances francais franzosisch francese frans 法语 フランス語",
    "pt": "portuguese portugues portugais portugiesisch portoghese portugees 葡萄牙语",
    "it": "italian italiano italien italienisch italiaans 意大利语",
    "nl": "dutch neerlandes neerlandais niederlandisch olandese nederlands holandes",
    "zh": "chinese mandarin chino chinois chinesisch chines cinese chinees 中文 汉语 中国語",
    "ja": "japanese japones japonais japanisch giapponese japans 日语 日本語",
    "ko": "korean coreano coreen koreanisch koreaans 韩语 韓国語",
    "ru": "russian ruso russe russisch russo russisch 俄语",
    "ar": "arabic arabe arabisch arabo",
    "pl": "polish polaco polonais polnisch polacco pools",
    "tr": "turkish turco turc turkisch turks",
    "sv": "swedish sueco suedois schwedisch svedese zweeds",
    "el": "greek griego grec griechisch grego greco grieks",
    "hi": "hindi",
    # a spelling of English: "British spelling" and "American spelling" set other values
    "en-gb": "british",
    "en-us": "american",
    "ca": "catalan catala",
}
# fmt: off
_LIGHT = frozenset(
    """called named known located situated sits based happens happen happening usually
    normally typically generally basically actually currently always every each because since
    therefore thus hence which around ing ed""".split()
)
# fmt: on
# Verbs that say little of their own: "Tom goes to Ashfield" says what "Tom's school is
# Ashfield" says, "the bins go out on Thursdays" what "the bins are collected on Thursdays" does
BARE_VERBS = frozenset(stem(w) for w in "go get have do make take use pick come keep put".split())
# Parts of the day are times: "in the morning" sets another time than "after 14:00".
DAY_PARTS = {
    w: part
    for part, words in {
        "morning": "morning mornings matin matinee mattina vormittag manha",
        "afternoon": "afternoon afternoons nachmittag pomeriggio",
        "evening": "evening evenings soir soiree abend sera noite",
        "night": "night nights nuit nacht notte noche",
        "noon": "noon midday mittag mediodia midi",
    }.items()
    for w in words.split()
}
# A rule's exception or its one-time breach, not a new rule: "push this one to main today".
ONE_OFF = re.compile(
    r"(?<!\w)(?:this\s+time|just\s+this\s+once|this\s+once|today|tonight|tomorrow|this\s+"
    r"(?:morning|afternoon|evening|week|weekend)|right\s+now|for\s+now|this\s+one|just\s+once)"
    r"(?!\w)"
)
# The word an agent's report of what it did opens with: "Done, ordered the cables", "Sorted -
# renewed the insurance"
DONE_SAID = ("done", "all done", "sorted", "ok", "okay", "right", "yep", "yes", "yeah")
# Who a text speaks of when it names nobody: "we", "I" (the user) or "he", "she" (someone named).
FIRST_PERSON = frozenset(
    "i we our my us me mine ours ich wir mein meine unser unsere mir mich moi yo nosotros "
    "nuestro nuestra mi je nous mon ma notre eu nos meu minha nosso nossa io noi mio mia nostro "
    "nostra".split()
)
ALSO_NAMES = frozenset({"mia", "ella"})  # words of person that are given names too
THIRD_PERSON = frozenset(
    "he she him her his hers they them their theirs er ihm ihn ihr ihre el ella ellos su sus "
    "il elle ils elles lui leur ele ela eles dele dela lei loro suo sua".split()
)
PERSON_WORDS = FIRST_PERSON | THIRD_PERSON


LIGHT = frozenset(stem(w) for w in _LIGHT)
# Past forms no suffix rule reaches, as their verb ("ran the migration" is "run")
_PAST = dict(
    pair.split(":")
    for pair in (
        "ran:run went:go sent:send wrote:write written:write paid:pay took:take taken:take "
        "made:make spent:spend gave:give given:give told:tell came:come got:get gotten:get "
        "sold:sell drove:drive driven:drive flew:fly flown:fly ate:eat eaten:eat began:begin "
        "begun:begin met:meet kept:keep brought:bring found:find held:hold chose:choose "
        "chosen:choose did:do done:do spoke:speak spoken:speak rang:ring rung:ring forgot:forget "
        "forgotten:forget shut:shut hid:hide hidden:hide"
    ).split()
)
PAST_FORMS = frozenset(_PAST)
IRREGULAR = _PAST | dict(
    pair.split(":")
    for pair in (
        # the noun of an act, as its verb ("the insurance renewal" says "renews")
        "renewal:renew renewals:renew arrival:arrive arrivals:arrive removal:remove "
        "approval:approve refusal:refuse proposal:propose withdrawal:withdraw rental:rent "
        "dismissal:dismiss disposal:dispose referral:refer denial:deny "
        "collection:collect collections:collect delivery:deliver deliveries:deliver "
        "payment:pay payments:pay departure:depart"
    ).split()
)
# Words of a class whose stem is another word outside it ("plane" and "plan", "contestes" and
# "contest"; tests/test_gate_said_in_passing.py finds every such word): read whole, as the
# class's first word, never by their stem ("planning" is no flight)
READ_WHOLE = frozenset({"plane", "planes", "contestes"})
IRREGULAR |= {
    fold(word): fold(line.split()[0])
    for line in _SAME
    for word in line.split()
    if fold(word) in READ_WHOLE
}


def _word_classes() -> dict[str, str]:
    out = {}
    for line in _SAME:
        words = [fold(w) for w in line.split()]
        for word in words:
            if word not in READ_WHOLE:
                out[stem(word)] = stem(words[0])
    return out


SAME = _word_classes()


@cache
def _class_words() -> dict[str, tuple[str, ...]]:
    out: dict[str, tuple[str, ...]] = {}
    for line in _SAME:
        words = tuple(dict.fromkeys(fold(w) for w in line.split()))
        for word in words:
            if word not in READ_WHOLE:
                out[stem(word)] = words
    return out


def same_as(word: str) -> tuple[str, ...]:
    """The other words of a word's class ("father": dad, daddy…), for search to find a memory
    that says "Dad" when asked of "my father"; empty for a word in no class."""
    found = _class_words().get(stem(word), ())
    return tuple(w for w in found if stem(w) != stem(word))


@cache
def _pole_patterns() -> list[tuple[str, int, re.Pattern]]:
    found = []
    for name, sides in _POLES.items():
        for sign, words in zip((1, -1), sides, strict=True):
            single, *phrases = words.split("|")
            items = [*single.split(), *(p.strip() for p in phrases if p.strip())]
            alts = "|".join(
                re.escape(fold(i)).replace(r"\ ", r"\s+")
                for i in sorted(items, key=len, reverse=True)
            )
            found.append((name, sign, re.compile(rf"(?<![\w']){'(?:' + alts + ')'}(?!\w)")))
    return found


# "the number ends in 7720", "the ref ends 6798": what it ends with, not that it ends
_ENDS_IN = re.compile(
    r"\b(?:ends?|ending|ended)\s+(?:in|with|on)\s+(?=[\d#])|\b(?:ends?|ending)\s+(?=#|\d{3,}\b)"
)
# "dropping to just fridays", "cut back to 2 days": less of it, not its end
_DOWN_TO = re.compile(
    r"\b(?:drop(?:s|ped|ping)?|cut(?:s|ting)?)\s+(?:back\s+|down\s+)?to\s+(?=(?:just|only|one|two"
    r"|three|four|half|part)\b|\d|(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b)"
)


# "No boiler service until March", "no piano till after Easter", "no training this week": the
# thing is off for a while, a pause (not a word that it never was); "no calls until 9am" bounds
# each day
_PAUSED = re.compile(
    r"(?:^|[.!?;:,]\s*)no\s+(?:[\w'-]+\s+){1,4}?(?:(?:until|till|til)\s+(?!\d{1,2}(?:[:.]\d\d)?"
    r"\s*(?:am|pm|h)?(?!\w))|(?:for\s+now|(?:this|next)\s+(?:week|month|term))(?!\w))"
)


def poles(folded: str) -> tuple[dict[str, int], list[str]]:
    """(the side each opposition a folded text names is on, the words that say so); both sides
    of one opposition in one text (rare) cancel out."""
    out: dict[str, int] = {}
    said: list[str] = []
    folded = _ENDS_IN.sub(" ", folded)  # "the number ends in 7720" ends nothing
    folded = _DOWN_TO.sub(" ", folded)
    for name, sign, pattern in _pole_patterns():
        for m in pattern.finditer(folded):
            out[name] = 0 if out.get(name, sign) != sign else sign
            said.extend(m.group().split())
    if "goes on" not in out and _PAUSED.search(folded):
        out["goes on"] = -1
    return {k: v for k, v in out.items() if v}, said


# A relative by marriage or by a step is another person than the one the word names: a
# mother-in-law is not Mum, a step-dad not Dad ("stepdad", "motherinlaw": one word each).
_KIN = "mother|father|mum|mom|dad|sister|brother|son|daughter|parent|child|kid"
_IN_LAW = re.compile(rf"\b({_KIN})s?[- ]in[- ]laws?\b")
_STEP = re.compile(rf"\b(step|god|half)[- ]({_KIN})")
# An act said in a verb and a particle, as the one word of its class: "rolling the fix out",
# "pushing the hotfix live", "shipping it to prod" are a deploy.
_ROLLED_OUT = re.compile(r"\broll(?:s|ed|ing)?\b((?:\s+[\w'-]+){0,4}?)\s+out\b")
_PUSHED_LIVE = re.compile(
    r"\b(?:push|ship)(?:es|s|ed|ped|ing|ping)?\b((?:\s+[\w'-]+){0,4}?)\s+live\b"
)
_SHIPPED_TO = re.compile(
    r"\b(?:push|ship)(?:es|s|ed|ped|ing|ping)?\b((?:\s+[\w'-]+){0,4}?\s+to\s+"
    r"(?:prod|production|live|staging|the\s+servers?)\b)"
)

# "pushing the release", "ship the new release tonight": a deploy, as "shipping it to prod" is
# ("push the release back", "… to Monday": put off)
_RELEASE_OUT = re.compile(
    r"\b(?:push|ship)(?:es|s|ed|ped|ing|ping)?(?:\s+out)?\s+(?:the\s+|a\s+|this\s+|our\s+)?"
    r"(?:[\w'-]+\s+)?release\b(?!\s+(?:back|to|till|until|into|out|off|by|past)\b)"
)
# "signed up for the half marathon", "signed Mia up": registered, of a class with "enrolled"
_SIGNED_UP = re.compile(r"\bsign(?:s|ed|ing)?\b((?:\s+[\w'-]+){0,2}?)\s+up\b")
# "land #482", "landed the hotfix PR": merged (a plane lands at Gatwick; a change lands in main)
_LANDED = re.compile(
    r"\bland(?:s|ed|ing)?(?=\s+(?:#\d|(?:the\s+|this\s+|that\s+|my\s+|our\s+|a\s+)?"
    r"(?:[\w'-]+\s+)?(?:prs?|pull\s+requests?|mrs?|merge\s+requests?|branch|patch|fix|"
    r"hotfix|diff|commits?)\b))"
)

# "let the gardener go", "we're letting our cleaner go": the end of a job, said around the one
# let go ("let the kids go to the park" lets them go somewhere: what follows "go" tells)
_LET_GO = re.compile(
    r"\blet(?:s|ting)?\b((?:\s+[\w'-]+){1,3}?)\s+go\b(?=\s*(?:$|[,.;:!?)]|(?:and|but|because|"
    r"cos|after|since|as|last|this|yesterday|today)\b))"
)


# "set up the retro for Friday", "put a meeting in for Friday", "pencilled it in": scheduling
_SET_UP = re.compile(
    r"\b(?:set(?:s|ting)?\s+up|pencil(?:s|led|ed|ling|ing)?(?=(?:\s+[\w'-]+){0,4}?\s+in\b))"
)
_PUT_IN = re.compile(r"\bput(?:s|ting)?\b((?:\s+[\w'-]+){1,5}?)\s+in(?=\s+(?:for|on|at)\b)")
# "started at Spotify", "got a new job with the council", "took a role at Monzo": works there now
# ("the meeting started at 10", "starts at noon" start at a time)
_JOB_AT = re.compile(
    r"\b(?:(?:start(?:s|ed|ing)?|began|begins)\s+(?:(?:a\s+)?(?:new\s+)?(?:job|role|position)"
    r"\s+|work(?:ing)?\s+)?at|(?:got|gets|getting|took|takes|taking|landed|lands|accepted|"
    r"accepts)\s+(?:a\s+|the\s+)?(?:new\s+)?(?:job|role|position)\s+(?:at|with))\s+"
    r"(?!\d|(?:noon|midnight|midday|dawn|dusk|half|quarter|around|about)\b)"
)


def one_word(folded: str) -> str:
    """A folded text with what it says in two words or more as one word of a class: a
    relative by marriage or a step ("motherinlaw"), an act and its particle ("rollout",
    "deploy")."""
    folded = _STEP.sub(r"\1\2", _IN_LAW.sub(r"\1inlaw", folded))
    if "out" in folded:
        folded = _ROLLED_OUT.sub(r"rollout\1", folded)
    if "live" in folded:
        folded = _PUSHED_LIVE.sub(r"deploy\1", folded)
    if "push" in folded or "ship" in folded:
        folded = _RELEASE_OUT.sub("deploy", _SHIPPED_TO.sub(r"deploy\1", folded))
    if "land" in folded:
        folded = _LANDED.sub("merge", folded)
    if "set" in folded or "pencil" in folded:
        folded = _SET_UP.sub("schedule", folded)
    if "let" in folded:
        folded = _LET_GO.sub(r"fired\1", folded)
    if "put" in folded:
        folded = _PUT_IN.sub(r"schedule\1", folded)
    if "sign" in folded:
        folded = _SIGNED_UP.sub(r"register\1", folded)
    if " at " in folded or " with " in folded:
        folded = _JOB_AT.sub("now works at ", folded)  # a change: the job is new
    return folded


def _languages() -> dict[str, str]:
    return {fold(word): code for code, words in _LANGUAGES.items() for word in words.split()}


LANGUAGE_WORDS = _languages()
