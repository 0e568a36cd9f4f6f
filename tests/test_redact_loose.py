"""The classes of secrets rounds 19 and 20 missed and of look-alikes they changed (family set 17), on made-up members
in neither round nor the family set: each secret leaks and each look-alike is changed by the rules before redaction
rules version 15. Every value is random."""

from __future__ import annotations

import pytest

from mnemon.safety import redact as redact_module
from mnemon.safety.redact import redact
from mnemon.safety.secretloose import drawn, hinted

SECRETS = {
    # drawn values under keys that only hint at a credential
    "hinted-env": ("PAYOUT_SIGNING=h3k9q2zl7v0m5xw8rt4n1bcy6pd2sj9ea3fu", "h3k9q2zl7v0m5xw8rt4n1bcy6pd2sj9ea3fu"),
    "hinted-hex-yaml": ('  ARTIFACT_LOGIN: "8c3e1f7a9b2d5c0e4f6a1b8d3c7e9f2a5b0d4c6e"', "8c3e1f7a9b2d5c0e4f6a1b8d3c7e9f2a5b0d4c6e"),
    "hmac-setting": ("export LEDGER_HMAC=Pq4Rz8Lm2Xv6Kc1Tb9Jd3Hf7Ws5Gn0Ya=", "Pq4Rz8Lm2Xv6Kc1Tb9Jd3Hf7Ws5Gn0Ya="),
    "yaml-list-item": ("headers:\n  X-Partner-Token:\n  - 6f1d9b3e7a2c5f8d0b4e6a9c1f3d7b2e5a8c0f4d",
                       "6f1d9b3e7a2c5f8d0b4e6a9c1f3d7b2e5a8c0f4d"),
    "plist": ("<key>LicenseSecret</key>\n<string>b2d7f1a9c4e8036d5b1f9a2c7e4d8b06</string>", "b2d7f1a9c4e8036d5b1f9a2c7e4d8b06"),
    "android-resource": ('<string name="telemetry_shared">5e9b2d7f1c4a8e3b6d0f2a9c7e1b4d8f</string>', "5e9b2d7f1c4a8e3b6d0f2a9c7e1b4d8f"),
    "perl-fat-comma": ("my %c = (key => 'a8f3c1e7d9b24f6a0c5e8b1d7f3a9c2e');", "a8f3c1e7d9b24f6a0c5e8b1d7f3a9c2e"),
    "secret-id-uuid": ("role login -> secret_id = 9b2f4d6e-1a3c-4e5f-8a7b-0c2d4e6f8a1b", "9b2f4d6e-1a3c-4e5f-8a7b-0c2d4e6f8a1b"),
    "hmac-constructor": ('sig = hmac.new(b"Rk3Lq8Zw2Xm7Vt4Nb9Pc1Hd6", msg, "sha256")', "Rk3Lq8Zw2Xm7Vt4Nb9Pc1Hd6"),
    "comment-names-it": ('const GEO = "5c8e2a7f1d9b3e6c0a4f8d2b7e1c9a3f"; // api key', "5c8e2a7f1d9b3e6c0a4f8d2b7e1c9a3f"),
    "shaped-password-any-language": ("jelszo_posta = 'Fenyo#4821kert'", "Fenyo#4821kert"),
    "echoed-into-file": ('printf "9e4c1a7f3b8d2e6a0c5f9b1d4e8a2c7f" > ~/.acme/api-token', "9e4c1a7f3b8d2e6a0c5f9b1d4e8a2c7f"),
    "login-argument": ("$ fleet login 3d8f1b6e9a2c4f7d0b5e8a1c3f6d9b2e4a7c0f5d", "3d8f1b6e9a2c4f7d0b5e8a1c3f6d9b2e4a7c0f5d"),
    "stream-key": ("rtmp://ingest.streams.example/live/sk_Qz8Lm2Xv6Kc1Tb9Jd3Hf", "sk_Qz8Lm2Xv6Kc1Tb9Jd3Hf"),
    # a value split over messages, a token as the user of basic auth
    "split-other-half": ("other half (next msg): Jt5Wq9Lx3Zr7Vm1K", "Jt5Wq9Lx3Zr7Vm1K"),
    "token-as-user": ("curl -u Wq9Lx3Zr7Vm1KJt5Nb2Hc:x https://desk.example/api/tickets", "Wq9Lx3Zr7Vm1KJt5Nb2Hc"),
    "quoted-user-password": ("curl -k -u ops:'QzLr^PwNkVb^Hs' https://siem.example/api", "QzLr^PwNkVb^Hs"),
}

