"""A password said in prose as a plain word: "the wifi password is blueberrymuffin", "my gmail
password is Marmalade", "Das Passwort für das WLAN ist Sonnenblume", "la contraseña del
router es girasol", "le mot de passe du wifi est tournesol", "我的密码是向日葵", "I set the
gmail password to sunflower", "Passwort: Sonnenblume", or a quoted passphrase ("we set the
router password to 'purple elephant'").

A word of letters is a password here only where it ends what is said: the word that names a
password (or a passphrase, a passcode), its "is" (ist, es, est, è, é, 是, a colon, "set … to",
"changed … to", "auf … geändert"), then the one word, then the end of the clause (a stop, a
comma, a dash or a bracket, "and", the end of the line). What is said of a password in prose
is a state ("the password is expired / wrong / saved in Bitwarden / too short / the same as
before"), and those are words this module knows (_STATES, and the endings of participles and
adjectives: "-ed", "-ing", "-able", "-é"), or run on past one word ("the password is whatever
Sam set", "set the password to expire every 90 days"). A value with digits or symbols is
words.py's.

A passphrase is said so too, unquoted: two to eight words that end the clause ("my password
is correct horse battery staple", "Set the vault passphrase to: river stone quiet maple").
What runs on past one word is said of a password when one of its words holds a sentence
together or says what a password is like or where it is (_GLUE: "on the sticky note in the
drawer", "the same as before", "too short", "twelve characters long", "siehe Tresor"), or is
an adverb, or is a state (one state is a passphrase's word among three more: "correct horse
battery staple", not "expired since Monday").
"""

from __future__ import annotations

from .shape import POINTERS, Finding, rx, value_like

# The words that name a password, in the languages words.py knows; German, Dutch and Swedish
# join them to what they open ("WLAN-Passwort", "Bankpasswort").
_NAMES = (
    r"password|passwort|passwd|passphrase|passcode|pwd|kennwort|wachtwoord|contraseña|"
    r"contrasena|mot de passe|senha|parola d'ordine|lösenord|losenord|adgangskode|hasło|haslo|"
    r"heslo|пароль|wifi key|wi-fi key|wlan key|wlan-key|wlan-schlüssel|"
    r"[^\W\d_]{2,24}(?:passwort|kennwort|wachtwoord|lösenord)"
)
# What stands between the name and its "is": "for the NAS", "für das WLAN", "del router"
_OF = (
    r"for|of|on|at|to|für|vom|von|zum|zur|del|de|du|de la|des|della|dello|do|da|van|voor|för|"
    r"til|dla|od|для|от"
)
_IS = (
    r"is now|is still|is currently|is|was|ist jetzt|ist|war|lautet|heißt|heisst|es|era|est|"
    r"était|è|é|är|var|er|jest|je|wordt"
)
_WS = r"(?<!\s)\s+"  # a run of whitespace, from its start only
_QUOTED = r"'[^'\n]{3,64}'|\"[^\"\n]{3,64}\"|“[^”\n]{3,64}”|«[^»\n]{3,64}»"
_WORD = r"[^\W\d_]+(?:-[^\W\d_]+)*"
# The end of the clause, right after the word (in memctl's own lines, the fields after " · "
# and an entry's id: "… is blueberrymuffin · added:2026-11-30 ^k3vx").
_END = (
    r"(?=[.!?…]+(?:\s|$)|[,;:)\]\"”»]|['’](?!\w)|[^\S\n]*(?:\n|$)|"
    r"[^\S\n]+(?:[-–—(·]|\^\w+(?!\S)|(?:and|but|so|or|und|aber|y|pero|et|mais|ma|en|och|og)\s))"
)
# A passphrase of several words, on one line, that ends what is said ("my password is correct
# horse battery staple"): none of its words is one that ends a clause ("and", "but"…).
_GO_ON = r"(?<!\s)[^\S\n]+(?!(?:and|but|so|or|und|aber|y|pero|et|mais|ma|en|och|og)\s)"
_PHRASE = rf"(?P<p>{_WORD}(?:{_GO_ON}{_WORD}){{1,7}}){_END}"
_VALUE = rf"(?P<s>{_QUOTED}|{_WORD}{_END}|{_PHRASE})"

