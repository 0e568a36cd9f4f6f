"""Rules for the classes of round 25's missed secrets (family set tests/data/training/secrets_t21.txt): passwords
sent after a server's prompt, chain secret keys by prefix, key files whose type names a signing key, key-file lines,
colon-pair arguments, declaration clauses, positional passwords of account and client commands, credentials typed by
automation scripts, passwords said in more languages; and the look-alikes (a placeholder behind a vendor prefix, DNS
key records, signature files, encryption metadata, path joins). Examples are made up."""

from __future__ import annotations

import base64
import random
import string

import pytest

from mnemon.safety.redact import redact

_RNG = random.Random(2525)
_B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
_CHAIN = "spsk" + "".join(_RNG.choice(_B58) for _ in range(50))
_HEX64 = "".join(_RNG.choice("0123456789abcdef") for _ in range(64))
_B64_PW = base64.b64encode(b"Larch#7741-moss").decode()
_PUB = base64.b64encode(bytes(_RNG.randrange(256) for _ in range(32))).decode()
_SIG = "RWT" + "".join(_RNG.choice(string.ascii_letters + string.digits) for _ in range(80))


@pytest.mark.parametrize(("text", "value"), [
    (f"S: 334 VXNlcm5hbWU6\nC: Ym90QGxhYi5leGFtcGxl\nS: 334 UGFzc3dvcmQ6\nC: {_B64_PW}\nS: 235 ok", _B64_PW),
    (f"octez-client import secret key treasury unencrypted:{_CHAIN}", _CHAIN),
    (f'drep.skey: {{"type": "DRepSigningKey_ed25519", "description": "", "cborHex": "5820{_HEX64}"}}', _HEX64),
    ("/etc/chrony.keys\n42 SHA384 HEX:9F1C2D3E4A5B6C7D8E9F0A1B2C3D4E5F", "9F1C2D3E4A5B6C7D8E9F0A1B2C3D4E5F"),
    ("7 AES128CMAC Qm4rT9zLw2Xp8VkYs3Nd", "Qm4rT9zLw2Xp8VkYs3Nd"),
    ("my $h = Redis.new(:host<cache.lab>, :password<Fern~7731_gale-q>);", "Fern~7731_gale-q"),
    ("connect(:secret-key('Tq8wPz3LmX9rVn2KcY7sBd4F'), :region<us>)", "Tq8wPz3LmX9rVn2KcY7sBd4F"),
    ("       01 WS-SMTP-PASSWORD PIC X(14) VALUE 'Quail7Ferret2z'.", "Quail7Ferret2z"),
    ("PS> net user svc_sync Rb7qLw2ZxT9mKp4NvY /add /y", "Rb7qLw2ZxT9mKp4NvY"),
    ("vsql -h db01 -U etl -w Vb8nQ2xLk7RtYp3Z -c 'select 1'", "Vb8nQ2xLk7RtYp3Z"),
    ("Send, m.ortega{Tab}Yx8vTq2Lp4Rz{Enter}", "Yx8vTq2Lp4Rz"),
    ("xdotool type 'ops'; xdotool key Tab; xdotool type 'Wren#5520brook'; xdotool key Return", "Wren#5520brook"),
    ("Parola de la cont este Zinc7-harbor-Q, nu o spune.", "Zinc7-harbor-Q"),
    ("राउटर का पासवर्ड हो Tamarind#4412, नभन्नु।", "Tamarind#4412"),
])
def test_round25_secret_classes_are_redacted(text: str, value: str) -> None:
    out, _ = redact(text)
    assert value not in out, out


@pytest.mark.parametrize("text", [
    "S: 334 UGFzc3dvcmQ6\nC: *\nS: 501 cancelled",
    f"baker public key: edpk{_CHAIN[4:]}",
    f'stake.vkey: {{"type": "StakeVerificationKeyShelley_ed25519", "cborHex": "5820{_HEX64}"}}',
    "server pool.ntp.example iburst key 42",
    "7 SHA256 e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    "my $h = Redis.new(:host<cache.lab>, :password(%*ENV<REDIS_PW>));",
    "       05 WS-PASSWORD PIC X(16) VALUE SPACES.",
    "net user svc_sync * /add",
    "psql -h db01 -U etl -w -f load.sql",
    "mysql -u app -P 3306 -h db01",
    "Send, {Tab}{Tab}{Enter}",
    "STRIPE_SECRET_KEY=sk_live_<your-key-here>",
    f"lab.example. 3600 IN DNSKEY 257 3 13 {_PUB}",
    f"untrusted comment: signature from minisign secret key\n{_SIG}",
    '{"encrypted_data": "Q2l3dGV4dC1ib2R5LWhlcmU=", "iv": "c0ffee1234567890", "auth_tag": "Zm9vYmFyYmF6cXV4MTIzNA==",'
    ' "cipher": "aes-256-gcm"}',
    'creds = Credentials(Path.userHome / ".sbt" / ".credentials")',
])
def test_round25_look_alikes_are_left_alone(text: str) -> None:
    assert redact(text)[0] == text


def test_rules_version_raised_for_round25_classes() -> None:
    from mnemon.safety import redact as redact_module

    assert redact_module.RULES_VERSION >= 19  # stored memories are redacted again with these rules
