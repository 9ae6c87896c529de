"""The shape of "forget what you were told": a verb of dropping within a few words of what the
reader was told (instructions, rules, the prompt, "everything", "what you were told",
"previous"…), in either order, in some forty languages: verb-final languages put the verb last
("Önceki tüm talimatları yok say"). In Chinese, Japanese, Korean and Thai, both within a short
run of characters. A form of the injection reading (memctl.language.injection).

Where the verb's form is also a report's, who did it makes it one: a person named after an
article ("Η Μαρία ξέχασε τις οδηγίες", Maria forgot the instructions; "La Marta oblida…"), or
Afrikaans's perfect ("Ek het die instruksies … vergeet"). A sentence that begins with the
verb, or names an AI before it, is still an order."""

from __future__ import annotations

import functools
import re

from ..words import fold, tokens


def _folded(words: str) -> frozenset[str]:
    """A list of words as the text is read (memctl.words.fold): "ігноруй" → "ігноруи", "οδηγιες"
    → "οδηγιεσ", Thai without its vowel marks."""
    return frozenset(fold(w) for w in words.split())


# 1. The shape of "forget what you were told": a verb of dropping, and what is dropped.
# fmt: off
_DROP = _folded(
    """ignore ignora ignoriere ignorier ignorieren ignorez ignorer ignorar ignoruj zignoruj
    ignorera ignoreer ignorer ignorirai ignoriraj ignoruj ignorujte игнорируй проигнорируй
    игнорируйте ігноруй disregard forget override bypass overrule vergiss vergesst
    vergessen missachte oublie oubliez olvida olvide olvidate olvidad omite descarta esqueca
    esquece esquecam desconsidere descarte dimentica dimenticate trascura negeer vergeet
    zapomnij glom glem unut забудь забудьте забудь abaikan lupakan lupakanlah ohita unohda
    zapomen uita prestan prestante przestan перестань перестаньте
    αγνοησε ξεχασε تجاهل انس התעלם שכח अनदेखा भूल نادیده فراموش
    ignorate ignori ignorino ignorare ignoren ignorem ignoriert ignoreren negeren olviden
    ignorati ignorați uitati uitați uita uită
    dimentichi dimenticare ignorujcie zapomnijcie ignoring disregarding forgetting overriding
    bypassing overruling
    anwybydda anwybyddwch anghofia anghofiwch diystyra diystyrwch diochuimhnich
    diochuimhnichibh oblida oblideu ignoreu esquecede ignorade hunsaðu hundsaðu gleymdu hunsið
    hundsið gleymið puuza puuzeni sahau sahauni kalimutan balewalain unutun αγνοηστε ξεχαστε"""
)
# fmt: on
_DROP_PHRASES = re.compile(
    r"\byok\s+say\w*|\bgormezden\s+gel\w*|\bbo\s+qua\b|\bne\s+tiens\s+"
    r"pas\s+compte|\bhagyd\s+figyelmen\s+kivul|\bfelejtsd\s+el|"
    # Irish, Scottish Gaelic, Catalan, Galician, Spanish, Icelandic, Tagalog, Indonesian,
    # Vietnamese, Polish, Czech: "pay no heed to", "let go past", "take no notice of"
    r"\bdean(?:aigi|aibh)?\s+(?:neamhaird|dearmad|dimeas)\b|\bna\s+tabhair(?:igi)?\s+aird\b|"
    r"\bleig(?:ibh)?\s+seachad\b|\bno\s+(?:facis|feu|hagas|hagan|haga)\s+cas|\bnon\s+"
    r"(?:fagas|fagades)\s+caso\b|\bvirtu\s+að\s+vettugi\b|\bhuwag\s+(?:mong\s+|nyong\s+)?"
    r"pansinin\b|\bipagwalang-?bahala\b|\bjangan\s+(?:hiraukan|pedulikan|gubris|indahkan)\b|"
    r"\bphot\s+lo\b|\bhay\s+quen\b|\bquen\s+(?:het|đi)\b|\bnie\s+zwracaj(?:cie)?\s+uwagi\b|"
    r"\bnevsimej(?:te)?\s+si\b|\bez\s+(?:egin|egin\s+ezazu)\s+kasurik\b"
)
# Basque's "ahaztu" (forget) and "baztertu" (set aside) are orders where they lead a sentence
# with no auxiliary after them that makes them a report ("ahaztu zitzaidan", I forgot)
_LEADING = re.compile(
    r"\b(?:ahaztu|baztertu)\b(?!\s+(?:d(?:u|it)\w*|n(?:uen|ituen|aiz)|z(?:en(?:uen|uten)?|uen|"
    r"uten|ituen|ituzten|ai\w*|itzai\w*|iren)|genuen|gara|da|dira)\b)"
)
# fmt: off
_TOLD = _folded(
    """instruction instructions prompt prompts rules guidelines guidance directions directives
    orders commands programming constraints policies previous prior above earlier
    everything told said anweisungen anweisung instruktionen regeln befehle vorgaben alles
    bisherigen bisher vorherigen obigen fruheren gesagt instructions consignes regles
    tout precedentes precedent precedemment dit instrucciones reglas ordenes todo anterior
    anteriores dicho indicaciones instrucoes regras tudo disseram dito istruzioni regole tutto
    precedenti detto indicazioni instructies regels alles eerdere voorgaande verteld gezegd
    polecenia instrukcje zasady poprzednie wczesniejsze instruktioner regler allt tidigare
    anterioare regulile
    instruksjoner talimatlari talimatlar kurallari onceki tum инструкции указания правила все
    всё предыдущие раньше говорили инструкций instruksi perintah aturan semua sebelumnya
    ohjeet kaikki aiemmat pokyny instructiunile οδηγιες التعليمات ההוראות निर्देशों huong
    lenh інструкції вказівки dijeron dijo dije dijimos dissero disse dissi falaram disseste
    ont dit avait dit
    blaenorol popeth dywedwyd roimhe duradh ordes dixeron dixeches reglur reglum reglurnar
    fyrri ollu sagt reels vorige gese vertel amri ulichoambiwa mlichoambiwa awali sinabi
    petunjuk arahan truoc ordres powiedziano wszystko wszystkim receno vsechno ειπαν"""
)
# fmt: on
# …and what was told in languages that inflect it ("všemi předchozími pravidly", "wcześniejszych
# poleceń", "предыдущих инструкций"): the stems, matched at a word's start.
_TOLD_STEMS = tuple(
    _folded(
        """predchoz pravid pokyn instrukc polecen zasad wczesniej poprzedn instruktion предыдущ
    инструкц правил указан попередн talimat kural onceki instruks ohje aiemm utasitas korabbi
    szabaly instructiun anterior precedent vorherig bisherig інструкц вказівк دستور قبل
    cyfarwydd gyfarwydd nghyfarwydd chyfarwydd rheol reol gorchym orchym gorchmyn orchmyn treoi
    treora riala orduith stiuir riaghailt ordugh orduigh jarraibide argibide arau agindu
    instrucc instrucion leiðbeining fyrirmæl instruksie opdrag maagiz agizo maelekez sheria
    tagubilin panuto utos patakaran nauna soylen οδηγι εντολ κανον προηγουμεν"""
    )
)
_WINDOW = 6  # words between the verb and what it drops
# The words of _TOLD that say something was said: they follow the verb that drops it
_SAID = _folded(
    """told said gesagt dit dicho dijeron dijo dije dijimos dissero disse dissi detto dito
    disseram falaram disseste verteld gezegd говорили"""
)
# Chinese, Japanese, Korean and Thai run their words together: both are looked for in a span.
_CJK_DROP = tuple(
    _folded(
        "忽略 无视 忘记 忘掉 忽視 無視 不要理会 别管 忘れ 무시 잊어 "
        "เพิกเฉย ไม่ต้องสนใจ ลืม ละเว้น ไม่สนใจ"
    )
)
_CJK_TOLD = tuple(
    _folded(
        "指令 指示 规则 说明 命令 提示 之前 以上 所有 一切 "
        "ルール これまで 以前 すべて 全て 지시 명령 규칙 이전 모두 คำสั่ง คำแนะนำ กฎ ก่อนหน้า"
    )
)
_CJK_SPAN = 16