_SAID = (
    rf"(?i)(?<![\w^])(?:{_NAMES})(?:{_WS}(?:{_OF})(?:{_WS}[\w'’.-]+){{1,4}}?)?"
    rf"(?:{_WS}(?:{_IS}){_WS}|[^\S\n]*[:：][^\S\n]*){_VALUE}"
)
# "I set the gmail password to sunflower", "changed my Amazon password to hedgehog"
_SET = (
    r"(?i)(?<![\w^-])(?:set|sets|changed|change|changes|reset|resets|updated|update|updates|"
    rf"switched|switch)(?:{_WS}[\w'’-]+){{0,4}}?{_WS}(?:{_NAMES})"
    rf"(?:{_WS}(?:for|of|on|at)(?:{_WS}[\w'’.-]+){{1,4}}?)?{_WS}to:?{_WS}{_VALUE}"
)
# "das Passwort auf Sonnenblume geändert"
_SET_DE = (
    r"(?i)(?<![\w^])(?:passwort|kennwort|[^\W\d_]{2,24}(?:passwort|kennwort))"
    rf"(?:{_WS}[\w'’.-]+){{0,4}}?{_WS}auf{_WS}(?P<s>{_WORD}){_WS}"
    r"(?:geändert|gesetzt|umgestellt|gestellt)(?!\w)"
)
# "我的密码是向日葵", "WiFi密码：woaini"
_CJK = (
    r"(?:密码|密碼|口令)[^\S\n]*(?:是|为|為|:|：)[^\S\n]*"
    r"(?P<s>[^\W\d_]{2,16}?)(?=[^\S\n]*(?:$|\n|[，。！？、；,.!?;）)」』”·]|\^\w+(?!\S)))"
)

TRIGGERS = (
    "pass", "pwd", "wort", "contrase", "senha", "parola", "lösen", "losen", "adgang", "hasło",
    "haslo", "heslo", "пароль", "wifi", "wi-fi", "wlan", "密码", "密碼", "口令",
)  # fmt: skip

