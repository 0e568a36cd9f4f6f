"""Rounds 21 and 22's classes (redaction rules 16): published constants, unsigned JWTs, base64 of ordinary content,
ids in headers, committed ciphertext and verifiers stay (mnemon.safety.secretknown); the same shapes a user could
paste of their own stay redacted; and credentials handed to tools, functions and people in new forms are redacted
(mnemon.safety.secrettools). Every line here is made up; each fails on the rules before 16."""

from __future__ import annotations

import base64
import json

import pytest

from mnemon.safety.redact import RULES_VERSION, redact


def _b64url(data: dict[str, object]) -> str:
    return base64.urlsafe_b64encode(json.dumps(data).encode()).rstrip(b"=").decode()


KEPT = [
    "X25519_PRIVATE_KEY=5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb  # RFC 7748 Bob",
    "AES_KEY=603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
    "storage emulator: AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==",
    "STRIPE_SECRET_KEY=sk_test_4eC39HqLyjWDarjtT1zdp7dc",
    "FIREBIRD_PASSWORD=masterkey",
    f"demo login returns {_b64url({'alg': 'none', 'typ': 'JWT'})}.{_b64url({'sub': 'guest', 'scope': 'read'})}.",
    "Set-Cookie: view=" + base64.b64encode(b"cols=4;sort=desc;lang=nl").decode() + "; Path=/",
    "consumer record key=" + base64.b64encode(json.dumps({"region": "apac", "batch": 77}).encode()).decode(),
    "Sec-WebSocket-Key: " + base64.b64encode(b"resized by the image worker").decode(),
    "body: " + base64.b64encode(b"\x00\x00\x00\x00\x1a\x0a\x0binvoice-api\x12\x09nl-north1\x18\x02").decode(),
    "x-transfer-uploadid: AKq8Zr2Lm5Xv1Nc7Tb4Jd6Oe9Pw3Ys0Ha2Uf8Gi4Vk6Bl1Rt7Ws-Qm7Zr2Lw9P_xVt4Kn8",
    "References: <CAKq8Zr2Lm5Xv1Nc7Tb4Jd6Oe9Pw3Ys0Ha2Uf8+Gi4Vk6Bl1Rt@mail.example.net>",
    "ETag: W/\"3f9a-Lm4Xq8Rz2Wn6Vb0Tc5Hd1Ks7Jf\"",
    "enable secret 8 $8$Zq8Rn2Wm5Xv1Kc$Lp2Zx9Vb7Nm1Qw3Er5Ty8Ui0Op4As6Df2Gh4Jk6Lz8Xc",
    "  encryptedData:\n    token: AgB" + "Kq8Zr2Lm5Xv1Nc7Tb4Jd6Oe9Pw3Ys0Ha" * 4,
]

GUARDS = [  # the policy: what a user could paste of their own stays redacted (these held before rules 16 too)
    ("my own RFC-style test key for prod: Kq8Zr2Lm5Xv1Nc7Tb4Jd6Oe9Pw3Ys0Ha2Uf8Gi4", "Kq8Zr2Lm5Xv1Nc7Tb4Jd6Oe9Pw3Ys0Ha2Uf8Gi4"),
    (f"mock login: {_b64url({'alg': 'HS256'})}.{_b64url({'sub': 'ops'})}.Wq3Er5Ty8Ui0Op4As6Df2Gh4Jk6Lz8XcVb1Nm3Qw5E",
     "Wq3Er5Ty8Ui0Op4As6Df2Gh4Jk6Lz8XcVb1Nm3Qw5E"),
    ("data:\n  password: " + base64.b64encode(b"Vb7!Nm1Qw3Er5Ty").decode(), base64.b64encode(b"Vb7!Nm1Qw3Er5Ty").decode()),
    ("X-Session-Id: Qm7Zr2Lw9PxVt4Kn8Bc1Hd6Fs3Jg5Ya0Ue2Wi7Oo", "Qm7Zr2Lw9PxVt4Kn8Bc1Hd6Fs3Jg5Ya0Ue2Wi7Oo"),
]

REDACTED = [
    ("rar x -hpQwErTyUiOpAs backup.rar", "QwErTyUiOpAs"),
    ("zip -P LkJhGfDsAzXc -r out.zip data/", "LkJhGfDsAzXc"),
    ('schtasks /Create /TN sync /TR C:\\s.cmd /SC DAILY /RU LAB\\svc /RP "Qa-Ws#Ed4rFv"', "Qa-Ws#Ed4rFv"),
    ("db2 connect to LEDGER user ledg using +-*Pl9Ok8Ij7", "+-*Pl9Ok8Ij7"),
    ("SELECT AES_ENCRYPT(note, '9a8b7c6d5e4f30211a2b3c4d5e6f7081') FROM memo;", "9a8b7c6d5e4f30211a2b3c4d5e6f7081"),
    ("SELECT pgp_sym_decrypt(body, 'Rf4Tg5Yh6Uj7Ik8Ol9') FROM t;", "Rf4Tg5Yh6Uj7Ik8Ol9"),
    ("SELECT DECRYPTBYPASSPHRASE('Zx8Cv7Bn6Mm5', blob) FROM t;", "Zx8Cv7Bn6Mm5"),
    ("go get https://9f8e7d6c5b4a39281706f5e4d3c2b1a098765432:x-oauth-basic@git.example.com/x/y",
     "9f8e7d6c5b4a39281706f5e4d3c2b1a098765432"),
    ('{"code": "hdr = {\\"Authorization\\": \\"Token 0a9b8c7d6e5f40312a3b4c5d6e7f8091a2b3c4d5\\"}"}',
     "0a9b8c7d6e5f40312a3b4c5d6e7f8091a2b3c4d5"),
    ("contrasena_correo: qWe_rtyUio_p", "qWe_rtyUio_p"),
    ("அஞ்சல் கடவுச்சொல் ^*kkLPq.WE7kkR யாரிடமும் சொல்லாதே", "^*kkLPq.WE7kkR"),
    ("ಮೇಲ್ ಪಾಸ್\u200cವರ್ಡ್: .PlnzKRYkOVmxc", ".PlnzKRYkOVmxc"),
    ("the second half of the key is qWM33kUEDimWQ7mf7FxLaC", "qWM33kUEDimWQ7mf7FxLaC"),
    ("portal app: application secret lm4xq8rz2wn6vb0tc5hd1ks7jf3gp9ya", "lm4xq8rz2wn6vb0tc5hd1ks7jf3gp9ya"),
]


@pytest.mark.parametrize(("line", "value"), GUARDS)
def test_what_a_user_could_paste_stays_redacted(line: str, value: str) -> None:
    assert value not in redact(line)[0]


@pytest.mark.parametrize("line", KEPT)
def test_provably_public_values_stay(line: str) -> None:
    assert redact(line)[0] == line


@pytest.mark.parametrize(("line", "value"), REDACTED)
def test_credentials_in_new_forms_are_redacted(line: str, value: str) -> None:
    assert value not in redact(line)[0]


def test_foreign_placeholders_stay() -> None:
    for line in ("kennwort_db=HIER_EINTRAGEN", "wachtwoord_api: vul-mij-in"):
        assert redact(line)[0] == line


def test_rules_version_raised() -> None:
    assert RULES_VERSION >= 16
