"""Rules for the classes of round 27's missed secrets (family set tests/data/training/secrets_t23.txt): keys and
passwords in a tool's labelled output rows, LDAP tools' password flags, secure strings with their switches first,
credentials built by position, TLS key logs, credentials a packet tool prints as fields, Erlang cookies, passwords
inside backslash-escaped quotes, passwords said in chat in any spelling of the word, node providers' URL keys; and
the look-alikes (public certificates and keys, ciphertext a tool wrote). Examples are made up."""

from __future__ import annotations

import random

import pytest

from mnemon.safety.redact import redact

_RNG = random.Random(2727)
_HEX32 = "".join(_RNG.choice("0123456789abcdef") for _ in range(32))
_HEX64 = "".join(_RNG.choice("0123456789abcdef") for _ in range(64))
_HEX96 = "".join(_RNG.choice("0123456789abcdef") for _ in range(96))
_B64 = "".join(_RNG.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/") for _ in range(88))


@pytest.mark.parametrize(("text", "value"), [
    ("netsh wlan show profile name=Cafe key=clear\n    Key Content            : Rq8.vLm2Xz!pT", "Rq8.vLm2Xz!pT"),
    ("Network key : Wq4mZx9LpR2t", "Wq4mZx9LpR2t"),
    ("ldappasswd -x -D cn=admin,dc=ex -w 'Adm1n-Pw!x' -s 'N3w-Pw#zq7' uid=ana,dc=ex", "N3w-Pw#zq7"),
    ("ldapsearch -x -H ldap://dir.ex -D cn=ro,dc=ex -w Ro4d!nly9 -b dc=ex", "Ro4d!nly9"),
    ('Set-ADAccountPassword -Identity svc -NewPassword (ConvertTo-SecureString -AsPlainText "birch-lumen-quay-fen08" -Force)',
     "birch-lumen-quay-fen08"),
    ('credentials += Credentials("Repo Realm", "repo.ex", "ci", "cedar-vole-inlet-moss44")', "cedar-vole-inlet-moss44"),
    ('var c = new NetworkCredential("svc", "Gh7!rtYq2w", "CORP");', "Gh7!rtYq2w"),
    (f"CLIENT_HANDSHAKE_TRAFFIC_SECRET {_HEX64} {_HEX64[::-1]}", _HEX64[::-1]),
    (f"CLIENT_RANDOM {_HEX64} {_HEX96}", _HEX96),
    ("tshark -r a.pcap -Y ldap.simple -T fields -e ldap.name -e ldap.simple\ncn=svc,dc=ex\tbirch-quay-lumen-fen31",
     "birch-quay-lumen-fen31"),
    ("tshark -r b.pcap -T fields -e http.authbasic\nops:Tq7-Lm2#zXw9", "Tq7-Lm2#zXw9"),
    ("vault_rabbit_erlang_cookie: QWERTYUIOPASDFGHJKLZ", "QWERTYUIOPASDFGHJKLZ"),
    ("erl -sname a -setcookie ZXCVBNMASDFGHJKLQWER", "ZXCVBNMASDFGHJKLQWER"),
    ("$ sudo cat /var/lib/rabbitmq/.erlang.cookie\nPOIUYTREWQLKJHGFDSAM", "POIUYTREWQLKJHGFDSAM"),
    ('exec: "sh -c \\"REDIS_PASSWORD=\\\\\\"Hx8!vQ2mZr\\\\\\" redis-server\\""', "Hx8!vQ2mZr"),
    ("Sranan: A pasword fu a kantoro na Lumen.4471birch, no gi en.", "Lumen.4471birch"),
    ("Jèrriais: L'mot d'passe du routeur ch'est quay-fen-lumen-birch12.", "quay-fen-lumen-birch12"),
    ("Rusyn: Гесло до почты є Birch.9930lumen, никому го не давай.", "Birch.9930lumen"),
    (f"POLYGON_RPC=https://nd-101-202-303.p2pify.com/{_HEX32}", _HEX32),
])
def test_round27_secret_classes_are_redacted(text: str, value: str) -> None:
    out, _ = redact(text)
    assert value not in out, out


@pytest.mark.parametrize("text", [
    "Security key           : Present",
    "Key Content            : (absent)",
    "ldappasswd -x -D cn=admin,dc=ex -W -S uid=ana,dc=ex",
    "$pw = ConvertTo-SecureString -String $env:KIOSK_PW -AsPlainText -Force",
    'credentials += Credentials(Path.userHome / ".sbt" / ".credentials")',
    'var c = new NetworkCredential("svc", securePassword, "CORP");',
    "export SSLKEYLOGFILE=/tmp/keys.log",
    "tshark -r a.pcap -T fields -e ldap.name -e ldap.authentication\ncn=svc,dc=ex\tsasl",
    "erlang_cookie_path: /var/lib/rabbitmq/.erlang.cookie",
    "the admin password is in LastPass, folder Shared-Ops",
    "unzip -P <password> invoices_2024.zip",
    "config.x.mailer.password = ENV.fetch(\"SMTP_PASSWORD\")",
    "Akan (Twi): Password no wɔ 1Password mu.",
    "ETH_RPC=https://rpc.lab.example/health",
    f"<ds:X509Certificate>{_B64}</ds:X509Certificate>",
    f"Autocrypt: addr=a@ex; prefer-encrypt=mutual; keydata={_B64}",
    f"$ openssl enc -aes-256-cbc -a -in f\nU2FsdGVkX1{_B64[:60]}",
    f"  db:password:\n    secure: v1:{_B64[:16]}:{_B64[16:80]}",
    f'"password": "2.{_B64[:24]}|{_B64[24:68]}|{_B64[44:88]}"',
    f"$ systemd-creds encrypt --name=tok plain.txt -\nWhxqht{_B64}",
    f'// config/secrets/prod/prod.encrypt.public.php\nreturn "{_B64[:44]}";',
])
def test_round27_look_alikes_are_left_alone(text: str) -> None:
    assert redact(text)[0] == text


def test_rules_version_raised_for_round27_classes() -> None:
    from mnemon.safety import redact as redact_module

    assert redact_module.RULES_VERSION >= 21  # stored memories are redacted again with these rules