# fmt: off
# What is said of a password that is no password: its state, where it is, what it is like.
_STATES = frozenset("""
    expired expiring wrong right correct incorrect invalid valid required optional needed
    necessary mandatory compulsory saved stored kept changed reset updated set unset same
    different new old weak strong secure insecure safe unsafe long short simple easy hard
    complex complicated good bad fine ok okay great perfect terrible awful horrible compromised
    leaked known unknown shared public private secret hidden visible blank empty missing lost
    forgotten locked blocked disabled enabled active inactive unique random temporary temp
    default generated hashed encrypted encoded protected sensitive case-sensitive important
    useless pointless obvious predictable guessable not too very really still also already now
    just only probably likely usually always never sometimes often whatever something anything
    nothing everything someone somewhere elsewhere this that these those what which who here
    there ready pending accepted rejected working broken fixed unchanged identical similar
    weird strange impossible ridiculous annoying outdated stale current latest previous
    original attached below above inside outside gone taken used reused rotated revoked sent
    vaultwarden dashlane nordpass keeper enpass protonpass roboform passbolt psono
    written printed posted mine yours his hers ours theirs its none null nil enough due overdue
    fake real useful helpful unclear clear unreadable readable asked
    requested problem issue fault mess string str text bytes char varchar
    integer int number bool boolean object any field input type optional undefined void
    hidden masked redacted starred secret dots asterisks lowercase uppercase
    numeric alphanumeric memorable unmemorable personal generic standard common popular
    difficult tricky trivial silly stupid dumb funny cute clever shorter longer weaker stronger
    better worse
    the a an my our your her their one another other each every all both either neither no
    and or but if so because then than as such who whom whose
    abgelaufen falsch richtig korrekt ungültig gültig geändert gespeichert erforderlich
    notwendig nötig neu alt gleich dasselbe derselbe dieselbe anders schwach stark sicher
    unsicher lang kurz leer geheim bekannt unbekannt gesperrt veraltet zurückgesetzt vergessen
    weg hier dort noch schon nicht jetzt auch zu sehr immer egal irgendwo gut schlecht einfach
    schwer kompliziert unverändert identisch privat öffentlich verschlüsselt standard
    voreingestellt obligatorisch optional fehlerhaft hinterlegt geteilt das der die ein eine
    mein dein sein ihr unser euer abgelaufen irgendwas nichts etwas
    incorrecta incorrecto correcta correcto válida válido valida valido inválida inválido
    obligatoria obligatorio necesaria necesario nueva nuevo vieja viejo misma mismo diferente
    distinta distinto débil fuerte segura seguro larga largo corta corto vacía vacio vacía
    secreta conocida desconocida caducada expirada cambiada guardada olvidada bloqueada la el
    una un mi tu su nuestra esta esa aquí allí otra otro igual temporal aleatoria también
    todavía ya no muy demasiado errónea erronea requerida opcional privada cualquiera
    oublié oubliée expiré expirée changé changée modifié modifiée enregistré enregistrée
    incorrect correct faux fausse bon bonne mauvais mauvaise valide invalide obligatoire
    nouveau nouvelle ancien ancienne même différent différente faible fort forte sûr sûre
    long longue court courte vide secret secrète connu connue inconnu inconnue bloqué bloquée
    temporaire le la les un une mon ma ton ta son sa notre votre ici là aussi encore déjà pas
    trop très simple compliqué compliquée requis requise perdu perdue sensible erroné erronée
    sbagliata sbagliato corretta corretto giusta giusto scaduta scaduto cambiata salvata
    dimenticata obbligatoria nuova nuovo vecchia vecchio stessa stesso diversa diverso debole
    forte sicura sicuro lunga lungo corta corto vuota vuoto segreta segreto nota noto una mia
    qui lì anche ancora già non troppo molto richiesta necessaria
    errada errado correta correto certa certo expirada alterada salva esquecida obrigatória
    obrigatoria nova novo velha velho mesma mesmo fraca fraco segura longa curta vazia secreta
    conhecida bloqueada uma minha aqui ali também ainda já não muito inválida necessária
    verlopen fout juist onjuist geldig ongeldig gewijzigd veranderd opgeslagen vergeten
    verplicht nieuw oud hetzelfde zwak sterk veilig onveilig kort leeg geheim bekend onbekend
    geblokkeerd het de een mijn daar ook nog al niet te heel
    fel rätt korrekt ogiltigt giltigt ändrat sparat glömt nytt gammalt samma svagt starkt
    säkert långt tomt hemligt forkert rigtig gyldig ændret gemt glemt ny gammel samme svag
    stærk sikker tom hemmelig det en ett mitt min här der också ikke inte
    błędne poprawne nieprawidłowe wygasło zmienione zapisane nowe stare słabe silne bezpieczne
    długie krótkie puste tajne špatné správné neplatné změněné nové staré stejné slabé silné
    bezpečné dlouhé krátké prázdné tajné
    неверный верный правильный неправильный истёк истек изменён изменен сохранён сохранен
    новый старый слабый сильный надёжный надежный длинный короткий пустой секретный
""".split())
# fmt: on
_STATE_ENDINGS = (
    "ed",
    "ing",
    "able",
    "ible",
    "less",
    "ful",
    "ous",
    "ness",
    "ment",
    "é",
    "ée",
    "és",
    "ées",
    "ato",
    "ata",
    "ito",
    "ita",
    "ado",
    "ada",
    "ido",
    "ida",
)  # fmt: skip
# Words ending so that are no state ("seed", "tweed", "avocado", "empanada"): a word of the
# endings counts as a state only when at least this long.
_ENDING_MIN = {"ed": 6, "ing": 6, "é": 4, "ato": 7, "ata": 7, "ito": 7, "ita": 7}
_ENDING_MIN |= {"ado": 8, "ada": 8, "ido": 7, "ida": 7}
# A German participle: "gespeichert", "abgelaufen", "zurückgesetzt"
_PARTICIPLE_DE = r"(?:ab|an|auf|aus|ein|zurück|um|vor|zu|mit|nach|weg|fest)?ge[^\W\d_]{3,}(?:t|en)"
# A Chinese value that says what the password is like, not what it is: a pronoun, "in", "not",
# "what", "the same", "empty", "default" first; a particle last ("错的": wrong; "改了"); a count
# ("6位数字").
_CJK_FIRST = (
    "在", "什么", "什麼", "多少", "哪", "怎", "不", "没", "沒", "很", "太", "还", "還", "也", "都",
    "就", "已", "必", "需", "要", "这", "這", "那", "我", "你", "他", "她", "它", "默认", "默認",
    "空", "错", "錯", "对", "對", "正确", "正確", "一样", "一樣", "相同", "同", "和", "跟", "与",
    "與", "被", "由", "从", "從", "用", "写", "寫", "贴", "貼", "保存", "存", "记", "記", "安全",
    "强", "強", "弱", "短", "长", "長", "复杂", "複雜", "简单", "簡單", "新", "旧", "舊", "原",
    "以前", "之前", "随机", "隨機", "临时", "臨時", "有", "无", "無", "可", "能", "会", "會",
    "应", "應", "一", "如", "像", "跟",
)  # fmt: skip
_CJK_LAST = ("的", "了", "吗", "嗎", "呢", "吧", "啊", "么", "麼")
_CJK_COUNTS = ("位", "个", "個", "字符", "字母", "数字", "數字", "什么", "什麼")
# fmt: off
# Words that hold a sentence together, or say what a password is like or where it is rather
# than being one: a phrase that holds one is said of a password ("the password is on the
# sticky note in the drawer", "is the same as before", "Passwort: siehe Tresor", "is twelve
# characters long", "set the password to meet the policy").
_GLUE = frozenset("""
    a an the my your his her its our their this that these those it i you he she we they me
    him us them mine yours ours theirs who what which whose whom where when why how whatever
    whichever whoever in on at of for from to into onto by with without within under over
    above below behind beside between near inside outside across along around through after
    before since until till during about against per via like than as is are was were be been
    being am do does did done have has had having will would shall should can could may might
    must not no nor never none nothing also too very so such just only even still already
    again always often sometimes usually soon later now then here there today tomorrow
    yesterday tonight yet ever almost quite rather pretty fairly really kinda sorta super
    maybe perhaps probably definitely certainly apparently basically actually anyway anyhow
    either neither both each every all any some many much more most less least few several
    enough please thanks see ask check look use uses used try find get got keep put write
    type enter said says say told tell think thought guess know knew meet meets match matches
    comply follow satisfy expire expires require requires include includes contain contains
    rotate rotates avoid change changes reset last lasts work works need needs remember
    forget same different other another one ones thing things stuff part
    characters character chars char letters letter digits digit numbers number symbols symbol
    words word name names birthday birthdate case caps policy policies rule rules format
    length minimum maximum hint hints requirement requirements seconds minutes hours days
    weeks months years old ago daily weekly monthly yearly hourly nightly lowercase uppercase
    account accounts login logins email mail address phone network mode user username
    firstname lastname surname vorname nachname confidential based managed sso single sign
    der die das den dem des ein eine einen einem einer mein meine dein deine sein seine ihr
    ihre unser unsere es er sie wir ich du man wer was wo wie wann warum im in am an auf aus
    bei mit nach seit von vor zu zum zur für über unter hinter neben zwischen ohne gegen um
    bis durch ist sind war waren wird werden wurde hat haben hatte kann muss soll darf nicht
    kein keine noch schon auch nur sehr zu zu so dann jetzt hier dort heute morgen gestern
    immer nie oft manchmal wieder siehe frag fragen steht liegt heißt heisst gleich wie
    zeichen stellen ziffern buchstaben zahlen wörter wort geburtstag tage wochen monate jahre
    el la los las un una unos unas lo mi mis tu tus su sus nuestro nuestra este esta estos
    estas ese esa eso aquel que quien cual donde cuando como en de del al con sin para por
    sobre bajo entre hasta desde hacia según es son era fue está están ser estar tiene
    tienen hay no ni ya muy más menos también todavía siempre nunca aquí allí hoy mañana ayer
    mismo misma igual antes después ver mira caracteres letras dígitos números palabras
    cumpleaños nombre días
    le la les un une des du de au aux mon ma mes ton ta tes son sa ses notre nos votre vos
    ce cet cette ces qui que quoi où quand comment dans sur sous avec sans pour par chez
    entre vers depuis pendant est sont était sera ne pas plus moins très trop aussi encore
    déjà toujours jamais ici là aujourd'hui demain hier même comme avant après voir
    caractères lettres chiffres mots anniversaire nom jours
    il lo gli uno una della nel nella sul sulla con senza per tra fra sono era non più meno
    molto anche ancora già sempre mai qui lì oggi domani ieri stesso stessa come prima dopo
    o os as um uma meu minha seu sua nosso nossa isso isto em no na nos nas do da dos das com
    sem para por entre até desde são está estão não mais menos muito também ainda já sempre
    nunca aqui ali hoje amanhã ontem
    de het een mijn jouw zijn haar ons onze dit dat deze die wat waar wanneer hoe in op aan
    bij met naar voor van uit over onder tussen zonder door sinds tot is zijn was waren niet
    geen nog al ook alleen zeer heel erg hier daar vandaag morgen gisteren altijd nooit
    zelfde zoals tekens letters cijfers
""".split())
# fmt: on
# An adverb ends so: "-ally", "-ously" ("really", "automatically", "previously")
_ADVERB_ENDINGS = ("ally", "ully", "ously", "ively", "ently", "antly", "ately", "edly", "ingly")


