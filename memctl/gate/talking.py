"""The words of speaking and writing, and a text that speaks to the agent in another language
than a rule sets ("write to me in French" for "always reply to me in Italian")."""

from __future__ import annotations

from ..words import tokens
from .reading import Analysis, content_word

_TALK = frozenset(
    content_word(w)
    for w in "answer reply respond write writes wrote writing written speak speaks talk talks "
    "chat chats chatting email emails message messages text texts say communicate "
    "conversation conversations language contesta contestame habla hablame hablar escribe "
    "escribeme escribir parle parlez parler ecris ecrivez ecrire sprich sprechen schreib "
    "schreibe schreiben fala falar fale escreva escreve escrever parla parlami parlare scrivi "
    "scrivimi scrivere".split()
)
# A verb of speaking with "to me" in one word: "respóndeme", "escríbeme", "scrivimi"
_TO_ME_ENDINGS = ("eme", "ame", "imi", "ami")
_SWITCH = frozenset(content_word(w) for w in ("switch", "use"))
# A request's word, in the languages the rules are read in: "ab sofort bitte auf Deutsch
# schreiben" asks the agent as "write to me" does
_PLEASE = frozenset("please pls plz bitte porfa favor favore plait".split())


def in_another_language(new: Analysis, rule: Analysis) -> frozenset[str]:
    """The words of speaking or writing ("reply", "write", "chats") of a text that speaks to the
    agent in another language than a rule on the language to speak in sets, in any words:
    "write to me in French" for "always reply to me in Italian", "switch to English for our
    chats", the agent's "replied to the landlord in French". Said of someone else ("Anna speaks
    French"), it sets no language of the agent's: the text must speak of me or you, or open with
    the act. Empty when it does not."""
    talk = frozenset(w for w in new.words if w in _TALK)
    if not talk and new.person & {"first", "second"}:
        # "you can switch to English with me from now on": switching to a language is speaking
        talk = frozenset(w for w in new.words if w in _SWITCH)
    if not talk or not rule.words & _TALK:
        return frozenset()
    said = tokens(new.folded)
    opens = bool(said) and content_word(said[0]) in _TALK | _SWITCH
    to_me = any(w.endswith(_TO_ME_ENDINGS) and content_word(w) in _TALK for w in said)
    asked = to_me or bool(_PLEASE.intersection(said))
    return talk if new.person & {"first", "second"} or opens or asked else frozenset()
