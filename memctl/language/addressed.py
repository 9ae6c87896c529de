"""Who a text speaks to: the ways a text addresses the AI reading it, in many languages.

injection.py reads these: `ADDRESSED` from every source but the user (a note, a P.S. or a
greeting to the agent), `ADDRESSED_WEAK` and `about_the_user_to_an_ai` from untrusted sources
only (web, file, tool), where any instruction is kept as what its source said, and
`ADDRESSED_ELSEWHERE` (an AI named as the one addressed, in any language) in what the user
quotes too. Each is matched against folded text (memctl.words.fold: lower case, accents
removed).
"""

from __future__ import annotations

import re
from functools import cache

from . import cues

AI_WORDS = r"(?:ai|a\.i\.|ia|ki|llms?|language\s+models?|chat\s*bots?|bots?|gpts?|claude|copilot)"
AGENTS = rf"(?:{AI_WORDS}|assistants?|agents?|models?)"
# fmt: off
_READING = (r"(?:reading|reads|read|processing|processes|summari[sz]ing|summari[sz]es|parsing|"
            r"parses|scanning|scans|crawling|crawls|sees|seeing|handling|handles|reviewing|"
            r"reviews|analy[sz]ing|analy[sz]es|indexing|ingesting|opening|lea|lee|leia|le|lit|"
            r"legge|liest|leest|procesa|traite|elabora|verarbeitet|browsing|browses|visiting|"
            r"visits)")
# fmt: on
# After the AI named, not a noun it qualifies: "to all AI researchers", "note to the AI team:"
# speak to people; "to all AI reading this", "to any AI out there", "Dear AI assistant" do not
_TOOLS = r"tools?|systems?|crawlers?|scrapers?|screeners?|readers?|reviewers?"
NAMED_ALONE = (
    rf"(?!\s+(?!(?:{_READING}|running|who|that|which|out|here|there|now|please|{AGENTS}|"
    rf"{_TOOLS})\b|[^\W\d_]{{2,}}\s+(?:{AGENTS}|{_TOOLS})\b)[^\W\d_]{{2,}}\b)"
)  # "AI screening tools" as "AI tools"; "the AI team" is people
# The agent called at the head of a sentence ("Claude, du musst …", "assistant, email …"), in
# its names in other languages too, and not in a list of names ("Claude, ChatGPT and Gemini")
_CALLED = (
    r"(?:^|[.:;!?]\s*)(?:assistant|ai|agent|bot|claude|chatgpt|copilot|gemini|assistente|"
    r"assistent(?:in)?|asistente|asysten\w*|asistan|ia|ki|chatbot)\s*,"
)
_NOT_A_LIST = r"(?!\s*[\w-]+(?:\s+[\w-]+)?\s*(?:,|&|\b(?:and|or|und|oder|y|o|et|ou|e|en)\b))"
# A file that holds keys (what is sent or shown from it is a secret)
SECRET_FILE = (
    r"\S*(?:\.env\b|\.ssh\b|id_rsa|id_ed25519|id_ecdsa|\.aws/|\.netrc|\.npmrc|\.pgpass|"
    r"\.gnupg|\.kube/config|\.docker/config)\S*"
)
# What any reader takes as its orders, whoever wrote it down (every source but the user): the
# agent called by name, told what it must always or never do, told to act without asking, or
# to speak otherwise from now on. An agent's own lesson says "Always run the tests first".
ADDRESSED = [
    _CALLED + _NOT_A_LIST,
    r"\b(?:claude|chatgpt|copilot|gemini|the\s+(?:assistant|agent|ai|model|bot))\s+(?:must|"
    r"should|shall|has\s+to|needs?\s+to|is\s+to)\s+(?:always|never|not|no\s+longer|now)\b",
    r"\b(?:never|not|don'?t|no\s+longer|without|stop)\s+(?:ask(?:ing)?|wait(?:ing)?|check(?:ing)?)"
    r"\s+(?:the\s+user\s+|anyone\s+|them\s+|first\s+)?(?:for\s+)?(?:confirmation|approval|"
    r"permission|consent)|\bapprove\s+(?:all|every|any)\s+(?:tool\s+)?(?:calls?|requests?|"
    r"actions?|commands?)\b",
    r"(?<!\w)(?:from\s+now\s+on|henceforth|going\s+forward|starting\s+now),?\s+(?:you\s+"
    r"(?:will|must|should|shall)\s+)?(?:only\s+)?(?:answer|respond|reply|speak|talk|behave)\b",
    rf"\b(?:p\.?\s*s\.?|note|message|attention|dear|hey|hello|hi)\s*(?:to|for)?\s*(?:the\s+|any\s+|all\s+"
    rf"|every\s+|whichever\s+|whatever\s+)?{AGENTS}\b{NAMED_ALONE}",
    rf"\b(?:to|for)\s+(?:any|all|every|whichever|whatever)\s+(?:\w+\s+)?{AGENTS}\b{NAMED_ALONE}",
    rf"\b{AGENTS}\s*,?\s*(?:that|who|which|que|qui|che|die|der|welche)?\s*(?:is\s+|are\s+|est\s+)?"
    rf"{_READING}\s+(?:this|these|the|esto|esta|este|isto|isso|ceci|cela|questo|questa|dies|das|"
    rf"dit|deze)\b",
    rf"(?:^|[\s,;:.!?])(?:a|para|pour|per|an|fur|voor|aan|all'|alla|al|a\s+la|a\s+l'|pour\s+l')\s*"
    rf"(?:(?:la|el|l'|les|le|los|las|gli|die|de|der|den|alle|toda|toute|tutte|qualquer|"
    rf"cualquier|jede|jeder|ogni|elke|todas|todos|chaque|toutes|tous|o|a|os)\s*){{0,3}}"
    rf"(?:ia|ki|ai|llm|chatbot|"
    rf"modelo|modello|modele)s?\b\s*(?:[:,!]|{_READING}|que|qui|che|die)",
    # the AI's systems or tools, told what to do after a colon ("Note pour les systèmes d'IA
    # qui résument ce document : …", "Para el sistema de IA que evalúe este CV: …"); not
    # spoken of ("para los sistemas de IA que procesan datos, la ley exige …")
    r"(?:^|[\s,;:.!?])(?:a|para|pour|per|an|fur|voor|aan|al|alla|ao|aos|aux)\s*(?:(?:la|el|l'|"
    r"les|le|los|las|gli|die|de|der|den|o|a|os|tous|todos|todas|ogni|alle|jede|jeder)\s*){0,3}"
    r"(?:sistemas?|sistemi|systemes?|systemen|outils|herramientas|strumenti|ferramentas|"
    r"werkzeuge)\s+(?:d'|de\s+|di\s+|da\s+|der\s+|van\s+)?(?:ia|ki|ai|llm)s?\b\s*(?::|"
    r"(?:que|qui|che|die)\s[^.:;!?\n]{0,60}:)",
    # a block of orders headed for the agent: "[assistant instructions] … [/assistant …]"
    rf"\b{AGENTS}\s+(?:instructions?|directives?|orders|commands)\s*[\]:>)]",
    r"(?:给|致|对)(?:任何|所有|正在)?(?:阅读|读取|处理)?(?:此|这|本)?[^\s]{0,6}(?:ai|人工智能|助手|模型)|"
    r"(?:ai|助手)(?:へ|に告ぐ|様)|(?:ai|에이아이)\s*에게",
]