def drops_what_it_was_told(form: str, named: frozenset[str] = frozenset()) -> bool:
    """A verb of dropping within a few words of what was told, in either order; not right after
    one of `named`, the people the text names as who did it (`subjects`)."""
    form = _negated().sub(" ", form)  # "don't forget to …", "n'oubliez pas de régler …"
    form = _KNOWN_ABOUT.sub(" about ", form)  # "forget all you know about sourdough": a topic
    words = [_bare(w) for w in tokens(form)]
    at = [i for i, w in enumerate(words) if w in _DROP and (i == 0 or words[i - 1] not in named)]
    if _DROP_PHRASES.search(form):
        at += [len(tokens(form[: m.end()])) - 1 for m in _DROP_PHRASES.finditer(form)]
    for m in _LEADING.finditer(form):
        if form[: m.start()].rstrip()[-1:] in ("", ".", "!", "?", ";", ":"):
            at.append(len(tokens(form[: m.end()])) - 1)
    for i in at:
        # what was said comes after the verb that drops it ("forget what you were told"); said
        # before it, it is a report ("Told the user to ignore the flaky test"), and so it is
        # after the perfect's auxiliary ("Ek het die instruksies … vergeet", I forgot them)
        before = [w for w in words[max(0, i - _WINDOW) : i] if w not in _SAID]
        if any(a in _SUBJECTS and b == "het" for a, b in zip(before, before[1:], strict=False)):
            before = []
        near = before + words[i + 1 : i + 1 + _WINDOW]
        if any(w in _TOLD or w.startswith(_TOLD_STEMS) for w in near):
            return True
    if not form.isascii():  # perhaps a language that runs its words together
        for verb in _CJK_DROP:
            for m in re.finditer(re.escape(verb), form):
                span = form[max(0, m.start() - _CJK_SPAN) : m.end() + _CJK_SPAN]
                if any(told in span for told in _CJK_TOLD):
                    return True
    return False


