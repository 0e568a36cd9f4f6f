"""The secret classes added after round 7 joined training: positional passwords of connect and login calls,
Oracle ``user/password@`` strings, hex named by a token or secret noun, a password told after a pronoun, base64
holding credential fields; and the look-alikes that must come out unchanged (id headers, password policies in
Japanese, Chinese and Korean, publishable keys). Every value is made up; each caught case leaked on the rules
before (RULES_VERSION 3), and each look-alike marked so was changed by them."""

from __future__ import annotations

import base64
import json

import pytest

from mnemon.safety import redact as redact_mod
from mnemon.safety.redact import redact

_DOCKER = base64.b64encode(json.dumps(
    {"auths": {"quay.io": {"username": "robot", "password": "Gm4!tQz8Rw2L"}}}).encode()).decode()
_ENV = base64.b64encode(b"API_TOKEN=Kx8mQ2zLw9Tp4Rv7\nREGION=us-east-2\n").decode()

CAUGHT = [
    ("PDO->__construct('mysql:host=db;dbname=x', 'app', 'Vw3#kLq9Zx7m', Array)", "Vw3#kLq9Zx7m"),
    ("$h = new PDO(\"sqlsrv:Server=sql01\", \"sa\", \"Sa!9xTq2Lm4w\");", "Sa!9xTq2Lm4w"),
    ("$c = mysqli_connect('10.1.1.5', 'crm', 'Cr7mQ!x2Lw9z');", "Cr7mQ!x2Lw9z"),
    ('DriverManager.getConnection("jdbc:mysql://m/db", "svc", "Sv4$qLz8Wm2x")', "Sv4$qLz8Wm2x"),
    ("new Sequelize('app', 'app', 'Ap9!zQx4Lm7w', { dialect: 'postgres' })", "Ap9!zQx4Lm7w"),
    ("MySQLdb.connect('db', 'ro', 'Ro5#xLq2Wz8m')", "Ro5#xLq2Wz8m"),
    ("ldap_bind($l, 'uid=svc,ou=apps', 'Ld8!qWz3Xm5k')", "Ld8!qWz3Xm5k"),
    ("s.login('bot@corp.example', 'Bt6#mQz9Lx2w')", "Bt6#mQz9Lx2w"),
    ("url=jdbc:oracle:thin:scott/Tg7.qLz2Wm9x@//ora1:1521/svc", "Tg7.qLz2Wm9x"),
    ("CONNECT system/Or4cle!x9Q@prod", "Or4cle!x9Q"),
    ('cx_Oracle.connect("hr/Hr8#kQz2Lw@db/orcl")', "Hr8#kQz2Lw"),
    ("nexmo api secret 6a0f3d9c2e7b41f8a5d0c3e9b7f2a14d", "6a0f3d9c2e7b41f8a5d0c3e9b7f2a14d"),
    ("account AC11, auth token 0d7e3a9f1c4b28e65f0a3d9c7e1b4f28", "0d7e3a9f1c4b28e65f0a3d9c7e1b4f28"),
    ("I reset the jenkins password, new one is Cedar-Falcon812#", "Cedar-Falcon812#"),
    ("the postgres password expired so I changed it to Vx8!pLq2Zm", "Vx8!pLq2Zm"),
    ("Le mot de passe a changé, le nouveau est Rq7#Lz2mWx", "Rq7#Lz2mWx"),
    (f"  .dockerconfigjson: {_DOCKER}", _DOCKER),
    (f"secrets.env.b64: {_ENV}", _ENV),
]

UNCHANGED = [
    "X-Amz-Cf-Id: UxU_D2QxzaIgosPBnF1-G7sC2WC1Ok_zSQ2sSwfPoQK_lPms43NsWr==",  # changed before
    "X-Request-Id: 7QmZ2kLx9Wv4Tp8Rb3nYc6sHd1fGj5aE",  # changed before
    "パスワードは12文字以上にしてください。",  # changed before
    "비밀번호는 10자 이상이어야 합니다.",
    'Stripe("pk_live_51Kq8mZ2kxLw4pRq8mZ2kxLw4pTz9kLw2Qm8pXq9Wm2zLd4pAbCdEf")',  # changed before
    "new PDO($dsn, $user, $pass)",
    "new PDO('mysql:host=localhost;dbname=test', 'username', 'password')",
    "uses: actions/checkout@v4",
    "I rotated the password; the new one is in the vault.",
    "eyJuYW1lIjogIm9wcy1wb3J0YWwiLCAicmVwbGljYXMiOiAzLCAicmVnaW9uIjogImV1LXdlc3QtMSJ9",
    "commit 6a0f3d9c2e7b41f8a5d0c3e9b7f2a14d0c3e9b7f",
]


@pytest.mark.parametrize(("text", "value"), CAUGHT)
def test_class_member_is_redacted(text: str, value: str) -> None:
    out, kinds = redact(text)
    assert value not in out, out
    assert kinds


@pytest.mark.parametrize("text", UNCHANGED)
def test_look_alike_is_unchanged(text: str) -> None:
    assert redact(text)[0] == text


def test_a_secret_id_is_no_id_field() -> None:
    """Only request and trace ids are spared: a field naming a secret's id keeps its generated value redacted."""
    assert "Ab3dE9fG1hJ2kL4mN6pQ8rS0tUxyz9" not in redact("secret_id: Ab3dE9fG1hJ2kL4mN6pQ8rS0tUxyz9")[0]
    assert "Ab3dE9fG1hJ2kL4mN6pQ8rS0tUxyz9" not in redact("X-Session-Id: Ab3dE9fG1hJ2kL4mN6pQ8rS0tUxyz9")[0]


def test_klaviyo_private_key_is_not_publishable() -> None:
    assert "adca1990a2a69a58680ba5d51da60d58" not in redact("pk_adca1990a2a69a58680ba5d51da60d58 private key")[0]


def test_rules_version_raised_with_these_classes() -> None:
    assert redact_mod.RULES_VERSION >= 4