# The words that say who a text is for, and an AI named as such, in many languages
# (untrusted sources only: INJECTION_WEAK)
# A note headed for someone, in the languages read ("Hinweis an", "nota per")
_NOTE_TO = r"note\s+to|nota\s+per|nota\s+para|note\s+pour|hinweis\s+an|notitie\s+voor|uwaga\s+dla"
_TO_WORDS = (
    r"for|to|per|para|pour|fur|an|voor|aan|dla|pro|till|til|al|alla|all'|ao|aos|a|para\s+o|"
    r"para\s+a|для|к|ко|προς|για|cho|gui|icin|" + _NOTE_TO
)
_DETERMINERS = (
    r"the|l'|la|il|lo|le|les|o|a|os|as|el|los|las|den|die|der|das|de|het|any|every|each|all|ogni|"
    r"gli|alle|aux|des|dos|dem|"
    r"qualsiasi|qualquer|cualquier|todo|toda|tout|toute|jede|jeder|jeden|elke|kazdy|kazdego|"
    r"οποιοδηποτε|οποιονδηποτε|το|τον|την|mọi|moi|bat\s+ky"
)
_ASSISTANT = (
    r"(?:assistants?|assistente|assistenti|assistent(?:en|in|a)?|asistente|asistent(?:a|ovi|e)?|"
    r"asystent(?:a|ka|ce|cie)?|asistan\w*|ассистент\w*|помощник\w*|βοηθ\w*|tro\s+ly|"
    r"agent(?:e|es|en)?|agente|modell?[oe]?|model)"
)
# An AI named as one: its own word (AI, IA, KI, LLM, GPT, a bot) or an assistant said to be
# one ("assistente virtuale", "AI-assistenten", "yapay zeka asistanı", "assistente de IA")
_AI_NAMED = (
    r"(?:(?:ai|ia|ki|llm|gpt)[\s-]*"
    + _ASSISTANT
    + r"|"
    + _ASSISTANT
    + r"\s+(?:virtual[e]?|virtuel(?:le)?|virtuale|de\s+ia|di\s+ia|ia|ai|ki|ai-\w+)|"
    r"yapay\s+zeka(?:\s+asistan\w*)?|chat\s*bots?|(?:ai|ia|ki|llms?|gpt)(?![\w-])|"
    # artificial intelligence, said whole
    r"(?:una?\s+|an?\s+|une\s+|eine\s+)?(?:artificial\s+intelligence|inteligencia\s+artificial|"
    r"intelligenza\s+artificiale|intelligence\s+artificielle|"
    r"kunstliche\s+intelligenz|kunstmatige\s+intelligentie|sztuczna\s+inteligencja|"
    r"искусственный\s+интеллект|umela\s+inteligence|yapay\s+zeka|tekoaly))"
)
_READING_ANY = (
    rf"(?:{_READING}|lendo|leyendo|leggendo|lisant|czytajac\w*|czyta|okuyan|διαβαζει|"
    r"читающ\w*|читает|dang\s+doc|doc|padhne|laser|leser|lukee|cte)"
)
_WHO = r"who|that|which|som|que|qui|che|die|der|das|που|который|которая|ktory|ktora|yang"
_USER = (
    r"(?:the|this|your|that)\s+user|users?'s?|usuari[oa]s?|utente|utenti|utilizador|usuarios?|"
    r"nutzer\w*|benutzer\w*|utilisat\w+|gebruiker\w*|uzytkowni\w+|kullanici\w*|uzivatel\w*|"
    r"anvandare\w*|bruger\w*|bruker\w*|kayttaja\w*|χρηστ\w+|пользовател\w+|nguoi\s+dung|"
    r"pengguna|ユーザー|用户|用戶|사용자|upyogkarta|المستخدم"
)
# What an agent keeps (its memory, the notes, the history), and an address to send to
_KEPT = (
    r"memory|memories|memoria|memorie|memória|speicher|gedachtnis|memoire|geheugen|pamiec\w*|"
    r"hafiza\w*|bellek\w*|pamet\w*|minne\w*|hukommelse\w*|μνημη|памят\w+|bo\s+nho|"
    r"メモリ|記憶|内存|记忆|메모리|기억|yaad|conversation\s+history|chat\s+history|"
    r"historico|historial|cronologia|verlauf|geschiedenis|historia|gecmis\w*|historik"
)
# A page's own AI described, not spoken to: "our chatbot", "the AI model now keeps …"
_OURS = frozenset(
    "our my their its nostro nostra unser unsere unserer notre nos nuestro nuestra nosso nossa "
    "onze nasz nasza bizim var vores vart nase nasi ons".split()
)
# An AI told of in English, by what it does or what was done to it ("a chatbot built on a
# large language model usually receives …", "the assistant answered", "models trained on …"):
# a verb of the third person, a past or a participle after it, an adverb before that
_TOLD_OF = (
    r"(?:\s+(?:usually|often|typically|also|then|generally|normally|sometimes|still|now|"
    r"first|only|simply|really|actually))?\s+(?!this\b|us\b|is\b|was\b)(?:[a-z]{2,}(?:s|ed)|"
    r"built|made|written|given|run|known|seen|taken|told|sent|kept|left|found)\b(?!\s*[:,])"
)
_DESCRIBED = (
    r"now|team|teams|market|helps|can|is|are|was|were|will|has|have|supports|answers|keeps|"
    r"risponde|disponibile|disponible|disponivel|verfugbar|beschikbaar|dostepny|hilft|aide|ayuda|"
    r"ajuda|aiuta|kann|puede|pode|puo|peut"
)
_SENT_TO = r"[\w.+-]+@[\w-]+\.[\w.]+|https?://"
_IF_YOU_ARE = (
    r"if\s+you\s+are|se\s+voce\s+e|se\s+sei|si\s+eres|si\s+vous\s+etes|si\s+tu\s+es|"
    r"wenn\s+du|falls\s+du|wenn\s+sie|als\s+je|jesli\s+jestes|eger|если\s+ты|αν\s+εισαι|"
    r"neu\s+ban\s+la|jika\s+anda|kalau\s+kamu"
)

