"""The shape of "forget what you were told": a verb of dropping within a few words of what the
reader was told (instructions, rules, the prompt, "everything", "what you were told",
"previous"…), in either order, in some thirty languages: verb-final languages put the verb last
("Önceki tüm talimatları yok say"). In Chinese, Japanese, Korean and Thai, both within a short
run of characters. A form of the injection reading (memctl.language.injection)."""

from __future__ import annotations

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
    bypassing overruling"""
)
# fmt: on
_DROP_PHRASES = re.compile(
    r"\byok\s+say\w*|\bgormezden\s+gel\w*|\bbo\s+qua\b|\bne\s+tiens\s+"
    r"pas\s+compte|\bhagyd\s+figyelmen\s+kivul|\bfelejtsd\s+el"
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
    ont dit avait dit"""
)
# fmt: on
# …and what was told in languages that inflect it ("všemi předchozími pravidly", "wcześniejszych
# poleceń", "предыдущих инструкций"): the stems, matched at a word's start.
_TOLD_STEMS = tuple(
    _folded(
        """predchoz pravid pokyn instrukc polecen zasad wczesniej poprzedn instruktion предыдущ
    инструкц правил указан попередн talimat kural onceki instruks ohje aiemm utasitas korabbi
    szabaly instructiun anterior precedent vorherig bisherig інструкц вказівк دستور قبل"""
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


def drops_what_it_was_told(form: str) -> bool:
    """A verb of dropping within a few words of what was told, in either order."""
    words = [_bare(w) for w in tokens(form)]
    at = [i for i, w in enumerate(words) if w in _DROP]
    if _DROP_PHRASES.search(form):
        at += [len(tokens(form[: m.start()])) for m in _DROP_PHRASES.finditer(form)]
    for i in at:
        # what was said comes after the verb that drops it ("forget what you were told"); said
        # before it, it is a report ("Told the user to ignore the flaky test")
        before = [w for w in words[max(0, i - _WINDOW) : i] if w not in _SAID]
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


def _bare(word: str) -> str:
    """A word without the conjunction Arabic and Hebrew write onto it ("وتجاهل", "and
    ignore"), when what is left is a word of the lists."""
    if word[:1] in _CLITICS and word[1:] in _DROP | _TOLD:
        return word[1:]
    return word


_CLITICS = frozenset("وفו")
