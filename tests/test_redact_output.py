"""The secret classes added after round 9 joined training (``mnemon/safety/secretoutput.py`` and extensions of
the older passes): a value printed by a command that reveals one, rows of two-column secret tables, DSL settings
with no sign between name and literal, Wi-Fi pre-shared keys, a lone key in a URL's userinfo, a ``#`` in a URL
password, recovery codes, OTP seeds, positional ``NetworkCredential`` passwords, ``lftp -u user,password``,
Databricks, New Relic, Asana, Zapier and conda tokens, base64 of a token, and passwords told in more languages;
and the look-alikes that must come out unchanged. Every value is made up; each caught case leaked on the rules
before (RULES_VERSION 5), and each look-alike marked "changed before" was changed by them (the others guard the
new rules' edges)."""

from __future__ import annotations

import pytest

from mnemon.safety import redact as redact_mod
from mnemon.safety.redact import redact

CAUGHT = [
    ("$ printenv MISTRAL_API_KEY\nWm4xQz8pLr2vTk7NbY3s", "Wm4xQz8pLr2vTk7NbY3s"),
    ("$ kubectl get secret app -o jsonpath='{.data.token}' | base64 -d\nRiver-copper88!", "River-copper88!"),
    ("$ vault kv get -field=api_key kv/ci\nq9Zt2LmX7pWr4Kv8", "q9Zt2LmX7pWr4Kv8"),
    ("KEY                VALUE\nshop:stripePassword    Wq8!mZx2pLt7\nshop:region    eu-west-1", "Wq8!mZx2pLt7"),
    ("SMTP_PASSWORD\tglacierMint#4410\nSMTP_USER\tmailer", "glacierMint#4410"),
    ('release {\n    storePassword "Cobalt-ferry27*"\n}', "Cobalt-ferry27*"),
    ("    keyPassword 'tq7#Lm2pXz9W'", "tq7#Lm2pXz9W"),
    ('network={\n  ssid="Shop"\n  psk="Zr8pQ2!mLx7k"\n}', "Zr8pQ2!mLx7k"),
    ("SENTRY_DSN=https://0b1c2d3e4f5a69788796a5b4c3d2e1f0@o4471.ingest.sentry.io/2231",
     "0b1c2d3e4f5a69788796a5b4c3d2e1f0"),
    ("redis://default:amber#Lynx4410@cache.internal:6379/0", "amber#Lynx4410"),
    ("backup codes: 8k2p1-x7q9m 3z5t8-w1r4v", "8k2p1-x7q9m"),
    ('seed = pyotp.TOTP("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ")', "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"),
    ('var c = new NetworkCredential("relay@corp.example", "Tw9!pLq2xZm7");', "Tw9!pLq2xZm7"),
    ("lftp -u backup,Lx8_pQ2mZr7vT sftp://nas.example.org", "Lx8_pQ2mZr7vT"),
    ("databricks configure --token <<< $'https://adb-71.azuredatabricks.net\\ndapi4b7e9c1a2f3d5e6b8c0a1d2e3f4b5c6d'",
     "dapi4b7e9c1a2f3d5e6b8c0a1d2e3f4b5c6d"),
    ("New Relic user key (ops): NRAK-Q7Z2M9P4K8VWJ3LR6T1YC5N0HBX", "NRAK-Q7Z2M9P4K8VWJ3LR6T1YC5N0HBX"),
    ("asana token 1/1209384756102938:a1b2c3d4e5f60718293a4b5c6d7e8f90", "a1b2c3d4e5f60718293a4b5c6d7e8f90"),
    ("POST https://hooks.zapier.com/hooks/catch/5512093/kqzrwmtp/", "kqzrwmtp"),
    ("channels:\n  - https://conda.anaconda.org/t/Qm7-xZ2pLr9vKt4wYb8Nc3Hs/private", "Qm7-xZ2pLr9vKt4wYb8Nc3Hs"),
    ("data:\n  STRIPE_KEY: c2tfbGl2ZV81MUh4eWt6S1BxN1JtMm5aOHZXM3lCNWNMOWQwRjRnVDZzSjFrTW5Q",
     "c2tfbGl2ZV81MUh4eWt6S1BxN1JtMm5aOHZXM3lCNWNMOWQwRjRnVDZzSjFrTW5Q"),
    ("La contraseña del servidor quedó como Brisa#7731mar.", "Brisa#7731mar"),
    ("Пароль от админки теперь sosna#Reka4419.", "sosna#Reka4419"),
    ("운영 DB 비밀번호는 Qx8!mZ2pLr7v 로 바꿨어요.", "Qx8!mZ2pLr7v"),
    ("Mật khẩu wifi mới là Lua#Xanh8812 nhé.", "Lua#Xanh8812"),
    ("Het wachtwoord is nu Molen#5528vaart.", "Molen#5528vaart"),
    ("the PagerDuty routing key for billing is 4c9e2a7b1d8f3e6a5b0c9d2e7f1a4b8c", "4c9e2a7b1d8f3e6a5b0c9d2e7f1a4b8c"),
]

UNCHANGED = [
    "$ printenv SHELL\n/bin/zsh",
    "$ kubectl get secret app -o jsonpath='{.type}'\nOpaque",
    "KEY                VALUE\nshop:stripePassword    [secret]",
    "Key             Value\ntoken_ttl       768h\ntoken_policies  [default]",
    'storePassword System.getenv("STORE_PASSWORD")',
    "  keyPassword '${SMTP_PASSWORD}'",
    'psk: "${WIFI_PSK}"',
    "git clone https://git@github.com/acme/app.git",
    "backup codes: ask the on-call lead",
    "new NetworkCredential(user, password)",
    "lftp -u mirror ftp.example.net",
    "the form is `lftp -u user,password`, see its manual",
    "postgres://app:<password>@db.internal:5432/billing",  # changed before
    'password: !!python/object/apply:os.getenv ["SMTP_PASSWORD"]',  # changed before
    "JWT header for every token we issue: eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9",  # changed before
    "El campo contraseña quedó como obligatorio.",
    "비밀번호는 최소 12자 이상이어야 합니다.",
    "Mật khẩu là bắt buộc.",
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
    assert redact_mod.RULES_VERSION >= 6


def test_a_printed_value_counts_only_after_a_named_secret() -> None:
    """``printenv HOSTNAME`` and a decoded username print no secret; ``printenv API_TOKEN`` does."""
    assert redact("$ printenv HOSTNAME\nfv-az1187-442")[0] == "$ printenv HOSTNAME\nfv-az1187-442"
    decoded = "$ kubectl get cm app -o jsonpath='{.data.owner}' | base64 -d\nteam-ledger2"
    assert redact(decoded)[0] == decoded
    assert "Zq8xLm2pWr7v" not in redact("$ printenv API_TOKEN\nZq8xLm2pWr7v")[0]
