"""Round 15's secret classes: passwords known by their shape alone, issued values known by what carries them
(a client constructor, a user's key record, a publish command's short token flag, a key-issuing command's
output, a base64 JSON bundle, an obfuscated password, a key told in parts, key material beside its key, an
environment lookup's default), and documentation samples that count (made-up members of each class; every
secret here survived the rules before them and every sample was redacted by them; the look-alikes are guards)."""

from __future__ import annotations

import base64
import json

import pytest

from mnemon.safety import redact as redact_module
from mnemon.safety import secretpublic
from mnemon.safety.redact import redact

SHAPED = [
    ("O le upu faalilo fou o le router o {} (aua le faasoaina)", "Kestrel9Vq#41zLm"),
    ("Lozinka za bazu je {} hvala", "Osprey2Rtw!63kPn"),
    ("| qa | billing.db | {} | expires May |", "Lantern7Zx*58hQw"),
    ("SendInput {}{{Enter}}", "Cedar4Hpx+19mRt"),
    ("<value name=\"db.pass\">{}</value>", "Meadow6Tkr!27vJx"),
    ("mgr.connect(\"backup\", \"{}\")", "Quarry3Bnw.45xLz"),
    ("typed into the console: {}", "harborWq3Z_84tKd"),
]
ISSUED = [
    ("rates = CurrencyClient(\"{}\")", "5e0c7a19b3d24f86a1c9e07b52d3f4a6"),
    ("svc := NewTranslateService(\"{}\")", "q8w2e4r6t1y3u5i7o9p0a2s4d6f8g1h3"),
    ('{{"account": "ops-bot", "key": "{}"}}', "f3a9c1e7b5d2048c6e1a9f3b7d5c2e04"),
    ("marketplace-cli publish ./dist -p {}", "m3k9z2x7c1v5b8n4q6w0e2r7t5y9u1i3o8p4a6s2"),
    ("agentctl enroll-keys create --tag build\n{}", "7c2e9a4f1b6d3085e7a2c9f4b1d6e3a8c5f0b7d2e9a41c6f"),
    ("ops: {},manager", "OBF:1v2j1uum1xtv1zej1zer1xtn1uvk1v1v"),
    ("the archive key in halves: {} and 99a1c3e5f7b2d4068ace13579bdf2468", "0d2f4b6a8c1e3579bdf02468ace13579"),
    ("MEDIA_KEY=9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b\nMEDIA_IV={}", "a4c8e2f6b1d5093e7a2c6f0b4d8e1a5c"),
    ("AUTH_PEPPER={}", "c0ffee4b1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a"),
    ("'salt' => env('APP_HASH_SALT', '{}'),", "5f1e9c3a7b2d4086e1c5a9f3b7d2e048c6a1f9e3b5d7c2a4"),
]
BUNDLE_BODY = {"acct": "3f9a1c7e5b2d4086", "sec": "R2x8Lq4Tz9Vn1Kc6Yb3Hd7Jf0Sg5Ae2Uo8Ti4Qr7M"}
NOT_SECRETS = [
    "Docs example: curl -H 'Authorization: Bearer 0123456789abcdef0123456789abcdef' https://api.example.test/v2",
    "Example JWT from the tutorial: eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9."
    + base64.urlsafe_b64encode(json.dumps({"sub": "23456789", "name": "Test User"}).encode()).decode().rstrip("=")
    + ".Rk2Lq8Xm7Wt4Nv1Zc6Yb3Hd9Jf0Sg5Ae2Uo8Ti4Qr7",
    "the public token pk.eyJ1IjoiZGVtby1tYXBzIiwiYSI6ImNrOXh5ejEyMzQ1Njc4OTBhYmNkIn0.ZGVtb3B1YmxpY3Rva2Vu ships to browsers",
]
"""Each was redacted by the rules before this change (checked on the old code)."""
LOOK_ALIKES = [
    "branch feature/SignUp2FA_v3 merged into Release-2025.02.1b",
    "refund for pi_3LmNoPqRsTuVwXyZ1a2B3c4D issued to cus_T7uVwXyZ12aBcD",
    "v = Version('3f2a1b9e8d7c6b5a49382716a5f4e3d2')",
    "elements = Checkout('pk_live_51AbCdEfGhIjKlMnOpQrStUvWxYz0123456789AbCdEf')",
    "flyctl deploy --app api -p 8443 --detach",
    "$ docker create --name key-store postgres:16\n8e1f3a5c7b9d2e4f6a8c0b1d3e5f7a9c2b4d6e8f0a1c3e5b7d9f2a4c6e8b0d1f",
    "cursor: " + base64.b64encode(json.dumps({"offset": 40, "order": "asc", "status": "open"}).encode()).decode(),
    'signing_salt: "Xq7Zr2Lb"',
    "formula: perimeter = 2*Math.PI*radius + X2offset",
    "docs list the shape as sk_live_ followed by 24 characters",
]


@pytest.mark.parametrize(("template", "value"), SHAPED + ISSUED)
def test_round15_classes_are_redacted(template: str, value: str) -> None:
    assert value not in redact(template.format(value))[0]


def test_a_base64_bundle_holding_a_secret_is_redacted() -> None:
    blob = base64.b64encode(json.dumps(BUNDLE_BODY).encode()).decode()
    assert blob not in redact(f"gateway-agent install {blob}")[0]


@pytest.mark.parametrize("text", NOT_SECRETS + LOOK_ALIKES)
def test_samples_and_look_alikes_stay(text: str) -> None:
    assert redact(text)[0] == text


def test_counting_is_decimal_or_hex_only() -> None:
    assert secretpublic.counting("456789abcdef0123")
    assert secretpublic.counting("12345678", 8)
    assert not secretpublic.counting("uvwxyz0123456789")  # a test token of the alphabet then digits stays a token


def test_rules_version_raised() -> None:
    assert redact_module.RULES_VERSION >= 12