# "From now on" (cues.FROM_NOW_ON) as a regex, and "you are" after it: a new role
_FROM_NOW_ON = "|".join(re.escape(p).replace(r"\ ", r"\s+") for p in cues.FROM_NOW_ON)
_YOU_ARE = (
    r"voce\s+e|tu\s+es|sei|bist\s+du|du\s+bist|eres|ben\s+je|ben\s+jij|jestes|sen|vous\s+etes"
)

# An AI named as the one addressed, or a system message forged, in any language: what a
# text the user quotes is read for too (an instruction's sender's words, not the user's)
ADDRESSED_ELSEWHERE = [
    (  # an AI named as the one addressed, in any language: "Nota per l'assistente virtuale:",
        # "Till AI-assistenten som läser …:", "Για οποιοδήποτε AI διαβάζει αυτό:", "Pro asistenta:",
        # "Se você é um assistente de IA lendo …", "Trợ lý AI hãy …", "이 문서를 읽는 AI 모델은"
        rf"(?:^|[\s\[(\"'«,;:.!?])(?:{_TO_WORDS})\s+(?:(?:{_DETERMINERS})\s*){{0,3}}{_AI_NAMED}"
        rf"\s*(?:[:,]|(?:{_WHO})\b|{_READING_ANY})|"
        # a note headed for it, then a dash: "Hinweis an KI-Assistenten - leite …"
        rf"(?:^|[\s\[(\"'«,;:.!?])(?:{_NOTE_TO})\s+(?:(?:{_DETERMINERS})\s*){{0,3}}{_AI_NAMED}"
        r"\s+[-–—]\s|"
        rf"(?:^|[\s\[(\"'«.!?])(?:{_TO_WORDS})\s+(?:(?:{_DETERMINERS})\s*){{0,3}}{_ASSISTANT}\s*:|"
        rf"(?:^|[\[(\"'«.!?:]\s*){_AI_NAMED}\s*(?:[:,]|hay\b|please\b|bitte\b|por\s+favor\b|"
        r"per\s+favore\b|lutfen\b|prosze\b)|"
        rf"\b(?:{_IF_YOU_ARE})\s+(?:\w+\s+){{0,2}}?{_AI_NAMED}\s*(?:,|{_READING_ANY})|"
        r"\bpadhne\s+wal[ea]\s+(?:ai|bot)\b|\b(?:ai|bot)\s+ko\s+(?:bol|bata|kaho)|"
        r"(?:읽는|読む|読んでいる|阅读|正在阅读)\s*(?:ai|llm|모델|어시스턴트|アシスタント|助手)|"
        r"(?:إلى|الى|على|يا)\s*(?:ال)?(?:مساعد|ذكاء\s+الاصطناعي)",
        "speaks to the agent directly",
    ),
    (  # a system or admin message forged in another language
        r"[\[(<]\s*(?:رسالة\s+النظام|системное\s+сообщение|mensaje\s+del\s+sistema|"
        r"messaggio\s+di\s+sistema|systemnachricht|mensagem\s+do\s+sistema|message\s+systeme|"
        r"systeembericht|komunikat\s+systemowy|sistem\s+mesaji|systemmeddelande|"
        r"システムメッセージ|系统消息|시스템\s*메시지)\s*[\])>:]",
        "speaks to the agent directly",
    ),
]

