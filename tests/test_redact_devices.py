"""Rules of mnemon.safety.secretdevices: credentials in network device and service configuration (the classes of
round 11's misses), each with a look-alike that must stay."""

from __future__ import annotations

import pytest

from mnemon.safety.redact import redact

SECRETS = [
    ("rocommunity Kelp-Signal-204 10.8.0.0/16", "Kelp-Signal-204"),
    ("com2sec ro 10.0.0.0/8 Tarn!Vesper31", "Tarn!Vesper31"),
    ("snmp-server community Ash#Meridian5 RO 7", "Ash#Meridian5"),
    ("snmpwalk -v2c -c moss.Quill.88 10.0.0.1 ifDescr", "moss.Quill.88"),
    ("snmpget -v3 -u nms -a SHA -A Lumen-Forge-55 -x AES -X Dove*Ridge21 10.0.0.2 sysName.0", "Dove*Ridge21"),
    ('createUser nms SHA "Opal-Canyon-17" AES "Reed*Harbor42"', "Reed*Harbor42"),
    ("username ops privilege 15 password 0 Lark-Basin-620", "Lark-Basin-620"),
    ("line con 0\n password 7 13061E010803557878", "13061E010803557878"),
    ("ACL SETUSER ingest on >Flint#Aspen77 ~ingest:* +@write", "Flint#Aspen77"),
    ('spawn ssh root@10.1.1.1\nexpect "assword:"\nsend "Bramble-Tor-93\\r"', "Bramble-Tor-93"),
    ("-----BEGIN OpenVPN Static key V1-----\n5e4d3c2b1a0918273645f5e4d3c2b1a0\n-----END OpenVPN Static key V1-----",
     "5e4d3c2b1a0918273645f5e4d3c2b1a0"),
    ("ldap_default_authtok = Sorrel!Crest64", "Sorrel!Crest64"),
]

LOOKALIKES = [
    "rocommunity public localhost",
    "snmpwalk -v2c -c public demo.example.net system",
    "snmpwalk -v3 -u nms -A \"$AUTH\" -X \"$PRIV\" 10.0.0.2",
    "The password 0 keyword stores the value in clear; use secret 9 instead.",
    "ACL SETUSER ingest on nopass ~ingest:* +@write",
    "Apache's MD5 variant starts with $apr1$ and bcrypt with $2y$.",
    # password verifiers are not credentials since redaction rules 15 (mnemon.safety.secretlooks)
    "carol:$apr1$Jm4Qz8Lt$Vb2Xn7Rk1Wc5Hp9Ds3Gf6.",
    "basicauth.users=carol:$$apr1$$Jm4Qz8Lt$$Vb2Xn7Rk1Wc5Hp9Ds3Gf6.",
    "echo $1 $2 and price $6 per seat",
    'spawn ssh root@10.1.1.1\nexpect "assword:"\nsend "$env(PW)\\r"',
    "tls-crypt /etc/openvpn/ta.key",
    "ldap_default_authtok_type = password",
]


@pytest.mark.parametrize(("text", "value"), SECRETS)
def test_device_credentials_are_redacted(text: str, value: str) -> None:
    out, kinds = redact(text)
    assert value not in out
    assert kinds


@pytest.mark.parametrize("text", LOOKALIKES)
def test_device_lookalikes_stay(text: str) -> None:
    assert redact(text) == (text, ())


PUBLIC = [
    "mapboxgl.accessToken = 'pk.eyJ1IjoiZGVtby10ZWFtIiwiYSI6ImNsMDAwMDAwMDAwMDEifQ.Xc9Bv4Hj6Gd1Qz8Kr2WLp7';",
    "DD_CLIENT_TOKEN=pub7e2b8d3f6a0c5e9b1d7a3f8c2e4f9a1c",
    '<div class="g-recaptcha" data-sitekey="6Ld_Qm3pAAAAAHv8Zt2Lx9Kr4Wn7Bc1Yd5Sf0Gj"></div>',
    "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "OPENAI_API_KEY=op://Dev/openai/credential",
    "logo: iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAYAAACqaXHeAAAABmJLR0QA/wD/AP+gvaeT",
    'k1._domainkey TXT "v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAq9Zt2Lx7Vm4Rk8Wn1Bc5Yd"',
]


