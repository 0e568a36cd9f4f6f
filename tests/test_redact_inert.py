"""Round 14's secret classes: what is not a secret by what it is (armoured blocks without a private key,
digests, signatures and build ids, ciphertext, references to where a secret lives, public halves, ids and values
captioned public), passwords told next to their noun in more languages, name/value records with fields between,
and secrets set by name in directive lines (made-up members of each class; every case fails on the rules before
them; the look-alikes and capabilities below are guards, most of which held before too)."""

from __future__ import annotations

import pytest

from mnemon.safety import redact as redact_module
from mnemon.safety.redact import redact

NOT_SECRETS = [
    "-----BEGIN SSH SIGNATURE-----\nU1NIU0lHAAAAAQAAADMAAAALc3NoLWVkMjU1MTkAAAAgRq8Lm2Xw7Tz1Vn4Kc9Yb3Hd6Jf0S\n"
    "g5Ae2Uo8Ti4Qr7Mz1Xw6Lp3Kc9Vb5Nd0YfHg2Js7Ae4Uo9Ti1Qr6Mz3XwLq8Rm2Tz7Vn4Kc9Y\n-----END SSH SIGNATURE-----",
    "-----BEGIN PGP MESSAGE-----\n\nhF4DKq8Lm2Xw7Tz1Vn4SAQdA9Yb3Hd6Jf0Sg5Ae2Uo8Ti4Qr7Mz1Xw6Lp3Kc9Vb5Nd0Yf\n"
    "Hg2Js7Ae4Uo9Ti1Qr6Mz3XwLq8Rm2Tz7Vn4Kc9YbHd6Jf0Sg5Ae2Uo8Ti4Qr7Mz1Xw6Lp\n=Xq2T\n-----END PGP MESSAGE-----",
    "-----BEGIN DH PARAMETERS-----\nMIIBCAKCAQEAq8Lm2Xw7Tz1Vn4Kc9Yb3Hd6Jf0Sg5Ae2Uo8Ti4Qr7Mz1Xw6Lp3Kc9Vb5\n"
    "Nd0YfHg2Js7Ae4Uo9Ti1Qr6Mz3XwLq8Rm2Tz7Vn4Kc9YbHd6Jf0Sg5Ae2Uo8Ti4Qr7Mz1X\n-----END DH PARAMETERS-----",
    "X-Partner-Signature: t=1801234567,v1=Gm4Xq9Lr2Wt7Nv5Kc1Yb8Hd3Jf6Sg0Ae2Uo5Ti8Qr=",
    "Want-Digest: sha-512=:Rk2Lq8Xm7Wt4Nv1Zc6Yb3Hd9Jf0Sg5Ae2Uo8Ti4Qr7Mz1Xw6Lp3Kc9Vb5Nd0YfHg2Js7Ae4Uo9Ti1Qr6Mz3X==:",
    "$ go tool buildid ./bin/cron\nQw4Lm9Xr2Tz7Vn1Kc6Yb/3Hd8Jf0Sg5Ae2Uo7Ti4Q/r9Mz1Xw6Lp3Kc8Vb5Nd0/Yf7Hg2Js4Ae9Uo1Ti6",
    "PAYPAL_CLIENT_SECRET=encrypted:Bq7Kz2Lm9Xr4Tn1Vw6Yc3Hf8Jg0Sa5Ep2Uo7Ti4Qr9Mz1Xw6Lp3Kc8Vb5Nd0Yf7Hg2Js4Ae9Uo1",
    "backup ciphertext: vault:v2:Hn5Kq8Lm2Xr7Tz1Vw4Yc9Hf6Jg0Sa3Ep5Uo2Ti7Qr4Mz9Xw1Lp6Kc3Vb8Nd5",
    'LDAP_BIND_ENCRYPTED="Yt6Kq1Lm8Xr3Tz7Vw2Yc5Hf9Jg4Sa0Ep6Uo3Ti8Qr1Mz5Xw9Lp2Kc7Vb4Nd0Yf6Hg1Js8Ae3Uo7Ti"',
    "SENTRY_AUTH_TOKEN=awssm://ops/sentry#token",
    "JIRA_TOKEN=gcpsm://tools-prod/jira-token",
    "gcloud run deploy web --set-secrets=SMTP_PASS=smtp-pass:7,REDIS_PASS=redis-pass:latest",
    "caBundle: Jq8Lm3Xr7Tz2Vw5Yc9Hf1Jg6Sa0Ep4Uo8Ti3Qr7Mz2Xw6Lp1Kc5Vb9Nd3Yf8Hg0Js6Ae2Uo9Ti4Qr1Mz7Xw3Lp8Kc2Vb6Nd0Yf",
    "ca_cert: Jq8Lm3Xr7Tz2Vw5Yc9Hf1Jg6Sa0Ep4Uo8Ti3Qr7Mz2Xw6Lp1Kc5Vb9Nd3Yf8Hg0Js6Ae2Uo9Ti4Qr1Mz7Xw3",
    "uuid: Rm7Xq2Lw9Tz4Nv1Kc6Yb3Hd8Jf0Sg5Ae2",
    "ksuid: 2Pq8Lm3Xr7Tz2Vw5Yc9Hf1Jg6Sa",
    "appx_Rw8Lq3Xm2Tz7Nv5Kc1Yb9Hd4Jf6S   # iOS public SDK key, bundled with the app",
]
"""Each was redacted by the rules before this change (checked on the old code)."""

