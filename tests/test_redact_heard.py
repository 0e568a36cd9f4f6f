"""Rules for the classes of round 24's missed secrets (family set tests/data/training/secrets_t20.txt): passwords
handed to a command as a bare keyword, credentials typed between name and value, passwords passed by position to a
connect call, namespaced password elements, line-protocol PASS commands, private keys as byte arrays, relay
secrets, passwords said in chat in other languages, keys in service URL paths and quoted registry passwords; and the
look-alikes (secret-store references, message ids, domain verification tokens). Examples are made up."""

from __future__ import annotations

import random

import pytest

from mnemon.safety.redact import redact

_RNG = random.Random(77)
_KEYPAIR = ",".join(str(_RNG.randrange(256)) for _ in range(64))
_SEED32 = ", ".join(str(_RNG.randrange(256)) for _ in range(32))


@pytest.mark.parametrize(("text", "value"), [
    ('nmcli con modify Attic wifi-sec.psk "Gravel-otter-5519"', "Gravel-otter-5519"),
    ("redis-cli config set requirepass 'Xq7rTzK2mWp9vLc4'", "Xq7rTzK2mWp9vLc4"),
    ("param storageSecret string = 'harbor-lantern-cedar-maple42'", "harbor-lantern-cedar-maple42"),
    ('val ftpPassword: String = "tundra-willow-ember-fox77"', "tundra-willow-ember-fox77"),
    ("h = database('ledger', 'auditor', 'Spruce#7713vale');", "Spruce#7713vale"),
    ('$c = pg_connect_db("ledger.local", "auditor", "Hollow.5520_rain");', "Hollow.5520_rain"),
    ('<x:Password Kind="clear">Dune88-amber!q</x:Password>', "Dune88-amber!q"),
    ("C: USER relay\nC: PASS orchid-vale-6612\nS: 230 ok", "orchid-vale-6612"),
    ("/msg NickServ IDENTIFY Teal-4471-anchor", "Teal-4471-anchor"),
    (f"keypair.json: [{_KEYPAIR}]", _KEYPAIR),
    (f"private_seed = bytes([{_SEED32}])", _SEED32),
    ("relay key nsec1" + "q8w7e6r5t4y3u2i1o0p9a8s7d6f5g4h3j2k1l0z9x8c7v6b5n4m3q2w1e0", "nsec1"),
    ("Sesotho-ish: phasewete ya router ke Ember-8842-kite, o se e fe motho", "Ember-8842-kite"),
    ("Hebrew: הסיסמה לראוטר היא Marble-5530-owl תודה", "Marble-5530-owl"),
    ('rpc = "https://quiet-fog.arbitrum-mainnet.quiknode.pro/0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c/"',
     "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c"),
    ("url = https://logs-01.loggly.com/inputs/1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d/tag/web/",
     "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d"),
    ("podman login quay.example -u ci -p '<Qz>m&Rk~72<4[Tp'", "<Qz>m&Rk~72<4[Tp"),
])
def test_round24_secret_classes_are_redacted(text: str, value: str) -> None:
    out, _ = redact(text)
    assert value not in out
    assert "[REDACTED:" in out


@pytest.mark.parametrize("text", [
    'nmcli dev wifi connect Attic password "$ATTIC_PSK"',
    "param storageSecret string",
    "val retryCount: Int = 12",
    "h = database('ledger', 'auditor', getenv('LEDGER_PW'));",
    "<x:Password Kind=\"clear\">${LEDGER_PW}</x:Password>",
    "C: PASS ********\nS: 230 ok",
    "bins = [0, 1, 2, 1, 0, 3, 1, 0, 2, 1, 0, 0, 1, 2, 3, 1, 0, 1, 2, 0, 1, 1, 0, 2, 1, 0, 3, 0, 1, 2, 1, 0]",
    "La contraseña del router está en 1Password, bóveda Casa.",
    "password for app-server-01 is in the vault",
    "see https://www.quicknode.com/docs/ethereum for the endpoint format",
    '"SmtpPassword": "@Microsoft.KeyVault(VaultName=kv-mail;SecretName=smtp)"',
    "Status callback: MessageSid=SM0f1e2d3c4b5a69788796a5b4c3d2e1f0 SmsStatus=sent",
    "TXT record: google-site-verification=Xk2pQ9mR7tV4wL8nB3cF6hJ1sD5gA0eZuYiOqWrTy",
])
def test_round24_secret_look_alikes_are_unchanged(text: str) -> None:
    assert redact(text)[0] == text


def test_the_rules_version_was_raised_for_these_classes() -> None:
    from mnemon.safety import redact as redact_module

    assert redact_module.RULES_VERSION >= 18
