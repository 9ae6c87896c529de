"""A wallet's recovery phrase is a secret whatever words come before it: twelve words or more of
the BIP39 word list in a row (spaces, commas, line breaks, numbering between them, any case),
eleven or a misspelt one among twelve near a word that names a phrase, in the standard's other
languages too (memctl/secrets/seedwords.py). `memctl remember` and `memctl log` refuse it and
commit nothing; ordinary sentences and lists of everyday words are left alone."""

from __future__ import annotations

import pytest

from conftest import git, refused_as_a_secret
from memctl.secrets.scan import redact, scan

# Twelve and twenty-four words of the English list, not a valid checksum (a phrase made up or
# half remembered is told as a secret all the same)
TWELVE = "walnut cabin drift orbit velvet lemon pilot sugar harbor tiny ripple canyon"
WORDS = TWELVE.split()
TWENTY_FOUR = (
    TWELVE + " museum kitten rocket ladder jungle proud excess tiger wagon minute silver actual"
)

PHRASES = [
    f"my ledger recovery words are {TWELVE}",  # the cue word the old pattern missed
    TWELVE,  # no cue at all
    f"wallet seed phrase: {TWELVE}",
    TWELVE.upper(),
    TWELVE.title(),
    ", ".join(WORDS),
    "\n".join(WORDS),
    " ".join(WORDS[:4]) + "\n" + " ".join(WORDS[4:8]) + "\n" + " ".join(WORDS[8:]),
    " ".join(f"{n}. {word}" for n, word in enumerate(WORDS, 1)),
    "\n".join(f"{n}) {word}" for n, word in enumerate(WORDS, 1)),
    "words = [" + ", ".join(f"'{word}'" for word in WORDS) + "]",
    f"I wrote {TWELVE} on a card and put it in the kitchen drawer",
    TWENTY_FOUR,
    f"for the trezor: {TWENTY_FOUR}",
    # eleven words (one forgotten) near a word that names a phrase
    "metamask backup: " + " ".join(WORDS[:11]),
    # a misspelt word, or two, near one ("drfit", "suger")
    f"my ledger recovery words are {TWELVE.replace('drift', 'drfit')}",
    f"seed words {TWELVE.replace('drift', 'drfit').replace('sugar', 'suger')} (keep safe)",
    f"my ledger recovery words: {TWELVE.replace('drift', 'drfit').replace('sugar', 'suger')}",
    # the standard's other languages
    "mi frase semilla: lobo poeta añejo trepar lima bache esposa crecer puma trueno kilo coco",
    "germe photon libérer époque commande jambe frontal ancien nuage pilote cobra rival",
    "ニーモニック: せたい\u3000たりきほんがん\u3000せんしゅ\u3000くめる\u3000となえる\u3000さずかる"
    "\u3000ちてき\u3000めいかく\u3000いてん\u3000うっかり\u3000ねあげ\u3000かがし",
]

ORDINARY = [
    # a sentence of twelve everyday words
    "remember that every small action can change the future for all people around the world",
    "we walked along the harbor at sunset and ate lemon cake with sugar on top",
    # a shopping list of twelve items, some of them not on the list
    "buy milk, eggs, bread, apple, banana, butter, cheese, yogurt, flour, sugar, coffee, tea",
    # eleven words of the list with no word that names a phrase
    "garden plan: " + " ".join(WORDS[:11]),
    " ".join(WORDS[:11]),
    # a misspelt word with no word that names one
    TWELVE.replace("drift", "drfit"),
    # advice about phrases, and a phrase's words run into a hyphenated name
    "Never type your 12-word recovery phrase into any website, and never share it with support.",
    "-".join(WORDS),
    # Chinese characters spaced, with nothing naming a phrase: they are the commonest ones
    "的 一 是 在 不 了 有 和 人 这 中 大 为 上",
]


@pytest.mark.parametrize("text", PHRASES)
def test_a_recovery_phrase_is_found(text):
    found = scan(text)
    assert [f.kind for f in found] in (["seed"], ["seed-phrase"]), found
    shown = redact(text, found)
    assert "[redacted:seed" in shown
    for word in ("cabin", "velvet", "canyon", "trueno", "libérer", "ちてき"):
        assert word not in shown.lower()


@pytest.mark.parametrize("text", ORDINARY)
def test_everyday_words_are_not_a_phrase(text):
    assert scan(text) == []


def test_remember_and_log_refuse_a_phrase_without_a_cue(ws, cli):
    told = f"my ledger recovery words are {TWELVE}"
    refused = cli("remember", told, "-s", "user", code=3)
    assert "a wallet recovery phrase" in refused.stderr
    assert "velvet" not in refused.stderr + refused.stdout
    # the gate's log records the refusal, never the words
    assert "velvet" not in git(ws, "log", "-p", "--all")
    refused_as_a_secret(ws, cli, " ".join(f"{n}. {word}" for n, word in enumerate(WORDS, 1)))
    refused_as_a_secret(ws, cli, "\n".join(TWENTY_FOUR.upper().split()))


def test_remember_keeps_an_everyday_sentence(ws, cli):
    cli("remember", ORDINARY[1], "-s", "user")
    cli("log", "t", "-m", ORDINARY[2])
    assert int(git(ws, "rev-list", "--count", "HEAD")) >= 2
