"""Round 16's classes of changed look-alikes (made-up members; each was redacted by the rules before them,
RULES_VERSION 12): keys a label calls public in any spelling, a secret store's resource path, a build secret mount's
argument, Windows SIDs, hashed known_hosts entries, ciphertext in a vendor's envelope; and guards that stay
secrets (a secret beside a public label, a private key's label, a real value after a mount flag's name)."""

from __future__ import annotations

import pytest

from mnemon.safety.redact import redact

UNCHANGED = [
    "<key>PublicVerifyKey</key>\n<string>Zm9vYmFyUHVibGljS2V5Rm9yVXBkYXRlczEyMzQ1Njc4OTA=</string>",
    "Push notifications public key, fine to embed in the page: BMx7Lq2Zr9Tp4Wv8Nb3Hc6Yd1Fs5Gt2Jk7Lm4Np9Qr3Sv6Tx1Uy5Wz8Ab2Cd",
    'MAIL_PASS_SECRET: "projects/771234560099/secrets/mail-pass/versions/latest"',
    "DB_SECRET_ARN=arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/db-Ab12Cd",
    "docker build --secret id=gh_token,env=GH_TOKEN -t web .",
    "RUN --mount=type=secret,id=aws,target=/root/.aws/credentials make deploy",
    "account: S-1-5-21-1004336348-1177238915-682003330-512",
    "|1|Hx9pQ2rLm7Tz4Wv8Kb3Nc6Yd1Fs=|Qp7Lm2Xr9Tw4Zk8Nb5Hc2Yd6Fs= ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQ",
    "token: SECURE[b3Zq8xLm2Rp7Tv4Wn9Kb3Hc6Yd1Fs8Gt5Jk2Lm7Np4Qr9Sv3Tx6Uy1Wz5]",
    "value: EV[1:Zk8NQp7Lm2Xr9Tw4:Lm7Np4Qr9Sv3Tx6Uy1Wz5Ab8Cd2EfHc6Yd1Fs8Gt5Jk2]",
]

STILL_SECRET = [
    ("public key: BMx7Lq2Zr9Tp4Wv8Nb3Hc6Yd1Fs5Gt2Jk7, secret key: Sx7Lq2Zr9Tp4Wv8Nb3Hc6Yd1Fs5Gt2Jk7",
     "Sx7Lq2Zr9Tp4Wv8Nb3Hc6Yd1Fs5Gt2Jk7"),
    ("<key>PrivateSigningKey</key>\n<string>Qx8RzPm2LvKt9WcNh4YbJd7Fs3Tg6AkLq2Xp7Vw9Kn3Bh6Yt</string>",
     "Qx8RzPm2LvKt9WcNh4YbJd7Fs3Tg6AkLq2Xp7Vw9Kn3Bh6Yt"),
    ("GITHUB_TOKEN=ghp_Zq8xLm2Rp7Tv4Wn9Kb3Hc6Yd1Fs8Gt5Jk2L0", "ghp_Zq8xLm2Rp7Tv4Wn9Kb3Hc6Yd1Fs8Gt5Jk2L0"),
]


@pytest.mark.parametrize("text", UNCHANGED)
def test_pointer_or_public_unchanged(text: str) -> None:
    assert redact(text)[0] == text


@pytest.mark.parametrize(("text", "value"), STILL_SECRET)
def test_secret_beside_pointer_classes_redacted(text: str, value: str) -> None:
    assert value not in redact(text)[0]


def test_rules_version_raised() -> None:
    from mnemon.safety import redact as module

    assert module.RULES_VERSION >= 13
