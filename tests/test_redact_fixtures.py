"""The secret classes added after round 10 joined training (redaction RULES_VERSION 7): userinfo with no scheme
(Go's MySQL DSN ``user:pw@tcp(...)``, ``user:pw@host:port``: mnemon.safety.secretcalls), keys inside escaped
JSON strings (``{\\"password\\":\\"...\\"}``: redact's assignments), an environment variable's name, a blank and its
issued value (``TWILIO_AUTH_TOKEN 4b33...``: secretoutput); and the look-alikes that must come out unchanged:
masked values showing a few characters (``sk-proj-****Xk9A``: secretwords), passwords said to live in a password
manager or followed by the possessive の (secretprose), word-like fixtures in test code (``"password":
"wrong"`` under ``def test_...``, ``mock_token = "test-token"``: mnemon.safety.secretfixtures), and
generated-looking identifiers named by the public object they identify (a Vault token accessor, a Sentry issue,
a playlist, a short-link slug: entropy.labelled_id). Every value is
made up; each caught case leaked on the rules before (RULES_VERSION 6) unless marked, and each look-alike marked
"changed before" was changed by them (the others guard the new rules' edges)."""

from __future__ import annotations

import pytest

from mnemon.safety import redact as redact_mod
from mnemon.safety import secretfixtures
from mnemon.safety.redact import redact

CAUGHT = [
    ('conn, err := sql.Open("mysql", "ledger:Vq7xL2pR9mZt4Kw@tcp(10.1.2.3:3306)/ledger")', "Vq7xL2pR9mZt4Kw"),
    ("MYSQL_DSN=etl:amber-Quill#2290@unix(/tmp/mysql.sock)/warehouse", "amber-Quill#2290"),
    ('url = "metrics:Hz8pQ2mLx7Vr@pg-replica.internal:5432/metrics"', "Hz8pQ2mLx7Vr"),
    ('"SecretString": "{\\"user\\":\\"etl\\",\\"password\\":\\"Rk7mQ2xLp9Zv\\"}"', "Rk7mQ2xLp9Zv"),
    ('{"payload": "{\\"api_key\\":\\"Tw8xQ2mLp7Rz4Vk9\\"}"}', "Tw8xQ2mLp7Rz4Vk9"),
    ("POSTMARK_SERVER_TOKEN 3c9e1a7b5d2f8e4a6c0b9d1e7f3a5c2b", "3c9e1a7b5d2f8e4a6c0b9d1e7f3a5c2b"),
    ("HOME /root\nCLIENT_SECRET Xq7pL2mZr9Vt4Kw8Bn\nPATH /usr/bin", "Xq7pL2mZr9Vt4Kw8Bn"),
    ("| RESEND_API_KEY | Lm8xQ2pVz7Rk4Tw9Yb |", "Lm8xQ2pVz7Rk4Tw9Yb"),
    # a generated value in a test is still a secret (caught before too: it guards the fixture rule's edge)
    ('def test_upload():\n    s3 = Client(secret_key="Qz8mL2pXv7Rt4Kw9Bn3Y")', "Qz8mL2pXv7Rt4Kw9Bn3Y"),
]

UNCHANGED = [
    "OPENAI_API_KEY=sk-proj-******************************Rt5Z",  # changed before
    "STRIPE_SECRET_KEY=sk_live_•••••••••••••••9c1d",  # changed before
    "SLACK_BOT_TOKEN=xoxb-****-****-**********Vq2m",  # changed before
    "password: ****9921",
    "パスワードは1Passwordの開発ボルトにあります。",  # changed before
    "The root password is in Bitwarden under Infra.",
    'def test_login_fails(client):\n    r = client.post("/login", data={"password": "nope"})\n    assert r.status_code == 401',  # changed before
    'assert verify_password("opensesame") is False',
    'mock_token = "fake-token"',  # changed before
    'fake_password = "not-the-real-one"',  # changed before
    'dsn := "app:${DB_PASS}@tcp(db:3306)/app"',
    "git@github.com:acme/infra.git",
    "Standup at 09:15@the-usual-room.",
    '"SecretString": "{\\"password\\":\\"${DB_PASSWORD}\\"}"',
    "GITHUB_TOKEN is injected by the runner.",
    "API_TOKEN_TTL 86400",
    "STRIPE_SECRET_KEY ${{ secrets.STRIPE_SECRET_KEY }}",
    # generated-looking identifiers named by the public object they identify (changed before, but the Sentry one)
    '$ vault token lookup -format=json | jq .data.accessor\n"Tq9vL2pX7mRzWk4B8nY3cH6d"',
    "token accessor: Lp3xR8mQz2LwVt9K4bN7yC6d",
    "Sentry issue CHECKOUT-WEB-9RZ2MQ7XLB4TK8VW first seen yesterday",
    "playlist PLz8Qm2LpVx9Rk4Tw7Yb3NcH6dFq1sJ0aE",
    "Vb7xQ2mLp9Zr4Tk8Wn3YcH6d is the short-link slug for the launch post",
]


CAUGHT += [
    # a secret word between the object's name and the value keeps it a secret
    ("playlist sync token Zq8mL2pXv7Rt4Kw9Bn3YcH6d", "Zq8mL2pXv7Rt4Kw9Bn3YcH6d"),
    ("the order webhook secret is Hq8vL2mXz7Rp4Tk9Wb3NcY6d", "Hq8vL2mXz7Rp4Tk9Wb3NcY6d"),
]


@pytest.mark.parametrize(("text", "value"), CAUGHT)
def test_class_member_is_redacted(text: str, value: str) -> None:
    out, kinds = redact(text)
    assert value not in out, out
    assert kinds


@pytest.mark.parametrize("text", UNCHANGED)
def test_look_alike_is_unchanged(text: str) -> None:
    assert redact(text)[0] == text


@pytest.mark.parametrize(("text", "value", "expected"), [
    ('def test_x():\n    pw = "hunter2"', "hunter2", True),
    ('stub_secret = "shh-secret"', "shh-secret", True),  # a stand-in's name
    ('stub_secret = "Zq8mL2pXv7Rt"', "Zq8mL2pXv7Rt", False),  # generated
    ('pw = "hunter2"', "hunter2", False),  # not test code
    ('def test_x():\n    pw = "Hunter2!x"', "Hunter2!x", False),  # not word-like
    ('\n\n\n\n\ndef test_x():\n    pass\n\n\n\n\npw = "hunter2"', "hunter2", False),  # the test is too far above
])
def test_fixture(text: str, value: str, expected: bool) -> None:
    start = text.rindex(value)
    assert secretfixtures.fixture(text, start, start + len(value)) is expected


def test_rules_version_raised_with_these_classes() -> None:
    assert redact_mod.RULES_VERSION >= 7