SECRETS = [
    ("Pasahitza {} da.", "Ibai-22-harria"),
    ("Slaptažodis nuo maršrutizatoriaus: {}", "Upe84!miskas"),
    ("Gagnagrunnurinn: lykilorðið er {} í dag.", "Hrafn-51-fjall"),
    ("Ang Wi-Fi ay may pasvorto {}.", "Lago-39-verda"),
    ("Нууц үг нь {} байна.", "Tal62-Mori"),
    ("ഇമെയിൽ പാസ്‌വേഡ് {} ആണ്.", "Kayal47!vanam"),
    ('[\n  {{\n    "name": "MAPBOX_SECRET_TOKEN",\n    "slotSetting": false,\n    "value": "{}"\n  }}\n]',
     "7c2e9a4f1b8d3e6a0c5f2b9d4e7a1c8f"),
    ('{{"name": "key", "enabled": true, "value": "{}"}}', "9f2c7a4e1b8d3f6a0c5e2b9d4f7a1c8e"),
    ("SetEnv PLAUSIBLE_API_KEY {}", "6e1b9d4f7a2c8e3b5d0f9a4c7e1b2d8f-eu1"),
    ('proxy_set_header X-Api-Key "{}";', "QW7ZP2LK9XM4RT1VN6YB3HD8"),
    ("fastcgi_param STRIPE_API_KEY {};", "5d2e8f0a1b3c4d6e7f8091a2b3c4d5e6-us9"),
    ("let g:supermaven_api_key = '{}'", "0b7e4c2a-9d1f-4a3e-8c6b-2f5d7e9a1c3b"),
    ("ACME_STORAGE_ACCESS_ID={}\nACME_STORAGE_SECRET=Tz4Lq8Xm2Rw7Nv5Kc1Yb9Hd3Jf6Sg0Ae", "AK7Q2LX9WT4RZ1NV"),
]

