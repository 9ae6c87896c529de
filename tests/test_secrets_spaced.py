"""A secret's name in capitals with its value after a space (`setx DB_PASSWORD …`), and the
numbers of passports, driving licences and ID cards, are refused as the `NAME=value` forms
are; prose and settings that only name them pass."""

from __future__ import annotations

import pytest

from conftest import refused_as_a_secret

SECRETS = [
    "DB_PASSWORD Xk7pLq2vR9mT",
    "set -x DB_PASSWORD Xk7pLq2vR9mT",
    "setx DB_PASSWORD Xk7pLq2vR9mT",
    "AWS_SECRET_ACCESS_KEY wJalrXUtnFEMI/K7MDENG/bPxRfiCYzq81KEYab",
    "my passport number is 533380006",
    "passport: X1234567",
    "my driver's licence number is D1234-56789-01234",
    "my driver's license number is D1234-56789-01234",
    "ID card number: AB1234567",
]
PROSE = [
    "DB_PASSWORD is in 1Password under 'staging db'",
    "TOKEN_TTL 3600 and PASSWORD_MIN_LENGTH 14 in the auth config",
    "AWS_SECRET_ACCESS_KEY AWS_ACCESS_KEY_ID AWS_REGION must all be set",
    "AUTH_TOKEN_HEADER X-Auth-Token is what the proxy forwards",
    "call the passport office on 0300 222 0000 before 2pm",
    "my passport expires 2031-05-14, renew in spring",
    "driver's licence class B since 2009",
]


@pytest.mark.parametrize("text", SECRETS)
def test_a_spaced_name_or_an_id_number_is_refused(ws, cli, text):
    refused_as_a_secret(ws, cli, text)


@pytest.mark.parametrize("text", PROSE)
def test_prose_naming_them_is_written(cli, text):
    cli("log", "t", "-m", text)
