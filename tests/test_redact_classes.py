"""The secret classes added after rounds 3-6 joined training (issue 12): one case per member of each class and
a benign look-alike that must come out unchanged. Every value is made up; each case failed on the rules before
(RULES_VERSION 2) unless it is a benign line."""

from __future__ import annotations

import pytest

from mnemon.safety import redact as redact_mod
from mnemon.safety.redact import redact

CAUGHT = [
    # a prefix that is an abbreviation, not a word, or that names the secret
    ("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", "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"),
    ("SHOPIFY=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", "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"),
    ("AGE-SECRET-KEY-1QX7M2ZL8R4PV9DKNW3T6HF5YJ2CG8UAE4SB7LR0MX9QT5PN3VWK6JDH",
     "1QX7M2ZL8R4PV9DKNW3T6HF5YJ2CG8UAE4SB7LR0MX9QT5PN3VWK6JDH"),
    # an id dotted to a hex secret
    ("pat: patQ8xW2mZk4RtY7u.6fb0c93e1a2d4587b9c0e6f14a3d2b78c5e9f01a6d3b82c7e4f950a1b6c3d8e2",
     "6fb0c93e1a2d4587b9c0e6f14a3d2b78c5e9f01a6d3b82c7e4f950a1b6c3d8e2"),
    # command lines
    ("gem push x.gem --key rubygems_5d0a7c2e9f41b8630ce7d2a95f14b3e86c02d7a9b1f4e358",
     "5d0a7c2e9f41b8630ce7d2a95f14b3e86c02d7a9b1f4e358"),
    ("echo -n 'Vq8#mZt2Lw9x' | base64", "Vq8#mZt2Lw9x"),
    ("printf '%s' N7vQ2xLk9Rw4Tz | base64 -w0", "N7vQ2xLk9Rw4Tz"),
    # keys that travel with a private key
    ('{"private_key_id": "9a1c4e7b2d05f83e6c19a0b4d7e2f51c8a36b9d0"}', "9a1c4e7b2d05f83e6c19a0b4d7e2f51c8a36b9d0"),
    ("Private-MAC: a8f3c1e92d4b07f65e1c3a9d28b4f07e16c5a9d3b2e8f047c1a6d5e93b2f8c07",
     "a8f3c1e92d4b07f65e1c3a9d28b4f07e16c5a9d3b2e8f047c1a6d5e93b2f8c07"),
    ("requests.post(url, auth=('ci', 'Hq9#xT2mLv'))", "Hq9#xT2mLv"),
    ('httpx.BasicAuth("deploy", "Bz7!qW3xKm")', "Bz7!qW3xKm"),
    ("https://api.example/v1?q=Lyon&appid=f3a91c0e7b2d4586a9c1e0f37b2d8a64", "f3a91c0e7b2d4586a9c1e0f37b2d8a64"),
    ("UPSTREAM_REF=Xq7mW2pLz9Tk4Rv8Nb3cYd6F", "Xq7mW2pLz9Tk4Rv8Nb3cYd6F"),
    # prose: an environment variable's name, adverbs and futures after the link, words with parentheses,
    # addresses and hyphens between noun and link, a qualified key
    ("I changed REDIS_PASSWORD to Tq7mW2xZ9kLp on staging", "Tq7mW2xZ9kLp"),
    ("the deploy password will be Harbor-7731-Maple after the reset", "Harbor-7731-Maple"),
    ("root password on the old box (bld-03) is still Winter!7876, never rotated", "Winter!7876"),
    ("Das Kennwort für die Datenbank (pg-main-02) lautet noch Rt5#kLm8Qz, bitte ändern.", "Rt5#kLm8Qz"),
    ("Le mot de passe du compte admin@acme.fr est toujours Zk3#Wq9Lp2 pour l'instant.", "Zk3#Wq9Lp2"),
    ("the mailgun admin key (the private one!): 4f8c2a9e1b7d3065c8e2a4f19b7d3c05", "4f8c2a9e1b7d3065c8e2a4f19b7d3c05"),
    ("use Kp4xMq7Zt2Wr to unlock the team password manager", "Kp4xMq7Zt2Wr"),
    # login / password pairs after a link or an address
    ("jenkins is admin / Jk8-Wq2mZt5v until LDAP is wired up", "Jk8-Wq2mZt5v"),
    ("sonarqube: ci-bot@acme.io / Sq7vN2xK9mLt4Wp", "Sq7vN2xK9mLt4Wp"),
    # word passphrases
    ("the passphrase for the offsite backup: walnut glacier pepper lantern orbit",
     "walnut glacier pepper lantern orbit"),
    ("wifi password: correct-horse-battery-staple-violin", "correct-horse-battery-staple-violin"),
]

UNCHANGED = [
    "WireGuard peer: PublicKey = xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=",
    '{"kty":"EC","crv":"P-256","x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU","y":"x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"}',
    "db_password: ENC[AES256_GCM,data:Qk8vT2mX9wLz,iv:7Hc2Nq9Wm4Zt1Lx8Vb3Rk6Pd0Sg5Jf2Ya=,tag:Mx4Tq8Zw2Nv7Lk1R==,type:str]",
    '{"error":"invalid_grant","error_description":"The refresh token is expired"}',
    "export OPENAI_API_KEY=sk-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "export GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "aws_access_key_id = AKIAIOSFODNN7EXAMPLE",
    "SECRET_KEY=replace-me-in-production",
    "JWT_SECRET=dummy-secret-for-tests",
    "reset your password at https://acme.io/reset?token=REPLACE",
    "build_5f3a9c2e7b1d4086a9e3c1f07b2d5e8a finished in 42s",
    "tool call toolu_01A09q90qw90lq917835lq9X returned 3 rows",
    "main.5f3a9c2e7b1d4086a9e3c1f07b2d5e8a.chunk.js is 210 kB",
    "gpg --default-key 9DC858229FC7DD38854AE2D88D81803C0EBFCD88 --sign release.tar.gz",
    "aws s3api get-object --bucket logs --key 2024/06/app-7f3a9c.log out.log",
    "echo -n 'hello world' | base64",
    'echo "$PAYLOAD" | base64 -d > payload.bin',
    "we set DB_PASSWORD to come from the vault instead of the .env file",
    "DATABASE_URL=postgres://app:${DB_PASSWORD}@db:5432/app",
    "the passphrase is stored in the team vault under infra backups",
    "passphrase: anything memorable works fine here",
    "use OAuth2 to authenticate against the gateway",
    "the runtime is python3.11 / Python3.12 on the runners",
    "contact is ada@example.org / Engineering for questions",
    "the build box (bld-03) is still running Ubuntu 22.04",
]


@pytest.mark.parametrize(("text", "value"), CAUGHT)
def test_class_member_is_redacted(text: str, value: str) -> None:
    out, kinds = redact(text)
    assert value not in out, out
    assert kinds


@pytest.mark.parametrize("text", UNCHANGED)
def test_look_alike_is_unchanged(text: str) -> None:
    assert redact(text)[0] == text


def test_rules_version_raised_with_these_classes() -> None:
    assert redact_mod.RULES_VERSION >= 3