BENIGN = [
    "Slaptažodis buvo pakeistas vakar, naujo niekam nesiųskite.",
    "പാസ്‌വേഡ് മാറ്റിയിട്ടുണ്ട്, പുതിയത് ആരോടും പറയരുത്.",
    'proxy_set_header X-Api-Key $http_x_api_key;',
    "PassEnv STRIPE_SECRET_KEY",
    "pub password: SecretString,",
    "let g:gruvbox_contrast_dark = 'medium42'",
    "https://cdn.example.net/v.mp4?Expires=1801234567&Signature=Lq8Xm2Rw7Tz1Nv5Kc9Yb3Hd6Jf0Sg4Ae",
    "-----BEGIN USER NKEY SEED-----",
    "X-Signing-Key: Rt7Lq2Xm9Wz4Nv1Kc6Yb3Hd8Jf0Sg5Ae2Uo7Ti4Q",
]
"""Must come out unchanged (the first six), or, for the last three, are secrets the new recognisers must not
spare: a pre-signed link's signature, a seed's block, a signing key (checked in the test below)."""


@pytest.mark.parametrize("text", NOT_SECRETS)
def test_values_not_secret_by_their_class_stay(text: str) -> None:
    assert redact(text)[0] == text


@pytest.mark.parametrize(("template", "value"), SECRETS)
def test_secrets_of_round_14_classes_are_redacted(template: str, value: str) -> None:
    out = redact(template.format(value))[0]
    assert value not in out


@pytest.mark.parametrize("text", BENIGN[:6])
def test_look_alikes_of_the_new_secret_forms_stay(text: str) -> None:
    assert redact(text)[0] == text


def test_capabilities_the_recognisers_must_not_spare() -> None:
    assert "Lq8Xm2Rw7Tz1Nv5Kc9Yb3Hd6Jf0Sg4Ae" not in redact(BENIGN[6])[0]
    seed = BENIGN[7] + "\nSUDTELVJE7XXLW3BVFCUGQR3Q7VS6M4T4GEUSEDG7AUSL5TWYMVT6N5SQN\n------END USER NKEY SEED------"
    assert "SUDTELVJE7XXLW3BVFCUGQR3Q7VS6M4T4GEUSEDG7AUSL5TWYMVT6N5SQN" not in redact(seed)[0]
    assert "Rt7Lq2Xm9Wz4Nv1Kc6Yb3Hd8Jf0Sg5Ae2Uo7Ti4Q" not in redact(BENIGN[8])[0]


def test_redaction_rules_version_raised_for_round_14_classes() -> None:
    """Stored memories are screened again when the rules change (mnemon.engine.rescreen)."""
    assert redact_module.RULES_VERSION >= 11


NAMED = [
    ("kafka-acl change-password ops_bot {}", "Reed#tide-209"),
    ("clickhouse-client --user etl --password <<< '{}' --query 'SELECT 1'", "Lark=pebble551"),
    ("storage-cli authorize {} Hq8Lm3Xw7Rt2Nv5Kc9Yb1Hd4", "K9QLX2RT7WZ4NV1B"),
    ("Heads-up: the alerting integration key {} leaked in a screenshot.", "6d2a9e4c-1f7b-4c3e-8a5d-b0e2f4c6a8d1"),
    ('MAILER = "{}"  # server token, rotate quarterly', "e3b7c1a9-5d2f-4e8c-b6a0-1c9e7d3f5b2a"),
]
NAMED_LOOK_ALIKES = [
    "influx-admin set-password \"$INFLUX_PASS\"",
    "docker run -e REDIS_PASSWORD=$REDIS_PASSWORD redis:7.2",
    "job 8f3c1e7a-2b9d-4f6e-a1c5-7d0b3e9f2a4c finished; the key rotation step was skipped.",
    'RUN_ID = "2c7e9a1f-4b3d-4e8a-9f6c-5d1b7e3a9c2f"  # correlation id of the nightly run',
]


@pytest.mark.parametrize(("template", "value"), NAMED)
def test_secrets_named_by_their_neighbours_are_redacted(template: str, value: str) -> None:
    assert value not in redact(template.format(value))[0]


@pytest.mark.parametrize("text", NAMED_LOOK_ALIKES)
def test_look_alikes_of_the_named_forms_stay(text: str) -> None:
    assert redact(text)[0] == text