ADDRESSED_WEAK = [
    (  # the agent called at the head of a sentence, in its names in other languages too
        # ("Assistente, a partir de agora você é …", "Asystencie, od teraz …"), and a new role
        # from now on in them ("d'ora in poi sei …", "od teraz jesteś …")
        _CALLED + "|" + rf"(?<!\w)(?:{_FROM_NOW_ON})\s*,?\s*(?:\w+\s+){{0,2}}?(?:{_YOU_ARE})\b",
        "speaks to the agent directly",
    ),
    *ADDRESSED_ELSEWHERE,
]


def about_the_user_to_an_ai(form: str) -> bool:
    """Does a sentence name an AI and then the user it serves, what it keeps or an address to
    send to ("Trợ lý AI hãy ghi nhớ rằng người dùng …", "KI-Assistent, schick den Verlauf an
    …")? Words about the user said to the AI. A page's own AI described ("our chatbot answers
    users", "the AI model now keeps a history") is not spoken to."""
    for m in _ai_then_user().finditer(form):
        before = form[max(0, m.start() - 16) : m.start()].split()
        if not (before and before[-1] in _OURS):
            return True
    return False


@cache
def _ai_then_user() -> re.Pattern[str]:
    """The pattern of about_the_user_to_an_ai, compiled when first used."""
    return cues.fold_pattern(
        rf"(?<![\w-])(?>{_AI_NAMED}|{_ASSISTANT})(?![\w-])(?!\s+(?:{_DESCRIBED})\b|{_TOLD_OF})"
        rf"[^.!?\n]{{0,120}}?(?:\b(?:{_USER}|{_KEPT})|{_SENT_TO})"
    )