# The first word of a quoted phrase that says what a password is like ("'whatever you like'")
_QUOTED_FIRST = frozenset(
    "the a an my your our his her their whatever something anything any same some".split()
)


def said(text: str) -> list[Finding]:
    """Each password said in `text` as a plain word or a quoted phrase (see the module)."""
    found = []
    lowered = text.lower()
    sources = [_SAID]
    if any(verb in lowered for verb in ("set", "chang", "updat", "switch")):
        sources.append(_SET)
    if "auf" in lowered:
        sources.append(_SET_DE)
    for source in sources:
        for m in rx(source).finditer(text):
            start, end = m.span("s")
            value = m["s"]
            if value[0] in "'\"“«":
                start, end = start + 1, end - 1
                if not _phrase(text[start:end]):
                    continue
            elif m.groupdict().get("p") is not None:
                if not _passphrase(value):
                    continue
            elif not _word(value):
                continue
            found.append(Finding("password", "a password written out", start, end))
    if any(name in text for name in ("密码", "密碼", "口令")):
        for m in rx(_CJK).finditer(text):
            if _cjk_word(m["s"]):
                found.append(Finding("password", "a password written out", *m.span("s")))
    return found


def _word(value: str) -> bool:
    """A plain word that may be a password: four letters or more, no state."""
    return len(value) >= 4 and value_like(value) and not _state(value.lower())


