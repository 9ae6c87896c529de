"""A key or a token after a short prefix, named as one: what follows the prefix (`0x`, a few
letters and a separator, a version and a separator) is what the scanner counts as a key bare
(32 hex digits or more, a long generated run), so "the deploy token is pul-8f3a…" is refused
as "the signing key is 8f3a…" is; and a UUID that a word names as a key, a token or a secret
is one (memctl.secrets.shape.keyish, memctl.secrets.values.first_key).

What only looks like one stays plain: a hash, a transaction, a block, a commit or an address
in 0x, without a key's name or right after a word that names it so ("the key for wallet
0x…", "the signing key's address: 0x…", "my public key is 0x04…"); a UUID named as an id, a
request, an order, a user, a session; a file or a version that starts like a prefix.
"""

from __future__ import annotations

import pytest

from conftest import git
from memctl.secrets.named import in_context
from memctl.secrets.scan import redact, scan

K = "4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318"
H40 = "e7b1d94c02fa6385b1c7e0d2a94f5b36c8d1e7a0"
H32 = "93ad7c1e5f20b84d6a3e9c17f0b2d58e"
ADDRESS = "3221de7ed00df0f3a3351f91827073af18336b2b"
UUID = "5f0c2a9e-71d4-4b38-9e26-a1c04d7b83f5"

# text, the key it holds (redacted whole)
SECRETS = [
    (f"My ethereum private key is 0x{K}", f"0x{K}"),
    (f"cold wallet private key: 0x{K}", f"0x{K}"),
    (f"the key to my hardware wallet is 0X{K.upper()}", K.upper()),
    (f"the deploy token is pul-{H40}", f"pul-{H40}"),
    (f"deploy bot → has api key → key_{H40}", f"key_{H40}"),
    (f"the Datadog api key for the prod agents is dd-{H32}", f"dd-{H32}"),
    (f"the shop's payment token is now live-{H40}", f"live-{H40}"),
    (f"api key for the weather station on the roof ab_{H40}", f"ab_{H40}"),
    (f"the CI signing secret is v1.0-{H40}", f"v1.0-{H40}"),
    (f"the sleep tracker token is v2_{H32}, expires in May", f"v2_{H32}"),
    (f"Home Assistant token for the kitchen tablet: ha-{H40}", f"ha-{H40}"),
    (f"school app access key, in case I forget: k-{H40}", f"k-{H40}"),
    (f"the bank sandbox credential is sk_test_{H40}", f"sk_test_{H40}"),
    (f"the clinic portal api key is {UUID}", UUID),
    (f"Fitbit API key {UUID} — keep it off the fridge", UUID),
    (f"the payroll export token: {UUID.upper()}", UUID.upper()),
    (f"the lab results secret is {UUID}", UUID),
]

ORDINARY = [
    f"commit 0x{K[:40]} fixed the signing bug",
    f"sha 0x{K}",
    f"tx 0x{K} confirmed after 12 blocks",
    f"the tx hash is 0x{K}",
    f"block 0x{K} was reorged",
    f"address 0x{ADDRESS}",
    f"send the rent refund to my wallet 0x{ADDRESS}",
    f"the key for wallet 0x{ADDRESS} is in the fireproof box",
    f"the signing key's address is 0x{ADDRESS}",
    f"my public key is 0x04{K}{K}",
    "the key is in the drawer by the door",
    "key_results.csv holds the survey answers",
    "the api key column of key_results.csv is empty on purpose",
    "version v1.0-rc2 of the app ships Friday",
    "the token format changed in v1.0-rc2",
    f"the request id is {UUID}",
    f"the api key for order {UUID} is in 1Password",
    f"the api key used by user {UUID} hit the rate limit",
    f"the session id is {UUID}",
    f"session {UUID} timed out twice",
    f"the key id is {UUID}",
    f"the token id is {H32}",
    f"patient id {UUID} for the token refill at the pharmacy",
    f"tenant {UUID} still uses the token from the vault",
    f"rotated the api key in commit {K[:40]}",
    "trace 0xdeadbeef in the crash dump",
    "the token budget is 0x1000 per call",
    f"cookie {UUID} set by the login page",
    f"the api key was used for block {K}",
    f"my public key: 04{K}{K}",
]


@pytest.mark.parametrize(("text", "secret"), SECRETS)
def test_a_prefixed_key_or_a_uuid_named_as_a_key_is_redacted_whole(text, secret):
    assert scan(text), text
    assert secret not in redact(text)
    assert secret[-12:] not in redact(text)


@pytest.mark.parametrize("text", ORDINARY)
def test_a_hash_an_address_an_id_or_a_file_stays_plain(text):
    assert scan(text) == []


def test_a_prefixed_key_under_a_note_that_names_it_is_one():
    assert in_context(["Deploy token"], f"pul-{H40}")
    assert in_context(["Clinic portal API key"], UUID)
    assert not in_context(["Session log"], UUID)
    assert not in_context(["Contacts"], f"pul-{H40}")


def test_remember_log_and_graph_refuse_a_prefixed_key(ws, cli):
    head = git(ws, "rev-parse", "HEAD").strip()
    said = cli(
        "remember", f"My ethereum private key is 0x{K}", "-s", "user", "-t", "people/me", code=3
    )
    assert "looks like it holds a secret" in said.stderr
    cli("log", "e", "-m", f"the deploy token is pul-{H40}", code=3)
    cli("log", "e", "-m", f"the clinic portal api key is {UUID}", code=3)
    cli("graph", "add", "deploy bot", "has api key", f"key_{H40}", code=3)
    history = git(ws, "log", "-p", "--all") + git(ws, "diff", "HEAD")
    assert K not in history and H40 not in history and UUID not in history
    assert git(ws, "log", "--format=%s", f"{head}..HEAD").strip() in (
        "",
        "memctl remember: refused",
    )