# A verb of dropping said not to be done ("don't forget", "no olvide", "n'oubliez pas",
# "vergiss nicht"): a reminder, not an order to drop anything. Only a negation right before
# it, with nothing between ("No, ignore all previous instructions" is still one).
_NOT_BEFORE = r"(?:do\s+not|don'?t|never|not|non|nao|nie|no|не|ні|μην|לא|ne)"


# What the reader knows of a topic, not what it was told: "forget everything you know about
# sourdough" (what follows "about" is still read: "… about your instructions")
_KNOWN_ABOUT = re.compile(
    r"(?<!\w)(?:everything|all)\s+(?:that\s+)?(?:you|u|we|i)\s+(?:know|knew|think|thought|"
    r"learned|learnt|heard)\s+about(?!\w)"
)


@functools.cache
def _negated() -> re.Pattern[str]:
    verbs = "|".join(sorted((re.escape(w) for w in _DROP), key=len, reverse=True))
    return re.compile(
        rf"(?<!\w){_NOT_BEFORE}\s+(?:{verbs})(?!\w)|(?<!\w)n['’]?\s*(?:{verbs})\s+pas(?!\w)"
        rf"|(?<!\w)(?:{verbs})\s+nicht(?!\w)"
    )


def _bare(word: str) -> str:
    """A word without the conjunction Arabic and Hebrew write onto it ("وتجاهل", "and
    ignore"), when what is left is a word of the lists."""
    if word[:1] in _CLITICS and word[1:] in _DROP | _TOLD:
        return word[1:]
    return word


_CLITICS = frozenset("وفו")

# Afrikaans's persons before "het", its perfect: what follows is what was done
_SUBJECTS = frozenset("ek jy hy sy ons julle hulle u".split())

# A person named after an article, before a verb whose form is also the imperative's: "Η Μαρία
# ξέχασε τις οδηγίες" (Maria forgot the instructions), "La Marta oblida les instruccions", "A Ana
# esquece as regras": who did it, not an order. An AI so named is still spoken to.
_ARTICLE_NAME = re.compile(
    r"(?<!\w)(?:ο|η|οι|το|τα|la|el|en|na|o|a|il|lo|der|die|das|de|het|the|y|yr|an)\s+"
    r"([^\W\d_][^\W\d_'-]+)\s+([^\W\d_]+)",
    re.IGNORECASE,
)
_AI_NAMES = frozenset("ai ia ki llm gpt chatgpt claude copilot bot assistant agent model".split())


def subjects(text: str) -> frozenset[str]:
    """The names (folded) `text` writes with a capital after an article and before a verb of
    dropping: who did it."""
    return frozenset(
        fold(m[1])
        for m in _ARTICLE_NAME.finditer(text)
        if m[1][0].isupper()
        and m[1][1:].islower()
        and fold(m[2]) in _DROP
        and fold(m[1]) not in _AI_NAMES
    )