def _passphrase(value: str) -> bool:
    """Words said as a password: two to eight, none of them glue (_GLUE, an adverb: the phrase
    says what the password is like or where it is), and none a state; or four or more with
    one state that is not the last ("correct horse battery staple", not "expired since
    Monday")."""
    words = value.lower().split()
    if not value_like(value) or any(_glue(word) for word in words):
        return False
    states = [i for i, word in enumerate(words) if _state(word)]
    return not states or (len(states) == 1 and len(words) >= 4 and states[0] < len(words) - 1)


def _glue(word: str) -> bool:
    """A word that holds a sentence together, or says where a password is (a pointer)."""
    return (
        word in _GLUE or word in POINTERS and word not in _STATES or word.endswith(_ADVERB_ENDINGS)
    )


def _state(lowered: str) -> bool:
    """A word that says what a password is like: a state, or a participle's or an adjective's
    ending."""
    last = lowered.rsplit("-", 1)[-1]
    if lowered in _STATES or last in _STATES:
        return True
    for ending in _STATE_ENDINGS:
        if ending == "ing" and last.endswith("ling"):
            continue  # "Schmetterling", "dumpling", "sterling": nouns
        if last.endswith(ending) and len(last) >= _ENDING_MIN.get(ending, len(ending) + 3):
            return True
    return rx(_PARTICIPLE_DE).fullmatch(lowered) is not None


def _phrase(value: str) -> bool:
    """A quoted value: a word as _word reads it, or a phrase not begun by an article or a
    pronoun."""
    value = value.strip()
    words = value.split()
    if len(words) == 1:
        return _word(value.strip(".,;!?")) or (value_like(value) and not value.isalpha())
    return value_like(value) and words[0].lower() not in _QUOTED_FIRST


def _cjk_word(value: str) -> bool:
    if value.isascii():
        return _word(value)
    return not (
        value.startswith(_CJK_FIRST)
        or value.endswith(_CJK_LAST)
        or any(count in value for count in _CJK_COUNTS)
    )
