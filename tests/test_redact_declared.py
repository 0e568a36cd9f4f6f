"""Round 16's classes of missed secrets (made-up members; each survived the rules before them, RULES_VERSION 12, but
the two marked):
a credential-named identifier declared with a literal whatever stands between them, a client's setter, a bare key
line, a directive ending in password/secret/token, a dotted flag, a prefixed environment assignment, a quoted
``-p`` argv element, URL userinfo holding '@', a modular-crypt password hash, an encrypted secret key under its
caption, and a drawn password handed over in a sentence in any language. Look-alikes of each class stay unchanged."""

from __future__ import annotations

import pytest

from mnemon.safety.redact import redact

SECRETS = [
    ("DATA gv_relay_token TYPE string VALUE 'a6f3c9e1b5d2f7a84c0e6b9d3f1a5c7e2b8d4f60'.",
     "a6f3c9e1b5d2f7a84c0e6b9d3f1a5c7e2b8d4f60"),
    ('       05 WS-MAILGUN-KEY PIC X(36) VALUE "0f9e8d7c-6b5a-4f3e-9d2c-1b0a9f8e7d6c".',
     "0f9e8d7c-6b5a-4f3e-9d2c-1b0a9f8e7d6c"),
    ('NSString *const kMixpanelKey = @"7c2e9a41b3d85f06e1a7c4b92d5f3e08";', "7c2e9a41b3d85f06e1a7c4b92d5f3e08"),
    ("mailer.setKey('9f8e7d6c5b4a39281706f5e4d3c2b1a0f9e8d7c6');", "9f8e7d6c5b4a39281706f5e4d3c2b1a0f9e8d7c6"),
    ("plausibleKey = \"Zr4TmW8xPv3Nq7Rk2vLm\"", "Zr4TmW8xPv3Nq7Rk2vLm"),
    ("      widget:\n        type: radarr\n        key: 5d41402abc4b2a76b9719d911017c592ae4f", "5d41402abc4b2a76b9719d911017c592ae4f"),
    ("[control]\nRemotePassword 9Fq2Lm7Tz4Wv8Kb3Nc6Y", "9Fq2Lm7Tz4Wv8Kb3Nc6Y"),
    ("dbtool --auth.password 7Hq~-2Lx@9Rv4 sync", "7Hq~-2Lx@9Rv4"),
    ("[tox]\nsetenv =\n    D:MAPBOX_SECRET_TOKEN=Qp8Zr3Lm7xWk2Tv9", "Qp8Zr3Lm7xWk2Tv9"),
    ('argv: a0="mariadb" a1="-uapp" a2="-pQz7!mR2xLw9" a3="shop"', "Qz7!mR2xLw9"),
    ("REDIS_URL=rediss://cache:Tq4@Zr8#Lw2@cache-1.internal:6380/0", "Tq4@Zr8#Lw2"),
    ("comment: encrypted secret key for release signing\nRWQx8Zr3Lm7Tz4Wv8Kb3Nc6Yd1Fs5Gt2Jk7Lm4Np9Qr3Sv6Tx1Uy5Wz8Ab2",
     "RWQx8Zr3Lm7Tz4Wv8Kb3Nc6Yd1Fs5Gt2Jk7Lm4Np9Qr3Sv6Tx1Uy5Wz8Ab2"),
    ("Salasana palvelimelle on Kp7~Wz2!Lq9^Tx@, älä jaa sitä", "Kp7~Wz2!Lq9^Tx@"),  # caught before (by its shape)
    ("Passord til ruteren: Zm4^Rt8@Lq2*Xv (norsk)", "Zm4^Rt8@Lq2*Xv"),
]

UNCHANGED = [
    'portal_hash = "$y$j9T$Zk3xTmR8qLp2WvN4$Hc7Yd9Fs3Gj6Kb1Mn5Pq8Rt2Vw4Xz7Ac0Ef3Hi6Jl"',  # a verifier (rules 15)
    'cacheKey = "user-profile-v2-3f9a1c"',
    "sortKey: 'createdAt'",
    "key: Windows-x64-node-modules-2f8a1c9e0d7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f",
    "PasswordAuthentication no",
    "HostKey /etc/ssh/ssh_host_ed25519_key",
    "helm upgrade web ./chart --set image.tag=v2.3.1",
    "TIMEOUT_SECONDS=30",
    "Build v2.14.3-rc.1+sha.5e3f2a1 passed: all green",
    "echo SGVsbG8gdGhlcmUh= | base64 -d",
    "X-Amzn-Trace-Id: Root=1-5f2c9a1e-7b3d4e8fa6c20d9e8b7f1a34",
    "Regex for the check: ^[A-Za-z0-9_-]{8,64}$",
]


@pytest.mark.parametrize(("text", "value"), SECRETS)
def test_round16_secret_class_redacted(text: str, value: str) -> None:
    assert value not in redact(text)[0], redact(text)[0]


@pytest.mark.parametrize("text", UNCHANGED)
def test_round16_lookalike_unchanged(text: str) -> None:
    assert redact(text)[0] == text