@pytest.mark.parametrize("text", PUBLIC)
def test_values_public_by_their_form_stay(text: str) -> None:
    assert redact(text) == (text, ())


def test_secret_siblings_of_public_ids_are_still_redacted() -> None:
    out, _ = redact("MAPBOX_SECRET=sk.eyJ1IjoiZGVtbyJ9.Hj6Gd1Qz8Kr2WLp7Xc9Bv4 RECAPTCHA_SECRET_KEY=6Ld_Qm3pAAAAAKz8Lx2Vn7Rt4")
    assert "sk.eyJ1IjoiZGVtbyJ9" not in out and "6Ld_Qm3pAAAAAKz8Lx2Vn7Rt4" not in out


NOUNS_ELSEWHERE = [
    ("Der Twilio-API-Schlüssel lautet 5e9b3d7f1a2c6e0b4d8f2a6c9e3b7d1f.", "5e9b3d7f1a2c6e0b4d8f2a6c9e3b7d1f"),
    ("Slack 봇 키는 7d1f5a9c3e6b0d4f8a2c6e9b3d7f1a5c 입니다.", "7d1f5a9c3e6b0d4f8a2c6e9b3d7f1a5c"),
    ("Grafana टोकन है 0b4d8f2a6c9e3b7d1f5a9c3e6b0d4f8a", "0b4d8f2a6c9e3b7d1f5a9c3e6b0d4f8a"),
    ("كلمة المرور للوحة هي Qw7!eRt4Yu1#", "Qw7!eRt4Yu1#"),
    ("Новый токен: 3e6b0d4f8a2c6e9b3d7f1a5c9e3b7d1f", "3e6b0d4f8a2c6e9b3d7f1a5c9e3b7d1f"),
    ("snmp: la community del router è Pv8#Stone41", "Pv8#Stone41"),
]


@pytest.mark.parametrize(("text", "value"), NOUNS_ELSEWHERE)
def test_secret_nouns_in_other_languages(text: str, value: str) -> None:
    assert value not in redact(text)[0]


@pytest.mark.parametrize("text", [
    "Der API-Schlüssel liegt im Vault.",
    "The open-source community is welcoming to new contributors.",
    "Токен лежит в Vault, путь secret/ci.",
])
def test_secret_nouns_without_a_value_stay(text: str) -> None:
    assert redact(text) == (text, ())


NEIGHBOURS = [
    ('{"key": "authToken", "value": "Hq3Lm8Zt2Vx7Rk4Wn9Bc", "enabled": true}', "Hq3Lm8Zt2Vx7Rk4Wn9Bc"),
    ('$s = ConvertTo-SecureString "Gable!Reef73" -AsPlainText -Force', "Gable!Reef73"),
    ('New-Object System.Net.Cookie("sid", "Tq8Wm3Zx7Lp2Rv9Kn4Hb6", "/", "x.example")', "Tq8Wm3Zx7Lp2Rv9Kn4Hb6"),
    ('<Pass encoding="base64">R2FibGUhUmVlZjcz</Pass>', "R2FibGUhUmVlZjcz"),
    ('{"routing_key": "9e1b5d2f8a4c6e0b7a3c9e1b5d2f8a4c"}', "9e1b5d2f8a4c6e0b7a3c9e1b5d2f8a4c"),
    ("algoliasearch('ZX81QW7MKD', '3a7c0b4d8f2e6a1c0f4e8a2c6b1d5f9e')", "3a7c0b4d8f2e6a1c0f4e8a2c6b1d5f9e"),
]


@pytest.mark.parametrize(("text", "value"), NEIGHBOURS)
def test_secrets_held_by_a_neighbouring_name(text: str, value: str) -> None:
    assert value not in redact(text)[0]


@pytest.mark.parametrize("text", [
    '{"key": "baseUrl", "value": "https://api.example.org"}',
    '$pw = ConvertTo-SecureString $env:PW -AsPlainText -Force',
    'Cookie c = new Cookie("theme", "dark");',
    '{"routing_key": "orders.created"}',
])
def test_neighbouring_names_without_a_secret_stay(text: str) -> None:
    assert redact(text) == (text, ())