LOOK_ALIKES = {
    "yescrypt-shadow": "backup:$y$j9T$Zk3xTmR8qLp2WvN4$Hc7Yd9Fs3Gj6Kb1Mn5Pq8Rt2Vw4Xz7Ac0Ef3Hi6:19800:0:99999:7:::",
    "bcrypt-column": "password_digest: $2b$12$Wq9Lx3Zr7Vm1KJt5Nb2HcO8Pd4Fs6Gy0Ua3Ie7Ko1Rl5Tn9Xz2Bq",
    "django-hasher": "pbkdf2_sha256$600000$Zk3xTmR8qLp2WvN4$Hc7Yd9Fs3Gj6Kb1Mn5Pq8Rt2Vw4Xz7Ac0Ef3Hi6=",
    "ldap-ssha": "userPassword: {SSHA}Wq9Lx3Zr7Vm1KJt5Nb2HcO8Pd4Fs6Gy0Ua3Ie",
    "jasypt": "mail.password=ENC(Hc7Yd9Fs3Gj6Kb1Mn5Pq8Rt2Vw4Xz7Ac0Ef3Hi6Zk3x)",
    "remark-public": "RUM_CLIENT_KEY=Zk3xTmR8qLp2WvN4Hc7Yd9Fs3Gj6  # shipped in the web bundle; public by design",
    "remark-docs-sample": "PAY_SECRET=sk_test_Zk3xTmR8qLp2WvN4Hc7Yd9Fs  # example from the provider's docs",
    "remark-key-id": "SIGNER_API_KEY=4e8a1c3f  # key id only, the secret sits in the vault",
    "meta-verification": '<meta name="yandex-verification" content="Zk3xTmR8qLp2WvN4Hc7Yd9Fs3Gj6Kb1Mn5" />',
    "settings-cookie": "Cookie: layout=eyJ3aWRlIjp0cnVlLCJjb2xzIjozLCJzaWRlYmFyIjpmYWxzZX0",
    "expansion-message": "DEPLOY_SECRET=${DEPLOY_SECRET:?set DEPLOY_SECRET first}",
    "pkce-challenge": "code_challenge=Hc7Yd9Fs3Gj6Kb1Mn5Pq8Rt2Vw4Xz7Ac0Ef3Hi6Zk3xTmR&code_challenge_method=S256",
    "cache-key": "Cache restored from key: macOS-gradle-4f1a9c7e2b8d3f6a0c5e9b1d7f2a4c8e",
    "arn-path": "arn:aws:secretsmanager:us-east-1:123456789012:secret:team/billing/api-Ab12Cd",
    "format-string": 'log_format: "%h %l %u %t"',
}


@pytest.mark.parametrize("name", sorted(SECRETS))
def test_secret_classes_are_redacted(name: str) -> None:
    text, value = SECRETS[name]
    assert value not in redact(text)[0], name


@pytest.mark.parametrize("name", sorted(LOOK_ALIKES))
def test_look_alikes_are_unchanged(name: str) -> None:
    assert redact(LOOK_ALIKES[name])[0] == LOOK_ALIKES[name], name


def test_hinted_keys_and_drawn_values() -> None:
    assert hinted("RELAY_VERIFY") and hinted("shared") and hinted("Secret ID") and hinted("LABKEY_API")
    assert not hinted("cache_key") and not hinted("key_id") and not hinted("commit_sha") and not hinted("site_key")
    assert drawn("8c3e1f7a9b2d5c0e4f6a1b8d3c7e9f2a") and drawn("h3k9q2zl7v0m5xw8rt4n1bcy6pd2sj9e")
    assert not drawn("Linux-node-8c3e1f7a9b2d5c0e4f6a1b8d3c7e9f2a") and not drawn("00000000000000000000000000000000")


def test_a_hash_is_no_secret_but_its_password_still_is() -> None:
    """A verifier stays; the password beside it does not."""
    out = redact("htpasswd -b -B users ops 'Qw8!Lr2pNz4&' -> ops:$2y$05$Wq9Lx3Zr7Vm1KJt5Nb2HcO8Pd4Fs6Gy0Ua3Ie7Ko1Rl5Tn9Xz2B")[0]
    assert "Qw8!Lr2pNz4&" not in out and "$2y$05$Wq9Lx3Zr7Vm1KJt5Nb2HcO8Pd4Fs6Gy0Ua3Ie7Ko1Rl5Tn9Xz2B" in out


def test_rules_version_raised() -> None:
    assert redact_module.RULES_VERSION >= 15
